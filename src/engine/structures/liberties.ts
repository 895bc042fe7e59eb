/**
 * Groups, liberties and territory, the concepts of Go's family: a group is a player's pieces joined
 * through neighbouring sites, its liberties the empty sites next to it; a group left without a
 * liberty is enclosed (captured); an empty region whose every neighbouring piece is one player's is
 * that player's territory. Everything is found from one site by walking the groups around it, with
 * arrays made once per game and "seen" marks that are stamps (no clearing, no allocation per call).
 */
import { EMPTY, NEUTRAL, type State } from "../state/state.js";

export class GroupScan {
  private readonly stack: Int32Array;
  /** Sites walked in the current walk (stamp), and empty sites counted as liberties (libertyStamp). */
  private readonly seen: Uint32Array;
  private readonly counted: Uint32Array;
  private stamp = 0;
  /** Enclosed pieces found by the last `enclosedAround`: found[0 .. size). */
  readonly found: Int32Array;

  /** `start`/`list`: each site's neighbours (those of s at list[start[s] .. start[s + 1])). */
  constructor(
    private readonly start: Int32Array,
    private readonly list: Int32Array,
  ) {
    const n = start.length - 1;
    this.stack = new Int32Array(n);
    this.seen = new Uint32Array(n);
    this.counted = new Uint32Array(n);
    this.found = new Int32Array(n);
  }

  private nextStamp(): number {
    if (++this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.counted.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** Pieces of the group the last `liberties` walked through (what it cost, for the work budget). */
  walked = 0;

  /**
   * The number of distinct empty sites next to the group of the piece on `site` (0 for an empty
   * site), or, counting stops there, `enough` once that many are found ("has a liberty" walks only
   * until the first).
   */
  liberties(s: State, site: number, enough = Infinity): number {
    const owner = s.owner[site]!;
    this.walked = 0;
    if (owner === EMPTY) return 0;
    const { start, list, stack, seen, counted } = this;
    const mark = this.nextStamp();
    let top = 0, liberties = 0, walked = 0;
    stack[top++] = site;
    seen[site] = mark;
    while (top > 0) {
      const at = stack[--top]!;
      walked++;
      for (let k = start[at]!, end = start[at + 1]!; k < end; k++) {
        const t = list[k]!;
        const o = s.owner[t]!;
        if (o === EMPTY) {
          if (counted[t] !== mark) {
            counted[t] = mark;
            if (++liberties >= enough) {
              this.walked = walked;
              return liberties;
            }
          }
        } else if (o === owner && seen[t] !== mark) {
          seen[t] = mark;
          stack[top++] = t;
        }
      }
    }
    this.walked = walked;
    return liberties;
  }

  /**
   * The pieces of the groups next to `site` that have no liberty left, for the groups whose first
   * piece met passes `target` (e.g. "an enemy's"): their sites go to found[0 .. returned count).
   * Each group is looked at once, however many of its pieces touch `site`.
   */
  enclosedAround(s: State, site: number, target: (neighbour: number) => boolean): number {
    const { start, list, stack, seen, counted: walkOf, found } = this;
    const mark = this.nextStamp();
    let size = 0, walks = 0;
    for (let k = start[site]!, end = start[site + 1]!; k < end; k++) {
      const first = list[k]!;
      const owner = s.owner[first]!;
      if (owner === EMPTY || owner === NEUTRAL || seen[first] === mark || !target(first)) continue;
      // Walk the group, keeping its pieces at the end of `found`, until it shows a liberty: then it
      // is dropped again. A walk stopped early leaves pieces of its group marked but not walked; a
      // later walk that meets one is in that same group, which breathes.
      const base = size, walk = ++walks;
      let top = 0;
      stack[top++] = first;
      seen[first] = mark;
      walkOf[first] = walk;
      walk: while (top > 0) {
        const at = stack[--top]!;
        found[size++] = at;
        for (let j = start[at]!, stop = start[at + 1]!; j < stop; j++) {
          const t = list[j]!;
          const o = s.owner[t]!;
          if (o === EMPTY || (o === owner && seen[t] === mark && walkOf[t] !== walk)) {
            size = base;
            break walk;
          }
          if (o === owner && seen[t] !== mark) {
            seen[t] = mark;
            walkOf[t] = walk;
            stack[top++] = t;
          }
        }
      }
    }
    return size;
  }

  /**
   * The player's territory: the empty sites of the empty regions (empty sites joined through
   * neighbouring empty sites) whose every neighbouring piece is the player's. A region that touches
   * no piece at all (an empty board) counts for every player, as in Ludii.
   */
  territory(s: State, player: number): number {
    const { start, list, stack, seen } = this;
    const n = start.length - 1;
    const mark = this.nextStamp();
    let total = 0;
    for (let origin = 0; origin < n; origin++) {
      if (s.owner[origin] !== EMPTY || seen[origin] === mark) continue;
      let top = 0, size = 0, pure = true;
      stack[top++] = origin;
      seen[origin] = mark;
      while (top > 0) {
        const at = stack[--top]!;
        size++;
        for (let k = start[at]!, end = start[at + 1]!; k < end; k++) {
          const t = list[k]!;
          const o = s.owner[t]!;
          if (o !== EMPTY) {
            if (o !== player) pure = false;
          } else if (seen[t] !== mark) {
            seen[t] = mark;
            stack[top++] = t;
          }
        }
      }
      if (pure) total += size;
    }
    return total;
  }
}
