/**
 * Games written as Ludii 1.3.12 plays them must be the same game: uniformly random playouts give
 * the same mean length, legal moves per decision and result split as Ludii's own, within sampling
 * error. Ludii's figures (test/ludii/reference.json) were measured with ../shared/ludii/stats.sh;
 * both sides count every decision as a move, forced passes included. A built-in game is compared
 * with the entry of the same title measured with Ludii's default options, played here with its
 * own defaults. Seeds are fixed, so the outcome is the same on every run.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";

interface LudiiEntry {
  game: string;
  options: string[];
  /** For an entry measured with Ludii options: the same variant's options here (e.g. `{"players": 3}`). */
  ludexOptions?: Record<string, string | number | boolean>;
  games: number;
  meanLength: number;
  lengthCI95: [number, number];
  meanBranching: number;
  results: Record<string, { count: number; fraction: number }>;
  /** Games sampled here when fewer than the decision budget gives (games whose decisions are costly, such as chess's filtered moves); the bounds follow. */
  ludexTestGames?: number;
  /** Games sampled in the fast playouts' comparison when not ludexTestGames (those cost less: see the entry's note). */
  ludexFastTestGames?: number;
  /** Our game's title where it is written otherwise than Ludii's (`EinStein würfelt nicht!`). */
  ludexTitle?: string;
  /** False where Ludii's branching counts moves it lists twice (Backgammon's doubles, once per die): lengths and results are compared, the lists by the game's replay. */
  compareBranching?: boolean;
  /**
   * Where Ludii lists a move more than once (Surakarta's captures, once per way round the loops) its
   * random player picks duplicated moves more often than ours, which lists each once: Ludii's
   * figures when its player picks uniformly among distinct moves (harness/LudiiStatsDistinct.java),
   * compared instead of the entry's own.
   */
  distinctMoves?: { games: number; meanLength: number; lengthCI95: [number, number]; meanBranching: number; results: Record<string, { count: number; fraction: number }> };
  /** Further samples of Ludii's, same command with other seeds: pooled with the main one (see ludiiSample). */
  otherSeeds?: { seed: number; games: number; meanLength: number; lengthCI95Half: number; meanBranching: number; results: Record<string, number> }[];
}

/**
 * Ludii's figures of an entry: its main sample, pooled with the samples of other seeds when the
 * entry lists some (a better estimate of Ludii's game than any one of them).
 */
function ludiiSample(given: LudiiEntry): { games: number; mean: number; se: number; branching: number; counts: Record<string, number> } {
  const entry: LudiiEntry = given.distinctMoves ? { ...given, ...given.distinctMoves, otherSeeds: undefined } : given;
  const mainSe = (entry.lengthCI95[1] - entry.lengthCI95[0]) / 2 / 1.96;
  const samples = [
    { games: entry.games, mean: entry.meanLength, se: mainSe, branching: entry.meanBranching, counts: Object.fromEntries(Object.entries(entry.results).map(([k, r]) => [k, r.count])) },
    ...(entry.otherSeeds ?? []).map((o) => ({
      games: o.games,
      mean: o.meanLength,
      se: o.lengthCI95Half / 1.96,
      branching: o.meanBranching,
      counts: Object.fromEntries(Object.entries(o.results).map(([k, f]) => [k, Math.round(f * o.games)])),
    })),
  ];
  const games = samples.reduce((a, s) => a + s.games, 0);
  const decisions = samples.reduce((a, s) => a + s.games * s.mean, 0);
  const counts: Record<string, number> = {};
  for (const s of samples) for (const [k, c] of Object.entries(s.counts)) counts[k] = (counts[k] ?? 0) + c;
  return {
    games,
    mean: decisions / games,
    se: Math.sqrt(samples.reduce((a, s) => a + (s.games * s.se) ** 2, 0)) / games,
    branching: samples.reduce((a, s) => a + s.games * s.mean * s.branching, 0) / decisions,
    counts,
  };
}

const root = fileURLToPath(new URL("..", import.meta.url));
const reference = JSON.parse(readFileSync(join(root, "test", "ludii", "reference.json"), "utf8")) as { entries: LudiiEntry[] };
/**
 * Games sampled per comparison: 4000, fewer for long games so that each comparison makes about
 * DECISIONS decisions (the suite stays fast); the bounds below use the sample size actually taken.
 * The fast playouts' comparison, a second look at the same game, takes half as many.
 */
const GAMES = 4000;
const DECISIONS = 20_000;
/** At least this many games, however long (Chinese Checkers' six players take some 9,000 decisions a game). */
const MIN_GAMES = 40;
const gamesFor = (entry: LudiiEntry, fast = false): number =>
  (fast ? entry.ludexFastTestGames : undefined) ??
  entry.ludexTestGames ??
  Math.max(MIN_GAMES, Math.min(GAMES, Math.floor((fast ? DECISIONS / 2 : DECISIONS) / entry.meanLength)));
/**
 * Two-sided 99.9%: the file compares some 150 figures (17 variants, two playout paths, length and
 * every result), so at 99% each one or two would miss by chance alone; a rule that differs moves a
 * figure far more (and branching, the sharpest check, must agree within 1.5%).
 */
