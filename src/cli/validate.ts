/** `ludex validate FILE...`: compiles each description and reports `FILE: ok` or its diagnostics. */
import type { Command } from "commander";
import { CliError, examples, out, withGameOptions } from "./common.js";

export function registerValidate(program: Command): void {
  const cmd = program
    .command("validate")
    .description("check game descriptions: prints 'FILE: ok' or every diagnostic (exit 1 if any file is invalid)")
    .argument("<file...>", "description files (.game)");
  withGameOptions(cmd);
  examples(cmd, ["ludex validate games/NAME.game", "ludex validate games/*.game", "ludex validate games/NAME.game --option NAME=VALUE"]);
  cmd.action(async (files: string[], opts: { option?: Record<string, string> }) => {
    const { compileFile } = await import("./load.js");
    let failed = 0;
    for (const file of files) {
      try {
        const c = compileFile(file, opts.option);
        for (const line of c.report) out(line);
        if (c.game) out(`${file}: ok${c.warnings ? ` (${c.warnings} warning${c.warnings > 1 ? "s" : ""})` : ""}`);
        else {
          failed++;
          out(`${file}: ${c.errors} error${c.errors > 1 ? "s" : ""}`);
        }
      } catch (e) {
        // A missing file is reported and the other files are still checked; usage errors end the run.
        if (!(e instanceof CliError) || e.exitCode !== 1) throw e;
        failed++;
        out(`${file}: ${e.message}`);
      }
    }
    if (failed) throw new CliError(files.length > 1 ? `${failed} of ${files.length} files invalid` : "");
  });
}
