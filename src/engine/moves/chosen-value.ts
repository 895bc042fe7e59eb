/**
 * A number chosen by the player (Ludii's `(forEach Value min:A max:B MOVES)`): `(for-each-value
 * min:A max:B MOVES)` lists the moves of MOVES once for each number from A to B, `(value)` reading
 * that number wherever MOVES reads one (how many seeds a sowing takes up, how far a piece goes, how
 * many pieces travel); each move carries its number (the move buffer's `value`, NO_VALUE on every
 * other row), so two moves that differ only by it are two moves, written `b1:5` and `b1:6`.
 *
 * `(value)` reads a register of the compiled game (`ChosenValue`), not a field of the context: the
 * moves' conditions and counts read it while they are listed (this source sets it for each number),
 * and their consequences when the move is made and when it is described (the engine sets it from
 * the row). So a rule compiled anywhere below reads the same number, whatever context it is given.
 * Games without the binder have no register (GameDef.chosenValue null) and pay nothing but the
 * column's default in each row.
 */
import { anyMove } from "./generators.js";
import { NO_VALUE, type MoveBuffer } from "./moves.js";
import type { Ctx, IntExpr, MoveSource } from "../play/rules.js";
import type { State } from "../state/state.js";
import type { WorkBudget } from "../play/work-budget.js";

/** The number `(value)` reads: set while a binder lists its moves, and from a move's row when it is made or described. */
export interface ChosenValue {
  value: number;
}

export class ForEachValueSource implements MoveSource {
  readonly parts: readonly MoveSource[];

  constructor(
    private readonly inner: MoveSource,
    private readonly min: IntExpr,
    private readonly max: IntExpr,
    private readonly chosen: ChosenValue,
    /** Each number tried counts one site of the position's work budget (a range of a billion stops play with an error). */
    private readonly work: WorkBudget,
    private readonly rule: string,
  ) {
    this.parts = [inner];
  }

  /** The range for the player to act, as [lowest, highest] (empty when highest < lowest), its size charged to the work budget. */
  private range(s: State, c: Ctx): [number, number] {
    const lo = Math.max(this.min(s, c), NO_VALUE + 1), hi = this.max(s, c);
    if (hi >= lo) {
      this.work.left -= hi - lo + 1;
      if (this.work.left < 0) this.work.spent(this.rule, s);
    }
    return [lo, hi];
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const [lo, hi] = this.range(s, c);
    const chosen = this.chosen, was = chosen.value;
    try {
      for (let v = lo; v <= hi; v++) {
        chosen.value = v;
        const start = out.size;
        this.inner.generate(s, c, out);
        out.valuesWritten = true;
        for (let r = start; r < out.size; r++) out.value[r] = v;
        if (out.overflow) break;
      }
    } finally {
      chosen.value = was;
    }
  }

  any(s: State, c: Ctx): boolean {
    const [lo, hi] = this.range(s, c);
    const chosen = this.chosen, was = chosen.value;
    try {
      for (let v = lo; v <= hi; v++) {
        chosen.value = v;
        if (anyMove(this.inner, s, c)) return true;
      }
      return false;
    } finally {
      chosen.value = was;
    }
  }
}
