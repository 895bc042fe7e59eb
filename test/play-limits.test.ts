/**
 * Play that meets the state's limits stops with an error naming the rule and the position, never
 * a wrapped number or a machine out of memory; every state play reaches before that saves and
 * loads as a position. Play is driven adversarially (always the move that grows what overflows
 * fastest), not only at random.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Game } from "../src/engine/play/game.js";
import { loadPosition, toPosition } from "../src/engine/state/position.js";
import { big, PlayLimitError } from "../src/engine/play/play-limit.js";
import type { State } from "../src/engine/state/state.js";
import { MAX_EXACT, MAX_HEIGHT, MAX_MOVES_PER_POSITION } from "../src/limits.js";
import { compileGame } from "../src/compile/index.js";
import { build, text } from "./support/games.js";
import { ludex, noStackTrace, tempFile } from "./support/cli.js";
import { seededChooser } from "./support/random.js";

/** Saves `s` as a position and loads it back: the same position, the same hash (what legal moves depend on). */
function roundTrips(g: Game, s: State): void {
  const saved = JSON.parse(JSON.stringify(toPosition(g, s)));
  const back = loadPosition(g, saved);
  expect(toPosition(g, back)).toEqual(saved);
  expect(g.hash(back)).toBe(g.hash(s));
}

/** The error play stops with when `run` passes a limit (failing the test if it does not). */
function limitOf(run: () => unknown): PlayLimitError {
  try {
    run();
  } catch (e) {
    if (e instanceof PlayLimitError) return e;
    throw e;
  }
  throw new Error("play passed the limit without an error");
}

/**
 * Plays `g` from its start, always the legal move `worth` values most, checking that every state
 * reached round-trips as a position, until a move throws; returns that error and the last state.
 */
function playUntilLimit(g: Game, worth: (s: State, from: number, to: number) => number, maxPlies: number): { error: PlayLimitError; last: State; plies: number } {
  const s = g.newGame({ seed: 1 });
  for (let plies = 0; plies < maxPlies; plies++) {
    // The engine's own move rows: every legal move, read without making a Move object of each.
    const buf = g.generate(s);
    expect(buf.size).toBeGreaterThan(0);
    let best = 0, bestWorth = -Infinity;
    for (let row = 0; row < buf.size; row++) {
      const w = worth(s, buf.from[row]!, buf.to[row]!);
      if (w > bestWorth) [best, bestWorth] = [row, w];
    }
    const before = s.clone();
    try {
      g.applyRow(s, buf, best);
    } catch (e) {
      if (!(e instanceof PlayLimitError)) throw e;
      roundTrips(g, before);
      return { error: e, last: before, plies };
    }
    if (plies % 50 === 0) roundTrips(g, s);
  }
  throw new Error(`no limit met in ${maxPlies} plies`);
}

