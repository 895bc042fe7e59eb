/**
 * The move filter judged by the position a move leaves (`keep ... leaving:`) and the attack test
 * derived from the description's own moves (`attacked`, `in-check`): check, pins, checkmate and
 * stalemate on small boards of kings, rooks and bishops, checked against a slow reference (make
 * each move, generate every move of the opponent), and the uniform draw of random playouts.
 */
import { describe, expect, it } from "vitest";
import type { Game } from "../src/engine/play/game.js";
import { loadPosition } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";
import { build, notations, play } from "./support/games.js";

/** Kings, rooks and bishops on a board, the mover never leaving its own king attacked. */
function royals(opts: { board?: string; end?: string; filter?: boolean } = {}): Game {
  const moves = `(either
        (step piece:{king} dirs:{N NE E SE S SW W NW} to:(not (friend to)))
        (slide piece:{rook} dirs:{N E S W} range:any through:(empty site) to:(not (friend to)))
        (slide piece:{bishop} dirs:{NE SE SW NW} range:any through:(empty site) to:(not (friend to))))`;
  return build(`(game "Royals" (players 2)
  (equipment {(board ${opts.board ?? "(square 5 5 diagonals:all)"}) (piece king) (piece rook) (piece bishop)})
  (rules (start {})
    (play ${opts.filter === false ? moves : `(keep ${moves} leaving:(not (in-check mover king)))`})
    (end {${opts.end ?? ""}})))`);
}

const K = (owner: string) => ({ piece: "king", owner });
const R = (owner: string) => ({ piece: "rook", owner });
const B = (owner: string) => ({ piece: "bishop", owner });

/** The reference: a move is legal when no move of any other player in the position it leaves ends on the mover's king. */
function slowLegal(unfiltered: Game, s: State): string[] {
  const mover = s.mover;
  return unfiltered
    .legalMoves(s)
    .filter((m) => {
      const t = unfiltered.apply(s, m);
      const king = [...t.owner].findIndex((o, i) => o === mover && t.piece[i] === 0);
      const probe = t.clone();
      probe.mover = 1 - mover;
      probe.touch();
      return !unfiltered.legalMoves(probe).some((r) => r.to === unfiltered.topology.labels[king]);
    })
    .map((m) => m.notation)
    .sort();
}

