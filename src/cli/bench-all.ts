/**
 * `ludex bench --all` / `--games` / `--references`: short playout runs of many library games, as
 * data (`ludex-bench-all/1`, bench-report.ts), optionally compared with a saved run.
 *
 * Each game runs on a task thread of its own (bench-game.ts), one after another. A thread is a
 * fresh V8 isolate: in one isolate the engine's shared code learns the shapes of every game run
 * before, and later games run slower for it (Tic-Tac-Toe measured 490,000 playouts per CPU second
 * alone, 410,000 after six other games, 250,000 after forty), so a game's figure would depend on
 * the library around it. The main thread only waits: Ctrl-C stops the game running, and the
 * games finished are reported.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { BENCH_ALL_FORMAT, finishBenchAll, type BenchAllReport, type GameFigures } from "./bench-report.js";
import { log, round } from "./common.js";
import { Interrupt } from "./interrupt.js";
import { runOnThread } from "./on-thread.js";

export interface BenchAllOptions {
  seconds: number;
  seed: number;
  maxPlies: number;
  references?: boolean;
  json?: boolean;
  out?: string;
  tolerance: number;
  failSlower?: boolean;
}

/** The names of the games that have a hand-written reference (for `--references` alone). */
export async function referenceGames(): Promise<string[]> {
  const { loadReferences } = await import("./bench-game.js");
  const refs = await loadReferences();
  return [...new Set([...Object.keys(refs.references), ...Object.keys(refs.perftReferences ?? {})])];
}

/** The checkout's commit and whether tracked files differ from it; nothing outside a git checkout. */
function commitOf(): { commit: string | null; dirty?: boolean } {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  if (!existsSync(`${root}.git`)) return { commit: null };
  const git = (...args: string[]) => execFileSync("git", ["-C", root, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 5000 }).trim();
  try {
    const commit = git("rev-parse", "HEAD");
    return git("status", "--porcelain", "--untracked-files=no") ? { commit, dirty: true } : { commit };
  } catch {
    return { commit: null };
  }
}

/** How long a stopping game's thread may take to end by itself. */
const STOP_GRACE_MS = 300;

/** Measures `names` in turn, each on a thread of its own, then reports (and compares with `saved`). */
export async function runBenchAll(names: string[], opts: BenchAllOptions, saved?: { file: string; run: BenchAllReport }): Promise<void> {
  // Each game's rules are closures of their own, optimised by V8 as they run: a short run needs a
  // warm-up of some length whatever its measure, or the first fraction of a second decides.
  const warmup = Math.min(1, Math.max(0.3, opts.seconds / 5));
  const report: BenchAllReport = {
    format: BENCH_ALL_FORMAT,
    ...commitOf(),
    node: process.version,
    date: new Date().toISOString(),
    secondsPerGame: opts.seconds,
    seed: opts.seed,
    maxPlies: opts.maxPlies,
    games: [],
  };
  log(`bench ${names.length} game(s): ${opts.seconds} s each after a ${round(warmup)} s warm-up${opts.references ? ", alternating with the hand-written references" : ""}`);
  // Held for the whole run: a signal between two games' threads stops the run too.
  const interrupt = new Interrupt();
  try {
    for (const name of names) {
      if (interrupt.stopped) break;
      let figures: GameFigures | undefined;
      const stopped = await runOnThread("bench-game", [name, { ...opts, warmup }], {
        graceMs: STOP_GRACE_MS,
        snapshot: (s) => (figures = s as GameFigures),
      });
      if (stopped || !figures) break;
      report.games.push(figures);
      const g: GameFigures = figures;
      const perft = g.perft ? `; perft ${g.perft.nodesPerCpuSec} nodes/CPU s (Ludex/reference ${g.perft.ratio})` : "";
      log(`  ${name}: ${g.playoutsPerCpuSec} playouts/CPU s${g.reference ? ` (Ludex/reference ${g.reference.ratio})` : ""}${perft}`);
    }
  } finally {
    interrupt.dispose();
  }
  finishBenchAll(report, opts, saved, interrupt.stopped);
}
