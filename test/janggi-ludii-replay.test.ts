/**
 * Janggi replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/janggi-games.txt.gz:
 * the first 100 games of `stats.sh Janggi.lud N 1`, every decision with Ludii's whole list of legal
 * moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). At every decision the
 * legal moves here must be exactly Ludii's -- the palace moves, Ludii's chariot in a palace, the
 * cannons, check -- and each game ends as Ludii's did (most of them by bikjang). Ludii writes every
 * move from-to, a capture too. A player without a legal move passes here as in Ludii, and the game
 * goes on: Ludii's `forced-pass` is our `pass` (none in these 100 games).
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { ludiiNotation, readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

const notation = ludiiNotation();

describe("janggi replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(
      loadGame("games/janggi.game"),
      readLudiiGames(new URL("./ludii/janggi-games.txt.gz", import.meta.url)),
      { ludiiNotation: (n) => (n === "pass" ? "forced-pass" : notation(n)), forcedPassIsMove: true },
    );
    expect(tally).toEqual({
      games: 100, decisions: 13930, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 472599, listed: 13930, ambiguous: 0, results: { p1: 3, p2: 2, draws: 95 },
    });
  });
});
