/**
 * Builders of the `region` category: sets of sites, and the regions given by name or site label.
 */
import type { Json } from "../../lang/bind.js";
import { fileNumber } from "../../engine/board/coordinates.js";
import { dirIndex, lineDirection, neighbourLists, siteIndex, type Topology } from "../../engine/board/topology.js";
import { compileIntC } from "./numbers.js";
import { isNode, type CompileContext, type IrNode } from "../context.js";
import { isSeatName, seatRegions } from "../seats.js";
import { boardSides, COMPASS_NAMES } from "../../engine/board/sides.js";
import { moveSitesOutOfPlace } from "./move-sites.js";

export const regionBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => Int32Array> = {
  sites: (n, ptr, cx) => Int32Array.from((n.labels as string[]).map((l, i) => site(l, `${ptr}/labels/${i}`, cx)).filter((s) => s >= 0)),
  rows: (n, _ptr, cx) => {
    const from = n.from as number, to = n.to as number;
    const topo = cx.topology!;
    const out: number[] = [];
    topo.labels.forEach((label, i) => {
      const row = Number(/\d+$/.exec(label)?.[0]);
      if (row >= from && row <= to) out.push(i);
    });
    return Int32Array.from(out);
  },
  columns: (n, _ptr, cx) => {
    const from = fileNumber(String(n.from)), to = fileNumber(String(n.to));
    const out: number[] = [];
    cx.topology!.labels.forEach((label, i) => {
      const file = fileNumber(/^[a-z]+/i.exec(label)?.[0] ?? "");
      if (file >= from && file <= to) out.push(i);
    });
    return Int32Array.from(out);
  },
  "colour-of": (n, ptr, cx) => {
    const topo = cx.topology!;
    const at = site(n.site as string, `${ptr}/site`, cx);
    if (at < 0) return new Int32Array(0);
    const colour = (label: string) => {
      const m = /^([a-z]+)(\d+)$/i.exec(label);
      return m ? (fileNumber(m[1]!) + Number(m[2])) % 2 : -1;
    };
    if (topo.shape.startsWith("hex-")) return sameHexColour(topo, at);
    // Triangular cells: those pointing the same way.
    if (topo.shape === "tri-cells") return [topo.regions.get("upward"), topo.regions.get("downward")].find((r) => r?.includes(at)) ?? new Int32Array(0);
    const want = colour(topo.labels[at]!);
    const out: number[] = [];
    topo.labels.forEach((label, i) => colour(label) === want && out.push(i));
    return Int32Array.from(out);
  },
  intersection: (n, ptr, cx) => {
    const regions = (n.regions as Json[]).map((r, i) => new Set(compileRegion(r, `${ptr}/regions/${i}`, cx)));
    const [first, ...rest] = regions;
    return Int32Array.from([...(first ?? [])].filter((s) => rest.every((r) => r.has(s))).sort((a, b) => a - b));
  },
  difference: (n, ptr, cx) => {
    const minus = new Set(compileRegion(n.minus!, `${ptr}/minus`, cx));
    return Int32Array.from([...compileRegion(n.region!, `${ptr}/region`, cx)].filter((s) => !minus.has(s)));
  },
  path: (n, ptr, cx) => {
    const topo = cx.topology!;
    const from = site(n.from as string, `${ptr}/from`, cx), to = site(n.to as string, `${ptr}/to`, cx);
    if (from < 0 || to < 0) return new Int32Array(0);
    if (from === to) return Int32Array.of(from);
    // Along the board direction whose steps from the first site reach the last.
    const d = lineDirection(topo, from, to);
    if (d >= 0) {
      const line = [from];
      for (let at = topo.step[d * topo.n + from]!; ; at = topo.step[d * topo.n + at]!) {
        line.push(at);
        if (at === to) return Int32Array.from(line);
      }
    }
    cx.fail("M004", `no straight line of the board leads from ${n.from as string} to ${n.to as string}`, ptr, "two sites on one row, column or diagonal");
    return new Int32Array(0);
  },
  shift: (n, ptr, cx) => {
    const topo = cx.topology!;
    const d = dirIndex(topo, n.dir as string);
    if (d < 0) {
      cx.fail("M001", `the board has no direction '${String(n.dir)}'`, `${ptr}/dir`, `one of: ${topo.dirNames.join(" ")}`);
      return new Int32Array(0);
    }
    const out = new Set<number>();
    for (const site of compileRegion(n.region!, `${ptr}/region`, cx)) {
      const t = topo.step[d * topo.n + site]!;
      if (t >= 0) out.add(t);
    }
    return Int32Array.from([...out].sort((a, b) => a - b));
  },
  expand: (n, ptr, cx) => {
    const topo = cx.topology!;
    const names = (n.dirs as string[] | undefined) ?? null;
    const dirs = names === null ? undefined : names.map((name, i) => {
      const d = dirIndex(topo, name);
      if (d < 0) cx.fail("M001", `the board has no direction '${name}'`, `${ptr}/dirs/${i}`, `one of: ${topo.dirNames.join(" ")}`);
      return d;
    }).filter((d) => d >= 0);
    const { start, list } = neighbourLists(topo, dirs);
    // A region is built with the board: how far it grows must be known then (options may set it).
    const grow = n.steps === undefined ? 1 : compileIntC(n.steps, `${ptr}/steps`, cx).constant;
    if (grow === undefined || grow < 0) cx.fail("M004", grow === undefined ? "(expand ...) grows by a number known when the game is built, not one read during play" : `(expand ...) cannot grow by ${grow} steps`, `${ptr}/steps`, "a number of 0 or more, or an expression of numbers and options such as (- $pieces 1)");
    const steps = grow === undefined ? 0 : Math.max(0, grow);
    // Grown a step at a time: each step adds the neighbours of the sites the last one added.
    const inside = new Uint8Array(topo.n);
    let front = Array.from(compileRegion(n.region!, `${ptr}/region`, cx));
    for (const s of front) inside[s] = 1;
    for (let step = 0; step < steps && front.length > 0; step++) {
      const next: number[] = [];
      for (const s of front) {
        for (let k = start[s]!; k < start[s + 1]!; k++) {
          const t = list[k]!;
          if (!inside[t]) (inside[t] = 1), next.push(t);
        }
      }
      front = next;
    }
    const out: number[] = [];
    inside.forEach((v, s) => v && out.push(s));
    return Int32Array.from(out);
  },
  side: (n, ptr, cx) => {
    const sides = boardSides(cx.topology!);
    const want = String(n.dir).toUpperCase();
    const found = sides.get(want);
    if (found) return found;
    const known = COMPASS_NAMES.filter((d) => sides.has(d));
    cx.fail("M001", `the board has no side facing '${String(n.dir)}'`, `${ptr}/dir`, `one of its sides: ${known.join(" ") || "none"}`);
    return new Int32Array(0);
  },
  union: (n, ptr, cx) => {
    const set = new Set<number>();
    (n.regions as Json[]).forEach((r, i) => compileRegion(r, `${ptr}/regions/${i}`, cx).forEach((s) => set.add(s)));
    return Int32Array.from([...set].sort((a, b) => a - b));
  },
  "region-of": (n, ptr, cx) => {
    const player = n.player as string;
    if (!isSeatName(player, cx)) {
      cx.fail("M004", `(region-of ${String(n.name)} ${player}) changes with the player: only (in ...), (fills ...) and (connects ...) read such a region`, `${ptr}/player`, "a seat P1..Pn here");
      return new Int32Array(0);
    }
    const seat = cx.seat(player, `${ptr}/player`);
    const lists = seatRegions(n.name as string, `${ptr}/name`, cx);
    return seat >= 0 && lists ? lists[seat]! : new Int32Array(0);
  },
  "sites-to": (n, ptr, cx) => (moveSitesOutOfPlace(n, ptr, cx), new Int32Array(0)),
  "sites-from": (n, ptr, cx) => (moveSitesOutOfPlace(n, ptr, cx), new Int32Array(0)),
  "sites-ahead": (n, ptr, cx) => (moveSitesOutOfPlace(n, ptr, cx), new Int32Array(0)),
};

