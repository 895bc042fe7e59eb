/**
 * Alpha-beta search with iterative deepening, a transposition table keyed by the state hash, and
 * move ordering (the table's best move first, then captures). Only for two-player zero-sum games
 * with perfect information: anything else is refused with a clear message.
 *
 * Values are from the root player's point of view; the side to move maximises when it is the root
 * player, so a turn of several actions by one player is searched as that player's, not as
 * alternating plies.
 */
import type { Game } from "../engine/play/game.js";
import type { Move, MoveCode } from "../engine/moves/moves.js";
import type { State } from "../engine/state/state.js";
import { AgentSpecError, type Agent } from "./agent.js";
import { evaluate, pieceValues, WIN } from "./evaluate.js";
import { MAX_TABLE_ENTRIES } from "../limits.js";

export interface AlphaBetaOptions {
  depth: number;
  /** Milliseconds per decision; deepening stops when it runs out (after depth 1). */
  timeMs?: number;
  /** The most positions the table keeps (default MAX_TABLE_ENTRIES; specs cannot set it). */
  maxEntries?: number;
}

const EXACT = 0, LOWER = 1, UPPER = 2;

interface Entry {
  depth: number;
  value: number;
  bound: number;
  best: number;
}

class OutOfTime extends Error {}

export class AlphaBetaAgent implements Agent {
  private info: string | undefined;
  private values?: Float64Array;
  private table = new Map<number, Entry>();
  private nodes = 0;
  private deadline = Infinity;
  private root = 0;

  constructor(
    readonly name: string,
    private readonly o: AlphaBetaOptions,
  ) {}

  /** Throws AgentSpecError when the game is not two-player, zero-sum and fully visible. */
  static check(game: Game): void {
    if (game.playerCount !== 2) throw new AgentSpecError(`alphabeta plays two-player games; ${game.name} has ${game.playerCount} players (use mcts)`);
    if (game.def.concealFlags !== 0) throw new AgentSpecError(`alphabeta needs perfect information; ${game.name} hides pieces (use mcts)`);
  }

  lastInfo(): string | undefined {
    return this.info;
  }

  choose(game: Game, observation: State, legal: Move[]): Move {
    AlphaBetaAgent.check(game);
    this.values ??= pieceValues(game);
    this.root = observation.seatPlayer[observation.mover]!;
    this.nodes = 0;
    this.table.clear();
    const start = performance.now();
    this.deadline = this.o.timeMs === undefined ? Infinity : start + this.o.timeMs;
    let bestIndex = 0, bestValue = 0, reached = 0;
    for (let depth = 1; depth <= this.o.depth; depth++) {
      try {
        const { index, value } = this.searchRoot(game, observation, legal, depth, bestIndex);
        bestIndex = index;
        bestValue = value;
        reached = depth;
      } catch (e) {
        if (e instanceof OutOfTime) break;
        throw e;
      }
      if (Math.abs(bestValue) >= WIN / 2) break; // a forced result: deeper search changes nothing
      if (performance.now() >= this.deadline) break;
    }
    const move = legal[bestIndex]!;
    this.info = `depth ${reached}, ${this.nodes} nodes in ${Math.round(performance.now() - start)} ms, best ${move.notation} (value ${bestValue.toFixed(1)})`;
    return move;
  }

  private searchRoot(game: Game, s: State, legal: Move[], depth: number, previousBest: number): { index: number; value: number } {
    const order = legal.map((_, i) => i).sort((a, b) => (b === previousBest ? 1 : 0) - (a === previousBest ? 1 : 0) || captures(legal[b]!) - captures(legal[a]!));
    let alpha = -Infinity;
    let bestIndex = order[0]!;
    for (const i of order) {
      const v = this.search(game, game.applyUnchecked(s, legal[i]!), depth - 1, alpha, Infinity);
      if (v > alpha) {
        alpha = v;
        bestIndex = i;
      }
    }
    return { index: bestIndex, value: alpha };
  }

  private search(game: Game, s: State, depth: number, alpha: number, beta: number): number {
    if ((++this.nodes & 1023) === 0 && performance.now() >= this.deadline) throw new OutOfTime();
    if (s.over) return s.returns[game.seatOf(s, this.root)]! * (WIN + depth); // sooner wins are better
    if (depth <= 0) return evaluate(game, s, this.root, this.values!);
    if (s.rollDue) return this.expected(game, s, depth);
    const key = game.hash(s);
    const entry = this.table.get(key);
    if (entry && entry.depth >= depth) {
      if (entry.bound === EXACT) return entry.value;
      if (entry.bound === LOWER && entry.value >= beta) return entry.value;
      if (entry.bound === UPPER && entry.value <= alpha) return entry.value;
    }
    const buf = game.generate(s);
    if (buf.size === 0) return evaluate(game, s, this.root, this.values!);
    // Detach the moves: the shared buffer is reused by the recursion.
    const codes: MoveCode[] = [];
    for (let i = 0; i < buf.size; i++) codes.push(buf.code(i));
    const order = codes.map((_, i) => i).sort((a, b) => (b === entry?.best ? 1 : 0) - (a === entry?.best ? 1 : 0) || codes[b]!.captures.length - codes[a]!.captures.length);
    const maximise = s.seatPlayer[s.mover] === this.root;
    let best = maximise ? -Infinity : Infinity;
    let bestMove = order[0]!;
    const a0 = alpha, b0 = beta;
    for (const i of order) {
      const child = s.clone();
      game.applyCodeUnchecked(child, codes[i]!);
      const v = this.search(game, child, depth - 1, alpha, beta);
      if (maximise ? v > best : v < best) {
        best = v;
        bestMove = i;
      }
      if (maximise) alpha = Math.max(alpha, v);
      else beta = Math.min(beta, v);
      if (alpha >= beta) break;
    }
    const bound = best <= a0 ? UPPER : best >= b0 ? LOWER : EXACT;
    // A full table keeps what it has (memory is bounded); the search goes on without storing.
    if (entry !== undefined || this.table.size < (this.o.maxEntries ?? MAX_TABLE_ENTRIES)) this.table.set(key, { depth, value: best, bound, best: bestMove });
    return best;
  }

  /**
   * A throw of the dice (a chance node): the mean value over its outcomes, all equally likely,
   * each searched with a full window (expectiminimax; bounds from the players' nodes above do not
   * carry over an average). The throw takes no ply of the depth.
   */
  private expected(game: Game, s: State, depth: number): number {
    const buf = game.generate(s);
    const codes: MoveCode[] = [];
    for (let i = 0; i < buf.size; i++) codes.push(buf.code(i));
    let sum = 0;
    for (const code of codes) {
      const child = s.clone();
      game.applyCodeUnchecked(child, code);
      sum += this.search(game, child, depth, -Infinity, Infinity);
    }
    return codes.length ? sum / codes.length : evaluate(game, s, this.root, this.values!);
  }
}

function captures(m: Move): number {
  return m.captures?.length ?? 0;
}
