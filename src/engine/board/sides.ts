/**
 * The sides of a board, found from its shape: the sites along each straight edge of its outline,
 * named by the compass direction the edge faces (a square board's N side is its top row; Hex's
 * rhombus has the sides NE, SE, SW and NW). A corner belongs to both edges that meet there, and a
 * corner between two edges facing, say, NE and NW is also the side N when no edge faces N (the top
 * corner of the rhombus), as Ludii's `(sites Side N)` gives it.
 *
 * The outline is the convex hull of the sites' true positions; a board whose outline is not
 * convex (a cross) has only the sides of its hull, which is what "the side of the board" means
 * for such a board's players too. A board of one line has its ends as sides too.
 */
import { everyDirection, planePositions, type Topology } from "./topology.js";

export const COMPASS_NAMES = ["E", "NE", "N", "NW", "W", "SW", "S", "SE"] as const;

/** The sites of each side, by compass name (only the sides the board has). */
export function boardSides(topo: Topology): Map<string, Int32Array> {
  const n = topo.n;
  const { x: px, y: py } = planePositions(topo);
  const out = new Map<string, Set<number>>();
  if (n < 2) return new Map();
  const hull = convexHull(px, py);
  const sector = (x: number, y: number) => ((Math.round(Math.atan2(y, x) / (Math.PI / 4)) % 8) + 8) % 8;
  const add = (k: number, site: number) => {
    const name = COMPASS_NAMES[k]!;
    if (!out.has(name)) out.set(name, new Set());
    out.get(name)!.add(site);
  };
  if (hull.length === 2) {
    // A board of one line (a single row): its two long sides are the whole line, each end the
    // side its way (a row's W side is its first square, as Ludii's `(sites Left)`).
    const [a, b] = hull as [number, number];
    const dx = px[b]! - px[a]!, dy = py[b]! - py[a]!;
    for (let s = 0; s < n; s++) add(sector(dy, -dx), s), add(sector(-dy, dx), s);
    add(sector(-dx, -dy), a);
    add(sector(dx, dy), b);
    return new Map([...out].map(([name, set]) => [name, Int32Array.from([...set].sort((x, y) => x - y))]));
  }
  if (hull.length < 3) return new Map();
  const unit = nearestDistance(topo, px, py);
  const normals: [number, number][] = [];
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!, b = hull[(i + 1) % hull.length]!;
    const dx = px[b]! - px[a]!, dy = py[b]! - py[a]!;
    const len = Math.hypot(dx, dy);
    // Counter-clockwise hull: the outside is on the right of each edge.
    const nx = dy / len, ny = -dx / len;
    normals.push([nx, ny]);
    const k = sector(nx, ny);
    for (let s = 0; s < n; s++) {
      const along = ((px[s]! - px[a]!) * dx + (py[s]! - py[a]!) * dy) / len;
      const off = Math.abs((px[s]! - px[a]!) * nx + (py[s]! - py[a]!) * ny);
      if (off < unit * 0.25 && along > -unit * 0.25 && along < len + unit * 0.25) add(k, s);
    }
  }
  const edgeSectors = new Set(normals.map(([x, y]) => sector(x, y)));
  hull.forEach((v, i) => {
    const [x1, y1] = normals[(i + hull.length - 1) % hull.length]!, [x2, y2] = normals[i]!;
    const k = sector(x1 + x2, y1 + y2);
    if (!edgeSectors.has(k)) add(k, v);
  });
  return new Map([...out].map(([name, set]) => [name, Int32Array.from([...set].sort((a, b) => a - b))]));
}

/** The hull's corner sites, counter-clockwise (Andrew's monotone chain; points on an edge left out). */
function convexHull(px: ArrayLike<number>, py: ArrayLike<number>): number[] {
  const order = Array.from({ length: px.length }, (_, i) => i).sort((a, b) => px[a]! - px[b]! || py[a]! - py[b]!);
  const cross = (o: number, a: number, b: number) => (px[a]! - px[o]!) * (py[b]! - py[o]!) - (py[a]! - py[o]!) * (px[b]! - px[o]!);
  const eps = 1e-9;
  const half = (pts: number[]) => {
    const h: number[] = [];
    for (const p of pts) {
      while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, p) <= eps) h.pop();
      h.push(p);
    }
    h.pop();
    return h;
  };
  return [...half(order), ...half([...order].reverse())];
}

/** The distance between the two nearest joined sites (the board's unit). */
function nearestDistance(topo: Topology, px: ArrayLike<number>, py: ArrayLike<number>): number {
  let best = Infinity;
  const n = topo.n;
  for (let d = 0; d < everyDirection(topo); d++) {
    for (let s = 0; s < n; s++) {
      const t = topo.step[d * n + s]!;
      if (t >= 0) best = Math.min(best, Math.hypot(px[t]! - px[s]!, py[t]! - py[s]!) || Infinity);
    }
  }
  return best === Infinity ? 1 : best;
}
