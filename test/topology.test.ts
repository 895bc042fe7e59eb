import { describe, it, expect } from "vitest";
import { hexBoard, squareBoard } from "../src/engine/board/boards.js";
import { dirIndex, neighbours, NO_SITE, siteIndex, type Topology } from "../src/engine/board/topology.js";

/** Number of sites by neighbour count. */
function histogram(t: Topology): Record<number, number> {
  const h: Record<number, number> = {};
  for (let i = 0; i < t.n; i++) {
    const k = neighbours(t, i).length;
    h[k] = (h[k] ?? 0) + 1;
  }
  return h;
}

function site(t: Topology, label: string): number {
  const s = siteIndex(t, label);
  if (s < 0) throw new Error(`no site ${label}`);
  return s;
}

/** The label reached from `from` by one step in direction `dir`, or null off the board. */
function go(t: Topology, from: string, dir: string): string | null {
  const d = dirIndex(t, dir);
  if (d < 0) throw new Error(`no direction ${dir}`);
  const to = t.step[d * t.n + site(t, from)]!;
  return to === NO_SITE ? null : t.labels[to]!;
}

function neighbourLabels(t: Topology, label: string): string[] {
  return neighbours(t, site(t, label))
    .map((s) => t.labels[s]!)
    .sort();
}

function region(t: Topology, name: string): string[] {
  const r = t.regions.get(name);
  if (!r) throw new Error(`no region ${name}`);
  return Array.from(r, (s) => t.labels[s]!).sort();
}

describe("square boards", () => {
  it("has cols x rows sites labelled a1 (bottom left) row by row", () => {
    const t = squareBoard(3, 4, "none");
    expect(t.n).toBe(12);
    expect(t.labels).toEqual(["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3", "a4", "b4", "c4"]);
    expect(t.dirNames).toEqual(["N", "E", "S", "W"]);
    expect(t.shape).toBe("square");
  });

  it("diagonals:none joins orthogonal neighbours only", () => {
    const t = squareBoard(3, 4, "none");
    // corners 2, edges 3, inner 4
    expect(histogram(t)).toEqual({ 2: 4, 3: 6, 4: 2 });
    expect(neighbourLabels(t, "b2")).toEqual(["a2", "b1", "b3", "c2"]);
    expect(go(t, "a1", "N")).toBe("a2");
    expect(go(t, "a1", "E")).toBe("b1");
    expect(go(t, "a1", "S")).toBeNull();
    expect(go(t, "a1", "W")).toBeNull();
    expect(dirIndex(t, "NE")).toBe(-1);
  });

  it("diagonals:all adds the four diagonal neighbours", () => {
    const t = squareBoard(3, 4, "all");
    expect(t.dirNames).toEqual(["N", "E", "S", "W", "NE", "SE", "SW", "NW"]);
    expect(histogram(t)).toEqual({ 3: 4, 5: 6, 8: 2 });
    expect(neighbourLabels(t, "b2")).toEqual(["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"]);
    expect(go(t, "b2", "NE")).toBe("c3");
    expect(go(t, "b2", "SW")).toBe("a1");
    expect(go(t, "c4", "NE")).toBeNull();
  });

  it("opposite directions point back", () => {
    const t = squareBoard(4, 4, "all");
    t.dirNames.forEach((d, i) => {
      const o = t.opposite[i]!;
      expect(o).toBeGreaterThanOrEqual(0);
      for (let s = 0; s < t.n; s++) {
        const to = t.step[i * t.n + s]!;
        if (to !== NO_SITE) expect(t.step[o * t.n + to], `${t.labels[s]} ${d}`).toBe(s);
      }
    });
  });

  it("builds the edge regions", () => {
    const t = squareBoard(3, 3, "none");
    expect(region(t, "edge-bottom")).toEqual(["a1", "b1", "c1"]);
    expect(region(t, "edge-top")).toEqual(["a3", "b3", "c3"]);
    expect(region(t, "edge-left")).toEqual(["a1", "a2", "a3"]);
    expect(region(t, "edge-right")).toEqual(["c1", "c2", "c3"]);
    expect(region(t, "edge")).toEqual(["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"]);
    expect(region(t, "all")).toHaveLength(9);
  });

  it("looks labels up case-insensitively and rejects unknown ones", () => {
    const t = squareBoard(3, 3, "none");
    expect(siteIndex(t, "B2")).toBe(siteIndex(t, "b2"));
    expect(siteIndex(t, "b2")).toBe(4);
    expect(siteIndex(t, "d1")).toBe(NO_SITE);
    expect(siteIndex(t, "a0")).toBe(NO_SITE);
  });

  it("labels wide boards past z with two letters", () => {
    const t = squareBoard(28, 1, "none");
    expect(t.labels[25]).toBe("z1");
    expect(t.labels[26]).toBe("aa1");
    expect(t.labels[27]).toBe("ab1");
  });
});

