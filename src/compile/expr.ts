/**
 * Conditions and numbers: compiled to closures `(state, ctx) => value`. Constant sub-expressions
 * are folded at compile time, so an option set to 0 can switch a rule off for free.
 */
import type { Json } from "../lang/bind.js";
import type { Ctx, IntExpr, Pred } from "../engine/rules.js";
import { EMPTY, NEUTRAL, type State } from "../engine/state.js";
import { isNode, type CompileContext, type IrNode } from "./context.js";
import { compileRegion } from "./equipment.js";

/** A compiled expression, with its value when known at compile time. */
interface Compiled<T> {
  fn: (s: State, c: Ctx) => T;
  constant?: T;
}

const constant = <T>(v: T): Compiled<T> => ({ fn: () => v, constant: v });

type SiteRef = "from" | "over" | "to" | "site";
const siteReader = (ref: SiteRef): ((c: Ctx) => number) =>
  ref === "from" ? (c) => c.from : ref === "over" ? (c) => c.over : ref === "to" ? (c) => c.to : (c) => c.site;

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
  occupied: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    return { fn: (s, c) => s.owner[at(c)] !== EMPTY };
  },
  owner: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    if (n.player === "any") {
      return {
        fn: (s, c) => {
          const o = s.owner[at(c)]!;
          return o !== EMPTY && o !== NEUTRAL;
        },
      };
    }
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    return { fn: (s, c) => s.owner[at(c)] === who(s, c) };
  },
  "is-piece": (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    const type = cx.pieceIndex(n.piece as string, `${ptr}/piece`);
    return { fn: (s, c) => s.piece[at(c)] === type };
  },
  flag: (n, ptr, cx) => {
    const bit = cx.flagBit(n.flag as string, `${ptr}/flag`);
    if (n.site === "self") {
      if (cx.scope !== "move") cx.fail("M004", "`self` (the moving piece) exists only inside a move", `${ptr}/site`);
      return { fn: (_s, c) => (c.selfFlags & bit) !== 0 };
    }
    const at = siteIn(n, ptr, cx);
    return { fn: (s, c) => (s.flags[at(c)]! & bit) !== 0 };
  },
  crossed: (_n, ptr, cx) => {
    if (cx.scope !== "move") cx.fail("M004", "(crossed) exists only inside a move", ptr);
    return { fn: (_s, c) => c.crossed };
  },
  marked: (n, ptr, cx) => {
    const m = cx.markerIndex(n.marker as string, `${ptr}/marker`);
    const at = siteIn(n, ptr, cx);
    const P = cx.playerCount;
    const player = (n.player as string | undefined) ?? "any";
    if (player === "any") {
      return {
        fn: (s, c) => {
          const site = at(c), sites = s.shape.sites;
          for (let p = 0; p < P; p++) if (s.markers[(m * P + p) * sites + site]) return true;
          return false;
        },
      };
    }
    const who = compilePlayer(player, `${ptr}/player`, cx);
    return { fn: (s, c) => s.markers[(m * P + who(s, c)) * s.shape.sites + at(c)] === 1 };
  },
  in: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    const member = new Uint8Array(cx.topology!.n);
    compileRegion(n.region!, `${ptr}/region`, cx).forEach((site) => (member[site] = 1));
    return { fn: (_s, c) => member[at(c)] === 1 };
  },
  adjacent: (n, ptr, cx) => {
    const a = siteIn({ ludeme: "adjacent", site: n.a as string }, `${ptr}/a`, cx);
    const b = siteIn({ ludeme: "adjacent", site: n.b as string }, `${ptr}/b`, cx);
    const topo = cx.topology!;
    const D = topo.dirNames.length, N = topo.n, step = topo.step;
    return {
      fn: (_s, c) => {
        const x = a(c), y = b(c);
        for (let d = 0; d < D; d++) if (step[d * N + x] === y) return true;
        return false;
      },
    };
  },
  near: (n, ptr, cx) => {
    const of = siteIn({ ludeme: "near", site: n.of as string }, `${ptr}/of`, cx);
    const cond = cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx));
    const { start, list } = nearLists(cx, (n.via as string | undefined) ?? "adjacent");
    // The common "next to a piece of type T" is checked inline (no call per neighbour).
    const inner = n.cond;
    if (isNode(inner) && inner.ludeme === "is-piece" && inner.site === "site") {
      const type = cx.pieceIndex(inner.piece as string, `${ptr}/cond/piece`);
      return {
        fn: (s, c) => {
          const centre = of(c), piece = s.piece;
          for (let k = start[centre]!, end = start[centre + 1]!; k < end; k++) if (piece[list[k]!] === type) return true;
          return false;
        },
      };
    }
    return {
      fn: (s, c) => {
        const centre = of(c), saved = c.site;
        let found = false;
        for (let k = start[centre]!, end = start[centre + 1]!; k < end && !found; k++) {
          c.site = list[k]!;
          found = cond(s, c);
        }
        c.site = saved;
        return found;
      },
    };
  },
  exists: (n, ptr, cx) => {
    const cond = cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx));
    const N = cx.topology!.n;
    return {
      fn: (s, c) => {
        const saved = c.site;
        let found = false;
        for (let site = 0; site < N && !found; site++) {
          c.site = site;
          found = cond(s, c);
        }
        c.site = saved;
        return found;
      },
    };
  },
  flanked: (n, ptr, cx) => {
    const of = siteIn({ ludeme: "flanked", site: n.of as string }, `${ptr}/of`, cx);
    const cond = cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx));
    const topo = cx.topology!;
    const N = topo.n, step = topo.step;
    // The lines through a site: each direction with its opposite, once.
    const lines: [number, number][] = [];
    topo.opposite.forEach((back, d) => back > d && lines.push([d, back]));
    return {
      fn: (s, c) => {
        const centre = of(c);
        const savedSite = c.site, savedPlayer = c.player;
        c.player = s.owner[centre]!;
        let found = false;
        for (const [d, back] of lines) {
          const a = step[d * N + centre]!, b = step[back * N + centre]!;
          if (a < 0 || b < 0) continue;
          c.site = a;
          if (!cond(s, c)) continue;
          c.site = b;
          if (cond(s, c)) {
            found = true;
            break;
          }
        }
        c.site = savedSite;
        c.player = savedPlayer;
        return found;
      },
    };
  },
  "some-player": (n, ptr, cx) => {
    const cond = cx.withSubject(() => compileBool(n.cond!, `${ptr}/cond`, cx));
    const P = cx.playerCount;
    return {
      fn: (s, c) => {
        const saved = c.subject;
        let found = false;
        for (let p = 0; p < P && !found; p++) {
          c.subject = p;
          found = cond(s, c);
        }
        c.subject = saved;
        return found;
      },
    };
  },
  "same-player": (n, ptr, cx) => {
    const a = compilePlayer(n.a as string, `${ptr}/a`, cx), b = compilePlayer(n.b as string, `${ptr}/b`, cx);
    return { fn: (s, c) => a(s, c) === b(s, c) };
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
    if (live.length === 3) {
      const [a, b, d] = live as [Pred, Pred, Pred];
      return { fn: (s, c) => a(s, c) && b(s, c) && d(s, c) };
    }
    return {
      fn: (s, c) => {
        for (let i = 0; i < live.length; i++) if (!live[i]!(s, c)) return false;
        return true;
      },
    };
  },
  or: (n, ptr, cx) => {
    const parts = (n.any as Json[]).map((v, i) => compileBoolC(v, `${ptr}/any/${i}`, cx));
    if (parts.some((p) => p.constant === true)) return constant(true);
    const live = parts.filter((p) => p.constant !== false).map((p) => p.fn);
    if (live.length === 0) return constant(false);
    if (live.length === 1) return { fn: live[0]! };
    if (live.length === 2) {
      const [a, b] = live as [Pred, Pred];
      return { fn: (s, c) => a(s, c) || b(s, c) };
    }
    return {
      fn: (s, c) => {
        for (let i = 0; i < live.length; i++) if (live[i]!(s, c)) return true;
        return false;
      },
    };
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
  count: (_n, ptr, cx) => {
    if (cx.scope !== "move") cx.fail("M004", "(count) exists only inside a move", ptr);
    return { fn: (_s, c) => c.count };
  },
  height: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    return { fn: (s, c) => s.height[at(c)]! };
  },
  supply: (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    return { fn: (s, c) => s.supply[who(s, c)]! };
  },
  "count-sites": (n, ptr, cx) => {
    const cond = cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx));
    const N = cx.topology!.n;
    return {
      fn: (s, c) => {
        const saved = c.site;
        let k = 0;
        for (let site = 0; site < N; site++) {
          c.site = site;
          if (cond(s, c)) k++;
        }
        c.site = saved;
        return k;
      },
    };
  },
  "max-over": (n, ptr, cx) => {
    const cond = cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx));
    const value = cx.withSite(() => compileInt(n.value!, `${ptr}/value`, cx));
    const N = cx.topology!.n;
    return {
      fn: (s, c) => {
        const saved = c.site;
        let best = 0, any = false;
        for (let site = 0; site < N; site++) {
          c.site = site;
          if (!cond(s, c)) continue;
          const v = value(s, c);
          if (!any || v > best) best = v;
          any = true;
        }
        c.site = saved;
        return best;
      },
    };
  },
  "count-near": (n, ptr, cx) => {
    const of = siteIn({ ludeme: "count-near", site: n.of as string }, `${ptr}/of`, cx);
    const cond = cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx));
    const { start, list } = nearLists(cx, "adjacent");
    return {
      fn: (s, c) => {
        const centre = of(c), saved = c.site;
        let k = 0;
        for (let j = start[centre]!, end = start[centre + 1]!; j < end; j++) {
          c.site = list[j]!;
          if (cond(s, c)) k++;
        }
        c.site = saved;
        return k;
      },
    };
  },
  "group-size": (n, ptr, cx) => {
    const of = siteIn({ ludeme: "group-size", site: n.of as string }, `${ptr}/of`, cx);
    const cond = cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx));
    const flood = new Flood(cx);
    return { fn: (s, c) => flood.fill(s, c, of(c), cond) };
  },
  "groups-count": (n, ptr, cx) => {
    const of = cx.withSite(() => compileBool(n.of!, `${ptr}/of`, cx));
    const having = n.having === undefined ? null : cx.withSite(() => compileBool(n.having!, `${ptr}/having`, cx));
    const flood = new Flood(cx);
    return {
      fn: (s, c) => {
        if (having === null) return flood.forEachGroup(s, c, of, () => {});
        let groups = 0;
        flood.forEachGroup(s, c, of, (size) => {
          for (let k = 0; k < size; k++) {
            c.site = flood.group[k]!;
            if (having(s, c)) {
              groups++;
              return;
            }
          }
        });
        return groups;
      },
    };
  },
  score: (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    return { fn: (s, c) => s.score[who(s, c)]! };
  },
  turn: () => ({ fn: (s) => s.turn }),
  div: (n, ptr, cx) => {
    const a = compileInt(n.a!, `${ptr}/a`, cx), b = compileInt(n.b!, `${ptr}/b`, cx);
    return {
      fn: (s, c) => {
        const d = b(s, c);
        return d === 0 ? 0 : Math.floor(a(s, c) / d);
      },
    };
  },
  mod: (n, ptr, cx) => {
    const a = compileInt(n.a!, `${ptr}/a`, cx), b = compileInt(n.b!, `${ptr}/b`, cx);
    return {
      fn: (s, c) => {
        const d = b(s, c);
        return d === 0 ? 0 : ((a(s, c) % d) + d) % d;
      },
    };
  },
  "if-int": (n, ptr, cx) => {
    const cond = compileBool(n.cond!, `${ptr}/cond`, cx);
    const yes = compileInt(n.then!, `${ptr}/then`, cx), no = compileInt(n.else!, `${ptr}/else`, cx);
    return { fn: (s, c) => (cond(s, c) ? yes(s, c) : no(s, c)) };
  },
  "+": (n, ptr, cx) => {
    const terms = (n.terms as Json[]).map((v, i) => compileIntC(v, `${ptr}/terms/${i}`, cx));
    if (terms.every((t) => t.constant !== undefined)) return constant(terms.reduce((a, t) => a + t.constant!, 0));
    const fns = terms.map((t) => t.fn);
    if (fns.length === 2) {
      const [a, b] = fns as [IntExpr, IntExpr];
      return { fn: (s, c) => a(s, c) + b(s, c) };
    }
    return {
      fn: (s, c) => {
        let sum = 0;
        for (let i = 0; i < fns.length; i++) sum += fns[i]!(s, c);
        return sum;
      },
    };
  },
  "-": (n, ptr, cx) => {
    const a = compileIntC(n.a, `${ptr}/a`, cx), b = compileIntC(n.b, `${ptr}/b`, cx);
    if (a.constant !== undefined && b.constant !== undefined) return constant(a.constant - b.constant);
    const fa = a.fn, fb = b.fn;
    return { fn: (s, c) => fa(s, c) - fb(s, c) };
  },
};

