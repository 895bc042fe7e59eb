/**
 * Shogi replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/shogi-games.txt.gz:
 * the first 100 games of `stats.sh Shogi.lud N 1`, every decision with the count and FNV-1a hash of
 * Ludii's legal moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). Ludii asks
 * a promotion as a second decision of the turn, as here: `c7=Narigin` or `pass` (our `c7=V` or `=`).
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { gamesToReplay } from "./support/depth.js";
import { ludiiNotation, readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

/** Ludii's names of our pieces in hand and promoted pieces. */
const names = {
  P: "Fuhyo", S: "Ginsho", R: "Hisha", B: "Kakugyo", G: "Kinsho", N: "Keima", L: "Kyosha",
  T: "Tokin", V: "Narigin", M: "Narikei", U: "Narikyo", H: "Ryuma", D: "Ryuo",
};

describe("shogi replays Ludii's games", () => {
  // Each decision lists some 46 moves, each tested for check: the first 35 games meet every kind of
  // move (drops, promotions asked and declined, the turn limit) and keep the suite quick; all 100
  // pass (LUDEX_FULL=1 replays them).
  const games = gamesToReplay(35, 100);
  it(`every decision of ${games} games has Ludii's mover and legal moves, and every game ends as Ludii's did`, () => {
    const tally = replayLudiiGames(
      loadGame("games/shogi.game"),
      readLudiiGames(new URL("./ludii/shogi-games.txt.gz", import.meta.url)).slice(0, games),
      { ludiiNotation: ludiiNotation(names) },
    );
    // Drawn games are Ludii's turn limit; no forced pass (a player without a move has lost).
    expect(tally).toEqual(games === 35 ? {
      games: 35, decisions: 25316, throws: 0, passes: 723, forcedPasses: 0, promotions: 765, drops: 3835,
      legalMoves: 1170883, listed: 0, ambiguous: 0, results: { p1: 12, p2: 21, draws: 2 },
    } : {
      games: 100, decisions: 65687, throws: 0, passes: 1946, forcedPasses: 0, promotions: 1951, drops: 9639,
      legalMoves: 3010105, listed: 0, ambiguous: 0, results: { p1: 44, p2: 52, draws: 4 },
    });
  });
});
