/**
 * Backgammon replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/backgammon-games.txt.gz:
 * the first 100 games of Ludii's random play of board/race/escape/Backgammon.lud, seed 1, every decision with Ludii's whole list of
 * legal moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). Ludii lists the moves of a double once per die (the same move twice): they are compared once. Where Ludii's chosen move was listed twice, the file names the die it used (`UseDie2`) and ours using that die is made (a checker borne off past the end by either die: `k1-off/3` and `k1-off/5`, both Ludii's `k1-off`).
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("backgammon replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/backgammon.game"), readLudiiGames(new URL("./ludii/backgammon-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n) => (n === "pass" ? "forced-pass" : n.replace("x", "-").replace(/\/\d+$/, "")),
      ludiiLegal: (legal, s) => (s.dice[0] === s.dice[1] ? [...new Set(legal)] : legal),
        forcedPassIsMove: true,
      // Ludii's duplicate listings differ only by the die used, which the replay matches (see above): nothing to bring back.
      ludiiChoice: () => {},
    });
    expect(tally).toEqual({
      games: 100, decisions: 22126, throws: 10526, passes: 0, forcedPasses: 477, promotions: 0, drops: 0,
      legalMoves: 98828, listed: 22126, ambiguous: 4090, results: { p1: 50, p2: 50, draws: 0 },
    });
  });
});
