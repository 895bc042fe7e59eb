/**
 * The swap (pie) rule of two-player games, as Ludii plays it: at the second player's first
 * decision (the first action of turn 2) they may, instead of a move of the play rules, take over
 * the first player's seat. Nothing on the board changes: the players exchange seats -- the second
 * player now plays the first seat's pieces and goals, the first player the second seat's -- and
 * the second seat acts again, now played by the first player. Rules speak of seats throughout;
 * results and "who decides" are the players' (Game.currentPlayer, Game.returns).
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { UNKNOWN, type Ctx, type LeafGenerator, type MoveSource, type SampleResult } from "../play/rules.js";
import type { State } from "../state/state.js";

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
    const first = s.seatPlayer[0]!;
    s.seatPlayer[0] = s.seatPlayer[1]!;
    s.seatPlayer[1] = first;
    // The swap takes no turn: the second seat makes its move of the turn next.
    s.actionsInTurn++;
    s.touch();
  }

  notation(): string {
    return this.text;
  }

  /** Players change seats; the primitive actions have no word for that (narration tells it from the states). */
  actions(): PrimitiveAction[] {
    return [];
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
