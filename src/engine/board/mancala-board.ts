/**
 * Mancala boards: rows of pits, and a store at each end where captured seeds are kept. Pits are
 * labelled as a grid (column letter, row number from the bottom: `a1` is the bottom row's left pit)
 * and joined to their neighbours in the row and the column, so board directions read across the
 * board (the pit facing `a1` is `(ahead a1 N)`); the stores, `store-w` and `store-e`, stand
 * beside the rows, joined to nothing: seeds reach them only by the rules' effects. Regions: `pits`,
 * `stores`, `all`.
 */
import { graphBoard, type GraphPoint } from "./graph-board.js";
import { fileLetter, type Topology } from "./topology.js";

export function mancalaBoard(rows: number, cols: number, stores: boolean): Topology {
  const points: GraphPoint[] = [];
  const joins: [number, number][] = [];
  const shift = stores ? 1 : 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = points.length;
      points.push({ label: `${fileLetter(c)}${r + 1}`, x: c + shift, y: 2 * r });
      if (c > 0) joins.push([i - 1, i]);
      if (r > 0) joins.push([i - cols, i]);
    }
  }
  const pits = points.length;
  if (stores) {
    points.push({ label: "store-w", x: 0, y: rows - 1 });
    points.push({ label: "store-e", x: cols + 1, y: rows - 1 });
  }
  const graph = graphBoard(points, joins);
  const regions = new Map(graph.regions);
  regions.set("pits", Int32Array.from({ length: pits }, (_, i) => i));
  regions.set("stores", Int32Array.from({ length: points.length - pits }, (_, i) => pits + i));
  return { ...graph, regions, shape: "mancala" };
}
