/**
 * The game's memory of its positions, for the rules about repetition: "the same position for the
 * third time draws" (chess), "no move may recreate an earlier position" (superko in Go). Kept only
 * in games whose rules ask (`(repeated ...)`); the others never pay for it.
 *
 * Each state holds a list of the positions it has been in (State.positions), the latest first,
 * made of nodes that are never changed: a copy of a state shares the list (one reference), and
 * each decision adds a node in front of it. A node holds a key of the pieces -- owner, type, height
 * and flags on every site, the hands, the marker sets; pieces face down count as "a face-down
 * piece", so a player's view gives the same keys -- with the player to act, which decision of the
 * turn it is, and, in games whose rules read it, the last decision's sites. Counters, scores,
 * supplies and rule memory are left out: a clock of moves without capture would otherwise make
 * every position new.
 *
 * The positions the game counts are those in which a turn begins (Ludii's `previousState`, taken
 * when the player changes). When a rule asks about the positions within a turn, every decision's
 * position is remembered too (Ludii's `previousStateWithinATurn`).
 *
 * Two positions are the same board when their keys agree, and the same situation when, besides,
 * the same player is to act at the same decision of a turn and the last move leaves the same
 * legal moves: when the rules read the last move (an en passant capture), positions reached by
 * different last moves are compared by their legal moves, as FIDE's rule does ("the possible
 * moves ... are the same"), so the start position and the same position after a knight went out
 * and back are one situation.
 */
import { MoveBuffer } from "../moves/moves.js";
import { EMPTY, mayHold, positionNode, type PositionNode, type State } from "../state/state.js";

/** What the memory needs of the game: its rules' settings and a way to list legal moves. */
export interface PositionRules {
  /** Remember every decision's position, not only those that begin a turn (a rule asks `within:turn`). */
  everyDecision: boolean;
  /** Whether rules read the last decision's sites. */
  readsLastMove: boolean;
  /** Flags that conceal a piece's identity. */
  concealFlags: number;
  /** Whether a position is nothing but the pieces' owners, types and heights: no flags, stacks, hands or markers. */
  boardOnly: boolean;
  /** Adds the legal moves of the player to act in `s` to `out` (`s` is a scratch state). */
  legalMoves(s: State, out: MoveBuffer): void;
}

/** What two positions are compared by: their pieces' key, who acts, and the last move where the rules read it. */
interface Situation {
  h1: number;
  h2: number;
  toAct: number;
  action: number;
  lastFrom: number;
  lastTo: number;
}

export class PositionHistory {
  private readonly scratch: State[] = [];
  private readonly buf = new MoveBuffer(64, 256);
  /** Set while legal moves are listed for a comparison: comparisons they cause compare last moves as sites. */
  private comparing = false;
  /** The present position of a state not remembered, described for a count (overwritten by the next). */
  private readonly present: Situation = { h1: 0, h2: 0, toAct: 0, action: 0, lastFrom: -1, lastTo: -1 };

  constructor(private readonly rules: PositionRules) {}

  /**
   * Adds the present position of `s` to its list, with the player to act and the decision of the
   * turn given (after a decision that ends a turn in a look-ahead, the state itself has not yet
   * passed the turn on). Positions within a turn are kept only when the rules ask about them.
   */
  remember(s: State, toAct: number, action: number, start: boolean): void {
    if (!start && !this.rules.everyDecision) return;
    key(s, this.rules.concealFlags, this.rules.boardOnly);
    const last = this.rules.readsLastMove;
    s.positions = positionNode(k1, k2, toAct, action, last ? s.lastFrom : -1, last ? s.lastTo : -1, start, s.ply, s.positions);
  }

  /**
   * How many times the present position of `s` has occurred, this time included: among the
   * positions in which a turn began (game), or among those of the turn (`inTurn`: since the
   * position in which the turn began, that one included; when the present position begins a turn,
   * the turn just ended). `board`: the pieces alone are compared, not who is to act.
   */
  count(s: State, board: boolean, inTurn: boolean): number {
    const head = s.positions;
    let now: Situation, from: PositionNode | null;
    if (head && head.ply === s.ply) {
      now = head;
      from = head.prev;
      if (from === null) return 1;
    } else {
      // Not remembered (a decision within a turn, or a state before its first decision): the state as it stands.
      from = head;
      key(s, this.rules.concealFlags, this.rules.boardOnly);
      if (from === null) return 1;
      // Described in a situation kept for the purpose, not a node: this is asked of every move tried (Go's superko).
      const last = this.rules.readsLastMove, present = this.present;
      present.h1 = k1;
      present.h2 = k2;
      present.toAct = s.mover;
      present.action = s.actionInTurn;
      present.lastFrom = last ? s.lastFrom : -1;
      present.lastTo = last ? s.lastTo : -1;
      now = present;
    }
    let n = 1;
    // (A count made while moves are listed for a comparison never compares moves: it keeps the outer count's.)
    if (!this.comparing) this.movesOfNow = null;
    if (inTurn) {
      // Back to the position in which the turn began: a few nodes.
      for (let p: PositionNode | null = from; p; p = p.prev) {
        if (p.h1 === now.h1 && p.h2 === now.h2 && (board || this.sameSituation(s, now, p))) n++;
        if (p.start) break;
      }
      return n;
    }
    // Segment by segment, latest first, walking only those whose summary may hold the key (from
    // `from` to the end of its segment, then whole segments).
    for (let top: PositionNode | null = from; top; top = top.before) {
      if (!mayHold(top, now.h1)) continue;
      for (let p: PositionNode | null = top; p !== top.before; p = p!.prev) {
        if (p!.start && p!.h1 === now.h1 && p!.h2 === now.h2 && (board || this.sameSituation(s, now, p!))) n++;
      }
    }
    return n;
  }

