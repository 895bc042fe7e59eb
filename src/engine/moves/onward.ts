/**
 * The direction `onward`: the board direction of the last decision's move, resolved at play time.
 * A move with `dirs:{onward}` may only go on the way the last move went (the next hop of a capture
 * line that must keep its direction, a slide continuing straight). The direction is the one along
 * whose line, walked from where the last decision moved from, lies where it moved to; when there
 * is none (no last move, a pass, a removal, a move that did not travel along a line) the move has
 * no direction and makes nothing.
 */
import type { State } from "../state/state.js";
import type { Topology } from "../board/topology.js";

/** The name that means "the direction of the last move" in `dirs:` lists. */
export const ONWARD = "onward";

/** No direction: the last move did not travel along one of the board's lines. */
const NO_DIRECTION = -1;

/**
 * The direction id of the last decision's move, or -1: the first direction (in the board's order)
 * along whose line `lastTo` lies, walking from `lastFrom`.
 */
export function lastMoveDirection(topo: Topology, s: State): number {
  const from = s.lastFrom, to = s.lastTo;
  if (from < 0 || to < 0 || from === to) return NO_DIRECTION;
  const n = topo.n, step = topo.step, dirs = topo.dirNames.length;
  for (let d = 0; d < dirs; d++) {
    // At most n steps: a line never visits a site twice, but a malformed graph cannot loop us.
    let t = step[d * n + from]!;
    for (let k = 0; t >= 0 && k < n; k++, t = step[d * n + t]!) if (t === to) return d;
  }
  return NO_DIRECTION;
}

/**
 * Direction lists of a move whose directions are `onward`: one single-direction list per board
 * direction, built once, so that resolving the direction at play time allocates nothing.
 */
export class OnwardDirections {
  /** `single[d]` holds just d. */
  readonly single: Int32Array[];
  readonly none = new Int32Array(0);

  constructor(readonly topology: Topology) {
    this.single = topology.dirNames.map((_, d) => Int32Array.of(d));
  }

  /** The direction of the last move as a list: that direction alone, or no direction at all. */
  current(s: State): Int32Array {
    const d = lastMoveDirection(this.topology, s);
    return d < 0 ? this.none : this.single[d]!;
  }
}

/** The direction ids a piece move may use now, for player p: fixed per seat, or the last move's. */
export function directionsNow(o: { dirs: Int32Array[]; onward?: OnwardDirections | null }, s: State, p: number): Int32Array {
  return o.onward ? o.onward.current(s) : o.dirs[p]!;
}
