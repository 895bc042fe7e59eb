/**
 * Kalah replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/kalah-games.txt.gz:
 * the first 100 games of Ludii's random play of board/sow/two_rows/Kalah.lud, seed 1, every decision with Ludii's whole list of
 * legal moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). Ludii's pits are one column to the right of ours (its stores are columns a and h): our `a1` is Ludii's `b1`. A player without a seed to sow passes (Ludii's forced pass), after which the game ends.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

/** Our pit `a1` is Ludii's `b1`: its columns start with a store. */
const shiftColumn = (label: string) => `${String.fromCharCode(label.charCodeAt(0) + 1)}${label.slice(1)}`;

describe("kalah replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/kalah.game"), readLudiiGames(new URL("./ludii/kalah-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n) => (n === "pass" ? "forced-pass" : shiftColumn(n)),
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 100, decisions: 4715, throws: 0, passes: 0, forcedPasses: 100, promotions: 0, drops: 0,
      legalMoves: 19209, listed: 4715, ambiguous: 0, results: { p1: 54, p2: 39, draws: 7 },
    });
  });
});
