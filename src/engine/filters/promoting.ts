/**
 * A promotion chosen within the move that reaches the zone: every move of a source that meets a
 * condition becomes one move per type the piece may become (`e7-e8=Q`, `e7-e8=R` ...), and, when
 * promoting is optional there, the move without it too. A single decision, as FIDE and perft count
 * chess promotions; the other form, a promotion asked as a second decision of the turn (Ludii's,
 * see promotion.ts), stays as it is.
 *
 * The wrapper adds no field to the move buffer. Each (move rule, type) pair of the source gets a
 * move rule of its own at compile time (`PromotedMove`, registered like any other): a promoted row
 * is the inner row with its generator id replaced by that pair's. So a row still says everything
 * about its move (records, look-ahead, MCTS keys and the move filters copy rows as they are), and
 * games that do not promote this way pay nothing.
 *
 * Applying a promoted row makes the inner move with its consequences (its rule's `then:`, and those
 * of an `(either ... then:)` inside the `promoting`), which so see the piece as it moved -- a
 * `(move-again)` there is decided on the unpromoted piece -- then changes the type of the piece
 * standing on the destination, then runs the promotion's own `then:`; an `(either ... then:)`
 * around the `promoting`, the after-action effects and the end rules come after and see the
 * promoted piece.
 */
import { anyMove } from "../moves/generators.js";
import type { MoveBuffer, PrimitiveAction } from "../moves/moves.js";
import { nextInt } from "../state/rng.js";
import { NONE, SAMPLED, UNKNOWN, newCtx, type Ctx, type Effect, type LeafGenerator, type MoveSource, type Pred, type SampleResult } from "../play/rules.js";
import { EMPTY, type State } from "../state/state.js";
import type { Topology } from "../board/topology.js";

/** What the promoted moves of one wrapper share. */
export interface PromotedMoveOptions {
  topology: Topology;
  /** Per piece type of the game: its name, and the letter notation writes after `=`. */
  names: string[];
  symbols: string[];
  /** What notation writes after the move instead of `=` and the letter (one type per move only); null: `=` and the letter. */
  suffix: string | null;
  /** The promotion's own consequences, after the type changed. */
  then: Effect[];
  describeThen: (s: State, c: Ctx) => PrimitiveAction[];
}

/**
 * The moves of one move rule that promote to one type: made by the rule, then the piece on the
 * destination changes type. Never a source of moves itself: `PromotingSource` relabels the rule's
 * rows with this one's id.
 */
export class PromotedMove implements LeafGenerator {
  id = -1;
  rule = "";
  /** The context of `actions` (describing consequences of a move not yet made). */
  private readonly describeCtx = newCtx();
  /**
   * How many of the inner rule's `after` effects come from `(either ... then:)` inside the
   * `promoting` (they were given before it was built): they belong to the move, before the promotion.
   */
  private readonly within: number;
  /** The rest, from eithers around the `promoting` (given once the whole play is compiled). */
  private around: Effect[] | undefined | null = null;

  constructor(
    readonly inner: LeafGenerator,
    readonly type: number,
    private readonly o: PromotedMoveOptions,
  ) {
    this.within = inner.after?.length ?? 0;
  }

  /** What eithers around the `promoting` give every move of the inner rule (run by the engine after `apply`). */
  get after(): Effect[] | undefined {
    if (this.around === null) {
      const rest = this.inner.after?.slice(this.within) ?? [];
      this.around = rest.length ? rest : undefined;
    }
    return this.around;
  }

  generate(): void {}

  /** The attack test asks the inner rule itself (the wrapper's parts): a promoted move lands where its move does. */
  lands(): boolean {
    return false;
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    this.inner.apply(s, buf, row, c);
    for (let i = 0; i < this.within; i++) this.inner.after![i]!(s, c);
    const to = buf.to[row]!;
    // The move's own consequences may have taken the piece off (nothing is then promoted).
    if (to >= 0 && s.owner[to] !== EMPTY) s.setPiece(to, this.type);
    if (this.o.then.length === 0) return;
    c.to = to;
    c.piece = this.type;
    for (const e of this.o.then) e(s, c);
  }

