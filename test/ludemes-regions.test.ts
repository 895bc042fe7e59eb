/**
 * Regions: the board's own (`all`, `corners`, `centre`, edges) and the region forms (`columns`,
 * `colour-of`, `intersection`, `difference`, with `sites`, `rows`, `union`, `shift`).
 */
import { describe, expect, it } from "vitest";
import { build, errorsOf } from "./support/games.js";

/** The labels of a region, as a description declares it with `(region r ...)`, sorted. */
function region(body: string, board = "(square 5 5)"): string[] {
  const g = build({ board, items: `(region r ${body})`, play: "(add piece:man to:(in to r))" });
  return g.legalMoves(g.newGame()).map((m) => m.to!).sort();
}

describe("regions", () => {
  it("columns: the files between two letters", () => {
    expect(region("(columns b c)", "(square 3 2)")).toEqual(["b1", "b2", "c1", "c2"]);
  });

  it("colour-of: the squares of a site's colour on a checkered board", () => {
    expect(region("(colour-of a1)", "(square 3 3)")).toEqual(["a1", "a3", "b2", "c1", "c3"]);
    expect(region("(colour-of b1)", "(square 3 3)")).toEqual(["a2", "b1", "b3", "c2"]);
  });

  it("intersection and difference", () => {
    expect(region("(intersection (rows 1 2) (columns a b) (colour-of a1))", "(square 4 4)")).toEqual(["a1", "b2"]);
    expect(region("(difference (rows 1 1) (sites {b1 c1}))", "(square 4 4)")).toEqual(["a1", "d1"]);
  });

  it("corners: the four of a square grid, the six of a hexhex board", () => {
    expect(region("corners", "(square 4 3)")).toEqual(["a1", "a3", "d1", "d3"]);
    expect(region("corners", "(square 4 3 diagonals:all)")).toEqual(["a1", "a3", "d1", "d3"]);
    expect(region("corners", "(hex 3)")).toHaveLength(6);
  });

  it("centre: one site on an odd board and a hexhex, four on an even board", () => {
    expect(region("centre", "(square 5 5)")).toEqual(["c3"]);
    expect(region("centre", "(square 8 8)")).toEqual(["d4", "d5", "e4", "e5"]);
    expect(region("centre", "(hex 3)")).toHaveLength(1);
  });

  it("a region's name that the board already uses is refused", () => {
    const errors = errorsOf(`(game "T" (players 2) (equipment {(board (square 3 3)) (piece man) (region corners (sites {a1}))}) (rules (start {}) (play (add piece:man to:(empty to))) (end {})))`);
    expect(errors.map((d) => d.message)).toEqual(["region 'corners' already exists"]);
  });
});
