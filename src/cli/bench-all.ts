/**
 * `ludex bench --all` / `--games` / `--references`: short playout runs of many library games in
 * one process, as data (`ludex-bench-all/1`, bench-report.ts), optionally compared with a saved
 * run. Runs on a task thread (on-thread.ts), so Ctrl-C stops it between playouts and the games
 * finished are reported.
 *
 * A game with a hand-written reference (the repository's bench/references/) is measured
 * alternately with it, in slices, so that both see the same load: their ratio is the figure a
 * loaded machine disturbs least.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Game } from "../engine/game.js";
import { newTally } from "../engine/playout-tally.js";
import { BENCH_ALL_FORMAT, finishBenchAll, throughput, type BenchAllReport, type GameFigures, type Throughput } from "./bench-report.js";
import { CliError, log, round } from "./common.js";
import { Interrupt } from "./interrupt.js";
import { playOne } from "./simulate.js";

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

/** A hand-written reference as bench/references/index.d.ts describes it. */
interface ReferencePlayer {
  winner: number;
  playout(rng: Uint32Array, maxPlies: number): number;
}
interface References {
  references: Record<string, { name: string; make(): ReferencePlayer }>;
  newRng(seed: number): Uint32Array;
}

/** The package's (or checkout's) root folder: two levels above this module. */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The references live in the repository, not in the installed package. */
export async function loadReferences(): Promise<References> {
  const index = new URL("../../bench/references/index.js", import.meta.url);
  if (!existsSync(index)) throw new CliError("the hand-written references are in the repository's bench/references/, which this installation lacks (run from a checkout)");
  return (await import(index.href)) as References;
}

/** The names of the games that have a reference (for `--references` alone). */
export async function referenceGames(): Promise<string[]> {
  return Object.keys((await loadReferences()).references);
}

/** The checkout's commit and whether files differ from it; nothing outside a git checkout. */
function commitOf(): { commit: string | null; dirty?: boolean } {
  if (!existsSync(`${ROOT}.git`)) return { commit: null };
  const git = (...args: string[]) => execFileSync("git", ["-C", ROOT, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 5000 }).trim();
  try {
    const commit = git("rev-parse", "HEAD");
    return git("status", "--porcelain", "--untracked-files=no") ? { commit, dirty: true } : { commit };
  } catch {
    return { commit: null };
  }
}

/** Slices a game and its reference alternate in (L R R L L R R L): each sees the load of the other's time. */
const SLICES = 4;

/** What a measure of some playouts adds up to. */
interface Sum {
  playouts: number;
  plies: number;
  unfinished: number;
  cpu: number;
  elapsed: number;
}
const newSum = (): Sum => ({ playouts: 0, plies: 0, unfinished: 0, cpu: 0, elapsed: 0 });

/** `ludex bench --all`'s work (on a task thread): `names` measured in turn, then the report. */
export async function runBenchAll(names: string[], opts: BenchAllOptions, saved?: { file: string; run: BenchAllReport }): Promise<void> {
  const { sendSnapshot } = await import("./on-thread.js");
  const { loadGameFile } = await import("./load.js");
  const refs = opts.references ? await loadReferences() : undefined;
  const interrupt = new Interrupt();
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
  sendSnapshot(report);
  // Each game's rules are closures of their own, compiled by V8 as they run: a short run needs a
  // warm-up of some length whatever its measure, or the first fraction of a second decides.
  const warmup = Math.min(1, Math.max(0.3, opts.seconds / 5));
  log(`bench ${names.length} game(s): ${opts.seconds} s each after a ${round(warmup)} s warm-up${refs ? ", alternating with the hand-written references" : ""}`);

  /** Runs `one` (a playout; returns its plies, -1 when unfinished) for `seconds` into `sum`; false when stopped. */
  const measure = async (seconds: number, sum: Sum, one: () => number): Promise<boolean> => {
    const cpu0 = process.cpuUsage();
    const start = performance.now();
    const end = start + seconds * 1000;
    let now = start;
    let going = true;
    do {
      const plies = one();
      sum.playouts++;
      if (plies < 0) {
        sum.unfinished++;
        sum.plies -= plies + 1;
      } else sum.plies += plies;
      now = performance.now();
      if (interrupt.due(now) && (await interrupt.pause())) going = false;
    } while (going && now < end);
    const cpu = process.cpuUsage(cpu0);
    sum.cpu += (cpu.user + cpu.system) / 1e6;
    sum.elapsed += (now - start) / 1000;
    return going;
  };

  for (const name of names) {
    if (interrupt.stopped) break;
    const game = loadGameFile(name);
    const ludex = ludexPlayout(game, opts);
    const ref = refs?.references[name];
    const player = ref?.make();
    const rng = refs?.newRng(opts.seed);
    const reference = player && rng ? () => referencePlayout(player, rng, opts.maxPlies) : undefined;
    const mine = newSum(), theirs = newSum(), scrap = newSum();
    let going = (await measure(warmup, scrap, ludex)) && (!reference || (await measure(warmup, scrap, reference)));
    if (!reference) going &&= await measure(opts.seconds, mine, ludex);
    for (let i = 0; reference && going && i < SLICES; i++) {
      const [first, second]: [Sum, () => number][] = i % 2 === 0 ? [[mine, ludex], [theirs, reference]] : [[theirs, reference], [mine, ludex]];
      going = (await measure(opts.seconds / SLICES, first[0], first[1])) && (await measure(opts.seconds / SLICES, second[0], second[1]));
    }
    // A game stopped halfway is left out: its figures would be those of a shorter, colder run.
    if (!going) break;
    const figures: GameFigures = {
      game: name,
      title: game.name,
      options: game.def.options,
      seconds: round(mine.elapsed, 3),
      ...throughput(mine.playouts, mine.plies, mine.cpu),
      unfinished: mine.unfinished,
    };
    if (ref) {
      const t: Throughput = throughput(theirs.playouts, theirs.plies, theirs.cpu);
      figures.reference = { name: ref.name, ...t, ratio: round(t.playoutsPerCpuSec > 0 ? figures.playoutsPerCpuSec / t.playoutsPerCpuSec : 0, 4) };
    }
    report.games.push(figures);
    log(`  ${name}: ${figures.playoutsPerCpuSec} playouts/CPU s${figures.reference ? ` (Ludex/reference ${figures.reference.ratio})` : ""}`);
    sendSnapshot(report);
  }
  interrupt.dispose();
  finishBenchAll(report, opts, saved, interrupt.stopped);
}

/** One Ludex playout on the fast path (as `ludex bench`); its plies, or -(plies + 1) when unfinished. */
function ludexPlayout(game: Game, opts: BenchAllOptions): () => number {
  let seed = opts.seed;
  const tally = newTally(game.playerCount);
  return () => {
    const before = tally.plies, unfinished = tally.unfinished;
    playOne(game, seed++, opts.maxPlies, tally, false, false);
    const plies = tally.plies - before;
    return tally.unfinished > unfinished ? -(plies + 1) : plies;
  };
}

/** One reference playout; its plies, or -(plies + 1) when unfinished. */
function referencePlayout(player: ReferencePlayer, rng: Uint32Array, maxPlies: number): number {
  const plies = player.playout(rng, maxPlies);
  return player.winner === -2 ? -(plies + 1) : plies;
}
