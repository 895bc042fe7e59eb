/**
 * A rule that would take play past one of the limits the state and the move buffer hold (a stack
 * higher than a site stores, a score beyond exact whole numbers, more moves in one position than a
 * buffer may grow to). Play stops with this error instead of wrapping silently or exhausting
 * memory; its message names the rule (where the description says it) and the position.
 */
import { MAX_LOOKAHEAD_DECISIONS, MAX_MOVE_POOL, MAX_MOVES_PER_POSITION, MAX_SEARCH_STEPS } from "../limits.js";
import type { MoveBuffer } from "./moves.js";
import type { LeafGenerator } from "./rules.js";
import type { State } from "./state.js";

export class PlayLimitError extends Error {
  constructor(
    /** The rule, as `(ludeme ...) at FILE:LINE:COL` (see CompileContext.ruleAt). */
    readonly rule: string,
    /** What it would do, e.g. "would make the stack on c3 1,073,741,900 high". */
    readonly what: string,
    /** Where play stood: turn and player to move. */
    readonly position: string,
  ) {
    super(`${rule} ${what} (${position}); a description that needs more than this cannot be played`);
    this.name = "PlayLimitError";
  }
}

/** "turn 12, P2 to move": the position a play limit was met in, in words. */
export function positionWords(s: State): string {
  return `turn ${s.turn}, P${s.mover + 1} to move`;
}

/** A number with thousands separators, for limits and the values that pass them. */
export function big(n: number): string {
  return Number.isFinite(n) ? n.toLocaleString("en-US") : String(n);
}

/** Throws when `value`, about to be stored as a counter, score or supply, is not an exact whole number. */
export function checkExact(value: number, rule: string, what: string, s: State): number {
  if (Number.isSafeInteger(value)) return value;
  throw new PlayLimitError(rule, `would make ${what} ${big(value)}, beyond the whole numbers held exactly (${big(Number.MAX_SAFE_INTEGER)} either way)`, positionWords(s));
}

/** The error for a move buffer whose generation passed a limit (MoveBuffer.overflow). */
export function overflowError(buf: MoveBuffer, generators: readonly LeafGenerator[], s: State): PlayLimitError {
  const rule = buf.overflowRule || generators[buf.overflowGen]?.rule || "the play rules";
  const what =
    buf.overflow === "moves"
      ? `would give one position more than ${big(MAX_MOVES_PER_POSITION)} moves, the most a position may have`
      : buf.overflow === "pool"
        ? `would give one position's moves more than ${big(MAX_MOVE_POOL)} path and capture sites in all, the most they may hold`
        : buf.overflowRule
          ? `would look ahead through more than ${big(MAX_LOOKAHEAD_DECISIONS)} decisions for one position, the most its search may take`
          : `would try more than ${big(MAX_SEARCH_STEPS)} jumps for one position's chains, the most its search may take`;
  return new PlayLimitError(rule, what, positionWords(s));
}
