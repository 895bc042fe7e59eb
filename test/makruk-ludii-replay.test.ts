/**
 * Makruk replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/makruk-games.txt.gz:
 * the first 100 games of `stats.sh "Mak Ruk.lud" N 1`, every decision with Ludii's whole list of legal
 * moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md).
 *
 * One Ludii quirk is not followed (games/makruk.md, "As Ludii plays it"): White's queen that may still
 * jump, on the seventh rank, has two moves onto the empty square ahead in Ludii, its step and its jump
 * (two squares north, which Ludii's `ahead` stops at the board's edge), the jump also ending its right
 * to jump; here it has the step only. The test compares that pair in Ludii's list as one move and,
 * where Ludii chose the jump, ends our queen's right to jump as Ludii's did.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import type { Game } from "../src/engine/play/game.js";
import type { State } from "../src/engine/state/state.js";
import { siteIndex } from "../src/engine/board/topology.js";
import { ludiiNotation, readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

/** Whether `move` (`e7-e8`) is a step onto the eighth rank by White's queen that may still jump. */
function jumpingQueenStepsToLastRank(move: string, s: State, game: Game): boolean {
  const [from, to] = move.split("-");
  if (!from!.endsWith("7") || to !== `${from![0]}8`) return false;
  const site = siteIndex(game.topology, from!);
  const jump = 1 << game.def.flags.indexOf("jump");
  return s.owner[site] === 0 && game.def.pieces[s.piece[site]!]!.name === "queen" && (s.flags[site]! & jump) !== 0;
}

describe("makruk replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(
      loadGame("games/makruk.game"),
      readLudiiGames(new URL("./ludii/makruk-games.txt.gz", import.meta.url)),
      {
        ludiiNotation: ludiiNotation(),
        // Ludii's step and jump of that queen, the same move twice in its list: one here.
        ludiiLegal: (legal, s, game) => legal.filter((m, i) => m !== legal[i - 1] || !jumpingQueenStepsToLastRank(m, s, game)),
        // Ludii chose one of the two: its jump ({MoveTopPiece SetState}) ends the right to jump, its step ({MoveTopPiece}) does not.
        ludiiChoice: (s, game, chosen, did) => {
          if (did === "MoveTopPiece") return;
          expect(did, `Ludii's ${chosen}`).toBe("MoveTopPiece SetState");
          const to = siteIndex(game.topology, chosen.split("-")[1]!);
          s.flags[to]! &= ~(1 << game.def.flags.indexOf("jump"));
          s.touch();
        },
      },
    );
    // 6 of Ludii's choices were such a pair's step or jump (2 jumps).
    expect(tally).toEqual({
      games: 100, decisions: 58005, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 705104, listed: 58005, ambiguous: 6, results: { p1: 13, p2: 15, draws: 72 },
    });
  });
});
