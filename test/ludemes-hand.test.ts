/**
 * Hands and drops: captured pieces going to the capturer's hand as their unpromoted type, drops
 * from the hand (one move per type held and site), `in-hand`, promotions by `promotes:` links,
 * and hands in positions and hashes.
 */
import { describe, expect, it } from "vitest";
import { loadPosition, PositionError, toPosition } from "../src/engine/state/position.js";
import { build, notations, play } from "./support/games.js";

const src = (extra = "") => `(game "Hands" (players 2 forward:{N S})
  (equipment {(board (square 3 3)) (piece pawn promotes:tokin) (piece tokin) (piece king) (hand captures:true)})
  (rules (start {})
    (play (either
      (step piece:{pawn tokin} dirs:{forward} to:(not (friend to)) then:{(when (at-edge to forward) then:{(promote to)})})
      (drop piece:{pawn} to:(and (empty to) (not (exists (and (same-file site to) (owner site mover) (is-piece site pawn))))))
      ${extra}))
    (end {(if (> (in-hand pawn mover) 1) (win mover) reason:"two pawns in hand")})))`;

describe("hands", () => {
  const g = build(src());

  it("a captured piece goes to the capturer's hand as its unpromoted type", () => {
    const s = loadPosition(g, { sites: { a1: { piece: "pawn", owner: "P1" }, a2: { piece: "tokin", owner: "P2" } }, mover: "P1" });
    const t = play(g, s, "a1xa2");
    expect(toPosition(g, t).hands).toEqual({ P1: { pawn: 1 }, P2: {} });
  });

  it("a drop puts a held piece on a site its condition allows, one move per site (P*b2)", () => {
    const s = loadPosition(g, { sites: { a1: { piece: "pawn", owner: "P1" } }, hands: { P1: { pawn: 1 } }, mover: "P1" });
    // Not on the a file, where P1 already has a pawn.
    const drops = notations(g, s).filter((n) => n.includes("*"));
    expect(drops).toEqual(["P*b1", "P*b2", "P*b3", "P*c1", "P*c2", "P*c3"]);
    const t = play(g, s, "P*b2");
    expect(toPosition(g, t).hands).toEqual({ P1: {}, P2: {} });
    expect(toPosition(g, t).sites!.b2).toMatchObject({ piece: "pawn", owner: "P1" });
    expect(g.legalMoves(s).find((m) => m.notation === "P*b2")!.actions).toEqual([{ op: "add", at: "b2", piece: "pawn", owner: "P1", count: 1 }]);
  });

  it("in-hand counts the pieces held; hands are part of the position and its hash", () => {
    const s = loadPosition(g, { sites: { a1: { piece: "pawn", owner: "P1" }, a2: { piece: "pawn", owner: "P2" } }, hands: { P1: { pawn: 1 } }, mover: "P1" });
    const t = play(g, s, "a1xa2");
    expect(t.over).toBe(true);
    const u = loadPosition(g, { sites: { a1: { piece: "pawn", owner: "P1" } }, mover: "P1" });
    const v = loadPosition(g, { sites: { a1: { piece: "pawn", owner: "P1" } }, hands: { P2: { pawn: 3 } }, mover: "P1" });
    expect(g.hash(u)).not.toBe(g.hash(v));
    expect(toPosition(g, loadPosition(g, toPosition(g, v)))).toEqual(toPosition(g, v));
  });

  it("a pawn reaching the far row becomes what it promotes to", () => {
    const s = loadPosition(g, { sites: { a2: { piece: "pawn", owner: "P1" } }, mover: "P1" });
    expect(toPosition(g, play(g, s, "a2-a3")).sites!.a3).toMatchObject({ piece: "tokin" });
  });

  it("(promotion last-to) without types offers the piece's own promotion", () => {
    const h = build(`(game "P" (players 2 forward:{N S})
      (equipment {(board (square 3 3)) (piece pawn promotes:tokin) (piece tokin)})
      (rules (start {}) (play (branch (same-turn) (either (promotion last-to) (pass)) (step then:{(move-again)}))) (end {})))`);
    const s = loadPosition(h, { sites: { a1: { piece: "pawn", owner: "P1" } }, mover: "P1" });
    const t = play(h, s, "a1-a2");
    expect(notations(h, t)).toEqual(["a2=T", "pass"]);
  });

  it("positions of games without hands refuse them; bad hands are named", () => {
    const none = build({ play: "(step)" });
    expect(() => loadPosition(none, { sites: {}, hands: { P1: { man: 1 } } })).toThrow(/position\.hands: T has no hands/);
    expect(() => loadPosition(g, { sites: {}, hands: { P1: { rook: 1 } } })).toThrow(PositionError);
    expect(() => loadPosition(g, { sites: {}, hands: { P1: { pawn: -1 } } })).toThrow(/position\.hands\.P1\.pawn: must be a whole number/);
  });

  it("a drop needs a hand, and promotes: an existing type (located errors)", () => {
    expect(() => build({ play: "(drop to:(empty to))" })).toThrow(/no \(hand \.\.\.\)/);
    expect(() => build(`(game "X" (players 2) (equipment {(board (square 3 3)) (piece pawn promotes:queen)}) (rules (start {}) (play (step)) (end {})))`)).toThrow(/no piece type 'queen' to promote to/);
  });

  it("random playouts with drops keep the engine's invariants", async () => {
    const { checkInvariants } = await import("../src/engine/play/invariants.js");
    for (let seed = 1; seed <= 30; seed++) {
      const s = loadPosition(g, { sites: { a1: { piece: "pawn", owner: "P1" }, c3: { piece: "pawn", owner: "P2" } }, hands: { P1: { pawn: 1 }, P2: { pawn: 1 } }, mover: "P1" }, seed);
      g.playout(s, 40);
      expect(checkInvariants(g, s)).toEqual([]);
    }
  });
});

