/**
 * Boards given as a graph: points at positions on the plane and the joins drawn between them
 * (boards of concentric squares, of triangles, irregular boards). Each join gets a compass
 * direction from the two points' positions, so the board compiles to the same direction tables as
 * a grid (`step[d * n + s]`): a line through a point continues straight along joins of one
 * direction, and lines, slides and jumps work unchanged. Nothing here knows a game.
 */
import { least, most, NO_SITE, type Topology } from "./topology.js";

export interface GraphPoint {
  label: string;
  /** Position on the plane, y upwards (also the drawing's). */
  x: number;
  y: number;
}

/**
 * A compass of 8 or 16 points, counter-clockwise from east: sector k covers k x (360 / points)
 * degrees, half a sector either way. Boards whose lines meet at 45 degrees or more get the 8
 * points; boards whose lines meet more narrowly (a hexagram's tips, where lines 30 degrees apart
 * leave one point) get 16, whose sectors two lines 30 degrees apart never share.
 */
const COMPASS8 = ["E", "NE", "N", "NW", "W", "SW", "S", "SE"] as const;
const COMPASS16 = ["E", "ENE", "NE", "NNE", "N", "NNW", "NW", "WNW", "W", "WSW", "SW", "SSW", "S", "SSE", "SE", "ESE"] as const;
/** The order directions are numbered in (as on square grids: orthogonal first, then diagonal, then the points between). */
const ORDER = ["N", "E", "S", "W", "NE", "SE", "SW", "NW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW", "NNW"] as const;

/**
 * The compass direction (index into the `points` points counter-clockwise from east) nearest to
 * the vector (dx, dy), y upwards. Positions need not be whole numbers (a wheel's are on true
 * circles): the angle is taken to a billionth of a sector, so lines alike by symmetry get
 * directions alike whatever the rounding of their ends; a line half-way between two points of the
 * compass goes to the anticlockwise one (see `onSectorEdge`).
 */
export function compassSector(dx: number, dy: number, points = 8): number {
  return ((Math.round(sectorTurns(dx, dy, points)) % points) + points) % points;
}

/** Whether the vector (dx, dy) falls half-way between two points of the compass. */
export function onSectorEdge(dx: number, dy: number, points = 8): boolean {
  const turns = sectorTurns(dx, dy, points);
  return turns - Math.floor(turns) === 0.5;
}

function sectorTurns(dx: number, dy: number, points: number): number {
  return Math.round((Math.atan2(dy, dx) / ((2 * Math.PI) / points)) * 1e9) / 1e9;
}

/** A join that cannot be given a direction of its own; `join` indexes the joins as given. */
export class GraphBoardError extends Error {
  constructor(
    message: string,
    readonly join: number,
    /** The direction two lines of one point share, or null for another fault (a line from a point to itself). */
    readonly sameDirection: string | null = null,
  ) {
    super(message);
  }
}

/** Parses a lattice label: its letters are the column (a = 0, ..., z = 25, aa = 26 ...), its number the row (1 = bottom). */
export function latticePosition(label: string): { x: number; y: number } | null {
  const m = /^([a-z]+)(\d+)$/i.exec(label);
  if (!m) return null;
  const letters = m[1]!.toLowerCase();
  let x = 0;
  for (const ch of letters) x = x * 26 + (ch.charCodeAt(0) - 96);
  return { x: x - 1, y: Number(m[2]) - 1 };
}

/**
 * Builds the topology of a graph board. `joins` are pairs of point indices; every join is usable
 * both ways. Throws GraphBoardError when two joins of one point point the same way (the board
 * would have no single straight continuation) or a join joins a point to itself.
 */
export function graphBoard(points: readonly GraphPoint[], joins: readonly (readonly [number, number])[]): Topology {
  const n = points.length;
  // Each join's direction on the 8-point compass, or on the 16-point one where two lines of a
  // point fall in one of the 8 (the message names the 8-point clash: the one a designer sees).
  let compass: readonly string[] = COMPASS8;
  let bySector: Int32Array;
  try {
    bySector = sectorsOf(points, joins, COMPASS8);
  } catch (e) {
    if (!(e instanceof GraphBoardError) || e.sameDirection === null) throw e;
    try {
      bySector = sectorsOf(points, joins, COMPASS16);
      compass = COMPASS16;
    } catch (finer) {
      if (!(finer instanceof GraphBoardError) || finer.sameDirection === null) throw finer;
      throw e;
    }
  }
  // Only the directions some join uses, in the usual order.
  const used = ORDER.filter((name) => {
    const sector = compass.indexOf(name);
    if (sector < 0) return false;
    for (let s = 0; s < n; s++) if (bySector[sector * n + s] !== NO_SITE) return true;
    return false;
  });
  const D = used.length;
  const step = new Int32Array(D * n).fill(NO_SITE);
  used.forEach((name, d) => step.set(bySector.subarray(compass.indexOf(name) * n, (compass.indexOf(name) + 1) * n), d * n));
  const opposite = new Int8Array(D).fill(-1);
  used.forEach((name, d) => {
    opposite[d] = used.indexOf(compass[(compass.indexOf(name) + compass.length / 2) % compass.length]! as (typeof ORDER)[number]);
  });

  const lineEnd = lineEnds(step, opposite, n);

  const minX = least(points.map((p) => p.x)), maxY = most(points.map((p) => p.y));
  const regions = new Map<string, Int32Array>();
  regions.set("all", Int32Array.from(points.map((_, i) => i)));
  regions.set("corners", fewestNeighbours(n, D, step));
  regions.set("centre", nearestMiddle(points));
  return {
    n,
    labels: points.map((p) => p.label),
    drawX: Float64Array.from(points.map((p) => p.x - minX)),
    drawY: Float64Array.from(points.map((p) => maxY - p.y)),
    dirNames: used,
    step,
    opposite,
    lineEnd,
    regions,
    shape: "graph",
  };
}

