/**
 * Lines through a site: how many pieces of one player stand in an unbroken row through a given
 * site, along the board's lines (each pair of opposite directions is one line). A line condition
 * looks only along the lines through the site it is asked about, usually the last move's
 * destination, so its cost depends on the line's length, never on the board's size.
 */
import { EMPTY, type State } from "../state/state.js";
import { everyDirection, NO_SITE, type Topology } from "../board/topology.js";

/**
 * The lines of a board as direction ids, one per pair of opposite directions (the smaller id),
 * limited to `dirs` when given. Directions without an opposite make no line.
 */
export function lineAxes(topo: Topology, dirs?: readonly number[]): Int8Array {
  const axes: number[] = [];
  for (let d = 0; d < everyDirection(topo); d++) {
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
  // A line round a ring (a wheel's clockwise) comes back to `site`: it ends there.
  for (let t = topo.step[d * n + site]!; t !== NO_SITE && t !== site && s.owner[t] === owner; t = topo.step[d * n + t]!) count++;
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

/**
 * Whether some line through `site` holds a row of at least `length` of `owner`'s pieces: the
 * answer of `longestLine(...) >= length`, each line walked only until the row is long enough.
 */
export function hasLineOfAtLeast(topo: Topology, s: State, site: number, owner: number, axes: Int8Array, length: number, ifPlaced = false): boolean {
  if (!counts(s, site, owner, ifPlaced)) return false;
  if (length <= 1) return true;
  const n = topo.n, step = topo.step, opposite = topo.opposite, own = s.owner;
  for (let i = 0; i < axes.length; i++) {
    const d = axes[i]!;
    let len = 1;
    // As runFrom: a line round a ring ends where it began.
    for (let t = step[d * n + site]!; t !== NO_SITE && t !== site && own[t] === owner && len < length; t = step[d * n + t]!) len++;
    const back = opposite[d]!;
    for (let t = step[back * n + site]!; t !== NO_SITE && t !== site && own[t] === owner && len < length; t = step[back * n + t]!) len++;
    if (len >= length) return true;
  }
  return false;
}

/** Whether some line through `site` holds a row of `owner`'s pieces of exactly `length`. */
export function hasLineOfExactly(topo: Topology, s: State, site: number, owner: number, axes: Int8Array, length: number, ifPlaced = false): boolean {
  if (!counts(s, site, owner, ifPlaced)) return false;
  const n = topo.n, step = topo.step, opposite = topo.opposite, own = s.owner;
  for (let i = 0; i < axes.length; i++) {
    const d = axes[i]!;
    // Counted only up to one past `length`: a longer row is not one of exactly `length` either.
    let len = 1;
    for (let t = step[d * n + site]!; t !== NO_SITE && t !== site && own[t] === owner && len <= length; t = step[d * n + t]!) len++;
    const back = opposite[d]!;
    for (let t = step[back * n + site]!; t !== NO_SITE && t !== site && own[t] === owner && len <= length; t = step[back * n + t]!) len++;
    if (len === length) return true;
  }
  return false;
}

/**
 * The board's lines along the given axes, each as its sites in order (a line starts where no site
 * stands behind it): the lines of `(line N)` asked without a site, made once per rule.
 */
export interface BoardLines {
  /** Line k is sites[start[k] .. start[k + 1]). */
  readonly start: Int32Array;
  readonly sites: Int32Array;
}

export function boardLines(topo: Topology, axes: Int8Array): BoardLines {
  const n = topo.n, starts: number[] = [0], sites: number[] = [];
  for (let i = 0; i < axes.length; i++) {
    const d = axes[i]!, back = topo.opposite[d]!;
    for (let site = 0; site < n; site++) {
      if (topo.step[back * n + site] !== NO_SITE) continue;
      for (let t = site; t !== NO_SITE; t = topo.step[d * n + t]!) sites.push(t);
      starts.push(sites.length);
    }
  }
  return { start: Int32Array.from(starts), sites: Int32Array.from(sites) };
}

/**
 * Whether a row of `owner`'s pieces of at least `length` (exactly `length`, with `exact`) stands
 * anywhere on the board's lines. Along a line, a row of `length` that ends at or after index i
 * covers index i when i is a multiple of `length` away from the last miss, so the search looks at
 * every length-th site and only counts around those that hold the owner's piece: on a board with
 * few long rows most lines are passed over in a read or two.
 */
export function anyLine(lines: BoardLines, s: State, owner: number, length: number, exact: boolean): boolean {
  if (s.pieceCount[owner]! < length) return false;
  const own = s.owner, { start, sites } = lines;
  for (let k = 0, count = start.length - 1; k < count; k++) {
    const first = start[k]!, end = start[k + 1]!;
    if (end - first < length) continue;
    // `from`: the first index a row may still begin at (every site before it is known to be no part of one).
    let from = first;
    for (let i = first + length - 1; i < end; ) {
      if (own[sites[i]!] !== owner) {
        from = i + 1;
        i += length;
        continue;
      }
      let lo = i;
      while (lo > from && own[sites[lo - 1]!] === owner) lo--;
      let hi = i + 1;
      while (hi < end && own[sites[hi]!] === owner) hi++;
      const run = hi - lo;
      if (exact ? run === length : run >= length) return true;
      from = hi + 1;
      i = hi + length;
    }
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
  for (let t = topo.step[d * n + site]!; t !== NO_SITE && t !== site; t = topo.step[d * n + t]!) {
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
