/**
 * Directions relative to the last decision's move, resolved at play time: `onward`, the way it went
 * (Ludii's SameDirection), and `back`, the way back from where it went to where it came from (Ludii's
 * OppositeDirection). A move may name them in `dirs:` (`dirs:{onward}`: the next hop of a capture
 * line that must keep its direction) and in `except:` (`except:{back}`: any direction but straight
 * back, a king's next jump in Dama). The direction is the one along whose line, walked from one of
 * the last move's two sites, lies the other; when there is none (no last move, a pass, a removal, a
 * move that did not travel along a line) the name stands for no direction.
 */
import type { State } from "../state/state.js";
import { lineDirection, type Topology } from "../board/topology.js";

/** The name that means "the direction of the last move" in `dirs:` lists. */
export const ONWARD = "onward";
/** The name that means "the direction back along the last move" in `dirs:` lists. */
export const BACK = "back";
/** Both, for the forms that check names. */
export const LAST_MOVE_NAMES: readonly string[] = [ONWARD, BACK];

/** No direction: the last move did not travel along one of the board's lines. */
const NO_DIRECTION = -1;

/**
 * The direction id of the last decision's move, or -1: the first direction (in the board's order)
 * along whose line `lastTo` lies, walking from `lastFrom`.
 */
export function lastMoveDirection(topo: Topology, s: State): number {
  const from = s.lastFrom, to = s.lastTo;
  if (from < 0 || to < 0) return NO_DIRECTION;
  return lineDirection(topo, from, to);
}

/** Which of the last move's directions a list names. */
export interface LastMoveNames {
  onward: boolean;
  back: boolean;
}

/**
 * The directions of a piece move that names the last move's directions, per seat: the fixed ones
 * (`fixed[p]`) with `onward`/`back` added (`add`), then without the fixed exceptions (`except[p]`)
 * and the last move's ones named there (`drop`). One list per seat and pair of last-move directions,
 * made the first time it is asked and kept: resolving the directions at play time allocates nothing
 * after that, and a game that names neither pays nothing (the move has no such object).
 */
export class LastMoveDirections {
  /** Lists by index (see index), made on demand. */
  private readonly lists: (Int32Array | undefined)[];
  /** Board directions + 1 (index 0: no direction). */
  private readonly stride: number;
  private readonly readsOnward: boolean;
  private readonly readsBack: boolean;

  constructor(
    readonly topology: Topology,
    /** Per seat, the directions named in `dirs:` that do not depend on the last move. */
    readonly fixed: Int32Array[],
    readonly add: LastMoveNames,
    /** Per seat, the directions named in `except:` that do not depend on the last move. */
    readonly except: Int32Array[],
    readonly drop: LastMoveNames,
  ) {
    this.stride = topology.dirNames.length + 1;
    this.lists = new Array<Int32Array | undefined>(fixed.length * this.stride * this.stride);
    this.readsOnward = add.onward || drop.onward;
    this.readsBack = add.back || drop.back;
  }

  /** The index of the list seat p uses now: its seat, the last move's direction and the way back. */
  index(s: State, p: number): number {
    const stride = this.stride, from = s.lastFrom, to = s.lastTo;
    let k = p * stride * stride;
    if (from >= 0 && to >= 0) {
      if (this.readsOnward) k += (lineDirection(this.topology, from, to) + 1) * stride;
      if (this.readsBack) k += lineDirection(this.topology, to, from) + 1;
    }
    return k;
  }

  /** The list at an index (see index). */
  list(k: number): Int32Array {
    return this.lists[k] ?? (this.lists[k] = this.make(k));
  }

  /** The directions seat p may use now. */
  current(s: State, p: number): Int32Array {
    return this.list(this.index(s, p));
  }

  private make(k: number): Int32Array {
    const stride = this.stride, p = Math.floor(k / (stride * stride));
    const onward = (Math.floor(k / stride) % stride) - 1, back = (k % stride) - 1;
    const out: number[] = [...this.fixed[p]!];
    if (this.add.onward && onward >= 0) out.push(onward);
    if (this.add.back && back >= 0) out.push(back);
    const except = new Set(this.except[p]!);
    if (this.drop.onward && onward >= 0) except.add(onward);
    if (this.drop.back && back >= 0) except.add(back);
    return Int32Array.from(out.filter((d, i) => !except.has(d) && out.indexOf(d) === i));
  }
}

/** The direction ids a piece move may use now, for player p: fixed per seat, or depending on the last move. */
export function directionsNow(o: { dirs: Int32Array[]; onward?: LastMoveDirections | null }, s: State, p: number): Int32Array {
  return o.onward ? o.onward.current(s, p) : o.dirs[p]!;
}
