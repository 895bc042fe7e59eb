/**
 * Builders of the `item` category: equipment (the board, piece types, counters, flags, markers,
 * the supply, portals, shapes and named regions).
 */
import { withPlaces } from "../../engine/board/places.js";
import { CELL_SHAPES, dirIndex, siteIndex, type Topology } from "../../engine/board/topology.js";
import { isNode, type CompileContext, type IrNode } from "../context.js";
import { boardBuilders } from "./boards.js";
import { MAX_FLAGS, MAX_PIECE_TYPES } from "../../limits.js";
import { compileRegion } from "./regions.js";
import type { Json } from "../../lang/bind.js";
import { seatRegionsOf } from "../seats.js";
import { boardSymmetries } from "../directions.js";

/** Items are compiled in two passes: the board first (regions need it), then the rest in order. */
export const itemBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => void> = {
  board: (n, ptr, cx) => {
    if (cx.topology) {
      cx.fail("M003", "a game has one board", ptr);
      return;
    }
    const shape = n.shape;
    if (!isNode(shape) || !boardBuilders[shape.ludeme]) return;
    cx.topology = boardBuilders[shape.ludeme]!(shape, `${ptr}/shape`, cx);
    const places = n.places as string[] | undefined;
    if (places?.length) {
      const built = withPlaces(cx.topology, { edges: places.includes("edges"), faces: places.includes("faces") });
      if ("error" in built) cx.fail("M004", built.error, `${ptr}/places`, "places:{edges}, or a board whose lines do not cross");
      else cx.topology = built;
    }
    for (const [name, sites] of cx.topology.regions) cx.regions.set(name, sites);
    if (n.drawn === "cells" && !CELL_SHAPES.includes(cx.topology.shape)) cx.fail("M004", `a ${cx.topology.shape} board has no cells to draw`, `${ptr}/drawn`, "drawn:points, or no drawn:");
  },
  piece: (n, ptr, cx) => {
    const name = n.name as string;
    if (cx.pieces.some((p) => p.name === name)) {
      cx.fail("M003", `piece type '${name}' is declared twice`, ptr);
      return;
    }
    if (cx.pieces.length === MAX_PIECE_TYPES) {
      // Said once, at the first piece type too many.
      const message = `a game has at most ${MAX_PIECE_TYPES} piece types`;
      if (!cx.diagnostics.some((d) => d.message === message)) cx.fail("M005", message, ptr);
      return;
    }
    const attrs: Record<string, number> = {};
    for (const [k, v] of Object.entries(n)) if (k !== "ludeme" && k !== "name" && typeof v === "number") attrs[k] = v;
    const symbols = n.symbols as string[] | undefined;
    if (symbols && symbols.length !== cx.playerCount) cx.fail("M002", `${symbols.length} symbols for ${cx.playerCount} players`, `${ptr}/symbols`, `${cx.playerCount} symbols, P1's first`);
    if (symbols?.some((sym) => !/^\S{1,3}$/.test(sym))) cx.fail("M004", "a symbol is 1 to 3 characters without spaces", `${ptr}/symbols`, '{"o" "x"}');
    const promotesName = n.promotes as string | undefined;
    cx.pieces.push({ name, attrs, symbol: (n.symbol as string | undefined) ?? name[0]!, ...(symbols ? { symbols } : {}), ...(promotesName ? { promotesName } : {}) });
    if (promotesName) cx.promotionLinks.push({ piece: cx.pieces.length - 1, ptr: `${ptr}/promotes` });
  },
  counter: (n, ptr, cx) => {
    const name = n.name as string;
    if (cx.counterInfo.has(name)) return cx.fail("M003", `counter '${name}' is declared twice`, ptr);
    const perPlayer = n.per === "player";
    cx.counterInfo.set(name, { first: cx.counters.length, perPlayer, shown: typeof n.shown === "string" ? n.shown : null });
    // A counter per player takes a slot per seat, named for positions `name@P1` ...
    const slots = perPlayer ? Array.from({ length: cx.playerCount }, (_, p) => `${name}@P${p + 1}`) : [name];
    for (const slot of slots) {
      cx.counters.push(slot);
      if (typeof n.start === "number" && n.start !== 0) cx.counterStarts.push([cx.counters.length - 1, n.start]);
    }
  },
  flag: (n, ptr, cx) => {
    const name = n.name as string;
    if (cx.flags.includes(name)) return cx.fail("M003", `flag '${name}' is declared twice`, ptr);
    if (cx.flags.length === MAX_FLAGS) return cx.fail("M005", `a game has at most ${MAX_FLAGS} flags`, ptr);
    cx.flags.push(name);
    if (n.internal === true) cx.internalFlags |= 1 << (cx.flags.length - 1);
    if (n.conceals === true) cx.concealFlags |= 1 << (cx.flags.length - 1);
  },
  marker: (n, ptr, cx) => {
    const name = n.name as string;
    if (cx.markers.includes(name)) return cx.fail("M003", `marker '${name}' is declared twice`, ptr);
    cx.markers.push(name);
  },
  hand: (n, ptr, cx) => {
    if (cx.hand) return cx.fail("M003", "a game has one (hand ...)", ptr);
    cx.hand = { captures: n.captures === true };
  },
  track: (n, ptr, cx) => {
    const name = n.name as string;
    const errors = cx.diagnostics.length;
    const parts = (n.sites as Json[]).map((r, i) => compileRegion(r, `${ptr}/sites/${i}`, cx));
    const sites = Int32Array.from(parts.flatMap((r) => [...r]));
    // With bends:true, each step from one listed region to the next (and, round a loop, from the last to the first) is a bend.
    const bends = new Uint8Array(sites.length);
    if (n.bends === true) {
      let end = 0;
      for (const part of parts) {
        end += part.length;
        if (part.length && (end < sites.length || n.loop === true)) bends[end - 1] = 1;
      }
    }
    // A region already reported makes no second error here, nor at the rules naming the track.
    const failed = () => void cx.tracks.set(name, { sites: [], bends: [], loop: false, ptr, failed: true });
    if (cx.diagnostics.length > errors) return failed();
    if (sites.length < 2) {
      cx.fail("M004", `a track has at least two sites; this one has ${sites.length}`, `${ptr}/sites`);
      return failed();
    }
    const seat = n.seat === undefined ? -1 : cx.seat(n.seat as string, `${ptr}/seat`);
    if (n.seat !== undefined && seat < 0) return;
    const known = cx.tracks.get(name);
    if (known?.failed) return;
    const track = known ?? { sites: new Array<Int32Array | null>(cx.playerCount).fill(null), bends: new Array<Uint8Array | null>(cx.playerCount).fill(null), loop: n.loop === true, ptr };
    // A shared track fills every seat: any second declaration of the name is one too many.
    if (known && (seat < 0 || known.sites[seat] !== null)) {
      return cx.fail("M003", seat < 0 ? `track '${name}' is declared twice` : `track '${name}' is declared twice for P${seat + 1}`, ptr);
    }
    if (known && known.loop !== (n.loop === true)) cx.fail("M004", `the tracks named '${name}' must all loop or all not`, `${ptr}/loop`);
    if (seat < 0) {
      track.sites.fill(sites);
      track.bends.fill(bends);
    } else {
      track.sites[seat] = sites;
      track.bends[seat] = bends;
    }
    cx.tracks.set(name, track);
  },
  dice: (n, ptr, cx) => {
    /** The largest face of dice whose doubles are played as their number of moves (doubles:number, sum). */
    const MAX_DOUBLE_NUMBER = 100;
    if (cx.dice) return cx.fail("M003", "a game has one (dice ...)", ptr);
    const count = n.count as number;
    const byDie = n["faces-by-die"] as number[][] | undefined;
    const alike = (n.faces as number[] | undefined) ?? [1, 2, 3, 4, 5, 6];
    let faces = byDie ?? Array.from({ length: count }, () => alike);
    const bad = faces.findIndex((f) => f.length === 0 || f.length > 64);
    let refused = true;
    if (byDie !== undefined && n.faces !== undefined) cx.fail("M003", "give the dice's faces once: faces: (every die alike) or faces-by-die: (each its own)", `${ptr}/faces-by-die`);
    else if (byDie !== undefined && byDie.length !== count) {
      cx.fail("M004", `faces-by-die: lists ${byDie.length} ${byDie.length === 1 ? "die" : "dice"}, and there are ${count}`, `${ptr}/faces-by-die`, `one list of faces per die: ${count}`);
    } else if (bad >= 0) cx.fail("M004", `a die has 1 to 64 faces, not ${faces[bad]!.length}`, byDie ? `${ptr}/faces-by-die/${bad}` : `${ptr}/faces`);
    else refused = false;
    // Refused faces still give the game its dice (six-sided), so the rules that throw and read them raise no second error.
    if (refused) faces = Array.from({ length: count }, () => [1, 2, 3, 4, 5, 6]);
    // A double played by its number (doubles:number, sum) needs dice that can show one, and numbers that count moves.
    const byNumber = n.doubles === "number" ? 1 : n.doubles === "sum" ? 2 : 0;
    if (byNumber !== 0 && count < 2) cx.fail("M004", `doubles:${n.doubles as string} is for two dice or more (a double is every die showing one number); there is ${count} die`, `${ptr}/doubles`);
    else if (byNumber !== 0 && !refused) {
      const face = faces.flat().find((f) => f < 1 || f > MAX_DOUBLE_NUMBER);
      if (face !== undefined) cx.fail("M004", `doubles:${n.doubles as string} plays a double as its number of moves: the dice's faces must be 1 to ${MAX_DOUBLE_NUMBER}, not ${face}`, byDie ? `${ptr}/faces-by-die` : `${ptr}/faces`);
    }
    cx.dice = { faces: faces.map((f) => Int32Array.from(f)), doubleUses: n.doubles === "twice" ? 2 : 1, ludiiDoubles: n.doubles === "ludii", doubleByNumber: byNumber };
  },
  "mixed-stacks": (n, ptr, cx) => {
    if (cx.stackLevels !== 0) return cx.fail("M003", "a game has one (mixed-stacks ...)", ptr);
    cx.stackLevels = (n.max as number | undefined) ?? -1;
  },
  "site-map": (n, ptr, cx) => {
    const name = n.name as string;
    if (cx.siteMaps.has(name)) return cx.fail("M003", `site map '${name}' is declared twice`, ptr);
    const topo = cx.topology!, leadsTo = new Int32Array(topo.n).fill(-1);
    (n.pairs as string[][]).forEach((pair, i) => {
      if (pair.length !== 2) return cx.fail("M004", `a pair of a site map is two sites, {from to}; this one has ${pair.length}`, `${ptr}/pairs/${i}`);
      const [a, b] = pair.map((label, k) => {
        const site = siteIndex(topo, label);
        if (site < 0) cx.fail("M001", `the board has no site '${label}'`, `${ptr}/pairs/${i}/${k}`);
        return site;
      }) as [number, number];
      if (a < 0 || b < 0) return;
      if (leadsTo[a] !== -1) return cx.fail("M003", `site ${topo.labels[a]} leads to two sites in site map '${name}'`, `${ptr}/pairs/${i}`);
      if (a === b) return cx.fail("M004", `site ${topo.labels[a]} leads to itself`, `${ptr}/pairs/${i}`);
      leadsTo[a] = b;
    });
    cx.siteMaps.set(name, leadsTo);
  },
  supply: (n, ptr, cx) => {
    if (cx.supplyTotal >= 0) return cx.fail("M003", "a game has one (supply ...)", ptr);
    cx.supplyTotal = n.total as number;
  },
  portal: (n, ptr, cx) => {
    const topo = cx.topology!;
    const D = topo.dirNames.length, N = topo.n;
    const player = cx.seat(n.player as string, `${ptr}/player`);
    const sites = compileRegion(n.from!, `${ptr}/from`, cx);
    cx.portals ??= new Int32Array(cx.playerCount * D * N).fill(-1);
    (n.dirs as string[]).forEach((name, i) => {
      const d = dirIndex(topo, name);
      if (d < 0) return cx.fail("M001", `the board has no direction '${name}'`, `${ptr}/dirs/${i}`, `one of: ${topo.dirNames.join(" ")}`);
      if (player < 0) return;
      for (const site of sites) cx.portals![(player * D + d) * N + site] = topo.lineEnd[d * N + site]!;
    });
  },
  shape: (n, ptr, cx) => {
    const name = n.name as string;
    if (cx.shapes.has(name)) return cx.fail("M003", `shape '${name}' is declared twice`, ptr);
    const topo = cx.topology!;
    const paths = (n.cells as string[][]).map((path, i) =>
      path.map((d, j) => {
        const di = dirIndex(topo, d);
        if (di < 0) cx.fail("M001", `the board has no direction '${d}'`, `${ptr}/cells/${i}/${j}`, `one of: ${topo.dirNames.join(" ")}`);
        return di;
      }),
    );
    if (paths.some((p) => p.includes(-1))) return;
    cx.shapes.set(name, shapePlacements(topo, paths));
  },
  region: (n, ptr, cx) => {
    const name = n.name as string;
    if (cx.regions.has(name)) {
      cx.fail("M003", `region '${name}' already exists`, `${ptr}/name`, "a new name (the board defines some regions itself)");
      return;
    }
    cx.regions.set(name, compileRegion(n.sites!, `${ptr}/sites`, cx));
  },
  "seat-regions": (n, ptr, cx) => {
    const name = n.name as string;
    const all = seatRegionsOf(cx);
    if (all.has(name)) return cx.fail("M003", `seat regions '${name}' are declared twice`, `${ptr}/name`);
    const regions = n.regions as Json[];
    if (regions.length !== cx.playerCount) cx.fail("M002", `${regions.length} regions for ${cx.playerCount} players`, `${ptr}/regions`, `${cx.playerCount} regions, P1's first`);
    all.set(name, Array.from({ length: cx.playerCount }, (_, p) => (p < regions.length ? compileRegion(regions[p]!, `${ptr}/regions/${p}`, cx) : new Int32Array(0))));
  },
};

/**
 * Every placement of a shape on the board, in every orientation: the shape's cells are direction
 * paths from an anchor, turned and mirrored by the board's own symmetries (`boardSymmetries`).
 * Placements with the same cells are kept once.
 */
export function shapePlacements(topo: Topology, paths: number[][]): Int32Array[] {
  const orientations = boardSymmetries(topo);
  const seen = new Set<string>();
  const out: Int32Array[] = [];
  for (let anchor = 0; anchor < topo.n; anchor++) {
    for (const orient of orientations) {
      const cells: number[] = [];
      for (const path of paths) {
        let at = anchor;
        for (const d of path) {
          at = at < 0 ? -1 : topo.step[orient[d]! * topo.n + at]!;
        }
        if (at < 0) break;
        cells.push(at);
      }
      if (cells.length !== paths.length || new Set(cells).size !== cells.length) continue;
      const key = [...cells].sort((a, b) => a - b).join(",");
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(Int32Array.from(cells));
    }
  }
  return out;
}
