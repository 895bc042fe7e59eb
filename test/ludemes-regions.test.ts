/**
 * Regions: the board's own (`all`, `corners`, `centre`, edges) and the region forms (`columns`,
 * `colour-of`, `intersection`, `difference`, `expand`, with `sites`, `rows`, `union`, `shift`), and the
 * sides of a board of a single row.
 */
import { describe, expect, it } from "vitest";
import { loadPosition } from "../src/engine/state/position.js";
import { build, errorsOf, notations, onlyError, text } from "./support/games.js";

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

describe("expand", () => {
  it("grows a region by steps along the board's own directions (a square's diagonals where drawn), itself included", () => {
    expect(region("(expand (sites {c3}))")).toEqual(["b3", "c2", "c3", "c4", "d3"]);
    expect(region("(expand (sites {c3}))", "(square 5 5 diagonals:all)")).toEqual(["b2", "b3", "b4", "c2", "c3", "c4", "d2", "d3", "d4"]);
    expect(region("(expand (sites {a1}) steps:2)")).toEqual(["a1", "a2", "a3", "b1", "b2", "c1"]);
    expect(region("(expand (sites {c3}) steps:0)")).toEqual(["c3"]);
  });

  it("grows only along the directions given, by a number options may set", () => {
    expect(region("(expand (side S) steps:1 dirs:{N})", "(square 3 4)")).toEqual(["a1", "a2", "b1", "b2", "c1", "c2"]);
    expect(region("(expand (sites {b2}) dirs:{N E S W})", "(square 3 3)")).toEqual(["a2", "b1", "b2", "b3", "c2"]);
    expect(region("(expand (sites {a1}) steps:(- 3 1) dirs:{E})", "(square 5 1)")).toEqual(["a1", "b1", "c1"]);
    // far more steps than the board is wide: the whole board
    expect(region("(expand (sites {a1}) steps:1000)", "(square 3 3)")).toHaveLength(9);
  });

  it("refuses a number of steps read during play, and a direction the board lacks, with their places", () => {
    const during = text({ board: "(square 5 5)", items: "(counter k) (region r (expand (sites {c3}) steps:(counter k)))", play: "(add piece:man to:(in to r))" });
    expect(onlyError(during, "M004", "(counter k)", "steps:(counter k)").message).toMatch(/known when the game is built/);
    const dir = text({ board: "(hex 3)", items: "(region r (expand (sites {c3}) dirs:{N}))", play: "(add piece:man to:(in to r))" });
    expect(onlyError(dir, "M001", "N", "dirs:{N}").message).toMatch(/no direction 'N'/);
  });
});

describe("the sides of a board of a single row", () => {
  it("are the whole row facing across it, and each end facing its way", () => {
    expect(region("(side W)", "(square 5 1)")).toEqual(["a1"]);
    expect(region("(side E)", "(square 5 1)")).toEqual(["e1"]);
    expect(region("(side N)", "(square 5 1)")).toEqual(["a1", "b1", "c1", "d1", "e1"]);
    expect(region("(side S)", "(square 1 4)")).toEqual(["a1"]);
  });
});