/** Reads the site argument `n.site`, checking that the site exists where the expression stands. */
function siteIn(n: IrNode, ptr: string, cx: CompileContext): (c: Ctx) => number {
  const ref = n.site as SiteRef;
  if (ref === "site") {
    if (cx.siteBinders === 0) cx.fail("M004", "`site` exists only inside forall, exists, near, groups or a slide's through:", `${ptr}/site`, "from, over or to (in a move)");
  } else if (cx.scope !== "move") {
    cx.fail("M004", `the site '${ref}' exists only inside a move`, `${ptr}/site`, "`site` inside forall/exists, or a condition that does not name a site");
  }
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
  if (name === "opponent") return (_s, c) => (c.player + 1) % cx.playerCount;
  if (name === "player") {
    if (!cx.inRanking) cx.fail("M004", "`player` exists only inside (ranked ...) and (some-player ...)", ptr, "mover, next, opponent or a seat");
    return (_s, c) => c.subject;
  }
  if (name === "next") return cx.scope === "end" ? (s) => s.mover : (_s, c) => (c.player + 1) % cx.playerCount;
  const seat = cx.seat(name, ptr);
  return () => Math.max(0, seat);
}

/** Per-site lists of the sites `near` looks at: board neighbours, line ends, or both (distinct). */
function nearLists(cx: CompileContext, via: string): { start: Int32Array; list: Int32Array } {
  const topo = cx.topology!;
  const D = topo.dirNames.length, N = topo.n;
  const tables = [...(via !== "line-ends" ? [topo.step] : []), ...(via !== "adjacent" ? [topo.lineEnd] : [])];
  const start = new Int32Array(N + 1);
  const list: number[] = [];
  for (let site = 0; site < N; site++) {
    start[site] = list.length;
    const seen = new Set<number>();
    for (const table of tables) {
      for (let d = 0; d < D; d++) {
        const t = table[d * N + site]!;
        if (t >= 0 && !seen.has(t)) seen.add(t), list.push(t);
      }
    }
  }
  start[N] = list.length;
  return { start, list: Int32Array.from(list) };
}

