/**
 * Board topology: the sites of a board as nodes of a graph, compiled to dense tables.
 *
 * Every board shape (square grid, square grid with diagonals and centre points, hexhex) is built
 * from parameters into the same structure, so move generation never asks what shape it is on:
 * it reads `step[dir * n + site]` (the neighbour of `site` in direction `dir`, or -1). Portals
 * (edges that connect the ends of grid lines) are extra edges of this graph added by the
 * description, not special code.
 */

/** Board shapes whose sites can be drawn as areas (squares, hexagons) rather than points: what a board's `drawn:cells` allows. */
export const CELL_SHAPES: readonly string[] = ["square", "square-diagonals", "hex-rows", "hex-columns", "tri-cells"];
/** The shapes drawn as cells unless the description says `drawn:points` (hex grids in columns are drawn as points unless it says `drawn:cells`). */
export const CELLS_BY_DEFAULT: readonly string[] = ["square", "square-diagonals", "hex-rows", "tri-cells"];

export const NO_SITE = -1;

export interface Topology {
  /** Number of sites. Site ids are 0..n-1. */
  readonly n: number;
  /** Site labels (`a1`), indexed by site id. */
  readonly labels: readonly string[];
  /**
   * Position of each site for drawing on a character grid (row 0 at the top). Units are the
   * board's own: sites in one text row are at least one unit apart (hex boards: two).
   */
  readonly drawX: Float64Array;
  readonly drawY: Float64Array;
  /** Direction names, indexed by direction id. */
  readonly dirNames: readonly string[];
  /**
   * How many of the directions, the first ones, are the board's own: what "every direction"
   * means (a move's default, adjacency, lines, drawing). The rest, when there are any, name the
   * same joins another way, such as clockwise, anticlockwise, inward and outward round a wheel,
   * and are followed only where a rule names them. Absent: all of them (see `everyDirection`).
   */
  readonly ownDirs?: number;
  /** `step[d * n + s]`: neighbour of s in direction d, or NO_SITE. */
  readonly step: Int32Array;
  /** `opposite[d]`: the direction pointing back, or -1 when the board has none. */
  readonly opposite: Int8Array;
  /**
   * `lineEnd[d * n + s]`: where a step from s in direction d that leaves the board would arrive if
   * the grid line wrapped round: the far end of the line through s (NO_SITE when the step stays on
   * the board, or the line is s alone). Portals and "line ends count as adjacent" rules use it.
   */
  readonly lineEnd: Int32Array;
  /** Named regions built by the board itself (e.g. `centres`, `edge`, `wall-bottom`). */
  readonly regions: ReadonlyMap<string, Int32Array>;
  /** The kind of board, for renderers and docs only (never for rules). */
  readonly shape: string;
  /**
   * On a board with places (`places:{edges faces}`, see places.ts): the sites 0..points-1 are its
   * points, the rest its edges then its faces, and `incident` lists which places meet (a point and
   * its edges, an edge and its faces): those of site s at list[start[s] .. start[s + 1]).
   */
  readonly points?: number;
  readonly incident?: { readonly start: Int32Array; readonly list: Int32Array };
}

/**
 * How far apart a drawing unit is along x and y on the board itself. The topology's drawing
 * positions are text positions, where hex grids put row neighbours two columns apart and rows one
 * line apart; on a true hex lattice every neighbour is equally far, so rows stand sqrt(3) apart
 * (columns, for hexes laid out in columns).
 */
export function shapeAspect(shape: string): [number, number] {
  if (shape === "hex-rows" || shape === "hex-star" || shape === "tri") return [1, Math.sqrt(3)];
  if (shape === "hex-columns") return [Math.sqrt(3), 1];
  // Triangular cells: half a side across, a third of a row's height up.
  if (shape === "tri-cells") return [1, Math.sqrt(3) / 3];
  // Mancala rows stand two lines apart in text: pits drawn side by side need little more than one.
  if (shape === "mancala") return [1, 0.6];
  return [1, 1];
}

/**
 * Where the sites truly stand on the plane: the drawing positions in true proportion
 * (shapeAspect), y upwards. What rules that measure the board's geometry read: its sides, turns
 * of a region, faces between its lines, boards made from boards.
 */
