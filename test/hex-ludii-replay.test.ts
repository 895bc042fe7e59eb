/**
 * Hex replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/hex-games.txt.gz: the first 100 games
 * of Ludii's random play of board/space/connection/Hex.lud with its default options, an 11 x 11 rhombus and the
 * swap rule, seed 1, every decision with Ludii's whole list of legal moves; see test/support/ludii-replay.ts). Our
 * rhombus is labelled as Ludii labels its cells, so Ludii's placement on f2 (`f2-f2`) is ours on f2. Two of the games
 * swap: there the mover stays the Blue seat, as in Ludii, and the winner is the seat that joined its sides.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("hex replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, the swap included, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/hex.game"), readLudiiGames(new URL("./ludii/hex-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n) => (n === "swap" ? "swap" : `${n}-${n}`),
    });
    expect(tally).toEqual({
      games: 100, decisions: 10717, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 723454, listed: 10717, ambiguous: 0, results: { p1: 49, p2: 51, draws: 0 },
    });
  });
});