describe("keep ... leaving: (not (in-check mover king))", () => {
  const g = royals();
  const open = royals({ filter: false });

  it("a king does not step onto an attacked site, nor take a defended piece", () => {
    const s = loadPosition(g, { sites: { a1: K("P1"), c3: R("P2"), e5: K("P2"), d4: B("P2") }, mover: "P1" });
    // c3's rook attacks the c file and the 3rd rank; d4's bishop would attack b2, but c3 stands between.
    expect(notations(g, s)).toEqual(slowLegal(open, s));
    expect(notations(g, s)).toEqual(["a1-a2", "a1-b1", "a1-b2"]);
  });

  it("a pinned rook may only move along the pin", () => {
    const s = loadPosition(g, { sites: { a1: K("P1"), a3: R("P1"), a5: R("P2"), e5: K("P2") }, mover: "P1" });
    const rook = notations(g, s).filter((n) => n.startsWith("a3"));
    expect(rook).toEqual(["a3-a2", "a3-a4", "a3xa5"]);
    expect(notations(g, s)).toEqual(slowLegal(open, s));
  });

  it("in check, only moves that end the check are legal (step away, capture, block)", () => {
    const s = loadPosition(g, { sites: { a1: K("P1"), c3: R("P1"), e1: R("P2"), e5: K("P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["a1-a2", "a1-b2", "c3-c1"]);
    expect(notations(g, s)).toEqual(slowLegal(open, s));
  });

  it("agrees with the slow reference along random games", () => {
    for (let seed = 1; seed <= 12; seed++) {
      let s = loadPosition(g, { sites: { a1: K("P1"), b1: R("P1"), c1: B("P1"), e5: K("P2"), d5: R("P2"), c5: B("P2") }, mover: "P1" });
      for (let ply = 0; ply < 30 && !s.over; ply++) {
        const legal = notations(g, s);
        expect(legal, `seed ${seed} ply ${ply}`).toEqual(slowLegal(open, s));
        if (!legal.length) break;
        s = play(g, s, legal[(seed * 7 + ply * 13) % legal.length]!);
      }
    }
  });
});

describe("keep ... leaving: (captured)", () => {
  it("reads the move's own captures, as its consequences do: only the capture is kept", () => {
    const g = build({ board: "(square 3 1)", start: "(place man P1 a1) (place man P2 b1)", play: "(keep (either (step dirs:{E} to:(enemy to)) (add piece:man to:(empty to))) leaving:(captured))" });
    expect(notations(g, g.newGame())).toEqual(["a1xb1"]);
  });
});

describe("attacked and in-check", () => {
  /** The sites where `cond` holds, asked for P1 (the mover) through a select. */
  function where(cond: string, sites: Record<string, { piece: string; owner: string }>): string[] {
    const t = build(`(game "T" (players 2)
  (equipment {(board (square 5 5 diagonals:all)) (piece king) (piece rook) (piece bishop)})
  (rules (start {}) (play (either (select to:${cond})
      (step piece:{king} dirs:{N NE E SE S SW W NW} to:(not (friend to)))
      (slide piece:{rook} dirs:{N E S W} range:any through:(empty site) to:(not (friend to)))
      (slide piece:{bishop} dirs:{NE SE SW NW} range:any through:(empty site) to:(not (friend to))))) (end {})))`);
    const s = loadPosition(t, { sites, mover: "P1" });
    return t.legalMoves(s).filter((m) => m.notation.startsWith("@")).map((m) => m.notation.slice(1)).sort();
  }

  it("a rook attacks along its lines up to the first piece, whoever's it is", () => {
    // The rook: c1 c2 c4 c5 (P1's king) b3 d3 e3, not through a3 (its own king); the king on a3: a2 a4 b2 b3 b4.
    expect(where("(attacked to by:P2 as:king)", { c3: R("P2"), c5: K("P1"), a3: K("P2") })).toEqual(["a2", "a4", "b2", "b3", "b4", "c1", "c2", "c4", "c5", "d3", "e3"]);
  });

  it("a king attacks its neighbours; an empty site is tested with the piece given by as:", () => {
    expect(where("(attacked to by:P2 as:rook)", { e5: K("P2"), a1: K("P1") })).toEqual(["d4", "d5", "e4"]);
  });

  it("in-check holds when the king stands attacked (an end rule asks it after the move)", () => {
    const t = build(`(game "T" (players 2)
  (equipment {(board (square 5 5 diagonals:all)) (piece king) (piece rook) (piece bishop)})
  (rules (start {}) (play (slide piece:{rook} dirs:{N E S W} range:any through:(empty site) to:(not (friend to))))
    (end {(if (in-check next king) (win mover) reason:"check")})))`);
    const u = loadPosition(t, { sites: { a1: K("P1"), b5: R("P2"), e5: K("P2") }, mover: "P2" });
    const after = play(t, u, "b5-a5");
    expect(after.over).toBe(true);
    expect(play(t, u, "b5-b4").over).toBe(false);
  });
});

describe("checkmate and stalemate follow from the filter and no-moves", () => {
  const end = `(if (and (in-check next king) (no-moves next)) (win mover) reason:"checkmate")
               (if (no-moves next) draw reason:"stalemate")`;
  const g = royals({ end });

  it("a mate by two rooks wins", () => {
    const s = loadPosition(g, { sites: { a1: K("P1"), a4: R("P1"), b3: R("P1"), e5: K("P2") }, mover: "P1" });
    // b5 checks along the 5th rank; d4 and e4 are the a4 rook's, d5 the b5 rook's.
    const m = play(g, s, "b3-b5");
    expect(m.over).toBe(true);
    expect([...m.returns]).toEqual([1, -1]);
  });

  it("no legal move without check draws", () => {
    const s = loadPosition(g, { sites: { c3: K("P1"), b1: R("P1"), a5: K("P2") }, mover: "P1" });
    // Rb1-b4 leaves the king on a5 no move (a4 b4 b5 attacked or taken, a5 not attacked).
    const m = play(g, s, "b1-b4");
    expect(m.over).toBe(true);
    expect([...m.returns]).toEqual([0, 0]);
  });
});

describe("random playouts draw uniformly among the moves that pass the filter", () => {
  it("every legal move is drawn about equally often, and no illegal one ever", () => {
    const g = royals();
    const start = { sites: { a1: K("P1"), c3: R("P1"), e1: R("P2"), e5: K("P2") }, mover: "P1" } as const;
    const legal = notations(g, loadPosition(g, start));
    expect(legal).toEqual(["a1-a2", "a1-b2", "c3-c1"]);
    const counts = new Map<string, number>();
    const draws = 3000;
    for (let seed = 1; seed <= draws; seed++) {
      const s = loadPosition(g, start, seed);
      const before = s.clone();
      g.playout(s, 1);
      const made = legal.find((n) => JSON.stringify(play(g, before, n).owner) === JSON.stringify(s.owner));
      expect(made, `seed ${seed}`).toBeDefined();
      counts.set(made!, (counts.get(made!) ?? 0) + 1);
    }
    // Each of 3 moves: 1000 expected, standard deviation about 26.
    for (const n of legal) expect(Math.abs(counts.get(n)! - draws / 3), n).toBeLessThan(150);
  });

  it("after an end rule asked whether the player can move (the draw made early), the next move is still uniform", () => {
    // `no-moves next` after each decision: in a fast playout the filter answers it by drawing the
    // move that the next decision then makes. Every pair of first and second moves must come up
    // as often as uniform play gives it: 1/|moves before| x 1/|moves after the first|.
    const g = royals({ end: "(if (no-moves next) draw)" });
    const start = { sites: { a1: K("P1"), c3: R("P1"), e1: R("P2"), e5: K("P2") }, mover: "P2" } as const;
    const first = notations(g, loadPosition(g, start));
    const expected = new Map<string, number>();
    for (const m of first) {
      const second = notations(g, play(g, loadPosition(g, start), m));
      // Moves written from-to, a capture too (the playout's moves are read from the state's last move).
      for (const r of second) expected.set(`${m} ${r}`.replaceAll("x", "-"), 1 / first.length / second.length);
    }
    const label = (site: number) => g.topology.labels[site];
    const counts = new Map<string, number>();
    const draws = 6000;
    for (let seed = 1; seed <= draws; seed++) {
      const s = loadPosition(g, start, seed);
      g.playout(s, 1);
      const m = `${label(s.lastFrom)}-${label(s.lastTo)}`;
      g.playout(s, 1);
      const pair = `${m} ${label(s.lastFrom)}-${label(s.lastTo)}`;
      expect(expected.has(pair), `seed ${seed}: ${pair} is legal`).toBe(true);
      counts.set(pair, (counts.get(pair) ?? 0) + 1);
    }
    for (const [pair, p] of expected) {
      const sd = Math.sqrt(draws * p * (1 - p));
      expect(Math.abs((counts.get(pair) ?? 0) - draws * p), pair).toBeLessThan(5 * sd + 1);
    }
  });
});

describe("promotion: a choice of type as a decision of its own", () => {
  const g = build(`(game "Pawns" (players 2 forward:{N S})
  (equipment {(board (square 3 3)) (piece pawn) (piece queen) (piece rook)})
  (rules (start {})
    (play (branch (same-turn)
      (promotion last-to {queen rook})
      (step piece:{pawn} dirs:{forward} then:{(when (at-edge to forward) then:{(move-again)})})))
    (end {})))`);

  it("the step into the last row gives the turn a second decision, one move per type", () => {
    const s = loadPosition(g, { sites: { a2: { piece: "pawn", owner: "P1" }, c2: { piece: "pawn", owner: "P2" } }, mover: "P1" });
    const t = play(g, s, "a2-a3");
    expect(t.mover).toBe(0);
    expect(notations(g, t)).toEqual(["a3=Q", "a3=R"]);
    const m = g.legalMoves(t).find((x) => x.notation === "a3=R")!;
    expect(m.actions).toEqual([{ op: "promote", at: "a3", piece: "rook" }]);
    const u = g.apply(t, m);
    expect(u.mover).toBe(1);
    expect(g.topology.labels.map((_, i) => u.piece[i]).filter((p) => p >= 0)).toContain(2);
  });

  it("random playouts draw each type about equally often", () => {
    const counts = [0, 0, 0];
    for (let seed = 1; seed <= 600; seed++) {
      const s = loadPosition(g, { sites: { a3: { piece: "pawn", owner: "P1" } }, mover: "P1", last: { from: "a2", to: "a3" }, actionInTurn: 2, actionsInTurn: 2 }, seed);
      g.playout(s, 1);
      counts[s.piece[g.topology.labels.indexOf("a3")]!]!++;
    }
    expect(counts[0]).toBe(0);
    expect(Math.abs(counts[1]! - 300)).toBeLessThan(60);
  });
});
