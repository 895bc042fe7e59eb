/**
 * Places beyond a board's points, `(board SHAPE places:{edges faces})`: each edge (the line between
 * two neighbouring points) and each face (an area the lines enclose) a site of its own, labelled by
 * its points; regions `points`, `edges`, `faces`; places meeting by incidence (`via:incident` in
 * `near`, `count-near` and `forall`).
 */
import { describe, expect, it } from "vitest";
import { renderBoardSvg } from "../src/view/svg.js";
import { renderBoard } from "../src/view/text.js";
import { loadPosition } from "../src/engine/state/position.js";
import { at, block, build, man, onlyError, play, playAll, text } from "./support/games.js";

const dots = (board: string) => build({ board: `${board} drawn:points places:{edges faces}`, play: '(add piece:man at:edges to:(empty to) prefix:"")' });
const labelsOf = (g: ReturnType<typeof build>, region: string) => [...g.topology.regions.get(region)!].map((i) => g.topology.labels[i]);
const meets = (g: ReturnType<typeof build>, label: string) => {
  const { start, list } = g.topology.incident!, i = at(g, label);
  return [...list.subarray(start[i]!, start[i + 1]!)].map((j) => g.topology.labels[j]).sort();
};

describe("places:{edges faces}", () => {
  it("adds an edge per line between neighbouring points and a face per square they enclose, named by their points", () => {
    const g = dots("(square 3 3)");
    expect(labelsOf(g, "points")).toHaveLength(9);
    expect(labelsOf(g, "edges")).toEqual(["a1-b1", "a1-a2", "b1-c1", "b1-b2", "c1-c2", "a2-b2", "a2-a3", "b2-c2", "b2-b3", "c2-c3", "a3-b3", "b3-c3"]);
    expect(labelsOf(g, "faces")).toEqual(["a1-b1-b2-a2", "b1-c1-c2-b2", "a2-b2-b3-a3", "b2-c2-c3-b3"]);
    expect(g.topology.n).toBe(25);
  });

  it("says which places meet: a point and its edges, an edge and its ends and faces, a face and its edges", () => {
    const g = dots("(square 3 3)");
    expect(meets(g, "b2")).toEqual(["a2-b2", "b1-b2", "b2-b3", "b2-c2"]);
    expect(meets(g, "a1-b1")).toEqual(["a1", "a1-b1-b2-a2", "b1"]);
    expect(meets(g, "b1-b2")).toEqual(["a1-b1-b2-a2", "b1", "b1-c1-c2-b2", "b2"]);
    expect(meets(g, "a1-b1-b2-a2")).toEqual(["a1-a2", "a1-b1", "a2-b2", "b1-b2"]);
  });

  it("finds the triangles of a hexagonal board of points", () => {
    const g = build({ board: "(hex 2) places:{edges faces}", play: '(add piece:man at:edges to:(empty to) prefix:"")' });
    expect(labelsOf(g, "edges")).toHaveLength(12);
    expect(labelsOf(g, "faces")).toHaveLength(6);
    for (const f of labelsOf(g, "faces")) expect(f.split("-")).toHaveLength(3);
  });

  it("finds the little triangles of a triangular grid of points, (tri N)", () => {
    const g = build({ board: "(tri 4) places:{edges faces}", play: '(add piece:man at:edges to:(empty to) prefix:"")' });
    expect(labelsOf(g, "points")).toHaveLength(10);
    expect(labelsOf(g, "edges")).toHaveLength(18);
    // 6 pointing up and 3 pointing down.
    expect(labelsOf(g, "faces")).toHaveLength(9);
    expect(meets(g, "a1")).toEqual(["a1-b1", "a1-b2"]);
  });

  it("refuses faces on a board whose lines cross, naming two that do", () => {
    const src = text({ board: "(square 3 3 diagonals:all) places:{edges faces}", play: "(step)" });
    expect(onlyError(src, "M004", "{edges faces}").message).toMatch(/the board's lines [a-c][1-3]-[a-c][1-3] and [a-c][1-3]-[a-c][1-3] cross/);
    // Edges alone need no faces.
    expect(build({ board: "(square 3 3 diagonals:all) places:{edges}", play: "(step)" }).topology.regions.get("edges")!.length).toBe(20);
  });

  it("counts a face's edges still empty and acts on the faces next to an edge (a box closed by its fourth side)", () => {
    const g = build({
      board: "(square 3 3) drawn:points places:{edges faces}",
      play: `(add piece:man at:edges to:(empty to) prefix:"" then:{
        (forall (and (in site faces) (= (count-near site (empty site) via:incident) 0)) {(put site block mover) (add-score mover 1)} near:to via:incident)})`,
    });
    let s = playAll(g, g.newGame(), ["a1-b1", "b1-b2", "a1-a2"]);
    expect(s.score[0]! + s.score[1]!).toBe(0);
    s = play(g, s, "a2-b2");
    // The fourth side: the box is taken by P2, who drew it; the box next to it, with one side, is not.
    expect(Array.from(s.score)).toEqual([0, 1]);
    expect(s.piece[at(g, "a1-b1-b2-a2")]).toBe(1);
    expect(s.owner[at(g, "b1-c1-c2-b2")]).toBe(-1);
  });

  it("refuses via:incident on a board without places, where the rule asks for it", () => {
    const src = text({ play: "(add piece:man to:(and (empty to) (near to (empty site) via:incident)))" });
    expect(onlyError(src, "M004", "incident").message).toContain("this board has no edges or faces");
  });

  it("draws the places: every site once, none over another, a taken edge as a line in its owner's colour", () => {
    const g = dots("(square 3 3)");
    const s = play(g, g.newGame(), "a1-b1");
    const svg = renderBoardSvg(g, s);
    const sites = [...svg.matchAll(/<g class="site[^"]*" data-site="([^"]+)"[^>]*><circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/g)].map((m) => ({ x: Number(m[2]), y: Number(m[3]), r: Number(m[4]) }));
    expect(sites).toHaveLength(25);
    for (let i = 0; i < sites.length; i++) for (let j = i + 1; j < sites.length; j++) expect(Math.hypot(sites[i]!.x - sites[j]!.x, sites[i]!.y - sites[j]!.y)).toBeGreaterThan(2 * sites[i]!.r);
    expect(svg).toMatch(/<line class="edge" data-place="a1-b1"[^>]*stroke-width="6"/);
    // In text: a taken edge is a line between its ends, an empty one blank.
    const rank1 = (st: typeof s) => renderBoard(g, st).split("\n").find((l) => l.startsWith("1"))!;
    expect(rank1(s)).toMatch(/^1\s+\. - \./);
    expect(rank1(g.newGame())).not.toContain("-");
  });
});

describe("walls between cells: (edge-of A B), (reaches ...), (every-player ...)", () => {
  const g = build({
    board: "(square 3 3) places:{edges}",
    items: "(seat-regions goal {(rows 3 3) (rows 1 1)})",
    start: "(place man P1 a1) (place man P2 c3)",
    play: `(either
      (step piece:{man} dirs:{N E S W} to:(and (empty to) (empty (edge-of from to))))
      (keep (add piece:block owner:neutral at:edges to:(empty to) prefix:"|")
        leaving:(every-player (reaches (where man player) (region-of goal player) dirs:{N E S W} through:(and (empty to) (empty (edge-of from to)))))))`,
  });

  it("names the edge between two neighbouring cells, and none between cells that do not meet", () => {
    const s = play(g, g.newGame(), "|a1-a2");
    // The wall on a1-a2 stops the step north; east is open.
    expect(g.legalMoves(s).some((m) => m.notation === "c3-c2")).toBe(true);
    const p1 = play(g, s, "c3-c2");
    expect(g.legalMoves(p1).map((m) => m.notation).filter((n) => n.startsWith("a1"))).toEqual(["a1-b1"]);
  });

  it("refuses a wall that would shut a player off from its goal, whoever's pawn it is", () => {
    // P1 on a1 walled on the north; a wall on a1-b1 would shut it in.
    const s = playAll(g, g.newGame(), ["|a1-a2", "c3-b3"]);
    const walls = g.legalMoves(s).map((m) => m.notation).filter((n) => n.startsWith("|"));
    expect(walls).not.toContain("|a1-b1");
    expect(walls).toContain("|b1-c1");
    // Every other empty edge takes a wall: 12 edges, one taken, one refused.
    expect(walls).toHaveLength(10);
  });

  it("finds paths through the cells its through: allows only: a pawn in the way blocks them", () => {
    // P1 on a1, walled on the north, P2 on b1: P1's only way out is through P2's cell, so no wall may go anywhere.
    const s = loadPosition(g, { sites: { a1: man("P1"), b1: man("P2"), "a1-a2": block }, mover: "P1" });
    expect(g.legalMoves(s).filter((m) => m.notation.startsWith("|"))).toEqual([]);
    const open = loadPosition(g, { sites: { a1: man("P1"), c1: man("P2"), "a1-a2": block }, mover: "P1" });
    expect(g.legalMoves(open).filter((m) => m.notation.startsWith("|")).length).toBeGreaterThan(0);
  });

  it("refuses (edge-of ...) on a board without edges", () => {
    const src = text({ play: "(step to:(empty (edge-of from to)))" });
    expect(onlyError(src, "M004", "(edge-of from to)").message).toContain("no edges as places");
  });
});
