/**
 * Surakarta replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/surakarta-games.txt.gz:
 * the first 100 games of Ludii's random play of board/war/replacement/eliminate/all/Surakarta.lud, seed 1,
 * every decision with Ludii's whole list of legal moves; see test/support/ludii-replay.ts and
 * test/ludii/harness/README.md). Ludii lists a capture once per way round the circuits that leads to it
 * (up to four times): the list is compared with each move once. Proposals and votes are Ludii's
 * `propose-End`, `vote-End`, `vote-No`.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("surakarta replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/surakarta.game"), readLudiiGames(new URL("./ludii/surakarta-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n) => n.replace("x", "-").replace(/^(propose|vote)-(\w)/, (_, what: string, first: string) => `${what}-${first.toUpperCase()}`),
      ludiiLegal: (legal) => [...new Set(legal)],
      // Ludii's duplicate listings of a capture are one move here: nothing to bring back.
      ludiiChoice: () => {},
    });
    expect(tally).toEqual({
      games: 100, decisions: 23314, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 622986, listed: 23314, ambiguous: 331, results: { p1: 52, p2: 48, draws: 0 },
    });
  });
});
