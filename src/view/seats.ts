/**
 * How views name players and their sides: the description's names, `P1`..`Pn` otherwise, and the
 * way the text board tells a player's pieces apart (see pieceSymbol in text.ts).
 */
import { CHANCE, type Game } from "../engine/play/game.js";
import type { State } from "../engine/state/state.js";

/** A player's display name: the description's `names:` entry, else `P1`..`Pn`. */
export function seatName(game: Game, p: number): string {
  if (p === CHANCE) return "chance";
  return game.def.players.names[p] ?? `P${p + 1}`;
}

/** A seat's name in the possessive: `Red's`, `P2's`, and `Defenders'` for a name ending in s. */
export function seatPossessive(game: Game, p: number): string {
  const name = seatName(game, p);
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** `P1 (South)`, or `P1` when the seat has no other name. */
export function seatLabel(game: Game, p: number): string {
  // The throws of the dice, in listings of a game's decisions.
  if (p === CHANCE) return "chance";
  const name = game.def.players.names[p];
  return `P${p + 1}${name && name !== `P${p + 1}` ? ` (${name})` : ""}`;
}

/** Who decides in state `before`, for a list of a game's moves: a seat's label, or "dice" for a throw. */
export function deciderLabel(game: Game, before: State): string {
  return game.isChance(before) ? "dice" : seatLabel(game, before.mover);
}

/** How a player's pieces look on the text board (what tells them apart, like a colour). */
export function sideText(game: Game, p: number): string {
  if (game.playerCount === 2) return p === 0 ? "lower case" : "upper case";
  return `the pieces marked ${p + 1}`;
}
