/**
 * Argument types and documentation that the catalog's entries share (one file of entries per
 * category, beside this one).
 */
import type { ArgType, Category } from "../catalog.js";

export const int: ArgType = { t: "int" };
export const name: ArgType = { t: "name" };
export const cat = (c: Category): ArgType => ({ t: "cat", cat: c });
export const list = (of: ArgType): ArgType => ({ t: "list", of });
/**
 * Sites a condition can look at: in a move `from`, `over` (the jumped site), `to`; `site` inside
 * forms that go through sites (forall, exists, near, groups, a slide's through:).
 */
export const siteRef: ArgType = { t: "enum", values: ["from", "over", "to", "site", "last-from", "last-to"] };
/** As siteRef, plus `self`: the moving piece (or part of a stack) as it was when the move began. */
export const selfRef: ArgType = { t: "enum", values: ["self", "from", "over", "to", "site", "last-from", "last-to"] };
export const SITE_DOC = "`from`, `over`, `to` (in moves), `site` (in forall, exists, near, groups, through:), or `last-from`, `last-to` (where the last decision moved from and to)";
/** A player relative to the rule being evaluated, or a seat. */
export const playerRef: ArgType = { t: "name" };
export const PLAYER_DOC =
  "`mover` (who just acted, in end rules; who acts, in moves), `next` (who acts next), `opponent` (the seat after `mover`), `player` (inside `ranked`: the player being ranked) or a seat `P1`..`Pn`";
