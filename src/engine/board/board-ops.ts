/**
 * Boards made from other boards (Ludii's graph operations): shifted, scaled, turned, merged, with
 * points left out or lines added; and the wedge, a shape Ludii builds as a graph. Each operand is taken as what it is on the plane -- its points where they are
 * drawn (in true proportion) and the lines that join them -- and the result is a graph board
 * (graph-board.ts): every line gets the compass direction it points in, so lines, slides and jumps
 * work on it as on a grid. Points are labelled by where they stand, letters for the columns from
 * the left and numbers for the rows from the bottom (a square keeps its own labels).
 */
import { compassSector, graphBoard, type GraphPoint } from "./graph-board.js";
import { everyDirection, fileLetter, least, NO_SITE, planePositions, type Topology } from "./topology.js";

/** Points on the plane (y upwards) and the lines joining them. */
export interface PlaneGraph {
  readonly points: readonly { x: number; y: number }[];
  readonly joins: readonly (readonly [number, number])[];
}

/** Positions closer than this are one point. */
const SAME = 1e-6;

/**
 * A board as points and lines on the plane, its shortest line one unit long and the lower left
 * corner of the box round it at the origin (as Ludii places a board: a square's a1 at (0, 0)), so
 * that a shift or turn written for Ludii's board puts it at the same place.
 */
export function planeGraph(topo: Topology): PlaneGraph {
  const plane = planePositions(topo);
  const minX = least(plane.x), minY = least(plane.y);
  const points = Array.from({ length: topo.n }, (_, s) => ({ x: plane.x[s]! - minX, y: plane.y[s]! - minY }));
  const joins: [number, number][] = [];
  const seen = new Set<number>();
  for (let d = 0; d < everyDirection(topo); d++) {
    for (let s = 0; s < topo.n; s++) {
      const t = topo.step[d * topo.n + s]!;
      if (t === NO_SITE || t === s) continue;
      const key = Math.min(s, t) * topo.n + Math.max(s, t);
      if (seen.has(key)) continue;
      seen.add(key);
      joins.push([Math.min(s, t), Math.max(s, t)]);
    }
  }
  const unit = shortestLine({ points, joins });
  return { points: points.map((p) => ({ x: p.x / unit, y: p.y / unit })), joins };
}

/** Every point moved by `f`. */
export function transformed(g: PlaneGraph, f: (x: number, y: number) => [number, number]): PlaneGraph {
  return { points: g.points.map((p) => { const [x, y] = f(p.x, p.y); return { x, y }; }), joins: g.joins };
}

/** The unit of a graph: its shortest line (1 when it has none). */
export function shortestLine(g: PlaneGraph): number {
  let unit = Infinity;
  for (const [a, b] of g.joins) unit = Math.min(unit, Math.hypot(g.points[a]!.x - g.points[b]!.x, g.points[a]!.y - g.points[b]!.y));
  return Number.isFinite(unit) && unit > 0 ? unit : 1;
}

/** The graphs laid on one another: points at one place become one, lines between the same points one. */
export function merged(graphs: readonly PlaneGraph[]): PlaneGraph {
  const points: { x: number; y: number }[] = [];
  const at = new Map<string, number>();
  const key = (x: number, y: number) => `${Math.round(x / SAME)},${Math.round(y / SAME)}`;
  const joins: [number, number][] = [];
  const seen = new Set<string>();
  for (const g of graphs) {
    const index = g.points.map((p) => {
      const k = key(p.x, p.y);
      let i = at.get(k);
      if (i === undefined) {
        i = points.push({ x: p.x, y: p.y }) - 1;
        at.set(k, i);
      }
      return i;
    });
    for (const [a, b] of g.joins) {
      const [lo, hi] = [Math.min(index[a]!, index[b]!), Math.max(index[a]!, index[b]!)];
      if (lo === hi || seen.has(`${lo},${hi}`)) continue;
      seen.add(`${lo},${hi}`);
      joins.push([lo, hi]);
    }
  }
  return { points, joins };
}

