/**
 * Connection goals (rings, and groups joining corners or sides), evaluated from one site -- usually the stone just
 * placed -- by following its group, never by scanning the board: which corners and sides of the
 * board the group touches, and whether it closes a ring around some site.
 *
 * The board's sides are derived from its shape: the boundary sites (fewer neighbours than the
 * most any site has) without the corners, split into their connected runs -- six on a hexhex
 * board, four on a square one.
 */
import type { State } from "../state/state.js";
import { neighbourLists, type Topology } from "../board/topology.js";

export interface BoardOutline {
  /** Distinct neighbours per site, as a compressed list: list[start[s] .. start[s + 1]). */
  start: Int32Array;
  list: Int32Array;
  /** Whether a site is on the board's boundary (corners included). */
  boundary: Uint8Array;
  /** Per site: its corner's number (0..), or -1. */
  corner: Int32Array;
  /** Per site: its side's number (0..), or -1 (inner sites and corners). */
  side: Int32Array;
  corners: number;
  sides: number;
}

/** The outline of a board (computed once per game). */
export function boardOutline(topo: Topology): BoardOutline {
  const n = topo.n;
  const { start, list } = neighbourLists(topo);
  const degree = (s: number) => start[s + 1]! - start[s]!;
  let most = 0;
  for (let s = 0; s < n; s++) most = Math.max(most, degree(s));
  const boundary = new Uint8Array(n);
  for (let s = 0; s < n; s++) if (degree(s) < most) boundary[s] = 1;
  const corner = new Int32Array(n).fill(-1);
  let corners = 0;
  for (const s of topo.regions.get("corners") ?? []) corner[s] = corners++;
  // Sides: the connected runs of boundary sites that are not corners.
  const side = new Int32Array(n).fill(-1);
  let sides = 0;
  for (let s = 0; s < n; s++) {
    if (!boundary[s] || corner[s]! >= 0 || side[s]! >= 0) continue;
    const stack = [s];
    side[s] = sides;
    while (stack.length) {
      const at = stack.pop()!;
      for (let k = start[at]!; k < start[at + 1]!; k++) {
        const t = list[k]!;
        if (boundary[t] && corner[t]! < 0 && side[t]! < 0) {
          side[t] = sides;
          stack.push(t);
        }
      }
    }
    sides++;
  }
  return { start, list, boundary, corner, side, corners, sides };
}

/** Reusable scratch for group walks (no allocation per call). */
export class GroupWalker {
  private readonly stack: Int32Array;
  private readonly seen: Uint32Array;
  private stamp = 0;
  /** The sites of the last group walked: group[0 .. size). */
  readonly group: Int32Array;
  size = 0;

  constructor(private readonly outline: BoardOutline) {
    const n = outline.start.length - 1;
    this.stack = new Int32Array(n);
    this.seen = new Uint32Array(n);
    this.group = new Int32Array(n);
    this.open = new Uint32Array(n);
    this.reached = new Int32Array(n);
  }

  private nextStamp(): number {
    if (++this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** Walks the group of same-owner pieces containing `site` (none when it is empty). */
  walk(s: State, site: number): void {
    this.size = 0;
    if (site < 0 || s.owner[site]! < 0) return;
    const { start, list } = this.outline;
    const owner = s.owner[site]!, stamp = this.nextStamp();
    let top = 0;
    this.stack[top++] = site;
    this.seen[site] = stamp;
    while (top > 0) {
      const at = this.stack[--top]!;
      this.group[this.size++] = at;
      for (let k = start[at]!, end = start[at + 1]!; k < end; k++) {
        const t = list[k]!;
        if (this.seen[t] === stamp || s.owner[t] !== owner) continue;
        this.seen[t] = stamp;
        this.stack[top++] = t;
      }
    }
  }

  /** How many distinct corners (kind "corner") or sides the group of `site` touches. */
  touches(s: State, site: number, kind: "corner" | "side"): number {
    this.walk(s, site);
    const table = kind === "corner" ? this.outline.corner : this.outline.side;
    let mask = 0, count = 0;
    for (let i = 0; i < this.size; i++) {
      const k = table[this.group[i]!]!;
      if (k < 0 || k >= 31) continue;
      if (!(mask & (1 << k))) {
        mask |= 1 << k;
        count++;
      }
    }
    return count;
  }

  /**
   * Whether the piece on `site` closes a ring: some site next to it, off the boundary, lies in a
   * region that the owner's pieces wall off from the board's boundary. Empty sites and other
   * players' pieces are inside a region; the owner's pieces are its walls -- so a ring around a
   * cell holding one of the owner's own pieces counts too (the cells inside may be anything). Only rings through `site` are found, which is every new ring when it is the last move.
   */
  closesRing(s: State, site: number): boolean {
    if (site < 0 || s.owner[site]! < 0) return false;
    const { start, list, boundary } = this.outline;
    const owner = s.owner[site]!;
    let own = 0;
    for (let k = start[site]!; k < start[site + 1]!; k++) if (s.owner[list[k]!] === owner) own++;
    if (own < 2) return false; // a ring closes through two of the new piece's neighbours at least
    // A site a flood of this question found open (reaching the boundary) is not flooded again.
    const call = this.nextOpenStamp();
    for (let k = start[site]!; k < start[site + 1]!; k++) {
      const first = list[k]!;
      if (boundary[first]) continue;
      if (s.owner[first] !== owner) {
        if (this.open[first] !== call && this.walledOff(s, first, owner, call)) return true;
      } else if (this.pieceWalledOff(s, first, owner, call)) return true;
    }
    return false;
  }

  /**
   * Whether the owner's piece on `at` (off the boundary) is walled off: every region next to it
   * is (a ring around a cell holding one of the owner's own pieces), or there is none, its
   * neighbours all the owner's.
   */
  private pieceWalledOff(s: State, at: number, owner: number, call: number): boolean {
    const { start, list } = this.outline;
    for (let k = start[at]!, end = start[at + 1]!; k < end; k++) {
      const t = list[k]!;
      if (s.owner[t] === owner) continue;
      if (this.open[t] === call || !this.walledOff(s, t, owner, call)) return false;
    }
    return true;
  }

  /**
   * Floods the region of `from` (sites not holding the owner's pieces); true when it never
   * reaches the boundary. A region that does is marked open for the rest of the question `call`.
   */
  private walledOff(s: State, from: number, owner: number, call: number): boolean {
    const { start, list, boundary } = this.outline;
    const mark = this.nextStamp(), seen = this.seen, reached = this.reached;
    let top = 0, found = 0;
    this.stack[top++] = from;
    seen[from] = mark;
    reached[found++] = from;
    while (top > 0) {
      const at = this.stack[--top]!;
      if (boundary[at] || this.open[at] === call) {
        for (let i = 0; i < found; i++) this.open[reached[i]!] = call;
        return false;
      }
      for (let k = start[at]!, end = start[at + 1]!; k < end; k++) {
        const t = list[k]!;
        if (seen[t] === mark || s.owner[t] === owner) continue;
        seen[t] = mark;
        this.stack[top++] = t;
        reached[found++] = t;
      }
    }
    return true;
  }

  /** Marks of the sites found open, per closesRing question (see walledOff); the sites a flood reached. */
  private readonly open: Uint32Array;
  private readonly reached: Int32Array;
  private openStamp = 0;

  private nextOpenStamp(): number {
    if (++this.openStamp === 0xffffffff) {
      this.open.fill(0);
      this.openStamp = 1;
    }
    return this.openStamp;
  }
}
