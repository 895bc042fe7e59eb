/** `ludex schema`: the JSON Schema of the compiled description IR. */
import type { Command } from "commander";
import { examples, out } from "./common.js";

export function registerSchema(program: Command): void {
  const cmd = program.command("schema").description("print the JSON Schema of game descriptions (the bound IR) on stdout");
  examples(cmd, ["ludex schema > ludex.schema.json"]);
  cmd.action(async () => {
    const { generateSchema } = await import("../lang/schema.js");
    out(JSON.stringify(generateSchema(), null, 2));
  });
}
