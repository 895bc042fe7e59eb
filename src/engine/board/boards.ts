/**
 * Board builders: square grids (with or without diagonals), alquerque-style grids with centre
 * points, and hexhex boards in the two labelling conventions our games use. Each builder turns a
 * few parameters into a Topology; nothing here knows a game.
 */
import { cutHoles } from "./outline.js";
import { buildLattice, fileLetter, type LatticeDirection, type LatticeSite, type Topology } from "./topology.js";

export type SquareDiagonals = "none" | "all" | "centres" | "alternating";

const ORTHOGONAL = (unit: number): LatticeDirection[] => [
  { name: "N", dx: 0, dy: unit },
  { name: "E", dx: unit, dy: 0 },
  { name: "S", dx: 0, dy: -unit },
  { name: "W", dx: -unit, dy: 0 },
];
const DIAGONAL: LatticeDirection[] = [
  { name: "NE", dx: 1, dy: 1 },
  { name: "SE", dx: 1, dy: -1 },
  { name: "SW", dx: -1, dy: -1 },
  { name: "NW", dx: -1, dy: 1 },
];

/**
 * A grid of `cols` x `rows` sites labelled `a1` (bottom left) to e.g. `h4`.
 *  - `none`: orthogonal neighbours only;
 *  - `all`: diagonal neighbours too;
 *  - `centres`: the sites are the crossing points of `cols` x `rows` lines, and every square gets
 *    both diagonals, which cross at a centre point. Coordinates are doubled so centre points get
 *    labels of their own (`b2` is the centre of the square a1-c3). Centre points join only the four
 *    corners of their square: no orthogonal line passes through them.
 *  - `alternating`: diagonal lines through every other site, those of a1's colour (x + y even),
 *    so each square of the grid has one diagonal, in alternating directions (an alquerque board).
 * `holes` (labels) are grid sites left out of the board (see outline.ts).
 */
export function squareBoard(cols: number, rows: number, diagonals: SquareDiagonals, holes: ReadonlySet<string> = new Set()): Topology {
  if (diagonals === "centres") return alquerqueBoard(cols, rows, holes);
  const sites: LatticeSite[] = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      sites.push({ x, y, label: `${fileLetter(x)}${y + 1}`, drawX: x, drawY: rows - 1 - y, regions: edgeRegions(x, y, cols - 1, rows - 1) });
    }
  }
  const kept = cutHoles(sites, holes, 1);
  if (diagonals === "alternating") {
    const onDiagonal = (s: LatticeSite, d: LatticeDirection) => d.dx === 0 || d.dy === 0 || (s.x + s.y) % 2 === 0;
    return buildLattice("square-alternating", kept, [...ORTHOGONAL(1), ...DIAGONAL], onDiagonal);
  }
  const dirs = diagonals === "all" ? [...ORTHOGONAL(1), ...DIAGONAL] : ORTHOGONAL(1);
  return buildLattice(diagonals === "all" ? "square-diagonals" : "square", kept, dirs);
}

function alquerqueBoard(cols: number, rows: number, holes: ReadonlySet<string>): Topology {
  const maxX = 2 * (cols - 1);
  const maxY = 2 * (rows - 1);
  const sites: LatticeSite[] = [];
  for (let y = 0; y <= maxY; y++) {
    for (let x = 0; x <= maxX; x++) {
      const main = x % 2 === 0 && y % 2 === 0;
      const centre = x % 2 === 1 && y % 2 === 1;
      if (!main && !centre) continue;
      const regions = main ? ["main", ...edgeRegions(x, y, maxX, maxY)] : ["centres"];
      sites.push({ x, y, label: `${fileLetter(x)}${y + 1}`, drawX: x, drawY: maxY - y, regions });
    }
  }
  const dirs = [...ORTHOGONAL(2), ...DIAGONAL];
  const kept = cutHoles(sites, holes, 2);
  const isCentre = (s: LatticeSite) => s.x % 2 === 1;
  return buildLattice("square-centres", kept, dirs, (s, d) => !(isCentre(s) && (d.dx === 0 || d.dy === 0)));
}