const Z = 3.29;

/**
 * Random playouts with the engine's own seeded generator: lengths, decisions, legal moves, results.
 * `fast`: the playouts that count nothing, where the engine may draw moves without generating
 * them all (see Game.playout) -- they must be the same game too.
 */
function sample(name: string, games: number, fast = false, options: LudiiEntry["ludexOptions"] = {}) {
  const game = loadGame(name, { options });
  const lengths: number[] = [];
  /** Legal moves summed over each game's decisions. */
  const legal: number[] = [];
  const stats = { branching: 0 };
  const results: Record<string, number> = { draw: 0 };
  for (let p = 0; p < game.playerCount; p++) results[`P${p + 1}`] = 0;
  for (let seed = 1; seed <= games; seed++) {
    const s = game.newGame({ seed });
    const before = stats.branching;
    lengths.push(fast ? game.playout(s, 100_000) : game.playout(s, 100_000, stats));
    legal.push(stats.branching - before);
    // Ludii's status names the winning seat (after a swap, not the player who opened).
    const winners = game.winnerSeats(s) ?? [];
    const team = game.def.teamOf;
    if (winners.length === 1) results[`P${winners[0]! + 1}`]!++;
    // A team's win counts under the team's number, as Ludii's status gives it (P1: the team of P1 and P3).
    else if (team && winners.length > 0 && winners.every((w) => team[w] === team[winners[0]!])) results[`P${team[winners[0]!]! + 1}`]!++;
    else results.draw!++;
  }
  const plies = lengths.reduce((a, b) => a + b, 0);
  const mean = plies / games;
  const sd = Math.sqrt(lengths.reduce((a, l) => a + (l - mean) ** 2, 0) / (games - 1));
  const branching = stats.branching / plies;
  // Branching is a ratio of two sums over games: its standard error (delta method) comes from how
  // far each game's legal moves stray from branching x its length.
  const spread = legal.reduce((a, l, i) => a + (l - branching * lengths[i]!) ** 2, 0) / (games - 1);
  return { games, mean, se: sd / Math.sqrt(games), branching, branchingSe: Math.sqrt(spread / games) / mean, results };
}

/**
 * Our sample and Ludii's agree within sampling error (99.9%), and in branching within 1.5%, or within
 * sampling error where that is wider.
 */
function expectSameGame(ours: ReturnType<typeof sample>, entry: LudiiEntry, branching: boolean): void {
  const ludii = ludiiSample(entry);
  expect(Math.abs(ours.mean - ludii.mean), `length ${ours.mean} vs ${ludii.mean}`).toBeLessThanOrEqual(Z * Math.hypot(ours.se, ludii.se));
  // Branching is a ratio over ~10^5 decisions: a rule that differs moves it by far more than 1.5%. But
  // where games end far apart in length (Makruk's and Xiangqi's bare endings, played out to the turn
  // limit), the long games weigh most and their branching strays: over a few hundred games the ratio's
  // sampling error may pass 1.5%. Ludii's is taken as ours scaled to its sample (the same game).
  if (branching) {
    const se = Math.hypot(ours.branchingSe, ours.branchingSe * Math.sqrt(ours.games / ludii.games)) / ludii.branching;
    expect(Math.abs(ours.branching / ludii.branching - 1), `branching ${ours.branching} vs ${ludii.branching}`).toBeLessThanOrEqual(Math.max(0.015, Z * se));
  }
  for (const [outcome, count] of Object.entries(ludii.counts)) {
    const ourCount = ours.results[outcome] ?? 0;
    const a = ourCount / ours.games, b = count / ludii.games;
    const pooled = (ourCount + count) / (ours.games + ludii.games);
    expect(Math.abs(a - b), `${outcome}: ${a} vs ${b}`).toBeLessThanOrEqual(Z * Math.sqrt(pooled * (1 - pooled) * (1 / ours.games + 1 / ludii.games)) + 1e-9);
  }
}

const builtins = readdirSync(join(root, "games")).filter((f) => f.endsWith(".game")).map((f) => f.replace(/\.game$/, ""));
/** Each built-in game against every entry of its title: Ludii's defaults, and variants that say which options they are here. */
const compared = builtins.flatMap((name) => {
  const title = loadGame(name).name;
  return reference.entries.filter((e) => (e.ludexTitle ?? e.game) === title && (e.options.length === 0 || e.ludexOptions)).map((entry) => ({ name, entry }));
});

describe("random play matches Ludii 1.3.12's", () => {
  it("compares at least the games written from Ludii's library", () => {
    expect(compared.map((c) => c.name)).toEqual(expect.arrayContaining(["tic-tac-toe", "gomoku", "reversi"]));
  });

  for (const { name, entry } of compared) {
    const options = entry.ludexOptions ?? {};
    const label = entry.ludexOptions ? `${name} ${JSON.stringify(options)}` : name;
    it(`${label}: mean length, legal moves per decision and results agree`, () => expectSameGame(sample(name, gamesFor(entry), false, options), entry, entry.compareBranching !== false));
    it(`${label}: mean length and results agree in fast playouts too`, () => expectSameGame(sample(name, gamesFor(entry, true), true, options), entry, false));
  }
});