  promotion(): number {
    return this.type;
  }

  /** The inner move's notation, then `=` and the new type's letter (`e7-e8=Q`), or the suffix given. */
  notation(buf: MoveBuffer, row: number): string {
    return this.inner.notation(buf, row) + (this.o.suffix ?? `=${this.o.symbols[this.type]!.toUpperCase()}`);
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const to = buf.to[row]!;
    const out = [...this.inner.actions(buf, row, s), { op: "promote" as const, at: this.o.topology.labels[to]!, piece: this.o.names[this.type]! }];
    if (this.o.then.length === 0) return out;
    const c = this.describeCtx;
    c.player = s.mover;
    c.from = buf.from[row]!;
    c.to = to;
    c.piece = this.type;
    return [...out, ...this.o.describeThen(s, c)];
  }
}

export interface PromotingOptions {
  /** Condition on a move (`from`, `to`, `self` as in a move's own conditions, before it is made): it promotes; null: every move. */
  where: Pred | null;
  /** Condition on a promoting move: the move without promotion is offered too; null: never. */
  optional: Pred | null;
  /**
   * The types a piece may become, in the description's order (one move each); empty: the one type
   * each piece `promotes:` to (`promotes`), a piece without one not promoting.
   */
  into: Int32Array;
  promotes: Int32Array;
}

/** The promotion code (see `promotionOf`) of a row that does not promote. */
const PLAIN = -1;

/**
 * The moves of a source, each move that meets `where` multiplied into one move per type (and the
 * plain move when `optional` holds): `(promoting MOVES where:COND into:{...} optional:COND)`.
 */
export class PromotingSource implements MoveSource {
  readonly parts: readonly MoveSource[];
  readonly canSample: boolean;
  /** By inner rule id: its promoted rules, by type slot (see `slots`); filled on first use (ids are final then). */
  private byGen: (PromotedMove[] | undefined)[] | null = null;
  /** By piece type, for `promotes:` (no `into:`): the slot of the type it promotes to, or -1. */
  private readonly slotOf: Int32Array;
  /** The most moves one move of the source can become (for uniform draws). */
  private readonly most: number;
  /** Per depth (a condition may generate again): per row of the source, how it promotes (see `promotionOf`). */
  private readonly scratch: Int32Array[] = [];
  private depth = 0;

  constructor(
    private readonly inner: MoveSource,
    private readonly o: PromotingOptions,
    /** The promoted rules, each inner rule's in slot order: `into:`'s order, or the distinct `promotes:` targets'. */
    private readonly promoted: PromotedMove[],
    /** The types of the slots. */
    private readonly slots: Int32Array,
  ) {
    this.parts = [inner];
    this.canSample = inner.sample !== undefined && (inner as { canSample?: boolean }).canSample !== false;
    this.slotOf = Int32Array.from(o.promotes, (t) => (t < 0 || o.into.length > 0 ? -1 : slots.indexOf(t)));
    this.most = (o.into.length > 0 ? o.into.length : 1) + (o.optional === null ? 0 : 1);
  }

  private table(): (PromotedMove[] | undefined)[] {
    if (this.byGen) return this.byGen;
    const byGen: (PromotedMove[] | undefined)[] = [];
    for (const p of this.promoted) (byGen[p.inner.id] ??= []).push(p);
    return (this.byGen = byGen);
  }

  /**
   * How row `row` of `buf` promotes: PLAIN, or 2 * (slot + 1) + optional, slot -1 meaning every
   * type of `into:`. Asked before the move is made, as a move's own conditions are.
   */
  private promotionOf(s: State, c: Ctx, buf: MoveBuffer, row: number): number {
    const to = buf.to[row]!;
    if (to < 0) return PLAIN;
    let slot = -1;
    if (this.o.into.length === 0) {
      const piece = buf.piece[row]!;
      slot = piece >= 0 ? this.slotOf[piece]! : -1;
      if (slot < 0) return PLAIN;
    }
    const from = buf.from[row]!;
    c.from = from;
    c.to = to;
    c.over = -1;
    c.piece = buf.piece[row]!;
    c.selfFlags = from >= 0 ? s.flags[from]! : 0;
    c.count = buf.count[row]!;
    c.crossed = false;
    if (this.o.where !== null && !this.o.where(s, c)) return PLAIN;
    const optional = this.o.optional !== null && this.o.optional(s, c);
    return 2 * (slot + 1) + (optional ? 1 : 0);
  }