describe("the Dablot board: squareBoard(6, 7, centres)", () => {
  const t = squareBoard(6, 7, "centres");

  it("has 72 points: 42 main and 30 centres", () => {
    expect(t.n).toBe(72);
    expect(region(t, "main")).toHaveLength(42);
    expect(region(t, "centres")).toHaveLength(30);
    const main = new Set(region(t, "main"));
    expect(region(t, "centres").some((l) => main.has(l))).toBe(false);
    expect(new Set(t.labels).size).toBe(72);
  });

  it("has the neighbour counts the dossier implies", () => {
    // Dossier: a main point joins up to 4 main points (+-2,0)/(0,+-2) and up to 4 centres (+-1,+-1);
    // a centre joins its square's 4 corners only. So: 4 main corners have 2 + 1 = 3; the
    // (6-2)*2 + (7-2)*2 = 18 other edge main points have 3 + 2 = 5; the 4 * 5 = 20 inner main points
    // have 4 + 4 = 8; the 30 centres have 4.
    expect(histogram(t)).toEqual({ 3: 4, 4: 30, 5: 18, 8: 20 });
    for (const c of ["a1", "k1", "a13", "k13"]) expect(neighbours(t, site(t, c))).toHaveLength(3);
  });

  it("joins centre points only diagonally, to the corners of their square", () => {
    for (const label of region(t, "centres")) {
      for (const d of ["N", "E", "S", "W"]) expect(go(t, label, d), `${label} ${d}`).toBeNull();
      expect(neighbours(t, site(t, label))).toHaveLength(4);
    }
    expect(neighbourLabels(t, "b2")).toEqual(["a1", "a3", "c1", "c3"]);
    expect(neighbourLabels(t, "j6")).toEqual(["i5", "i7", "k5", "k7"]);
  });

  it("joins main points orthogonally two apart and diagonally to centres", () => {
    expect(neighbourLabels(t, "c5")).toEqual(["a5", "b4", "b6", "c3", "c7", "d4", "d6", "e5"]);
    expect(go(t, "a1", "N")).toBe("a3");
    expect(go(t, "a1", "E")).toBe("c1");
    expect(go(t, "a1", "NE")).toBe("b2");
    expect(go(t, "a1", "NW")).toBeNull();
    // two centre points are never adjacent
    const centres = new Set(region(t, "centres"));
    for (const c of centres) expect(neighbourLabels(t, c).some((l) => centres.has(l))).toBe(false);
  });

  it("has the labels the dossier names (kings, princes, corners)", () => {
    for (const l of ["k7", "j6", "a7", "b8", "a1", "k13", "b2", "j12"]) expect(siteIndex(t, l), l).toBeGreaterThanOrEqual(0);
    expect(region(t, "centres")).toEqual(expect.arrayContaining(["j6", "b8"]));
    expect(region(t, "main")).toEqual(expect.arrayContaining(["k7", "a7"]));
    // labels that would be off the lattice
    for (const l of ["b1", "a2", "l1", "a14", "c2"]) expect(siteIndex(t, l), l).toBe(NO_SITE);
  });

  it("gives jumps of (+-2, +-2) and (+-4, 0) along one line", () => {
    // main point over a centre to the opposite corner
    expect(go(t, "c5", "NE")).toBe("d6");
    expect(go(t, "d6", "NE")).toBe("e7");
    expect(go(t, "e7", "SW")).toBe("d6");
    expect(go(t, "d6", "SW")).toBe("c5");
    // centre point over a main point to the next centre on the diagonal
    expect(go(t, "b2", "NE")).toBe("c3");
    expect(go(t, "c3", "NE")).toBe("d4");
    // orthogonal: main over main
    expect(go(t, "a1", "N")).toBe("a3");
    expect(go(t, "a3", "N")).toBe("a5");
    expect(go(t, "k13", "W")).toBe("i13");
    expect(go(t, "i13", "W")).toBe("g13");
  });

  it("has the edge regions on main points only", () => {
    expect(region(t, "edge-bottom")).toEqual(["a1", "c1", "e1", "g1", "i1", "k1"]);
    expect(region(t, "edge-left")).toEqual(["a1", "a11", "a13", "a3", "a5", "a7", "a9"]);
    expect(region(t, "edge")).toHaveLength(22);
  });
});

