/**
 * Shogi replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/shogi-games.txt.gz:
 * the first 100 games of `stats.sh Shogi.lud N 1`, every decision with the count and FNV-1a hash of
 * Ludii's legal moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). Ludii asks
 * a promotion as a second decision of the turn, as here: `c7=Narigin` or `pass` (our `c7=V` or `=`).
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { ludiiNotation, readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

/** Ludii's names of our pieces in hand and promoted pieces. */
const names = {
  P: "Fuhyo", S: "Ginsho", R: "Hisha", B: "Kakugyo", G: "Kinsho", N: "Keima", L: "Kyosha",
  T: "Tokin", V: "Narigin", M: "Narikei", U: "Narikyo", H: "Ryuma", D: "Ryuo",
};

describe("shogi replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(
      loadGame("games/shogi.game"),
      readLudiiGames(new URL("./ludii/shogi-games.txt.gz", import.meta.url)),
      { ludiiNotation: ludiiNotation(names) },
    );
    // 4 games drawn by Ludii's turn limit; no forced pass (a player without a move has lost).
    expect(tally).toEqual({
      games: 100, decisions: 65687, throws: 0, passes: 1946, forcedPasses: 0, promotions: 1951, drops: 9639,
      legalMoves: 3010105, listed: 0, ambiguous: 0, results: { p1: 44, p2: 52, draws: 4 },
    });
  });
});