  /** Moves a promotion code stands for. */
  private count(code: number): number {
    if (code === PLAIN) return 1;
    return (code >> 1 === 0 ? this.o.into.length : 1) + (code & 1);
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const start = out.size;
    this.inner.generate(s, c, out);
    const end = out.size;
    if (out.overflow || end === start) return;
    const d = this.depth;
    let codes = this.scratch[d];
    if (!codes || codes.length < end - start) codes = this.scratch[d] = new Int32Array(Math.max(64, 2 * (end - start)));
    let extra = 0, promoting = false;
    this.depth++;
    try {
      for (let row = start; row < end; row++) {
        const code = this.promotionOf(s, c, out, row);
        codes[row - start] = code;
        if (code === PLAIN) continue;
        promoting = true;
        extra += this.count(code) - 1;
      }
    } finally {
      this.depth--;
    }
    if (!promoting) return;
    // Room for the new rows, then every row moves up to its place from the last one down, so each
    // move's variants stay together (the plain move first, then the types in order).
    for (let i = 0; i < extra; i++) out.add(-1, 0, -1, -1);
    if (out.overflow) return;
    const byGen = this.table();
    let dst = out.size - 1;
    for (let row = end - 1; row >= start; row--) {
      const code = codes[row - start]!;
      if (code === PLAIN) {
        if (dst !== row) out.copyRow(dst, row);
        dst--;
        continue;
      }
      const rules = this.rulesOf(byGen, out.gen[row]!);
      const slot = (code >> 1) - 1;
      if (slot >= 0) {
        out.copyRow(dst, row);
        out.gen[dst--] = rules[slot]!.id;
      } else {
        for (let k = rules.length - 1; k >= 0; k--) {
          out.copyRow(dst, row);
          out.gen[dst--] = rules[k]!.id;
        }
      }
      if (code & 1) {
        if (dst !== row) out.copyRow(dst, row);
        dst--;
      }
    }
  }

  private rulesOf(byGen: (PromotedMove[] | undefined)[], gen: number): PromotedMove[] {
    const rules = byGen[gen];
    // Every rule of the source has its promoted rules (compile time walks the source's parts).
    if (!rules) throw new Error(`(promoting ...): a move of rule ${gen}, which is not one of its source's`);
    return rules;
  }

  any(s: State, c: Ctx): boolean {
    // Every move of the source is at least one move.
    return anyMove(this.inner, s, c);
  }

  /**
   * A uniform draw over the final moves, by rejection: a move of the source is drawn (uniformly),
   * kept with probability (moves it becomes) / (the most any move becomes), and then one of the
   * moves it becomes is taken, each alike. A promoting move thus counts as many moves as it
   * becomes. After a few rejections the caller generates every move instead.
   */
  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    if (!this.canSample) return UNKNOWN;
    const most = this.most;
    for (let tries = 0; tries < 4 * most; tries++) {
      const r = this.inner.sample!(s, c, out);
      if (r !== SAMPLED) return r;
      const code = this.promotionOf(s, c, out, 0);
      const n = this.count(code);
      const k = most === 1 ? 0 : nextInt(s.rng, most);
      if (k >= n) {
        out.clear();
        continue;
      }
      if (code === PLAIN) return SAMPLED;
      // Variant k: the plain move first when optional, then the types.
      const t = code & 1 ? k - 1 : k;
      if (t < 0) return SAMPLED;
      const rules = this.rulesOf(this.table(), out.gen[0]!);
      const slot = (code >> 1) - 1;
      out.gen[0] = rules[slot >= 0 ? slot : t]!.id;
      return SAMPLED;
    }
    out.clear();
    return UNKNOWN;
  }
}