/** The graph without the given points (and their lines). */
export function without(g: PlaneGraph, gone: ReadonlySet<number>): PlaneGraph {
  const index = new Int32Array(g.points.length).fill(-1);
  const points: { x: number; y: number }[] = [];
  g.points.forEach((p, i) => {
    if (!gone.has(i)) index[i] = points.push(p) - 1;
  });
  return { points, joins: g.joins.filter(([a, b]) => index[a]! >= 0 && index[b]! >= 0).map(([a, b]) => [index[a]!, index[b]!] as const) };
}

/** The graph with more lines, each joining two of its points (Ludii's `add ... edges:`); a line already there is not doubled. */
export function withLines(g: PlaneGraph, lines: readonly (readonly [number, number])[]): PlaneGraph {
  return merged([g, { points: g.points, joins: lines }]);
}

/**
 * A wedge (Ludii's `wedge`): an apex at the top and `rows - 1` rows under it, each of `columns`
 * points spread evenly between two sides that widen by one unit a row; the apex is joined to every
 * point of the first row, each row's points to their neighbours across it and to the point of the
 * same rank in the next row. Three columns make a triangle with a line down its middle (the arms
 * of a tiger-hunt board). Placed as Ludii places it: y upwards, the lowest row from (0, 0).
 */
export function wedgeGraph(rows: number, columns: number): PlaneGraph {
  const mid = rows - 1;
  const points: { x: number; y: number }[] = [{ x: mid, y: mid }];
  const joins: [number, number][] = [];
  const at = (row: number, c: number) => 1 + (row - 1) * columns + c;
  for (let row = 1; row < rows; row++) {
    for (let c = 0; c < columns; c++) {
      points.push({ x: mid - row + (2 * row * c) / (columns - 1), y: mid - row });
      if (row === 1) joins.push([0, at(1, c)]);
      else joins.push([at(row - 1, c), at(row, c)]);
      if (c > 0) joins.push([at(row, c - 1), at(row, c)]);
    }
  }
  return { points, joins };
}

/**
 * Concentric regular polygons (Ludii's `concentric Square`, `Triangle`, `Hexagon`, `sides:`): the
 * mill boards. Ring k (0 the innermost) has its corners on a circle of radius 1 + k (1 + 2k for
 * triangles, so that their midpoints clear the ring inside), a side flat at the bottom when the
 * number of sides is even and a corner straight up when it is odd; with `midpoints`, a point at the
 * middle of each side too. Each ring is joined all round; neighbouring rings are joined at their
 * midpoints (`joinMidpoints`) and at their corners (`joinCorners`, a mill board's diagonals). The
 * points are listed row by row from the bottom, left to right, as a board written by hand lists
 * them.
 */
export function concentricPolygonsGraph(sides: number, rings: number, midpoints: boolean, joinMidpoints: boolean, joinCorners: boolean): PlaneGraph {
  const arc = (2 * Math.PI) / sides;
  const start = Math.PI / 2 + (sides % 2 === 0 ? arc / 2 : 0);
  const perRing = midpoints ? 2 * sides : sides;
  // Ring by ring, side by side: the corner, then the side's midpoint.
  const made: { x: number; y: number }[] = [];
  for (let ring = 0; ring < rings; ring++) {
    const r = 1 + ring * (sides === 3 ? 2 : 1);
    for (let side = 0; side < sides; side++) {
      const a = { x: r * Math.cos(start + arc * side), y: r * Math.sin(start + arc * side) };
      const c = { x: r * Math.cos(start + arc * (side + 1)), y: r * Math.sin(start + arc * (side + 1)) };
      made.push(a);
      if (midpoints) made.push({ x: (a.x + c.x) / 2, y: (a.y + c.y) / 2 });
    }
  }
  const joins: [number, number][] = [];
  for (let ring = 0; ring < rings; ring++) {
    for (let k = 0; k < perRing; k++) joins.push([ring * perRing + k, ring * perRing + ((k + 1) % perRing)]);
    if (ring === rings - 1) continue;
    for (let side = 0; side < sides; side++) {
      const corner = ring * perRing + side * (midpoints ? 2 : 1);
      if (joinCorners) joins.push([corner, corner + perRing]);
      if (midpoints && joinMidpoints) joins.push([corner + 1, corner + 1 + perRing]);
    }
  }
  // Bottom row first, each row from the left.
  const rowOf = (p: { y: number }) => Math.round(p.y / SAME);
  const order = made.map((_, i) => i).sort((i, j) => rowOf(made[i]!) - rowOf(made[j]!) || made[i]!.x - made[j]!.x);
  const place = new Int32Array(made.length);
  order.forEach((i, k) => (place[i] = k));
  const minX = Math.min(...made.map((p) => p.x)), minY = Math.min(...made.map((p) => p.y));
  return {
    points: order.map((i) => ({ x: made[i]!.x - minX, y: made[i]!.y - minY })),
    joins: joins.map(([a, b]) => [place[a]!, place[b]!] as const),
  };
}

