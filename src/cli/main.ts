#!/usr/bin/env node
/**
 * The `ludex` command line. Every failure ends as `ludex: <message>` on stderr with exit code 1
 * (a game or check error) or 2 (a usage error), never a stack trace (set LUDEX_DEBUG=1 for one).
 */
import "./early-signals.js";
import { Command, CommanderError } from "commander";
import { ludexVersion } from "../library/version.js";
import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from "./common.js";
import { PlayLimitError } from "../engine/play/play-limit.js";
import { heldSignalUnclaimed } from "./interrupt.js";

type Register = (program: Command) => void;

/**
 * The commands, in the order help lists them. Each module is imported only when needed: a run of
 * one command loads that command alone (its module may import engine or AI code); the full list
 * is loaded for the overall help, `ludex help ...` and a mistyped command name (for suggestions).
 */
const COMMANDS: [name: string, load: () => Promise<Register>][] = [
  ["list", async () => (await import("./library.js")).registerList],
  ["info", async () => (await import("./library.js")).registerInfo],
  ["validate", async () => (await import("./validate.js")).registerValidate],
  ["play", async () => (await import("./play.js")).registerPlay],
  ["replay", async () => (await import("./replay.js")).registerReplay],
  ["playout", async () => (await import("./simulate.js")).registerPlayout],
  ["match", async () => (await import("./match.js")).registerMatch],
  ["bench", async () => (await import("./simulate.js")).registerBench],
  ["legal", async () => (await import("./legal.js")).registerLegal],
  ["perft", async () => (await import("./perft.js")).registerPerft],
  ["show", async () => (await import("./show.js")).registerShow],
  ["scenarios", async () => (await import("./scenarios.js")).registerScenarios],
  ["schema", async () => (await import("./schema.js")).registerSchema],
  ["serve", async () => (await import("./serve.js")).registerServe],
];

/** The program for `argv` (node, script, args...): only the command it names, or all of them. */
export async function buildProgram(argv: readonly string[] = []): Promise<Command> {
  const program = new Command("ludex");
  program
    .description("Ludex: a general game system. Games are .game description files run by one engine.")
    .version(ludexVersion(), "-V, --version")
    // Settings copied to every subcommand created after this point.
    .exitOverride()
    .configureOutput({
      writeOut: (s) => process.stdout.write(s),
      writeErr: (s) => process.stderr.write(s),
      outputError: (s, write) => write(s.replace(/^error: /, "ludex: ")),
    })
    .showHelpAfterError("(add --help for usage)")
    .addHelpText(
      "after",
      "\nExamples:\n  $ ludex validate games/NAME.game\n  $ ludex play games/NAME.game --p2 random\n  $ ludex playout games/NAME.game -n 1000 --option NAME=VALUE\n  $ ludex help playout\n\nExit codes: 0 ok, 1 game or check error, 2 usage error.\n",
    );
  const named = COMMANDS.find(([name]) => name === argv[2]);
  const registers = await Promise.all((named ? [named] : COMMANDS).map(([, load]) => load()));
  for (const register of registers) register(program);
  return program;
}

/** Runs the command line; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  try {
    await (await buildProgram(argv)).parseAsync(argv);
    return EXIT_OK;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Help and version exit 0; every other commander error (already printed) is a usage error.
      return e.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    if (e instanceof CliError) {
      if (e.message) process.stderr.write(`ludex: ${e.message}\n`);
      return e.exitCode;
    }
    // A description whose play passes a limit (a stack too high, too many moves): the designer's error.
    if (e instanceof PlayLimitError) {
      process.stderr.write(`ludex: ${e.message}\n`);
      return EXIT_FAILURE;
    }
    process.stderr.write(`ludex: internal error: ${(e as Error)?.message ?? String(e)}\n`);
    if (process.env.LUDEX_DEBUG) process.stderr.write(`${(e as Error)?.stack ?? ""}\n`);
    return EXIT_FAILURE;
  }
}

// A closed pipe (`ludex legal ... | head`) ends the output quietly.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(EXIT_OK);
  process.stderr.write(`ludex: cannot write output: ${e.message}\n`);
  process.exit(EXIT_FAILURE);
});

main(process.argv).then((code) => {
  if (heldSignalUnclaimed()) {
    process.stderr.write("ludex: interrupted\n");
    process.exitCode = 130;
    return;
  }
  // A command may have set its own code (130: stopped by a signal, after reporting what it did).
  process.exitCode = code === EXIT_OK && process.exitCode ? process.exitCode : code;
});
