/**
 * Boards made from boards: `(merge {...})` lays boards on one another, `(moved BOARD shift: rotate:
 * scale:)` places one, `(without BOARD SITES)` leaves points out. The result is a board of points
 * and lines, each line with the compass direction it points in, labelled by where points stand.
 */
import { describe, expect, it } from "vitest";
import { neighbours } from "../src/engine/topology.js";
import { at, build, onlyError, text } from "./support/games.js";

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

  it("refuses a board whose lines one point cannot tell apart by compass direction", () => {
    const src = text({ board: "(merge {(square 2 2) (moved (square 2 2) rotate:20)})", play: "(step)" });
    expect(onlyError(src, "M004", "(merge {(square 2 2) (moved (square 2 2) rotate:20)})").message).toContain("cannot be told apart by compass direction");
  });
});
