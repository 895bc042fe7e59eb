/**
 * The longest-sequence rule: of the moves of a source, only those that begin a longest sequence of
 * decisions in the turn are legal (e.g. the majority capture rule, when every hop of a chain is a
 * decision of its own).
 *
 * A move's length is counted in decisions: 1 for a move after which the turn ends, else 1 plus
 * the length of the longest move of the continuation (the legal moves of the state after it, the
 * same player deciding again). The search is depth first on scratch states, one per depth, made
 * once and reused; it applies moves with the engine's own rules (consequences, after-action
 * effects and turn bookkeeping). End rules are not consulted in the middle of a turn: a turn
 * that goes on is counted to its end.
 * While a search runs, every longest-sequence filter of the same game lets its moves through:
 * the longest of all continuations is the longest of the longest ones, so nothing is filtered
 * twice.
 *
 * `by:captures` weighs a sequence by the pieces it takes instead: every piece of another player
 * that leaves the board over the turn, a pile counting its height (Ludii's `max Captures`, and the
 * majority rules that count the men taken rather than the jumps).
 *
 * `per:piece` compares the moves of each piece among themselves only (Ludii's `max Moves` inside
 * `forEach Piece`, Damas): a move is kept when no move from the same site begins a better sequence,
 * so every piece that can move keeps its own best sequences. Decided at compile time: the filter
 * of the whole move set does no more work for it.
 */
import { MoveBuffer } from "../moves/moves.js";
import { anyMove } from "../moves/generators.js";
import type { Ctx, MoveSource, Runtime } from "../play/rules.js";
import { NEUTRAL, State } from "../state/state.js";
import { MAX_LOOKAHEAD_DECISIONS } from "../../limits.js";

/** What every filter of one game shares: whether a search is running. */
export interface LookaheadShared {
  searching: number;
}

export class LongestSequenceSource implements MoveSource {
  private readonly states: State[] = [];
  private readonly buffers: MoveBuffer[] = [];
  private lengths = new Int32Array(64);

  constructor(
    private readonly inner: MoveSource,
    private readonly runtime: Runtime,
    private readonly shared: LookaheadShared,
    /** The rule, as play-limit errors name it. */
    private readonly rule: string,
    /** What a sequence is worth: its decisions, or the other players' pieces it takes. */
    private readonly by: "decisions" | "captures" = "decisions",
    /**
     * The flags a hop's `mark:` gives the pieces it takes, which stay on the board until the turn
     * ends: by captures, a piece so marked is taken already. Read when searching (every rule compiled).
     */
    private readonly marked: () => number = () => 0,
    /** Whether each piece's moves (those from one site) are compared among themselves only. */
    private readonly perPiece = false,
  ) {
    this.parts = [inner];
  }
  readonly parts: readonly MoveSource[];

  /** Decisions looked through for the position being generated (bounded by MAX_LOOKAHEAD_DECISIONS), and its buffer. */
  private decisions = 0;
  private out!: MoveBuffer;

  /** The longest of the moves is still a move: there is one when the source has one. */
  any(s: State, c: Ctx): boolean {
    return anyMove(this.inner, s, c);
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const start = out.size;
    this.inner.generate(s, c, out);
    const count = out.size - start;
    if (count <= 1 || this.shared.searching > 0 || out.overflow) return;
    if (this.lengths.length < count) this.lengths = new Int32Array(count * 2);
    const lengths = this.lengths;
    let best = 0;
    this.shared.searching++;
    this.decisions = 0;
    this.out = out;
    try {
      for (let i = 0; i < count && !out.overflow; i++) {
        const len = this.lengthOf(s, out, start + i, 0, c.player);
        lengths[i] = len;
        if (len > best) best = len;
      }
    } finally {
      this.shared.searching--;
    }
    if (this.perPiece) {
      this.keepEachPiecesBest(out, start, count);
      return;
    }
    let kept = start;
    for (let i = 0; i < count; i++) {
      if (lengths[i] !== best) continue;
      if (kept !== start + i) out.copyRow(kept, start + i);
      kept++;
    }
    out.size = kept;
  }

  /** Best worth by origin site (index from + 1: the moves from no site, from < 0, are a group of their own). */
  private bestFrom = new Int32Array(0);

  /** Keeps the rows whose worth is the best of the rows from the same site (`per:piece`). */
  private keepEachPiecesBest(out: MoveBuffer, start: number, count: number): void {
    const lengths = this.lengths, from = out.from;
    const key = (i: number) => Math.max(0, from[start + i]! + 1);
    let top = 0;
    for (let i = 0; i < count; i++) top = Math.max(top, key(i) + 1);
    if (this.bestFrom.length < top) this.bestFrom = new Int32Array(top * 2);
    const bestFrom = this.bestFrom;
    for (let i = 0; i < count; i++) bestFrom[key(i)] = -1;
    for (let i = 0; i < count; i++) if (lengths[i]! > bestFrom[key(i)]!) bestFrom[key(i)] = lengths[i]!;
    let kept = start;
    for (let i = 0; i < count; i++) {
      if (lengths[i] !== bestFrom[key(i)]) continue;
      if (kept !== start + i) out.copyRow(kept, start + i);
      kept++;
    }
    out.size = kept;
  }

  /**
   * The worth of the best sequence of the turn that begins with row `row` of `buf`, made in `s` by
   * `player`: its decisions, or (by captures) the other players' pieces it takes. The player may be
   * another than the one to move (`(sites-from ... for:next)` asks of the next player's moves): the
   * sequence is then searched as if it were that player's turn.
   */
  private lengthOf(s: State, buf: MoveBuffer, row: number, depth: number, player: number): number {
    // Past a limit the search stops (its result no longer matters: the caller reports the error).
    if (++this.decisions > MAX_LOOKAHEAD_DECISIONS) {
      this.out.markOverflow("search", -1, this.rule);
      return 0;
    }
    const t = this.states[depth] ?? (this.states[depth] = new State(s.shape));
    t.copyFrom(s);
    if (t.mover !== player) t.mover = player;
    const again = this.runtime.applyInTurn(t, buf, row);
    const marked = this.by === "decisions" ? 0 : this.marked();
    const worth = this.by === "decisions" ? 1 : othersPieces(s, player, marked) - othersPieces(t, player, marked);
    if (!again) return worth;
    const next = this.buffers[depth] ?? (this.buffers[depth] = new MoveBuffer(16, 64));
    next.clear();
    this.runtime.movesInto(t, next); // throws a PlayLimitError if the continuation's moves pass a limit
    let best = 0;
    for (let i = 0; i < next.size && !this.out.overflow; i++) {
      const len = this.lengthOf(t, next, i, depth + 1, player);
      if (len > best) best = len;
    }
    return worth + best;
  }
}

/**
 * The pieces of players other than `mover` on the board, a pile counting its height (a mixed
 * stack: its levels of other players), leaving out those marked taken (`marked`: flag bits).
 */
function othersPieces(s: State, mover: number, marked: number): number {
  const L = s.levels, owner = s.owner, height = s.height, flags = s.flags;
  let k = 0;
  for (let site = 0; site < owner.length; site++) {
    const o = owner[site]!;
    if (o < 0 || (flags[site]! & marked) !== 0) continue;
    if (L) {
      for (let v = site * L, end = v + height[site]!; v < end; v++) {
        const p = s.levelOwner[v]!;
        if (p !== mover && p !== NEUTRAL) k++;
      }
    } else if (o !== mover && o !== NEUTRAL) k += height[site]!;
  }
  return k;
}
