/**
 * A hop: a piece of the mover goes over the adjacent site (by default, any piece) to the next site
 * on the same line (by default, empty), capturing nothing. One hop is one move; chains of hops
 * are built from single hops with another decision in the same turn (`(move-again)`).
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { newCtx, type Ctx, type LeafGenerator, type Pred } from "./rules.js";
import { EMPTY, type State } from "./state.js";
import { originEnd, originStart, type PieceMoveOptions } from "./generators.js";

/** For site s, entries start[s]..start[s+1]-1: the adjacent site hopped over and the landing beyond it. */
interface HopTable {
  start: Int32Array;
  over: Int32Array;
  land: Int32Array;
}

function hopTable(o: PieceMoveOptions, dirs: Int32Array): HopTable {
  const { n, step } = o.topology;
  const start = new Int32Array(n + 1);
  const over: number[] = [];
  const land: number[] = [];
  for (let site = 0; site < n; site++) {
    start[site] = over.length;
    for (const d of dirs) {
      const a = step[d * n + site]!;
      const b = a < 0 ? -1 : step[d * n + a]!;
      if (b < 0) continue;
      over.push(a);
      land.push(b);
    }
  }
  start[n] = over.length;
  return { start, over: Int32Array.from(over), land: Int32Array.from(land) };
}

export class HopGenerator implements LeafGenerator {
  id = -1;
  /** Per player (directions may differ by seat). */
  private readonly tables: HopTable[];

  constructor(
    private readonly o: PieceMoveOptions,
    /** Condition on the hopped site (c.over); null: it must hold a piece. */
    private readonly over: Pred | null,
    /** Condition on the landing site (c.to); null: it must be empty. */
    private readonly to: Pred | null,
  ) {
    const made = new Map<Int32Array, HopTable>();
    this.tables = o.dirs.map((d) => {
      if (!made.has(d)) made.set(d, hopTable(o, d));
      return made.get(d)!;
    });
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const o = this.o, kind = o.kind, owner = s.owner, p = c.player;
    const { start, over: overs, land: lands } = this.tables[p]!;
    const overCond = this.over, toCond = this.to;
    for (let site = originStart(o.origin, s), last = originEnd(o.origin, s, o.topology.n); site < last; site++) {
      if (owner[site] !== p) continue;
      const type = s.piece[site]!;
      if (o.pieces !== null && o.pieces[type] === 0) continue;
      c.from = site;
      c.piece = type;
      c.selfFlags = s.flags[site]!;
      c.count = s.height[site]!;
      c.crossed = false;
      if (o.from !== null && !o.from(s, c)) continue;
      for (let k = start[site]!, end = start[site + 1]!; k < end; k++) {
        const v = overs[k]!, t = lands[k]!;
        if (overCond === null ? owner[v] === EMPTY : false) continue;
        if (toCond === null && owner[t] !== EMPTY) continue;
        if (overCond !== null || toCond !== null) {
          c.over = v;
          c.to = t;
          if (overCond !== null && !overCond(s, c)) continue;
          if (toCond !== null && !toCond(s, c)) continue;
        }
        out.add(this.id, kind, site, t, 1, type);
      }
    }
  }

  /** The site between `from` and the landing `to`. */
  private between(player: number, from: number, to: number): number {
    const { start, over, land } = this.tables[player]!;
    for (let k = start[from]!, end = start[from + 1]!; k < end; k++) if (land[k] === to) return over[k]!;
    return -1;
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const from = buf.from[row]!, to = buf.to[row]!;
    c.from = from;
    c.to = to;
    c.over = this.between(c.player, from, to);
    c.piece = s.piece[from]!;
    c.selfFlags = s.flags[from]!;
    c.count = s.height[from]!;
    c.crossed = false;
    s.relocate(from, to);
    for (const e of this.o.then) e(s, c);
  }

  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels;
    return `${l[buf.from[row]!]}-${l[buf.to[row]!]}`;
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const l = this.o.topology.labels;
    const c = newCtx();
    c.player = s.mover;
    c.from = buf.from[row]!;
    c.to = buf.to[row]!;
    c.over = this.between(s.mover, c.from, c.to);
    c.piece = buf.piece[row]!;
    return [{ op: "move", from: l[c.from]!, to: l[c.to]! }, ...this.o.describeThen(s, c)];
  }
}
