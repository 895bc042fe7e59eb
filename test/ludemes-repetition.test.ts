/**
 * Repetition: the memory of positions (engine/structures/repetition.ts) and `(repeated ...)`: positions in
 * which a turn begins, compared as boards or as situations (who is to act; in games whose rules
 * read the last move, the legal moves it leaves), within the game or within a turn; superko as a
 * `keep` filter; the memory shared by copies and kept only by games that ask; chess's threefold
 * option (the FIDE counting, en passant included); records and take-backs; and the evaluator's
 * piece values (fractions, pieces in hand).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { pieceValues, worthByPlayer } from "../src/ai/evaluate.js";
import type { Game } from "../src/engine/play/game.js";
import { loadPosition } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";
import { addMove, finishRecord, newRecord, resultOf } from "../src/record/recorder.js";
import { replayRecord } from "../src/record/replay.js";
import { build, move, notations, play, playAll } from "./support/games.js";
import { fromFen } from "./support/fen.js";

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

describe("threefold repetition in chess (option threefold)", () => {
  const chess = loadGame("chess", { options: { threefold: true } });
  const plain = loadGame("chess");
  const shuffle = ["g1-f3", "g8-f6", "f3-g1", "f6-g8"];

  it("is off by default (Ludii's chess has no repetition rule): no memory is kept", () => {
    expect(plain.def.repetition).toBeNull();
    const s = plain.newGame({ seed: 1 });
    plain.playout(s, 30);
    expect(s.positions).toBeNull();
    expect(plyOfEnd(plain, plain.newGame(), [...shuffle, ...shuffle, ...shuffle]).ply).toBe(-1);
  });

  it("a knight shuffle from the start draws at decision 8: the start position for the third time (plies 0, 4, 8)", () => {
    const { ply, state } = plyOfEnd(chess, chess.newGame(), [...shuffle, ...shuffle, ...shuffle]);
    expect(ply).toBe(8);
    expect(state.returns).toEqual(new Float64Array([0, 0]));
    expect(chess.endReason(state)?.text).toBe("the same position occurred for the third time (threefold repetition)");
  });

  it("a position with an en passant capture possible is not the same as the board without it", () => {
    const start = playAll(chess, chess.newGame(), ["e2-e4", "a7-a6", "e4-e5", "d7-d5"]);
    expect(notations(chess, start)).toContain("e5xd6");
    // White to move after d7-d5 (e.p. possible), then at decisions 8 and 12 (not): only two alike;
    // Black to move after each g1-f3 (decisions 5, 9, 13): the third at decision 13.
    expect(plyOfEnd(chess, start, [...shuffle, ...shuffle, ...shuffle]).ply).toBe(13 - 4);
  });

  it("an en passant capture that is not legal (it would expose the king) makes no difference (FIDE 9.2.3)", () => {
    // After d7-d5 the e5 pawn could take only by leaving its king on a5 to the rook on h5.
    const s = loadPosition(chess, fromFen("4k3/3p4/8/K3P2r/8/8/8/6N1 b - -"));
    const t = play(chess, s, "d7-d5");
    expect(notations(chess, t)).not.toContain("e5xd6");
    const cycle = ["g1-h3", "e8-f8", "h3-g1", "f8-e8"];
    // White to move at decisions 1, 5 and 9 (loaded position's decision 0 is Black's): the third at 9.
    expect(plyOfEnd(chess, t, [...cycle, ...cycle, ...cycle]).ply + 1).toBe(9);
    // With the capture legal (no rook), the position after d7-d5 is another: the third is Black's, at decision 10.
    const u = play(chess, loadPosition(chess, fromFen("4k3/3p4/8/K3P3/8/8/8/6N1 b - -")), "d7-d5");
    expect(notations(chess, u)).toContain("e5xd6");
    expect(plyOfEnd(chess, u, [...cycle, ...cycle, ...cycle]).ply + 1).toBe(10);
  });

  it("castling rights are part of the position: a king that went out and back is another position", () => {
    const s = loadPosition(chess, fromFen("4k3/8/8/8/8/8/8/4K2R w K -"));
    // Ke1-f1-e1 loses the right to castle: White to move at decisions 0 (with it), 4, 8 (without)
    // are two alike, not three; Black to move at 1, 5, 9 are three, the third at decision 9.
    const cycle = ["e1-f1", "e8-f8", "f1-e1", "f8-e8"];
    expect(plyOfEnd(chess, s, [...cycle, ...cycle, ...cycle]).ply).toBe(9);
    // Without the right to lose, the start comes back a third time at decision 8.
    const t = loadPosition(chess, fromFen("4k3/8/8/8/8/8/8/4K2R w - -"));
    expect(plyOfEnd(chess, t, [...cycle, ...cycle, ...cycle]).ply).toBe(8);
  });

  it("a promotion's second decision is not a position of the game", () => {
    const s = loadPosition(chess, fromFen("4k3/P7/8/8/8/8/8/4K3 w - -"));
    const t = play(chess, s, "a7-a8");
    expect(t.over).toBe(false);
    expect(chess.repetitions(t, false, false)).toBe(1);
    const remembered = (u: State) => {
      let n = 0;
      for (let p = u.positions; p; p = p.prev) n++;
      return n;
    };
    // The loaded position, then the one after the promotion: nothing in between.
    expect(remembered(t)).toBe(1);
    expect(remembered(play(chess, t, "a8=Q"))).toBe(2);
  });

  it("games with the option replay from their records to the same end", () => {
    let s = chess.newGame({ seed: 5 });
    const record = newRecord(chess, { seed: 5, seats: ["human", "human"] });
    for (const n of ["e2-e4", "e7-e5", ...shuffle, ...shuffle, ...shuffle]) {
      if (s.over) break;
      const m = move(chess, s, n);
      addMove(record, s.mover, m);
      s = chess.apply(s, m);
    }
    expect(s.over).toBe(true);
    finishRecord(record, chess, s);
    const replay = replayRecord(chess, record);
    expect(replay.error).toBeUndefined();
    const last = replay.states[replay.states.length - 1]!;
    expect(last.ply).toBe(s.ply);
    expect(chess.endReason(last)).toEqual(chess.endReason(s));
    expect(chess.hash(last)).toBe(chess.hash(s));
    expect(resultOf(chess, last)).toEqual(record.result);
  });

  it("the option changes nothing else: random games without a repetition are the same games", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const a = plain.newGame({ seed }), b = chess.newGame({ seed });
      plain.playout(a, 10000);
      chess.playout(b, 10000);
      if (chess.endReason(b)?.text.includes("threefold")) expect(b.ply).toBeLessThanOrEqual(a.ply);
      else {
        expect(b.ply).toBe(a.ply);
        expect(chess.endReason(b)).toEqual(plain.endReason(a));
      }
    }
  });
});

describe("piece values (the agents' material)", () => {
  it("are the value attributes as written, fractions kept; a type without one is worth 0 when others have one", () => {
    const x = loadGame("xiangqi");
    const v = pieceValues(x);
    const of = (name: string) => v[x.def.pieces.findIndex((p) => p.name === name)];
    expect([of("general"), of("advisor"), of("horse"), of("chariot"), of("cannon"), of("soldier")]).toEqual([0, 2, 4, 9, 4.5, 1]);
    const chess = loadGame("chess");
    expect(Array.from(pieceValues(chess))).toEqual([1, 3, 3, 5, 9, 0]);
    expect(Array.from(pieceValues(build({ play: "(step)" })))).toEqual([1, 1]);
  });

  it("count the pieces in hand (Shogi), as their type", () => {
    const g = loadGame("minishogi");
    const values = pieceValues(g);
    const s = loadPosition(g, {
      sites: { a1: { piece: "king", owner: "P1" }, e5: { piece: "king", owner: "P2" }, c3: { piece: "gold", owner: "P1" } },
      hands: { P1: { pawn: 2 }, P2: { rook: 1, silver: 1 } },
      mover: "P1",
    });
    const worth = worthByPlayer(g, s, values, new Float64Array(2));
    expect(Array.from(worth)).toEqual([6 + 2 * 1, 10 + 5]);
  });

  it("change no rule: the chess family's random games are those of the same descriptions without values", () => {
    for (const name of ["chess", "shogi", "minishogi", "xiangqi", "janggi", "makruk"]) {
      const g = loadGame(name);
      const text = readFileSync(g.source.file, "utf8");
      const bare = build(text.replace(/ value:[0-9.]+/g, ""), { file: g.source.file });
      expect(pieceValues(bare).every((x) => x === 1)).toBe(true);
      const a = g.newGame({ seed: 7 }), b = bare.newGame({ seed: 7 });
      g.playout(a, name === "chess" ? 10000 : 300);
      bare.playout(b, name === "chess" ? 10000 : 300);
      expect(b.ply).toBe(a.ply);
      expect(bare.hash(b)).toBe(g.hash(a));
    }
  });
});
