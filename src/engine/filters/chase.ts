/**
 * A chase limit: a player may not follow the same fleeing enemy piece more than `limit` turns in
 * a row (banqi-style following limits; xiangqi's perpetual-chase rules are of the same family).
 *
 * A *follow* is a move of one of the counted kinds that ends next to the piece the previous player
 * moved (with a counted kind) on their last turn. Consecutive follows of the same piece form a
 * streak; any other action ends it. While a player's streak stands at `limit`, their follows of
 * that same piece are not legal; everything else is.
 *
 * Memory per player (4 words from `base`): last counted move's from and to (-1 after any other
 * action), streak length, and where the chased piece stood when last followed.
 */
import type { MoveBuffer } from "../moves/moves.js";
import type { Ctx, MoveSource } from "../play/rules.js";
import type { State } from "../state/state.js";
import type { Topology } from "../board/topology.js";

const LAST_FROM = 0, LAST_TO = 1, STREAK = 2, CHASED = 3;
export const CHASE_WORDS_PER_PLAYER = 4;

export class ChaseLimit implements MoveSource {
  constructor(
    private readonly inner: MoveSource,
    private readonly limit: number,
    /** counted[kind] = 1 for the move kinds that are follows and fleeing moves. */
    private readonly counted: Uint8Array,
    private readonly topology: Topology,
    private readonly players: number,
    private readonly base: number,
  ) {
    this.parts = [inner];
  }
  readonly parts: readonly MoveSource[];

  /** Initial memory: no previous move (so the first action after a loaded position is never a follow). */
  static initialMemory(players: number): number[] {
    return Array.from({ length: players }, () => [-1, -1, 0, -1]).flat();
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const start = out.size;
    this.inner.generate(s, c, out);
    if (this.limit <= 0) return;
    const p = c.player;
    const m = s.memory, mine = this.base + p * CHASE_WORDS_PER_PLAYER;
    if (m[mine + STREAK]! < this.limit || !this.continues(s, p)) return;
    // The streak is at its limit: drop follows of the same piece.
    let keep = start;
    for (let row = start; row < out.size; row++) {
      if (this.counted[out.kind[row]!] && this.isFollow(s, p, out.to[row]!)) continue;
      if (keep !== row) out.copyRow(keep, row);
      keep++;
    }
    out.size = keep;
  }

  /** Updates the memory after a decision by `player`. */
  record(s: State, kind: number, from: number, to: number, player: number): void {
    const m = s.memory, mine = this.base + player * CHASE_WORDS_PER_PLAYER;
    const counted = kind >= 0 && this.counted[kind] === 1;
    if (counted && this.isFollow(s, player, to)) {
      m[mine + STREAK] = this.continues(s, player) ? m[mine + STREAK]! + 1 : 1;
      m[mine + CHASED] = m[this.previousBase(player) + LAST_TO]!;
    } else {
      m[mine + STREAK] = 0;
      m[mine + CHASED] = -1;
    }
    m[mine + LAST_FROM] = counted ? from : -1;
    m[mine + LAST_TO] = counted ? to : -1;
  }

  private previousBase(p: number): number {
    return this.base + ((p + this.players - 1) % this.players) * CHASE_WORDS_PER_PLAYER;
  }

  /** Does a move of `p` ending on `to` end next to the piece the previous player just moved? */
  private isFollow(s: State, p: number, to: number): boolean {
    const fled = s.memory[this.previousBase(p) + LAST_TO]!;
    if (fled < 0 || to < 0) return false;
    const { step, n, dirNames } = this.topology;
    for (let d = 0; d < dirNames.length; d++) if (step[d * n + to] === fled) return true;
    return false;
  }

  /** Is the piece the previous player just moved the one `p` followed last time? */
  private continues(s: State, p: number): boolean {
    const chased = s.memory[this.base + p * CHASE_WORDS_PER_PLAYER + CHASED]!;
    return chased >= 0 && s.memory[this.previousBase(p) + LAST_FROM] === chased;
  }
}
