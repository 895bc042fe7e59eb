/**
 * Castling, as one move of two pieces: a king goes a fixed number of sites along its line towards
 * a rook of the same player, every site between them being empty, and the rook lands on the last
 * site the king crossed ("the king moves two squares towards the rook, which jumps over it").
 * Which kings and rooks may (neither has moved: a flag they carry) and which sites must be safe
 * (the king's own and each it crosses, not attacked) are conditions of the description.
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { canMove, nextOwned, type PieceMoveOptions } from "./generators.js";
import { directionsNow } from "./onward.js";
import { newCtx, type Ctx, type LeafGenerator, type Pred } from "../play/rules.js";
import { EMPTY, type State } from "../state/state.js";
import { lineDirection } from "../board/topology.js";

/** Set in a row's `extra` when the move castles to given sites (the partner's landing site is then above bit 16). */
const GIVEN_SITES = 1 << 31;

export interface CastleRules {
  /** The partner's piece type (the rook). */
  partner: number;
  /** Sites the king goes. */
  distance: number;
  /** Condition on the partner's site (`site`); null: any partner. */
  partnerOk: Pred | null;
  /** Condition on the king's site and every site it crosses and reaches (`site`), the king standing there; null: none. */
  safe: Pred | null;
  /**
   * Castling to given sites (Chess960), read for the mover: where the king and the partner land,
   * whatever sites they start from. Null (both): the king goes `distance` sites and the partner
   * lands on the last site it crossed.
   */
  landing: { king: (s: State, c: Ctx) => number; partner: (s: State, c: Ctx) => number } | null;
}

export class CastleGenerator implements LeafGenerator {
  id = -1;
  rule = "";

  constructor(
    /** The king's move: pieces (the king), directions, from:, consequences. */
    private readonly o: PieceMoveOptions,
    private readonly r: CastleRules,
  ) {}

  /** Castling ends on an empty site: it attacks nothing. */
  lands(): boolean {
    return false;
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const n = this.o.topology.n, step = this.o.topology.step, owner = s.owner, piece = s.piece;
    const p = c.player, distance = this.r.distance, given = this.r.landing !== null;
    const dirs = directionsNow(this.o, s, p);
    const onlyType = this.o.onlyType ?? -1;
    for (let king = nextOwned(onlyType, s, p, 0, n); king < n; king = nextOwned(onlyType, s, p, king + 1, n)) {
      if (!canMove(this.o, s, c, king)) continue;
      const type = c.piece;
      for (let k = 0; k < dirs.length; k++) {
        const d = dirs[k]! * n;
        // Along the line: empty sites up to the first piece, which must be a partner beyond the king's landing.
        let partner = step[d + king]!, gap = 0;
        while (partner >= 0 && owner[partner] === EMPTY) {
          partner = step[d + partner]!;
          gap++;
        }
        if (partner < 0 || (!given && gap < distance) || owner[partner] !== p || piece[partner] !== this.r.partner) continue;
        if (this.r.partnerOk !== null) {
          c.site = partner;
          if (!this.r.partnerOk(s, c)) continue;
        }
        if (given) {
          this.toGivenSites(s, c, out, king, partner, type);
          continue;
        }
        let to = king;
        for (let i = 0; i < distance; i++) to = step[d + to]!;
        c.from = king;
        c.to = to;
        c.piece = type;
        if (!this.safeRoute(s, c, king, d, distance)) continue;
        const row = out.add(this.id, this.o.kind, king, to, 1, type);
        // The partner's site and the direction, for apply: sites and directions both fit in 16 bits.
        out.extra[row] = partner | (dirs[k]! << 16);
      }
    }
  }

