/**
 * Xiangqi (games/xiangqi.game): perft against published counts, and each piece's rule on a
 * position: the palace, the blocked horse and elephant, the river, the cannon's screen, soldiers
 * across the river, the generals that may not face each other, and the end by having no move.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { Perft } from "../src/engine/play/perft.js";
import { loadPosition } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";
import { notations, play } from "./support/games.js";

const xiangqi = loadGame("games/xiangqi.game");
type Piece = { piece: string; owner: string };
const red = (piece: string): Piece => ({ piece, owner: "P1" });
const black = (piece: string): Piece => ({ piece, owner: "P2" });
const at = (sites: Record<string, Piece>, mover = "P1"): State => loadPosition(xiangqi, { sites, mover });
const movesFrom = (s: State, from: string) => notations(xiangqi, s).filter((n) => n.startsWith(from)).sort();
const generals = { e1: red("general"), d10: black("general") };

describe("perft: published counts", () => {
  it("from the start: 44, 1,920, 79,666", () => {
    const s = xiangqi.newGame({ seed: 1 });
    expect([1, 2, 3].map((d) => new Perft(xiangqi).count(s, d))).toEqual([44, 1920, 79666]);
  });
});

describe("the pieces", () => {
  it("the general and the advisors stay in the palace", () => {
    const s = at({ ...generals, e1: red("general"), d1: red("advisor") });
    expect(movesFrom(s, "e1")).toEqual(["e1-e2", "e1-f1"]);
    expect(movesFrom(s, "d1")).toEqual(["d1-e2"]);
  });

  it("a horse is blocked by a piece next to it on its first, orthogonal step", () => {
    const open = at({ ...generals, e5: red("horse") });
    expect(movesFrom(open, "e5")).toHaveLength(8);
    const blocked = at({ ...generals, e5: red("horse"), e6: black("soldier") });
    expect(movesFrom(blocked, "e5")).not.toContain("e5-d7");
    expect(movesFrom(blocked, "e5")).not.toContain("e5-f7");
    expect(movesFrom(blocked, "e5")).toHaveLength(6);
  });

  it("an elephant goes two points diagonally, not over an occupied point, never across the river", () => {
    const s = at({ ...generals, e5: red("elephant"), d4: red("soldier") });
    expect(movesFrom(s, "e5")).toEqual(["e5-g3"]);
  });

  it("a cannon moves like a chariot and captures by jumping exactly one piece", () => {
    const s = at({ ...generals, b3: red("cannon"), b5: black("soldier"), b8: black("horse"), b9: black("chariot") });
    const moves = movesFrom(s, "b3");
    expect(moves).toContain("b3xb8");
    expect(moves).not.toContain("b3xb5");
    expect(moves).not.toContain("b3xb9");
    expect(moves).toContain("b3-b4");
    expect(moves).not.toContain("b3-b6");
  });

  it("a soldier moves sideways only across the river, never backward", () => {
    expect(movesFrom(at({ ...generals, c4: red("soldier") }), "c4")).toEqual(["c4-c5"]);
    expect(movesFrom(at({ ...generals, c6: red("soldier") }), "c6")).toEqual(["c6-b6", "c6-c7", "c6-d6"]);
  });
});

describe("generals and the end", () => {
  it("the generals may not face each other on an open file", () => {
    const s = at({ e1: red("general"), d10: black("general"), d1: red("advisor") });
    // e1-d... the red general may not step onto the d file, where it would face the black one.
    expect(movesFrom(s, "e1")).toEqual(["e1-e2", "e1-f1"]);
  });

  it("a player without a legal move loses", () => {
    // Black's general on d10 is hemmed in: a chariot on the 9th rank and the red general's file.
    const s = at({ e1: red("general"), d10: black("general"), a8: red("chariot") }, "P1");
    const t = play(xiangqi, s, "a8-a9");
    expect(t.over).toBe(true);
    expect([...t.returns]).toEqual([1, -1]);
  });
});
