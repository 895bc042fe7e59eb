/**
 * A generic evaluation of a position for one player, for any game: decided games are worth
 * +/-WIN; otherwise material (a piece's `value` attribute when the game gives one, else 1, times
 * its stack height), plus scores, from that player's point of view (opponents' material counts
 * against, shared among them in games of more than two); `evaluateWithMobility` adds the
 * choices of the side to move, a tie-breaker between moves of equal material.
 */
import type { Game } from "../engine/game.js";
import { EMPTY, NEUTRAL, type State } from "../engine/state.js";

export const WIN = 1_000_000;

export function pieceValues(game: Game): Float64Array {
  const values = game.def.attrTables.get("value");
  return Float64Array.from(game.def.pieces, (_, t) => (values ? values[t]! : 1));
}

/** Reused by `evaluate` (no allocation per call; JavaScript runs one call at a time). */
let scratch = new Float64Array(8);

export function evaluate(game: Game, s: State, player: number, values: Float64Array): number {
  if (s.over) return s.returns[player]! * WIN;
  const P = game.playerCount;
  if (scratch.length < P) scratch = new Float64Array(P);
  const worth = worthByPlayer(game, s, values, scratch);
  let others = 0;
  for (let p = 0; p < P; p++) if (p !== player) others += worth[p]!;
  return worth[player]! - others / Math.max(1, P - 1);
}

/** A score point weighs as much as ten pieces of value 1. */
const SCORE_WEIGHT = 10;

/** Each player's worth (material plus weighted score) in `out[0..players-1]`. */
export function worthByPlayer(game: Game, s: State, values: Float64Array, out: Float64Array): Float64Array {
  const P = game.playerCount;
  out.fill(0, 0, P);
  for (let i = 0; i < s.owner.length; i++) {
    const o = s.owner[i]!;
    if (o === EMPTY || o === NEUTRAL || o >= P) continue;
    out[o]! += values[s.piece[i]!]! * s.height[i]!;
  }
  for (let p = 0; p < P; p++) out[p]! += SCORE_WEIGHT * s.score[p]!;
  return out;
}

/**
 * Worth of one legal move of the side to move: a hundred choices weigh as much as one piece, so
 * mobility only decides between positions of equal material.
 */
export const MOBILITY_WEIGHT = 0.01;

/**
 * `evaluate` plus mobility: the number of moves of the side to move, for `player` when it is
 * theirs (a second action of the same turn), against them when it is an opponent's.
 */
export function evaluateWithMobility(game: Game, s: State, player: number, values: Float64Array): number {
  const v = evaluate(game, s, player, values);
  if (s.over) return v;
  const choices = game.generate(s).size;
  const P = game.playerCount;
  return v + MOBILITY_WEIGHT * choices * (s.mover === player ? 1 : -1 / Math.max(1, P - 1));
}