  /**
   * Castling to given sites: the king and the partner go to the sites `landing` gives, along the
   * board's lines, every site either passes or reaches being empty but for the two of them; the
   * king's site and each it passes and reaches are safe. A king already on its landing site stays.
   */
  private toGivenSites(s: State, c: Ctx, out: MoveBuffer, king: number, partner: number, type: number): void {
    c.from = king;
    c.piece = type;
    const kingTo = this.r.landing!.king(s, c), partnerTo = this.r.landing!.partner(s, c);
    if (kingTo < 0 || partnerTo < 0 || kingTo === partnerTo) return;
    const kingWay = this.way(king, kingTo), partnerWay = this.way(partner, partnerTo);
    if (kingWay < -1 || partnerWay < -1) return;
    const clear = (from: number, to: number, d: number): boolean => {
      const n = this.o.topology.n, step = this.o.topology.step;
      for (let site = from; site !== to; ) {
        site = step[d * n + site]!;
        if (s.owner[site] !== EMPTY && site !== king && site !== partner) return false;
      }
      return true;
    };
    if ((kingWay >= 0 && !clear(king, kingTo, kingWay)) || (partnerWay >= 0 && !clear(partner, partnerTo, partnerWay))) return;
    c.to = kingTo;
    if (this.r.safe !== null) {
      const n = this.o.topology.n, step = this.o.topology.step;
      for (let site = king; ; site = step[kingWay * n + site]!) {
        c.site = site;
        if (!this.r.safe(s, c)) return;
        if (site === kingTo) break;
      }
    }
    const row = out.add(this.id, this.o.kind, king, kingTo, 1, type);
    out.extra[row] = partner | (partnerTo << 16) | GIVEN_SITES;
  }

  /** The board direction along which `to` lies from `from`: -1 when they are one site, -2 when no line leads there. */
  private way(from: number, to: number): number {
    if (from === to) return -1;
    const d = lineDirection(this.o.topology, from, to);
    return d < 0 ? -2 : d;
  }

  /** Whether the king's site and every site it goes through and reaches are safe (the king standing on each in turn). */
  private safeRoute(s: State, c: Ctx, king: number, d: number, distance: number): boolean {
    const safe = this.r.safe;
    if (safe === null) return true;
    const step = this.o.topology.step;
    let site = king;
    for (let i = 0; i <= distance; i++) {
      c.site = site;
      if (!safe(s, c)) return false;
      site = step[d + site]!;
    }
    return true;
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const king = buf.from[row]!, to = buf.to[row]!, extra = buf.extra[row]!;
    const partner = extra & 0xffff, rookTo = this.partnerLanding(king, extra);
    c.from = king;
    c.to = to;
    c.over = rookTo;
    c.piece = s.piece[king]!;
    c.selfFlags = s.flags[king]!;
    c.count = s.height[king]!;
    c.crossed = false;
    if (to === partner || rookTo === king || to === king || rookTo === partner) {
      // Given sites may swap the two, or leave one where it is: both lifted, then both put down.
      const kingOwner = s.owner[king]!, kingPiece = s.piece[king]!, kingFlags = s.flags[king]!;
      const rookOwner = s.owner[partner]!, rookPiece = s.piece[partner]!, rookFlags = s.flags[partner]!;
      s.clear(king);
      s.clear(partner);
      s.put(to, kingOwner, kingPiece, 1, kingFlags);
      s.put(rookTo, rookOwner, rookPiece, 1, rookFlags);
    } else {
      s.relocate(king, to);
      s.relocate(partner, rookTo);
    }
    for (const e of this.o.then) e(s, c);
  }

  /** Where the partner lands: the site given (castling to given sites), or the last site the king crosses going from `king`. */
  private partnerLanding(king: number, extra: number): number {
    if (extra & GIVEN_SITES) return (extra >> 16) & 0x7fff;
    const n = this.o.topology.n, step = this.o.topology.step, d = extra >> 16;
    let site = king;
    for (let i = 1; i < this.r.distance; i++) site = step[d * n + site]!;
    return site;
  }

  /**
   * The king's move, `e1-g1`, as Ludii writes castling; castling to given sites writes the partner's
   * move too, `b1-c1,a1-d1`, since the king's alone may be an ordinary step (or no move at all).
   */
  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels, king = `${l[buf.from[row]!]}-${l[buf.to[row]!]}`, extra = buf.extra[row]!;
    return extra & GIVEN_SITES ? `${king},${l[extra & 0xffff]}-${l[this.partnerLanding(buf.from[row]!, extra)]}` : king;
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const l = this.o.topology.labels;
    const king = buf.from[row]!, to = buf.to[row]!, extra = buf.extra[row]!;
    const rookTo = this.partnerLanding(king, extra);
    const c = newCtx();
    c.player = s.mover;
    c.from = king;
    c.to = to;
    c.over = rookTo;
    c.piece = s.piece[king]!;
    return [{ op: "move", from: l[king]!, to: l[to]! }, { op: "move", from: l[extra & 0xffff]!, to: l[rookTo]! }, ...this.o.describeThen(s, c)];
  }
}
