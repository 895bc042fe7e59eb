/**
 * Dots and Boxes replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/dots-and-boxes-games.txt.gz:
 * the first 100 games of Ludii's random play of math/graph/Dots and Boxes.lud with its default options, a square of
 * 8 x 8 boxes, seed 1, every decision with the count and hash of Ludii's legal moves; see test/support/ludii-replay.ts).
 * Ludii's move is an edge, named here by its ends (`a1-b1`, the lower end first), as our edges are labelled. A board
 * with every line drawn is Ludii's forced pass, our pass: three of them where the last line won a box (its player
 * must go on and cannot, then each player passes a turn of their own).
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("dots-and-boxes replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/dots-and-boxes.game"), readLudiiGames(new URL("./ludii/dots-and-boxes-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n) => (n === "pass" ? "forced-pass" : n),
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 100, decisions: 13728, throws: 0, passes: 0, forcedPasses: 9, promotions: 0, drops: 0,
      legalMoves: 1040373, listed: 0, ambiguous: 0, results: { p1: 50, p2: 47, draws: 3 },
    });
  });
});
