/**
 * Janggi replays Ludii 1.3.12's own games move by move: 40 uniformly random games of Ludii's Janggi
 * (test/ludii/janggi-games.txt.gz, written by test/ludii/harness/LudiiJanggiGames.java around
 * Ludii's game.moves() with java.util.Random(1)). At every decision the legal moves here must be
 * exactly Ludii's -- the palace moves, Ludii's chariot in a palace, the cannons, check -- the move
 * Ludii chose is made, and each game ends as Ludii's did (most of them by bikjang). Ludii writes
 * every move from-to, a capture too, and a forced pass `pass`.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";

interface LudiiGame {
  decisions: { mover: number; chosen: string; legal: string[] }[];
  winner: number;
}

function readGames(): LudiiGame[] {
  const text = gunzipSync(readFileSync(new URL("./ludii/janggi-games.txt.gz", import.meta.url))).toString("utf8");
  const games: LudiiGame[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("# game")) games.push({ decisions: [], winner: -1 });
    else if (line.startsWith("# result")) games.at(-1)!.winner = Number(/winner=(\d+)/.exec(line)![1]);
    else if (line.trim() && !line.startsWith("#")) {
      const [mover, chosen, legal] = line.split(" | ");
      games.at(-1)!.decisions.push({ mover: Number(mover), chosen: chosen!, legal: legal!.split(" ").sort() });
    }
  }
  return games;
}

/** Our notation in Ludii's: a capture written from-to like any move. */
const ludiiNotation = (n: string) => n.replace("x", "-");

describe("janggi replays Ludii's games", () => {
  const janggi = loadGame("games/janggi.game");
  const games = readGames();

  it("has the 40 games", () => {
    expect(games).toHaveLength(40);
  });

  it("every decision of every game has Ludii's legal moves, and every game ends as Ludii's did", () => {
    for (const [i, game] of games.entries()) {
      let s = janggi.newGame({ seed: 1 });
      for (const [d, { mover, chosen, legal }] of game.decisions.entries()) {
        const where = `game ${i + 1}, decision ${d + 1}`;
        expect(s.over, where).toBe(false);
        expect(s.mover + 1, where).toBe(mover);
        const moves = janggi.legalMoves(s);
        expect(moves.map((m) => ludiiNotation(m.notation)).sort(), where).toEqual(legal);
        s = janggi.apply(s, moves.find((m) => ludiiNotation(m.notation) === chosen)!);
      }
      expect(s.over, `game ${i + 1} is over`).toBe(true);
      expect([...s.returns], `game ${i + 1}: Ludii's winner ${game.winner}`).toEqual(game.winner === 0 ? [0, 0] : game.winner === 1 ? [1, -1] : [-1, 1]);
    }
  });
});
