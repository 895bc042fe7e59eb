/**
 * EinStein würfelt nicht! replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/einstein-games.txt.gz:
 * the first 100 games of Ludii's random play of board/race/reach/EinStein Wurfelt Nicht.lud, seed 1, every decision with Ludii's whole list of
 * legal moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). The placements are Ludii's moves from a hand slot (slot k holds the cube numbered k + 1: our `4*a5` is `P1hand3-a5`); every movement decision is thrown for.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("einstein replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/einstein.game"), readLudiiGames(new URL("./ludii/einstein-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n, s) => (n[1] === "*" ? `P${s.mover + 1}hand${Number(n[0]) - 1}-${n.slice(2)}` : n.replace("x", "-")),
    });
    expect(tally).toEqual({
      games: 100, decisions: 3360, throws: 2160, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 24804, listed: 3360, ambiguous: 0, results: { p1: 56, p2: 44, draws: 0 },
    });
  });
});