export function planePositions(topo: Topology): { x: Float64Array; y: Float64Array } {
  const [ax, ay] = shapeAspect(topo.shape);
  return { x: Float64Array.from(topo.drawX, (v) => v * ax), y: Float64Array.from(topo.drawY, (v) => -v * ay) };
}

/** How many directions "every direction" means: the board's own ones, not the names for them another way (Topology.ownDirs). */
export function everyDirection(topo: Topology): number {
  return topo.ownDirs ?? topo.dirNames.length;
}

/** The ids of every direction (everyDirection), in order. */
export function ownDirections(topo: Topology): number[] {
  return Array.from({ length: everyDirection(topo) }, (_, d) => d);
}

/** Finds a site by label, case-insensitively. */
export function siteIndex(topo: Topology, label: string): number {
  const map = labelMaps.get(topo) ?? buildLabelMap(topo);
  return map.get(label.toLowerCase()) ?? NO_SITE;
}

const labelMaps = new WeakMap<Topology, Map<string, number>>();
function buildLabelMap(topo: Topology): Map<string, number> {
  const map = new Map<string, number>();
  topo.labels.forEach((l, i) => map.set(l.toLowerCase(), i));
  labelMaps.set(topo, map);
  return map;
}

export function dirIndex(topo: Topology, name: string): number {
  return topo.dirNames.findIndex((d) => d.toLowerCase() === name.toLowerCase());
}

/**
 * Each site's distinct neighbours, in direction order, as a compressed list (those of site s at
 * list[start[s] .. start[s + 1])): along the given directions (default: all the board's), through
 * the given tables (default: the steps; `lineEnd` adds the far ends of lines leaving the board).
 */
export function neighbourLists(topo: Topology, dirs: readonly number[] = ownDirections(topo), tables: readonly Int32Array[] = [topo.step]): { start: Int32Array; list: Int32Array } {
  const n = topo.n;
  const start = new Int32Array(n + 1);
  const list: number[] = [];
  for (let site = 0; site < n; site++) {
    start[site] = list.length;
    for (const table of tables) {
      for (const d of dirs) {
        const t = table[d * n + site]!;
        if (t === NO_SITE) continue;
        let seen = false;
        for (let k = start[site]!; k < list.length && !seen; k++) seen = list[k] === t;
        if (!seen) list.push(t);
      }
    }
  }
  start[n] = list.length;
  return { start, list: Int32Array.from(list) };
}

/** The neighbours of a site in every direction (distinct, in direction order). */
/**
 * The board direction along whose line the site `to` lies from `from`, whatever stands between
 * (-1: none, or the two are one site). On boards where two directions reach the same site, the
 * first in the board's order.
 */
export function lineDirection(topo: Topology, from: number, to: number): number {
  if (from === to) return -1;
  const n = topo.n, step = topo.step;
  for (let d = 0; d < topo.dirNames.length; d++) {
    for (let at = step[d * n + from]!, k = 0; at >= 0 && k < n; at = step[d * n + at]!, k++) if (at === to) return d;
  }
  return -1;
}

export function neighbours(topo: Topology, site: number): number[] {
  const out: number[] = [];
  for (let d = 0; d < everyDirection(topo); d++) {
    const t = topo.step[d * topo.n + site];
    if (t !== NO_SITE && !out.includes(t)) out.push(t);
  }
  return out;
}

/** The least and the most of a list of numbers (of any length: spreading a board's worth of sites into Math.min may overflow the stack). */
export function least(xs: ArrayLike<number>): number {
  let m = Infinity;
  for (let i = 0; i < xs.length; i++) if (xs[i]! < m) m = xs[i]!;
  return m;
}

export function most(xs: ArrayLike<number>): number {
  let m = -Infinity;
  for (let i = 0; i < xs.length; i++) if (xs[i]! > m) m = xs[i]!;
  return m;
}

/**
 * Column letters used in labels: a..z, then aa, ab ... zz, then aaa ... (bijective base 26, as
 * spreadsheet columns), so every column of any board has its own letters.
 */
export function fileLetter(i: number): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let out = "";
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) out = letters[(n - 1) % 26]! + out;
  return out;
}

