/**
 * Repetition: the memory of positions (engine/repetition.ts) and `(repeated ...)`: positions in
 * which a turn begins, compared as boards or as situations (who is to act; in games whose rules
 * read the last move, the legal moves it leaves), within the game or within a turn; superko as a
 * `keep` filter; the memory shared by copies, taken back with the state, serialised, and kept
 * only by games that ask.
 */
import { describe, expect, it } from "vitest";
import type { Game } from "../src/engine/game.js";
import { loadPosition } from "../src/engine/position.js";
import type { State } from "../src/engine/state.js";
import { build, notations, play, playAll } from "./support/games.js";

/** P1 has one man and steps; P2 has none and passes: boards recur with either player to act. */
const walker = (end: string, board = "(square 3 3)") => build({ board, start: "(place man P1 a1)", play: "(priority (step) (pass))", end });

/** How many times the present position has occurred, as each comparison counts it. */
const times = (g: Game, s: State) => ({ situation: g.repetitions(s, false, false), board: g.repetitions(s, true, false) });

/** Plays moves one by one until the game ends; the number of decisions made. */
function plyOfEnd(g: Game, s: State, moves: string[]): { ply: number; state: State } {
  let t = s;
  for (const [i, n] of moves.entries()) {
    t = play(g, t, n);
    if (t.over) return { ply: i + 1, state: t };
  }
  return { ply: -1, state: t };
}

