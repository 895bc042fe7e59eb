/**
 * A promotion as a decision of its own: the piece on a site (where the last move ended, as a rule)
 * becomes one of several types, the mover choosing which ("a pawn reaching the last rank becomes a
 * queen, rook, bishop or knight"). One move per type; nothing travels. This is how Ludii asks
 * promotions in Chess and Shogi: a second decision of the same turn after the move that reached
 * the zone (`(move-again)` in its consequences, this move in a `(branch (same-turn) ...)`).
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { nextInt } from "../state/rng.js";
import { NONE, SAMPLED, type Ctx, type Effect, type LeafGenerator, type SampleResult } from "../play/rules.js";
import type { State } from "../state/state.js";
import type { Topology } from "../board/topology.js";

export interface PromotionOptions {
  topology: Topology;
  kind: number;
  /** The site whose piece is promoted. */
  at: (s: State, c: Ctx) => number;
  /** The types it may become, in the description's order; empty: the one each piece `promotes:` to (`promotes`). */
  types: Int32Array;
  /** Per type: the type it promotes to, -1 for none. */
  promotes: Int32Array;
  /** Per piece type of the game: its name and the letter notation writes after `=`. */
  names: string[];
  symbols: string[];
  then: Effect[];
}

export class PromotionGenerator implements LeafGenerator {
  id = -1;
  rule = "";

  constructor(private readonly o: PromotionOptions) {}

  /** A piece changing type moves onto no site: it attacks nothing. */
  lands(): boolean {
    return false;
  }

  /** The site to promote on, when a piece of the mover stands there; else -1. */
  private site(s: State, c: Ctx): number {
    const site = this.o.at(s, c);
    return site >= 0 && s.owner[site] === c.player ? site : -1;
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const site = this.site(s, c);
    if (site < 0) return;
    const types = this.o.types;
    if (types.length === 0) {
      const to = this.o.promotes[s.piece[site]!]!;
      if (to >= 0) out.add(this.id, this.o.kind, site, site, 1, to);
      return;
    }
    for (let i = 0; i < types.length; i++) out.add(this.id, this.o.kind, site, site, 1, types[i]!);
  }

  /** One of the types, each equally likely. */
  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    const site = this.site(s, c);
    if (site < 0) return NONE;
    const types = this.o.types;
    if (types.length === 0) {
      const to = this.o.promotes[s.piece[site]!]!;
      if (to < 0) return NONE;
      out.add(this.id, this.o.kind, site, site, 1, to);
      return SAMPLED;
    }
    out.add(this.id, this.o.kind, site, site, 1, types[types.length === 1 ? 0 : nextInt(s.rng, types.length)]!);
    return SAMPLED;
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const site = buf.to[row]!;
    c.from = c.to = site;
    c.piece = buf.piece[row]!;
    c.selfFlags = s.flags[site]!;
    c.count = s.height[site]!;
    c.crossed = false;
    s.setPiece(site, buf.piece[row]!);
    for (const e of this.o.then) e(s, c);
  }

  /** `e8=Q`: the site, then `=` and the new type's letter. */
  notation(buf: MoveBuffer, row: number): string {
    return `${this.o.topology.labels[buf.to[row]!]}=${this.o.symbols[buf.piece[row]!]!.toUpperCase()}`;
  }

  actions(buf: MoveBuffer, row: number): PrimitiveAction[] {
    return [{ op: "promote", at: this.o.topology.labels[buf.to[row]!]!, piece: this.o.names[buf.piece[row]!]! }];
  }
}
