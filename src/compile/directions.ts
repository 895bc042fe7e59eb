/**
 * Reading a `dirs:{...}` argument: direction names of the board, checked, as direction ids.
 * Absent, every direction of the board.
 */
import { dirIndex } from "../engine/topology.js";
import type { CompileContext } from "./context.js";

export function directionsIn(names: unknown, ptr: string, cx: CompileContext): number[] {
  const topology = cx.topology!;
  if (!Array.isArray(names)) return topology.dirNames.map((_, i) => i);
  const dirs: number[] = [];
  (names as string[]).forEach((d, i) => {
    const di = dirIndex(topology, d);
    if (di < 0) cx.fail("M001", `the board has no direction '${d}'`, `${ptr}/${i}`, `one of: ${topology.dirNames.join(" ")}`);
    else dirs.push(di);
  });
  return dirs;
}
