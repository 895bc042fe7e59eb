/**
 * Agents by spec string: `random`, `greedy`, `mcts:iterations=2000,c=1.4`, `mcts:time=2s`,
 * `alphabeta:depth=3`, `alphabeta:depth=8,time=1s`. Unknown agents and parameters are errors, and
 * so is a budget beyond its bound (AGENT_BOUNDS), except in a spec read from a record, where
 * capAgentSpec holds it to the bound.
 */
import type { Game } from "../engine/play/game.js";
import {
  MAX_AGENT_DEPTH,
  MAX_AGENT_EXPLORATION,
  MAX_AGENT_ITERATIONS,
  MAX_AGENT_ROLLOUT,
  MAX_AGENT_TIME_MS,
  MAX_RECORD_AGENT_DEPTH,
  MAX_RECORD_AGENT_ITERATIONS,
  MAX_RECORD_AGENT_TIME_MS,
  MAX_TABLE_ENTRIES,
  MAX_TREE_NODES,
} from "../limits.js";
import { AgentSpecError, boundText, parseSpec, SpecReader, type Agent, type BeyondBound, type Bound, type Cap } from "./agent.js";
import { AlphaBetaAgent, type AlphaBetaOptions } from "./alphabeta.js";
import { MctsAgent, type MctsOptions } from "./mcts.js";
import { GreedyAgent, RandomAgent } from "./simple.js";

export { AgentSpecError, boundText, type Agent, type Bound, type Cap } from "./agent.js";

export const AGENT_KINDS = ["random", "greedy", "mcts", "alphabeta"] as const;

/** The bounds of the budgets a spec may ask for (see src/limits.ts for why each is where it is). */
export const AGENT_BOUNDS = {
  iterations: { max: MAX_AGENT_ITERATIONS, shown: String(MAX_AGENT_ITERATIONS), unit: "iterations a decision" },
  time: { max: MAX_AGENT_TIME_MS, shown: `${MAX_AGENT_TIME_MS / 1000}s`, unit: "of thinking a decision" },
  depth: { max: MAX_AGENT_DEPTH, shown: String(MAX_AGENT_DEPTH), unit: "plies of search" },
  rollout: { max: MAX_AGENT_ROLLOUT, shown: String(MAX_AGENT_ROLLOUT), unit: "plies a playout" },
  c: { max: MAX_AGENT_EXPLORATION, shown: String(MAX_AGENT_EXPLORATION), unit: "for the exploration constant" },
} as const satisfies Record<string, Bound>;

/** The lower bounds of an agent read from a record's seat (see src/limits.ts): seconds a decision, not hours. */
export const RECORD_AGENT_BOUNDS = {
  ...AGENT_BOUNDS,
  iterations: { max: MAX_RECORD_AGENT_ITERATIONS, shown: String(MAX_RECORD_AGENT_ITERATIONS), unit: "iterations a decision for a record's agent" },
  time: { max: MAX_RECORD_AGENT_TIME_MS, shown: `${MAX_RECORD_AGENT_TIME_MS / 1000}s`, unit: "of thinking a decision for a record's agent" },
  depth: { max: MAX_RECORD_AGENT_DEPTH, shown: String(MAX_RECORD_AGENT_DEPTH), unit: "plies of search for a record's agent" },
} as const satisfies Record<string, Bound>;

export const AGENT_HELP = [
  "random                          uniformly random legal moves",
  "greedy                          best generic evaluation one move ahead (material, scores, then mobility)",
  "mcts:iterations=N | time=T      UCT search; c=1.4 exploration, rollout=40 plies then evaluation,\n                                  captures=0.5 chance a playout move is a capture when one exists;\n                                  with time=T, early=1 stops once the best move cannot change (early=0: use all T);\n                                  discount=1 per-ply factor on returns (e.g. 0.99 prefers quicker wins)",
  "alphabeta:depth=D [,time=T]     iterative-deepening alpha-beta (two-player, perfect information)",
  `at most                         ${Object.entries(AGENT_BOUNDS).map(([name, b]) => `${name}=${b.shown}`).join(", ")}\n                                  (beyond: refused); an agent from a record's seat is capped to\n                                  ${Object.entries(RECORD_AGENT_BOUNDS).filter(([name, b]) => b.max !== AGENT_BOUNDS[name as keyof typeof AGENT_BOUNDS].max).map(([name, b]) => `${name}=${b.shown}`).join(", ")};\n                                  MCTS stops at ${MAX_TREE_NODES} tree nodes (playing the best move found), alpha-beta\n                                  keeps at most ${MAX_TABLE_ENTRIES} positions; Ctrl-C stops any search at once`,
].join("\n");

