/**
 * Connection goals followed from one site: the corners and sides a group touches, and rings.
 */
import { describe, expect, it } from "vitest";
import { hexBoard, squareBoard } from "../src/engine/boards.js";
import { boardOutline } from "../src/engine/connection.js";
import { loadPosition } from "../src/engine/position.js";
import { neighbours } from "../src/engine/topology.js";
import { build, play } from "./support/games.js";

describe("the board's outline", () => {
  it("a hexhex board has six corners and six sides, corners belonging to no side", () => {
    const o = boardOutline(hexBoard(4, "rows"));
    expect(o.corners).toBe(6);
    expect(o.sides).toBe(6);
    const perSide = new Map<number, number>();
    o.side.forEach((k) => k >= 0 && perSide.set(k, (perSide.get(k) ?? 0) + 1));
    expect([...perSide.values()]).toEqual([2, 2, 2, 2, 2, 2]);
    o.corner.forEach((k, s) => k >= 0 && expect(o.side[s]).toBe(-1));
  });

  it("a square board has four corners and four sides", () => {
    const o = boardOutline(squareBoard(5, 5, "none"));
    expect([o.corners, o.sides]).toEqual([4, 4]);
  });
});

describe("group-corners, group-sides, closes-ring", () => {
  const g = build({
    board: "(hex 4)",
    play: `(add piece:man to:(empty to) prefix:"")`,
    end: `(if (closes-ring to) (win mover) reason:"ring") (if (>= (group-sides to) 3) (win mover) reason:"fork") (if (>= (group-corners to) 2) (win mover) reason:"bridge")`,
  });
  const topo = g.topology;
  const label = (i: number) => topo.labels[i]!;
  const stones = (owner: string, labels: string[]) => Object.fromEntries(labels.map((l) => [l, { piece: "man", owner }]));
  const why = (s: ReturnType<typeof play>) => (s.over ? g.endReason(s)!.text : "going on");

  it("a bridge joins two corners", () => {
    const s = loadPosition(g, { sites: { ...stones("P1", ["a1", "a2", "a3"]), ...stones("P2", ["d4"]) }, mover: "P1" });
    expect(why(play(g, s, "a4"))).toBe("bridge");
  });

  it("a fork touches three sides; corners are not sides", () => {
    // The d row crosses from the left corner d1 to the right corner d7: two corners, a bridge, not a fork.
    const row = loadPosition(g, { sites: stones("P1", ["d1", "d2", "d3", "d5", "d6", "d7"]), mover: "P1" });
    expect(why(play(g, row, "d4"))).toBe("bridge");
    // From the top side (a2) down to the bottom side (g2), with a branch to the upper-left side (c1).
    const chain = ["a2", "b2", "c2", "d2", "e2", "f2"];
    const fork = loadPosition(g, { sites: { ...stones("P1", [...chain, "c1"]), ...stones("P2", ["d6"]) }, mover: "P1" });
    expect(why(play(g, fork, "g2"))).toBe("fork");
    const twoSides = loadPosition(g, { sites: { ...stones("P1", chain), ...stones("P2", ["d6"]) }, mover: "P1" });
    expect(play(g, twoSides, "g2").over).toBe(false);
  });

  it("a ring of six around an empty cell, an enemy stone or an own stone wins; an open one does not", () => {
    const centre = topo.labels.indexOf("d4");
    const around = neighbours(topo, centre).map(label);
    expect(around).toHaveLength(6);
    const [last, ...rest] = around;
    for (const inside of [{}, stones("P2", ["d4"]), stones("P1", ["d4"])]) {
      const s = loadPosition(g, { sites: { ...stones("P1", rest), ...inside, ...stones("P2", ["a1"]) }, mover: "P1" });
      expect(why(play(g, s, last!)), JSON.stringify(inside)).toBe("ring");
    }
    // Five of six: the ring is open.
    const open = loadPosition(g, { sites: { ...stones("P1", rest.slice(1)), ...stones("P2", ["a1"]) }, mover: "P1" });
    expect(play(g, open, last!).over).toBe(false);
  });

  it("stones against the board's edge enclose nothing", () => {
    // Around the edge cell a2: its neighbours, all taken, but a2 is on the boundary.
    const edge = topo.labels.indexOf("a2");
    const around = neighbours(topo, edge).map(label);
    const [last, ...rest] = around;
    const s = loadPosition(g, { sites: { ...stones("P1", rest), ...stones("P2", ["g4"]) }, mover: "P1" });
    const after = play(g, s, last!);
    expect(after.over ? g.endReason(after)!.text : "going on").not.toBe("ring");
  });
});
