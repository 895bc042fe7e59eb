/**
 * The regions of the sites some moves would reach or start from now (`sites-to`, `sites-from`;
 * Ludii's `(sites To ...)`, `(sites From ...)`): the moves are generated, never made, each time the
 * region is read, so it changes with the position. Only the forms that read a region during play
 * accept it (`in`, `count-sites` and `forall` of an `in`, `sum-over`); a region built with the board reports it
 * (see regions.ts). Nothing of it exists in a game that does not write it.
 */
import type { Json } from "../../lang/bind.js";
import { newCtx, type Ctx } from "../../engine/play/rules.js";
import { MoveBuffer } from "../../engine/moves/moves.js";
import { overflowError } from "../../engine/play/play-limit.js";
import type { State } from "../../engine/state/state.js";
import { compileMoves } from "./moves.js";
import { compileSite } from "./sites.js";
import { compilePlayer } from "../expression.js";
import { isNode, type CompileContext, type IrNode } from "../context.js";
import { aheadSites } from "./ahead-sites.js";

const NO_SITES = new Int32Array(0);

/** The regions read in the position: the moves' own two, and the sites ahead of a site (ahead-sites.ts). */
export const MOVE_SITE_REGIONS = ["sites-to", "sites-from", "sites-ahead"] as const;

/** A region of the sites some moves reach (or start from), read in a state. */
export interface MoveSites {
  /** Whether some move reaches (starts from) the site. */
  has(s: State, c: Ctx, site: number): boolean;
  /** How many distinct sites the moves reach (start from). */
  count(s: State, c: Ctx): number;
  /** Calls `visit` with the distinct sites (the first `k` of `sites`, in the order the moves came). */
  each<R>(s: State, c: Ctx, visit: (sites: Int32Array, k: number) => R): R;
}

/** Whether a region argument is one of these forms. */
export function isMoveSites(v: Json | undefined): v is IrNode {
  return v !== undefined && isNode(v) && (MOVE_SITE_REGIONS as readonly string[]).includes(v.ludeme);
}