function edgeRegions(x: number, y: number, maxX: number, maxY: number): string[] {
  const r: string[] = [];
  if (y === 0) r.push("edge-bottom");
  if (y === maxY) r.push("edge-top");
  if (x === 0) r.push("edge-left");
  if (x === maxX) r.push("edge-right");
  if (r.length) r.push("edge");
  return r;
}

/**
 * Hexhex boards with `size` sites a side, in axial coordinates (q, r), |q|,|r|,|q+r| < size.
 *
 *  - `columns` (a corner at top and bottom, vertical grid lines): columns a.. left to right, sites
 *    numbered from the bottom of each column. Directions N, NE, SE, S, SW, NW. r grows upwards.
 *  - `rows` (pointy-top cells, horizontal rows): rows a.. from the top, cells numbered from the
 *    left. Directions E, NE, NW, W, SW, SE. r grows downwards.
 *
 * `dirNames` renames the six directions (in the order above) when a game calls them otherwise.
 */
export type HexLayout = "columns" | "rows";

/** The six directions in axial coordinates: in columns r grows upwards, in rows downwards. */
const HEX_COLUMN_DIRS: readonly LatticeDirection[] = [
  { name: "N", dx: 0, dy: 1 },
  { name: "NE", dx: 1, dy: 0 },
  { name: "SE", dx: 1, dy: -1 },
  { name: "S", dx: 0, dy: -1 },
  { name: "SW", dx: -1, dy: 0 },
  { name: "NW", dx: -1, dy: 1 },
];
const HEX_ROW_DIRS: readonly LatticeDirection[] = [
  { name: "E", dx: 1, dy: 0 },
  { name: "NE", dx: 1, dy: -1 },
  { name: "NW", dx: 0, dy: -1 },
  { name: "W", dx: -1, dy: 0 },
  { name: "SW", dx: -1, dy: 1 },
  { name: "SE", dx: 0, dy: 1 },
];

/**
 * The diagonals of a hex board (Ludii's Diagonal relation): to the cell beyond the corner between
 * two neighbouring cells, two edge steps away (N then NE ...), named by the way they point on the
 * 16-point compass; in the order of the edge directions, each after the edge direction it turns from.
 */
const HEX_COLUMN_DIAGONALS: readonly LatticeDirection[] = [
  { name: "NNE", dx: 1, dy: 1 },
  { name: "E", dx: 2, dy: -1 },
  { name: "SSE", dx: 1, dy: -2 },
  { name: "SSW", dx: -1, dy: -1 },
  { name: "W", dx: -2, dy: 1 },
  { name: "NNW", dx: -1, dy: 2 },
];
const HEX_ROW_DIAGONALS: readonly LatticeDirection[] = [
  { name: "ENE", dx: 2, dy: -1 },
  { name: "N", dx: 1, dy: -2 },
  { name: "WNW", dx: -1, dy: -1 },
  { name: "WSW", dx: -2, dy: 1 },
  { name: "S", dx: -1, dy: 2 },
  { name: "ESE", dx: 1, dy: 1 },
];

/** The layout's directions, renamed where the game names them otherwise; with `diagonals`, the six diagonals after them. */
function hexDirs(layout: HexLayout, dirNames?: readonly string[], diagonals = false): LatticeDirection[] {
  const dirs = layout === "columns" ? HEX_COLUMN_DIRS : HEX_ROW_DIRS;
  const edges = dirs.map((d, i) => ({ ...d, name: dirNames?.[i] ?? d.name }));
  if (!diagonals) return edges;
  return [...edges, ...(layout === "columns" ? HEX_COLUMN_DIAGONALS : HEX_ROW_DIAGONALS).map((d, i) => ({ ...d, name: dirNames?.[6 + i] ?? d.name }))];
}
export type HexShape = "hexagon" | "rhombus" | "triangle" | "limping" | "rectangle";

