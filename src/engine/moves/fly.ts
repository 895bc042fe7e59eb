/**
 * A piece move that is not along the board's lines: a piece of the mover goes from its site to any
 * site the destination condition allows (by default an empty one), however far and whatever
 * stands between. Landing, capture by replacement, consequences, notation and description are a
 * step's (the generator extends StepGenerator); only which destinations exist differs.
 */
import type { MoveBuffer } from "./moves.js";
import { nextInt } from "../state/rng.js";
import { NONE, SAMPLED, UNKNOWN, type Ctx, type MovesBound, type SampleResult } from "../play/rules.js";
import { big } from "../play/play-limit.js";
import type { State } from "../state/state.js";
import { canMove, StepGenerator } from "./generators.js";

/** Random (origin, destination) pairs `sample` tries before leaving the choice to full generation. */
const SAMPLE_TRIES = 24;

export class FlyGenerator extends StepGenerator {
  override generate(s: State, c: Ctx, out: MoveBuffer): void {
    const n = this.o.topology.n, owner = s.owner, p = c.player, kind = this.o.kind;
    // Past the move limit the buffer stops growing and the caller reports it: stop here too.
    for (let site = 0; site < n && !out.overflow; site++) {
      if (owner[site] !== p || !canMove(this.o, s, c, site)) continue;
      const type = c.piece;
      for (let t = 0; t < n; t++) if (t !== site) this.land(s, c, out, kind, site, t, type);
    }
  }

  /** Whether a piece of `c.player` could fly onto the occupied `target`: any of its movable pieces, the destination allowing. */
  override lands(s: State, c: Ctx, target: number): boolean {
    if (this.to === null) return false;
    const n = this.o.topology.n, owner = s.owner, p = c.player;
    for (let site = 0; site < n; site++) {
      if (site === target || owner[site] !== p || !canMove(this.o, s, c, site)) continue;
      c.to = target;
      if (this.to(s, c)) return true;
    }
    return false;
  }

  /** The most moves one position can have, for `validate`'s warning: every piece to every other site. */
  movesBound(pieces: number): MovesBound {
    const to = this.o.topology.n - 1;
    return { moves: pieces * to, how: `${big(pieces)} ${pieces === 1 ? "piece" : "pieces"} to any of ${big(to)} sites` };
  }

  /**
   * A uniformly random move: the mover's movable pieces are listed, then random (piece, site)
   * pairs are drawn until one lands (every accepted pair equally likely). With few destinations
   * the tries run out and the caller generates every move instead.
   */
  override sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    const n = this.o.topology.n, owner = s.owner, p = c.player, origins = this.origins;
    let k = 0;
    for (let site = 0; site < n; site++) if (owner[site] === p && canMove(this.o, s, c, site)) origins[k++] = site;
    if (k === 0) return NONE;
    for (let tries = 0; tries < SAMPLE_TRIES; tries++) {
      const from = origins[k === 1 ? 0 : nextInt(s.rng, k)]!;
      const t = nextInt(s.rng, n);
      if (t === from || !canMove(this.o, s, c, from)) continue;
      this.land(s, c, out, this.o.kind, from, t, c.piece);
      if (out.size > 0) return SAMPLED;
    }
    return UNKNOWN;
  }
}
