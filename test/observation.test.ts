/**
 * Hidden information (Blind Kings): a player's observation shows nothing of face-down pieces, so
 * states that differ only beneath face-down pieces look the same and offer the same moves; the
 * random deal comes from the seed.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import type { Game } from "../src/engine/play/game.js";
import { describeSite, toPosition } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";
import { swapIdentities } from "./support/games.js";

const game = loadGame(new URL("../games/blind-kings.game", import.meta.url).pathname);
const site = (g: Game, label: string) => g.topology.labels.indexOf(label);


/** Plays `n` random moves (the same choices whatever lies beneath face-down pieces). */
function advance(s: State, n: number): State {
  let state = s;
  for (let i = 0; i < n && !game.isTerminal(state); i++) {
    const moves = game.legalMoves(state);
    state = game.apply(state, moves[(i * 7) % moves.length]!);
  }
  return state;
}

describe("observations", () => {
  it("hide the type and colour of every face-down piece from both players", () => {
    const s = game.newGame({ seed: 3 });
    for (const p of [0, 1]) {
      const o = game.observation(s, p);
      for (let i = 0; i < game.topology.n; i++) {
        expect(describeSite(game, o, i)).toEqual({ piece: "unknown", height: 1, flags: ["hidden"] });
      }
      expect(Array.from(o.pieceCount)).toEqual([0, 0]);
      expect(Array.from(o.rng)).toEqual([0, 0, 0, 0]);
    }
  });

  it("show revealed pieces as they are", () => {
    const s = game.apply(game.newGame({ seed: 3 }), game.parseMove(game.newGame({ seed: 3 }), "?d2")!);
    const o = game.observation(s, 1);
    expect(describeSite(game, o, site(game, "d2"))).toEqual(describeSite(game, s, site(game, "d2")));
    expect(describeSite(game, o, site(game, "d2"))!.owner).toBe("P1");
  });

  it("are identical for states that differ only in hidden identities, and so are the legal moves", () => {
    let checked = 0;
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = advance(game.newGame({ seed }), 12);
      const hidden = Array.from({ length: game.topology.n }, (_, i) => i).filter((i) => s.flags[i]! & 1);
      // Exchange two face-down pieces that really differ (type or colour).
      const pair = hidden.flatMap((a) => hidden.map((b) => [a, b] as const)).find(([a, b]) => s.piece[a] !== s.piece[b] || s.owner[a] !== s.owner[b]);
      if (!pair) continue;
      const t = swapIdentities(s, pair[0], pair[1]);
      expect(toPosition(game, t)).not.toEqual(toPosition(game, s));
      for (const p of [0, 1]) {
        expect(game.observation(t, p).toJSON()).toEqual(game.observation(s, p).toJSON());
      }
      const notations = (x: State) => game.legalMoves(x).map((m) => m.notation);
      expect(notations(t)).toEqual(notations(s));
      // An agent generating moves from its observation sees the same list too.
      expect(notations(game.observation(s, s.mover))).toEqual(notations(s));
      checked++;
    }
    expect(checked).toBeGreaterThan(2);
  });
});

describe("the random face-down deal", () => {
  it("is fixed by the seed", () => {
    expect(toPosition(game, game.newGame({ seed: 11 }))).toEqual(toPosition(game, game.newGame({ seed: 11 })));
    expect(toPosition(game, game.newGame({ seed: 11 }))).not.toEqual(toPosition(game, game.newGame({ seed: 12 })));
  });

  it("deals 16 pieces of each colour with Banqi's counts, all face down", () => {
    const s = game.newGame({ seed: 5 });
    const counts: Record<string, number> = {};
    for (let i = 0; i < game.topology.n; i++) {
      const d = describeSite(game, s, i)!;
      expect(d.flags).toEqual(["hidden"]);
      counts[`${d.owner} ${d.piece}`] = (counts[`${d.owner} ${d.piece}`] ?? 0) + 1;
    }
    for (const owner of ["P1", "P2"]) {
      expect([counts[`${owner} king`], counts[`${owner} cp6`], counts[`${owner} cannon`], counts[`${owner} soldier`]]).toEqual([1, 2, 2, 5]);
    }
  });

  it("replays the same game from the same seed", () => {
    const play = (seed: number) => {
      const s = game.newGame({ seed });
      game.playout(s, 400);
      return toPosition(game, s);
    };
    expect(play(21)).toEqual(play(21));
  });
});
