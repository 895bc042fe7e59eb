/**
 * A drop: a piece of the mover's hand is put on a site where the destination condition holds,
 * one move per type held and site (Shogi's drops). `c.piece` is the type dropped while the
 * condition is asked, so it can depend on it. Notation `P*e5`: the type's letter, `*`, the site.
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { nextInt } from "../state/rng.js";
import { NONE, SAMPLED, UNKNOWN, type Ctx, type Effect, type LeafGenerator, type Pred, type SampleResult } from "../play/rules.js";
import { EMPTY, type State } from "../state/state.js";
import type { Topology } from "../board/topology.js";
import type { Emitter } from "../compiled/emitter.js";
import type { CompiledSource, MoveSource } from "../play/rules.js";

export interface DropOptions {
  topology: Topology;
  kind: number;
  /** Per piece type: 1 when this rule drops it. */
  pieces: Uint8Array;
  /** The game's piece types (the hand's width). */
  types: number;
  /** Condition on the site (`to`), with `c.piece` the type dropped. */
  to: Pred;
  /** Run before the piece is put on an occupied site (`hit:`); what is still there is then captured. */
  hit: Effect[];
  then: Effect[];
  /** Per type: its name and letter. */
  names: string[];
  symbols: string[];
}

/** Random (type, site) pairs `sample` tries before leaving the choice to full generation. */
const SAMPLE_TRIES = 24;

export class DropGenerator implements LeafGenerator {
  id = -1;
  rule = "";
  /** The types this rule drops, in order (the slots `sample` draws from). */
  private readonly droppable: Int32Array;

  constructor(private readonly o: DropOptions) {
    this.droppable = Int32Array.from([...o.pieces.keys()].filter((t) => o.pieces[t] === 1));
  }

  /** A drop lands on an empty site, as a rule: it attacks nothing. */
  lands(): boolean {
    return false;
  }

  private ready(c: Ctx, type: number): void {
    c.from = -1;
    c.over = -1;
    c.piece = type;
    c.count = 1;
    c.crossed = false;
    c.selfFlags = 0;
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const n = this.o.topology.n, base = c.player * this.o.types, to = this.o.to;
    for (let i = 0; i < this.droppable.length; i++) {
      const type = this.droppable[i]!;
      if (s.hand[base + type]! <= 0) continue;
      this.ready(c, type);
      for (let site = 0; site < n; site++) {
        c.to = site;
        if (to(s, c)) out.add(this.id, this.o.kind, -1, site, 1, type);
      }
    }
  }

  /** generate as code (see MoveSource.compile): the site condition inlined, each type dropped in a loop of its own. */
  compile(e: Emitter): CompiledSource {
    const o = this.o;
    const loops = Array.from(this.droppable, (type) => {
      // The condition's text is made per loop: its locals are this function's either way.
      const test = e.cond(o.to, "a drop's to: condition", { to: "site" });
      return `if (s.hand[base + ${e.int(type)}] > 0) {
${e.set("from", "-1")};
${e.set("over", "-1")};
${e.set("piece", e.int(type))};
${e.set("count", "1")};
${e.set("crossed", "false")};
${e.set("selfFlags", "0")};
for (let site = 0; site < ${e.int(o.topology.n)}; site++) {
${e.set("to", "site")};
if (${test}) out.add(${e.int(this.id)}, ${e.int(o.kind)}, -1, site, 1, ${e.int(type)});
}
}`;
    });
    return { generate: e.build<MoveSource["generate"]>(`${this.constructor.name}_generate`, "s, c, out", `const base = c.player * ${e.int(o.types)};\n${loops.join("\n")}`) };
  }

  /** A uniformly random drop: random (droppable type, site) pairs until one is legal; few legal drops leave it to generation. */
  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    const n = this.o.topology.n, base = c.player * this.o.types, k = this.droppable.length;
    let held = false;
    for (let i = 0; i < k && !held; i++) held = s.hand[base + this.droppable[i]!]! > 0;
    if (!held) return NONE;
    for (let tries = 0; tries < SAMPLE_TRIES; tries++) {
      const type = this.droppable[k === 1 ? 0 : nextInt(s.rng, k)]!;
      const site = nextInt(s.rng, n);
      if (s.hand[base + type]! <= 0) continue;
      this.ready(c, type);
      c.to = site;
      if (!this.o.to(s, c)) continue;
      out.add(this.id, this.o.kind, -1, site, 1, type);
      return SAMPLED;
    }
    return UNKNOWN;
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const site = buf.to[row]!, type = buf.piece[row]!;
    this.ready(c, type);
    c.to = site;
    s.hand[c.player * this.o.types + type]!--;
    if (s.owner[site] !== EMPTY) {
      for (const e of this.o.hit) e(s, c);
      if (s.owner[site] !== EMPTY) s.clear(site);
    }
    s.put(site, c.player, type, 1, 0);
    for (const e of this.o.then) e(s, c);
  }

  notation(buf: MoveBuffer, row: number): string {
    return `${this.o.symbols[buf.piece[row]!]!.toUpperCase()}*${this.o.topology.labels[buf.to[row]!]}`;
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    return [{ op: "add", at: this.o.topology.labels[buf.to[row]!]!, piece: this.o.names[buf.piece[row]!]!, owner: `P${s.mover + 1}`, count: 1 }];
  }
}
