/**
 * The two baseline agents: uniformly random, and greedy (best generic evaluation one ply ahead:
 * material and scores, then mobility between equals; remaining ties at random).
 */
import type { Game } from "../engine/play/game.js";
import type { Move } from "../engine/moves/moves.js";
import { nextInt, seedRng } from "../engine/state/rng.js";
import type { State } from "../engine/state/state.js";
import type { Agent } from "./agent.js";
import { evaluateWithMobility, pieceValues } from "./evaluate.js";

export class RandomAgent implements Agent {
  readonly name = "random";
  private readonly rng = new Uint32Array(4);
  constructor(seed: number) {
    seedRng(this.rng, seed);
  }
  choose(_game: Game, _obs: State, legal: Move[]): Move {
    return legal[nextInt(this.rng, legal.length)]!;
  }
}

export class GreedyAgent implements Agent {
  readonly name = "greedy";
  private readonly rng = new Uint32Array(4);
  private values?: Float64Array;
  constructor(seed: number) {
    seedRng(this.rng, seed);
  }

  choose(game: Game, observation: State, legal: Move[]): Move {
    this.values ??= pieceValues(game);
    const me = observation.seatPlayer[observation.mover]!;
    // With face-down pieces, judge each move in one sampled world consistent with what we see.
    const world = game.determinize(observation, this.rng);
    let best: Move[] = [];
    let bestValue = -Infinity;
    for (const m of legal) {
      const v = evaluateWithMobility(game, game.applyUnchecked(world, m), me, this.values);
      if (v > bestValue) {
        bestValue = v;
        best = [m];
      } else if (v === bestValue) best.push(m);
    }
    return best[nextInt(this.rng, best.length)]!;
  }
}
