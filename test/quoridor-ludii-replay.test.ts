/**
 * Quoridor replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/quoridor-games.txt.gz: the first
 * 100 games of Ludii's random play of board/race/reach/Quoridor.lud with its default options, two players, seed 1,
 * every decision with the count and hash of Ludii's legal moves; see test/support/ludii-replay.ts, written with
 * `--edges cells`). Ludii's wall moves from the player's hand onto an edge of the board (`Rectangle*e3-e4`, the edge
 * named by the two cells it parts); ours is a wall from the supply onto that edge, `|e3-e4` (counted as Ludii's
 * drops: 2,000, every wall of every game). Pawn moves read alike.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("quoridor replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/quoridor.game"), readLudiiGames(new URL("./ludii/quoridor-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n) => (n.startsWith("|") ? `Rectangle*${n.slice(1)}` : n.replace("x", "-")),
    });
    expect(tally).toEqual({
      games: 100, decisions: 19827, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 2000,
      legalMoves: 337236, listed: 0, ambiguous: 0, results: { p1: 55, p2: 45, draws: 0 },
    });
  });
});
