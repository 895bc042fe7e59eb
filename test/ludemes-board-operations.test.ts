/**
 * Boards made from boards: `(merge {...})` lays boards on one another, `(moved BOARD shift: rotate:
 * scale:)` places one, `(without BOARD SITES)` leaves points out; `(concentric-polygons SIDES RINGS)` builds a mill board. The result is a board of points
 * and lines, each line with the compass direction it points in, labelled by where points stand.
 */
import { describe, expect, it } from "vitest";
import { neighbours } from "../src/engine/board/topology.js";
import { loadPosition } from "../src/engine/state/position.js";
import { at, build, notations, onlyError, text } from "./support/games.js";

const board = (shape: string) => build({ board: shape, play: "(step)" });
const around = (g: ReturnType<typeof board>, label: string) => neighbours(g.topology, at(g, label)).map((i) => g.topology.labels[i]).sort();

describe("boards made from boards", () => {
  it("merges two squares overlapping at a corner: the shared point once, every line kept", () => {
    const g = board("(merge {(square 3 3) (moved (square 3 3) shift:{2 2})})");
    expect(g.topology.n).toBe(17);
    // c3 is both the first square's corner and the second's: joined to both squares' lines.
    expect(around(g, "c3")).toEqual(["b3", "c2", "c4", "d3"]);
    expect(g.topology.labels).toContain("e5");
    expect(g.topology.labels).not.toContain("e1");
  });

  it("turns a square by 45 degrees: its lines become diagonals, its points labelled where they stand", () => {
    const g = board("(moved (square 3 3) rotate:45)");
    expect(g.topology.n).toBe(9);
    expect([...g.topology.dirNames].sort()).toEqual(["NE", "NW", "SE", "SW"]);
    expect(around(g, "c3")).toEqual(["b2", "b4", "d2", "d4"]);
  });

  it("scales a board: the same board, lines twice as long (labels by column and row as before)", () => {
    const g = board("(merge {(moved (square 2 2) scale:2) (square 3 3)})");
    // The large square's corners fall on the small grid's points: one board of 9 points.
    expect(g.topology.n).toBe(9);
    // Its lines run along the small grid's (a1-c1 is a line of the large square, straight through b1).
    expect(around(g, "a1")).toEqual(["a2", "b1"]);
  });

  it("leaves out points and their lines", () => {
    const g = board("(without (square 5 5) corners)");
    expect(g.topology.n).toBe(21);
    expect(g.topology.labels).not.toContain("a1");
    expect(around(g, "b1")).toEqual(["b2", "c1"]);
  });

  it("makes There and Back's board as Ludii does: four times a corner cut and the board turned, then four cells out", () => {
    // Ludii's SquareNut 4: (SymRemover 4 ...) four times on 8 x 8, then cells removed; 36 cells remain.
    const cut = (b: string) => `(moved (without ${b} (sites {a1 b1 c1 d1 a2 b2})) rotate:270)`;
    const g = board(`(without ${cut(cut(cut(cut("(square 8 8 diagonals:all)"))))} (sites {e3 c4 f5 d6}))`);
    expect(g.topology.n).toBe(36);
    // Both players' home rows keep their six cells, the corners gone.
    for (const l of ["e1", "f1", "c2", "d2", "a3", "b3", "g6", "h6", "e7", "f7", "c8", "d8"]) expect(g.topology.labels).toContain(l);
    for (const l of ["a1", "h1", "a8", "h8", "e3", "c4", "f5", "d6"]) expect(g.topology.labels).not.toContain(l);
    expect(around(g, "e1")).toEqual(["d2", "e2", "f1", "f2"]);
  });

  it("refuses a board whose lines one point cannot tell apart by compass direction", () => {
    const src = text({ board: "(merge {(square 2 2) (moved (square 2 2) rotate:10)})", play: "(step)" });
    expect(onlyError(src, "M004", "(merge {(square 2 2) (moved (square 2 2) rotate:10)})").message).toContain("cannot be told apart by compass direction");
  });

  it("places a board as Ludii does, its lower left corner at the origin: a turn about a1 and a shift in Ludii's numbers give Ludii's board", () => {
    // A square turned a quarter about a1 lies to the left of it: merged with the square, they share a1's column.
    const g = board("(merge {(square 2 2) (moved (square 2 2) rotate:90)})");
    expect(g.topology.n).toBe(6);
    expect(g.topology.labels).toEqual(expect.arrayContaining(["a1", "b1", "c1", "a2", "b2", "c2"]));
    // Ludii's Mysore Tiger Game board: (merge (scale 2 (square 5 diagonals:Alternating)) (shift 2 -2 (wedge 3))).
    const tiger = board("(merge {(moved (square 5 5 diagonals:alternating) scale:2) (moved (wedge 3) shift:{2 -2})})");
    expect(tiger.topology.n).toBe(31);
    // Columns a b c d e f g at x = 0 2 3 4 5 6 8, rows 1 2 3 ... at y = -2 -1 0 2 ...: the wedge's apex is the
    // middle of the square's lowest side, d3, which keeps its square's lines and gains the wedge's three.
    expect(around(tiger, "d3")).toEqual(["b3", "b4", "c2", "d2", "d4", "e2", "f3", "f4"]);
    expect(around(tiger, "d1")).toEqual(["b1", "d2", "f1"]);
  });
});

