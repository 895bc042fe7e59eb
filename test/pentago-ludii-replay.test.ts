/**
 * Pentago replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/pentago-games.txt.gz: the first
 * 100 games of Ludii's random play of board/space/line/Pentago.lud, seed 1, every decision with Ludii's whole list
 * of legal moves; see test/support/ludii-replay.ts). Ludii places a marble with `d6-d6` (ours `d6`) and turns a
 * quarter by selecting its centre twice over, once for each way: both are `b2` in its list, our `b2cw` and `b2acw`.
 * Which way Ludii's turned is read from where its consequences put the marbles (`Add@c3=1`: a marble of
 * component 1, White's, on c3). A full board is Ludii's forced pass, our pass.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { siteIndex } from "../src/engine/board/topology.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("pentago replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/pentago.game"), readLudiiGames(new URL("./ludii/pentago-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n) => (n === "pass" ? "forced-pass" : /cw$/.test(n) ? n.replace(/a?cw$/, "") : `${n}-${n}`),
      forcedPassIsMove: true,
      ludiiResolve: (s, game, candidates, did) => {
        const adds = [...did.matchAll(/Add@([a-f][1-6])=(\d)/g)].map(([, site, what]) => ({ site: siteIndex(game.topology, site!), owner: Number(what) - 1 }));
        // The way of turning that puts every marble where Ludii's put it.
        const way = candidates.find((notation) => {
          const after = game.apply(s, game.parseMove(s, notation)!);
          return adds.every(({ site, owner }) => after.owner[site] === owner);
        });
        return way ?? "none";
      },
    });
    expect(tally).toEqual({
      games: 100, decisions: 5488, throws: 0, passes: 0, forcedPasses: 4, promotions: 0, drops: 0,
      legalMoves: 83294, listed: 5488, ambiguous: 2721, results: { p1: 52, p2: 40, draws: 8 },
    });
  });
});
