/**
 * Passing: a move that changes nothing on the board. The engine counts the turns in a row that were
 * a pass and nothing else (in a word of rule memory, so positions and hashes carry it), which
 * `(all-passed)` reads: Ludii's rule that a game ends when every player has passed in turn is then
 * one end rule.
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { SAMPLED, type CompiledSource, type Ctx, type Effect, type LeafGenerator, type SampleResult } from "../play/rules.js";
import type { State } from "../state/state.js";
import { MAX_TURN } from "../../limits.js";

export class PassGenerator implements LeafGenerator {
  id = -1;
  rule = "";

  /** A pass moves nothing: it attacks nothing. */
  lands(): boolean {
    return false;
  }

  constructor(
    private readonly kind: number,
    /** The rule-memory words counting pass turns in a row, and saying the last decision was a pass. */
    private readonly passWord: number,
    private readonly then: Effect[],
    private readonly text: string,
  ) {}

  generate(_s: State, c: Ctx, out: MoveBuffer): void {
    // Asked for moves other than a pass (`no-moves ... ignore-pass:true`).
    if (c.noPass) return;
    out.add(this.id, this.kind, -1, -1, 0);
  }

  /** Compiled as it stands (see MoveSource.compile): one row, no condition, nothing to specialise. */
  compile(): CompiledSource {
    return {};
  }

  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    this.generate(s, c, out);
    return SAMPLED;
  }

  apply(s: State, _buf: MoveBuffer, _row: number, c: Ctx): void {
    c.from = -1;
    c.to = -1;
    // What counts is turns that were a pass and nothing else, as Ludii counts them: a pass that
    // ends a turn begun with other moves (Dots and Boxes' player who drew the last line, with a box,
    // and must go on) is no such turn; a second pass in a turn of passes (turns of two actions) was
    // counted with the turn's first. The last decision's pass word tells them apart: any other move
    // clears it before it is made. Turns of passes in a row are only compared with the number of
    // players: counting stops at 2^31 - 1 instead of wrapping.
    if (s.actionInTurn > 1) {
      if (s.memory[this.passWord + 1] !== 1) s.memory[this.passWord] = 0;
    } else if (s.memory[this.passWord]! < MAX_TURN) s.memory[this.passWord]!++;
    // And that the last decision was a pass, whatever the turn held (`(passed)`).
    s.memory[this.passWord + 1] = 1;
    for (const e of this.then) e(s, c);
    s.touch();
  }

  notation(): string {
    return this.text;
  }

  actions(): PrimitiveAction[] {
    return [];
  }
}