describe("(wedge ROWS COLUMNS)", () => {
  it("is an apex over rows of three points: the apex joined to the first row, each row across and to the one below", () => {
    const g = board("(wedge 3)");
    expect(g.topology.n).toBe(7);
    // Rows from the bottom: a1 c1 e1, then b2 c2 d2, the apex c3.
    expect([...g.topology.labels].sort()).toEqual(["a1", "b2", "c1", "c2", "c3", "d2", "e1"]);
    expect(around(g, "c3")).toEqual(["b2", "c2", "d2"]);
    expect(around(g, "b2")).toEqual(["a1", "c2", "c3"]);
    expect(around(g, "c2")).toEqual(["b2", "c1", "c3", "d2"]);
    expect(around(g, "e1")).toEqual(["c1", "d2"]);
    // The sides are straight lines: from the apex south-west down to a1.
    const t = g.topology, sw = t.dirNames.indexOf("SW");
    expect(t.labels[t.step[sw * t.n + at(g, "c3")]!]).toBe("b2");
    expect(t.labels[t.step[sw * t.n + at(g, "b2")]!]).toBe("a1");
  });

  it("takes other numbers of columns, and refuses those whose lines share a compass direction", () => {
    expect(board("(wedge 2 2)").topology.n).toBe(3);
    expect(board("(wedge 4)").topology.n).toBe(10);
    // Five columns: lines from the apex 26.6 degrees apart, on the 16-point compass.
    expect(board("(wedge 3 5)").topology.dirNames).toEqual(expect.arrayContaining(["SSW", "SSE"]));
    const src = text({ board: "(wedge 3 9)", play: "(step)" });
    expect(onlyError(src, "M004", "(wedge 3 9)").message).toContain("cannot be told apart by compass direction");
  });
});

describe("(hex SIZE shape:rectangle rows:N)", () => {
  it("builds rows of cells, and refuses rows: on any other shape", () => {
    expect(board("(hex 9 shape:rectangle rows:5)").topology.n).toBe(45);
    const src = text({ board: "(hex 4 rows:3)", play: "(step)" });
    expect(onlyError(src, "M004", "3").message).toContain("rows: is for a rectangle");
  });
});

describe("(spiral turns:T sites:N)", () => {
  it("joins its points one after another from the centre (a1) out, labelled along it, with regions both ways", () => {
    const g = board("(spiral turns:5 sites:88)");
    const t = g.topology;
    expect(t.n).toBe(88);
    expect(around(g, "a1")).toEqual(["a2"]);
    expect(around(g, "a40")).toEqual(["a39", "a41"]);
    expect(around(g, "a88")).toEqual(["a87"]);
    const labelsOf = (r: string) => Array.from(t.regions.get(r)!, (x) => t.labels[x]);
    expect(labelsOf("inward").slice(0, 3)).toEqual(["a88", "a87", "a86"]);
    expect(labelsOf("along").slice(0, 2)).toEqual(["a1", "a2"]);
    expect([labelsOf("centre"), labelsOf("end")]).toEqual([["a1"], ["a88"]]);
    // Points one unit apart along the coil, the coils about as far: neighbours on the coil are the nearest points.
    const d = (a: string, b: string) => Math.hypot(t.drawX[at(g, a)]! - t.drawX[at(g, b)]!, t.drawY[at(g, a)]! - t.drawY[at(g, b)]!);
    expect(d("a60", "a61")).toBeLessThan(Math.min(...t.labels.filter((l) => l !== "a60" && l !== "a61" && l !== "a59").map((l) => d("a60", l))));
  });

  it("carries a race along a track of its points, and refuses too few points for its turns", () => {
    const g = build({
      board: "(spiral turns:3 sites:30)",
      items: "(track race {inward})",
      start: "(place man P1 at:a30)",
      play: "(move-along race steps:1)",
      end: "(if (in last-to centre) (win mover))",
    });
    expect(g.legalMoves(g.newGame()).map((m) => m.notation)).toEqual(["a30-a29"]);
    const src = text({ board: "(spiral turns:5 sites:20)", play: "(step)" });
    expect(onlyError(src, "M004", "20").message).toContain("too few for 5 turns");
  });
});

