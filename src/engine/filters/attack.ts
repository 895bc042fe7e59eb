/**
 * The attack test: whether a player could move a piece onto a site, derived from the moves the
 * description itself gives that player (its play rules), never from a per-piece-type list.
 *
 * "Could move onto" is what Ludii's threat test asks: some move of the attacker's play rules, as
 * if it began a turn now, ends on the site. Filters of the play rules are not applied (a pinned
 * piece still gives check, as in every chess variant), continuations (`origin:last-to`) are not
 * moves that begin a turn, and an empty site is tested with a piece of the defender standing on
 * it for the test (so a pawn's quiet step does not attack, its capture does).
 *
 * Each move rule answers for itself through `LeafGenerator.lands`, looking outward from the site
 * along the ways its moves could come (a slide's rays walked back from the site, a step's or a
 * leap's origins read from reverse tables); a rule without that answer is asked by generating
 * its moves and looking for one that ends there.
 */
import { generatesOnto } from "../moves/generators.js";
import { ForEachValueSource } from "../moves/chosen-value.js";
import { newCtx, type Ctx, type LeafGenerator, type MoveSource } from "../play/rules.js";
import { EMPTY, type State } from "../state/state.js";

export class AttackTest {
  /** The play rules' move rules, cheapest answers first; filled once the play rules are compiled. */
  private leaves: LeafGenerator[] = [];
  private readonly ctx: Ctx = newCtx();
  /** Whether a test is running (see `attacked`). */
  private depth = 0;

  /**
   * The play rules' `(for-each-value ...)`: their rules read the number chosen, so they are asked
   * as a whole, number by number (their moves generated), not rule by rule.
   */
  private chosen: ForEachValueSource[] = [];

  /** Collects the move rules of `play` (every part of every combinator: all tiers, all branches). */
  setPlay(play: MoveSource): void {
    const found = new Set<LeafGenerator>();
    const chosen = new Set<ForEachValueSource>();
    const walk = (m: MoveSource): void => {
      if (m instanceof ForEachValueSource) {
        chosen.add(m);
        return;
      }
      if (isLeaf(m)) found.add(m);
      for (const p of m.parts ?? []) walk(p);
    };
    walk(play);
    this.chosen = [...chosen];
    // Those with a fast answer first: most tests end at the first rule that finds an attacker.
    this.leaves = [...found].sort((a, b) => Number(b.lands !== undefined) - Number(a.lands !== undefined));
  }

  /**
   * Whether `by` could move a piece onto `target`. An empty target holds, for the test, a piece of
   * type `asPiece` of `defender` (its arrays are written raw and restored: nothing else sees it).
   */
  attacked(s: State, target: number, by: number, defender: number, asPiece: number): boolean {
    // A test asked while another runs (a move whose own condition asks for an attack, met while
    // the outer test generates that move) fails, as Ludii's does: the recursion would not end.
    if (target < 0 || this.depth > 0) return false;
    const owner = s.owner, piece = s.piece;
    const placed = owner[target] === EMPTY;
    if (placed) {
      if (asPiece < 0 || defender < 0) return false;
      owner[target] = defender;
      piece[target] = asPiece;
      s.height[target] = 1;
    }
    // As if a turn began now: no last move, so continuations (origin:last-to) have no piece to move.
    const lastFrom = s.lastFrom, lastTo = s.lastTo;
    s.lastFrom = s.lastTo = -1;
    const c = this.ctx;
    this.depth++;
    try {
      for (const leaf of this.leaves) {
        c.player = by;
        if (leaf.lands ? leaf.lands(s, c, target) : generatesOnto(leaf, s, c, target)) return true;
      }
      for (const source of this.chosen) {
        c.player = by;
        if (generatesOnto(source, s, c, target)) return true;
      }
      return false;
    } finally {
      this.depth--;
      s.lastFrom = lastFrom;
      s.lastTo = lastTo;
      if (placed) {
        owner[target] = EMPTY;
        piece[target] = EMPTY;
        s.height[target] = 0;
      }
    }
  }

  /** Whether any player other than `defender` could move onto `target`. */
  attackedByOthers(s: State, target: number, defender: number, players: number, asPiece: number): boolean {
    for (let p = 0; p < players; p++) if (p !== defender && this.attacked(s, target, p, defender, asPiece)) return true;
    return false;
  }
}

function isLeaf(m: MoveSource): m is LeafGenerator {
  return typeof (m as Partial<LeafGenerator>).apply === "function" && typeof (m as Partial<LeafGenerator>).id === "number";
}
