/**
 * Which sources of an `(either ...)` make the same moves where they overlap: the same move rule,
 * written alike but for where it may be made (its conditions on the sites). Four drops, one rule per
 * side of a board, all make a drop on a corner; the union lists such a move once (UnionSource), so
 * that random play does not pick it twice as often as any other.
 *
 * Only the arguments below choose where a move is made (a move's row holds its sites, path and
 * captures, which is all its rule reads of them when the move is made); every other argument (the
 * piece, the directions, how far, what it captures, its consequences ...) must be the same. Combinators (a rule made of rules) are never grouped: two of them making
 * one move is not seen from their arguments alone.
 */
import type { Json } from "../lang/bind.js";
import { findLudeme } from "../lang/catalog.js";
import { isNode } from "./context.js";

/**
 * Conditions that say where a move may be made, never what it does. Directions are left out: rules
 * in different directions seldom make one move, and grouping them would cost the union its quick
 * path in every chess-like game whose pieces' rules differ only in direction.
 */
const WHERE = new Set(["from", "to", "over", "through", "land", "partner-if", "safe"]);

/** Per source: the first earlier source that makes the same moves where they meet, or -1. */
export function sameMoveSources(sources: readonly Json[]): number[] {
  const keys = sources.map(whatItDoes);
  return keys.map((key, i) => {
    const first = key === null ? i : keys.indexOf(key);
    return first < i ? first : -1;
  });
}

/** The source's rule and arguments without its conditions on where (a text key); null for a combinator. */
function whatItDoes(source: Json): string | null {
  if (!isNode(source)) return null;
  const spec = findLudeme(source.ludeme, "moves");
  if (!spec || spec.params.some((p) => holdsMoves(p.type))) return null;
  if (source.ludeme === "phases") return null;
  const kept: Record<string, Json> = {};
  for (const key of Object.keys(source).sort()) if (!WHERE.has(key)) kept[key] = source[key]!;
  return JSON.stringify(kept);
}

function holdsMoves(t: { t: string; cat?: string; of?: unknown }): boolean {
  if (t.t === "cat") return t.cat === "moves";
  return t.t === "list" && holdsMoves(t.of as { t: string });
}
