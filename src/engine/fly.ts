/**
 * A piece move that is not along the board's lines: a piece of the mover goes from its site to any
 * site the destination condition allows (by default an empty one), however far and whatever
 * stands between. A destination condition that allows an occupied site makes landing there a
 * capture by replacement, as with a step. The consequences run after the piece has landed.
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { nextInt } from "./rng.js";
import { NONE, SAMPLED, UNKNOWN, newCtx, type Ctx, type Effect, type LeafGenerator, type Pred, type SampleResult } from "./rules.js";
import { EMPTY, type State } from "./state.js";
import type { Topology } from "./topology.js";

export interface FlyOptions {
  topology: Topology;
  kind: number;
  /** Piece types allowed to make this move (null: all), indexed by piece type. */
  pieces: Uint8Array | null;
  /** Condition on the moving piece's site (c.from), null: any piece of the mover. */
  from: Pred | null;
  /** Condition on the destination (c.to), null: it must be empty. */
  to: Pred | null;
  then: Effect[];
  /** Describes the consequences as primitive actions, for a move about to be made. */
  describeThen: (s: State, c: Ctx) => PrimitiveAction[];
}

/** Random (origin, destination) pairs `sample` tries before leaving the choice to full generation. */
const SAMPLE_TRIES = 24;

export class FlyGenerator implements LeafGenerator {
  id = -1;
  /** The origins found by `sample` (reused: no allocation per call). */
  private readonly origins: Int32Array;

  constructor(private readonly o: FlyOptions) {
    this.origins = new Int32Array(o.topology.n);
  }

  /** Whether the mover's piece on `site` may fly; sets the context for it. */
  private canMove(s: State, c: Ctx, site: number): boolean {
    const type = s.piece[site]!;
    if (this.o.pieces !== null && this.o.pieces[type] === 0) return false;
    c.from = site;
    c.piece = type;
    c.selfFlags = s.flags[site]!;
    c.count = s.height[site]!;
    c.crossed = false;
    return this.o.from === null || this.o.from(s, c);
  }

  private lands(s: State, c: Ctx, from: number, t: number): boolean {
    if (t === from) return false;
    if (this.o.to === null) return s.owner[t] === EMPTY;
    c.to = t;
    return this.o.to(s, c);
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const n = this.o.topology.n, owner = s.owner, p = c.player, kind = this.o.kind;
    for (let site = 0; site < n; site++) {
      if (owner[site] !== p || !this.canMove(s, c, site)) continue;
      const type = c.piece;
      for (let t = 0; t < n; t++) {
        if (!this.lands(s, c, site, t)) continue;
        const row = out.add(this.id, kind, site, t, 1, type);
        if (owner[t] !== EMPTY) out.setCapture(row, t);
      }
    }
  }

  /**
   * A uniformly random move: the mover's movable pieces are listed, then random (piece, site)
   * pairs are drawn until one lands (every accepted pair equally likely). With few destinations
   * the tries run out and the caller generates every move instead.
   */
  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    const n = this.o.topology.n, owner = s.owner, p = c.player;
    let k = 0;
    for (let site = 0; site < n; site++) if (owner[site] === p && this.canMove(s, c, site)) this.origins[k++] = site;
    if (k === 0) return NONE;
    for (let tries = 0; tries < SAMPLE_TRIES; tries++) {
      const from = this.origins[k === 1 ? 0 : nextInt(s.rng, k)]!;
      const t = nextInt(s.rng, n);
      if (!this.canMove(s, c, from) || !this.lands(s, c, from, t)) continue;
      const row = out.add(this.id, this.o.kind, from, t, 1, s.piece[from]!);
      if (owner[t] !== EMPTY) out.setCapture(row, t);
      return SAMPLED;
    }
    return UNKNOWN;
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const from = buf.from[row]!, to = buf.to[row]!;
    c.from = from;
    c.to = to;
    c.piece = s.piece[from]!;
    c.selfFlags = s.flags[from]!;
    c.count = s.height[from]!;
    c.crossed = false;
    if (s.owner[to] !== EMPTY) s.clear(to);
    s.relocate(from, to);
    for (const e of this.o.then) e(s, c);
  }

  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels;
    return `${l[buf.from[row]!]}${buf.capLen[row] ? "x" : "-"}${l[buf.to[row]!]}`;
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const l = this.o.topology.labels;
    const c = newCtx();
    c.player = s.mover;
    c.from = buf.from[row]!;
    c.to = buf.to[row]!;
    c.piece = buf.piece[row]!;
    c.count = 1;
    const out: PrimitiveAction[] = buf.capLen[row] ? [{ op: "remove", at: l[c.to]! }] : [];
    out.push({ op: "move", from: l[c.from]!, to: l[c.to]! });
    return [...out, ...this.o.describeThen(s, c)];
  }
}