describe("no silent overflow in play", () => {
  // 33 x 33 = 1,089 stacks of a million: more than the 1,073 a stack can hold (the 50 x 50 board only takes longer).
  it("stacks merging on a 33 x 33 board of million-high stacks stop at the height a stack holds, naming the rule and the position", () => {
    const g = build({
      players: 1,
      board: "(square 33 33)",
      start: "(place man P1 all height:1000000)",
      play: "(slide take:all to:(friend to))",
    });
    // The adversary always makes the highest stack it can.
    const { error, last, plies } = playUntilLimit(g, (s, from, to) => s.height[from]! + s.height[to]!, 2000);
    const highest = Math.max(...last.height);
    expect(highest).toBeLessThanOrEqual(MAX_HEIGHT);
    expect(highest + 1_000_000).toBeGreaterThan(MAX_HEIGHT);
    expect(plies).toBe(Math.floor(MAX_HEIGHT / 1_000_000) - 1);
    expect(error.rule).toMatch(/^\(slide \.\.\.\) at t\.game:\d+:\d+$/);
    expect(error.message).toMatch(/would stack 1,07\d,\d{3},\d{3} pieces on [a-z]+\d+, above the 1,073,741,823 a stack may hold \(turn \d+, P1 to move\)/);
    // The position play reached before the limit is one `show --position` accepts.
    roundTrips(g, last);
  });

  const exact: [string, string, string, RegExp][] = [
    ["a counter doubled every turn", "(counter v)", "(counter-set v (+ (* (counter v) 2) 1))", /counter 'v'/],
    ["a counter added to itself", "(counter v)", "(counter-add v (+ (counter v) 1))", /counter 'v'/],
    ["a score doubled every turn", "", "(add-score mover (+ (score mover) 1))", /P\d's score/],
    ["a supply without a total doubled every turn", "", "(add-supply mover (+ (supply mover) 1))", /P\d's supply/],
  ];
  it.each(exact)("%s stops before it leaves the whole numbers held exactly", (_, items, effect, what) => {
    const g = build({ items, play: `(select to:(empty to) then:{${effect}})` });
    const { error, last, plies } = playUntilLimit(g, () => 0, 200);
    expect(plies).toBeGreaterThan(40);
    expect(error.message).toMatch(what);
    expect(error.message).toMatch(/beyond the whole numbers held exactly \(9,007,199,254,740,991 either way\)/);
    expect(error.rule).toMatch(/^\(\S+ \.\.\.\) at t\.game:\d+:\d+$/);
    for (const v of [...last.counters, ...last.score, ...last.supply]) expect(Math.abs(v)).toBeLessThanOrEqual(MAX_EXACT);
  });

  it("a position accepts every height and supply play can reach, and refuses one beyond", () => {
    const g = build({ players: 1, board: "(square 2 1)", play: "(slide take:all to:(friend to))" });
    const high = loadPosition(g, { sites: { a1: { piece: "man", owner: "P1", height: MAX_HEIGHT } } });
    expect(high.height[0]).toBe(MAX_HEIGHT);
    expect(() => loadPosition(g, { sites: { a1: { piece: "man", owner: "P1", height: MAX_HEIGHT + 1 } } })).toThrow(/height: must be a whole number from 1 to 1073741823/);
    const rich = loadPosition(g, { supply: { P1: MAX_EXACT } });
    expect(rich.supply[0]).toBe(MAX_EXACT);
  });
});

describe("bounded play: one position's moves and search", () => {
  const lattice = (chain: string) => `(game "Lattice"
  (players 2)
  (equipment {(board (square 9 9)) (piece man)
              (region landings (intersection (union (columns a a) (columns c c) (columns e e) (columns g g) (columns i i))
                                             (union (rows 1 1) (rows 3 3) (rows 5 5) (rows 7 7) (rows 9 9))))})
  (rules
    (start {(place man P1 a1) (place man P2 (difference all landings))})
    (play (jump over:(occupied over) chain:${chain}))
    (end {(if (no-moves mover) (lose mover))})))`;

  it.each(["may", "must"])("jump chain:%s over a 9 x 9 lattice stops with an error instead of exhausting memory", (chain) => {
    const g = build(lattice(chain));
    const s = g.newGame({ seed: 1 });
    const before = JSON.stringify(s.toJSON());
    const e = limitOf(() => g.legalMoves(s));
    expect(e.rule).toMatch(/^\(jump \.\.\.\) at t\.game:8:11$/);
    expect(e.message).toMatch(/would give one position('s moves)? more than [\d,]+ (moves|path and capture sites)/);
    expect(e.position).toBe("turn 1, P1 to move");
    // The search put back every piece it lifted: the state is as it was.
    expect(JSON.stringify(s.toJSON())).toBe(before);
  });

  it("fly on a 200 x 200 board with a row of pieces passes the move limit: validate warns, play stops", () => {
    const src = `(game "Fly" (players 2)
  (equipment {(board (square 200 200)) (piece man)})
  (rules (start {(place man P1 (rows 1 1)) (place man P2 (rows 200 200))})
    (play (fly))
    (end {(if (no-moves mover) (lose mover))})))`;
    const r = compileGame(src, { file: "fly.game" });
    const w = r.diagnostics.filter((d) => d.code === "W002");
    expect(w).toHaveLength(1);
    expect(w[0]!.message).toMatch(/this \(fly \.\.\.\) can give one position up to 7,999,800 moves \(200 pieces to any of 39,999 sites\); play stops with an error beyond 1,000,000/);
    expect(w[0]!.span?.line).toBe(4);
    const e = limitOf(() => r.game!.legalMoves(r.game!.newGame({ seed: 1 })));
    expect(e.message).toContain(`more than 1,000,000 moves`);
    expect(e.rule).toMatch(/^\(fly \.\.\.\) at fly\.game:4:11$/);
  });

  it("part of a million-high stack sliding passes the move limit: validate warns, play stops", () => {
    const r = compileGame(text({ start: "(place man P1 b2 height:1000000) (place man P2 a1)", play: "(slide take:part to:(empty to))" }), { file: "t.game" });
    expect(r.diagnostics.filter((d) => d.code === "W002").map((d) => d.message)).toEqual([
      "this (slide ...) can give one position up to 32,000,000 moves (1 stack in 4 directions up to 8 sites, each part of a stack up to 1,000,000 high); play stops with an error beyond 1,000,000",
    ]);
    const g = r.game!;
    const e = limitOf(() => g.legalMoves(g.newGame({ seed: 1 })));
    expect(e.message).toContain(`more than ${MAX_MOVES_PER_POSITION.toLocaleString("en-US")} moves`);
  });

  it("no game of the library is warned about", async () => {
    const { readdirSync } = await import("node:fs");
    for (const f of readdirSync("games").filter((n) => n.endsWith(".game"))) {
      const r = compileGame(readFileSync(`games/${f}`, "utf8"), { file: `games/${f}` });
      expect(r.diagnostics.filter((d) => d.severity === "warning"), f).toEqual([]);
    }
  });
});

describe("the CLI stops at a play limit with a message, keeping the game", () => {
  it("legal on the lattice: exit 1, the rule and the position, no stack trace", async () => {
    const file = tempFile("lattice.game", `(game "Lattice" (players 2)
  (equipment {(board (square 9 9)) (piece man)
    (region landings (intersection (union (columns a a) (columns c c) (columns e e) (columns g g) (columns i i)) (union (rows 1 1) (rows 3 3) (rows 5 5) (rows 7 7) (rows 9 9))))})
  (rules (start {(place man P1 a1) (place man P2 (difference all landings))})
    (play (jump over:(occupied over) chain:may))
    (end {(if (no-moves mover) (lose mover))})))`);
    const r = await ludex(["legal", file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^ludex: \(jump \.\.\.\) at \S*lattice\.game:5:11 would give one position/m);
    expect(r.stderr).toContain("(turn 1, P1 to move)");
    noStackTrace(r);
  });

  it("play between agents saves the record unfinished, with the limit as its reason, and exits 1", async () => {
    const game = tempFile("doubling.game", `(game "Doubling" (players 2)
  (equipment {(board (square 3 3)) (piece man) (counter v)})
  (rules (start {}) (play (select to:(empty to) then:{(counter-set v (+ (* (counter v) 2) 1))})) (end {})))`);
    const rec = tempFile("doubling.json", "");
    const r = await ludex(["play", game, "--p1", "random", "--p2", "random", "--seed", "3", "--save", rec]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ludex: \(counter-set \.\.\.\) at \S*doubling\.game:3:\d+ would make counter 'v' [\d,]+, beyond the whole numbers held exactly/);
    noStackTrace(r);
    const saved = JSON.parse(readFileSync(rec, "utf8"));
    expect(saved.result.status).toBe("unfinished");
    expect(saved.result.reason).toMatch(/counter 'v'/);
    expect(saved.moves).toHaveLength(53);
  });
});

describe("numbers in the messages", () => {
  it("big writes a number as toLocaleString(\"en-US\") does: thousands separated, at most three decimals, rounded half away from zero", () => {
    const values = [
      0, -0, 1, -1, 999, 1000, -1000, 999_999, 1_000_000, 1_234_567, MAX_HEIGHT, MAX_MOVES_PER_POSITION, MAX_EXACT, -MAX_EXACT, 2 ** 53 + 2, 2 ** 70, 1e21, -1e21,
      Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, -Number.MIN_VALUE, 0.5, 0.1 + 0.2, 0.0005, 0.0004999, -0.0001, 1.0005, 1.2345, 0.9995, 9.9995, 999.9995, -999.9995,
      1234.5678, -1234.5678, 1e-7, 1.5e-7, 123_456_789.12345,
    ];
    for (let e = -10; e <= 25; e++) for (const d of [1, 5, 9.9995, 12345.6785]) values.push(d * 10 ** e, -d * 10 ** e, Math.round(d * 10 ** e));
    const pick = seededChooser(2024);
    // Whole numbers, decimals and halfway cases of every length, and doubles from random bit patterns (every magnitude).
    for (let i = 0; i < 1_500; i++) {
      const whole = pick(2 ** 30) * 2 ** pick(40) + pick(1000);
      values.push(whole, -whole, whole / 10 ** pick(8), (pick(1_000_000) + 0.5) / 1000, -(pick(1_000_000) + 0.5) / 1000);
    }
    const f64 = new Float64Array(1), halves = new Uint16Array(f64.buffer);
    for (let i = 0; i < 6_000; i++) {
      for (let k = 0; k < 4; k++) halves[k] = pick(65536);
      if (Number.isFinite(f64[0])) values.push(f64[0]!);
    }
    for (const n of values) if (big(n) !== n.toLocaleString("en-US")) expect.fail(`big(${n}) is ${big(n)}, toLocaleString ${n.toLocaleString("en-US")}`);
    expect([big(Infinity), big(-Infinity), big(NaN)]).toEqual(["Infinity", "-Infinity", "NaN"]);
    expect([big(1234567), big(-0.0001), big(999.9995), big(1e21)]).toEqual(["1,234,567", "-0", "1,000", "1,000,000,000,000,000,000,000"]);
  });
});
