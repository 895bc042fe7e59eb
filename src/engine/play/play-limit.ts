/**
 * A rule that would take play past one of the limits the state and the move buffer hold (a stack
 * higher than a site stores, a score beyond exact whole numbers, more moves in one position than a
 * buffer may grow to). Play stops with this error instead of wrapping silently or exhausting
 * memory; its message names the rule (where the description says it) and the position.
 */
import { MAX_LOOKAHEAD_DECISIONS, MAX_MOVE_POOL, MAX_MOVES_PER_POSITION, MAX_SEARCH_STEPS } from "../../limits.js";
import type { MoveBuffer } from "../moves/moves.js";
import type { LeafGenerator } from "./rules.js";
import type { State } from "../state/state.js";

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

/**
 * A number with thousands separators, for limits and the values that pass them: what
 * `n.toLocaleString("en-US")` writes (the shortest digits that read back as n, rounded half away
 * from zero to at most three decimals, "-0" for a negative number that rounds to zero), without
 * its first call's loading of the locale data (some 25 ms of a command's start).
 */
export function big(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  // The shortest digits of |n| (String writes 1e21 and 1e-7 and beyond with an exponent), and
  // how many of them stand before the decimal point.
  const text = String(Math.abs(n));
  const e = text.indexOf("e");
  const mantissa = e < 0 ? text : text.slice(0, e);
  const dot = mantissa.indexOf(".");
  let digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  let point = (dot < 0 ? mantissa.length : dot) + (e < 0 ? 0 : Number(text.slice(e + 1)));
  if (point < 1) {
    digits = "0".repeat(1 - point) + digits;
    point = 1;
  }
  if (digits.length < point) digits += "0".repeat(point - digits.length);
  // At most three decimals, a dropped 5 or more rounding up.
  if (digits.length > point + 3) {
    const up = digits.charCodeAt(point + 3) >= 53;
    digits = digits.slice(0, point + 3);
    if (up) {
      let i = digits.length - 1;
      while (i >= 0 && digits[i] === "9") i--;
      digits = (i < 0 ? "1" : digits.slice(0, i) + String.fromCharCode(digits.charCodeAt(i) + 1)) + "0".repeat(digits.length - 1 - i);
      if (i < 0) point++;
    }
  }
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+$)/g, ",");
  const fraction = digits.slice(point).replace(/0+$/, "");
  return sign + whole + (fraction ? `.${fraction}` : "");
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
