/**
 * How a random playout ended (src/engine/play/playout-tally.ts: finished, stuck or cut), and the moves
 * of a playout played again (src/engine/play/playout-moves.ts), which the editor shows for the first
 * playout that got stuck: they must be the moves `Game.playout` made, and replay to its position.
 */
import { describe, expect, it } from "vitest";
import { compileGame } from "../src/compile/index.js";
import type { Game } from "../src/engine/play/game.js";
import { playoutMoves } from "../src/engine/play/playout-moves.js";
import { newTally, tallyPlayout } from "../src/engine/play/playout-tally.js";
import type { State } from "../src/engine/state/state.js";
import { loadGame } from "../src/index.js";

/** Places stones on a 2 x 2 board and nothing ends the game: after four placements nobody can move. */
const STUCK = `(game "Stuck"
  (players 2)
  (equipment { (board (square 2 2)) (piece stone) })
  (rules (start {}) (play (add piece:stone to:(empty to))) (end {})))`;

function compiled(text: string): Game {
  const r = compileGame(text, { file: "t.game" });
  if (!r.game) throw new Error(r.diagnostics.map((d) => d.message).join("; "));
  return r.game;
}

/** The state after the moves, by notation, from the start seeded `seed`. */
function replay(game: Game, seed: number, moves: string[]): State {
  let s = game.newGame({ seed });
  for (const notation of moves) {
    const m = game.parseMove(s, notation);
    if (!m) throw new Error(`'${notation}' is not legal after ${moves.slice(0, moves.indexOf(notation)).join(" ")}`);
    s = game.apply(s, m);
  }
  return s;
}

describe("how random playouts end", () => {
  it("a player to act without a legal move, nothing ending the game: stuck, with the moves that led there", () => {
    const game = compiled(STUCK);
    const t = newTally(game.playerCount);
    for (let seed = 1; seed <= 5; seed++) {
      const s = game.newGame({ seed });
      const stats = { branching: 0 };
      expect(tallyPlayout(game, s, game.playout(s, 100, stats), stats.branching, t)).toBe("stuck");
      const moves = playoutMoves(game, game.newGame({ seed }), 100);
      expect(moves).toHaveLength(4);
      expect(game.hash(replay(game, seed, moves))).toBe(game.hash(s));
    }
    expect(t).toMatchObject({ playouts: 5, unfinished: 5, stuck: 5, draws: 0, plies: 20 });
  });

  it("a game still going at the ply limit: cut, not stuck; a finished one: finished", () => {
    const game = loadGame("tic-tac-toe");
    const t = newTally(game.playerCount);
    const cut = game.newGame({ seed: 1 });
    expect(tallyPlayout(game, cut, game.playout(cut, 2), 0, t)).toBe("cut");
    const done = game.newGame({ seed: 1 });
    expect(tallyPlayout(game, done, game.playout(done, 100), 0, t)).toBe("finished");
    expect(t).toMatchObject({ playouts: 2, unfinished: 1, stuck: 0 });
  });

  // Placement, captures in chains, hands and promotions, stacks, and dice (throws drawn by the state's generator).
  it.each(["tic-tac-toe", "dablot", "shogi", "chess", "benediction", "backgammon", "pachisi"])("%s: the moves played again are the playout's, and replay to its position", (name) => {
    const game = loadGame(name);
    for (const seed of [1, 2]) {
      const s = game.newGame({ seed });
      const plies = game.playout(s, 150, { branching: 0 });
      const again = game.newGame({ seed });
      const moves = playoutMoves(game, again, 150);
      expect(game.hash(again)).toBe(game.hash(s));
      expect(again.ply).toBe(s.ply);
      expect(moves.length).toBeGreaterThanOrEqual(plies);
      expect(game.hash(replay(game, seed, moves))).toBe(game.hash(s));
    }
  });
  // A regression once: `no-moves` answered through any() generated a decision's moves, and the playout then generated
  // them again. (Games without a sampler: where one draws, `no-moves` keeps its quick any().)
  it.each(["konane", "amazons", "dablot", "blind-kings"])("%s: a playout generates each position's moves once, `no-moves` included", (name) => {
    const game = loadGame(name);
    const seen = new Set<string>();
    let twice = 0;
    const originals = game.def.generators.map((g) => g.generate);
    game.def.generators.forEach((g, i) => {
      const generate = g.generate.bind(g);
      g.generate = (s, c, out) => {
        const key = `${i} ${c.player} ${s.version}`;
        if (seen.has(key)) twice++;
        seen.add(key);
        generate(s, c, out);
      };
    });
    try {
      for (const seed of [1, 2, 3]) {
        const s = game.newGame({ seed });
        game.playout(s, 10000);
        expect(s.over).toBe(true);
      }
      expect(twice).toBe(0);
    } finally {
      game.def.generators.forEach((g, i) => (g.generate = originals[i]!));
    }
  });
});
