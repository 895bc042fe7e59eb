/**
 * A board of triangular cells, `(tri N on:cells)` (Ludii's `(tri ...)` played on its cells): cells
 * pointing up and down, meeting by their sides (the board's own directions) and by their corners
 * (directions followed where a rule names them), their two orientations as regions and colours,
 * cells left out with `holes:`, and the board drawn as triangles.
 */
import { describe, expect, it } from "vitest";
import { dirIndex, NO_SITE, siteIndex, type Topology } from "../src/engine/board/topology.js";
import { renderBoardSvg } from "../src/view/svg.js";
import { build, man, notations, onlyError, play, site, text } from "./support/games.js";

const sorted = (t: Topology, sites: Iterable<number>): string[] => [...sites].map((s) => t.labels[s]!).sort();
const region = (t: Topology, name: string): string[] => sorted(t, t.regions.get(name)!);
const go = (t: Topology, from: string, dir: string): string | null => {
  const s = t.step[dirIndex(t, dir) * t.n + siteIndex(t, from)]!;
  return s === NO_SITE ? null : t.labels[s]!;
};
/** Where each of the directions leads from a cell (those that lead somewhere). */
const round = (t: Topology, from: string, dirs: string[]): Record<string, string> =>
  Object.fromEntries(dirs.flatMap((d) => (go(t, from, d) ? [[d, go(t, from, d)!]] : [])));
const SIDES = ["N", "ENE", "ESE", "S", "WSW", "WNW"];
const CORNERS = ["E", "NNE", "NNW", "W", "SSW", "SSE"];
const FAR = ["far-N", "far-ENE", "far-ESE", "far-S", "far-WSW", "far-WNW"];
const BIZINGO = "(tri 14 on:cells holes:(sites {a1 b1 b2 b3 l1 l23 m1 m2 m3 m23 m24 m25}))";

