/**
 * The rays of a board along a list of directions, laid out once per board, directions and reach:
 * from each site, every site a straight move could reach on an empty board, as (direction,
 * distance, site) entries. Slides and shots that draw one random move in a playout number their
 * possible moves by these entries (see SlideGenerator.sample): a drawn entry is then tested, not
 * every move listed.
 */
import type { Topology } from "../board/topology.js";

export interface RayTable {
  /** The entries of site s are start[s] .. start[s + 1]. */
  readonly start: Int32Array;
  /** Per entry: the direction (an index into the direction list, not a direction id), the distance and the site reached. */
  readonly dir: Int32Array;
  readonly dist: Int32Array;
  readonly site: Int32Array;
}

const made = new WeakMap<Topology, Map<string, RayTable | null>>();

/**
 * The rays from every site along `dirs`, each up to `reach` sites; null when some ray comes back
 * to a site it passed (a line round a ring), which these entries cannot number.
 */
export function rayTable(topo: Topology, dirs: Int32Array, reach: number): RayTable | null {
  let byKey = made.get(topo);
  if (!byKey) made.set(topo, (byKey = new Map()));
  const key = `${reach}:${dirs.join(",")}`;
  if (!byKey.has(key)) byKey.set(key, makeRays(topo, dirs, reach));
  return byKey.get(key)!;
}

function makeRays(topo: Topology, dirs: Int32Array, reach: number): RayTable | null {
  const n = topo.n, step = topo.step;
  const start = new Int32Array(n + 1);
  const dir: number[] = [], dist: number[] = [], site: number[] = [];
  const seen = new Int32Array(n).fill(-1);
  for (let s = 0; s < n; s++) {
    start[s] = site.length;
    for (let k = 0; k < dirs.length; k++) {
      const base = dirs[k]! * n;
      const mark = s * dirs.length + k;
      seen[s] = mark;
      for (let t = step[base + s]!, d = 1; t >= 0 && d <= reach; t = step[base + t]!, d++) {
        if (seen[t] === mark) return null;
        seen[t] = mark;
        dir.push(k);
        dist.push(d);
        site.push(t);
      }
    }
  }
  start[n] = site.length;
  return { start, dir: Int32Array.from(dir), dist: Int32Array.from(dist), site: Int32Array.from(site) };
}
