/**
 * Totals over a set of random playouts: lengths, branching and how each ended. Shared by
 * `ludex playout`/`bench` and the browser editor's statistics, so both count alike.
 */
import type { Game } from "./game.js";
import type { State } from "./state.js";

export interface Tally {
  playouts: number;
  plies: number;
  /** Sum over decisions of the number of legal moves. */
  branching: number;
  unfinished: number;
  draws: number;
  wins: number[];
  losses: number[];
  drawsOf: number[];
}

export function newTally(players: number): Tally {
  const zeros = () => Array.from({ length: players }, () => 0);
  return { playouts: 0, plies: 0, branching: 0, unfinished: 0, draws: 0, wins: zeros(), losses: zeros(), drawsOf: zeros() };
}

/** Adds a playout that ended (or was cut) in `s` after `plies` decisions with `branching` legal moves in all. */
export function tallyPlayout(game: Game, s: State, plies: number, branching: number, t: Tally): void {
  t.plies += plies;
  t.branching += branching;
  t.playouts++;
  const w = game.winners(s);
  if (w === null) {
    t.unfinished++; // cut at the ply limit, or stuck without a rule that ends the game
    return;
  }
  if (w.length === 0 || w.length === game.playerCount) {
    t.draws++;
    for (let p = 0; p < game.playerCount; p++) t.drawsOf[p]!++;
    return;
  }
  for (let p = 0; p < game.playerCount; p++) w.includes(p) ? t.wins[p]!++ : t.losses[p]!++;
}