export function hexBoard(size: number, layout: HexLayout, dirNames?: readonly string[], shape: HexShape = "hexagon", rows = size, diagonals = false): Topology {
  if (shape === "rhombus") return hexRhombus(size, layout, dirNames, diagonals);
  if (shape === "rectangle") return hexRectangle(size, rows, layout, dirNames, diagonals);
  if (shape === "triangle" || shape === "limping") return hexTriangular(size, layout, dirNames, shape, diagonals);
  const R = size - 1;
  const sites: LatticeSite[] = [];
  const onBoard = (q: number, r: number) => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= R;
  if (layout === "columns") {
    for (let q = -R; q <= R; q++) {
      const rMin = Math.max(-R, -R - q);
      for (let r = rMin; onBoard(q, r); r++) {
        const regions = [`column-${fileLetter(q + R)}`];
        if (r === rMin) regions.push("column-bottoms");
        if (!onBoard(q, r + 1)) regions.push("column-tops");
        sites.push({ x: q, y: r, label: `${fileLetter(q + R)}${r - rMin + 1}`, drawX: q + R, drawY: 2 * R - (2 * r + q), regions });
      }
    }
  } else {
    for (let r = -R; r <= R; r++) {
      const qMin = Math.max(-R, -R - r);
      for (let q = qMin; onBoard(q, r); q++) {
        const regions = [`row-${fileLetter(r + R)}`];
        if (q === qMin) regions.push("row-starts");
        if (!onBoard(q + 1, r)) regions.push("row-ends");
        sites.push({ x: q, y: r, label: `${fileLetter(r + R)}${q - qMin + 1}`, drawX: 2 * (q + R) + r, drawY: r + R, regions });
      }
    }
  }
  for (const s of sites) if (Math.max(Math.abs(s.x), Math.abs(s.y), Math.abs(s.x + s.y)) === R) (s.regions ??= []).push("edge");
  return buildLattice(`hex-${layout}`, sites, hexDirs(layout, dirNames, diagonals));
}

/**
 * A rhombus of `size` x `size` hexagonal cells (Hex's board), laid out as Ludii lays its `(hex
 * Diamond n)`: with `layout:columns` an obtuse corner at the bottom (a1) and at the top, the
 * letters counting up to the right, the numbers up to the left, so that a cell's neighbours are
 * N (b2 from a1), NE (b1), SE, S, SW and NW (a2). With `layout:rows` the rhombus lies on its side:
 * rows a.. from the top, cells numbered from the left, directions E NE NW W SW SE as on a hexhex
 * board in rows. Regions: `edge`; the four sides are `(side D)` (see regions).
 */
function hexRhombus(size: number, layout: HexLayout, dirNames?: readonly string[], diagonals = false): Topology {
  const sites: LatticeSite[] = [];
  const last = size - 1;
  const onEdge = (a: number, b: number) => a === 0 || b === 0 || a === last || b === last;
  if (layout === "columns") {
    // Axial coordinates q = letter - number, r = number: N is (0, 1) as on the hexhex board in columns.
    for (let c = 0; c < size; c++) {
      for (let n = 0; n < size; n++) {
        sites.push({ x: c - n, y: n, label: `${fileLetter(c)}${n + 1}`, drawX: c - n + last, drawY: 2 * last - (c + n), regions: onEdge(c, n) ? ["edge"] : [] });
      }
    }
  } else {
    // Axial coordinates q = cell, r = row (downwards); each row starts half a cell further right.
    for (let r = 0; r < size; r++) {
      for (let q = 0; q < size; q++) {
        sites.push({ x: q, y: r, label: `${fileLetter(r)}${q + 1}`, drawX: 2 * q + r, drawY: r, regions: onEdge(q, r) ? ["edge"] : [] });
      }
    }
  }
  return buildLattice(`hex-${layout}`, sites, hexDirs(layout, dirNames, diagonals));
}

