/**
 * Computer players for `ludex play`. Small and local for now: an agent sees the observation of
 * its seat and the legal moves, and picks one using the RNG it is given (seeded from `--seed`,
 * separate from the state's RNG).
 */
import type { Game } from "../engine/game.js";
import type { Move } from "../engine/moves.js";
import { nextInt } from "../engine/rng.js";
import type { State } from "../engine/state.js";

export interface Agent {
  readonly name: string;
  choose(game: Game, observation: State, legal: Move[], rng: Uint32Array): Move;
}

export const randomAgent: Agent = {
  name: "random",
  choose: (_game, _obs, legal, rng) => legal[nextInt(rng, legal.length)]!,
};

/** Agents by the name used on the command line (`--p2 random`). */
export const agents: ReadonlyMap<string, Agent> = new Map([[randomAgent.name, randomAgent]]);

/** Every seat kind `--pN` accepts: `human` and the agents. */
export const seatKinds: readonly string[] = ["human", ...agents.keys()];
