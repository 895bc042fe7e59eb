/**
 * Minishogi replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/minishogi-games.txt.gz:
 * the first 100 games of `stats.sh Minishogi.lud N 1`, every decision with Ludii's whole list of legal
 * moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). Ludii asks a promotion as a
 * second decision of the turn, as here: `c5=Narigin` or `pass` (our `c5=N` or `=`).
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { ludiiNotation, readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

/** Ludii's names of our pieces in hand and promoted pieces. */
const names = { P: "Fuhyo", S: "Ginsho", R: "Hisha", B: "Kakugyo", G: "Kinsho", T: "Tokin", N: "Narigin", H: "Ryuma", D: "Ryuo" };

describe("minishogi replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(
      loadGame("games/minishogi.game"),
      readLudiiGames(new URL("./ludii/minishogi-games.txt.gz", import.meta.url)),
      { ludiiNotation: ludiiNotation(names) },
    );
    expect(tally).toEqual({
      games: 100, decisions: 15845, throws: 0, passes: 415, forcedPasses: 0, promotions: 446, drops: 2828,
      legalMoves: 287424, listed: 15845, ambiguous: 0, results: { p1: 48, p2: 52, draws: 0 },
    });
  });
});
