/**
 * Y replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/y-games.txt.gz: the first 100 games of
 * Ludii's random play of board/space/connection/Y (Hex).lud, seed 1, every decision with Ludii's whole list of legal
 * moves; see test/support/ludii-replay.ts). Ludii labels the hexagon's cells by a skewed column (letter: the place in
 * the row, counted from a further letter in each row above the middle) and the row from the bottom (number); ours by
 * the row from the top (letter) and the place in the row (number), so on the board of 7 a side Ludii's c2 is our l3
 * and its g13, the top row's first cell, our a1.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { fileLetter } from "../src/engine/board/topology.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

const SIDE = 7;
/** Our label (row from the top, place in the row) as Ludii's (skewed column, row from the bottom). */
function asLudii(ours: string): string {
  const m = /^([a-z])(\d+)$/.exec(ours)!;
  const row = 2 * (SIDE - 1) - (m[1]!.charCodeAt(0) - 97);
  return `${fileLetter(Number(m[2]) - 1 + Math.max(0, row - (SIDE - 1)))}${row + 1}`;
}

describe("y replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/y.game"), readLudiiGames(new URL("./ludii/y-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n) => `${asLudii(n)}-${asLudii(n)}`,
    });
    expect(tally).toEqual({
      games: 100, decisions: 11463, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 800727, listed: 11463, ambiguous: 0, results: { p1: 47, p2: 53, draws: 0 },
    });
  });
});
