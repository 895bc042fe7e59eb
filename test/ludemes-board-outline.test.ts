/**
 * Board outlines and lines of the `square` board: `diagonals:alternating` (alquerque lines, a
 * diagonal through every other point) and `holes:` (grid sites left out, e.g. a cross-shaped
 * board), in the topology and in play.
 */
import { describe, expect, it } from "vitest";
import { squareBoard } from "../src/engine/board/boards.js";
import { loadPosition } from "../src/engine/state/position.js";
import { dirIndex, neighbours, NO_SITE, siteIndex, type Topology } from "../src/engine/board/topology.js";
import { renderBoard } from "../src/view/text.js";
import { build, man, notations, onlyError, text } from "./support/games.js";

const sorted = (t: Topology, sites: Iterable<number>): string[] => [...sites].map((s) => t.labels[s]!).sort();
const near = (t: Topology, label: string): string[] => sorted(t, neighbours(t, siteIndex(t, label)));
const go = (t: Topology, from: string, dir: string): string | null => {
  const s = t.step[dirIndex(t, dir) * t.n + siteIndex(t, from)]!;
  return s === NO_SITE ? null : t.labels[s]!;
};
const region = (t: Topology, name: string): string[] => sorted(t, t.regions.get(name)!);
const CROSS = "(difference all (union (columns c e) (rows 3 5)))";

describe("square diagonals:alternating", () => {
  const t = squareBoard(5, 5, "alternating");

  it("draws diagonal lines through the points of a1's colour only", () => {
    expect(t.dirNames).toEqual(["N", "E", "S", "W", "NE", "SE", "SW", "NW"]);
    expect(near(t, "a1")).toEqual(["a2", "b1", "b2"]);
    expect(near(t, "b1")).toEqual(["a1", "b2", "c1"]);
    expect(near(t, "b2")).toEqual(["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"]);
    expect(near(t, "c2")).toEqual(["b2", "c1", "c3", "d2"]);
    expect(go(t, "c3", "NE")).toBe("d4");
    expect(go(t, "d3", "NE")).toBeNull();
  });

  it("has the 16 diagonal segments of an alquerque board, each usable both ways", () => {
    let degrees = 0;
    for (let s = 0; s < t.n; s++) degrees += neighbours(t, s).length;
    expect(degrees / 2).toBe(40 + 16);
    t.dirNames.forEach((_, d) => {
      for (let s = 0; s < t.n; s++) {
        const to = t.step[d * t.n + s]!;
        if (to !== NO_SITE) expect(t.step[t.opposite[d]! * t.n + to]).toBe(s);
      }
    });
  });

  it("lets pieces step and jump diagonally only along those lines", () => {
    const g = build({ board: "(square 5 5 diagonals:alternating)", play: "(either (jump over:(enemy over)) (step))" });
    const onLine = loadPosition(g, { sites: { b2: man("P1"), c3: man("P2") }, mover: "P1" });
    expect(notations(g, onLine)).toContain("b2xd4");
    const offLine = loadPosition(g, { sites: { c2: man("P1"), d3: man("P2") }, mover: "P1" });
    expect(notations(g, offLine)).toEqual(["c2-b2", "c2-c1", "c2-c3", "c2-d2"]);
  });
});

describe("square holes:", () => {
  const g = build({ board: `(square 7 7 diagonals:alternating holes:${CROSS})`, play: "(either (jump over:(enemy over)) (step))" });
  const t = g.topology;

  it("leaves the holes out and keeps the grid's labels for the rest", () => {
    expect(t.n).toBe(33);
    expect(siteIndex(t, "a1")).toBe(NO_SITE);
    expect(siteIndex(t, "b2")).toBe(NO_SITE);
    expect(t.labels.slice(0, 7)).toEqual(["c1", "d1", "e1", "c2", "d2", "e2", "a3"]);
    expect(near(t, "c1")).toEqual(["c2", "d1", "d2"]);
    expect(near(t, "a3")).toEqual(["a4", "b3", "b4"]);
  });

  it("stops lines at a hole as at the border", () => {
    expect(go(t, "b3", "S")).toBeNull();
    expect(go(t, "c3", "SW")).toBeNull();
    const s = loadPosition(g, { sites: { c4: man("P1"), b4: man("P2"), c3: man("P2"), c2: man("P2") }, mover: "P1" });
    // a4 is beyond b4; beyond c3 (at c2) there is a piece; nothing lies beyond b3 towards the hole.
    expect(notations(g, s)).toEqual(["c4-c5", "c4-d4", "c4xa4"]);
  });

  it("makes the edge region the outline of what remains; the sides are the lowest row, leftmost column ...", () => {
    expect(region(t, "edge")).toHaveLength(20);
    expect(region(t, "edge")).toEqual(expect.arrayContaining(["b3", "c2", "c1", "a4", "c6"]));
    expect(region(t, "edge")).not.toContain("d2");
    expect(region(t, "edge-bottom")).toEqual(["c1", "d1", "e1"]);
    expect(region(t, "edge-left")).toEqual(["a3", "a4", "a5"]);
    expect(region(t, "centre")).toEqual(["d4"]);
  });

  it("reads the holes region on the whole grid: its labels and its own regions", () => {
    const plus = build({ board: "(square 3 3 holes:corners)", play: "(step)" });
    expect([...plus.topology.labels].sort()).toEqual(["a2", "b1", "b2", "b3", "c2"]);
    const ring = build({ board: "(square 3 3 holes:b2)", play: "(step)" });
    expect(near(ring.topology, "a2")).toEqual(["a1", "a3"]);
  });

  it("draws the board with its holes left blank", () => {
    const s = g.newGame();
    expect(renderBoard(g, s).split("\n")[0]).toBe("7      . . .");
  });

  it("reports a hole that is not on the grid, where it is written", () => {
    const src = text({ board: "(square 3 3 holes:(sites {a1 d4}))", play: "(step)" });
    const d = onlyError(src, "M001", "d4");
    expect(d.message).toContain("no site 'd4'");
  });

  it("reports holes that leave no board", () => {
    const src = text({ board: "(square 2 2 holes:all)", play: "(step)" });
    onlyError(src, "M004", "all", "holes:all");
  });
});
