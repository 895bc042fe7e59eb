/**
 * Relations between coordinates: the file and rank of each site, read once from its label
 * (letters then a number, `e4`) as the `rows` and `columns` regions read labels, so that rules
 * comparing files and ranks compare numbers at play time; and the line of sight between two sites.
 */
import { EMPTY } from "../state/state.js";
import { NO_SITE, type Topology } from "./topology.js";

export interface Coordinates {
  /** `file[s]`: the label's letters as a number, a = 1 ... z = 26, aa = 27 ... */
  readonly file: Int32Array;
  /** `rank[s]`: the label's number. */
  readonly rank: Int32Array;
}

/** A board some of whose labels are not letters then a number: it has no files and ranks. */
export interface NoCoordinates {
  /** The first such label. */
  readonly label: string;
}

const LABEL = /^([a-z]+)(\d+)$/i;

/** A file's letters as a number: a = 1, z = 26, aa = 27 ... (as labels name files). */
export function fileNumber(letters: string): number {
  let v = 0;
  for (const ch of letters.toLowerCase()) v = v * 26 + (ch.charCodeAt(0) - 96);
  return v;
}

const cache = new WeakMap<Topology, Coordinates | NoCoordinates>();

/** The files and ranks of a board's sites (computed once per board), or the label that has none. */
export function coordinatesOf(topo: Topology): Coordinates | NoCoordinates {
  let found = cache.get(topo);
  if (!found) {
    found = readCoordinates(topo);
    cache.set(topo, found);
  }
  return found;
}

function readCoordinates(topo: Topology): Coordinates | NoCoordinates {
  const file = new Int32Array(topo.n), rank = new Int32Array(topo.n);
  for (let s = 0; s < topo.n; s++) {
    const m = LABEL.exec(topo.labels[s]!);
    if (!m) return { label: topo.labels[s]! };
    file[s] = fileNumber(m[1]!);
    rank[s] = Number(m[2]);
  }
  return { file, rank };
}

/**
 * The ranks counted from the side of a seat facing `forward`: 1 for the sites nearest it, growing
 * by one per rank along its forward direction. A seat facing along the ranks (E or W on a square
 * board) counts the files instead. Null when a step forward changes neither (or the direction is
 * used by no site).
 */
export function ranksFacing(topo: Topology, c: Coordinates, forward: number): Int32Array | null {
  const n = topo.n;
  let dRank = 0, dFile = 0;
  for (let s = 0; s < n && dRank === 0 && dFile === 0; s++) {
    const t = topo.step[forward * n + s]!;
    if (t === NO_SITE) continue;
    dRank = c.rank[t]! - c.rank[s]!;
    dFile = c.file[t]! - c.file[s]!;
  }
  const along = dRank !== 0 ? c.rank : dFile !== 0 ? c.file : null;
  if (!along) return null;
  const sign = dRank !== 0 ? Math.sign(dRank) : Math.sign(dFile);
  let lo = Infinity, hi = -Infinity;
  for (let s = 0; s < n; s++) {
    lo = Math.min(lo, along[s]!);
    hi = Math.max(hi, along[s]!);
  }
  const out = new Int32Array(n);
  for (let s = 0; s < n; s++) out[s] = sign > 0 ? along[s]! - lo + 1 : hi - along[s]! + 1;
  return out;
}

/**
 * Whether `b` is seen from `a`: going from `a` in one of `dirs`, `b` comes before any occupied
 * site. `owner` is the state's owner per site. A site does not see itself.
 */
export function sees(topo: Topology, owner: Int8Array, a: number, b: number, dirs: Int32Array): boolean {
  if (a < 0 || b < 0 || a === b) return false;
  const n = topo.n, step = topo.step;
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i]! * n;
    // At most n steps: a line never visits a site twice, but a malformed graph cannot loop us.
    for (let t = step[d + a]!, k = 0; t !== NO_SITE && k < n; t = step[d + t]!, k++) {
      if (t === b) return true;
      if (owner[t] !== EMPTY) break;
    }
  }
  return false;
}
