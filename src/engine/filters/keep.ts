/**
 * A move filter judged by the position a move leaves: of the moves of a source, only those after
 * which a condition holds are legal ("no move may leave your own king attacked", "a placement may
 * not make a row of four"). Each move is made on a scratch copy of the state (its consequences and
 * the after-action effects run; the turn does not end and no end rule is consulted), then the
 * condition is evaluated there with `mover` the player who moved and `from`/`to` the move's sites.
 *
 * Random playouts do not pay the test for every legal move: `sample` draws a move uniformly among
 * the source's moves, tests it, and only when it fails draws again among the rest (the first move
 * to pass in a uniformly random order is uniform over the moves that pass), as Ludii's playouts do.
 */
import { MoveBuffer } from "../moves/moves.js";
import { nextInt } from "../state/rng.js";
import { NONE, SAMPLED, UNKNOWN, newCtx, type Ctx, type MoveSource, type Pred, type Runtime, type SampleResult } from "../play/rules.js";
import { State } from "../state/state.js";
import { SlotDraw } from "../moves/slot-draw.js";

/** `KeepSource.drawn` when no draw was made on the memo's position. */
const NOT_DRAWN = -2;

export class KeepSource implements MoveSource {
  readonly parts: readonly MoveSource[];
  /**
   * Scratch states, buffers and contexts by nesting depth: the condition may itself look at moves
   * (a `can-move`, another filter), which may come back to this filter while it is testing.
   */
  private readonly states: State[] = [];
  private readonly pools: MoveBuffer[] = [];
  private readonly ctxs: Ctx[] = [];
  private depth = 0;

  constructor(
    private readonly inner: MoveSource,
    /** The condition, on the position after the move. */
    private readonly after: Pred,
    private readonly runtime: Runtime,
  ) {
    this.parts = [inner];
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const start = out.size;
    this.inner.generate(s, c, out);
    if (out.overflow) return;
    let kept = start;
    for (let row = start; row < out.size; row++) {
      if (!this.passes(s, c.player, out, row)) continue;
      if (kept !== row) out.copyRow(kept, row);
      kept++;
    }
    out.size = kept;
  }

  /**
   * What the last `any` of the game's own play learnt, kept for the `sample` that usually follows
   * on the same position (end rules ask `no-moves` after a decision, then the playout draws the
   * next move): the source's moves (pools[0]) and which of them were tested, with what result.
   */
  private memoState: State | null = null;
  private memoVersion = -1;
  private memoPlayer = -1;
  /** Per row of pools[0]: 1 passes, -1 fails, 0 not tested. */
  private verdict = new Int8Array(64);

  /** The source's moves in `s` for `c.player`, in this depth's pool: those `any` found, when they are still these. */
  private movesOf(s: State, c: Ctx): MoveBuffer {
    const d = this.depth;
    const pool = this.pools[d] ?? (this.pools[d] = new MoveBuffer(64, 256));
    if (d === 0 && this.remembers(s, c.player)) return pool;
    pool.clear();
    this.inner.generate(s, c, pool);
    if (d === 0) {
      this.memoState = s;
      this.memoVersion = s.version;
      this.memoPlayer = c.player;
      this.drawn = NOT_DRAWN;
      if (this.verdict.length < pool.size) this.verdict = new Int8Array(pool.size * 2);
      this.verdict.fill(0, 0, pool.size);
    }
    return pool;
  }

  /** Whether move `row` of the pool passes, tested once per position at depth 0. */
  private judged(s: State, player: number, pool: MoveBuffer, row: number): boolean {
    if (this.depth !== 0) return this.passes(s, player, pool, row);
    const v = this.verdict[row]!;
    if (v !== 0) return v > 0;
    const ok = this.passes(s, player, pool, row);
    this.verdict[row] = ok ? 1 : -1;
    return ok;
  }

  /**
   * Whether any move passes. In a fast playout (runtime.drawing) the question is followed by a
   * draw on the same position, so it is answered by making that draw now and remembering it: the
   * move found is uniform over the moves that pass, as the draw's would be, and is tested once
   * instead of twice (`any` in order, then `sample` at random). Elsewhere moves are tested in
   * order, stopping at the first that passes, and the state's generator is left alone.
   */
  any(s: State, c: Ctx): boolean {
    if (this.depth === 0 && this.runtime.drawing) {
      // Asked again on the same position (a second end rule): the draw already made answers.
      if (this.remembers(s, c.player) && this.drawn !== NOT_DRAWN) return this.drawn >= 0;
      const pool = this.movesOf(s, c);
      if (pool.overflow) return true;
      this.drawn = this.draw(s, c.player, pool);
      return this.drawn >= 0;
    }
    const pool = this.movesOf(s, c);
    // Past a limit, say yes: the full generation that follows reports it with the rule and the position.
    if (pool.overflow) return true;
    for (let row = 0; row < pool.size; row++) if (this.judged(s, c.player, pool, row)) return true;
    return false;
  }