describe("player-relative directions", () => {
  const pawns = (board: string, dirs: string, forward = "forward:{N S}") =>
    build(`(game "T" (players 2 ${forward}) (equipment {(board ${board}) (piece man)})
      (rules (start {}) (play (step dirs:{${dirs}})) (end {(if (no-moves next) (win mover))})))`);
  const from = (g: ReturnType<typeof build>, sites: Record<string, string>, mover: string) =>
    loadPosition(g, { sites: Object.fromEntries(Object.entries(sites).map(([k, o]) => [k, { piece: "man", owner: o }])), mover });

  it("forward and its diagonals turn with each seat: one rule for both players", () => {
    const g = pawns("(square 5 5 diagonals:all)", "forward forward-left forward-right");
    expect(notations(g, from(g, { c2: "P1", e5: "P2" }, "P1"))).toEqual(["c2-b3", "c2-c3", "c2-d3"]);
    expect(notations(g, from(g, { a1: "P1", c4: "P2" }, "P2"))).toEqual(["c4-b3", "c4-c3", "c4-d3"]);
  });

  it("left, right and backward; a relative direction the board lacks is left out", () => {
    const g = pawns("(square 5 5)", "left right backward forward-left");
    expect(notations(g, from(g, { c3: "P1", e5: "P2" }, "P1"))).toEqual(["c3-b3", "c3-c2", "c3-d3"]);
  });

  it("on a hex board facing a corner, forward-left and backward-left are the neighbouring directions", () => {
    const g = pawns("(hex 3 layout:columns)", "forward-left backward-left", "forward:{N S}");
    const s = from(g, { c3: "P1", a1: "P2" }, "P1");
    const names = g.legalMoves(s).map((m) => g.topology.dirNames.find((_, d) => g.topology.step[d * g.topology.n + g.topology.labels.indexOf(m.from!)] === g.topology.labels.indexOf(m.to!)));
    expect(names.sort()).toEqual(["NW", "SW"]);
  });

  it("on a hex board with diagonals, facing a corner: forward-left and forward-right across the sides beside it, the diagonal- names across the corners (De Vasa's pawn)", () => {
    const board = "(hex 5 shape:rhombus layout:columns diagonals:true)";
    const dirsOf = (dirs: string, forward: string, site: string, owner: string) => {
      const g = pawns(board, dirs, forward);
      const s = from(g, { [site]: owner, ...(owner === "P1" ? { a1: "P2" } : { e5: "P1" }) }, owner);
      const t = g.topology;
      return g.legalMoves(s).filter((m) => m.from === site).map((m) => t.dirNames.find((_, d) => t.step[d * t.n + t.labels.indexOf(site)] === t.labels.indexOf(m.to!))).sort();
    };
    expect(dirsOf("forward-left forward-right", "forward:{NNE SSW}", "c3", "P1")).toEqual(["N", "NE"]);
    expect(dirsOf("forward-left forward-right", "forward:{NNE SSW}", "c3", "P2")).toEqual(["S", "SW"]);
    expect(dirsOf("diagonal-forward-left diagonal-forward-right", "forward:{NNE SSW}", "c3", "P1")).toEqual(["E", "NNW"]);
    expect(dirsOf("diagonal-forward-left diagonal-forward-right", "forward:{NNE SSW}", "c3", "P2")).toEqual(["SSE", "W"]);
    // Turns are read on the board as it truly stands (60 degrees between a hex grid's lines): left is
    // a quarter turn from the corner faced, across a side.
    expect(dirsOf("left right backward", "forward:{NNE SSW}", "c3", "P1")).toEqual(["NW", "SE", "SSW"]);
    // Facing a side (Glinski's pawn): forward-left and forward-right are the sides at 60 degrees, not the corners between.
    expect(dirsOf("forward-left forward-right", "forward:{N S}", "c3", "P1")).toEqual(["NE", "NW"]);
    expect(dirsOf("diagonal-forward-left diagonal-forward-right", "forward:{N S}", "c3", "P1")).toEqual(["NNE", "NNW"]);
  });

  it("the diagonal- names on a square board are its diagonals, as forward-left ... are", () => {
    const g = pawns("(square 5 5 diagonals:all)", "diagonal-forward-left diagonal-backward-right");
    expect(notations(g, from(g, { c3: "P1", e5: "P2" }, "P1")).sort()).toEqual(["c3-b4", "c3-d2"]);
    const plain = pawns("(square 5 5)", "diagonal-forward-left forward");
    expect(notations(plain, from(plain, { c3: "P1", e5: "P2" }, "P1"))).toEqual(["c3-c4"]);
  });

  it("relative directions without forward directions, or with an unknown one, are errors", () => {
    const text = (forward: string) => `(game "T" (players 2 ${forward}) (equipment {(board (square 3 3)) (piece man)}) (rules (start {}) (play (step dirs:{forward})) (end {})))`;
    expect(errorsOf(text("")).map((d) => d.message)).toEqual(["player-relative directions need each seat's forward direction"]);
    expect(errorsOf(text("forward:{N UP}")).map((d) => d.message)).toEqual(["the board has no direction 'UP' (forward of P2)"]);
    expect(errorsOf(text("forward:{N}")).map((d) => d.message)).toEqual(["1 forward directions for 2 players"]);
  });
});

describe("a site's label where a site is read", () => {
  it("is always that site: (owner b2 mover), (empty c3)", () => {
    const g = build({ board: "(square 3 3)", play: "(add piece:man to:(and (empty to) (not (empty b2))))", end: "(if (owner c3 mover) (win mover))" });
    expect(notations(g, loadPosition(g, { sites: {} }))).toEqual([]);
    const s = loadPosition(g, { sites: { b2: { piece: "man", owner: "P2", height: 1, flags: [] } } });
    expect(notations(g, s)).toHaveLength(8);
  });

  it("names a label the board lacks, or a misspelt site word, with its place", () => {
    const d = onlyError(text({ board: "(square 3 3)", play: "(add piece:man to:(and (empty to) (empty z9)))" }), "M001", "z9");
    expect(d.message).toBe("'z9' is neither a site of the board nor one of from, over, to, site, last-from, last-to");
    expect(onlyError(text({ board: "(square 3 3)", play: "(add piece:man to:(empty tto))" }), "M001", "tto").expected).toMatch(/a site label such as a1/);
  });
});
