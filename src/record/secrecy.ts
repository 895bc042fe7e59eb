/**
 * Who may see what of a recorded game with face-down pieces. Until the game ends, its positions
 * are shown only as its players see them, and only with the description the record was made
 * with: a description that drops or changes what is concealed would otherwise lay the deal bare
 * (replaying with an edited copy is all it would take). Whoever holds the record file itself holds
 * the seed that dealt the pieces: that file is the referee's (see the README).
 */
import type { Game } from "../engine/play/game.js";
import type { GameRecordFile } from "./format.js";
import { loadRecordGame } from "./replay.js";

export type Secrecy =
  /** Nothing is hidden, or the game is over: every position may be shown in full. */
  | { kind: "open" }
  /** Face-down pieces of a game still going on: show each position as the players see it. */
  | { kind: "players" }
  /** The description handed is not the record's: no position may be shown but to a referee. */
  | { kind: "refused"; reason: string };

/**
 * The secrecy of a record replayed with `game` to a position that is `over` or not.
 * `recordedHides` says whether the record's own game (when another was handed) has face-down
 * pieces, for records written before they said so themselves.
 */
export function recordSecrecy(game: Game, rec: GameRecordFile, over: boolean, recordedHides = false): Secrecy {
  const hides = game.def.concealFlags !== 0;
  if (over || !(hides || rec.game.hidden === true || recordedHides)) return { kind: "open" };
  if (hides && game.source.hash === rec.game.hash) return { kind: "players" };
  const why = hides ? "is not the one the record was made with" : "does not hide the pieces the record's game hides";
  return {
    kind: "refused",
    reason: `${rec.game.title} has face-down pieces and this game is not over, but the description given ${why} (record ${rec.game.hash}, given ${game.source.hash}): it could show what lies face down`,
  };
}

/**
 * Whether the game a record names (not the one handed in its place) has face-down pieces;
 * false when it cannot be found or compiled, or is a file the user did not allow to be read (the
 * record's own `hidden` then decides).
 */
export function recordedGameHides(rec: GameRecordFile, recordPath?: string, allowFile = false): boolean {
  try {
    return loadRecordGame(rec, undefined, recordPath, allowFile).def.concealFlags !== 0;
  } catch {
    return false;
  }
}
