/**
 * What the builders of conditions and numbers share (and, for players, effects and outcomes):
 * conditions and numbers are compiled to closures `(state, ctx) => value`. Constant sub-expressions
 * are folded at compile time, so an option set to 0 can switch a rule off for free.
 */
import type { Ctx } from "../engine/play/rules.js";
import { withSource, type Emit } from "../engine/compiled/emitter.js";
import type { State } from "../engine/state/state.js";
import { SITE_NAMES } from "../lang/catalog.js";
import { siteIndex } from "../engine/board/topology.js";
import type { CompileContext } from "./context.js";

/** A compiled expression, with its value when known at compile time. */
export interface Compiled<T> {
  fn: (s: State, c: Ctx) => T;
  constant?: T;
  /** For a number that can stop counting early: whether it is at least `k` (the same answer as `fn(s, c) >= k`). */
  atLeast?: (s: State, c: Ctx, k: number) => boolean;
  /** Its source for compiled rules (engine/compiled/emitter.ts), where it can be written so; registered for `fn` by compileBoolC and compileIntC. */
  emit?: Emit;
}

/** A value known at compile time; booleans and integers can also be written as source. */
export const constant = <T>(v: T): Compiled<T> => {
  const fn = () => v;
  if (typeof v === "boolean" || (typeof v === "number" && Number.isSafeInteger(v))) {
    const text = typeof v === "number" && v < 0 ? `(${v})` : String(v);
    return { fn: withSource(fn, () => text), constant: v, emit: () => text };
  }
  return { fn, constant: v };
};

/** Registers a compiled expression's source for its closure (once built), and returns it. */
export function registered<T>(r: Compiled<T>): Compiled<T> {
  if (r.emit) withSource(r.fn, r.emit);
  return r;
}

type SiteRef = (typeof SITE_NAMES)[number];
/**
 * Reads a site of the evaluation: the move's (from, over, to), the bound `site`, the last
 * decision's, or one a site form finds; NO_SITE (-1) when there is none, which every reader checks.
 */
export type SiteReader = (s: State, c: Ctx) => number;
const siteReader = (ref: SiteRef): SiteReader => {
  switch (ref) {
    case "from":
      return withSource((_s: State, c: Ctx) => c.from, (e) => e.site("from"));
    case "over":
      return withSource((_s: State, c: Ctx) => c.over, (e) => e.site("over"));
    case "to":
      return withSource((_s: State, c: Ctx) => c.to, (e) => e.site("to"));
    case "last-from":
      return withSource((s: State) => s.lastFrom, () => "s.lastFrom");
    case "last-to":
      return withSource((s: State) => s.lastTo, () => "s.lastTo");
    default:
      return withSource((_s: State, c: Ctx) => c.site, (e) => e.site("site"));
  }
};

/**
 * Reads a site named `ref` (found at `ptr`), checking that the site exists where the expression
 * stands. `last-to` and `last-from` (where the last decision moved; -1 before any) exist
 * everywhere after the start and make the compiled game keep them as part of the position. Site
 * forms are compiled by builders/sites.ts, which reads names through this.
 */
export function siteRefIn(ref: string, ptr: string, cx: CompileContext): SiteReader {
  const r = ref as SiteRef;
  if (!(SITE_NAMES as readonly string[]).includes(ref)) return labelledSite(ref, ptr, cx);
  if (r === "site") {
    if (cx.siteBinders === 0) cx.fail("M004", "`site` exists only inside forall, exists, near, groups or a slide's through:", ptr, "from, over or to (in a move)");
  } else if (r === "last-to" || r === "last-from") {
    if (cx.scope === "start") cx.fail("M004", `the site '${r}' (where the last decision moved) does not exist in the start rules`, ptr);
    cx.readsLastMove = true;
  } else if (cx.choosingRules) {
    cx.fail("M004", `${cx.choosingRules}, before any move exists: '${r}' names no site there`, ptr, "the condition on the moves themselves, e.g. (step from:(in from REGION)), or a condition on sites such as (exists ...)");
  } else if (cx.scope === "start" || (cx.scope === "end" && r === "over")) {
    // End rules and after-action effects see the last move's `from` and `to` (the engine sets them).
    const where = cx.scope === "end" ? "in a move (end rules and after-action effects see only the last move's from and to)" : "inside a move";
    cx.fail("M004", `the site '${r}' exists only ${where}`, ptr, "`site` inside forall/exists, or a condition that does not name a site");
  }
  return siteReader(r);
}

/** A site named by its label (`b2`, `store-e`): the same site wherever the rule is read. */
function labelledSite(label: string, ptr: string, cx: CompileContext): SiteReader {
  const topo = cx.topology;
  if (label === "self") {
    cx.fail("M004", "`self` is the moving piece, read only by flag and attr: here a site is needed", ptr, `one of ${SITE_NAMES.join(", ")}, or a site label`);
    return withSource(() => -1, () => "-1");
  }
  const x = topo ? siteIndex(topo, label) : -1;
  if (topo && x < 0) cx.fail("M001", `'${label}' is neither a site of the board nor one of ${SITE_NAMES.join(", ")}`, ptr, `a site label such as ${topo.labels[0]}, or ${SITE_NAMES.join(", ")}`);
  return withSource(() => x, (e) => e.int(x));
}

/**
 * A player reference: `mover` is the player the rule is evaluated for (in end rules: who just
 * acted), `next` is the player to act next, `P1`..`Pn` are seats.
 */
export function compilePlayer(name: string, ptr: string, cx: CompileContext): (s: State, c: Ctx) => number {
  const count = cx.playerCount;
  if (name === "mover") return withSource((_s: State, c: Ctx) => c.player, () => "c.player");
  if (name === "opponent") return withSource((_s: State, c: Ctx) => (c.player + 1) % count, (e) => `(c.player + 1) % ${e.int(count)}`);
  if (name === "player") {
    if (!cx.inRanking) cx.fail("M004", "`player` exists only inside (ranked ...), (some-player ...), (for-each-player ...) and (each-player ... as:player)", ptr, "mover, next, opponent or a seat");
    return (_s, c) => c.subject;
  }
  if (name === "next") {
    // In end rules the turn has passed on: the player to act is the mover of the state.
    if (cx.scope === "end" && !cx.beforeNextMover) return withSource((s: State) => s.mover, () => "s.mover");
    // Two players: the other one (a player who finishes ends the game), unless a rule chooses.
    if (count === 2 && !cx.choosesNextTurn) return withSource((_s: State, c: Ctx) => (c.player + 1) % 2, () => "(c.player + 1) % 2");
    // In moves and in after-action / after-turn effects: whoever acts after this player's turn.
    const rt = cx.runtime;
    return withSource((s: State, c: Ctx) => rt.seatAfter(s, c.player), (e) => `${e.ref(rt, "runtime")}.seatAfter(s, c.player)`);
  }
  const seat = Math.max(0, cx.seat(name, ptr));
  return withSource(() => seat, (e) => e.int(seat));
}
