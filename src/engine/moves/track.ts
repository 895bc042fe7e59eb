/**
 * Tracks: the road a race game's pieces follow, a sequence of sites per seat (the same for every
 * seat, or one each), open with an end to bear off past, or a loop. Both directions of the lookup
 * are tables made once: the site at each position, and each site's position on each seat's track.
 *
 * `(move-along TRACK steps:N ...)` moves one piece of the mover's exactly N positions along the
 * mover's track: from a site of the track (one piece off the top of a pile), from off the board (the
 * mover's supply, onto position N-1: `enter:`), or past the end (borne off, scoring for its owner,
 * or with `off-to:supply` back to its owner's supply, to enter again: `off:`; written `a1-off`, or
 * `a1-off/5` when a throw of 5 takes it past the end by more than one site). A destination held by
 * another player's pieces is a hit: the rule's `hit:` consequences run first (sending the pieces to
 * a bar, back to the supply), and what is still there is captured.
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { addToTrail, type Ctx, type Effect, type IntExpr, type LeafGenerator, type Pred } from "../play/rules.js";
import { changeSupply, EMPTY, NEUTRAL, type State } from "../state/state.js";
import type { Topology } from "../board/topology.js";

export interface Track {
  name: string;
  /** Per seat: the track's sites in order. */
  sites: Int32Array[];
  /** Per seat: each board site's position on the track, -1 for a site off it. */
  position: Int32Array[];
  /** Whether the last site is followed by the first again. */
  loop: boolean;
  /** Per seat: 1 at the positions from which the step to the next goes round a bend (a loop of the board), else 0. */
  bends: Uint8Array[];
  /**
   * Per seat: every position of each site, for tracks that pass a site more than once (a circuit
   * crossing itself): `places[p].list` from `places[p].start[site]` to `places[p].start[site + 1]`.
   */
  places: { start: Int32Array; list: Int32Array }[];
}

/** A track from its sites, one list per seat (the same list for every seat of a shared track). */
export function makeTrack(name: string, sites: Int32Array[], loop: boolean, boardSites: number, bends?: Uint8Array[]): Track {
  const position = sites.map((list) => {
    const pos = new Int32Array(boardSites).fill(-1);
    list.forEach((site, i) => {
      if (pos[site] === -1) pos[site] = i;
    });
    return pos;
  });
  const places = sites.map((list) => {
    const start = new Int32Array(boardSites + 1);
    for (const site of list) start[site + 1]!++;
    for (let i = 0; i < boardSites; i++) start[i + 1]! += start[i]!;
    const fill = start.slice(0, boardSites), out = new Int32Array(list.length);
    list.forEach((site, pos) => (out[fill[site]!++] = pos));
    return { start, list: out };
  });
  return { name, sites, position, loop, bends: bends ?? sites.map((list) => new Uint8Array(list.length)), places };
}

export interface MoveAlongOptions {
  topology: Topology;
  track: Track;
  /** Move kinds: along the track, entering it, bearing off. */
  kind: number;
  enterKind: number;
  offKind: number;
  /** Per piece type: 1 when this rule moves it; null: every type. */
  pieces: Uint8Array | null;
  /** Positions to move, evaluated with `c.from` the origin (-1 when entering). */
  steps: IntExpr;
  /** Which pieces may move (`c.from` their site); null: all. */
  from: Pred | null;
  /** Each site passed over on the way (`c.site`): the move exists only where this holds for all; null: any. */
  through: Pred | null;
  /**
   * Only the piece nearest the track's start that has a move of this rule moves (Backgammon's
   * bearing off past the end: the rearmost piece able to).
   */
  first: boolean;
  /** Condition on the destination (`c.to`), as for any move. */
  to: Pred;
  /** The type a piece entering from the supply is (-1: the rule does not enter). */
  enterPiece: number;
  /** Bearing off: past the end by exactly one position (`exact`), by one or more (`beyond`), or not at all. */
  off: "exact" | "beyond" | null;
  /** Where bearing off is allowed (`c.from` the piece): null, always. */
  offIf: Pred | null;
  /** Run before landing on another player's pieces, with `c.to` the destination. */
  hit: Effect[];
  /** A site map (per site, where it leads or -1): a move ending on a site it leads from ends where it leads. */
  divert: Int32Array | null;
  then: Effect[];
  names: string[];
  /** Whether a rule reads the sites the move went over (`on-path`): then `apply` records them in the context's trail. */
  trail: { read: boolean };
  /**
   * The track passes a site more than once: each piece's place on it is kept (State.trackPlace),
   * so a piece on its second pass goes on from there, not from the first.
   */
  placed: boolean;
  /** The pieces moved are neutral ones (the mover moves them), not the mover's own. */
  neutral: boolean;
  /** A piece borne off goes back to its owner's supply (`off-to:supply`) instead of scoring. */
  offToSupply: boolean;
  /** The pieces each player owns (the supply's bound; -1: no supply). */
  supplyTotal: number;
}

