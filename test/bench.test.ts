/**
 * `ludex bench --all` and its hand-written references (test/references/). Nothing here is
 * timed or asserts a speed: the CLI's figures are checked for shape, the comparison with a saved
 * run on figures far beyond any machine's noise, and the references for playing the same game as
 * Ludex -- the same distribution of lengths and results over many random playouts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { newRng, perftReferences, references } from "./references/index.js";
import { compareRuns, savedRun, type BenchAllReport } from "../src/cli/bench-report.js";
import { loadGame } from "../src/compile/index.js";
import { ludex, root, tmp } from "./support/cli.js";

const fixture = join(root, "test", "fixtures", "bench", "saved-run.json");

describe.concurrent("ludex bench --all, --games, --references", () => {
  it("measures the games named, each with its reference, as ludex-bench-all/1 JSON", async () => {
    const out = join(tmp, "run.json");
    const r = await ludex(["bench", "--games", "tic-tac-toe,konane,reversi", "--references", "--seconds", "0.05", "--json", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as BenchAllReport;
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(j);
    expect(j.format).toBe("ludex-bench-all/1");
    expect(j.node).toBe(process.version);
    expect(j.commit === null || /^[0-9a-f]{40}$/.test(j.commit)).toBe(true);
    expect(j.games.map((g) => g.game)).toEqual(["tic-tac-toe", "konane", "reversi"]);
    for (const g of j.games) {
      for (const k of ["playouts", "plies", "playoutsPerCpuSec", "pliesPerCpuSec"] as const) expect(g[k], `${g.game} ${k}`).toBeGreaterThan(0);
      expect(g.unfinished).toBe(0);
    }
    expect(j.games[1]!.options).toEqual({ size: 10 });
    for (const g of j.games.slice(0, 2)) {
      expect(g.reference?.playouts, g.game).toBeGreaterThan(0);
      expect(g.reference?.ratio, g.game).toBeGreaterThan(0);
    }
    expect(j.games[2]!.reference).toBeUndefined();
    expect(savedRun(j)).toEqual(j);
  });

  it("--references alone measures the games that have one, in a table; chess by perft nodes", async () => {
    const out = join(tmp, "references.json");
    const r = await ludex(["bench", "--references", "--seconds", "0.05", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    for (const name of Object.keys(references)) expect(r.stdout).toMatch(new RegExp(`^${name}: Ludex .* playouts/CPU s, alternating: Ludex/reference [0-9.]+`, "m"));
    for (const name of Object.keys(perftReferences)) expect(r.stdout).toMatch(new RegExp(`^${name}: Ludex .* perft nodes/CPU s .*alternating: Ludex/reference [0-9.]+`, "m"));
    const j = JSON.parse(readFileSync(out, "utf8")) as BenchAllReport;
    const chess = j.games.find((g) => g.game === "chess")!;
    expect(chess.playouts).toBeGreaterThan(0);
    expect(chess.reference).toBeUndefined();
    // Whole rounds of depth 2 from the six positions, 6,459 sequences each, on both sides.
    expect(chess.perft).toMatchObject({ depth: 2, positions: perftReferences.chess!.positions.map((p) => p.name) });
    for (const nodes of [chess.perft!.nodes, chess.perft!.referenceNodes]) expect(nodes > 0 && nodes % 6459 === 0, `${nodes}`).toBe(true);
    expect(chess.perft!.ratio).toBeGreaterThan(0);
  });

  it("--compare flags a game slower than the saved run; --fail-slower makes that exit 1", async () => {
    const args = ["bench", "--games", "tic-tac-toe,konane", "--seconds", "0.05", "--compare", fixture];
    const table = await ludex(args);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^tic-tac-toe .*SLOWER$/m);
    expect(table.stdout).not.toMatch(/^konane .*SLOWER/m);
    expect(table.stdout).toContain("1 of 2 games more than 10% slower than");
    expect(table.stdout).toContain("in the saved run, not measured now: no-longer-here");
    const failing = await ludex([...args, "--fail-slower", "--json"]);
    expect(failing.code).toBe(1);
    const c = JSON.parse(failing.stdout).comparison;
    expect(c.slower).toEqual(["tic-tac-toe"]);
    expect(c.missing).toEqual(["no-longer-here"]);
    expect(c.against.commit).toBe("0".repeat(40));
  });

  it("refuses what it cannot do (exit 2), and a file that is no saved run (exit 1)", async () => {
    expect((await ludex(["bench"])).code).toBe(2);
    expect((await ludex(["bench", "konane", "--all"])).code).toBe(2);
    expect((await ludex(["bench", "--games", "no-such-game"])).stderr).toContain("no library game 'no-such-game'");
    expect((await ludex(["bench", "--all", "--fail-slower"])).code).toBe(2);
    const nowhere = await ludex(["bench", "--all", "--out", join(tmp, "no-such-folder", "run.json")]);
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain("no folder");
    const notARun = await ludex(["bench", "--games", "konane", "--compare", join(root, "package.json")]);
    expect(notARun.code).toBe(1);
    expect(notARun.stderr).toContain("not a ludex-bench-all/1 file");
  });
});

describe("comparing runs", () => {
  const run = (figures: Record<string, number>): BenchAllReport => ({
    format: "ludex-bench-all/1",
    commit: null,
    node: "v20",
    date: "2026-11-29",
    secondsPerGame: 1,
    seed: 0,
    maxPlies: 10_000,
    games: Object.entries(figures).map(([game, rate]) => ({ game, title: game, options: {}, seconds: 1, playouts: rate, plies: rate * 10, cpuSeconds: 1, playoutsPerCpuSec: rate, pliesPerCpuSec: rate * 10, unfinished: 0 })),
  });

  it("flags a game whose saved figure is twice today's, and only games past the tolerance", () => {
    const now = run({ konane: 3000, gomoku: 40_000, reversi: 12_000 });
    const saved = run({ konane: 6000, gomoku: 44_000, reversi: 11_000 });
    const c = compareRuns(now, saved, "saved.json", 0.1);
    expect(c.slower).toEqual(["konane"]);
    expect(c.games.find((g) => g.game === "konane")!.ratio).toBe(0.5);
    expect(c.games.find((g) => g.game === "gomoku")!.slower).toBe(false); // 0.909: within 10%
  });

  it("gives the perft reference's ratio now over saved when both runs have one", () => {
    const now = run({ chess: 400 }), saved = run({ chess: 400 });
    const perft = { reference: "r", depth: 2, positions: ["start"], nodes: 1, cpuSeconds: 1, nodesPerCpuSec: 1, referenceNodes: 1, referenceCpuSeconds: 1, referenceNodesPerCpuSec: 1 };
    now.games[0]!.perft = { ...perft, ratio: 0.02 };
    expect(compareRuns(now, saved, "saved.json", 0.1).games[0]!.perftReferenceRatio).toBeUndefined();
    saved.games[0]!.perft = { ...perft, ratio: 0.01 };
    expect(compareRuns(now, saved, "saved.json", 0.1).games[0]!.perftReferenceRatio).toBe(2);
  });
});

/**
 * Each reference against Ludex over N random playouts: the mean length and the shares of P1's
 * wins, P2's wins and draws must agree within what sampling allows (Z standard errors of the
 * difference). Both sides are seeded, so a pass or a failure is repeatable.
 */
