/**
 * One game of `ludex bench --all`, on a task thread of its own (see bench-all.ts for why): a
 * warm-up, then Ludex's playouts -- alternating with the game's hand-written reference when
 * there is one -- and the figures sent back as the thread's last snapshot. A game stopped by a
 * signal sends none: its figures would be those of a shorter, colder run.
 */
import type { Game } from "../engine/play/game.js";
import { newTally } from "../engine/play/playout-tally.js";
import type { BenchAllOptions } from "./bench-all.js";
import { throughput, type GameFigures } from "./bench-report.js";
import { summarizeCompilation } from "../engine/compiled/specialize.js";
import { CliError, round } from "./common.js";
import { Interrupt } from "./interrupt.js";
import { sendSnapshot } from "./on-thread.js";
import { playOne } from "./simulate.js";

/** A hand-written reference as test/references/index.d.ts describes it. */
interface ReferencePlayer {
  winner: number;
  playout(rng: Uint32Array, maxPlies: number): number;
}
interface References {
  references: Record<string, { name: string; make(): ReferencePlayer }>;
  newRng(seed: number): Uint32Array;
}

/** The references live in the repository, not in the installed package. */
export async function loadReferences(): Promise<References> {
  const { existsSync } = await import("node:fs");
  const index = new URL("../../test/references/index.js", import.meta.url);
  if (!existsSync(index)) throw new CliError("the hand-written references are in the repository's test/references/, which this installation lacks (run from a checkout)");
  return (await import(index.href)) as References;
}

/**
 * Slices a game and its reference alternate in (L R R L L R R L), so that each sees the load of
 * the other's time: their ratio is what a loaded machine disturbs least.
 */
const SLICES = 4;

/** Warm-up playouts take seeds from here on: the measured ones start at `--seed` whatever the warm-up played, so two runs play the same games. */
const WARMUP_SEEDS = 2 ** 40;

/** What a measure of some playouts adds up to. */
interface Sum {
  playouts: number;
  plies: number;
  unfinished: number;
  cpu: number;
  elapsed: number;
}
const newSum = (): Sum => ({ playouts: 0, plies: 0, unfinished: 0, cpu: 0, elapsed: 0 });

/** `ludex bench --all`'s work for the game `name` (on its own task thread). */
export async function benchGame(name: string, opts: BenchAllOptions & { warmup: number }): Promise<void> {
  const { loadGameFile } = await import("./load.js");
  const refs = opts.references ? await loadReferences() : undefined;
  const game = loadGameFile(name);
  const interrupt = new Interrupt();

  /** Runs `one` (a playout: its plies, or -(plies + 1) when unfinished) for `seconds` into `sum`; false when stopped. */
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

  const ref = refs?.references[name];
  const player = ref?.make();
  const referenceFrom = (seed: number) => {
    const rng = refs!.newRng(seed);
    return () => referencePlayout(player!, rng, opts.maxPlies);
  };
  const mine = newSum(), theirs = newSum(), scrap = newSum();
  let going = (await measure(opts.warmup, scrap, ludexPlayout(game, WARMUP_SEEDS + opts.seed, opts.maxPlies))) && (!player || (await measure(opts.warmup, scrap, referenceFrom(WARMUP_SEEDS + opts.seed))));
  const ludex = ludexPlayout(game, opts.seed, opts.maxPlies);
  if (!player) going &&= await measure(opts.seconds, mine, ludex);
  else {
    const reference = referenceFrom(opts.seed);
    for (let i = 0; going && i < SLICES; i++) {
      const order: [Sum, () => number][] = i % 2 === 0 ? [[mine, ludex], [theirs, reference]] : [[theirs, reference], [mine, ludex]];
      for (const [sum, one] of order) going &&= await measure(opts.seconds / SLICES, sum, one);
    }
  }
  interrupt.dispose();
  if (!going) return;
  const figures: GameFigures = {
    game: name,
    title: game.name,
    options: game.def.options,
    seconds: round(mine.elapsed, 3),
    ...throughput(mine.playouts, mine.plies, mine.cpu),
    unfinished: mine.unfinished,
    rules: summarizeCompilation(game.def.compilation, game.def.generators.length),
  };
  if (ref) {
    const t = throughput(theirs.playouts, theirs.plies, theirs.cpu);
    figures.reference = { name: ref.name, ...t, ratio: round(t.playoutsPerCpuSec > 0 ? figures.playoutsPerCpuSec / t.playoutsPerCpuSec : 0, 4) };
  }
  sendSnapshot(figures);
}

/** Ludex's playouts on the fast path (as `ludex bench`), seeds counting up from `seed`; each returns its plies, or -(plies + 1) when unfinished. */
function ludexPlayout(game: Game, seed: number, maxPlies: number): () => number {
  const tally = newTally(game.playerCount);
  return () => {
    const before = tally.plies, unfinished = tally.unfinished;
    playOne(game, seed++, maxPlies, tally, false, false);
    const plies = tally.plies - before;
    return tally.unfinished > unfinished ? -(plies + 1) : plies;
  };
}

/** One reference playout; its plies, or -(plies + 1) when unfinished. */
function referencePlayout(player: ReferencePlayer, rng: Uint32Array, maxPlies: number): number {
  const plies = player.playout(rng, maxPlies);
  return player.winner === -2 ? -(plies + 1) : plies;
}