/**
 * A move-along row's `extra`: in the low bits, the count past the end (a piece borne off) or, where
 * places are kept, the landing's place + 1; above them the stack level + 1 (0: the top).
 */
const LEVEL_SHIFT = 16;
const OFF_MASK = (1 << LEVEL_SHIFT) - 1;

export class MoveAlongGenerator implements LeafGenerator {
  id = -1;
  rule = "";

  constructor(private readonly o: MoveAlongOptions) {}

  private ready(c: Ctx, from: number, piece: number): void {
    c.from = from;
    c.over = -1;
    c.piece = piece;
    c.count = 1;
    c.crossed = false;
    c.selfFlags = 0;
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const o = this.o, p = c.player, sites = o.track.sites[p]!, L = sites.length, levels = s.levels, position = o.track.position[p]!, placed = o.placed;
    // Whose pieces move: the mover's, or neutral ones (moved by the mover, along the mover's track).
    const who = o.neutral ? NEUTRAL : p;
    // The mover's pieces (sites held; with mixed stacks, pieces) not yet found: the walk stops when none is left.
    let left = o.neutral ? 0x7fffffff : s.pieceCount[p]!;
    for (let pos = 0; pos < L && left > 0; pos++) {
      const from = sites[pos]!;
      if (levels) {
        const h = s.height[from]!;
        if (h === 0 || (!placed && position[from] !== pos)) continue;
        // Mixed stacks: each of the mover's pieces in the stack (at its own place on the track), the top of a run of alike once.
        const base = from * levels;
        for (let k = h - 1; k >= 0; k--) {
          if (s.levelOwner[base + k] !== who || (placed && this.placeOf(s, sites, position, base + k, from) !== pos)) continue;
          left--;
          const piece = s.levelPiece[base + k]!;
          if (k < h - 1 && s.levelOwner[base + k + 1] === who && s.levelPiece[base + k + 1] === piece && (!placed || s.trackPlace[base + k + 1] === s.trackPlace[base + k])) continue;
          if (this.movesFrom(s, c, out, sites, pos, from, piece, k === h - 1 ? -1 : k) && o.first) return;
        }
        continue;
      }
      // A site the track passes twice is moved from the piece's own place, else where it first appears.
      if (s.owner[from] !== who || (placed ? this.placeOf(s, sites, position, from, from) : position[from]) !== pos) continue;
      left--;
      if (this.movesFrom(s, c, out, sites, pos, from, s.piece[from]!, -1) && o.first) return;
    }
    if (o.enterPiece >= 0 && s.supply[p]! > 0) {
      this.ready(c, -1, o.enterPiece);
      const k = o.steps(s, c);
      if (k >= 1 && k <= L && this.passable(s, c, sites, 0, k - 1)) this.landing(s, c, out, o.enterKind, -1, sites[k - 1]!, o.enterPiece, -1, k - 1);
    }
  }

  /**
   * The place on the track of the piece whose place is kept at `index` of State.trackPlace (its site,
   * or a level of it), standing on `site`: its own where kept (and still on this track), else the site's first.
   */
  private placeOf(s: State, sites: Int32Array, position: Int32Array, index: number, site: number): number {
    if (!this.o.placed) return position[site]!;
    const kept = s.trackPlace[index]! - 1;
    return kept >= 0 && kept < sites.length && sites[kept] === site ? kept : position[site]!;
  }