/**
 * Flood fill over board adjacency through sites satisfying a condition, with reusable arrays.
 * `fill` returns the group's size; its sites are group[0..size-1].
 */
export class Flood {
  readonly group: Int32Array;
  readonly seen: Uint8Array;
  private readonly start: Int32Array;
  private readonly list: Int32Array;

  constructor(cx: CompileContext) {
    const N = cx.topology!.n;
    this.group = new Int32Array(N);
    this.seen = new Uint8Array(N);
    ({ start: this.start, list: this.list } = nearLists(cx, "adjacent"));
  }

  /**
   * Visits every group of sites satisfying `cond` once: `visit` sees the group in group[0..size-1]
   * and its number (0, 1, ...). Returns the number of groups.
   */
  forEachGroup(s: State, c: Ctx, cond: Pred, visit: (size: number, index: number) => void): number {
    this.seen.fill(0);
    const saved = c.site, N = this.seen.length;
    let groups = 0;
    for (let site = 0; site < N; site++) {
      if (this.seen[site]) continue;
      c.site = site;
      if (!cond(s, c)) continue;
      visit(this.fill(s, c, site, cond, false), groups++);
    }
    c.site = saved;
    return groups;
  }

  /** The group containing `origin` (counted even if it fails the condition). `fresh`: forget earlier fills. */
  fill(s: State, c: Ctx, origin: number, cond: Pred, fresh = true): number {
    if (fresh) this.seen.fill(0);
    const saved = c.site;
    let size = 0;
    this.group[size++] = origin;
    this.seen[origin] = 1;
    for (let k = 0; k < size; k++) {
      const at = this.group[k]!;
      for (let j = this.start[at]!, end = this.start[at + 1]!; j < end; j++) {
        const t = this.list[j]!;
        if (this.seen[t]) continue;
        c.site = t;
        if (!cond(s, c)) continue;
        this.seen[t] = 1;
        this.group[size++] = t;
      }
    }
    c.site = saved;
    return size;
  }
}
