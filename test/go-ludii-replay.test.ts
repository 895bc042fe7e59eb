/**
 * Go replays 100 of Ludii 1.3.12's own random games move by move on each board it is compared on
 * (test/ludii/go9-games.txt.gz: the first 100 games of Ludii's random play of
 * board/space/territory/Go.lud with Board Size 9x9, seed 1, every decision with Ludii's whole list of
 * legal moves; test/ludii/go-games.txt.gz: the same on Ludii's default 19 x 19 board, each list as
 * its size and a hash, of which the suite replays the first 10; see test/support/ludii-replay.ts). Ludii's placement on f3 (`f3-f3`) is ours
 * on f3; a pass is a pass. Every legal list agrees, so captures, suicide and positional superko are
 * Ludii's at every decision, and so is each game's winner, by captures plus territory.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { gamesToReplay } from "./support/depth.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

const ludiiNotation = (n: string) => (n === "pass" ? "pass" : `${n}-${n}`);

describe("go replays Ludii's games", () => {
  it("9 x 9: every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/go.game", { options: { size: 9 } }), readLudiiGames(new URL("./ludii/go9-games.txt.gz", import.meta.url)), { ludiiNotation });
    expect(tally).toEqual({
      games: 100, decisions: 12217, throws: 0, passes: 873, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 404643, listed: 12217, ambiguous: 0, results: { p1: 51, p2: 45, draws: 4 },
    });
  });

  // 19 x 19 games are long (600 decisions, each of some 120 placements tested for suicide and superko):
  // the first 10 of the file's 100 keep the suite quick (all 100 pass: LUDEX_FULL=1 replays them).
  const bigGames = gamesToReplay(10, 100);
  it(`19 x 19: every decision of ${bigGames} games has Ludii's mover and legal moves, and every game ends as Ludii's did`, () => {
    const tally = replayLudiiGames(loadGame("games/go.game"), readLudiiGames(new URL("./ludii/go-games.txt.gz", import.meta.url)).slice(0, bigGames), { ludiiNotation });
    expect(tally).toEqual(
      bigGames === 10
        ? { games: 10, decisions: 6041, throws: 0, passes: 169, forcedPasses: 0, promotions: 0, drops: 0, legalMoves: 755975, listed: 0, ambiguous: 0, results: { p1: 3, p2: 6, draws: 1 } }
        : { games: 100, decisions: 59681, throws: 0, passes: 1559, forcedPasses: 0, promotions: 0, drops: 0, legalMoves: 7573532, listed: 0, ambiguous: 0, results: { p1: 45, p2: 52, draws: 3 } },
    );
  });
});