/**
 * `lineEnd` of a board's step tables (see Topology.lineEnd): where a step off the board in each
 * direction would arrive if the line wrapped round, the far end of the line back along the opposite
 * direction; none where the step stays on the board, the direction has no opposite, or the line
 * closes on itself (a ring).
 */
export function lineEnds(step: Int32Array, opposite: Int8Array, n: number): Int32Array {
  const D = opposite.length;
  const lineEnd = new Int32Array(D * n).fill(NO_SITE);
  for (let d = 0; d < D; d++) {
    const back = opposite[d]!;
    if (back < 0) continue;
    for (let s = 0; s < n; s++) {
      if (step[d * n + s] !== NO_SITE) continue;
      let end = s;
      for (let t = step[back * n + end]!; t !== NO_SITE && t !== s; t = step[back * n + end]!) end = t;
      if (end !== s) lineEnd[d * n + s] = end;
    }
  }
  return lineEnd;
}

/** Each join end's sector on the given compass (`[sector * n + point]`: the point it leads to); throws where two fall in one. */
function sectorsOf(points: readonly GraphPoint[], joins: readonly (readonly [number, number])[], compass: readonly string[]): Int32Array {
  const n = points.length, k = compass.length;
  const bySector = new Int32Array(k * n).fill(NO_SITE);
  joins.forEach(([a, b], j) => {
    const pa = points[a]!, pb = points[b]!;
    if (a === b || (pa.x === pb.x && pa.y === pb.y)) throw new GraphBoardError(`a line joins ${pa.label} to ${a === b ? "itself" : `${pb.label}, drawn at the same place`}`, j, null);
    for (const [from, to] of [[a, b], [b, a]] as const) {
      const dx = points[to]!.x - points[from]!.x, dy = points[to]!.y - points[from]!.y;
      const sector = compassSector(dx, dy, k);
      // A line half-way between two of the 8 points (a regular octagon's sides, at 22.5 degrees
      // off) would be named after one of them only by rounding, and lines alike by symmetry after
      // different ones: the finer compass names it exactly.
      if (k === 8 && onSectorEdge(dx, dy, k)) {
        throw new GraphBoardError(`the line from ${points[from]!.label} to ${points[to]!.label} runs half-way between ${compass[sector]} and ${compass[(sector + k - 1) % k]}`, j, compass[sector]!);
      }
      const had = bySector[sector * n + from]!;
      if (had !== NO_SITE && had !== to) {
        const fine = k > 8 ? " even on a 16-point compass" : "";
        throw new GraphBoardError(
          `${points[from]!.label} is joined to both ${points[had]!.label} and ${points[to]!.label} in one direction (${compass[sector]})${fine}; each point's lines must leave it in different compass directions`,
          j,
          compass[sector]!,
        );
      }
      bySector[sector * n + from] = to;
    }
  });
  return bySector;
}

/** The points with the fewest distinct neighbours (the corners of a board of squares). */
function fewestNeighbours(n: number, D: number, step: Int32Array): Int32Array {
  if (n === 0) return new Int32Array(0);
  const degree = Array.from({ length: n }, (_, s) => new Set(Array.from({ length: D }, (_, d) => step[d * n + s]!).filter((t) => t !== NO_SITE)).size);
  const fewest = least(degree);
  return Int32Array.from(degree.flatMap((k, s) => (k === fewest ? [s] : [])));
}

/** The points nearest the middle of the points' bounding box. */
function nearestMiddle(points: readonly GraphPoint[]): Int32Array {
  if (!points.length) return new Int32Array(0);
  const xs = points.map((p) => p.x), ys = points.map((p) => p.y);
  const cx = (least(xs) + most(xs)) / 2, cy = (least(ys) + most(ys)) / 2;
  const dist = points.map((p) => (p.x - cx) ** 2 + (p.y - cy) ** 2);
  const nearest = least(dist);
  return Int32Array.from(dist.flatMap((d, i) => (d - nearest < 1e-9 ? [i] : [])));
}
