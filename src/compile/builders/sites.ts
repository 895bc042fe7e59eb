/**
 * Builders of the `site` category: the sites rules read, by name (`to`, `last-to` ...) or found by
 * a form (`(ahead to forward)`, `(where king mover)`). Each compiles to a SiteReader giving a site
 * or NO_SITE; the readers of sites (conditions, numbers, effects) check for NO_SITE, so a rule
 * about no site is false, counts 0, or does nothing.
 */
import type { Json } from "../../lang/bind.js";
import { dirIndex, lineDirection, NO_SITE } from "../../engine/board/topology.js";
import { BACK, ONWARD } from "../../engine/moves/onward.js";
import { coordinatesOf, type Coordinates } from "../../engine/board/coordinates.js";
import { isNode, type CompileContext, type IrNode } from "../context.js";
import { directionsByPlayer } from "../directions.js";
import { compilePlayer, siteRefIn, type SiteReader } from "../expression.js";
import { playerRegion } from "../seats.js";
import { compileRegion } from "./regions.js";
import { trackNamed, trackOwner } from "../tracks.js";
import { NEUTRAL, type State } from "../../engine/state/state.js";
import type { Ctx } from "../../engine/play/rules.js";
import { compileInt } from "./numbers.js";
import { compileBool } from "./conditions.js";

const noSite: SiteReader = () => NO_SITE;

