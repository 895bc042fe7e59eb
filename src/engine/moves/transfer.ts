/**
 * Carrying pieces from one site to another as the mover's decision, whoever owns them: a mancala
 * player putting seeds from their store back into a pit at the start of a round, or moving a pit's
 * seeds to another pit (Ludii's `(move (from ...) (to ...) count:)`). The pieces join the pile at
 * the destination as `(move-pieces ...)` makes them (a pile of their own owner and type on an
 * empty site; on a pile, one pile that keeps its owner; one by one in a game with mixed stacks).
 *
 * Every (origin, destination) pair is asked, origins first: rules of this kind name few sites (a
 * store, the first empty pit), and boards that use them are small.
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import type { Ctx, Effect, IntExpr, LeafGenerator, Pred } from "../play/rules.js";
import { EMPTY, type State } from "../state/state.js";
import type { Topology } from "../board/topology.js";

export interface TransferOptions {
  topology: Topology;
  kind: number;
  /** Which sites pieces may be taken from (`c.from`, `(count from)` its pile); never an empty one. */
  from: Pred;
  /** Where they may go (`c.to`, with `c.from` the origin); never the origin itself. */
  to: Pred;
  /** How many are carried (`c.from`, `c.to` bound); null: the whole pile. Fewer than 1, or more than the pile holds: no move. */
  count: IntExpr | null;
  then: Effect[];
}

export class TransferGenerator implements LeafGenerator {
  id = -1;
  rule = "";

  constructor(private readonly o: TransferOptions) {}

  /** Pieces carried onto a site are not a capture: nothing is attacked. */
  lands(): boolean {
    return false;
  }

  private ready(s: State, c: Ctx, from: number): void {
    c.from = from;
    c.over = -1;
    c.piece = s.piece[from]!;
    c.count = s.height[from]!;
    c.crossed = false;
    c.selfFlags = s.flags[from]!;
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const o = this.o, n = o.topology.n;
    for (let from = 0; from < n && !out.overflow; from++) {
      if (s.owner[from] === EMPTY) continue;
      this.ready(s, c, from);
      if (!o.from(s, c)) continue;
      for (let to = 0; to < n; to++) {
        if (to === from) continue;
        c.to = to;
        if (!o.to(s, c)) continue;
        const k = o.count === null ? s.height[from]! : o.count(s, c);
        if (k >= 1 && k <= s.height[from]!) out.add(this.id, o.kind, from, to, k, s.piece[from]!);
      }
    }
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const from = buf.from[row]!, to = buf.to[row]!, k = buf.count[row]!;
    this.ready(s, c, from);
    c.to = to;
    if (s.levels) {
      // Mixed stacks: one by one off the top, so each keeps its owner and type.
      for (let i = 0; i < k; i++) {
        const owner = s.owner[from]!, piece = s.piece[from]!;
        s.takePieces(from, 1);
        s.addPieces(to, owner, piece, 1);
      }
    } else {
      const owner = s.owner[from]!, piece = s.piece[from]!;
      s.takePieces(from, k);
      s.addPieces(to, owner, piece, k);
    }
    c.count = k;
    for (const e of this.o.then) e(s, c);
  }

  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels;
    return `${l[buf.from[row]!]}-${l[buf.to[row]!]}`;
  }

  actions(buf: MoveBuffer, row: number): PrimitiveAction[] {
    const l = this.o.topology.labels;
    return [{ op: "transfer", from: l[buf.from[row]!]!, to: l[buf.to[row]!]!, count: buf.count[row]! }];
  }
}
