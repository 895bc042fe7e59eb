/**
 * A generic evaluation of a position for one player, for any game: decided games are worth
 * +/-WIN; otherwise material (a piece's `value` attribute when the game gives one, else 1, times
 * its stack height; pieces in hand counted too), plus scores, from that player's point of view (opponents' material counts
 * against, shared among them in games of more than two); `evaluateWithMobility` adds the
 * choices of the side to move, a tie-breaker between moves of equal material.
 */
import type { Game } from "../engine/play/game.js";
import { EMPTY, NEUTRAL, type State } from "../engine/state/state.js";

export const WIN = 1_000_000;

/**
 * Each piece type's worth to the agents: its `value` attribute as written (fractions kept, e.g.
 * Xiangqi's cannon 4.5), 0 for a type without one when others have one (a king), 1 for every
 * type when none has one.
 */
export function pieceValues(game: Game): Float64Array {
  const pieces = game.def.pieces;
  const valued = pieces.some((p) => p.attrs.value !== undefined);
  return Float64Array.from(pieces, (p) => (valued ? (p.attrs.value ?? 0) : 1));
}

/** Reused by `evaluate` (no allocation per call; JavaScript runs one call at a time). */
let scratch = new Float64Array(8);

export function evaluate(game: Game, s: State, player: number, values: Float64Array): number {
  if (s.over) return s.returns[game.seatOf(s, player)]! * WIN;
  const P = game.playerCount;
  if (scratch.length < P) scratch = new Float64Array(P);
  const worth = worthByPlayer(game, s, values, scratch);
  let others = 0;
  for (let p = 0; p < P; p++) if (p !== player) others += worth[p]!;
  return worth[player]! - others / Math.max(1, P - 1);
}

/** A score point weighs as much as ten pieces of value 1. */
const SCORE_WEIGHT = 10;

/** Each player's worth (material on the board and in hand, plus weighted score) in `out[0..players-1]`. */
export function worthByPlayer(game: Game, s: State, values: Float64Array, out: Float64Array): Float64Array {
  const P = game.playerCount;
  out.fill(0, 0, P);
  for (let i = 0; i < s.owner.length; i++) {
    const o = s.owner[i]!;
    if (o === EMPTY || o === NEUTRAL || o >= P) continue;
    out[o]! += values[s.piece[i]!]! * s.height[i]!;
  }
  // Pieces in hand (Shogi's captures, to be dropped) count as their type (the unpromoted one).
  if (game.def.hand) {
    const types = values.length, hand = s.hand;
    for (let p = 0; p < P; p++) for (let t = 0; t < types; t++) out[p]! += values[t]! * hand[p * types + t]!;
  }
  for (let p = 0; p < P; p++) out[p]! += SCORE_WEIGHT * s.score[p]!;
  // The rules count by seat; once a swap has exchanged seats, each player is worth their seat.
  if (s.seatPlayer.some((p, seat) => p !== seat)) {
    const bySeat = out.slice(0, P);
    for (let seat = 0; seat < P; seat++) out[s.seatPlayer[seat]!] = bySeat[seat]!;
  }
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
  // Before a throw of the dice the moves are not known yet (the list would be the throws).
  if (s.over || s.rollDue) return v;
  const choices = game.generate(s).size;
  const P = game.playerCount;
  return v + MOBILITY_WEIGHT * choices * (s.seatPlayer[s.mover] === player ? 1 : -1 / Math.max(1, P - 1));
}
