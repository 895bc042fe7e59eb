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
 * A site a rule reads: a name -- in a move `from`, `over` (the jumped site), `to`; `site` inside
 * forms that go through sites (forall, exists, near, groups, a slide's through:); `last-from`,
 * `last-to` -- or a site form such as `(ahead to forward)` (category `site`).
 */
export const siteRef: ArgType = cat("site");
/** As siteRef, plus `self`: the moving piece (or part of a stack) as it was when the move began. */
export const selfRef: ArgType = { t: "cat", cat: "site", words: ["self"] };
/** A site parameter's doc: the type (see bind.ts describeSlot) already lists the names and site forms. */
export const SITE_DOC = "The site.";
/** A player relative to the rule being evaluated, or a seat. */
export const playerRef: ArgType = { t: "name" };
export const PLAYER_DOC =
  "`mover` (who just acted, in end rules; who acts, in moves), `next` (who acts next: in end rules the player to act; in moves and after-action or after-turn effects, whoever's turn comes after this player's -- a `(next-turn P)` choice, else the next seat in turn order past players who have finished), `opponent` (the seat after `mover`), `player` (the player in question inside `ranked`, `some-player`, `for-each-player` and `(each-player ... as:player)`) or a seat `P1`..`Pn`";

/** `of:` of the forms that read a track (`along`, `first-along`, `distance ... along:`). */
export const TRACK_OF_DOC =
  "Whose road, of a track written per seat (`seat:`), e.g. the opponent's or a partner's (default: the player the rule is read for, the mover in moves): " +
  PLAYER_DOC +
  ". A track every seat shares has no other player's road: `of:` naming another player is refused there.";
