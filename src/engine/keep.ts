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

  /** Draws uniformly among the moves that pass, testing as few as it can (see the module comment). */
  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    const d = this.depth;
    const pool = this.pools[d] ?? (this.pools[d] = new MoveBuffer(64, 256));
    pool.clear();
    this.inner.generate(s, c, pool);
    // Past a limit, the caller's full generation reports it with the rule and the position.
    if (pool.overflow) return UNKNOWN;
    for (let left = pool.size; left > 0; left--) {
      const row = left === 1 ? 0 : nextInt(s.rng, left);
      if (this.passes(s, c.player, pool, row)) {
        out.copyRowFrom(pool, row);
        return SAMPLED;
      }
      // The failed move leaves the draw: the last of the moves still in it takes its place.
      if (row !== left - 1) pool.copyRow(row, left - 1);
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
