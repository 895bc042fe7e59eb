/**
 * Atari Go replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/atari-go-games.txt.gz: the first
 * 100 games of Ludii's random play of board/space/territory/Atari Go.lud with its default 19 x 19 board, seed 1,
 * every decision with the size and a hash of Ludii's list of legal moves; see test/support/ludii-replay.ts). Ludii's
 * placement on f3 (`f3-f3`) is ours on f3. The lists agree at every decision, suicide refused and captures made as
 * Ludii makes them, and each game ends with Ludii's winner: the first to capture.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("atari-go replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/atari-go.game"), readLudiiGames(new URL("./ludii/atari-go-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n) => (n === "pass" ? "forced-pass" : `${n}-${n}`),
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 100, decisions: 16485, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 4503697, listed: 0, ambiguous: 0, results: { p1: 53, p2: 47, draws: 0 },
    });
  });
});
