/**
 * Chess (games/chess.game): perft against published counts (independent of us), and each rule
 * pinned down on a position: every piece's moves, check evasion, pins, castling in, through and
 * out of check, en passant only at once, promotion choices, checkmate, stalemate and the clock;
 * and the option promotion=in-move (perft again, the promoted moves, records).
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { Perft } from "../src/engine/play/perft.js";
import { loadPosition, toPosition } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";
import { notations, play, playAll } from "./support/games.js";
import { fromFen } from "./support/fen.js";
import { readRecord } from "../src/record/format.js";
import { addMove, newRecord } from "../src/record/recorder.js";
import { loadRecordGame, replayRecord } from "../src/record/replay.js";

const chess = loadGame("games/chess.game");
const at = (fen: string): State => loadPosition(chess, fromFen(fen));
const perft = (s: State, depth: number) => new Perft(chess).count(s, depth);
/** The legal moves of the piece on `from`, by notation. */
const movesFrom = (s: State, from: string) => notations(chess, s).filter((n) => n.startsWith(from));

describe("perft: published counts", () => {
  it("from the start: 20, 400, 8,902, 197,281", () => {
    const s = chess.newGame({ seed: 1 });
    expect([1, 2, 3, 4].map((d) => perft(s, d))).toEqual([20, 400, 8902, 197281]);
  });

  it("Kiwipete (castling both ways, en passant, promotions): 48, 2,039, 97,862", () => {
    const s = at("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
    expect([1, 2, 3].map((d) => perft(s, d))).toEqual([48, 2039, 97862]);
  });

  it("position 3 (en passant and checks along the rank): 14, 191, 2,812, 43,238", () => {
    const s = at("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -");
    expect([1, 2, 3, 4].map((d) => perft(s, d))).toEqual([14, 191, 2812, 43238]);
  });

  it("position 4 (promotions, castling rights of one side): 6, 264, 9,467", () => {
    const s = at("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1");
    expect([1, 2, 3].map((d) => perft(s, d))).toEqual([6, 264, 9467]);
  });

  it("an en passant capture that would expose the king along the rank is illegal (1,134,888 at depth 6 is beyond a test; depth 3 here)", () => {
    // Sedlak's "illegal ep move #1": 3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1
    const s = at("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1");
    const t = play(chess, s, "d7-d5");
    expect(notations(chess, t)).not.toContain("c5xd6");
  });

  it("position 5: 44, 1,486, 62,379", () => {
    const s = at("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8");
    expect([1, 2, 3].map((d) => perft(s, d))).toEqual([44, 1486, 62379]);
  });
});

describe("the pieces move as chess says", () => {
  it("knights leap over anything; pawns step one or two from their rank", () => {
    const s = chess.newGame({ seed: 1 });
    expect(movesFrom(s, "b1")).toEqual(["b1-a3", "b1-c3"]);
    expect(movesFrom(s, "e2")).toEqual(["e2-e3", "e2-e4"]);
    const t = playAll(chess, s, ["e2-e3", "a7-a6"]);
    expect(movesFrom(t, "e3")).toEqual(["e3-e4"]);
  });

  it("a pawn captures diagonally forward only, and is blocked straight ahead", () => {
    const s = at("4k3/8/8/3p4/3P1p2/8/8/4K3 w - - 0 1");
    expect(movesFrom(s, "d4")).toEqual([]);
    const t = at("4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1");
    expect(movesFrom(t, "d4")).toEqual(["d4-d5", "d4xc5", "d4xe5"]);
  });
});

describe("check", () => {
  it("a king in check must get out of it: move, capture the attacker or block", () => {
    const s = at("4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1"); // d2 rook checks? no: d2 attacks d-file and 2nd rank: e1 not attacked
    expect(notations(chess, s)).toContain("a1-a8");
    const checked = at("4k3/8/8/8/8/8/8/R3K2r w - - 0 1"); // h1 rook checks along the first rank
    expect(notations(chess, checked).sort()).toEqual(["e1-d2", "e1-e2", "e1-f2"]);
  });

  it("a pinned piece may only move along the pin", () => {
    const s = at("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    expect(movesFrom(s, "e2")).toEqual([]);
    const t = at("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
    expect(movesFrom(t, "e2").sort()).toEqual(["e2-e3", "e2-e4", "e2-e5", "e2-e6", "e2xe7"]);
  });

  it("fool's mate: Black wins by checkmate", () => {
    const s = playAll(chess, chess.newGame({ seed: 1 }), ["f2-f3", "e7-e5", "g2-g4", "d8-h4"]);
    expect(s.over).toBe(true);
    expect([...s.returns]).toEqual([-1, 1]);
    expect(chess.legalMoves(s)).toEqual([]);
  });

  it("stalemate is a draw", () => {
    const s = at("7k/8/5Q2/8/8/8/8/K7 w - - 0 1");
    const t = play(chess, s, "f6-g6");
    expect(t.over).toBe(true);
    expect([...t.returns]).toEqual([0, 0]);
  });
});

describe("castling", () => {
  const base = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

  it("either way when nothing prevents it; the rook lands on the square the king crossed", () => {
    const s = at(base);
    expect(movesFrom(s, "e1")).toEqual(expect.arrayContaining(["e1-g1", "e1-c1"]));
    const t = play(chess, s, "e1-g1");
    expect(t.piece[chess.topology.labels.indexOf("f1")]).toBe(chess.def.pieces.findIndex((p) => p.name === "rook"));
    expect(t.owner[chess.topology.labels.indexOf("h1")]).toBe(-1);
    const u = play(chess, s, "e1-c1");
    expect(u.owner[chess.topology.labels.indexOf("d1")]).toBe(0);
    expect(u.owner[chess.topology.labels.indexOf("a1")]).toBe(-1);
  });

  it("not out of check, not through or onto an attacked square; through an attacked b1 is fine", () => {
    expect(movesFrom(at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".replace("r3k2r/8/8/8/8/8/8", "r3k2r/8/8/8/8/8/4r3")), "e1")).not.toContain("e1-g1");
    const f1 = at("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1"); // f2 rook attacks f1
    expect(movesFrom(f1, "e1")).not.toContain("e1-g1");
    expect(movesFrom(f1, "e1")).toContain("e1-c1");
    const b1 = at("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1"); // b2 rook attacks b1 only
    expect(movesFrom(b1, "e1")).toContain("e1-c1");
    const d1 = at("r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1");
    expect(movesFrom(d1, "e1")).not.toContain("e1-c1");
  });

  it("not after the king or that rook has moved, nor with a piece between", () => {
    const s = at(base);
    const kingMoved = playAll(chess, s, ["e1-e2", "a8-a7", "e2-e1", "a7-a8"]);
    expect(movesFrom(kingMoved, "e1")).not.toContain("e1-g1");
    const rookMoved = playAll(chess, s, ["h1-h2", "a8-a7", "h2-h1", "a7-a8"]);
    expect(movesFrom(rookMoved, "e1")).not.toContain("e1-g1");
    expect(movesFrom(rookMoved, "e1")).toContain("e1-c1");
    expect(movesFrom(at("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1"), "e1")).not.toContain("e1-c1");
  });
});

describe("en passant", () => {
  it("right after the double step only", () => {
    const s = at("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    const t = play(chess, s, "d7-d5");
    expect(movesFrom(t, "e5")).toEqual(["e5-e6", "e5xd6"]);
    const u = play(chess, t, "e5xd6");
    expect(u.owner[chess.topology.labels.indexOf("d5")]).toBe(-1);
    const later = playAll(chess, t, ["e1-e2", "e8-e7"]);
    expect(movesFrom(later, "e5")).toEqual(["e5-e6"]);
  });
});

describe("promotion and the clock", () => {
  it("a pawn reaching the far rank: the same player chooses a queen, rook, bishop or knight", () => {
    const s = at("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    const t = play(chess, s, "e7-e8");
    expect(t.mover).toBe(0);
    expect(notations(chess, t).sort()).toEqual(["e8=B", "e8=N", "e8=Q", "e8=R"]);
    const u = play(chess, t, "e8=N");
    expect(u.mover).toBe(1);
    expect(chess.def.pieces[u.piece[chess.topology.labels.indexOf("e8")]!]!.name).toBe("knight");
  });

  it("100 decisions without a capture or a pawn move draw", () => {
    let s = at("4k3/8/8/8/8/8/8/R3K3 w - - 98 60");
    s = play(chess, s, "a1-a2");
    expect(s.over).toBe(false);
    s = play(chess, s, "e8-d8");
    expect(s.over).toBe(true);
    expect([...s.returns]).toEqual([0, 0]);
  });
});

describe("promotion=in-move: the move that reaches the far rank carries the choice", () => {
  const inMove = loadGame("games/chess.game", { options: { promotion: "in-move" } });
  const atIn = (fen: string): State => loadPosition(inMove, fromFen(fen));
  const perftIn = (s: State, depth: number, decisions = false) => new Perft(inMove, { decisions }).count(s, depth);

  // No promotion is within reach of the start's first plies: depth 4 there is the default's count above.
  it("perft from the start: 20, 400, 8,902 (the default's description is unchanged)", () => {
    expect([1, 2, 3].map((d) => perftIn(inMove.newGame({ seed: 1 }), d))).toEqual([20, 400, 8902]);
    expect(loadGame("games/chess.game", { options: { promotion: "decision" } }).source.hash).toBe(chess.source.hash);
  });

  it("perft of Kiwipete, position 4 and position 5 counting decisions: each promotion is one move", () => {
    const kiwipete = atIn("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
    expect([1, 2, 3].map((d) => perftIn(kiwipete, d, true))).toEqual([48, 2039, 97862]);
    const four = atIn("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1");
    expect([1, 2, 3].map((d) => perftIn(four, d, true))).toEqual([6, 264, 9467]);
    expect(perftIn(four, 3)).toBe(9467);
    const five = atIn("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8");
    expect([1, 2].map((d) => perftIn(five, d, true))).toEqual([44, 1486]);
    // Ludii's form counted by decisions: each of Black's 12 pawn moves onto the first rank is one
    // decision (its four choices the next), so 3 fewer sequences each than moves.
    expect(new Perft(chess, { decisions: true }).count(at("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"), 2)).toBe(264 - 3 * 12);
  });

  it("one move per piece, a capture too (e7-e8=Q, e7xd8=N); the turn passes at once", () => {
    const s = atIn("3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    const pawn = inMove.legalMoves(s).filter((m) => m.from === "e7").map((m) => m.notation);
    expect(pawn).toEqual(["e7-e8=Q", "e7-e8=R", "e7-e8=B", "e7-e8=N", "e7xd8=Q", "e7xd8=R", "e7xd8=B", "e7xd8=N"]);
    const m = inMove.legalMoves(s).find((x) => x.notation === "e7xd8=N")!;
    expect(m).toMatchObject({ kind: "capture", from: "e7", to: "d8", piece: "pawn", promotion: "knight", captures: ["d8"] });
    const t = inMove.apply(s, m);
    expect(t.mover).toBe(1);
    expect(inMove.def.pieces[t.piece[inMove.topology.labels.indexOf("d8")]!]!.name).toBe("knight");
    expect(t.counters[inMove.def.counters.indexOf("quiet")]).toBe(0);
    expect(inMove.parseMove(s, "E7XD8=n")?.notation).toBe("e7xd8=N");
  });

  it("the end rules see the promoted piece: a queen or rook mates on the back rank, a bishop or knight does not", () => {
    const s = atIn("7k/P5pp/8/8/8/8/8/6K1 w - - 0 1");
    for (const [to, mates] of [["Q", true], ["R", true], ["B", false], ["N", false]] as const) {
      const t = play(inMove, s, `a7-a8=${to}`);
      expect(t.over, to).toBe(mates);
      if (mates) expect([...t.returns]).toEqual([1, -1]);
    }
  });

  it("a pawn about to promote attacks as before: the king may not step into its capture", () => {
    for (const g of [chess, inMove]) {
      const s = loadPosition(g, fromFen("6k1/4P3/8/8/8/8/8/K7 b - - 0 1"));
      expect(notations(g, s).filter((n) => n.startsWith("g8"))).toEqual(["g8-f7", "g8-g7", "g8-h7", "g8-h8"]);
    }
  });

  it("records keep the promotion and replay it", () => {
    const start = atIn("3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    const record = newRecord(inMove, { seed: 0, seats: ["human", "human"], start: toPosition(inMove, start) });
    let s = start;
    for (const n of ["e7xd8=R", "a2-b3", "d8-d3"]) {
      const m = inMove.legalMoves(s).find((x) => x.notation === n)!;
      addMove(record, s.mover, m);
      s = inMove.apply(s, m);
    }
    const read = readRecord(JSON.parse(JSON.stringify(record)));
    expect(read.moves[0]!.move).toEqual({ kind: "capture", from: "e7", to: "d8", count: 1, piece: "pawn", promotion: "rook", captures: ["d8"] });
    const again = loadRecordGame(read);
    const replay = replayRecord(again, read);
    expect(replay.error).toBeUndefined();
    expect(again.serialize(replay.states.at(-1)!)).toEqual(inMove.serialize(s));
    const altered = structuredClone(read);
    altered.moves[0]!.move.promotion = "queen";
    expect(replayRecord(again, altered).error?.message).toMatch(/structured form differs/);
  });
});