/** A region: a form, a named region, or a single site label. */
export function compileRegion(v: Json, ptr: string, cx: CompileContext): Int32Array {
  if (!cx.topology) return new Int32Array(0);
  if (typeof v === "string") {
    const named = cx.regions.get(v);
    if (named) return named;
    const s = siteIndex(cx.topology, v);
    if (s >= 0) return Int32Array.of(s);
    cx.fail("M001", `'${v}' is neither a site nor a region`, ptr, `a site label (${cx.topology.labels[0]}..${cx.topology.labels[cx.topology.n - 1]}) or a region: ${[...cx.regions.keys()].join(", ")}`);
    return new Int32Array(0);
  }
  if (isNode(v) && regionBuilders[v.ludeme]) return regionBuilders[v.ludeme]!(v, ptr, cx);
  return new Int32Array(0);
}

function site(label: string, ptr: string, cx: CompileContext): number {
  const s = siteIndex(cx.topology!, label);
  if (s < 0) cx.fail("M001", `the board has no site '${label}'`, ptr, `a label such as ${cx.topology!.labels[0]}`);
  return s;
}

/**
 * A board of hexagons takes three colours, no two neighbours alike (Ludii's phases 0, 1, 2): going
 * round a cell its six neighbours alternate between the next colour and the one before, so a walk
 * from cell to cell colours the board. The sites of `at`'s colour.
 */
function sameHexColour(topo: Topology, at: number): Int32Array {
  const n = topo.n, colour = new Int8Array(n).fill(-1), queue = new Int32Array(n);
  for (let seed = 0; seed < n; seed++) {
    if (colour[seed] !== -1) continue;
    colour[seed] = 0;
    let head = 0, tail = 0;
    queue[tail++] = seed;
    while (head < tail) {
      const s = queue[head++]!;
      // The six edge directions, in order round the cell (diagonals, when the board has them, come after).
      for (let d = 0; d < 6 && d < topo.dirNames.length; d++) {
        const t = topo.step[d * n + s]!;
        if (t < 0 || colour[t] !== -1) continue;
        colour[t] = (colour[s]! + (d % 2 === 0 ? 1 : 2)) % 3;
        queue[tail++] = t;
      }
    }
  }
  const out: number[] = [];
  for (let s = 0; s < n; s++) if (colour[s] === colour[at]) out.push(s);
  return Int32Array.from(out);
}
