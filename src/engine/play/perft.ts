/**
 * Perft: the number of move sequences of a given length from a position, the standard check of a
 * move generator against published counts (chess: 20, 400, 8,902, 197,281 ... from the start).
 *
 * Length counts turns: a decision after which the same player decides again in the same turn (a
 * promotion asked as a second decision, the next hop of a chain taken one hop per decision) does
 * not end the sequence's step, so a pawn reaching the last rank and its four promotion choices are
 * four sequences, as chess programs count them. With `decisions`, every decision counts one.
 * A finished game has no moves: its sequences end there.
 */
import type { Game } from "./game.js";
import { MoveBuffer } from "../moves/moves.js";
import { State } from "../state/state.js";

export interface PerftOptions {
  /** Count decisions rather than turns. */
  decisions?: boolean;
}

export class Perft {
  private readonly buffers: MoveBuffer[] = [];
  private readonly states: State[] = [];

  constructor(
    private readonly game: Game,
    private readonly opts: PerftOptions = {},
  ) {}

  /** Sequences of `depth` turns (or decisions) from `s`. */
  count(s: State, depth: number): number {
    return this.walk(s, depth, 0);
  }

  /** The count after each first move (`--divide`): its notation and its sequences of depth - 1 more. */
  divide(s: State, depth: number): { move: string; count: number }[] {
    if (depth < 1) return [];
    return this.game.legalMoves(s).map((m) => {
      const t = this.game.applyUnchecked(s, m);
      const more = !this.opts.decisions && this.sameTurn(s, t) ? depth : depth - 1;
      return { move: m.notation, count: this.walk(t, more, 1) };
    });
  }

  private walk(s: State, depth: number, level: number): number {
    if (depth === 0) return 1;
    if (s.over) return 0;
    const buf = this.buffers[level] ?? (this.buffers[level] = new MoveBuffer(64, 256));
    buf.clear();
    this.game.movesInto(s, buf);
    // The last decision counted: each move is one sequence (counting decisions), or one unless it
    // leaves its player another decision of the turn (counting turns), found without the end rules.
    if (depth === 1 && this.opts.decisions) return buf.size;
    const t = this.states[level] ?? (this.states[level] = new State(s.shape));
    let total = 0;
    for (let row = 0; row < buf.size; row++) {
      t.copyFrom(s);
      if (depth === 1) {
        if (!this.game.continuesTurn(t, buf, row)) {
          total++;
          continue;
        }
        t.copyFrom(s);
      }
      this.game.applyRow(t, buf, row);
      const more = !this.opts.decisions && this.sameTurn(s, t) ? depth : depth - 1;
      total += more === 0 ? 1 : this.walk(t, more, level + 1);
    }
    return total;
  }

  /** Whether `t`, made from `s` by one decision, is the same player's same turn (another decision of it). */
  private sameTurn(s: State, t: State): boolean {
    return !t.over && t.turn === s.turn && t.mover === s.mover && t.preludeLeft === s.preludeLeft;
  }
}