  /**
   * The moves of the piece at track position `pos` (a stack's `level`, -1 for its top); whether it
   * has any.
   */
  private movesFrom(s: State, c: Ctx, out: MoveBuffer, sites: Int32Array, pos: number, from: number, piece: number, level: number): boolean {
    const o = this.o, L = sites.length;
    if (o.pieces !== null && o.pieces[piece] !== 1) return false;
    this.ready(c, from, piece);
    if (o.from !== null && !o.from(s, c)) return false;
    const k = o.steps(s, c);
    if (k <= 0) return false;
    const before = out.size;
    if (!this.passable(s, c, sites, pos + 1, pos + k)) return false;
    let q = pos + k;
    if (o.track.loop) q %= L;
    if (q < L) this.landing(s, c, out, o.kind, from, sites[q]!, piece, level, q);
    else if (o.off !== null && (o.off === "beyond" || q === L) && (o.offIf === null || o.offIf(s, c))) {
      const row = out.add(this.id, o.offKind, from, -1, 1, piece);
      // Past the end by more than one: the count is part of the move (two dice may both take the piece off).
      out.extra[row] = (q > L ? k : 0) | ((level + 1) << LEVEL_SHIFT);
    }
    return out.size > before;
  }

  /**
   * Whether `through:` holds for every site passed over: track positions `first` to `end - 1`
   * (round a loop; past an open track's end there is nothing to pass).
   */
  private passable(s: State, c: Ctx, sites: Int32Array, first: number, end: number): boolean {
    const through = this.o.through;
    if (through === null) return true;
    const L = sites.length;
    for (let q = first; q < end; q++) {
      if (!this.o.track.loop && q >= L) break;
      c.site = sites[q % L]!;
      if (!through(s, c)) return false;
    }
    return true;
  }

  /** Lists the move landing on `to`, track place `place` (see `placed`), where the destination allows it. */
  private landing(s: State, c: Ctx, out: MoveBuffer, kind: number, from: number, to: number, piece: number, level: number, place: number): void {
    const divert = this.o.divert;
    // A diverted landing's place is not on the way counted: the site's first.
    if (divert !== null && divert[to]! >= 0) {
      to = divert[to]!;
      place = -1;
    }
    c.to = to;
    if (!this.o.to(s, c)) return;
    const row = out.add(this.id, kind, from, to, 1, piece);
    out.extra[row] = ((level + 1) << LEVEL_SHIFT) | (this.o.placed ? place + 1 : 0);
    // With mixed stacks the piece goes on top: only the hit consequences capture.
    const owner = s.owner[to]!;
    if (owner !== EMPTY && owner !== (this.o.neutral ? NEUTRAL : c.player) && !s.levels) out.setCapture(row, to);
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const o = this.o, from = buf.from[row]!, to = buf.to[row]!, piece = buf.piece[row]!, p = c.player, who = o.neutral ? NEUTRAL : p;
    const extra = buf.extra[row]!, level = (extra >> LEVEL_SHIFT) - 1, mixed = s.levels;
    this.ready(c, from, piece);
    c.to = to;
    if (o.trail.read) this.recordTrail(s, c, from, to, level);
    // A piece that leaves its site alone takes its flags with it (to a site it then has to itself).
    const flags = from >= 0 && s.height[from] === 1 ? s.flags[from]! : 0;
    if (from < 0) changeSupply(s, p, -1, -1, this.rule);
    else if (level >= 0) s.takeLevel(from, level);
    else s.takePieces(from, 1);
    if (to < 0) {
      // A neutral piece borne off scores for nobody; with off-to:supply the owner's goes back to the supply.
      if (o.offToSupply) changeSupply(s, p, 1, o.supplyTotal, this.rule);
      else if (!o.neutral) s.score[p]! += 1;
    } else {
      if (s.owner[to] !== EMPTY && s.owner[to] !== who) {
        for (const e of o.hit) e(s, c);
        if (!mixed && s.owner[to] !== EMPTY && s.owner[to] !== who) s.clear(to);
      }
      if (s.owner[to] === EMPTY && flags !== 0) s.put(to, who, piece, 1, flags);
      else s.addPieces(to, who, piece, 1);
      // The piece now on top (a pile's or stack's) is at the place it landed on.
      if (o.placed) s.trackPlace[mixed ? to * mixed + s.height[to]! - 1 : to] = extra & OFF_MASK;
    }
    for (const e of o.then) e(s, c);
  }