export const siteBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => SiteReader> = {
  ahead: (n, ptr, cx) => {
    const from = compileSite(n.site!, `${ptr}/site`, cx);
    const topo = cx.topology!;
    const N = topo.n, step = topo.step, steps = (n.n as number | undefined) ?? 1;
    const dir = n.dir as string;
    if ((dir === ONWARD || dir === BACK) && dirIndex(topo, dir) < 0) {
      // The way the move goes: the board line leading from `from` to `to` (Ludii's LastDirection),
      // or back from `to` to `from` (Ludii's OppositeDirection), kept for the last pair asked (a
      // rule asks it of one move several times: its to: and its then:).
      const back = dir === BACK;
      let lastFrom = -1, lastTo = -1, lastDir = -1;
      return (s, c) => {
        let x = from(s, c);
        if (c.from !== lastFrom || c.to !== lastTo) {
          lastFrom = c.from;
          lastTo = c.to;
          lastDir = c.from < 0 || c.to < 0 ? -1 : back ? lineDirection(topo, c.to, c.from) : lineDirection(topo, c.from, c.to);
        }
        const d = x < 0 ? -1 : lastDir;
        if (d < 0) return NO_SITE;
        for (let k = 0; k < steps && x !== NO_SITE; k++) x = step[d * N + x]!;
        return x;
      };
    }
    // Per seat, where `steps` steps lead from each site: one table lookup at play time.
    const lists = directionsByPlayer([dir], `${ptr}/dir`, cx);
    const tables = new Map<Int32Array, Int32Array>();
    for (const list of lists) {
      if (tables.has(list)) continue;
      const table = new Int32Array(N).fill(NO_SITE);
      if (list.length) {
        const d = list[0]! * N;
        for (let s = 0; s < N; s++) {
          let t = s;
          for (let k = 0; k < steps && t !== NO_SITE; k++) t = step[d + t]!;
          table[s] = t;
        }
      }
      tables.set(list, table);
    }
    if (tables.size === 1) {
      // A board direction (or a relative one that is the same for every seat): the player does not matter.
      const table = tables.values().next().value!;
      return (s, c) => {
        const x = from(s, c);
        return x < 0 ? NO_SITE : table[x]!;
      };
    }
    const P = lists.length, bySeat = new Int32Array(P * N);
    lists.forEach((list, p) => bySeat.set(tables.get(list)!, p * N));
    return (s, c) => {
      const x = from(s, c), p = c.player;
      // A rule evaluated for no seat (e.g. the owner of an empty site in `flanked`) has no forward.
      return x < 0 || p < 0 || p >= P ? NO_SITE : bySeat[p * N + x]!;
    };
  },
  along: (n, ptr, cx) => {
    const track = trackNamed(n.track as string, `${ptr}/track`, cx);
    const owner = trackOwner(n.of as string | undefined, n.track as string, `${ptr}/of`, cx);
    const at = compileSite(n.site!, `${ptr}/site`, cx);
    const by = compileInt(n.n!, `${ptr}/n`, cx);
    if (!track) return () => NO_SITE;
    // On player p's road (the player the rule is read for, or with of: the player it names).
    const along = (s: State, c: Ctx, p: number): number => {
      const site = at(s, c);
      if (site < 0 || p < 0 || p >= track.sites.length) return NO_SITE;
      const sites = track.sites[p]!, pos = track.position[p]![site]!;
      if (pos < 0) return NO_SITE;
      let q = pos + by(s, c);
      if (track.loop) q = ((q % sites.length) + sites.length) % sites.length;
      return q >= 0 && q < sites.length ? sites[q]! : NO_SITE;
    };
    return owner ? (s, c) => along(s, c, owner(s, c)) : (s, c) => along(s, c, c.player);
  },
  "first-along": (n, ptr, cx) => {
    const track = trackNamed(n.track as string, `${ptr}/track`, cx);
    const owner = trackOwner(n.of as string | undefined, n.track as string, `${ptr}/of`, cx);
    const at = compileSite(n.site!, `${ptr}/site`, cx);
    const cond = cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx));
    if (!track) return noSite;
    const first = (s: State, c: Ctx, p: number): number => {
      const start = at(s, c);
      if (start < 0 || p < 0 || p >= track.sites.length) return NO_SITE;
      const sites = track.sites[p]!, L = sites.length, pos = track.position[p]![start]!;
      if (pos < 0) return NO_SITE;
      const site = c.site;
      try {
        for (let k = 0; k < L; k++) {
          c.site = sites[(pos + k) % L]!;
          if (cond(s, c)) return c.site;
        }
        return NO_SITE;
      } finally {
        c.site = site;
      }
    };
    return owner ? (s, c) => first(s, c, owner(s, c)) : (s, c) => first(s, c, c.player);
  },
  mapped: (n, ptr, cx) => {
    const leadsTo = siteMapNamed(n.map as string, `${ptr}/map`, cx);
    const at = compileSite(n.site!, `${ptr}/site`, cx);
    return (s, c) => {
      const site = at(s, c);
      return site >= 0 && leadsTo[site]! >= 0 ? leadsTo[site]! : site;
    };
  },
  "site-of": (n, ptr, cx) => {
    const perPlayer = playerRegion(n.region!, `${ptr}/region`, cx);
    if (perPlayer) {
      const first = Int32Array.from(perPlayer.lists, (sites) => (sites.length ? sites[0]! : NO_SITE));
      return (s, c) => first[perPlayer.who(s, c)] ?? NO_SITE;
    }
    const sites = compileRegion(n.region!, `${ptr}/region`, cx);
    const site = sites.length ? sites[0]! : NO_SITE;
    return () => site;
  },
  "edge-of": (n, ptr, cx) => {
    const a = compileSite(n.a!, `${ptr}/a`, cx), b = compileSite(n.b!, `${ptr}/b`, cx);
    const topo = cx.topology!, incident = topo.incident;
    if (!incident || topo.points === undefined || !topo.regions.get("edges")?.length) {
      cx.fail("M004", "(edge-of ...) names the edge between two points, and this board has no edges as places", ptr, "(board SHAPE places:{edges})");
      return noSite;
    }
    const { start, list } = incident, points = topo.points;
    return (s, c) => {
      const x = a(s, c), y = b(s, c);
      if (x < 0 || y < 0 || x >= points || y >= points) return NO_SITE;
      // Among x's edges, the one whose other end is y (an edge lists its two ends first).
      for (let k = start[x]!, end = start[x + 1]!; k < end; k++) {
        const e = list[k]!, ends = start[e]!;
        if ((list[ends] === x && list[ends + 1] === y) || (list[ends] === y && list[ends + 1] === x)) return e;
      }
      return NO_SITE;
    };
  },
  where: (n, ptr, cx) => {
    const type = cx.pieceIndex(n.piece as string, `${ptr}/piece`);
    const neutral = n.player === "neutral";
    const who = pieceOwnerIn(n, ptr, cx);
    if (!who) return noSite;
    const N = cx.topology!.n, P = cx.playerCount;
    if (cx.stackLevels !== 0) {
      // Mixed stacks: the piece is looked for at every level of every stack, bottom first (Ludii's
      // where, which scans the stacks); games without them read the sites' top pieces only.
      return (s, c) => {
        const p = who(s, c);
        if (!neutral && (p < 0 || p >= P || s.pieceCount[p] === 0)) return NO_SITE;
        const height = s.height, lo = s.levelOwner, lp = s.levelPiece, L = s.levels;
        for (let x = 0; x < N; x++) {
          const h = height[x]!;
          for (let i = x * L, end = i + h; i < end; i++) if (lp[i] === type && lo[i] === p) return x;
        }
        return NO_SITE;
      };
    }
    return (s, c) => {
      const p = who(s, c);
      // `mover` may be no seat (the owner of an empty site, inside `flanked`); a player without pieces needs no scan.
      if (!neutral && (p < 0 || p >= P || s.pieceCount[p] === 0)) return NO_SITE;
      const owner = s.owner, piece = s.piece;
      for (let x = 0; x < N; x++) if (piece[x] === type && owner[x] === p) return x;
      return NO_SITE;
    };
  },
};

