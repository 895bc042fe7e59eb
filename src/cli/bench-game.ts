/**
 * One game of `ludex bench --all`, on a task thread of its own (see bench-all.ts for why): a
 * warm-up, then Ludex's playouts -- alternating with the game's hand-written reference when
 * there is one -- and, for a game with a perft reference, Ludex's perft alternating with the
 * reference's; the figures are sent back as the thread's last snapshot. A game stopped by a
 * signal sends none: its figures would be those of a shorter, colder run.
 */
import type { Game } from "../engine/play/game.js";
import { Perft } from "../engine/play/perft.js";
import { newTally } from "../engine/play/playout-tally.js";
import { loadPosition } from "../engine/state/position.js";
import type { BenchAllOptions } from "./bench-all.js";
import { throughput, type GameFigures, type PerftFigures } from "./bench-report.js";
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
/** A perft reference: its count of `depth` moves from position `i` of `positions`. */
interface PerftReference {
  name: string;
  depth: number;
  positions: { name: string; position: unknown }[];
  make(): (i: number, depth: number) => number;
}
interface References {
  references: Record<string, { name: string; make(): ReferencePlayer }>;
  perftReferences?: Record<string, PerftReference>;
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

  /** `ludex` and `reference` in slices for `seconds` in all; false when stopped. */
  const alternate = async (seconds: number, mine: Sum, ludex: () => number, theirs: Sum, reference: () => number): Promise<boolean> => {
    let going = true;
    for (let i = 0; going && i < SLICES; i++) {
      const order: [Sum, () => number][] = i % 2 === 0 ? [[mine, ludex], [theirs, reference]] : [[theirs, reference], [mine, ludex]];
      for (const [sum, one] of order) going &&= await measure(seconds / SLICES, sum, one);
    }
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
  else going &&= await alternate(opts.seconds, mine, ludex, theirs, referenceFrom(opts.seed));

  // Perft: a round counts `depth` moves from each of the reference's positions, on either side.
  const perftRef = refs?.perftReferences?.[name];
  const perftMine = newSum(), perftTheirs = newSum();
  if (going && perftRef) {
    const ludexRound = ludexPerftRound(game, perftRef), referenceRound = referencePerftRound(perftRef);
    const [a, b] = [ludexRound(), referenceRound()];
    if (a !== b) throw new CliError(`${name}: Ludex counts ${a} sequences of ${perftRef.depth} moves from the positions of '${perftRef.name}', which counts ${b}: not the same rules, no ratio to give`);
    going = (await measure(opts.warmup, scrap, ludexRound)) && (await measure(opts.warmup, scrap, referenceRound));
    going &&= await alternate(opts.seconds, perftMine, ludexRound, perftTheirs, referenceRound);
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
    rules: summarizeCompilation(game.def),
  };
  if (ref) {
    const t = throughput(theirs.playouts, theirs.plies, theirs.cpu);
    figures.reference = { name: ref.name, ...t, ratio: round(t.playoutsPerCpuSec > 0 ? figures.playoutsPerCpuSec / t.playoutsPerCpuSec : 0, 4) };
  }
  if (perftRef) figures.perft = perftFigures(perftRef, perftMine, perftTheirs);
  sendSnapshot(figures);
}

/** Ludex's count of a round: Ludex's own perft (as `ludex perft`) from each position, loaded once. */
function ludexPerftRound(game: Game, ref: PerftReference): () => number {
  const perft = new Perft(game);
  const states = ref.positions.map((p) => loadPosition(game, p.position));
  return () => {
    let nodes = 0;
    for (const s of states) nodes += perft.count(s, ref.depth);
    return nodes;
  };
}

/** The reference's count of a round. */
function referencePerftRound(ref: PerftReference): () => number {
  const count = ref.make();
  return () => {
    let nodes = 0;
    for (let i = 0; i < ref.positions.length; i++) nodes += count(i, ref.depth);
    return nodes;
  };
}

/** The perft figures of both sides (a Sum's plies are the sequences counted). */
function perftFigures(ref: PerftReference, mine: Sum, theirs: Sum): PerftFigures {
  const rate = (sum: Sum) => Math.round(sum.cpu > 0 ? sum.plies / sum.cpu : 0);
  const nodesPerCpuSec = rate(mine), referenceNodesPerCpuSec = rate(theirs);
  return {
    reference: ref.name,
    depth: ref.depth,
    positions: ref.positions.map((p) => p.name),
    nodes: mine.plies,
    cpuSeconds: round(mine.cpu, 3),
    nodesPerCpuSec,
    referenceNodes: theirs.plies,
    referenceCpuSeconds: round(theirs.cpu, 3),
    referenceNodesPerCpuSec,
    ratio: round(referenceNodesPerCpuSec > 0 ? nodesPerCpuSec / referenceNodesPerCpuSec : 0, 4),
  };
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
