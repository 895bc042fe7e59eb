/**
 * Conditions and numbers: compiled to closures `(state, ctx) => value`. Constant sub-expressions
 * are folded at compile time, so an option set to 0 can switch a rule off for free.
 */
import type { Json } from "../lang/bind.js";
import type { Ctx, IntExpr, Pred } from "../engine/rules.js";
import { EMPTY, NEUTRAL, type State } from "../engine/state.js";
import { isNode, type CompileContext, type IrNode } from "./context.js";

/** A compiled expression, with its value when known at compile time. */
interface Compiled<T> {
  fn: (s: State, c: Ctx) => T;
  constant?: T;
}

const constant = <T>(v: T): Compiled<T> => ({ fn: () => v, constant: v });

type SiteRef = "from" | "over" | "to";
const siteReader = (ref: SiteRef): ((c: Ctx) => number) =>
  ref === "from" ? (c) => c.from : ref === "over" ? (c) => c.over : (c) => c.to;

/** Builders of the `bool` category, keyed by ludeme. */
export const boolBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => Compiled<boolean>> = {
  empty: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    return { fn: (s, c) => s.owner[at(c)] === EMPTY };
  },
  enemy: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    return {
      fn: (s, c) => {
        const o = s.owner[at(c)]!;
        return o !== EMPTY && o !== NEUTRAL && o !== c.player;
      },
    };
  },
  friend: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    return { fn: (s, c) => s.owner[at(c)] === c.player };
  },
  and: (n, ptr, cx) => {
    const parts = (n.all as Json[]).map((v, i) => compileBoolC(v, `${ptr}/all/${i}`, cx));
    if (parts.some((p) => p.constant === false)) return constant(false);
    const live = parts.filter((p) => p.constant !== true).map((p) => p.fn);
    if (live.length === 0) return constant(true);
    if (live.length === 1) return { fn: live[0]! };
    if (live.length === 2) {
      const [a, b] = live as [Pred, Pred];
      return { fn: (s, c) => a(s, c) && b(s, c) };
    }
    return { fn: (s, c) => live.every((f) => f(s, c)) };
  },
  or: (n, ptr, cx) => {
    const parts = (n.any as Json[]).map((v, i) => compileBoolC(v, `${ptr}/any/${i}`, cx));
    if (parts.some((p) => p.constant === true)) return constant(true);
    const live = parts.filter((p) => p.constant !== false).map((p) => p.fn);
    if (live.length === 0) return constant(false);
    if (live.length === 1) return { fn: live[0]! };
    return { fn: (s, c) => live.some((f) => f(s, c)) };
  },
  not: (n, ptr, cx) => {
    const a = compileBoolC(n.cond, `${ptr}/cond`, cx);
    if (a.constant !== undefined) return constant(!a.constant);
    const f = a.fn;
    return { fn: (s, c) => !f(s, c) };
  },
  "<": comparison((a, b) => a < b),
  "<=": comparison((a, b) => a <= b),
  ">": comparison((a, b) => a > b),
  ">=": comparison((a, b) => a >= b),
  "=": comparison((a, b) => a === b),
  "!=": comparison((a, b) => a !== b),
  "no-pieces": (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    return { fn: (s, c) => s.pieceCount[who(s, c)] === 0 };
  },
  "no-moves": (n, ptr, cx) => {
    // Asking for legal moves while generating them would recurse (and reuse the move buffer).
    if (cx.scope === "move") cx.fail("M004", "(no-moves ...) cannot be used inside a move; it belongs in end rules", ptr, "a condition on sites or pieces");
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    const rt = cx.runtime;
    return { fn: (s, c) => !rt.hasMoves(s, who(s, c)) };
  },
};

function comparison(op: (a: number, b: number) => boolean) {
  return (n: IrNode, ptr: string, cx: CompileContext): Compiled<boolean> => {
    const a = compileIntC(n.a, `${ptr}/a`, cx);
    const b = compileIntC(n.b, `${ptr}/b`, cx);
    if (a.constant !== undefined && b.constant !== undefined) return constant(op(a.constant, b.constant));
    const fa = a.fn, fb = b.fn;
    return { fn: (s, c) => op(fa(s, c), fb(s, c)) };
  };
}

/** Builders of the `int` category. */
export const intBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => Compiled<number>> = {
  attr: (n, ptr, cx) => {
    const name = n.name as string;
    const table = Int32Array.from(cx.pieces.map((p) => p.attrs[name] ?? 0));
    if (!cx.pieces.some((p) => name in p.attrs)) {
      cx.fail("M001", `no piece has the attribute '${name}'`, `${ptr}/name`, "an attribute given to (piece ...), e.g. rank:2");
    }
    if (n.of === "self") {
      if (cx.scope !== "move") cx.fail("M004", "`self` (the moving piece) exists only inside a move", `${ptr}/of`);
      return { fn: (_s, c) => table[c.piece] ?? 0 };
    }
    const at = siteIn({ ludeme: "attr", site: n.of as string }, ptr, cx);
    return {
      fn: (s, c) => {
        const t = s.piece[at(c)]!;
        return t < 0 ? 0 : table[t]!;
      },
    };
  },
  counter: (n, ptr, cx) => {
    const i = cx.counterIndex(n.name as string, `${ptr}/name`);
    return { fn: (s) => s.counters[i]! };
  },
};

function siteIn(n: IrNode, ptr: string, cx: CompileContext): (c: Ctx) => number {
  const ref = n.site as SiteRef;
  if (cx.scope !== "move") cx.fail("M004", `the site '${ref}' exists only inside a move`, `${ptr}/site`, "a condition that does not name from/over/to");
  return siteReader(ref);
}

export function compileBoolC(v: Json, ptr: string, cx: CompileContext): Compiled<boolean> {
  if (typeof v === "boolean") return constant(v);
  if (!isNode(v)) return constant(false);
  const b = boolBuilders[v.ludeme];
  return b ? b(v, ptr, cx) : constant(false);
}

export function compileIntC(v: Json, ptr: string, cx: CompileContext): Compiled<number> {
  if (typeof v === "number") return constant(v);
  if (!isNode(v)) return constant(0);
  const b = intBuilders[v.ludeme];
  return b ? b(v, ptr, cx) : constant(0);
}

export function compileBool(v: Json, ptr: string, cx: CompileContext): Pred {
  return compileBoolC(v, ptr, cx).fn;
}

export function compileInt(v: Json, ptr: string, cx: CompileContext): IntExpr {
  return compileIntC(v, ptr, cx).fn;
}

/** Whether a condition is known false at compile time (so a rule using it can be dropped). */
export function isConstantFalse(v: Json, ptr: string, cx: CompileContext): boolean {
  return compileBoolC(v, ptr, cx).constant === false;
}

/**
 * A player reference: `mover` is the player the rule is evaluated for (in end rules: who just
 * acted), `next` is the player to act next, `P1`..`Pn` are seats.
 */
export function compilePlayer(name: string, ptr: string, cx: CompileContext): (s: State, c: Ctx) => number {
  if (name === "mover") return (_s, c) => c.player;
  if (name === "next") return cx.scope === "end" ? (s) => s.mover : (_s, c) => (c.player + 1) % cx.playerCount;
  const seat = cx.seat(name, ptr);
  return () => Math.max(0, seat);
}