/**
 * Boards cut from a triangle of hexagonal cells. `triangle`: `size` cells a side, pointing up in
 * rows (one cell in row a, `size` in the last). `limping`: a hexagon whose sides alternate `size`
 * and `size + 1` cells (Ludii's `(hex Limping n)`, 3 x size^2 cells), the triangle of side
 * 3 x size with its three corners of `size` rows cut off. In rows: rows a.. from the top, cells
 * numbered from the left; in columns the same board turned a quarter turn, columns a.. from the
 * left, cells numbered from the bottom. Region: `edge`.
 */
function hexTriangular(size: number, layout: HexLayout, dirNames: readonly string[] | undefined, shape: "triangle" | "limping", diagonals = false): Topology {
  // Distances from the triangle's three sides (a, b, c >= 0, a + b + c = side - 1); a limping board keeps each at most 2 x size - 1.
  const side = shape === "triangle" ? size : 3 * size, most = shape === "triangle" ? side - 1 : 2 * size - 1;
  const cells: { q: number; r: number }[] = [];
  for (let r = 0; r < side; r++) {
    for (let q = -r; q <= 0; q++) {
      const a = r + q, b = -q, c = side - 1 - r;
      if (a <= most && b <= most && c <= most) cells.push({ q, r });
    }
  }
  return hexCellsBoard(cells, layout, dirNames, diagonals);
}

/**
 * A rectangle of hexagonal cells (Ludii's `(hex Rectangle rows cols)`): `rows` rows of `cols`
 * cells, every other row half a cell further right, so its sides zigzag. In rows: rows a.. from the
 * top, cells numbered from the left; in columns the same board turned a quarter turn. Region: `edge`.
 */
function hexRectangle(cols: number, rows: number, layout: HexLayout, dirNames: readonly string[] | undefined, diagonals = false): Topology {
  const cells: { q: number; r: number }[] = [];
  // Axial q shifts back by one every second row, which keeps the rows under one another.
  for (let r = 0; r < rows; r++) for (let k = 0; k < cols; k++) cells.push({ q: k - Math.floor(r / 2), r });
  return hexCellsBoard(cells, layout, dirNames, diagonals);
}

/**
 * A board of the given hexagonal cells, in axial coordinates of the rows layout (q along a row, r
 * the row, downwards), labelled and drawn in `layout`; in columns the board is turned a quarter turn
 * (axial (r, q) there).
 */
function hexCellsBoard(cells: { q: number; r: number }[], layout: HexLayout, dirNames?: readonly string[], diagonals = false): Topology {
  const key = (q: number, r: number) => `${q},${r}`;
  const present = new Set(cells.map((c) => key(c.q, c.r)));
  const ROUND = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]];
  const inner = (c: { q: number; r: number }) => ROUND.every(([dq, dr]) => present.has(key(c.q + dq!, c.r + dr!)));
  const lines = [...new Set(cells.map((c) => c.r))].sort((a, b) => a - b);
  const minX = Math.min(...cells.map((c) => 2 * c.q + c.r)), maxX = Math.max(...cells.map((c) => 2 * c.q + c.r));
  const sites: LatticeSite[] = [];
  for (const [i, r] of lines.entries()) {
    const row = cells.filter((c) => c.r === r).sort((a, b) => a.q - b.q);
    for (const [k, c] of row.entries()) {
      const regions = inner(c) ? [] : ["edge"];
      if (layout === "rows") sites.push({ x: c.q, y: c.r, label: `${fileLetter(i)}${k + 1}`, drawX: 2 * c.q + c.r - minX, drawY: i, regions });
      // Turned: the row becomes a column read from the bottom, its first cell lowest.
      else sites.push({ x: c.r, y: c.q, label: `${fileLetter(i)}${k + 1}`, drawX: i, drawY: maxX - (2 * c.q + c.r), regions });
    }
  }
  return buildLattice(`hex-${layout}`, sites, hexDirs(layout, dirNames, diagonals));
}
