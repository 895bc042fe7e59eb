/**
 * Oware replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/oware-games.txt.gz:
 * the first 100 games of Ludii's random play of board/sow/two_rows/Oware.lud, seed 1, every decision with Ludii's whole list of
 * legal moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). Ludii's pits are one column to the right of ours (its stores are columns a and h). Ludii's `is Cycle` proposal never arises in these games.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

/** Our pit `a1` is Ludii's `b1`: its columns start with a store. */
const shiftColumn = (label: string) => `${String.fromCharCode(label.charCodeAt(0) + 1)}${label.slice(1)}`;

describe("oware replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/oware.game"), readLudiiGames(new URL("./ludii/oware-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n) => (n === "pass" ? "forced-pass" : shiftColumn(n)),
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 100, decisions: 28617, throws: 0, passes: 0, forcedPasses: 95, promotions: 0, drops: 0,
      legalMoves: 67984, listed: 28617, ambiguous: 0, results: { p1: 43, p2: 43, draws: 14 },
    });
  });
});