describe("hex boards", () => {
  for (const layout of ["columns", "rows"] as const) {
    it(`hexBoard(5, ${layout}) has 61 sites with 6 corners (3), 18 edge sites (4), 37 inner sites (6)`, () => {
      const t = hexBoard(5, layout);
      expect(t.n).toBe(61);
      expect(new Set(t.labels).size).toBe(61);
      expect(histogram(t)).toEqual({ 3: 6, 4: 18, 6: 37 });
      expect(region(t, "edge")).toHaveLength(24);
      expect(t.shape).toBe(`hex-${layout}`);
    });
  }

  describe("columns layout (Benediction)", () => {
    const t = hexBoard(5, "columns");

    it("labels columns a..i of 5..9..5 points from the bottom", () => {
      const sizes = "abcdefghi".split("").map((c) => t.labels.filter((l) => l.startsWith(c)).length);
      expect(sizes).toEqual([5, 6, 7, 8, 9, 8, 7, 6, 5]);
      for (const l of ["a1", "a5", "i1", "i5", "e1", "e9"]) expect(siteIndex(t, l), l).toBeGreaterThanOrEqual(0);
      for (const l of ["a6", "e10", "i6", "j1"]) expect(siteIndex(t, l), l).toBe(NO_SITE);
      expect(t.dirNames).toEqual(["N", "NE", "SE", "S", "SW", "NW"]);
    });

    it("has e1 as the bottom corner and e9 as the top corner", () => {
      expect(neighbourLabels(t, "e1")).toEqual(["d1", "e2", "f1"]);
      expect(go(t, "e1", "S")).toBeNull();
      expect(neighbourLabels(t, "e9")).toEqual(["d8", "e8", "f8"]);
      expect(go(t, "e9", "N")).toBeNull();
      expect(neighbours(t, site(t, "e5"))).toHaveLength(6);
    });

    it("steps as the Benediction dossier's examples say", () => {
      expect(go(t, "d3", "NE")).toBe("e4");
      expect(go(t, "e4", "NE")).toBe("f4");
      expect(go(t, "f4", "NW")).toBe("e5");
      expect(go(t, "e5", "NW")).toBe("d5");
      expect(go(t, "e1", "NE")).toBe("f1");
      expect(go(t, "e1", "NW")).toBe("d1");
      expect(go(t, "e5", "N")).toBe("e6");
      expect(go(t, "e5", "S")).toBe("e4");
    });

    it("has the dossier's grid lines (NE line from a1, SE line from a5)", () => {
      const line = (from: string, dir: string) => {
        const out = [from];
        for (let l = go(t, from, dir); l; l = go(t, l, dir)) out.push(l);
        return out.join(" ");
      };
      expect(line("a1", "NE")).toBe("a1 b2 c3 d4 e5 f5 g5 h5 i5");
      expect(line("a5", "SE")).toBe("a5 b5 c5 d5 e5 f4 g3 h2 i1");
      expect(line("b1", "NE")).toBe("b1 c2 d3 e4 f4 g4 h4 i4");
      expect(line("e1", "N")).toBe("e1 e2 e3 e4 e5 e6 e7 e8 e9");
    });

    it("has the walls as column bottoms and tops", () => {
      expect(region(t, "column-bottoms")).toEqual(["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1"]);
      expect(region(t, "column-tops")).toEqual(["a5", "b6", "c7", "d8", "e9", "f8", "g7", "h6", "i5"]);
    });

    it("renames directions when asked", () => {
      const r = hexBoard(5, "columns", ["up", "ur", "dr", "down", "dl", "ul"]);
      expect(r.dirNames).toEqual(["up", "ur", "dr", "down", "dl", "ul"]);
      expect(go(r, "d3", "ur")).toBe("e4");
    });
  });

  describe("rows layout (Beset)", () => {
    const t = hexBoard(5, "rows");
    // Beset dossier: axial (q, r), rows a..i top to bottom with r = row - 4, cells from the left,
    // q = max(-4, -4 - r) + index - 1.
    const axial = (label: string): [number, number] => {
      const r = label.charCodeAt(0) - 97 - 4;
      const q = Math.max(-4, -4 - r) + Number(label.slice(1)) - 1;
      return [q, r];
    };
    const labelOf = (q: number, r: number): string | null => {
      if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) > 4) return null;
      return String.fromCharCode(97 + r + 4) + (q - Math.max(-4, -4 - r) + 1);
    };

    it("labels rows a..i of 5..9..5 cells, a1..a5 at the top", () => {
      const sizes = "abcdefghi".split("").map((c) => t.labels.filter((l) => l.startsWith(c)).length);
      expect(sizes).toEqual([5, 6, 7, 8, 9, 8, 7, 6, 5]);
      expect(region(t, "row-a")).toEqual(["a1", "a2", "a3", "a4", "a5"]);
      expect(region(t, "row-e")).toEqual(["e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9"]);
      expect(siteIndex(t, "i5")).toBeGreaterThanOrEqual(0);
      expect(siteIndex(t, "i6")).toBe(NO_SITE);
      expect(t.dirNames).toEqual(["E", "NE", "NW", "W", "SW", "SE"]);
    });

    it("has e5 as the centre, with six neighbours", () => {
      expect(neighbourLabels(t, "e5")).toEqual(["d4", "d5", "e4", "e6", "f4", "f5"]);
      expect(go(t, "e5", "E")).toBe("e6");
      expect(go(t, "e5", "W")).toBe("e4");
      expect(go(t, "e5", "NE")).toBe("d5");
      expect(go(t, "e5", "NW")).toBe("d4");
      expect(go(t, "e5", "SW")).toBe("f4");
      expect(go(t, "e5", "SE")).toBe("f5");
    });

    it("matches the dossier's axial neighbours for every cell", () => {
      const deltas: Record<string, [number, number]> = { E: [1, 0], W: [-1, 0], NW: [0, -1], SE: [0, 1], NE: [1, -1], SW: [-1, 1] };
      for (const label of t.labels) {
        const [q, r] = axial(label);
        expect(labelOf(q, r)).toBe(label);
        for (const [d, [dq, dr]] of Object.entries(deltas)) expect(go(t, label, d), `${label} ${d}`).toBe(labelOf(q + dq, r + dr));
      }
    });

    it("has the corners with three neighbours", () => {
      for (const l of ["a1", "a5", "e1", "e9", "i1", "i5"]) expect(neighbours(t, site(t, l)), l).toHaveLength(3);
      expect(region(t, "row-starts")).toEqual(["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1"]);
      expect(region(t, "row-ends")).toEqual(["a5", "b6", "c7", "d8", "e9", "f8", "g7", "h6", "i5"]);
    });
  });

  it("hexBoard(7, columns) has 127 sites, columns a..m, the middle column g1..g13", () => {
    const t = hexBoard(7, "columns");
    expect(t.n).toBe(127);
    expect(histogram(t)).toEqual({ 3: 6, 4: 30, 6: 91 });
    expect(siteIndex(t, "g13")).toBeGreaterThanOrEqual(0);
    expect(siteIndex(t, "g14")).toBe(NO_SITE);
    expect(t.labels.filter((l) => l.startsWith("g"))).toHaveLength(13);
    expect(t.labels.at(-1)).toBe("m7");
    expect(siteIndex(t, "n1")).toBe(NO_SITE);
  });
});

