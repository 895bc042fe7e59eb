/**
 * Agents by spec string: `random`, `greedy`, `mcts:iterations=2000,c=1.4`, `mcts:time=2s`,
 * `alphabeta:depth=3`, `alphabeta:depth=8,time=1s`. Unknown agents and parameters are errors.
 */
import type { Game } from "../engine/game.js";
import { AgentSpecError, parseSpec, SpecReader, type Agent } from "./agent.js";
import { AlphaBetaAgent } from "./alphabeta.js";
import { MctsAgent } from "./mcts.js";
import { GreedyAgent, RandomAgent } from "./simple.js";

export { AgentSpecError, type Agent } from "./agent.js";

export const AGENT_KINDS = ["random", "greedy", "mcts", "alphabeta"] as const;

export const AGENT_HELP = [
  "random                          uniformly random legal moves",
  "greedy                          best generic evaluation one move ahead (material, scores, then mobility)",
  "mcts:iterations=N | time=T      UCT search; c=1.4 exploration, rollout=40 plies then evaluation,\n                                  captures=0.5 chance a playout move is a capture when one exists;\n                                  with time=T, early=1 stops once the best move cannot change (early=0: use all T);\n                                  discount=1 per-ply factor on returns (e.g. 0.99 prefers quicker wins)",
  "alphabeta:depth=D [,time=T]     iterative-deepening alpha-beta (two-player, perfect information)",
].join("\n");

/**
 * Makes an agent from its spec, seeded with `seed`. With a game, also checks that the agent can
 * play it (alpha-beta refuses games that are not two-player zero-sum with perfect information).
 */
export function createAgent(spec: string, seed: number, game?: Game): Agent {
  const { kind, params } = parseSpec(spec);
  const read = new SpecReader(spec, params);
  switch (kind) {
    case "random":
      read.done([]);
      return new RandomAgent(seed);
    case "greedy":
      read.done([]);
      return new GreedyAgent(seed);
    case "mcts": {
      const iterations = params.has("iterations") ? Math.floor(read.number("iterations", 1000, 1)) : undefined;
      const timeMs = read.duration("time");
      const c = read.number("c", 1.4, 0);
      const maxRollout = read.number("rollout", 40, 1);
      const captureBias = read.number("captures", 0.5, 0);
      if (captureBias > 1) throw new AgentSpecError(`captures=${captureBias} in '${spec}' must be a probability (0 to 1)`);
      const early = read.number("early", 1, 0);
      if (early !== 0 && early !== 1) throw new AgentSpecError(`early=${early} in '${spec}' must be 1 (stop when the choice is settled) or 0 (use all the time)`);
      const discount = read.number("discount", 1, 0);
      if (discount === 0 || discount > 1) throw new AgentSpecError(`discount=${discount} in '${spec}' must be above 0 and at most 1`);
      read.done(["iterations", "time", "c", "rollout", "captures", "early", "discount"]);
      return new MctsAgent(spec, { iterations: iterations ?? (timeMs === undefined ? 1000 : undefined), timeMs, c, maxRollout, captureBias, earlyStop: early === 1, discount, seed });
    }
    case "alphabeta": {
      const depth = read.number("depth", 3, 1);
      const timeMs = read.duration("time");
      read.done(["depth", "time"]);
      if (game) AlphaBetaAgent.check(game);
      return new AlphaBetaAgent(spec, { depth: Math.floor(depth), timeMs });
    }
    default:
      throw new AgentSpecError(`unknown agent '${kind}' (known: human, ${AGENT_KINDS.join(", ")}; e.g. mcts:time=1s)`);
  }
}