describe("the hand-written references play the library's rules", () => {
  // 5,000: enough to tell Gomoku's exact five from five-or-more by length alone (some 8 standard errors apart in this test; it allows 4.5).
  const N = 5000;
  const Z = 4.5;
  type Sample = { lengths: number[]; results: number[] };
  const stats = ({ lengths, results }: Sample) => {
    const mean = lengths.reduce((a, b) => a + b, 0) / lengths.length;
    const variance = lengths.reduce((a, b) => a + (b - mean) ** 2, 0) / (lengths.length - 1);
    const share = (r: number) => results.filter((x) => x === r).length / results.length;
    return { mean, variance, shares: [share(0), share(1), share(-1)] };
  };

  for (const name of Object.keys(references)) {
    it(`${name}: lengths and results agree with Ludex's over ${N} playouts`, () => {
      const ref = references[name]!.make();
      const rng = newRng(12345);
      const mine: Sample = { lengths: [], results: [] };
      for (let i = 0; i < N; i++) {
        mine.lengths.push(ref.playout(rng, 10_000));
        mine.results.push(ref.winner);
      }
      const game = loadGame(name);
      const theirs: Sample = { lengths: [], results: [] };
      let s = game.newGame({ seed: 0 });
      for (let i = 0; i < N; i++) {
        s = game.newGame({ seed: i, reuse: s });
        theirs.lengths.push(game.playout(s, 10_000));
        const w = game.winners(s);
        theirs.results.push(w === null ? -2 : w.length === 1 ? w[0]! : -1);
      }
      expect(mine.results).not.toContain(-2);
      expect(theirs.results).not.toContain(-2);
      const a = stats(mine), b = stats(theirs);
      const se = Math.sqrt(a.variance / N + b.variance / N);
      expect(Math.abs(a.mean - b.mean), `mean length ${a.mean} (reference) against ${b.mean} (Ludex)`).toBeLessThanOrEqual(Z * se);
      for (let k = 0; k < 3; k++) {
        const p = (a.shares[k]! + b.shares[k]!) / 2;
        const tolerance = Z * Math.sqrt((p * (1 - p) * 2) / N);
        expect(Math.abs(a.shares[k]! - b.shares[k]!), `${["P1 wins", "P2 wins", "draws"][k]}: ${a.shares[k]} against ${b.shares[k]}`).toBeLessThanOrEqual(tolerance);
      }
    });
  }
});