describe("tri on:cells", () => {
  it("makes the little triangles of the grid its sites: rows from the top, cells numbered from the left", () => {
    const t = build({ board: "(tri 3 on:cells)", play: "(step)" }).topology;
    expect(t.labels).toEqual(["a1", "b1", "b2", "b3"]);
    expect(region(t, "upward")).toEqual(["a1", "b1", "b3"]);
    expect(region(t, "downward")).toEqual(["b2"]);
    // The cell pointing down meets the three others by a side: N, WSW and ESE; a cell pointing up has ENE, WNW and S.
    expect(round(t, "b2", SIDES)).toEqual({ N: "a1", WSW: "b1", ESE: "b3" });
    expect(round(t, "a1", SIDES)).toEqual({ S: "b2" });
    expect(round(t, "b1", SIDES)).toEqual({ ENE: "b2" });
    expect(region(t, "edge")).toEqual(["a1", "b1", "b3"]);
    expect(region(t, "outer")).toEqual(["a1", "b1", "b2", "b3"]);
    expect(t.n).toBe(4);
    expect(build({ board: "(tri 14 on:cells)", play: "(step)" }).topology.n).toBe(169);
    // Hexagons of points (Ludii's (tri Hexagon 7), Inkblots' board: 216 cells), a rhombus of points.
    expect(build({ board: "(tri 3 shape:hexagon on:cells)", play: "(step)" }).topology.n).toBe(24);
    expect(build({ board: "(tri 7 shape:hexagon on:cells)", play: "(step)" }).topology.n).toBe(216);
    expect(build({ board: "(tri 4 shape:rhombus on:cells)", play: "(step)" }).topology.n).toBe(18);
  });

  it("reaches the three cells across its sides, the six of its colour round its corners and the three beyond them", () => {
    const t = build({ board: "(tri 8 on:cells)", play: "(step)" }).topology;
    // Row d of 7 cells: d5 points up (odd numbers), d4 down.
    expect(round(t, "d5", SIDES)).toEqual({ ENE: "d6", WNW: "d4", S: "e6" });
    expect(round(t, "d5", CORNERS)).toEqual({ E: "d7", W: "d3", NNE: "c5", NNW: "c3", SSW: "e5", SSE: "e7" });
    expect(round(t, "d5", FAR)).toEqual({ "far-N": "c4", "far-WSW": "e4", "far-ESE": "e8" });
    expect(round(t, "d4", SIDES)).toEqual({ N: "c3", WSW: "d3", ESE: "d5" });
    expect(round(t, "d4", CORNERS)).toEqual({ E: "d6", W: "d2", NNE: "c4", NNW: "c2", SSW: "e4", SSE: "e6" });
    expect(round(t, "d4", FAR)).toEqual({ "far-S": "e5", "far-ENE": "c5", "far-WNW": "c1" });
    // Round its corners a cell touches only cells of its colour, across its sides and beyond its corners only the other colour.
    const up = new Set(t.regions.get("upward")!);
    for (let s = 0; s < t.n; s++) {
      for (const d of [...SIDES, ...CORNERS, ...FAR]) {
        const u = t.step[dirIndex(t, d) * t.n + s]!;
        if (u !== NO_SITE) expect(up.has(u)).toBe(CORNERS.includes(d) === up.has(s));
      }
    }
  });

  it("steps across the sides in every direction, and round the corners where the rule names them", () => {
    const g = build({ board: "(tri 7 on:cells)", start: "(place man P1 (sites {d5}))", play: "(step)" });
    expect(notations(g, g.newGame())).toEqual(["d5-d4", "d5-d6", "d5-e6"]);
    const corners = build({ board: "(tri 7 on:cells)", start: "(place man P1 (sites {d5}))", play: "(step dirs:{E NNE NNW W SSW SSE})" });
    expect(notations(corners, corners.newGame())).toEqual(["d5-c3", "d5-c5", "d5-d3", "d5-d7", "d5-e5", "d5-e7"]);
  });

  it("gives its two colours as colour-of, and adjacency (near, count-near) along the sides", () => {
    const g = build({
      board: "(tri 5 on:cells)",
      start: "(place man P1 (sites {b2 d4}))",
      play: "(add piece:man to:(and (empty to) (in to (colour-of a1)) (= (count-near to (occupied site)) 0)))",
    });
    const t = g.topology;
    expect(t.labels).toEqual(["a1", "b1", "b2", "b3", "c1", "c2", "c3", "c4", "c5", "d1", "d2", "d3", "d4", "d5", "d6", "d7"]);
    expect(region(t, "upward")).toEqual(["a1", "b1", "b3", "c1", "c3", "c5", "d1", "d3", "d5", "d7"]);
    // The cells pointing up with no occupied cell across a side: b2's sides are a1 b1 b3, d4's d3 d5 (and c3 above it).
    expect(notations(g, g.newGame())).toEqual(["*c1", "*c5", "*d1", "*d7"]);
    const down = build({ board: "(tri 5 on:cells)", play: "(add piece:man to:(and (empty to) (in to (colour-of b2))))" });
    expect(notations(down, down.newGame())).toEqual(["*b2", "*c2", "*c4", "*d2", "*d4", "*d6"]);
  });

  it("cuts cells with holes:, the others keeping their labels (Bizingo's board: a triangle of 13 cells a side, its corners cut)", () => {
    const t = build({ board: BIZINGO, play: "(step)" }).topology;
    expect(t.n).toBe(157);
    expect(siteIndex(t, "a1")).toBe(NO_SITE);
    expect(t.labels.slice(0, 3)).toEqual(["c1", "c2", "c3"]);
    expect(region(t, "upward").length).toBe(82);
    expect(region(t, "downward").length).toBe(75);
    // Ludii's (sites Outer) of the board: 60 cells touch the outline.
    expect(region(t, "outer").length).toBe(60);
    expect(region(t, "edge").length).toBe(33);
    // m4 lost its neighbour m3: it has only the sides N and ESE left.
    expect(round(t, "m4", SIDES)).toEqual({ N: "l3", ESE: "m5" });
  });

  it("encloses a piece by its sides: three in the middle, two where the board's edge is its third side", () => {
    const surround = "(step dirs:{E NNE NNW W SSW SSE} then:{(surround to target:(enemy site) hostile:(friend site) do:{(remove site)})})";
    // c4 (down) has the sides b3, c3 and c5; P1 holds b3 and c3, and closes the ring from d5 to c5.
    const g = build({ board: "(tri 5 on:cells)", start: "(place man P1 (sites {b3 c3 d5})) (place man P2 (sites {c4}))", play: surround });
    const s = play(g, g.newGame(), "d5-c5");
    expect(site(g, s, "c4")).toBeNull();
    expect(site(g, s, "c5")).toEqual(man("P1"));
    // d2 (down, on the bottom edge) has two sides, d1 and d3 (c1 across its top): two enclose it.
    const edge = build({ board: "(tri 5 on:cells)", start: "(place man P1 (sites {d1 c3})) (place man P2 (sites {d4 c2}))", play: surround });
    const e = play(edge, edge.newGame(), "c3-d3");
    expect(site(edge, e, "c2")).toEqual(man("P2"));
    expect(site(edge, e, "d4")).toEqual(man("P2"));
  });

  it("is drawn as triangles, each cell with its colour", () => {
    const g = build({ board: "(tri 4 on:cells)", start: "(place man P1 (sites {a1}))", play: "(step)" });
    const svg = renderBoardSvg(g, g.newGame());
    expect(svg).toContain('class="board triangles"');
    expect(svg.match(/<polygon class="(light|dark)"/g)!.length).toBe(9);
    expect(svg.match(/<polygon class="light"/g)!.length).toBe(6);
  });

  it("reports misuse where it is written", () => {
    onlyError(text({ board: "(tri 5 holes:(sites {a1}))", play: "(step)" }), "M004", "(sites {a1})");
    onlyError(text({ board: "(tri 5 on:cells dirs:{A B C D E F})", play: "(step)" }), "M004", "{A B C D E F}");
    onlyError(text({ board: "(tri 3 on:cells holes:all)", play: "(step)" }), "M004", "all", "holes:all");
    onlyError(text({ board: "(tri 3 on:cells holes:(sites {a1 z9}))", play: "(step)" }), "M001", "z9");
    onlyError(text({ board: "(tri 3 on:cells)", play: "(step dirs:{NE})" }), "M001", "NE");
  });
});