/**
 * The owner `n.player` of the piece `where` and `level-of` look for: a player, or NEUTRAL for
 * `neutral`; null, with an error, for another name (`any` names no one player).
 */
export function pieceOwnerIn(n: IrNode, ptr: string, cx: CompileContext): ((s: State, c: Ctx) => number) | null {
  const player = n.player as string;
  if (player === "neutral") return () => NEUTRAL;
  if (!/^(mover|next|opponent|player|P\d+)$/.test(player)) {
    cx.fail("M002", `(${n.ludeme} ...) looks for the piece of one player, or a neutral piece: '${player}' is neither`, `${ptr}/player`, `mover, next, opponent, a seat P1..P${cx.playerCount}, or neutral`);
    return null;
  }
  return compilePlayer(player, `${ptr}/player`, cx);
}

/** A site argument: a name (see siteRefIn) or a site form. */
export function compileSite(v: Json, ptr: string, cx: CompileContext): SiteReader {
  if (typeof v === "string") return siteRefIn(v, ptr, cx);
  const b = isNode(v) ? siteBuilders[v.ludeme] : undefined;
  return b ? b(v as IrNode, ptr, cx) : noSite;
}

/** The site argument `n.site` of a ludeme at `ptr`. */
export function siteIn(n: IrNode, ptr: string, cx: CompileContext): SiteReader {
  return compileSite(n.site!, `${ptr}/site`, cx);
}

/**
 * The files and ranks of the board, for a ludeme at `ptr` that compares them; undefined, with an
 * error, when some site's label is not letters then a number (a graph board with its own names).
 */
export function boardCoordinates(ludeme: string, ptr: string, cx: CompileContext): Coordinates | undefined {
  const found = coordinatesOf(cx.topology!);
  if ("file" in found) return found;
  cx.fail("M004", `(${ludeme} ...) needs files and ranks, but the board's site '${found.label}' is not named by a file and a rank`, ptr, "a board whose site labels are letters then a number (a1, e4): square, hex, star, or a graph with lattice labels");
  return undefined;
}

/** The site map a rule names (per site, the site it leads to or -1); an empty one, reported at `ptr`, when there is none. */
export function siteMapNamed(name: string, ptr: string, cx: CompileContext): Int32Array {
  const map = cx.siteMaps.get(name);
  if (map) return map;
  cx.fail("M001", `no site map '${name}'`, ptr, cx.siteMaps.size ? `one of: ${[...cx.siteMaps.keys()].join(", ")}` : "a (site-map ...) in the equipment");
  return new Int32Array(cx.topology!.n).fill(-1);
}
