/**
 * Builders of the `board` category: board shapes, built into a topology (a graph of sites).
 */
import { hexBoard, squareBoard, type HexLayout, type SquareDiagonals } from "../../engine/boards.js";
import type { Topology } from "../../engine/topology.js";
import type { Json } from "../../lang/bind.js";
import type { CompileContext, IrNode } from "../context.js";
import { compileRegion } from "./regions.js";

export const boardBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => Topology> = {
  square: (n, ptr, cx) => {
    const cols = n.cols as number, rows = n.rows as number;
    const diagonals = ((n.diagonals as string | undefined) ?? "none") as SquareDiagonals;
    const full = squareBoard(cols, rows, diagonals);
    if (n.holes === undefined) return full;
    const holes = holeLabels(full, n.holes, `${ptr}/holes`, cx);
    if (holes.size >= full.n) {
      cx.fail("M004", "the holes leave no site on the board", `${ptr}/holes`, "a region that keeps some sites of the grid");
      return full;
    }
    return squareBoard(cols, rows, diagonals, holes);
  },
  hex: (n) => hexBoard(n.size as number, ((n.layout as string | undefined) ?? "rows") as HexLayout, n.dirs as string[] | undefined),
};

/**
 * The labels of a `holes:` region, read on the whole grid (its labels and regions: `all`, `edge`,
 * `corners` ...); a label that is not on the grid is an error there.
 */
function holeLabels(full: Topology, region: Json, ptr: string, cx: CompileContext): Set<string> {
  const saved = cx.regions;
  cx.topology = full;
  cx.regions = new Map(full.regions);
  try {
    return new Set(Array.from(compileRegion(region, ptr, cx), (s) => full.labels[s]!.toLowerCase()));
  } finally {
    cx.topology = undefined;
    cx.regions = saved;
  }
}
