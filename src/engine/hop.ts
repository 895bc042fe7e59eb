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
import { adjacency, applyCtx, nextOwned, originEnd, originStart, type Adjacency, type PieceMoveOptions } from "./generators.js";
import type { Topology } from "./topology.js";

export interface HopOptions extends PieceMoveOptions {
  /** Condition on the jumped site (c.over): the first piece on the line within reach (null: any piece). */
  over: Pred | null;
  /** Further condition on the (empty) landing site (c.to), null: none. */
  to: Pred | null;
  /** Whether the jumped piece is captured (removed or marked); false: it stays (a race game's hop). */
  capture: boolean;
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
  rule = "";
  /** The lines of each player's directions (shared between seats with the same list). */
  private readonly lines: Adjacency[];

  /** For the attack test: a hop lands only on an empty site, never on the occupied site tested. */
  lands(): boolean {
    return false;
  }

  constructor(private readonly o: HopOptions) {
    // A hop follows a line through a neighbour to the site beyond: a jump's table.
    this.lines = o.dirs.map((d) => adjacency(o.topology, d, 2));
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const o = this.o;
    const n = o.topology.n, step = o.topology.step, owner = s.owner;
    const p = c.player, before = o.before, after = o.after, over = o.over, to = o.to, kind = o.kind, from = o.from;
    const pieces = o.pieces;
    const { start, first, second, dir } = this.lines[p]!;
    for (let last = originEnd(o.origin, s, n), site = nextOwned(o, s, c.player, originStart(o.origin, s), last); site < last; site = nextOwned(o, s, c.player, site + 1, last)) {
      if (owner[site] !== p) continue;
      const type = s.piece[site]!;
      if (pieces !== null && pieces[type] === 0) continue;
      // The context of the moving piece is set only once a condition needs it.
      let ready = false;
      if (from !== null) {
        this.setPiece(s, c, site, type);
        ready = true;
        if (!from(s, c)) continue;
      }
      for (let k = start[site]!, end = start[site + 1]!; k < end; k++) {
        let t = first[k]!, land = second[k]!;
        if (owner[t] === EMPTY) {
          if (before === 0) continue;
          // Up to `before` empty sites, then the piece to jump.
          const base = dir[k]! * n;
          for (let gap = 1; gap < before && land >= 0 && owner[land] === EMPTY; gap++) land = step[base + land]!;
          if (land < 0 || owner[land] === EMPTY) continue;
          t = land;
          land = step[base + t]!;
          if (land < 0) continue;
        }
        // The cheap test first: most hops fail on an occupied landing.
        if (owner[land] !== EMPTY) continue;
        if (!ready) {
          this.setPiece(s, c, site, type);
          ready = true;
        }
        c.over = t;
        c.to = land;
        if (over !== null && !over(s, c)) continue;
        if (to === null || to(s, c)) this.add(out, kind, site, land, type, t);
        // Further empty sites beyond, up to `after` more, stopping at the first occupied one.
        if (after === 0) continue;
        const base = dir[k]! * n;
        land = step[base + land]!;
        for (let further = 1; further <= after && land >= 0 && owner[land] === EMPTY; further++) {
          c.to = land;
          c.over = t;
          if (to === null || to(s, c)) this.add(out, kind, site, land, type, t);
          land = step[base + land]!;
        }
      }
    }
  }

  /** A hop from `site` to `land` over `over`: a capture row, or a plain move keeping the jumped site in `extra`. */
  private add(out: MoveBuffer, kind: number, site: number, land: number, type: number, over: number): void {
    const row = out.add(this.id, kind, site, land, 1, type);
    if (this.o.capture) out.setCapture(row, over);
    else out.extra[row] = over;
  }

  private setPiece(s: State, c: Ctx, site: number, type: number): void {
    c.from = site;
    c.piece = type;
    c.selfFlags = s.flags[site]!;
    c.count = s.height[site]!;
    c.crossed = false;
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const from = buf.from[row]!, to = buf.to[row]!, over = this.overOf(buf, row);
    applyCtx(s, c, from, to);
    c.over = over;
    if (!this.o.capture) {
      // A hop over a piece that stays.
    } else if (this.o.mark !== 0) {
      s.flags[over]! |= this.o.mark;
      s.touch();
    } else s.clear(over);
    s.relocate(from, to);
    for (const e of this.o.then) e(s, c);
  }

  private overOf(buf: MoveBuffer, row: number): number {
    return this.o.capture ? buf.pool[buf.capStart[row]!]! : buf.extra[row]!;
  }

  /** `fromxto` for a capture (the jumped piece is the only one on the line between), else `from-to`. */
  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels;
    return `${l[buf.from[row]!]}${this.o.capture ? "x" : "-"}${l[buf.to[row]!]}`;
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const l = this.o.topology.labels;
    const from = buf.from[row]!, to = buf.to[row]!, over = this.overOf(buf, row);
    const out: PrimitiveAction[] = !this.o.capture ? [] : [this.o.mark !== 0 ? { op: "flag", at: l[over]!, flag: this.o.markName, set: true } : { op: "remove", at: l[over]! }];
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
