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
import { MoveBuffer } from "./moves.js";
import { nextInt } from "./rng.js";
import { NONE, SAMPLED, UNKNOWN, newCtx, type Ctx, type MoveSource, type Pred, type Runtime, type SampleResult } from "./rules.js";
import { State } from "./state.js";

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
    if (d === 0 && this.memoState === s && this.memoVersion === s.version && this.memoPlayer === c.player) return pool;
    pool.clear();
    this.inner.generate(s, c, pool);
    if (d === 0) {
      this.memoState = s;
      this.memoVersion = s.version;
      this.memoPlayer = c.player;
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

  /** Whether any move passes: tested in order, stopping at the first that does. */
  any(s: State, c: Ctx): boolean {
    const pool = this.movesOf(s, c);
    // Past a limit, say yes: the full generation that follows reports it with the rule and the position.
    if (pool.overflow) return true;
    for (let row = 0; row < pool.size; row++) if (this.judged(s, c.player, pool, row)) return true;
    return false;
  }

  /** Draws uniformly among the moves that pass, testing as few as it can (see the module comment). */
  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    const top = this.depth === 0;
    const pool = this.movesOf(s, c);
    // Past a limit, the caller's full generation reports it with the rule and the position.
    if (pool.overflow) return UNKNOWN;
    // The draw reorders the pool: what `any` learnt about its rows no longer holds afterwards.
    if (top) this.memoState = null;
    const verdict = this.verdict;
    for (let left = pool.size; left > 0; left--) {
      const row = left === 1 ? 0 : nextInt(s.rng, left);
      const v = top ? verdict[row]! : 0;
      if (v > 0 || (v === 0 && this.passes(s, c.player, pool, row))) {
        out.copyRowFrom(pool, row);
        return SAMPLED;
      }
      // The failed move leaves the draw: the last of the moves still in it takes its place.
      if (row !== left - 1) {
        pool.copyRow(row, left - 1);
        if (top) verdict[row] = verdict[left - 1]!;
      }
    }
    return NONE;
  }

  /** Makes move `row` of `buf` on a scratch copy of `s` and tests the condition there. */
  private passes(s: State, player: number, buf: MoveBuffer, row: number): boolean {
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
      return this.after(t, c);
    } finally {
      this.depth--;
    }
  }
}
