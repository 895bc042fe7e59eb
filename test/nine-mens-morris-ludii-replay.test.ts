/**
 * Nine Men's Morris replays 100 of Ludii 1.3.12's own random games move by move
 * (test/ludii/nine-mens-morris-games.txt.gz: the first 100 games of Ludii's random play of
 * board/space/line/Nine Men's Morris.lud, seed 1, every decision with Ludii's whole list of legal
 * moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). The board is
 * `(concentric-polygons 4 3)`, Ludii's `(concentric Square rings:3)`, point for point. Ludii places
 * a man from the mover's hand (`P1hand-d1`, ours `d1`) and takes a man off after a mill
 * (`f6-off`, ours `xf6`).
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("nine-mens-morris replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/nine-mens-morris.game"), readLudiiGames(new URL("./ludii/nine-mens-morris-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n, s) => (n === "pass" ? "forced-pass" : n.startsWith("x") ? `${n.slice(1)}-off` : /^[a-g]\d$/.test(n) ? `P${s.mover + 1}hand-${n}` : n),
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 100, decisions: 21344, throws: 0, passes: 0, forcedPasses: 1, promotions: 0, drops: 0,
      legalMoves: 290867, listed: 21344, ambiguous: 0, results: { p1: 49, p2: 51, draws: 0 },
    });
  });
});
