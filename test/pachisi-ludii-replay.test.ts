/**
 * Pachisi replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/pachisi-games.txt.gz: the first
 * 100 games of Ludii's random play of board/race/escape/Pachisi.lud, seed 1, every decision with Ludii's whole list
 * of legal moves; see test/support/ludii-replay.ts and test/ludii/harness/README.md). Every decision is thrown for:
 * Ludii's six cowries are thrown before it (the file's `dice=`).
 *
 * Notation: Ludii names the pawn that moves by its level in the stack, from 0 at the bottom (`k7/0-n9`), and lists a
 * move for every level of the mover's pawns, two pawns of one player side by side in a stack included, which leave
 * the same position whichever moves; ours lists such a run once, from its top, and names a level only below the
 * stack's top (`k7:1-n9`, counted from 1). So Ludii's list is read with each level replaced by the top of its run,
 * without repeats. A pawn entering from the supply is Ludii's move from the player's hand site (`*k5`:
 * `P1hand/2-k5`, the top of the hand's stack; in the first turn Ludii names no level); a pawn going home (`j5-off`)
 * is Ludii's move to the centre, j10.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import type { State } from "../src/engine/state/state.js";
import { siteIndex } from "../src/engine/board/topology.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

describe("pachisi replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const game = loadGame("games/pachisi.game");
    const L = game.shape.levels!;
    /** The top level of the run of alike pieces (same owner) that holds `level` of the stack on `label`. */
    const runTop = (s: State, label: string, level: number): number => {
      const site = siteIndex(game.topology, label), base = site * L, h = s.height[site]!;
      let k = level;
      while (k + 1 < h && s.levelOwner[base + k + 1] === s.levelOwner[base + level] && s.levelPiece[base + k + 1] === s.levelPiece[base + level]) k++;
      return k;
    };
    const normalise = (n: string, s: State): string => {
      const m = /^([a-s]\d+)\/(\d+)-(.*)$/.exec(n);
      return m ? `${m[1]}/${runTop(s, m[1]!, Number(m[2]))}-${m[3]}` : n;
    };
    const tally = replayLudiiGames(game, readLudiiGames(new URL("./ludii/pachisi-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n, s) => {
        if (n === "pass") return "pass";
        if (n.startsWith("*")) return s.turn <= 4 ? `P${s.mover + 1}hand-${n.slice(1)}` : `P${s.mover + 1}hand/${s.supply[s.mover]! - 1}-${n.slice(1)}`;
        const m = /^([a-s]\d+)(?::(\d+))?-(.*)$/.exec(n)!;
        const level = m[2] ? Number(m[2]) - 1 : s.height[siteIndex(game.topology, m[1]!)]! - 1;
        return `${m[1]}/${level}-${m[3] === "off" ? "j10" : m[3]}`;
      },
      ludiiLegal: (legal, s) => [...new Set(legal.map((n) => normalise(n, s)))].sort(),
      // Ludii's move home selects the square (its top level, whichever pawn's move it was) and removes the top
      // pawn: two of the mover's pawns there give two such moves, alike in what they do (a grace gives another throw).
      ludiiChoice: (_s, _game, chosen, did) => expect(`${chosen} {${did}}`).toMatch(/-j10 \{Select RemoveTopPiece( SetNextPlayer)?\}$/),
    });
    expect(tally).toEqual({
      games: 100, decisions: 75171, throws: 75171, passes: 40842, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 171248, listed: 75171, ambiguous: 92, results: { p1: 60, p2: 40, draws: 0 },
    });
  });
});
