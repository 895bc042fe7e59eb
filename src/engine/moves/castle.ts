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

export interface CastleRules {
  /** The partner's piece type (the rook). */
  partner: number;
  /** Sites the king goes. */
  distance: number;
  /** Condition on the partner's site (`site`); null: any partner. */
  partnerOk: Pred | null;
  /** Condition on the king's site and every site it crosses and reaches (`site`), the king standing there; null: none. */
  safe: Pred | null;
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
    const p = c.player, distance = this.r.distance;
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
        if (partner < 0 || gap < distance || owner[partner] !== p || piece[partner] !== this.r.partner) continue;
        if (this.r.partnerOk !== null) {
          c.site = partner;
          if (!this.r.partnerOk(s, c)) continue;
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
    const partner = extra & 0xffff, rookTo = this.crossedLast(king, extra >> 16);
    c.from = king;
    c.to = to;
    c.over = rookTo;
    c.piece = s.piece[king]!;
    c.selfFlags = s.flags[king]!;
    c.count = s.height[king]!;
    c.crossed = false;
    s.relocate(king, to);
    s.relocate(partner, rookTo);
    for (const e of this.o.then) e(s, c);
  }

  /** The last site the king crosses going from `king` in direction `d` (where the partner lands). */
  private crossedLast(king: number, d: number): number {
    const n = this.o.topology.n, step = this.o.topology.step;
    let site = king;
    for (let i = 1; i < this.r.distance; i++) site = step[d * n + site]!;
    return site;
  }

  /** The king's move, `e1-g1`, as Ludii writes castling. */
  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels;
    return `${l[buf.from[row]!]}-${l[buf.to[row]!]}`;
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const l = this.o.topology.labels;
    const king = buf.from[row]!, to = buf.to[row]!, extra = buf.extra[row]!;
    const rookTo = this.crossedLast(king, extra >> 16);
    const c = newCtx();
    c.player = s.mover;
    c.from = king;
    c.to = to;
    c.over = rookTo;
    c.piece = s.piece[king]!;
    return [{ op: "move", from: l[king]!, to: l[to]! }, { op: "move", from: l[extra & 0xffff]!, to: l[rookTo]! }, ...this.o.describeThen(s, c)];
  }
}
