/**
 * Which games keep their seed secret until the end: the seed decides what a player may not know
 * yet. Shared by `ludex play` and the browser app (kept apart from secrecy.ts, which loads games,
 * so that the CLI's start stays light).
 */
import type { Game } from "../engine/play/game.js";

/**
 * What a game's seed would tell a player before the end, so that it is drawn secret (128 bits) and
 * shown only then: the face-down pieces (it deals them), or, in a game with dice where a person
 * plays against an agent, the throws to come (a second run with the seed shows them all); between
 * people only, everyone sees the throws as they come, and agents alone have nobody to tell. Null:
 * the seed may be shown. `seats` holds `human` or an agent spec per seat.
 */
export function seedSecret(game: Game, seats: readonly string[]): "pieces" | "dice" | null {
  if (game.def.concealFlags !== 0) return "pieces";
  const person = seats.includes("human"), agent = seats.some((who) => who !== "human");
  return game.def.roll !== null && person && agent ? "dice" : null;
}
