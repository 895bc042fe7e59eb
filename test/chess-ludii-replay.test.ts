/**
 * Chess replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/chess-games.txt.gz: the
 * first 100 games of the 2,000 of test/ludii/reference.json, `stats.sh Chess.lud 2000 1`, every decision
 * with Ludii's whole list of legal moves; see test/support/ludii-replay.ts and
 * test/ludii/harness/README.md). Ludii writes every move from-to (a capture too), castling as the
 * king's move, a promotion choice as `e8=Queen` (ours `e8=Q`), and a stalemated player's pass, after
 * which Ludii's game ends drawn (ours is drawn already), as `forced-pass`.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { ludiiNotation, readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("chess replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(
      loadGame("games/chess.game"),
      readLudiiGames(new URL("./ludii/chess-games.txt.gz", import.meta.url)),
      { ludiiNotation: ludiiNotation({ Q: "Queen", R: "Rook", B: "Bishop", N: "Knight" }) },
    );
    // 11 checkmates, 87 draws by the 100-decision rule, 2 stalemates (Ludii's forced passes).
    expect(tally).toEqual({
      games: 100, decisions: 43494, throws: 0, passes: 0, forcedPasses: 2, promotions: 266, drops: 0,
      legalMoves: 828230, listed: 43492, ambiguous: 0, results: { p1: 4, p2: 7, draws: 89 },
    });
  });
});
