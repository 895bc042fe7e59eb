/**
 * The region of the sites ahead of a site along the board's lines (`sites-ahead`; Ludii's
 * `(sites Direction from:...)`): from the site (left out unless `included:`), one step after another in each direction
 * to the edge, or while `through:` holds, or for `range:` steps. Its site is read in the position,
 * so it is read as `sites-to` is (see move-sites.ts): by `(in SITE ...)`, `count-sites`, `forall`
 * and `sum-over`; nothing of it exists in a game that does not write it.
 */
import type { Json } from "../../lang/bind.js";
import type { Ctx } from "../../engine/play/rules.js";
import type { State } from "../../engine/state/state.js";
import { NO_SITE } from "../../engine/board/topology.js";
import { compileSite } from "./sites.js";
import { compileBool } from "./conditions.js";
import { compileInt } from "./numbers.js";
import { directionsByPlayer, refusesOnward } from "../directions.js";
import { isNode, type CompileContext } from "../context.js";
import type { MoveSites } from "./move-sites.js";

/** The form `v` (sites-ahead) at `ptr`, compiled; null for any other region. */
export function aheadSites(v: Json | undefined, ptr: string, cx: CompileContext): MoveSites | null {
  if (v === undefined || !isNode(v) || v.ludeme !== "sites-ahead") return null;
  const n = v;
  const origin = compileSite(n.site!, `${ptr}/site`, cx);
  if (refusesOnward(n.dirs, `${ptr}/dirs`, "sites-ahead", cx)) return null;
  const byPlayer = directionsByPlayer(n.dirs, `${ptr}/dirs`, cx);
  const same = byPlayer.every((d) => d === byPlayer[0]);
  // `site` in through: is the site looked at; the site around the region is put back after.
  const through = n.through === undefined ? null : cx.withSite(() => compileBool(n.through!, `${ptr}/through`, cx));
  const range = n.range === undefined ? null : compileInt(n.range, `${ptr}/range`, cx);
  const included = n.included === true;
  const topo = cx.topology!, N = topo.n, step = topo.step;
  // Counted against the position's work as the board's sites (see WorkBudget), as sites-to is.
  const work = cx.work, { rule } = cx.walk(ptr, "sites-ahead", N, () => null);
  // The sites found, by depth: through: may read the region again.
  const seen: Int32Array[] = [], lists: Int32Array[] = [], stamps: number[] = [];
  let depth = 0;

  /**
   * Walks each line from the region's site. With a `target`, whether it lies ahead (1) or not (0);
   * with none (-1), the distinct sites ahead put in this depth's list, and their number.
   */
  const scan = (s: State, c: Ctx, target: number): number => {
    const from = origin(s, c);
    if (from < 0) return 0;
    if ((work.left -= N) < 0) work.spent(rule, s);
    const p = c.player;
    // A rule evaluated for no seat has no player-relative direction.
    const dirs = same ? byPlayer[0]! : p >= 0 && p < byPlayer.length ? byPlayer[p]! : null;
    if (dirs === null) return 0;
    const most = range === null ? N : range(s, c);
    let marks: Int32Array | null = null, list: Int32Array | null = null, stamp = 0, k = 0;
    if (target < 0) {
      marks = seen[depth] ?? (seen[depth] = new Int32Array(N));
      list = lists[depth] ?? (lists[depth] = new Int32Array(N));
      stamp = (stamps[depth] ?? 0) + 1;
      if (stamp > 0x3fffffff) (marks.fill(0), (stamp = 1));
      stamps[depth] = stamp;
    }
    if (included) {
      if (target >= 0) {
        if (from === target) return 1;
      } else (marks![from] = stamp), (list![k++] = from);
    }
    const saved = c.site;
    depth++;
    try {
      for (let i = 0; i < dirs.length; i++) {
        const d = dirs[i]! * N;
        // At most N steps: a line never visits a site twice, but a malformed graph cannot loop us.
        for (let t = step[d + from]!, j = 0; t !== NO_SITE && j < most && j < N; t = step[d + t]!, j++) {
          if (through !== null) {
            c.site = t;
            if (!through(s, c)) break;
          }
          if (target >= 0) {
            if (t === target) return 1;
          } else if (marks![t] !== stamp) (marks![t] = stamp), (list![k++] = t);
        }
      }
      return k;
    } finally {
      depth--;
      c.site = saved;
    }
  };
  return {
    has: (s, c, site) => site >= 0 && scan(s, c, site) === 1,
    count: (s, c) => scan(s, c, -1),
    each: (s, c, visit) => {
      const k = scan(s, c, -1), list = lists[depth] ?? new Int32Array(0);
      depth++;
      try {
        return visit(list, k);
      } finally {
        depth--;
      }
    },
  };
}
