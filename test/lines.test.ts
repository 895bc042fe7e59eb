/**
 * Rows of pieces through a site, along the board's lines: the engine side of line conditions.
 */
import { describe, expect, it } from "vitest";
import { squareBoard } from "../src/engine/board/boards.js";
import { hasLineOfExactly, lineAxes, longestLine } from "../src/engine/structures/lines.js";
import { State } from "../src/engine/state/state.js";
import { dirIndex, siteIndex, type Topology } from "../src/engine/board/topology.js";

function stateWith(topo: Topology, owners: Record<string, number>): State {
  const s = new State({ sites: topo.n, players: 2, counters: 0, markers: 0, memory: 0 });
  for (const [label, owner] of Object.entries(owners)) s.put(siteIndex(topo, label), owner, 0);
  return s;
}

describe("lines through a site", () => {
  const board = squareBoard(5, 5, "all");
  const all = lineAxes(board);
  const at = (label: string) => siteIndex(board, label);

  it("a square board with diagonals has four lines; without, two; a direction list keeps its own", () => {
    expect(all.length).toBe(4);
    expect(lineAxes(squareBoard(3, 3, "none")).length).toBe(2);
    const diagonalsOnly = lineAxes(board, [dirIndex(board, "NE"), dirIndex(board, "NW")]);
    const named = [...diagonalsOnly].flatMap((d) => [board.dirNames[d], board.dirNames[board.opposite[d]!]]).sort();
    expect(named).toEqual(["NE", "NW", "SE", "SW"]);
    expect(diagonalsOnly.length).toBe(2);
  });

  it("counts the row through the site in both directions, and only the owner's pieces", () => {
    const s = stateWith(board, { a1: 0, b2: 0, c3: 0, d4: 1, e5: 0, c1: 0, c2: 0 });
    expect(longestLine(board, s, at("b2"), 0, all)).toBe(3); // a1-b2-c3, broken by d4
    expect(longestLine(board, s, at("c1"), 0, all)).toBe(3); // c1-c2-c3 up the file
    expect(longestLine(board, s, at("d4"), 0, all)).toBe(0); // not P0's
    expect(longestLine(board, s, at("d4"), 1, all)).toBe(1);
    expect(longestLine(board, s, at("e1"), 0, all)).toBe(0); // empty
  });

  it("an exact length rejects longer rows", () => {
    const s = stateWith(board, { a3: 0, b3: 0, c3: 0, d3: 0, e3: 0, a1: 0, b1: 0, c1: 0 });
    expect(longestLine(board, s, at("c3"), 0, all)).toBe(5);
    expect(hasLineOfExactly(board, s, at("c3"), 0, all, 4)).toBe(false);
    expect(hasLineOfExactly(board, s, at("c3"), 0, all, 5)).toBe(true);
    expect(hasLineOfExactly(board, s, at("b1"), 0, all, 3)).toBe(true);
  });
});
