/**
 * The moves of one random playout, by their notations: the same game `Game.playout` plays from
 * the same state when it counts legal moves (`stats` given), the same random number drawn at each
 * decision and throw. Playouts themselves record nothing (they are the fast path); this plays one
 * of them again, move objects and all, to show a person how it went (e.g. the editor's playout
 * that got stuck), and the notations replay it with `parseMove`.
 */
import type { Game } from "./game.js";
import { nextInt } from "../state/rng.js";
import type { State } from "../state/state.js";

/** Plays from `s` (modified in place) as `game.playout(s, maxPlies, stats)` does, and returns the moves made, throws of the dice included. */
export function playoutMoves(game: Game, s: State, maxPlies: number): string[] {
  const moves: string[] = [];
  let plies = 0;
  while (!s.over && plies < maxPlies) {
    // A throw of the dice: the state's generator draws it, as in a playout; not a decision.
    const thrown = game.drawChance(s);
    if (thrown) {
      moves.push(thrown.notation);
      game.applyInPlace(s, thrown);
      continue;
    }
    const legal = game.legalMoves(s);
    if (legal.length === 0) break;
    const move = legal[nextInt(s.rng, legal.length)]!;
    moves.push(move.notation);
    game.applyInPlace(s, move);
    plies++;
  }
  return moves;
}
