/**
 * Connect Four replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/connect-four-games.txt.gz:
 * the first 100 games of Ludii's random play of board/space/line/Connect Four.lud, seed 1, every decision with
 * Ludii's whole list of legal moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). Ludii's
 * default model is a row of seven stacks of discs (`(rectangle 1 7)`, lines counted by level), ours the upright
 * grid: Ludii's move onto column e (`e1-e1`) is our disc dropped into column e, at the cell it falls to (`e3`).
 * A full grid is Ludii's forced pass, our pass.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("connect-four replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/connect-four.game"), readLudiiGames(new URL("./ludii/connect-four-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n) => (n === "pass" ? "forced-pass" : `${n[0]}1-${n[0]}1`),
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 100, decisions: 2203, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 14881, listed: 2203, ambiguous: 0, results: { p1: 55, p2: 45, draws: 0 },
    });
  });
});
