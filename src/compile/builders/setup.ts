/**
 * Builders of the `start` category (start-position instructions, run when a game begins) and of
 * the `prelude` category (decisions made before the first turn).
 */
import type { Effect, Prelude } from "../../engine/play/rules.js";
import { nextInt, shuffle } from "../../engine/state/rng.js";
import type { CompileContext, IrNode } from "../context.js";
import { flagMask } from "./effects.js";
import { compileMoves } from "./moves.js";
import { compileRegion } from "./regions.js";
import { seatRegions } from "../seats.js";
import { EMPTY, NEUTRAL } from "../../engine/state/state.js";
import { boardCoordinates } from "./sites.js";

export const startBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => Effect> = {
  place: (n, ptr, cx) => {
    if (n.owner === "each") return placeEach(n, ptr, cx);
    const type = cx.pieceIndex(n.piece as string, `${ptr}/piece`);
    // Neutral pieces belong to nobody: blocks, a mancala's seeds.
    const owner = n.owner === "neutral" ? NEUTRAL : cx.seat(n.owner as string, `${ptr}/owner`);
    const sites = compileRegion(n.at!, `${ptr}/at`, cx);
    const height = (n.height as number | undefined) ?? 1;
    const flags = flagMask((n.flags as string[] | undefined) ?? [], `${ptr}/flags`, cx);
    return (s) => {
      if (type < 0 || owner < 0) return;
      for (const site of sites) {
        if (s.owner[site] !== -1) s.clear(site);
        s.put(site, owner, type, height, flags);
      }
    };
  },
  "place-random": (n, ptr, cx) => {
    const type = cx.pieceIndex(n.piece as string, `${ptr}/piece`);
    const owner = n.owner === "neutral" ? NEUTRAL : cx.seat(n.owner as string, `${ptr}/owner`);
    const sites = compileRegion(n.at!, `${ptr}/at`, cx);
    const count = (n.count as number | undefined) ?? 1;
    const flags = flagMask((n.flags as string[] | undefined) ?? [], `${ptr}/flags`, cx);
    const empty = new Int32Array(sites.length);
    return (s) => {
      if (type < 0 || owner === -1) return;
      for (let k = 0; k < count; k++) {
        // Drawn among the sites empty now, so that each placement works round the ones before.
        let free = 0;
        for (const site of sites) if (s.owner[site] === EMPTY) empty[free++] = site;
        if (free === 0) return;
        s.put(empty[nextInt(s.rng, free)]!, owner, type, 1, flags);
      }
    };
  },
  fill: (n, ptr, cx) => {
    const types = (n.pieces as string[]).map((name, i) => cx.pieceIndex(name, `${ptr}/pieces/${i}`));
    const owner = n.owner === "neutral" ? NEUTRAL : cx.seat(n.owner as string, `${ptr}/owner`);
    const sites = compileRegion(n.at!, `${ptr}/at`, cx);
    const flags = flagMask((n.flags as string[] | undefined) ?? [], `${ptr}/flags`, cx);
    return (s) => {
      if (owner === -1 || types.includes(-1)) return;
      let k = 0;
      for (const site of sites) {
        if (k === types.length) return;
        if (s.owner[site] === EMPTY) s.put(site, owner, types[k++]!, 1, flags);
      }
    };
  },
  mirror: (n, ptr, cx) => {
    const from = cx.seat(n.from as string, `${ptr}/from`), owner = cx.seat(n.owner as string, `${ptr}/owner`);
    const coords = boardCoordinates("mirror", ptr, cx);
    const N = cx.topology!.n, twin = new Int32Array(N).fill(-1);
    if (coords) {
      const axis = (n.axis as string | undefined) ?? "ranks";
      const { file, rank } = coords;
      const at = new Map<string, number>();
      let lowF = Infinity, highF = -Infinity, lowR = Infinity, highR = -Infinity;
      for (let s = 0; s < N; s++) {
        at.set(`${file[s]},${rank[s]}`, s);
        lowF = Math.min(lowF, file[s]!), highF = Math.max(highF, file[s]!), lowR = Math.min(lowR, rank[s]!), highR = Math.max(highR, rank[s]!);
      }
      for (let s = 0; s < N; s++) {
        const f = axis === "ranks" ? file[s]! : lowF + highF - file[s]!, r = axis === "files" ? rank[s]! : lowR + highR - rank[s]!;
        twin[s] = at.get(`${f},${r}`) ?? -1;
      }
    }
    return (s) => {
      if (from < 0 || owner < 0) return;
      // The pieces to copy are read first: a twin is never copied again.
      const copied: number[] = [];
      for (let site = 0; site < N; site++) if (s.owner[site] === from && twin[site]! >= 0) copied.push(site);
      for (const site of copied) {
        const t = twin[site]!;
        if (s.owner[t] === EMPTY) s.put(t, owner, s.piece[site]!, s.height[site]!, s.flags[site]!);
      }
    };
  },
  deal: (n, ptr, cx) => {
    const sites = compileRegion(n.at!, `${ptr}/at`, cx);
    const flags = flagMask((n.flags as string[] | undefined) ?? [], `${ptr}/flags`, cx);
    const types: number[] = [];
    for (const [key, count] of Object.entries(n)) {
      if (key === "ludeme" || key === "at" || key === "flags") continue;
      const type = cx.pieceIndex(key, `${ptr}/${key}`);
      for (let p = 0; p < cx.playerCount; p++) for (let k = 0; k < (count as number); k++) types.push(type, p);
    }
    const pieces = types.length / 2;
    if (pieces > sites.length) cx.fail("M004", `(deal ...) has ${pieces} pieces for ${sites.length} sites`, ptr, "a region with a site for every piece");
    return (s) => {
      const order = Int32Array.from({ length: pieces }, (_, i) => i);
      shuffle(s.rng, order);
      for (let i = 0; i < pieces && i < sites.length; i++) {
        const k = order[i]!;
        s.clear(sites[i]!);
        s.put(sites[i]!, types[2 * k + 1]!, types[2 * k]!, 1, flags);
      }
    };
  },
  stack: (n, ptr, cx) => {
    if (cx.stackLevels === 0) cx.fail("M001", "(stack ...) puts pieces of several players on one site, but the equipment declares no (mixed-stacks)", ptr, "(mixed-stacks) in the equipment");
    const sites = compileRegion(n.at!, `${ptr}/at`, cx);
    const pieces = (n.pieces as string[][]).map((pair, i) => {
      const at = `${ptr}/pieces/${i}`;
      if (pair.length !== 2) {
        cx.fail("M004", `each piece of a stack is {type owner}; this one has ${pair.length} words`, at, "{pawn P1}");
        return { type: -1, owner: -1 };
      }
      const type = cx.pieceIndex(pair[0]!, `${at}/0`);
      const owner = pair[1] === "neutral" ? NEUTRAL : cx.seat(pair[1]!, `${at}/1`);
      return { type, owner };
    });
    return (s) => {
      if (pieces.some((p) => p.type < 0 || p.owner < 0)) return;
      for (const site of sites) {
        if (s.owner[site] !== -1) s.clear(site);
        for (const p of pieces) s.addPieces(site, p.owner, p.type, 1);
      }
    };
  },
  hold: (n, ptr, cx) => {
    if (!cx.hand) cx.fail("M001", "(hold ...) puts pieces in hand, but the equipment declares no (hand ...)", ptr, "a (hand) item");
    const types = (n.pieces as string[]).map((name, i) => cx.pieceIndex(name, `${ptr}/pieces/${i}`));
    const owners = n.owner === "each" ? Array.from({ length: cx.playerCount }, (_, p) => p) : [cx.seat(n.owner as string, `${ptr}/owner`)];
    const count = (n.count as number | undefined) ?? 1;
    const width = cx.pieces.length;
    return (s) => {
      for (const p of owners) for (const t of types) if (p >= 0 && t >= 0) s.hand[p * width + t]! += count;
    };
  },
  mark: (n, ptr, cx) => {
    const m = cx.markerIndex(n.marker as string, `${ptr}/marker`);
    const player = cx.seat(n.player as string, `${ptr}/player`);
    const sites = compileRegion(n.at!, `${ptr}/at`, cx);
    return (s) => {
      if (player < 0) return;
      for (const site of sites) s.markers[s.markerIndex(m, player, site)] = 1;
    };
  },
};

export const preludeBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => Prelude[number]> = {
  decide: (n, ptr, cx) => ({
    seat: Math.max(0, cx.seat(n.player as string, `${ptr}/player`)),
    moves: compileMoves(n.moves!, `${ptr}/moves`, cx),
  }),
};

/** `(place piece each name)`: every seat's pieces on its own region of the seat regions `name`. */
function placeEach(n: IrNode, ptr: string, cx: CompileContext): Effect {
  const type = cx.pieceIndex(n.piece as string, `${ptr}/piece`);
  const height = (n.height as number | undefined) ?? 1;
  const flags = flagMask((n.flags as string[] | undefined) ?? [], `${ptr}/flags`, cx);
  if (typeof n.at !== "string") {
    cx.fail("M004", "(place piece each ...) puts every seat's pieces on its own region: name seat regions here", `${ptr}/at`, "the name of (seat-regions name {...})");
    return () => {};
  }
  const lists = seatRegions(n.at, `${ptr}/at`, cx) ?? [];
  return (s) => {
    if (type < 0) return;
    lists.forEach((sites, owner) => {
      for (const site of sites) {
        if (s.owner[site] !== -1) s.clear(site);
        s.put(site, owner, type, height, flags);
      }
    });
  };
}
