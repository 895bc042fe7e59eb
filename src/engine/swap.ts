/**
 * The swap (pie) rule of two-player games: at the second player's first decision (the first
 * action of turn 2) they may, instead of a move of the play rules, take over the first player's
 * side. The two players exchange everything they own -- every piece on the board changes hands,
 * and supplies, scores and marker sets are exchanged too -- and the turn passes as after any
 * move, so the first player moves next, now against the position they built. For the players this
 * is the same as exchanging seats after the first move (who owns what, who moves next), while
 * seats, colours and results keep their numbering.
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { UNKNOWN, type Ctx, type LeafGenerator, type MoveSource, type SampleResult } from "./rules.js";
import type { State } from "./state.js";

/** Whether the swap is offered in `s`: the second player's decision that begins turn 2, past any prelude. */
export function swapOffered(s: State): boolean {
  return s.turn === 2 && s.actionInTurn === 1 && s.mover === 1 && s.preludeLeft === 0;
}

/** The swap itself: the two players exchange sides. */
export class SwapGenerator implements LeafGenerator {
  id = -1;
  rule = "";

  /** Swapping seats moves nothing: it attacks nothing. */
  lands(): boolean {
    return false;
  }

  constructor(
    private readonly kind: number,
    private readonly text: string,
  ) {}

  generate(_s: State, _c: Ctx, out: MoveBuffer): void {
    out.add(this.id, this.kind, -1, -1, 0);
  }

  apply(s: State, _buf: MoveBuffer, _row: number, c: Ctx): void {
    c.from = -1;
    c.to = -1;
    const owner = s.owner;
    for (let site = 0; site < owner.length; site++) {
      const o = owner[site]!;
      if (o === 0 || o === 1) s.setOwner(site, 1 - o);
    }
    exchange(s.supply, 0, 1, 1);
    exchange(s.score, 0, 1, 1);
    const { sites, markers } = s.shape;
    for (let m = 0; m < markers; m++) exchange(s.markers, s.markerIndex(m, 0, 0), s.markerIndex(m, 1, 0), sites);
    s.touch();
  }

  notation(): string {
    return this.text;
  }

  /** Pieces change hands; the primitive actions have no word for that (narration tells it from the states). */
  actions(): PrimitiveAction[] {
    return [];
  }
}

/** Exchanges `length` entries of `a` starting at `i` with those starting at `j`. */
function exchange(a: Float64Array | Uint8Array, i: number, j: number, length: number): void {
  for (let k = 0; k < length; k++) {
    const t = a[i + k]!;
    a[i + k] = a[j + k]!;
    a[j + k] = t;
  }
}

/** The play rules' moves, plus the swap when it is offered. */
export class SwapSource implements MoveSource {
  readonly canSample: boolean;

  constructor(
    private readonly play: MoveSource,
    private readonly swap: SwapGenerator,
  ) {
    this.canSample = play.sample !== undefined && (play as { canSample?: boolean }).canSample !== false;
    this.parts = [play, swap];
  }
  readonly parts: readonly MoveSource[];

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    this.play.generate(s, c, out);
    if (swapOffered(s)) this.swap.generate(s, c, out);
  }

  /**
   * Uniform over the play rules' moves and the swap: when the swap is offered (one decision per
   * game) the caller generates them all; otherwise the play rules sample.
   */
  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    if (swapOffered(s)) return UNKNOWN;
    return this.play.sample!(s, c, out);
  }
}
