/**
 * Builders of the `board` category: board shapes, built into a topology (a graph of sites).
 */
import { hexBoard, squareBoard, type HexLayout, type SquareDiagonals } from "../../engine/boards.js";
import type { Topology } from "../../engine/topology.js";
import type { CompileContext, IrNode } from "../context.js";
import { MAX_SITES } from "../../limits.js";

export const boardBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => Topology> = {
  square: (n, ptr, cx) => {
    const cols = n.cols as number, rows = n.rows as number;
    if (tooLarge(cols * rows, ptr, cx)) return placeholder();
    return squareBoard(cols, rows, ((n.diagonals as string | undefined) ?? "none") as SquareDiagonals);
  },
  hex: (n, ptr, cx) => {
    const size = n.size as number;
    if (tooLarge(3 * size * (size - 1) + 1, ptr, cx)) return placeholder();
    return hexBoard(size, ((n.layout as string | undefined) ?? "rows") as HexLayout, n.dirs as string[] | undefined);
  },
};

/**
 * Refuses a board of more than MAX_SITES sites before building it (building a huge one would
 * exhaust memory); the caller then builds a placeholder so that compilation can go on reporting.
 */
export function tooLarge(sites: number, ptr: string, cx: CompileContext): boolean {
  if (sites <= MAX_SITES) return false;
  cx.fail("M005", `the board would have ${sites} sites, more than the ${MAX_SITES} a board may have`, ptr, `a board of at most ${MAX_SITES} sites`);
  return true;
}

const placeholder = (): Topology => squareBoard(1, 1, "none");
