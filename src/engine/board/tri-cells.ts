/**
 * A board of triangular cells (Ludii's `(tri ...)` boards played on their cells): the little
 * triangles of a triangular grid of points, pointing up and pointing down in turn.
 *
 * Each cell stands at its centre on a lattice of half a side across (x) and a third of a row's
 * height up (y): a cell pointing up at y = 1 (mod 3), one pointing down at y = 2 (mod 3), so that
 * one vector leads from every cell of one orientation to its neighbour that way and from no cell
 * of the other (their sites are never there). A cell meets three others by a side and nine more by
 * a corner only: the six of its own orientation round its corners and the three beyond them.
 * Directions, in Ludii's names (its compass of 16 points, as Ludii names a triangle's twelve steps):
 *  - the sides, the board's own directions (adjacency, "every direction"): a cell pointing up has
 *    ENE, WNW and S, a cell pointing down N, WSW and ESE (Ludii's Orthogonal);
 *  - E NNE NNW W SSW SSE: the cells of its own orientation touching it at a corner (Ludii's
 *    OffDiagonal), and far-N far-S far-ENE far-WNW far-WSW far-ESE: the cell straight beyond each
 *    corner (Ludii's Diagonal; Ludii calls the step beyond an upward cell's apex N, as the side of
 *    a downward one, so these take a name of their own). Followed only where a rule names them.
 * Rows a.. from the top, cells numbered from the left of the full row (holes keep the others'
 * labels). Regions: `upward`, `downward` (the two orientations, the cells' two colours: Ludii's
 * phase 0 and 1), `edge` (a side on the outline), `outer` (a side or a corner on it: Ludii's
 * `(sites Outer)` of cells).
 */
import { buildLattice, fileLetter, type LatticeDirection, type LatticeSite, type Topology } from "./topology.js";

export const TRI_CELL_SIDES: readonly LatticeDirection[] = [
  { name: "N", dx: 0, dy: 2 },
  { name: "ENE", dx: 1, dy: 1 },
  { name: "ESE", dx: 1, dy: -1 },
  { name: "S", dx: 0, dy: -2 },
  { name: "WSW", dx: -1, dy: -1 },
  { name: "WNW", dx: -1, dy: 1 },
];
const TRI_CELL_CORNERS: readonly LatticeDirection[] = [
  { name: "E", dx: 2, dy: 0 },
  { name: "NNE", dx: 1, dy: 3 },
  { name: "NNW", dx: -1, dy: 3 },
  { name: "W", dx: -2, dy: 0 },
  { name: "SSW", dx: -1, dy: -3 },
  { name: "SSE", dx: 1, dy: -3 },
  { name: "far-N", dx: 0, dy: 4 },
  { name: "far-ENE", dx: 2, dy: 2 },
  { name: "far-ESE", dx: 2, dy: -2 },
  { name: "far-S", dx: 0, dy: -4 },
  { name: "far-WSW", dx: -2, dy: -2 },
  { name: "far-WNW", dx: -2, dy: 2 },
];

/** A cell: its row (0 = top), its place in the full row (0 = first), its centre (x in half sides, y in thirds of a row, upwards), whether it points up. */
export interface TriCell {
  row: number;
  index: number;
  x: number;
  y: number;
  up: boolean;
}

/**
 * The cells of a board of points given as rows of points (each point's x in half sides, rows from
 * the top): a cell pointing up below each point whose two lower neighbours are points, a cell
 * pointing down between each two neighbours in a row with a point below them.
 */
export function cellsOfPoints(points: readonly { x: number; row: number }[]): TriCell[] {
  const at = new Set(points.map((p) => `${p.x},${p.row}`));
  const has = (x: number, row: number) => at.has(`${x},${row}`);
  const rows = new Map<number, { x: number; up: boolean }[]>();
  for (const p of points) {
    if (has(p.x - 1, p.row + 1) && has(p.x + 1, p.row + 1)) (rows.get(p.row) ?? rows.set(p.row, []).get(p.row)!).push({ x: p.x, up: true });
    if (has(p.x + 2, p.row) && has(p.x + 1, p.row + 1)) (rows.get(p.row) ?? rows.set(p.row, []).get(p.row)!).push({ x: p.x + 1, up: false });
  }
  const cells: TriCell[] = [];
  const lastRow = Math.max(...rows.keys());
  for (const row of [...rows.keys()].sort((a, b) => a - b)) {
    const list = rows.get(row)!.sort((a, b) => a.x - b.x);
    list.forEach((c, index) => cells.push({ row, index, x: c.x, y: 3 * (lastRow - row) + (c.up ? 1 : 2), up: c.up }));
  }
  return cells;
}

/** The board of these cells, without the holes (labels, lower case). */
export function triCellsBoard(cells: readonly TriCell[], holes: ReadonlySet<string> = new Set()): Topology {
  const firstRow = Math.min(...cells.map((c) => c.row));
  const kept = cells
    .map((c) => ({ c, label: `${fileLetter(c.row - firstRow)}${c.index + 1}` }))
    .filter(({ label }) => !holes.has(label));
  // Drawn from the cells that are left.
  const minX = Math.min(...kept.map(({ c }) => c.x)), maxY = Math.max(...kept.map(({ c }) => c.y));
  const present = new Set(kept.map(({ c }) => `${c.x},${c.y}`));
  const around = (c: TriCell, dirs: readonly LatticeDirection[]) => dirs.filter((d) => present.has(`${c.x + d.dx},${c.y + d.dy}`)).length;
  const sites: LatticeSite[] = kept.map(({ c, label }) => {
    const regions = [c.up ? "upward" : "downward"];
    // Three sides, and twelve cells round its corners with the sides', when no corner is on the outline.
    const sides = around(c, TRI_CELL_SIDES), all = sides + around(c, TRI_CELL_CORNERS);
    if (sides < 3) regions.push("edge");
    if (all < 12) regions.push("outer");
    return { x: c.x, y: c.y, label, drawX: c.x - minX, drawY: maxY - c.y, regions };
  });
  const topo = buildLattice("tri-cells", sites, [...TRI_CELL_SIDES, ...TRI_CELL_CORNERS]);
  return { ...topo, ownDirs: TRI_CELL_SIDES.length };
}
