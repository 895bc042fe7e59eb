/**
 * Two pieces exchange places, as a decision: a piece of the mover and the piece on another site
 * (the mover's, another player's or a neutral one, as the destination condition says) swap sites.
 * Nothing is captured and nothing leaves the board: Senet's piece landing on a lone enemy, a king
 * changing places with one of its own pieces (Chong, Shatranj al-Kabir), the opening exchange of
 * Quantum Leap. Where the two sites are, however far apart, does not matter: the condition on the
 * pair decides.
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { UNKNOWN, type Ctx, type LeafGenerator, type MovesBound, type Pred, type SampleResult } from "../play/rules.js";
import { big } from "../play/play-limit.js";
import { EMPTY, type State } from "../state/state.js";
import { applyCtx, canMove, rowCtx, type PieceMoveOptions } from "./generators.js";

export class ExchangeGenerator implements LeafGenerator {
  id = -1;
  rule = "";

  constructor(
    private readonly o: PieceMoveOptions,
    /** Condition on the other piece's site (c.to, with c.from the mover's piece). */
    private readonly to: Pred,
  ) {}

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const n = this.o.topology.n, owner = s.owner, p = c.player, kind = this.o.kind, to = this.to;
    for (let site = 0; site < n && !out.overflow; site++) {
      if (owner[site] !== p || !canMove(this.o, s, c, site)) continue;
      const type = c.piece;
      for (let t = 0; t < n; t++) {
        if (t === site || owner[t] === EMPTY) continue;
        // The condition may read the moving piece: the context is the origin's again for each site.
        c.from = site;
        c.piece = type;
        c.to = t;
        if (to(s, c)) out.add(this.id, kind, site, t, 1, type);
      }
    }
  }

  /** Changing places captures nothing: the attack test never asks it. */
  lands(): boolean {
    return false;
  }

  /** Few positions offer an exchange, and then few of them: the caller lists them all. */
  sample(): SampleResult {
    return UNKNOWN;
  }

  movesBound(pieces: number): MovesBound {
    const others = this.o.topology.n - 1;
    return { moves: pieces * others, how: `${big(pieces)} ${pieces === 1 ? "piece" : "pieces"} with any of ${big(others)} others` };
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const from = buf.from[row]!, to = buf.to[row]!;
    applyCtx(s, c, from, to);
    s.exchange(from, to);
    for (const e of this.o.then) e(s, c);
  }

  /** `a1<>c3`: the two sites whose pieces change places, the mover's first. */
  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels;
    return `${l[buf.from[row]!]}<>${l[buf.to[row]!]}`;
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const l = this.o.topology.labels;
    return [{ op: "exchange", a: l[buf.from[row]!]!, b: l[buf.to[row]!]! }, ...this.o.describeThen(s, rowCtx(buf, row, s))];
  }
}
