/** The installed package's version, for records and `--version`. */
import { readFileSync } from "node:fs";

let cached: string | undefined;

export function ludexVersion(): string {
  if (cached === undefined) {
    try {
      cached = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: string }).version ?? "0.0.0";
    } catch {
      cached = "0.0.0";
    }
  }
  return cached;
}
