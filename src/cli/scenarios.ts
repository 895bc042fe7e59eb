/** `ludex scenarios FILE...`: runs `ludex-scenarios/1` files and reports failures. */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import type { FileResult, runScenarioFile } from "../scenario/runner.js";
import { CliError, examples, out } from "./common.js";

interface ScenarioOptions {
  games?: string;
  verbose?: boolean;
}

export function registerScenarios(program: Command): void {
  const cmd = program
    .command("scenarios")
    .description("run rules scenario files (a folder runs every .json in it); ends with 'N passed, M failed'")
    .argument("<file...>", "scenario files (ludex-scenarios/1 JSON) or folders of them")
    .option("--games <dir>", "folder of the .game descriptions (default: ./games if it exists, else the package's own)")
    .option("-v, --verbose", "also list the scenarios that pass");
  examples(cmd, ["ludex scenarios ../shared/scenarios/NAME.json", "ludex scenarios ../shared/scenarios/*.json --games games"]);
  cmd.action(async (files: string[], opts: ScenarioOptions) => {
    const { runScenarioFile } = await import("../scenario/runner.js");
    const gamesDir = resolveGamesDir(opts.games);
    let passed = 0, failed = 0, errored = 0;
    for (const file of expandFiles(files)) {
      const r = runFile(runScenarioFile, file, gamesDir);
      if (r.error !== undefined) {
        errored++;
        out(`ERROR ${file}: ${r.error}`);
      }
      for (const sc of r.results) {
        if (sc.passed) {
          passed++;
          if (opts.verbose) out(`PASS ${file} ${sc.id}`);
        } else {
          failed++;
          out(`FAIL ${file} ${sc.id}: ${sc.reason ?? "failed"}`);
        }
      }
    }
    out(`${passed} passed, ${failed} failed`);
    // The summary is the last line of stdout; the exit code alone carries the failure.
    if (failed || errored) throw new CliError("", 1);
  });
}

function runFile(run: typeof runScenarioFile, file: string, gamesDir: string): FileResult {
  try {
    return run(file, gamesDir);
  } catch (e) {
    return { file, results: [], error: `the runner failed: ${(e as Error).message}` };
  }
}

function resolveGamesDir(given: string | undefined): string {
  if (given !== undefined) {
    if (!existsSync(given) || !statSync(given).isDirectory()) throw new CliError(`games folder '${given}' does not exist`);
    return given;
  }
  const local = resolve("games");
  if (existsSync(local) && statSync(local).isDirectory()) return local;
  // dist/cli/scenarios.js -> the package's games/ folder.
  return fileURLToPath(new URL("../../games", import.meta.url));
}

/** Folders become the .json files they hold (sorted); other names are kept for the runner to report. */
function expandFiles(files: string[]): string[] {
  return files.flatMap((f) => {
    if (existsSync(f) && statSync(f).isDirectory()) {
      return readdirSync(f)
        .filter((n) => n.endsWith(".json"))
        .sort()
        .map((n) => join(f, n));
    }
    return [f];
  });
}
