/**
 * Xiangqi replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/xiangqi-games.txt.gz:
 * the first 100 games of `stats.sh Xiangqi.lud N 1`, every decision with the count and FNV-1a hash of
 * Ludii's legal moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md).
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { ludiiNotation, readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("xiangqi replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(
      loadGame("games/xiangqi.game"),
      readLudiiGames(new URL("./ludii/xiangqi-games.txt.gz", import.meta.url)),
      { ludiiNotation: ludiiNotation() },
    );
    // 44 games drawn by Ludii's turn limit.
    expect(tally).toEqual({
      games: 100, decisions: 127129, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 1394199, listed: 0, ambiguous: 0, results: { p1: 25, p2: 31, draws: 44 },
    });
  });
});
