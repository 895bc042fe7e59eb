/**
 * What the builders of conditions and numbers share (and, for players, effects and outcomes):
 * conditions and numbers are compiled to closures `(state, ctx) => value`. Constant sub-expressions
 * are folded at compile time, so an option set to 0 can switch a rule off for free.
 */
import type { Ctx } from "../engine/rules.js";
import type { State } from "../engine/state.js";
import type { CompileContext, IrNode } from "./context.js";

/** A compiled expression, with its value when known at compile time. */
export interface Compiled<T> {
  fn: (s: State, c: Ctx) => T;
  constant?: T;
}

export const constant = <T>(v: T): Compiled<T> => ({ fn: () => v, constant: v });

type SiteRef = "from" | "over" | "to" | "site";
const siteReader = (ref: SiteRef): ((c: Ctx) => number) =>
  ref === "from" ? (c) => c.from : ref === "over" ? (c) => c.over : ref === "to" ? (c) => c.to : (c) => c.site;

/** Reads the site argument `n.site`, checking that the site exists where the expression stands. */
export function siteIn(n: IrNode, ptr: string, cx: CompileContext): (c: Ctx) => number {
  const ref = n.site as SiteRef;
  if (ref === "site") {
    if (cx.siteBinders === 0) cx.fail("M004", "`site` exists only inside forall, exists, near, groups or a slide's through:", `${ptr}/site`, "from, over or to (in a move)");
  } else if (cx.scope === "start" || (cx.scope === "end" && ref === "over")) {
    // End rules and after-action effects see the last move's `from` and `to` (the engine sets them).
    const where = cx.scope === "end" ? "in a move (end rules and after-action effects see only the last move's from and to)" : "inside a move";
    cx.fail("M004", `the site '${ref}' exists only ${where}`, `${ptr}/site`, "`site` inside forall/exists, or a condition that does not name a site");
  }
  return siteReader(ref);
}

/**
 * A player reference: `mover` is the player the rule is evaluated for (in end rules: who just
 * acted), `next` is the player to act next, `P1`..`Pn` are seats.
 */
export function compilePlayer(name: string, ptr: string, cx: CompileContext): (s: State, c: Ctx) => number {
  if (name === "mover") return (_s, c) => c.player;
  if (name === "opponent") return (_s, c) => (c.player + 1) % cx.playerCount;
  if (name === "player") {
    if (!cx.inRanking) cx.fail("M004", "`player` exists only inside (ranked ...) and (some-player ...)", ptr, "mover, next, opponent or a seat");
    return (_s, c) => c.subject;
  }
  if (name === "next") return cx.scope === "end" ? (s) => s.mover : (_s, c) => (c.player + 1) % cx.playerCount;
  const seat = cx.seat(name, ptr);
  return () => Math.max(0, seat);
}
