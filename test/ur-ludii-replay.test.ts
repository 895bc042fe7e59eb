/**
 * The Royal Game of Ur replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/ur-games.txt.gz:
 * the first 100 games of Ludii's random play of board/race/escape/Royal Game of Ur.lud, seed 1, every decision with Ludii's whole list of
 * legal moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). Every decision is thrown for: Ludii's four dice are thrown before it (the file's `dice=`). A piece entering from the supply (`*c1`) is Ludii's move from the player's hand site (`P1hand-c1`); a throw no piece can use is Ludii's forced pass.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("ur replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/ur.game"), readLudiiGames(new URL("./ludii/ur-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n, s) => (n === "pass" ? "forced-pass" : n.startsWith("*") ? `P${s.mover + 1}hand-${n.slice(1)}` : n.replace("x", "-")),
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 100, decisions: 15720, throws: 15720, passes: 0, forcedPasses: 1274, promotions: 0, drops: 0,
      legalMoves: 40819, listed: 15720, ambiguous: 0, results: { p1: 52, p2: 48, draws: 0 },
    });
  });
});