  /**
   * The sites the move went over, for `on-path`: the track's sites after the origin (from its start
   * for a piece entering) up to the one it lands on, or to the track's end for a piece borne off.
   * A move whose landing a `divert:` map moved elsewhere records the way to the end of the track.
   */
  private recordTrail(s: State, c: Ctx, from: number, to: number, level: number): void {
    const track = this.o.track, sites = track.sites[c.player]!, L = sites.length, mixed = s.levels;
    // The moving piece's own place (a stack's level, its top without one).
    const index = mixed ? from * mixed + (level >= 0 ? level : s.height[from]! - 1) : from;
    let q = from < 0 ? 0 : this.placeOf(s, sites, track.position[c.player]!, index, from) + 1;
    for (let n = 0; n < L; n++, q++) {
      if (q >= L) {
        if (!track.loop) return;
        q = 0;
      }
      addToTrail(c, sites[q]!);
      if (sites[q] === to) return;
    }
  }

  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels, from = buf.from[row]!, to = buf.to[row]!;
    const extra = buf.extra[row]!, beyond = extra & OFF_MASK, level = (extra >> LEVEL_SHIFT) - 1;
    if (from < 0) return `*${l[to]}`;
    // A piece from inside a mixed stack: its level, counted from 1 at the bottom.
    const origin = level >= 0 ? `${l[from]}:${level + 1}` : l[from];
    if (to < 0) return beyond > 0 ? `${origin}-off/${beyond}` : `${origin}-off`;
    return `${origin}${buf.capLen[row] ? "x" : "-"}${l[to]}`;
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const l = this.o.topology.labels, from = buf.from[row]!, to = buf.to[row]!;
    const out: PrimitiveAction[] = [];
    if (from < 0) out.push({ op: "add", at: l[to]!, piece: this.o.names[buf.piece[row]!]!, owner: `P${s.mover + 1}`, count: 1 });
    else if (to < 0) out.push({ op: "remove", at: l[from]!, count: 1 });
    else out.push({ op: "transfer", from: l[from]!, to: l[to]!, count: 1 });
    return out;
  }
}

export interface SlideAlongOptions {
  topology: Topology;
  /** The tracks slid along, each either way (a piece standing where a track passes twice starts from both places). */
  tracks: Track[];
  kind: number;
  pieces: Uint8Array | null;
  from: Pred | null;
  /**
   * Each site passed over (`c.site`; `c.from` the origin): the slide goes on while this holds. Null:
   * over empty sites, the piece's own starting point among them (it has left it).
   */
  through: Pred | null;
  /** The site where `through` first fails (`c.to`): the move lands there when this holds. */
  to: Pred;
  /** Bends of the track (see Track.bends) the slide must have gone round to land. */
  minBends: number;
  then: Effect[];
}

/**
 * `(slide-along {TRACKS} through: to:)`: a piece slides along any of the tracks, in either direction,
 * over sites where `through:` holds, and lands on the first site where it does not, when `to:`
 * holds there (Surakarta's captures round the corner loops). Each origin and landing is one move,
 * however many ways lead there.
 */
export class SlideAlongGenerator implements LeafGenerator {
  id = -1;
  rule = "";
  /** Landings already listed for the origin being looked at. */
  private landed = new Int32Array(16);
  /**
   * Per track and seat, each walk laid out once: for start position i and direction d (0 forwards,
   * 1 backwards), the k-th site reached (k = 1..L-1) at `walk[((i * 2 + d) * L) + k]`, and the bends
   * gone round by then at the same index of `bent` (-1: past an open track's end).
   */
  private readonly walks: { site: Int32Array; bent: Int32Array }[][];