  /** The legal moves of the position a count is about (see movesIn), once a comparison needed them. */
  private movesOfNow: string | null = null;

  /** Same pieces (keys already agree) as the present position `a` of `s`: the same player to act, and the last move making no difference to the legal moves. */
  private sameSituation(s: State, a: Situation, b: Situation): boolean {
    if (a.toAct !== b.toAct || a.action !== b.action) return false;
    if (a.lastFrom === b.lastFrom && a.lastTo === b.lastTo) return true;
    if (this.comparing) return false;
    this.movesOfNow ??= this.movesIn(s, a);
    return this.movesOfNow === this.movesIn(s, b);
  }

  /**
   * The legal moves of the position `p`, whose pieces are those of `s` (their keys agree), in a
   * canonical text: `s` with `p`'s player to act and last move. Counters and rule memory are those
   * of `s`.
   */
  private movesIn(s: State, p: Situation): string {
    const t = this.scratch[0] ?? (this.scratch[0] = s.clone());
    t.copyFrom(s);
    t.mover = p.toAct;
    t.actionInTurn = p.action;
    t.lastFrom = p.lastFrom;
    t.lastTo = p.lastTo;
    t.over = false;
    t.touch();
    const buf = this.buf;
    buf.clear();
    this.comparing = true;
    try {
      this.rules.legalMoves(t, buf);
    } finally {
      this.comparing = false;
    }
    const codes: string[] = [];
    for (let i = 0; i < buf.size; i++) {
      const c = buf.code(i);
      codes.push(`${c.kind}:${c.from}:${c.to}:${c.count}:${c.piece}:${c.extra}:${c.path.join(",")}:${c.captures.join(",")}${c.value === undefined ? "" : `:${c.value}`}`);
    }
    return codes.sort().join(" ");
  }
}

/** The key `key` last computed (two 32-bit words), read right after the call. */
let k1 = 0;
let k2 = 0;

/**
 * The key of the pieces of `s` (see the module comment) into k1, k2. Where a position is nothing
 * but the pieces' owners, types and heights (`boardOnly`), it is the board key the state keeps as
 * pieces come and go (one look, not a walk over the board); otherwise two FNV-style mixes of every
 * word, flags, stacks, hands and markers included.
 */
function key(s: State, conceal: number, boardOnly: boolean): void {
  if (boardOnly) {
    const k = s.currentBoardKey();
    k1 = k[0]!;
    k2 = k[1]!;
    return;
  }
  let h1 = 0x811c9dc5 | 0, h2 = 0x01000193 | 0, v = 0;
  const { owner, piece, height, flags } = s, L = s.levels;
  for (let i = 0; i < owner.length; i++) {
    const o = owner[i]!;
    if (o === EMPTY) v = 0;
    else {
      const f = flags[i]!;
      // A face-down piece is keyed by what everyone sees of it.
      v = ((f & conceal) !== 0 ? 0xff : o + 1 + ((piece[i]! + 1) << 8)) + (f << 16);
      h1 = Math.imul(h1 ^ v, 0x01000193);
      h2 = Math.imul(h2 ^ v, 0x5bd1e995) + (h1 >>> 7);
      v = height[i]!;
      // A mixed stack's order: the pieces under the top.
      for (let k = 0; L && k < v - 1; k++) {
        const w = s.levelOwner[i * L + k]! + 1 + ((s.levelPiece[i * L + k]! + 1) << 8);
        h1 = Math.imul(h1 ^ w, 0x01000193);
        h2 = Math.imul(h2 ^ w, 0x5bd1e995) + (h1 >>> 7);
      }
    }
    h1 = Math.imul(h1 ^ v, 0x01000193);
    h2 = Math.imul(h2 ^ v, 0x5bd1e995) + (h1 >>> 7);
  }
  const hand = s.hand;
  for (let i = 0; i < hand.length; i++) {
    h1 = Math.imul(h1 ^ hand[i]!, 0x01000193);
    h2 = Math.imul(h2 ^ hand[i]!, 0x5bd1e995) + (h1 >>> 7);
  }
  const markers = s.markers;
  for (let i = 0; i < markers.length; i++) {
    if (markers[i] === 0) continue;
    h1 = Math.imul(h1 ^ ~i, 0x01000193);
    h2 = Math.imul(h2 ^ ~i, 0x5bd1e995) + (h1 >>> 7);
  }
  k1 = h1;
  k2 = h2;
}
