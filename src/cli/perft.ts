/** `ludex perft FILE --depth N [--position pos.json]`: move sequences of N turns, the standard move generator check. */
import type { Command } from "commander";
import type { Seed } from "../engine/state/rng.js";
import { CliError, examples, integerArg, log, out, seedArg, usageError, withGameOptions } from "./common.js";
import { readPosition } from "./legal.js";

interface PerftFlags {
  depth: number;
  position?: string;
  divide?: boolean;
  decisions?: boolean;
  json?: boolean;
  seed: Seed;
  option?: Record<string, string>;
}

/** Deeper than this the counts take hours in any real game; a typo of a zero should not start one. */
const MAX_DEPTH = 12;

export function registerPerft(program: Command): void {
  const cmd = program
    .command("perft")
    .description("count the move sequences of N turns from the start or a position (compare with published counts to check a game's moves)")
    .argument("<file>", "description file (.game)")
    .requiredOption("--depth <n>", `sequence length in turns, 1 to ${MAX_DEPTH}`, integerArg(1))
    .option("--position <file>", "a JSON position to count from (as `ludex legal --position` reads it)")
    .option("--divide", "also print the count after each first move")
    .option("--decisions", "count every decision (a promotion asked after the move, a hop of a chain) as one step, not the turns")
    .option("--json", "print {depth, count, seconds, divide?} as JSON")
    .option("--seed <n>", "seed of the start position (games with random setups)", seedArg, 0);
  withGameOptions(cmd);
  examples(cmd, ["ludex perft chess --depth 4", "ludex perft chess --position kiwipete.json --depth 3 --divide"]);
  // Counting runs on a thread: a signal ends the command at once (counts of a part mean nothing).
  cmd.action(async (file: string, opts: PerftFlags) => {
    if (opts.depth > MAX_DEPTH) throw usageError(`--depth ${opts.depth}: at most ${MAX_DEPTH}`);
    const { runOnThread } = await import("./on-thread.js");
    if (!(await runOnThread("perft", [file, opts]))) return;
    if (opts.json) out(JSON.stringify({ depth: opts.depth, interrupted: true }));
    throw new CliError("interrupted before the count was done", 130);
  });
}

/** What `ludex perft` prints (run on a task thread). */
export async function countPerft(file: string, opts: PerftFlags): Promise<void> {
  const { loadGameFile } = await import("./load.js");
  const { Perft } = await import("../engine/play/perft.js");
  const game = loadGameFile(file, opts.option);
  const s = opts.position ? readPosition(game, opts.position) : game.newGame({ seed: opts.seed });
  const perft = new Perft(game, { decisions: opts.decisions });
  const t0 = performance.now();
  const divide = opts.divide ? perft.divide(s, opts.depth) : undefined;
  const count = divide ? divide.reduce((a, d) => a + d.count, 0) : perft.count(s, opts.depth);
  const seconds = (performance.now() - t0) / 1000;
  if (opts.json) {
    out(JSON.stringify({ depth: opts.depth, count, seconds: Number(seconds.toFixed(3)), ...(divide ? { divide } : {}) }));
    return;
  }
  for (const d of divide ?? []) out(`${d.move}  ${d.count}`);
  out(String(count));
  log(`perft ${opts.depth}: ${count} sequences in ${seconds.toFixed(2)} s`);
}