/** What a spec asks for, read and checked, before any agent is made. */
type AgentPlan =
  | { kind: "random" }
  | { kind: "greedy" }
  | { kind: "mcts"; options: Omit<MctsOptions, "seed"> }
  | { kind: "alphabeta"; options: AlphaBetaOptions };

/** Reads a spec; values beyond their bounds are refused or capped, as `beyond` says. */
function readAgentSpec(spec: string, beyond: BeyondBound, B: Record<keyof typeof AGENT_BOUNDS, Bound> = AGENT_BOUNDS): { plan: AgentPlan; read: SpecReader } {
  const read = new SpecReader(spec, beyond);
  switch (read.kind) {
    case "random":
    case "greedy":
      read.done([]);
      return { plan: { kind: read.kind }, read };
    case "mcts": {
      const iterations = read.has("iterations") ? read.whole("iterations", 1000, 1, B.iterations) : undefined;
      const timeMs = read.duration("time", B.time);
      const c = read.number("c", 1.4, 0, B.c);
      const maxRollout = read.whole("rollout", 40, 1, B.rollout);
      const captureBias = read.number("captures", 0.5, 0);
      if (captureBias > 1) throw new AgentSpecError(`captures=${captureBias} in '${spec}' must be a probability (0 to 1)`);
      const early = read.number("early", 1, 0);
      if (early !== 0 && early !== 1) throw new AgentSpecError(`early=${early} in '${spec}' must be 1 (stop when the choice is settled) or 0 (use all the time)`);
      const discount = read.number("discount", 1, 0);
      if (discount === 0 || discount > 1) throw new AgentSpecError(`discount=${discount} in '${spec}' must be above 0 and at most 1`);
      read.done(["iterations", "time", "c", "rollout", "captures", "early", "discount"]);
      const options = { iterations: iterations ?? (timeMs === undefined ? 1000 : undefined), timeMs, c, maxRollout, captureBias, earlyStop: early === 1, discount };
      return { plan: { kind: "mcts", options }, read };
    }
    case "alphabeta": {
      const depth = read.whole("depth", 3, 1, B.depth);
      const timeMs = read.duration("time", B.time);
      read.done(["depth", "time"]);
      return { plan: { kind: "alphabeta", options: { depth, timeMs } }, read };
    }
    default:
      throw new AgentSpecError(`unknown agent '${read.kind}' (known: human, ${AGENT_KINDS.join(", ")}; e.g. mcts:time=1s)`);
  }
}

/**
 * Makes an agent from its spec, seeded with `seed`. A value beyond its bound is an error (a spec
 * from a record goes through capAgentSpec first). With a game, also checks that the agent can
 * play it (alpha-beta refuses games that are not two-player zero-sum with perfect information).
 */
export function createAgent(spec: string, seed: number, game?: Game): Agent {
  const { plan } = readAgentSpec(spec, "refuse");
  switch (plan.kind) {
    case "random":
      return new RandomAgent(seed);
    case "greedy":
      return new GreedyAgent(seed);
    case "mcts":
      return new MctsAgent(spec, { ...plan.options, seed });
    case "alphabeta":
      if (game) AlphaBetaAgent.check(game);
      return new AlphaBetaAgent(spec, plan.options);
  }
}

/**
 * Whether the agent searches (MCTS, alpha-beta): its decisions can take long, so a command runs
 * them on a thread of their own. Random and greedy choose at once.
 */
export function agentSearches(spec: string): boolean {
  const kind = parseSpec(spec).kind;
  return kind === "mcts" || kind === "alphabeta";
}

/** A spec with its budgets held to their bounds, and the values that were capped. */
export interface CappedSpec {
  spec: string;
  capped: Cap[];
}

/**
 * A spec read from a file (a record's seat): each value beyond its bound -- the lower bounds of
 * RECORD_AGENT_BOUNDS -- is capped to the bound instead of refused, so a record another program
 * or version wrote still loads and plays, seconds a decision. Anything else wrong with the spec (an unknown agent or parameter, a bad value)
 * is still an AgentSpecError.
 */
export function capAgentSpec(spec: string): CappedSpec {
  const { read } = readAgentSpec(spec, "cap", RECORD_AGENT_BOUNDS);
  return { spec: read.cappedSpec(), capped: read.capped };
}

/**
 * The line telling that `seat`'s agent from a record was capped (undefined when it was not):
 * `P1's agent 'mcts:iterations=1000000000' from the record is capped to 'mcts:iterations=100000' (at most 100000 iterations a decision for a record's agent)`.
 */
export function cappedNotice(seat: string, given: string, result: CappedSpec): string | undefined {
  if (!result.capped.length) return undefined;
  return `${seat}'s agent '${given}' from the record is capped to '${result.spec}' (${result.capped.map((c) => boundText(c.bound)).join("; ")})`;
}