  /** Whether pools[0] and the verdicts are those of `s` as it is now, for `player`. */
  private remembers(s: State, player: number): boolean {
    return this.memoState === s && this.memoVersion === s.version && this.memoPlayer === player;
  }

  /** The row of pools[0] that `any` drew for the memo's position (-1: none passes), or NOT_DRAWN. */
  private drawn = NOT_DRAWN;

  /** Draws uniformly among the moves that pass, testing as few as it can (see the module comment). */
  /** Draws among the inner source's slots (placements), when it numbers them: no move listed. */
  private slotDraw: SlotDraw | null = null;

  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    const top = this.depth === 0;
    // A draw `any` made on this position is taken as it is; otherwise the slots need no listing.
    if (top && this.inner.slotCount && !(this.remembers(s, c.player) && this.drawn !== NOT_DRAWN)) {
      this.memoState = null;
      return (this.slotDraw ??= new SlotDraw([this])).sample(s, c, out);
    }
    const drawn = top && this.remembers(s, c.player) ? this.drawn : NOT_DRAWN;
    const pool = this.movesOf(s, c);
    // Past a limit, the caller's full generation reports it with the rule and the position.
    if (pool.overflow) return UNKNOWN;
    const row = drawn !== NOT_DRAWN ? drawn : this.draw(s, c.player, pool);
    // The move drawn is made next: the memo's position is gone.
    if (top) this.memoState = null;
    if (row < 0) return NONE;
    out.copyRowFrom(pool, row);
    return SAMPLED;
  }

  /**
   * Draws a move among those of `pool` that pass: a uniformly random one is tested, and when it
   * fails it leaves the draw (the last move still in it takes its place) and another is drawn.
   * Returns its row, or -1 when none passes. At depth 0 the verdicts follow the rows, and a failed
   * move's old row is marked failing, so the pool still answers `any` and later draws rightly.
   */
  private draw(s: State, player: number, pool: MoveBuffer): number {
    const top = this.depth === 0;
    const verdict = this.verdict;
    for (let left = pool.size; left > 0; left--) {
      const row = left === 1 ? 0 : nextInt(s.rng, left);
      const v = top ? verdict[row]! : 0;
      if (v > 0 || (v === 0 && this.passes(s, player, pool, row))) {
        if (top) verdict[row] = 1;
        return row;
      }
      const last = left - 1;
      if (row !== last) {
        pool.copyRow(row, last);
        if (top) verdict[row] = verdict[last]!;
      }
      if (top) verdict[last] = -1;
    }
    return -1;
  }

  /** The source's moves before the filter (for a caller that draws among them and tests the one drawn). */
  candidates(s: State, c: Ctx, out: MoveBuffer): void {
    this.inner.generate(s, c, out);
  }

  /** The inner source's slots (see MoveSource.slotCount): a slot is legal here when its move passes too. */
  slotCount(s: State, c: Ctx): number {
    return this.inner.slotCount ? this.inner.slotCount(s, c) : -1;
  }

  trySlot(s: State, c: Ctx, k: number, out: MoveBuffer): boolean {
    const player = c.player;
    if (!this.inner.trySlot!(s, c, k, out)) return false;
    if (this.passes(s, player, out, out.size - 1)) return true;
    out.size--;
    return false;
  }

  /** Makes move `row` of `buf` on a scratch copy of `s` and tests the condition there. */
  passes(s: State, player: number, buf: MoveBuffer, row: number): boolean {
    const d = this.depth;
    const t = this.states[d] ?? (this.states[d] = new State(s.shape));
    const c = this.ctxs[d] ?? (this.ctxs[d] = newCtx());
    t.copyFrom(s);
    this.depth++;
    try {
      this.runtime.applyInTurn(t, buf, row);
      c.player = player;
      c.from = buf.from[row]!;
      c.to = buf.to[row]!;
      c.piece = buf.piece[row]!;
      // `(captured)` in leaving: reads the move's own captures, as in its consequences.
      c.captures = buf.capLen[row]!;
      return this.after(t, c);
    } finally {
      this.depth--;
    }
  }
}