describe("hex triangles and limping hexagons", () => {
  const around = (t: Topology) => new Map(t.labels.map((l, i) => [l, neighbours(t, i).map((j) => t.labels[j]).sort()]));

  it("a triangle of side n has n(n+1)/2 cells, three corners of two neighbours, and row a at its point", () => {
    const t = hexBoard(4, "rows", undefined, "triangle");
    expect(t.n).toBe(10);
    const degrees = t.labels.map((_, i) => neighbours(t, i).length);
    expect(degrees.filter((d) => d === 2)).toHaveLength(3);
    expect(degrees.filter((d) => d === 6)).toHaveLength(1);
    expect(around(t).get("a1")).toEqual(["b1", "b2"]);
    expect(around(t).get("c2")).toEqual(["b1", "b2", "c1", "c3", "d2", "d3"]);
    expect(t.regions.get("edge")!.length).toBe(9);
  });

  it("a limping hexagon of n has 3n^2 cells, sides of n and n+1 in turn round it", () => {
    const t = hexBoard(3, "rows", undefined, "limping");
    expect(t.n).toBe(27);
    expect(t.labels.filter((l) => l.startsWith("a"))).toHaveLength(4);
    expect(t.labels.filter((l) => l.startsWith("f"))).toHaveLength(3);
    // The outline: 6 corners, sides of 3 and 4 cells (each corner on two sides): 3 x (3 + 4) - 6.
    expect(t.regions.get("edge")!.length).toBe(15);
    expect(t.labels.map((_, i) => neighbours(t, i).length).filter((d) => d === 6)).toHaveLength(12);
  });

  it("a rectangle has rows of equal length, every other one half a cell to the right, so its sides zigzag", () => {
    const t = hexBoard(5, "rows", undefined, "rectangle", 3);
    expect(t.n).toBe(15);
    for (const row of ["a", "b", "c"]) expect(t.labels.filter((l) => l.startsWith(row))).toHaveLength(5);
    // a1 at the top left corner has two neighbours; b1, half a cell in, has five; c1 stands under a1.
    expect(around(t).get("a1")).toEqual(["a2", "b1"]);
    expect(around(t).get("b1")).toEqual(["a1", "a2", "b2", "c1", "c2"]);
    expect(t.drawX[siteIndex(t, "c1")]).toBe(t.drawX[siteIndex(t, "a1")]);
    expect(t.drawX[siteIndex(t, "b1")]).toBeGreaterThan(t.drawX[siteIndex(t, "a1")]!);
    expect(t.regions.get("edge")!.length).toBe(12);
    expect(hexBoard(4, "rows", undefined, "rectangle").n).toBe(16);
  });

  it("in columns is the same board turned: the same cells next to each other under the same labels", () => {
    for (const shape of ["triangle", "limping", "rectangle"] as const) {
      const rows = hexBoard(3, "rows", undefined, shape), columns = hexBoard(3, "columns", undefined, shape);
      expect(around(columns)).toEqual(around(rows));
      // Turned a quarter: a column's cells stand one above the other.
      const a1 = siteIndex(columns, "a1"), a2 = siteIndex(columns, shape === "triangle" ? "b2" : "a2");
      const from = shape === "triangle" ? siteIndex(columns, "b1") : a1;
      expect(columns.drawX[from]).toBe(columns.drawX[a2]);
      expect(columns.drawY[from]).toBeGreaterThan(columns.drawY[a2]!);
      expect(a1).toBeGreaterThanOrEqual(0);
    }
  });
});