/** The form `v` (sites-to or sites-from) at `ptr`, compiled; null for any other region. */
export function moveSites(v: Json | undefined, ptr: string, cx: CompileContext): MoveSites | null {
  if (!isMoveSites(v)) return null;
  if (v.ludeme === "sites-ahead") return aheadSites(v, ptr, cx);
  const n = v;
  // The moves are moves of their own: their sites exist, even inside a branch's condition (as can-move's).
  const moves = cx.within("choosingRules", null, () => cx.within("scope", "move", () => compileMoves(n.moves!, `${ptr}/moves`, cx)));
  const who = n.for === undefined ? null : compilePlayer(n.for as string, `${ptr}/for`, cx);
  // The site the moves start from, read where the region is (not inside the moves).
  const origin = n.from === undefined ? null : compileSite(n.from, `${ptr}/from`, cx);
  const toSites = n.ludeme === "sites-to";
  const N = cx.topology!.n, work = cx.work, { rule } = cx.walk(ptr, n.ludeme, N, () => null);
  const generators = cx.generators;
  // Buffers, contexts and the sites found, by depth: the moves' conditions may read the region again.
  const bufs: MoveBuffer[] = [], ctxs: Ctx[] = [], seen: Int32Array[] = [], lists: Int32Array[] = [], stamps: number[] = [];
  let depth = 0;

  // The start site the last generation wanted (-1: any; -2: none, so no move), set by generate.
  let start = -1;
  /** Generates the moves into this depth's buffer (nothing when `from:` names no site). */
  const generate = (s: State, c: Ctx): MoveBuffer => {
    if ((work.left -= N) < 0) work.spent(rule, s);
    const buf = bufs[depth] ?? (bufs[depth] = new MoveBuffer(16, 64));
    const own = ctxs[depth] ?? (ctxs[depth] = newCtx());
    buf.clear();
    const want = origin === null ? -1 : origin(s, c);
    if (want < 0 && origin !== null) return (start = -2), buf;
    own.player = who === null ? c.player : who(s, c);
    // A site a form round the region goes through (forall, count-sites) is the moves' `site` too.
    own.site = c.site;
    depth++;
    try {
      moves.generate(s, own, buf);
    } finally {
      depth--;
    }
    if (buf.overflow === "search") throw overflowError(buf, generators, s);
    // Set after the moves: their own conditions may have asked this region again, one level down.
    start = want;
    return buf;
  };
  const siteOf = (buf: MoveBuffer, row: number): number => {
    if (start !== -1 && buf.from[row] !== start) return -1;
    return toSites ? buf.to[row]! : buf.from[row]!;
  };
  /** The distinct sites of the moves generated, into the list of this depth; their number. */
  const collect = (s: State, c: Ctx): number => {
    const buf = generate(s, c);
    if (start === -2) return 0;
    const marks = seen[depth] ?? (seen[depth] = new Int32Array(N));
    const list = lists[depth] ?? (lists[depth] = new Int32Array(N));
    let stamp = (stamps[depth] ?? 0) + 1;
    if (stamp > 0x3fffffff) (marks.fill(0), (stamp = 1));
    stamps[depth] = stamp;
    let k = 0;
    for (let row = 0; row < buf.size; row++) {
      const x = siteOf(buf, row);
      if (x >= 0 && marks[x] !== stamp) (marks[x] = stamp), (list[k++] = x);
    }
    return k;
  };
  return {
    has: (s, c, site) => {
      if (site < 0) return false;
      const buf = generate(s, c);
      if (start === -2) return false;
      for (let row = 0; row < buf.size; row++) if (siteOf(buf, row) === site) return true;
      return false;
    },
    count: (s, c) => collect(s, c),
    each: (s, c, visit) => {
      const k = collect(s, c), list = lists[depth] ?? NO_SITES;
      // The list stays this depth's while it is visited.
      depth++;
      try {
        return visit(list, k);
      } finally {
        depth--;
      }
    },
  };
}

/**
 * A walk's condition `(in site REGION)` over such a region, compiled as the region alone: the sites
 * are then those of one generation of the moves, not one generation per site. Null for any other
 * condition, and when the region names `site` (then the site walked, asked for each).
 */
export function walkedMoveSites(cond: Json | undefined, ptr: string, cx: CompileContext): MoveSites | null {
  if (cond === undefined || !isNode(cond) || cond.ludeme !== "in" || cond.site !== "site" || !isMoveSites(cond.region)) return null;
  // The site walked, named in the region, is asked for each site; `site` in sites-ahead's through: is its own.
  if (namesSite(cond.region.ludeme === "sites-ahead" ? { ...cond.region, through: null } : cond.region)) return null;
  return moveSites(cond.region, `${ptr}/region`, cx);
}

/** Whether a form reads the site word `site` anywhere in it (as a value, not a parameter's name). */
function namesSite(v: Json): boolean {
  if (v === "site") return true;
  if (Array.isArray(v)) return v.some(namesSite);
  if (v !== null && typeof v === "object") return Object.values(v).some((x) => x !== undefined && namesSite(x as Json));
  return false;
}

/** The error for a region of moves where the region is built with the board. */
export function moveSitesOutOfPlace(v: IrNode, ptr: string, cx: CompileContext): void {
  const what = v.ludeme === "sites-ahead" ? "SITE dirs:{...}" : "MOVES";
  cx.fail(
    "M004",
    `(${v.ludeme} ...) changes with the position: only (in SITE ...), (count-sites (in site ...)), (forall (in site ...) ...) and (sum-over ...) read it, not a region built with the board`,
    ptr,
    `e.g. (count-sites (in site (${v.ludeme} ${what}))) or a move's condition (in to (${v.ludeme} ${what}))`,
  );
}