  constructor(private readonly o: SlideAlongOptions) {
    this.walks = o.tracks.map((track) =>
      track.sites.map((sites, p) => {
        const L = sites.length, bends = track.bends[p]!;
        const site = new Int32Array(L * 2 * L).fill(-1), bent = new Int32Array(L * 2 * L);
        for (let i = 0; i < L; i++) {
          for (let d = 0; d < 2; d++) {
            const dir = d === 0 ? 1 : -1, base = (i * 2 + d) * L;
            let b = 0, at = i;
            for (let k = 1; k < L; k++) {
              let q = i + dir * k;
              if (track.loop) q = ((q % L) + L) % L;
              else if (q < 0 || q >= L) break;
              // Forwards the bend is marked where a step leaves, backwards where it arrives.
              b += dir > 0 ? bends[at]! : bends[q]!;
              at = q;
              site[base + k] = sites[q]!;
              bent[base + k] = b;
            }
          }
        }
        return { site, bent };
      }),
    );
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const o = this.o, p = c.player, n = o.topology.n, owner = s.owner, through = o.through;
    for (let from = 0; from < n; from++) {
      if (owner[from] !== p) continue;
      const piece = s.piece[from]!;
      if (o.pieces !== null && o.pieces[piece] !== 1) continue;
      c.from = from;
      c.over = -1;
      c.piece = piece;
      c.count = s.height[from]!;
      c.crossed = false;
      c.selfFlags = s.flags[from]!;
      if (o.from !== null && !o.from(s, c)) continue;
      let landings = 0;
      for (let t = 0; t < o.tracks.length; t++) {
        const track = o.tracks[t]!, walk = this.walks[t]![p]!, walkSite = walk.site, walkBent = walk.bent;
        const L = track.sites[p]!.length, places = track.places[p]!;
        for (let k0 = places.start[from]!, k1 = places.start[from + 1]!; k0 < k1; k0++) {
          const start = places.list[k0]!;
          for (let d = 0; d < 2; d++) {
            const base = (start * 2 + d) * L;
            for (let k = 1; k < L; k++) {
              const site = walkSite[base + k]!;
              if (site < 0) break;
              const bent = walkBent[base + k]!;
              if (through === null) {
                if (owner[site] === EMPTY || site === from) continue;
              } else {
                c.site = site;
                if (through(s, c)) continue;
              }
              c.to = site;
              if (bent >= o.minBends && o.to(s, c) && !this.listed(site, landings)) {
                if (landings === this.landed.length) {
                  const bigger = new Int32Array(landings * 2);
                  bigger.set(this.landed);
                  this.landed = bigger;
                }
                this.landed[landings++] = site;
                const row = out.add(this.id, o.kind, from, site, c.count, piece);
                if (s.owner[site] !== EMPTY && s.owner[site] !== p) out.setCapture(row, site);
              }
              break;
            }
          }
        }
      }
    }
  }

  private listed(site: number, landings: number): boolean {
    for (let i = 0; i < landings; i++) if (this.landed[i] === site) return true;
    return false;
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const from = buf.from[row]!, to = buf.to[row]!;
    c.from = from;
    c.to = to;
    c.piece = buf.piece[row]!;
    if (s.owner[to] !== EMPTY) s.clear(to);
    s.relocate(from, to);
    for (const e of this.o.then) e(s, c);
  }

  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels;
    return `${l[buf.from[row]!]}${buf.capLen[row] ? "x" : "-"}${l[buf.to[row]!]}`;
  }

  actions(buf: MoveBuffer, row: number): PrimitiveAction[] {
    const l = this.o.topology.labels, from = l[buf.from[row]!]!, to = l[buf.to[row]!]!;
    return buf.capLen[row] ? [{ op: "remove", at: to }, { op: "move", from, to }] : [{ op: "move", from, to }];
  }
}