describe("return-to-hand, and hit: before a piece lands", () => {
  // A king put (dropped, stepped or flown) on one's own pawn sends the pawn back to hand; on an enemy it captures.
  const g = build(`(game "Back" (players 2 forward:{N S})
    (equipment {(board (square 3 3)) (piece pawn promotes:tokin) (piece tokin) (piece king) (hand)})
    (rules (start {})
      (play (either
        (drop piece:{king} to:(not (is-piece to king)) hit:{(return-to-hand to)})
        (step piece:{king} dirs:{E} to:(not (is-piece to king)) hit:{(return-to-hand to)})
        (fly piece:{king} to:(and (not (is-piece to king)) (in to (rows 3 3))) hit:{(return-to-hand to)})))
      (end {})))`);
  const at = (sites: Record<string, { piece: string; owner: string }>, hands = {}) => loadPosition(g, { sites, hands, mover: "P1" });
  const own = (piece: string) => ({ piece, owner: "P1" }), theirs = (piece: string) => ({ piece, owner: "P2" });

  it("sends one's own piece on the landing site to one's hand (a promoted one as it was), an enemy's to its owner's", () => {
    let t = play(g, at({ b2: own("pawn") }, { P1: { king: 1 } }), "K*b2");
    expect(toPosition(g, t).hands).toEqual({ P1: { pawn: 1 }, P2: {} });
    expect(toPosition(g, t).sites!.b2).toMatchObject({ piece: "king", owner: "P1" });
    expect(Array.from(t.pieceCount)).toEqual([1, 0]);
    t = play(g, at({ a1: own("king"), b1: own("tokin") }), "a1xb1");
    expect(toPosition(g, t).hands).toEqual({ P1: { pawn: 1 }, P2: {} });
    t = play(g, at({ a1: own("king"), c3: theirs("pawn") }), "a1xc3");
    expect(toPosition(g, t).hands).toEqual({ P1: {}, P2: { pawn: 1 } });
    expect(Array.from(t.pieceCount)).toEqual([1, 0]);
    // an empty landing site: nothing to hit
    t = play(g, at({ a1: own("king") }), "a1-b1");
    expect(toPosition(g, t).hands).toEqual({ P1: {}, P2: {} });
  });

  it("needs a hand", () => {
    expect(() => build("(game \"T\" (players 2) (equipment {(board (square 3 3)) (piece man)}) (rules (start {}) (play (step to:true hit:{(return-to-hand to)})) (end {})))")).toThrow(/M001.*return-to-hand.*no \(hand/);
  });
});