describe("(with-lines BOARD LINES)", () => {
  it("adds lines given as chains of the board's points, split where they pass over a point, and keeps the labels", () => {
    const g = board("(with-lines (square 3 3) {{a1 c3} {a3 b2}})");
    expect(g.topology.n).toBe(9);
    // a1-c3 passes over b2: a1-b2 and b2-c3; a3-b2 is added once.
    expect(around(g, "b2")).toEqual(["a1", "a2", "a3", "b1", "b3", "c2", "c3"]);
    expect(around(g, "a1")).toEqual(["a2", "b1", "b2"]);
    expect(around(g, "c1")).toEqual(["b1", "c2"]);
    // A slide follows a new line straight through b2.
    const t = g.topology, ne = t.dirNames.indexOf("NE");
    expect(t.labels[t.step[ne * t.n + at(g, "b2")]!]).toBe("c3");
  });

  it("keeps the board's corners: a corner given a diagonal is still one, a point elsewhere with as few neighbours is not", () => {
    const corners = (shape: string) => [...board(shape).topology.regions.get("corners")!].map((i) => board(shape).topology.labels[i]).sort();
    // Pasang's board: the centre taken out, diagonals drawn from each corner; a1 then has three neighbours, as the
    // points round the hole do.
    const pasang = "(with-lines (without (square 7 7) (sites {d4})) {{a1 b2 c3} {g1 f2 e3} {g7 f6 e5} {a7 b6 c5}})";
    expect(corners(pasang)).toEqual(["a1", "a7", "g1", "g7"]);
    expect(corners("(without-lines (square 3 3) {{a2 b2 c2}})")).toEqual(["a1", "a3", "c1", "c3"]);
  });

  it("does not draw a line twice, and names a point the board lacks", () => {
    expect(board("(with-lines (square 2 2) {{a1 b1}})").topology.n).toBe(4);
    expect(around(board("(with-lines (square 2 2) {{a1 b1}})"), "a1")).toEqual(["a2", "b1"]);
    const src = text({ board: "(with-lines (square 3 3) {{a1 z9}})", play: "(step)" });
    expect(onlyError(src, "M001", "z9").message).toContain("no point 'z9'");
  });
});

describe("(without-lines BOARD LINES)", () => {
  it("takes lines away, given as chains of neighbouring points; the points and their labels stay", () => {
    const g = board("(without-lines (square 3 3) {{a2 b2 c2}})");
    expect(g.topology.n).toBe(9);
    expect(around(g, "b2")).toEqual(["b1", "b3"]);
    expect(around(g, "a2")).toEqual(["a1", "a3"]);
    // Nothing goes across the gap: no step E from a2.
    const t = g.topology, e = t.dirNames.indexOf("E");
    expect(t.step[e * t.n + at(g, "a2")]).toBe(-1);
  });

  it("refuses two points no line joins, and a point the board lacks", () => {
    const apart = text({ board: "(without-lines (square 3 3) {{a1 c1}})", play: "(step)" });
    expect(onlyError(apart, "M004", "c1").message).toBe("no line of the board joins a1 and c1");
    const src = text({ board: "(without-lines (square 3 3) {{a1 z9}})", play: "(step)" });
    expect(onlyError(src, "M001", "z9").message).toContain("no point 'z9'");
  });
});

describe("(concentric-polygons SIDES RINGS)", () => {
  it("three squares joined at their midpoints: Nine Men's Morris's 24 points, labelled a1 ... g7 as Ludii names them", () => {
    const g = board("(concentric-polygons 4 3)");
    expect([...g.topology.labels]).toEqual(["a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4", "e4", "f4", "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7"]);
    expect(around(g, "a1")).toEqual(["a4", "d1"]);
    expect(around(g, "d2")).toEqual(["b2", "d1", "d3", "f2"]);
    expect(around(g, "d6")).toEqual(["b6", "d5", "d7", "f6"]);
    // A side is one straight line: a step E from a7 reaches d7, then g7.
    const t = g.topology, e = t.dirNames.indexOf("E");
    expect(t.labels[t.step[e * t.n + at(g, "d7")]!]).toBe("g7");
  });

  it("join-corners:true adds the diagonals between neighbouring squares' corners; midpoints:false leaves the middles out", () => {
    expect(around(board("(concentric-polygons 4 3 join-corners:true)"), "b2")).toEqual(["a1", "b4", "c3", "d2"]);
    const corners = board("(concentric-polygons 4 2 midpoints:false join-corners:true)");
    expect(corners.topology.n).toBe(8);
    expect(around(corners, "a1")).toEqual(["a4", "b2", "d1"]);
  });

  it("triangles and hexagons: a point at every corner and side's middle, rings joined between them", () => {
    const tri = board("(concentric-polygons 3 3)"), hex = board("(concentric-polygons 6 2 join-corners:true)");
    expect(tri.topology.n).toBe(18);
    expect(hex.topology.n).toBe(24);
    const degrees = (g: ReturnType<typeof board>) => [...g.topology.labels].map((l) => around(g, l).length).sort();
    // Every point of two hexagons joined at corners and midpoints: two neighbours round its ring, one across.
    expect(degrees(hex)).toEqual(Array(24).fill(3));
    // Triangles joined at their midpoints: corners have only their ring; the middle ring's midpoints are joined both ways.
    expect(degrees(tri)).toEqual([...Array(9).fill(2), ...Array(6).fill(3), ...Array(3).fill(4)]);
  });

  it("needs three sides or more (S001)", () => {
    expect(onlyError(text({ board: "(concentric-polygons 2 3)", play: "(step)" }), "S001", "2", "(concentric-polygons 2 3)").message).toContain("too small");
  });
});