/**
 * Builds a topology from a list of sites placed on an integer lattice and a list of direction
 * vectors. A step in direction d goes from (x, y) to (x + dx, y + dy) when a site is there and
 * `connects(from, d)` allows it (used for centre points, which no orthogonal line passes through).
 */
export interface LatticeSite {
  x: number;
  y: number;
  label: string;
  drawX: number;
  drawY: number;
  /** Names of the regions this site belongs to, set by the board builder. */
  regions?: string[];
}

export interface LatticeDirection {
  name: string;
  dx: number;
  dy: number;
}

export function buildLattice(
  shape: string,
  sites: LatticeSite[],
  dirs: LatticeDirection[],
  connects: (site: LatticeSite, dir: LatticeDirection) => boolean = () => true,
): Topology {
  const n = sites.length;
  const key = (x: number, y: number) => `${x},${y}`;
  const at = new Map<string, number>();
  sites.forEach((s, i) => at.set(key(s.x, s.y), i));

  const step = new Int32Array(dirs.length * n).fill(NO_SITE);
  dirs.forEach((d, di) => {
    sites.forEach((s, si) => {
      if (!connects(s, d)) return;
      const t = at.get(key(s.x + d.dx, s.y + d.dy));
      if (t !== undefined) step[di * n + si] = t;
    });
  });

  const opposite = new Int8Array(dirs.length).fill(-1);
  dirs.forEach((d, di) => {
    opposite[di] = dirs.findIndex((e) => e.dx === -d.dx && e.dy === -d.dy);
  });

  const lineEnd = new Int32Array(dirs.length * n).fill(NO_SITE);
  dirs.forEach((_, di) => {
    const back = opposite[di]!;
    if (back < 0) return;
    for (let si = 0; si < n; si++) {
      if (step[di * n + si] !== NO_SITE) continue;
      let end = si;
      for (let t = step[back * n + end]!; t !== NO_SITE; t = step[back * n + end]!) end = t;
      if (end !== si) lineEnd[di * n + si] = end;
    }
  });

  const regionLists = new Map<string, number[]>();
  sites.forEach((s, i) => {
    for (const r of s.regions ?? []) {
      if (!regionLists.has(r)) regionLists.set(r, []);
      regionLists.get(r)!.push(i);
    }
  });
  const regions = new Map<string, Int32Array>();
  regions.set("all", Int32Array.from(sites.map((_, i) => i)));
  regions.set("corners", cornerSites(n, dirs.length, step));
  regions.set("centre", centreSites(sites));
  for (const [name, list] of regionLists) regions.set(name, Int32Array.from(list));

  return {
    n,
    labels: sites.map((s) => s.label),
    drawX: Float64Array.from(sites.map((s) => s.drawX)),
    drawY: Float64Array.from(sites.map((s) => s.drawY)),
    dirNames: dirs.map((d) => d.name),
    step,
    opposite,
    lineEnd,
    regions,
    shape,
  };
}

/** The corners: the sites with the fewest distinct neighbours (the four of a square grid, the six of a hexhex). */
function cornerSites(n: number, dirCount: number, step: Int32Array): Int32Array {
  if (n < 2) return new Int32Array(0);
  const degree = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    const seen = new Set<number>();
    for (let d = 0; d < dirCount; d++) {
      const t = step[d * n + s]!;
      if (t !== NO_SITE) seen.add(t);
    }
    degree[s] = seen.size;
  }
  const fewest = least(degree);
  const out: number[] = [];
  for (let s = 0; s < n; s++) if (degree[s] === fewest) out.push(s);
  return Int32Array.from(out);
}

/** The centre: the sites nearest the middle of the lattice (one on an odd square or a hexhex, four on an even square). */
function centreSites(sites: LatticeSite[]): Int32Array {
  if (!sites.length) return new Int32Array(0);
  const xs = sites.map((s) => s.x), ys = sites.map((s) => s.y);
  const cx = (least(xs) + most(xs)) / 2, cy = (least(ys) + most(ys)) / 2;
  const dist = sites.map((s) => (s.x - cx) ** 2 + (s.y - cy) ** 2);
  const nearest = least(dist);
  const out: number[] = [];
  dist.forEach((d, i) => d - nearest < 1e-9 && out.push(i));
  return Int32Array.from(out);
}
