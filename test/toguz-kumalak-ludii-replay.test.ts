/**
 * Toguz Kumalak replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/toguz-kumalak-games.txt.gz:
 * the first 100 games of Ludii's random play of board/sow/two_rows/Toguz Kumalak.lud, seed 1, every decision with Ludii's whole list of
 * legal moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). Ludii's bottom row is ours; its top row is its third rank, one column to the right (its stores stand between the rows): our `a2` is Ludii's `b3`.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("toguz-kumalak replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/toguz-kumalak.game"), readLudiiGames(new URL("./ludii/toguz-kumalak-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n) => (n === "pass" ? "forced-pass" : n.endsWith("2") ? `${String.fromCharCode(n.charCodeAt(0) + 1)}3` : n),
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 100, decisions: 18797, throws: 0, passes: 0, forcedPasses: 100, promotions: 0, drops: 0,
      legalMoves: 117891, listed: 18797, ambiguous: 0, results: { p1: 58, p2: 41, draws: 1 },
    });
  });
});
