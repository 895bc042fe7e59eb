/**
 * Minishogi (games/minishogi.game): perft against published counts, and the rules hands and drops
 * bring: the pawn-drop bans (far rank, two pawns on a file, mate by a pawn drop), promotion as an
 * optional second decision, and the end; and Shogi's perft and its lance rules.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { Perft } from "../src/engine/play/perft.js";
import { loadPosition } from "../src/engine/state/position.js";
import { notations, play } from "./support/games.js";

const minishogi = loadGame("games/minishogi.game");
type Piece = { piece: string; owner: string };
const sente = (piece: string): Piece => ({ piece, owner: "P1" });
const gote = (piece: string): Piece => ({ piece, owner: "P2" });

describe("perft: published counts", () => {
  it("from the start: 14, 181, 2,512, 35,401", () => {
    const s = minishogi.newGame({ seed: 1 });
    expect([1, 2, 3, 4].map((d) => new Perft(minishogi).count(s, d))).toEqual([14, 181, 2512, 35401]);
  });
});

describe("pawn drops", () => {
  // Gote's king on e5 hemmed in by its own pawn (d5) and silver (d4); Sente's rook on e1 guards e4.
  const mateSites = { a1: sente("king"), e1: sente("rook"), e5: gote("king"), d5: gote("pawn"), d4: gote("silver") };

  it("a pawn drop that would checkmate is refused", () => {
    const s = loadPosition(minishogi, { sites: mateSites, hands: { P1: { pawn: 1 } }, mover: "P1" });
    expect(notations(minishogi, s)).not.toContain("P*e4");
    expect(notations(minishogi, s)).toContain("P*c3");
  });

  it("a pawn drop that gives check the king can escape (to d4) is legal", () => {
    const { d4: _, ...open } = mateSites;
    const s = loadPosition(minishogi, { sites: open, hands: { P1: { pawn: 1 } }, mover: "P1" });
    expect(notations(minishogi, s)).toContain("P*e4");
  });

  it("checkmate by a piece (not a dropped pawn) wins", () => {
    const s = loadPosition(minishogi, { sites: mateSites, hands: { P1: { gold: 1 } }, mover: "P1" });
    const t = play(minishogi, s, "G*e4");
    expect(t.over).toBe(true);
    expect([...t.returns]).toEqual([1, -1]);
  });
});

describe("promotion", () => {
  it("a rook moving out of the zone may promote; declining keeps it a rook", () => {
    const s = loadPosition(minishogi, { sites: { a1: sente("king"), c5: sente("rook"), e5: gote("king") }, mover: "P1" });
    const t = play(minishogi, s, "c5-c3");
    expect(notations(minishogi, t).sort()).toEqual(["=", "c3=D"]);
    const u = play(minishogi, t, "=");
    expect(u.mover).toBe(1);
    expect(minishogi.def.pieces[u.piece[minishogi.topology.labels.indexOf("c3")]!]!.name).toBe("rook");
  });

  it("a pawn reaching the far rank promotes at once; a captured tokin goes to hand as a pawn", () => {
    const s = loadPosition(minishogi, { sites: { a1: sente("king"), b4: sente("pawn"), b5: gote("silver"), e5: gote("king") }, mover: "P1" });
    const t = play(minishogi, s, "b4xb5");
    expect(minishogi.def.pieces[t.piece[minishogi.topology.labels.indexOf("b5")]!]!.name).toBe("tokin");
    expect(t.mover).toBe(1);
  });
});

describe("shogi (games/shogi.game): perft against published counts", () => {
  const shogi = loadGame("games/shogi.game");
  it("from the start: 30, 900, 25,470", () => {
    const s = shogi.newGame({ seed: 1 });
    expect([1, 2, 3].map((d) => new Perft(shogi).count(s, d))).toEqual([30, 900, 25470]);
  });

  it("a lance may not be dropped on the last rank, and one reaching it promotes at once", () => {
    const s = loadPosition(shogi, { sites: { e1: sente("king"), e9: gote("king"), a5: sente("lance") }, hands: { P1: { lance: 1 } }, mover: "P1" });
    const drops = notations(shogi, s).filter((n) => n.startsWith("L*"));
    expect(drops).toContain("L*c8");
    expect(drops).not.toContain("L*c9");
    const t = play(shogi, s, "a5-a9");
    expect(shogi.def.pieces[t.piece[shogi.topology.labels.indexOf("a9")]!]!.name).toBe("promoted-lance");
    expect(t.mover).toBe(1);
  });
});