describe("repeated", () => {
  it("counts the positions in which a turn began, this one included: a situation with the player to act, a board without", () => {
    const g = walker("(if (repeated 3) draw reason:\"threefold\")");
    const cycle = ["a1-a2", "pass", "a2-a1", "pass"];
    let s = g.newGame();
    expect(times(g, s)).toEqual({ situation: 1, board: 1 });
    s = playAll(g, s, ["a1-a2", "pass", "a2-a1"]);
    // a1 with P2 to act: a new situation, but the start's board.
    expect(times(g, s)).toEqual({ situation: 1, board: 2 });
    s = play(g, s, "pass");
    expect(times(g, s)).toEqual({ situation: 2, board: 3 });
    // The start situation (a1, P1 to act) for the third time at decision 8.
    expect(plyOfEnd(g, g.newGame(), [...cycle, ...cycle, ...cycle]).ply).toBe(8);
    const b = walker("(if (repeated 3 same:board) draw)");
    // The board of the start for the third time at decision 4 (decisions 0, 3 and 4).
    expect(plyOfEnd(b, b.newGame(), [...cycle, ...cycle]).ply).toBe(4);
  });

  it("is shared by copies and independent after: a copy that plays on adds its own positions", () => {
    const g = walker("(if (repeated 5) draw)");
    const s = playAll(g, g.newGame(), ["a1-a2", "pass", "a2-a1", "pass"]);
    const before = s.positions;
    const t = s.clone();
    expect(t.positions).toBe(before);
    const u = playAll(g, t, ["a1-a2", "pass", "a2-a1", "pass"]);
    expect(times(g, u).situation).toBe(3);
    expect(times(g, s).situation).toBe(2);
    expect(s.positions).toBe(before);
    // A copy overwritten in place (copyFrom) takes the other's memory.
    const w = g.newGame();
    w.copyFrom(u);
    expect(times(g, w).situation).toBe(3);
  });

  it("going back to an earlier state (a take-back) forgets the positions after it", () => {
    const g = walker("(if (repeated 3) draw)");
    const states = [g.newGame()];
    for (const n of ["a1-a2", "pass", "a2-a1", "pass", "a1-a2", "pass", "a2-a1"]) states.push(play(g, states[states.length - 1]!, n));
    // Take back the last three decisions, then play others: the situation of decision 4 is met twice, not three times.
    let s = states[4]!;
    expect(times(g, s).situation).toBe(2);
    s = playAll(g, s, ["a1-b1", "pass", "b1-a1", "pass"]);
    expect(s.over).toBe(true);
    expect(plyOfEnd(g, states[4]!, ["a1-a2", "pass", "a2-a1", "pass"]).ply).toBe(4);
  });

  it("survives serialisation: a state read back counts as the one written", () => {
    const g = walker("(if (repeated 4) draw)");
    const s = playAll(g, g.newGame(), ["a1-a2", "pass", "a2-a1", "pass", "a1-a2", "pass", "a2-a1", "pass"]);
    const back = g.deserialize(JSON.parse(JSON.stringify(g.serialize(s))));
    expect(times(g, back)).toEqual(times(g, s));
    expect(times(g, s).situation).toBe(3);
    expect(play(g, playAll(g, back, ["a1-a2", "pass", "a2-a1"]), "pass").over).toBe(true);
  });

  it("a loaded position starts the memory afresh", () => {
    const g = walker("(if (repeated 2) draw)");
    const s = loadPosition(g, { sites: { b2: { piece: "man", owner: "P1" } }, mover: "P1" });
    expect(times(g, s)).toEqual({ situation: 1, board: 1 });
    expect(plyOfEnd(g, s, ["b2-b3", "pass", "b3-b2", "pass"]).ply).toBe(4);
  });

  it("is kept only by games whose rules ask, and not for a condition known false (an option off)", () => {
    expect(walker("(if (repeated 3) draw)").def.repetition).toEqual({ everyDecision: false, lookAhead: false });
    expect(walker("(if (no-moves next) draw)").def.repetition).toBeNull();
    expect(walker("(if (and false (repeated 3)) draw)").def.repetition).toBeNull();
    expect(walker("(if (or (repeated 3) true) draw)").def.repetition).toBeNull();
    // (repeated 1) always holds: nothing to remember.
    expect(walker("(if (not (repeated 1)) draw)").def.repetition).toBeNull();
    const off = walker("(if (no-moves next) draw)");
    const s = off.newGame({ seed: 3 });
    off.playout(s, 50);
    expect(s.positions).toBeNull();
    expect(off.repetitions(s, false, false)).toBe(1);
  });

  it("superko: (keep MOVES leaving:(not (repeated 2 same:board))) forbids a move recreating an earlier board", () => {
    const src = (same: string) =>
      build({
        start: "(place man P1 a1) (place man P2 c3)",
        play: `(either (keep (step to:(empty to)) leaving:(not (repeated 2 same:${same}))) (pass))`,
        end: "",
      });
    const g = src("board");
    expect(g.def.repetition).toEqual({ everyDecision: false, lookAhead: true });
    let s = playAll(g, g.newGame(), ["a1-a2", "c3-c2", "a2-a1"]);
    // c2-c3 would make the start's board again.
    expect(notations(g, s)).toEqual(["c2-b2", "c2-c1", "pass"]);
    s = playAll(g, g.newGame(), ["a1-a2", "pass"]);
    // a2-a1 makes the start's board with P2 to act: the same board, not the same situation.
    expect(notations(g, s)).toEqual(["a2-a3", "a2-b2", "pass"]);
    const h = src("situation");
    expect(notations(h, playAll(h, h.newGame(), ["a1-a2", "pass"]))).toEqual(["a2-a1", "a2-a3", "a2-b2", "pass"]);
    expect(notations(h, playAll(h, h.newGame(), ["a1-a2", "c3-c2", "a2-a1"]))).toEqual(["c2-b2", "c2-c1", "pass"]);
  });

  it("superko on a ko: the stone just taken may not be retaken at once, only after a move elsewhere", () => {
    // A lone stone enclosed on every side by the mover's stones is taken (Go's capture of one stone).
    const g = build({
      board: "(square 4 3)",
      start: "(place man P1 (sites {b3 a2 b1})) (place man P2 (sites {c3 b2 d2 c1}))",
      play: `(either
        (keep (add piece:man prefix:"" to:(empty to) then:{(surround to target:(enemy site) hostile:(friend site) dirs:{N E S W} do:{(remove site)})})
          leaving:(not (repeated 2 same:board)))
        (pass))`,
      end: "(if (all-passed) draw)",
    });
    const s = play(g, g.newGame(), "c2");
    expect(s.owner[g.topology.labels.indexOf("b2")]).toBe(-1);
    // White's b2 would take c2 back and make the board of the start.
    expect(notations(g, s)).toEqual(["a1", "a3", "d1", "d3", "pass"]);
    // After a move elsewhere (a ko threat and its answer), the board is new: b2 is allowed.
    const t = playAll(g, s, ["d3", "a3"]);
    expect(notations(g, t)).toContain("b2");
    expect(play(g, t, "b2").owner[g.topology.labels.indexOf("c2")]).toBe(-1);
  });

  it("superko keeps random playouts uniform over the moves that pass, and every ply legal", () => {
    const g = build({
      board: "(square 2 2)",
      start: "(place man P1 a1) (place man P2 b2)",
      play: "(either (keep (step to:(empty to)) leaving:(not (repeated 2 same:board))) (pass))",
      end: "(if (>= (turn) 40) draw)",
    });
    for (let seed = 1; seed <= 20; seed++) {
      const s = g.newGame({ seed });
      const seen = new Set<string>();
      const key = (t: State) => `${t.owner.join(",")}`;
      seen.add(key(s));
      let t = s;
      while (!t.over) {
        const legal = g.legalMoves(t);
        const m = legal[(t.ply * 7 + seed) % legal.length]!;
        t = g.apply(t, m);
        if (m.notation !== "pass") {
          expect(seen.has(key(t)), `seed ${seed} ply ${t.ply}: ${m.notation} recreated a board`).toBe(false);
          seen.add(key(t));
        }
      }
      const r = g.newGame({ seed });
      g.playout(r, 200);
      expect(r.over).toBe(true);
    }
  });

  it("within:turn: a turn of several decisions may not come back to a position of its own", () => {
    const g = build({
      board: "(square 3 3)",
      start: "(place man P1 b2)",
      play: "(priority (keep (step) leaving:(not (repeated 2 same:board within:turn))) (pass))",
      rules: "turns:(turns 2)",
    });
    expect(g.def.repetition).toEqual({ everyDecision: true, lookAhead: true });
    let s = play(g, g.newGame(), "b2-b3");
    // Back to b2 would recreate the board the turn began with.
    expect(notations(g, s)).toEqual(["b3-a3", "b3-c3"]);
    s = playAll(g, s, ["b3-a3", "pass", "pass"]);
    // A new turn: b2 (the last turn's start) is allowed again, b3 too.
    expect(notations(g, s)).toEqual(["a3-a2", "a3-b3"]);
    s = play(g, s, "a3-b3");
    expect(notations(g, s)).toEqual(["b3-b2", "b3-c3"]);
  });
});