/**
 * Lines that pass over other points split there (a line of a board scaled by 2 over a point of
 * another): every line then joins two points with none between them, as on any board.
 */
function splitAtPoints(g: PlaneGraph): PlaneGraph {
  const joins: [number, number][] = [];
  const seen = new Set<string>();
  const add = (a: number, b: number) => {
    const k = `${Math.min(a, b)},${Math.max(a, b)}`;
    if (a === b || seen.has(k)) return;
    seen.add(k);
    joins.push([Math.min(a, b), Math.max(a, b)]);
  };
  for (const [a, b] of g.joins) {
    const pa = g.points[a]!, pb = g.points[b]!, dx = pb.x - pa.x, dy = pb.y - pa.y, length2 = dx * dx + dy * dy;
    // The points on the segment, by how far along it they are.
    const on: { i: number; t: number }[] = [];
    g.points.forEach((p, i) => {
      if (i === a || i === b) return;
      const t = ((p.x - pa.x) * dx + (p.y - pa.y) * dy) / length2;
      const cross = (p.x - pa.x) * dy - (p.y - pa.y) * dx;
      if (t > SAME && t < 1 - SAME && Math.abs(cross) < SAME * Math.sqrt(length2)) on.push({ i, t });
    });
    on.sort((u, v) => u.t - v.t);
    let from = a;
    for (const { i } of on) {
      add(from, i);
      from = i;
    }
    add(from, b);
  }
  return { points: g.points, joins };
}

/**
 * The graph on a whole-number lattice where one keeps every point apart and every line pointing
 * the way it points on the 16-point compass, the finer one a board may need (a square turned by 45
 * degrees: its points at whole numbers, the lines still diagonal), so text and labels line up;
 * else as it is.
 */
function onLattice(g: PlaneGraph): PlaneGraph {
  const unit = shortestLine(g);
  for (let k = 1; k <= 12; k++) {
    const points = g.points.map((p) => ({ x: Math.round((p.x / unit) * k), y: Math.round((p.y / unit) * k) }));
    if (new Set(points.map((p) => `${p.x},${p.y}`)).size !== points.length) continue;
    const same = g.joins.every(([a, b]) => {
      const [pa, pb, qa, qb] = [g.points[a]!, g.points[b]!, points[a]!, points[b]!];
      return compassSector(pb.x - pa.x, pb.y - pa.y, 16) === compassSector(qb.x - qa.x, qb.y - qa.y, 16) && (qa.x !== qb.x || qa.y !== qb.y);
    });
    if (same) return { points, joins: g.joins };
  }
  return g;
}

/**
 * The board of a plane graph: labelled by the columns and rows its points stand in, drawn where
 * they stand (the shortest line one unit long). Throws GraphBoardError where two lines of one point
 * point the same compass way.
 */
export function boardOfGraph(given: PlaneGraph): Topology {
  const g = onLattice(splitAtPoints(given));
  const unit = shortestLine(g);
  const rank = (values: number[]) => {
    const distinct = [...new Set(values.map((v) => Math.round(v / unit / SAME)))].sort((a, b) => a - b);
    return (v: number) => distinct.indexOf(Math.round(v / unit / SAME));
  };
  const col = rank(g.points.map((p) => p.x)), row = rank(g.points.map((p) => p.y));
  const points: GraphPoint[] = g.points.map((p) => ({ label: `${fileLetter(col(p.x))}${row(p.y) + 1}`, x: p.x / unit, y: p.y / unit }));
  return { ...graphBoard(points, g.joins), shape: "graph" };
}
