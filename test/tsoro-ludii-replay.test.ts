/**
 * Tsoro replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/tsoro-games.txt.gz:
 * the first 100 games of Ludii's random play of board/sow/four_rows/Tsoro.lud, seed 1, every decision with Ludii's whole list of
 * legal moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). The pits are labelled as Ludii labels them; relay sowings are further decisions of the same turn, as in Ludii.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("tsoro replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/tsoro.game"), readLudiiGames(new URL("./ludii/tsoro-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n) => n,
    });
    expect(tally).toEqual({
      games: 100, decisions: 11217, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 24682, listed: 11217, ambiguous: 0, results: { p1: 46, p2: 54, draws: 0 },
    });
  });
});
