/**
 * Totals over a set of random playouts: lengths, branching and how each ended. Shared by
 * `ludex playout`/`bench` and the browser editor's statistics, so both count alike.
 */
import type { Game } from "./game.js";
import type { State } from "../state/state.js";

export interface Tally {
  playouts: number;
  plies: number;
  /** Sum over decisions of the number of legal moves. */
  branching: number;
  /** Playouts the rules did not end (no winner, no draw): the `stuck` ones and those cut at the ply limit. */
  unfinished: number;
  /** Of the unfinished: the player to act had no legal move, and no rule ended the game. */
  stuck: number;
  draws: number;
  wins: number[];
  losses: number[];
  drawsOf: number[];
}

export function newTally(players: number): Tally {
  const zeros = () => Array.from({ length: players }, () => 0);
  return { playouts: 0, plies: 0, branching: 0, unfinished: 0, stuck: 0, draws: 0, wins: zeros(), losses: zeros(), drawsOf: zeros() };
}

/**
 * How a playout ended: the rules ended it; `stuck`, the player to act had no legal move and no
 * rule ended the game (a playout stops there: nothing more can happen); `cut`, it was still going
 * at the ply limit (the game may never end).
 */
export type PlayoutEnd = "finished" | "stuck" | "cut";

/** Adds a playout that ended (or was cut) in `s` after `plies` decisions with `branching` legal moves in all, and says how it ended. */
export function tallyPlayout(game: Game, s: State, plies: number, branching: number, t: Tally): PlayoutEnd {
  t.plies += plies;
  t.branching += branching;
  t.playouts++;
  const w = game.winners(s);
  if (w === null) {
    t.unfinished++;
    // Told apart by the position itself, whichever way the playout stopped (a stuck position
    // reached exactly at the ply limit is stuck too). At a throw of the dice the mover has one.
    if (game.generate(s).size > 0) return "cut";
    t.stuck++;
    return "stuck";
  }
  if (w.length === 0 || w.length === game.playerCount) {
    t.draws++;
    for (let p = 0; p < game.playerCount; p++) t.drawsOf[p]!++;
  } else {
    for (let p = 0; p < game.playerCount; p++) w.includes(p) ? t.wins[p]!++ : t.losses[p]!++;
  }
  return "finished";
}
