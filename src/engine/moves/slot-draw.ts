/**
 * Drawing one legal move uniformly among several sources without listing them all, for random
 * playouts. Every source's moves are numbered as slots: a placement's sites (untested: a slot is
 * legal where its site is), a filter's moves (tested when drawn), any other source's moves as it
 * generates them (all legal). A slot is drawn uniformly among those left, its move made and tested;
 * when the slot holds no legal move it leaves the draw and another is drawn. The first legal move
 * found is uniform over all the legal moves -- as Ludii's playouts draw -- and a draw that succeeds
 * at once costs one test, whatever the number of moves.
 */
import { MoveBuffer } from "./moves.js";
import { nextInt } from "../state/rng.js";
import { NONE, SAMPLED, UNKNOWN, type Ctx, type MoveSource, type SampleResult } from "../play/rules.js";
import type { State } from "../state/state.js";

/** A filter of moves (`keep`): its moves before the filter, and the test of one. */
export interface Filter extends MoveSource {
  candidates(s: State, c: Ctx, out: MoveBuffer): void;
  passes(s: State, player: number, buf: MoveBuffer, row: number): boolean;
}

export function isFilter(m: MoveSource): m is Filter {
  return typeof (m as Partial<Filter>).candidates === "function" && typeof (m as Partial<Filter>).passes === "function";
}

/**
 * Slots 0 .. total in a uniformly random order, drawn one at a time: `next` gives a slot, which
 * leaves the draw only when `discard` is called (a slot whose move is taken ends the draw anyway).
 * The permutation is laid out lazily: entry k is order[k] where mark[k] is this draw's stamp, else
 * k itself, so a draw that succeeds at once costs nothing for the slots it never looked at.
 */
export class SlotOrder {
  private order = new Int32Array(64);
  private mark = new Uint32Array(64);
  private stamp = 0;
  private left = 0;
  private drawn = 0;

  begin(total: number): void {
    if (this.order.length < total) {
      this.order = new Int32Array(total * 2);
      this.mark = new Uint32Array(total * 2);
    }
    if (++this.stamp === 0xffffffff) {
      this.mark.fill(0);
      this.stamp = 1;
    }
    this.left = total;
  }

  /** The next slot, uniformly among those left (with the state's generator), or -1 when none is left. */
  next(rng: Uint32Array): number {
    if (this.left === 0) return -1;
    const r = this.left === 1 ? 0 : nextInt(rng, this.left);
    this.drawn = r;
    return this.mark[r] === this.stamp ? this.order[r]! : r;
  }

  /** Whether every slot has left the draw. */
  get exhausted(): boolean {
    return this.left === 0;
  }

  /** The slot last drawn leaves the draw: the last slot still in it takes its place. */
  discard(): void {
    const last = --this.left, r = this.drawn, { order, mark, stamp } = this;
    order[r] = mark[last] === stamp ? order[last]! : last;
    mark[r] = stamp;
  }
}

export class SlotDraw {
  /** Per part: its moves, for parts that cannot number them as slots (generated; a filter's untested). */
  private readonly pools: MoveBuffer[];
  /** Per part: the number of its first slot; then the total. */
  private readonly firstSlot: Int32Array;
  /** The order the slots are drawn in. */
  private readonly order = new SlotOrder();

  constructor(private readonly parts: readonly MoveSource[]) {
    this.pools = parts.map(() => new MoveBuffer(4, 64));
    this.firstSlot = new Int32Array(parts.length + 1);
  }

  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    const { parts, pools, firstSlot } = this;
    const player = c.player;
    let total = 0;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!, pool = pools[i]!;
      firstSlot[i] = total;
      pool.clear();
      let k = part.slotCount ? part.slotCount(s, c) : -1;
      if (k < 0) {
        if (isFilter(part)) part.candidates(s, c, pool);
        else part.generate(s, c, pool);
        if (pool.overflow) return UNKNOWN;
        k = pool.size;
      }
      total += k;
    }
    firstSlot[parts.length] = total;
    const order = this.order;
    order.begin(total);
    for (let k = order.next(s.rng); k >= 0; k = order.next(s.rng)) {
      let i = 0;
      while (firstSlot[i + 1]! <= k) i++;
      c.player = player;
      if (this.take(i, s, c, k - firstSlot[i]!, out)) return SAMPLED;
      order.discard();
    }
    return NONE;
  }

  /** The move of slot `k` of part `i` into `out`, if it holds a legal one. */
  private take(i: number, s: State, c: Ctx, k: number, out: MoveBuffer): boolean {
    const part = this.parts[i]!, pool = this.pools[i]!;
    if (pool.size === 0) return part.trySlot!(s, c, k, out);
    if (isFilter(part) && !part.passes(s, c.player, pool, k)) return false;
    out.copyRowFrom(pool, k);
    return true;
  }
}
