/**
 * Lines through a site: how many pieces of one player stand in an unbroken row through a given
 * site, along the board's lines (each pair of opposite directions is one line). A line condition
 * looks only along the lines through the site it is asked about, usually the last move's
 * destination, so its cost depends on the line's length, never on the board's size.
 */
import { EMPTY, type State } from "./state.js";
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

/**
 * Whether `site` counts as `owner`'s for a row through it: it holds their piece, or, with
 * `ifPlaced`, it is empty (the row a piece of theirs placed there would make).
 */
function counts(s: State, site: number, owner: number, ifPlaced: boolean): boolean {
  return site >= 0 && (s.owner[site] === owner || (ifPlaced && s.owner[site] === EMPTY));
}

/** The longest unbroken row of `owner`'s pieces through `site` along the given lines (0 when the site is not `owner`'s; see `counts` for `ifPlaced`). */
export function longestLine(topo: Topology, s: State, site: number, owner: number, axes: Int8Array, ifPlaced = false): number {
  if (!counts(s, site, owner, ifPlaced)) return 0;
  let best = 0;
  for (let i = 0; i < axes.length; i++) {
    const d = axes[i]!;
    const len = 1 + runFrom(topo, s, site, d, owner) + runFrom(topo, s, site, topo.opposite[d]!, owner);
    if (len > best) best = len;
  }
  return best;
}

/** Whether some line through `site` holds a row of `owner`'s pieces of exactly `length`. */
export function hasLineOfExactly(topo: Topology, s: State, site: number, owner: number, axes: Int8Array, length: number, ifPlaced = false): boolean {
  if (!counts(s, site, owner, ifPlaced)) return false;
  for (let i = 0; i < axes.length; i++) {
    const d = axes[i]!;
    if (1 + runFrom(topo, s, site, d, owner) + runFrom(topo, s, site, topo.opposite[d]!, owner) === length) return true;
  }
  return false;
}

/**
 * Outflanking: from `site`, in direction `d`, a run of one or more pieces of other
 * players ended by a piece of `player`. Returns the run's length, 0 when the line does not end
 * that way (an empty site, a neutral piece or the board's edge first).
 */
export function outflankedRun(topo: Topology, s: State, site: number, d: number, player: number): number {
  const n = topo.n;
  let count = 0;
  for (let t = topo.step[d * n + site]!; t !== NO_SITE; t = topo.step[d * n + t]!) {
    const o = s.owner[t]!;
    if (o === player) return count;
    if (o < 0 || o >= s.pieceCount.length) return 0; // empty or neutral
    count++;
  }
  return 0;
}

/** Whether a piece of `player` on `site` would outflank some run in one of `dirs`. */
export function outflanksAny(topo: Topology, s: State, site: number, player: number, dirs: Int32Array): boolean {
  for (let i = 0; i < dirs.length; i++) if (outflankedRun(topo, s, site, dirs[i]!, player) > 0) return true;
  return false;
}

/** Gives every outflanked run from `site` (in `dirs`) to `player`; returns how many pieces changed hands. */
export function convertOutflanked(topo: Topology, s: State, site: number, player: number, dirs: Int32Array): number {
  const n = topo.n;
  let converted = 0;
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i]!;
    let run = outflankedRun(topo, s, site, d, player);
    converted += run;
    for (let t = topo.step[d * n + site]!; run > 0; t = topo.step[d * n + t]!, run--) s.setOwner(t, player);
  }
  return converted;
}
