/**
 * Per-site neighbour lists and flood fill over board adjacency, built at compile time and shared
 * by conditions (near), numbers (count-near, group-size, groups-count) and effects (remove-shapes).
 */
import type { Ctx, Pred } from "../engine/play/rules.js";
import type { State } from "../engine/state/state.js";
import type { CompileContext } from "./context.js";
import { neighbourLists } from "../engine/board/topology.js";

/** Per-site lists of the sites `near` looks at: board neighbours, line ends, or both (distinct); or the places that meet the site. */
export function nearLists(cx: CompileContext, via: string, ptr = ""): { start: Int32Array; list: Int32Array } {
  const topo = cx.topology!;
  if (via === "incident") {
    if (topo.incident) return topo.incident;
    // A board without places has nothing that meets: said where the rule asks for it.
    cx.fail("M004", "via:incident reaches the places that meet a site, and this board has no edges or faces", ptr, "(board SHAPE places:{edges faces})");
    return { start: new Int32Array(topo.n + 1), list: new Int32Array(0) };
  }
  return neighbourLists(topo, undefined, [...(via !== "line-ends" ? [topo.step] : []), ...(via !== "adjacent" ? [topo.lineEnd] : [])]);
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
