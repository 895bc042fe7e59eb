/**
 * Builders of the `board` category: board shapes, built into a topology (a graph of sites).
 */
import { hexBoard, squareBoard, type HexLayout, type SquareDiagonals } from "../../engine/boards.js";
import type { Topology } from "../../engine/topology.js";
import type { CompileContext, IrNode } from "../context.js";
import { starBoard } from "../../engine/star.js";

export const boardBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => Topology> = {
  square: (n) => squareBoard(n.cols as number, n.rows as number, ((n.diagonals as string | undefined) ?? "none") as SquareDiagonals),
  hex: (n) => hexBoard(n.size as number, ((n.layout as string | undefined) ?? "rows") as HexLayout, n.dirs as string[] | undefined),
  star: (n) => starBoard(n.size as number),
};
