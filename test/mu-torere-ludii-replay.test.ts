/**
 * Mu Torere replays 100 of Ludii 1.3.12's own random games move by move (test/ludii/mu-torere-games.txt.gz: the
 * first 100 games of Ludii's random play of board/space/blocking/Mu Torere.lud with its default options, the wheel
 * and the rule that only a piece next to an enemy enters the centre; seed 1, every decision with Ludii's whole list
 * of legal moves; see test/support/ludii-replay.ts). Ludii labels the wheel's nine points as a 3 x 3 grid, ours by
 * their place on the lattice of `(wheel {1 8})`: Ludii's b3 (the top) is our c5, its centre b2 our c3.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

const LUDII: Record<string, string> = { c5: "b3", d4: "c3", e3: "c2", d2: "c1", c1: "b1", b2: "a1", a3: "a2", b4: "a3", c3: "b2" };

describe("mu-torere replays Ludii's games", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(loadGame("games/mu-torere.game"), readLudiiGames(new URL("./ludii/mu-torere-games.txt.gz", import.meta.url)), {
      ludiiNotation: (n) => n.split("-").map((s) => LUDII[s]).join("-"),
    });
    expect(tally).toEqual({
      games: 100, decisions: 5265, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 11006, listed: 5265, ambiguous: 0, results: { p1: 51, p2: 49, draws: 0 },
    });
  });
});
