/**
 * Gyan Chaupar replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/gyan-chaupar-games.txt.gz:
 * the first 100 games of Ludii's random play of board/race/reach/Gyan Chaupar.lud, seed 1, every decision with
 * Ludii's whole list of legal moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). Every
 * decision is thrown for: Ludii's die is thrown before it (the file's `dice=`). Ludii names the piece that moves by
 * its level in the stack, from 0 at the bottom (`a1/3-c4`: the top of four); ours names a level only below the top
 * (`a1:2-c4`, counted from 1). A throw past a10 is Ludii's forced pass, our pass.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { siteIndex } from "../src/engine/board/topology.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("gyan-chaupar replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const game = loadGame("games/gyan-chaupar.game");
    const tally = replayLudiiGames(game, readLudiiGames(new URL("./ludii/gyan-chaupar-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n, s) => {
        if (n === "pass") return "forced-pass";
        const m = /^([a-z]\d+)(?::(\d+))?-(.*)$/.exec(n)!;
        const level = m[2] ? Number(m[2]) - 1 : s.height[siteIndex(game.topology, m[1]!)]! - 1;
        return `${m[1]}/${level}-${m[3]}`;
      },
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 100, decisions: 12673, throws: 12673, passes: 0, forcedPasses: 510, promotions: 0, drops: 0,
      legalMoves: 12673, listed: 12673, ambiguous: 0, results: { p1: 31, p2: 23, p3: 22, p4: 24, draws: 0 },
    });
  });
});