describe("(hex SIZE diagonals:true)", () => {
  it("adds the six diagonals: to the cell beyond each corner, two edge steps away", () => {
    const g = board("(hex 3 layout:columns diagonals:true)");
    const t = g.topology;
    expect(t.dirNames).toEqual(["N", "NE", "SE", "S", "SW", "NW", "NNE", "E", "SSE", "SSW", "W", "NNW"]);
    // The centre cell: six edge neighbours and six diagonal ones, every other cell of the board.
    const centre = at(g, "c3");
    expect(neighbours(t, centre)).toHaveLength(12);
    const step = (from: string, dir: string) => t.labels[t.step[t.dirNames.indexOf(dir) * t.n + at(g, from)]!];
    // A diagonal is two edge steps: N then NE.
    expect(step("c3", "NNE")).toBe(step(step("c3", "N")!, "NE"));
    expect(step("c3", "E")).toBe(step(step("c3", "NE")!, "SE"));
    // Opposite diagonals lead back.
    expect(step(step("c3", "SSW")!, "NNE")).toBe("c3");
  });

  it("rows layout: ENE N WNW WSW S ESE; without diagonals:true a hex board keeps its six directions", () => {
    expect(board("(hex 3 diagonals:true)").topology.dirNames.slice(6)).toEqual(["ENE", "N", "WNW", "WSW", "S", "ESE"]);
    expect(board("(hex 3)").topology.dirNames).toEqual(["E", "NE", "NW", "W", "SW", "SE"]);
  });

  it("a bishop slides along the diagonals, a king steps to all twelve cells, a knight's leap keeps its legs on the edges", () => {
    const g = build({
      board: "(hex 6 layout:columns diagonals:true)",
      items: "(piece king) (piece knight)",
      start: "",
      play: "(either (slide piece:{man} dirs:{NNE E SSE SSW W NNW} range:any through:(empty site) to:(empty to)) (step piece:{king} to:(empty to)) (leap piece:{knight} paths:{{N N NE}}))",
    });
    const count = (type: string, label: string) => {
      const s = loadPosition(g, { mover: "P1", sites: { [label]: { piece: type, owner: "P1" } } });
      return notations(g, s).length;
    };
    // f6 is the centre of a hexhex of side 6: each diagonal runs two cells from it before the edge.
    expect(count("king", "f6")).toBe(12);
    expect(count("man", "f6")).toBe(12);
    // A knight's {N N NE} turned two directions at a time, and mirrored: 12 leaps from the centre.
    expect(count("knight", "f6")).toBe(12);
  });
});

describe("(colour-of SITE) on a board of hexagons", () => {
  it("is one of three colours, no two neighbouring cells alike, each a third of a hexhex board round its centre", () => {
    for (const shape of ["(hex 5)", "(hex 5 layout:columns)", "(hex 4 shape:rhombus layout:columns)"]) {
      const colours = ["a1", "a2", "b2"].map((l) => {
        const g = build({ board: shape, play: `(add piece:man to:(in to (colour-of ${l})) prefix:"")` });
        return new Set(notations(g, g.newGame()));
      });
      const g = board(shape), t = g.topology;
      // a1, a2 and b2 are mutual neighbours: three colours that split the board.
      expect(colours.reduce((k, c) => k + c.size, 0), shape).toBe(t.n);
      for (const c of colours) for (const label of c) for (const m of around(g, label)) expect(c.has(m), `${shape}: ${label} and ${m}`).toBe(false);
    }
  });
});
