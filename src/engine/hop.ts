/**
 * Hops: one jump over one piece per decision, possibly from afar and landing afar (a flying
 * capture). Chains are made of several decisions (`(move-again)` in the consequences and a
 * continuation from `last-to`), not built here. The jumped piece is removed at once, or only
 * marked with a flag (e.g. captured pieces that leave the board when the turn ends and may not be
 * jumped twice meanwhile). The inner loops read typed arrays and allocate nothing.
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { newCtx, type Ctx, type LeafGenerator, type Pred } from "./rules.js";
import { EMPTY, type State } from "./state.js";
import { originEnd, originStart, type PieceMoveOptions } from "./generators.js";

export interface HopOptions extends PieceMoveOptions {
  /** Condition on the jumped site (c.over): the first piece on the line within reach. */
  over: Pred;
  /** Most empty sites between the piece and the one it jumps (0: adjacent). */
  before: number;
  /** Most further empty sites the piece may go beyond the first one after the jumped piece (0: just beyond). */
  after: number;
  /** Flag bit given to the jumped piece instead of removing it (0: removed at once), and its name. */
  mark: number;
  markName: string;
}

export class HopGenerator implements LeafGenerator {
  id = -1;

  constructor(private readonly o: HopOptions) {}

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const o = this.o;
    const n = o.topology.n, step = o.topology.step, owner = s.owner;
    const p = c.player, before = o.before, after = o.after, over = o.over, kind = o.kind;
    const dirs = o.dirs[p]!;
    const pieces = o.pieces;
    for (let site = originStart(o.origin, s), last = originEnd(o.origin, s, n); site < last; site++) {
      if (owner[site] !== p) continue;
      const type = s.piece[site]!;
      if (pieces !== null && pieces[type] === 0) continue;
      c.from = site;
      c.piece = type;
      c.selfFlags = s.flags[site]!;
      c.count = s.height[site]!;
      c.crossed = false;
      if (o.from !== null && !o.from(s, c)) continue;
      for (let k = 0; k < dirs.length; k++) {
        const base = dirs[k]! * n;
        // Up to `before` empty sites, then the piece to jump.
        let t = step[base + site]!;
        for (let gap = 0; t >= 0 && owner[t] === EMPTY && gap < before; gap++) t = step[base + t]!;
        if (t < 0 || owner[t] === EMPTY) continue;
        let land = step[base + t]!;
        // The cheap test first: most hops fail on a missing or occupied landing.
        if (land < 0 || owner[land] !== EMPTY) continue;
        c.over = t;
        c.to = land;
        if (!over(s, c)) continue;
        // Every empty site beyond, up to after + 1 of them, stopping at the first occupied one.
        for (let further = 0; further <= after && land >= 0 && owner[land] === EMPTY; further++) {
          out.setCapture(out.add(this.id, kind, site, land, 1, type), t);
          land = step[base + land]!;
        }
      }
    }
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const from = buf.from[row]!, to = buf.to[row]!, over = buf.pool[buf.capStart[row]!]!;
    c.from = from;
    c.to = to;
    c.over = over;
    c.piece = s.piece[from]!;
    c.selfFlags = s.flags[from]!;
    c.count = s.height[from]!;
    c.crossed = false;
    if (this.o.mark !== 0) {
      s.flags[over]! |= this.o.mark;
      s.touch();
    } else s.clear(over);
    s.relocate(from, to);
    for (const e of this.o.then) e(s, c);
  }

  /** `fromxto`: the jumped piece is the only one on the line between them. */
  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels;
    return `${l[buf.from[row]!]}x${l[buf.to[row]!]}`;
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const l = this.o.topology.labels;
    const from = buf.from[row]!, to = buf.to[row]!, over = buf.pool[buf.capStart[row]!]!;
    const out: PrimitiveAction[] = [this.o.mark !== 0 ? { op: "flag", at: l[over]!, flag: this.o.markName, set: true } : { op: "remove", at: l[over]! }];
    out.push({ op: "move", from: l[from]!, to: l[to]! });
    const c = newCtx();
    c.player = s.mover;
    c.from = from;
    c.to = to;
    c.over = over;
    c.piece = buf.piece[row]!;
    return [...out, ...this.o.describeThen(s, c)];
  }
}
