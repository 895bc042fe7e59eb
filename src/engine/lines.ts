/**
 * Lines through a site: how many pieces of one player stand in an unbroken row through a given
 * site, along the board's lines (each pair of opposite directions is one line). A line condition
 * looks only along the lines through the site it is asked about, usually the last move's
 * destination, so its cost depends on the line's length, never on the board's size.
 */
import type { State } from "./state.js";
import { NO_SITE, type Topology } from "./topology.js";

/**
 * The lines of a board as direction ids, one per pair of opposite directions (the smaller id),
 * limited to `dirs` when given. Directions without an opposite make no line.
 */
export function lineAxes(topo: Topology, dirs?: readonly number[]): Int8Array {
  const axes: number[] = [];
  for (let d = 0; d < topo.dirNames.length; d++) {
    const back = topo.opposite[d]!;
    if (back < 0 || back < d) continue;
    if (dirs && !dirs.includes(d) && !dirs.includes(back)) continue;
    axes.push(d);
  }
  return Int8Array.from(axes);
}

/** Sites owned by `owner` in a row from `site` (not counted) in direction `d`. */
function runFrom(topo: Topology, s: State, site: number, d: number, owner: number): number {
  const n = topo.n;
  let count = 0;
  for (let t = topo.step[d * n + site]!; t !== NO_SITE && s.owner[t] === owner; t = topo.step[d * n + t]!) count++;
  return count;
}

/** The longest unbroken row of `owner`'s pieces through `site` along the given lines (0 when the site is not `owner`'s). */
export function longestLine(topo: Topology, s: State, site: number, owner: number, axes: Int8Array): number {
  if (site < 0 || s.owner[site] !== owner) return 0;
  let best = 0;
  for (let i = 0; i < axes.length; i++) {
    const d = axes[i]!;
    const len = 1 + runFrom(topo, s, site, d, owner) + runFrom(topo, s, site, topo.opposite[d]!, owner);
    if (len > best) best = len;
  }
  return best;
}

/** Whether some line through `site` holds a row of `owner`'s pieces of exactly `length`. */
export function hasLineOfExactly(topo: Topology, s: State, site: number, owner: number, axes: Int8Array, length: number): boolean {
  if (site < 0 || s.owner[site] !== owner) return false;
  for (let i = 0; i < axes.length; i++) {
    const d = axes[i]!;
    if (1 + runFrom(topo, s, site, d, owner) + runFrom(topo, s, site, topo.opposite[d]!, owner) === length) return true;
  }
  return false;
}
