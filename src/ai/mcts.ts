/**
 * Monte Carlo tree search (UCT) for any number of players.
 *
 * - Every node keeps the sum of the returns vector of the playouts through it, one entry per
 *   player, and is judged by the player who made the move into it: 3-5 players, draws and
 *   multi-action turns (the same player choosing twice in a row) need nothing special.
 * - Hidden information: each iteration samples a world consistent with the agent's observation
 *   (`game.determinize`) and walks the tree by the moves legal in that world (single-observer
 *   information-set MCTS: a child's exploration term counts how often it was available).
 * - Playouts are random (captures preferred with probability `captureBias`) and cut after
 *   `maxRollout` plies, where an estimate in (-1, 1) from material and scores stands in for the
 *   result (see `estimate`).
 * - Throws of the dice are chance nodes: each iteration draws one outcome (uniformly, with the
 *   agent's own generator) and walks on through its node; playouts draw theirs the same way.
 * - The tree is kept between decisions in perfect-information games: the next search starts from
 *   the node reached by the moves played since, when it is found within a few plies.
 * - The tree is bounded (MAX_TREE_NODES): a search that fills it stops there and plays the best
 *   move found, whatever its iterations or time ask; a kept tree past half of it is dropped.
 */
import type { Game } from "../engine/play/game.js";
import { NO_VALUE, type Move, type MoveBuffer, type MoveCode } from "../engine/moves/moves.js";
import { nextInt, seedRng } from "../engine/state/rng.js";
import { MAX_TREE_NODES } from "../limits.js";
import type { State } from "../engine/state/state.js";
import { AgentSpecError, type Agent } from "./agent.js";
import { pieceValues, worthByPlayer } from "./evaluate.js";

export interface MctsOptions {
  iterations?: number;
  /** Milliseconds per decision (used when iterations is not given). */
  timeMs?: number;
  /** Exploration constant. */
  c: number;
  /** Playout length cap; a playout cut there is scored by the generic evaluation. */
  maxRollout: number;
  /** Probability that a playout move is a capture, when one is possible. */
  captureBias: number;
  /**
   * With a time budget, stop as soon as the most visited move cannot be overtaken in the time
   * left at the current rate (the choice is the one the full search would make, sooner).
   */
  earlyStop: boolean;
  /**
   * Returns are multiplied by this per ply between the root and the end of the playout, so a
   * quicker win (and a later loss) is worth more. Off (1) by default: in short trials on two of
   * our games (10 games each) 0.99 and 0.998 did not play better than 1.
   */
  discount: number;
  seed: number;
  /** The most nodes the tree may hold (default MAX_TREE_NODES; specs cannot set it). */
  maxNodes?: number;
}

class Node {
  visits = 0;
  /** Times this node's move was legal when its parent was visited (hidden information). */
  available = 0;
  readonly total: Float64Array;
  readonly children = new Map<number | string, Node>();
  /** Hash of the state at this node (perfect-information games, shallow nodes: for tree reuse). */
  hash = -1;

  constructor(
    readonly parent: Node | null,
    /** The player who made the move into this node (-1 at the root). */
    readonly player: number,
    /** The move into this node, detached from the move buffer. */
    readonly move: MoveCode | null,
    players: number,
    readonly depth: number,
  ) {
    this.total = new Float64Array(players);
  }

  mean(player: number): number {
    return this.visits ? this.total[player]! / this.visits : 0;
  }
}

/** Worth difference at which the tanh half of a cut-off playout's estimate is 0.76 (tanh(1)). */
const EVAL_SCALE = 3;

/** Depth to which states are hashed for tree reuse, and searched for the current position. */
const REUSE_DEPTH = 4;

export class MctsAgent implements Agent {
  private readonly rng = new Uint32Array(4);
  private root: Node | null = null;
  /** Nodes in the tree under `root` (the memory the agent holds). */
  private treeNodes = 0;
  private info: string | undefined;
  /** Scratch state for iterations (no allocation per iteration). */
  private scratch: State | null = null;
  private values?: Float64Array;
  private estimateBuf?: Float64Array;
  private worthBuf?: Float64Array;
  private discountBuf?: Float64Array;

  constructor(
    readonly name: string,
    private readonly o: MctsOptions,
  ) {
    seedRng(this.rng, o.seed);
    if (o.iterations === undefined && o.timeMs === undefined) throw new AgentSpecError("mcts needs iterations=N or time=T");
  }

  lastInfo(): string | undefined {
    return this.info;
  }

  choose(game: Game, observation: State, legal: Move[]): Move {
    if (legal.length === 1) {
      this.info = `only move ${legal[0]!.notation}`;
      this.root = null;
      this.treeNodes = 0;
      return legal[0]!;
    }
    const hidden = observation.concealedPool !== undefined;
    let root = !hidden ? this.reuse(game, observation) : null;
    const maxNodes = this.o.maxNodes ?? MAX_TREE_NODES;
    if (!root || this.treeNodes > maxNodes / 2) root = this.newRoot(game, observation);
    this.root = root;
    const start = performance.now();
    const deadline = this.o.timeMs === undefined ? Infinity : start + this.o.timeMs;
    const target = this.o.iterations ?? Infinity;
    const visitsBefore = root.visits;
    let done = 0;
    let stoppedEarly = false;
    while (done < target && this.treeNodes < maxNodes) {
      this.iterate(game, observation, root, hidden);
      done++;
      if ((done & 15) !== 0) continue;
      const now = performance.now();
      if (now >= deadline) break;
      if (this.o.earlyStop && deadline !== Infinity && this.decided(root, root.visits - visitsBefore, now - start, deadline - now)) {
        stoppedEarly = true;
        break;
      }
    }
    const { node: best, move } = this.bestChild(root, legal);
    const winRate = ((best.mean(observation.seatPlayer[observation.mover]!) + 1) / 2) * 100;
    this.info = `${done} iterations in ${Math.round(performance.now() - start)} ms${stoppedEarly ? " (decided early)" : ""}${this.treeNodes >= maxNodes ? ` (tree full: ${this.treeNodes} nodes)` : ""}, best ${move.notation} (${best.visits} visits, win estimate ${winRate.toFixed(0)}%)`;
    return move;
  }

  /**
   * True when the most visited root child leads every other by more visits than the iterations
   * still to come at the rate so far: the rest of the time could not change the choice.
   */
  private decided(root: Node, iterationsSoFar: number, elapsedMs: number, remainingMs: number): boolean {
    let first = 0, second = 0;
    for (const child of root.children.values()) {
      if (child.visits > first) {
        second = first;
        first = child.visits;
      } else if (child.visits > second) second = child.visits;
    }
    const toCome = (iterationsSoFar / Math.max(elapsedMs, 1)) * remainingMs;
    return first - second > toCome;
  }

  private newRoot(game: Game, observation: State): Node {
    const root = new Node(null, -1, null, game.playerCount, 0);
    if (observation.concealedPool === undefined) root.hash = game.hash(observation);
    this.treeNodes = 1;
    return root;
  }

  /** The node of the current position in the kept tree, made the new root. */
  private reuse(game: Game, observation: State): Node | null {
    if (!this.root) return null;
    const h = game.hash(observation);
    const stack: Node[] = [this.root];
    while (stack.length) {
      const n = stack.pop()!;
      if (n.hash === h && n !== this.root) {
        // Detach: the new root's depth restarts at 0 for later reuse checks.
        const root = new Node(null, -1, null, game.playerCount, 0);
        root.hash = h;
        root.visits = n.visits;
        root.total.set(n.total);
        const count = { nodes: 1 };
        for (const [k, child] of n.children) root.children.set(k, rebase(child, root, count));
        this.treeNodes = count.nodes;
        return root;
      }
      if (n.depth < REUSE_DEPTH) for (const c of n.children.values()) stack.push(c);
    }
    return null;
  }

  private iterate(game: Game, observation: State, root: Node, hidden: boolean): void {
    const world = hidden ? game.determinize(observation, this.rng) : this.copy(observation);
    let node = root;
    // Selection, until a node with a move not yet tried; then expansion of one such move.
    while (!world.over) {
      const buf = game.generate(world);
      if (buf.size === 0) break;
      // A throw of the dice: an outcome drawn (with the agent's own generator: the state's would
      // tell the future), its node made when first met; nobody chooses here.
      if (world.rollDue) {
        const row = nextInt(this.rng, buf.size), key = moveKey(buf, row);
        let child = node.children.get(key);
        if (!child) {
          node.children.set(key, (child = new Node(node, -1, buf.code(row), game.playerCount, node.depth + 1)));
          this.treeNodes++;
        }
        game.applyRow(world, buf, row);
        node = child;
        continue;
      }
      let untried = 0;
      for (let i = 0; i < buf.size; i++) {
        const child = node.children.get(moveKey(buf, i));
        if (!child) untried++;
        else if (hidden) child.available++;
      }
      if (untried > 0) {
        let pick = nextInt(this.rng, untried);
        let row = 0;
        for (; row < buf.size; row++) if (!node.children.has(moveKey(buf, row)) && pick-- === 0) break;
        const child = new Node(node, world.seatPlayer[world.mover]!, buf.code(row), game.playerCount, node.depth + 1);
        child.available = 1;
        node.children.set(moveKey(buf, row), child);
        this.treeNodes++;
        game.applyRow(world, buf, row);
        if (!hidden && child.depth <= REUSE_DEPTH) child.hash = game.hash(world);
        node = child;
        break;
      }
      const row = this.select(node, buf, world.seatPlayer[world.mover]!, hidden);
      node = node.children.get(moveKey(buf, row))!;
      game.applyRow(world, buf, row);
    }
    // Simulation: random moves, captures preferred with probability `captureBias`.
    let plies = 0;
    const treePlies = node.depth;
    while (!world.over && plies < this.o.maxRollout) {
      const buf = game.generate(world);
      if (buf.size === 0) break;
      game.applyRow(world, buf, this.rolloutMove(buf));
      plies++;
    }
    // Backpropagation of the returns vector; a playout cut short is scored by the evaluation.
    const result = this.discounted(world.over ? (world.seatPlayer[0] === 0 ? world.returns : Float64Array.from(game.returns(world))) : this.estimate(game, world), treePlies + plies);
    for (let n: Node | null = node; n; n = n.parent) {
      n.visits++;
      for (let p = 0; p < result.length; p++) n.total[p]! += result[p]!;
    }
  }

  /** A playout move: a random capture with probability captureBias when there is one, else any. */
  private rolloutMove(buf: MoveBuffer): number {
    if (this.o.captureBias > 0 && nextInt(this.rng, 1000) < this.o.captureBias * 1000) {
      let captures = 0;
      for (let i = 0; i < buf.size; i++) if (buf.capLen[i]! > 0) captures++;
      if (captures > 0) {
        let pick = nextInt(this.rng, captures);
        for (let i = 0; i < buf.size; i++) if (buf.capLen[i]! > 0 && pick-- === 0) return i;
      }
    }
    return nextInt(this.rng, buf.size);
  }

  private discounted(result: Float64Array, plies: number): Float64Array {
    if (this.o.discount === 1) return result;
    const out = this.discountBuf ?? (this.discountBuf = new Float64Array(result.length));
    const f = Math.pow(this.o.discount, plies);
    for (let p = 0; p < out.length; p++) out[p] = result[p]! * f;
    return out;
  }

  /**
   * Returns in (-1, 1) for an unfinished position, from each player's worth W (material and
   * scores) against the mean worth O of the others: half tanh((W - O) / EVAL_SCALE), which tells
   * a one-piece lead from equality early on, and half the share (W - O) / (W + O), which still
   * grows as the last enemy pieces fall (tanh alone saturates there, and a won endgame would be
   * played aimlessly, with every move valued alike).
   */
  private estimate(game: Game, s: State): Float64Array {
    const P = game.playerCount;
    this.values ??= pieceValues(game);
    this.worthBuf ??= new Float64Array(P);
    const out = this.estimateBuf ?? (this.estimateBuf = new Float64Array(P));
    const worth = worthByPlayer(game, s, this.values, this.worthBuf);
    let total = 0;
    for (let p = 0; p < P; p++) total += worth[p]!;
    for (let p = 0; p < P; p++) {
      const own = worth[p]!, others = (total - own) / Math.max(1, P - 1);
      const share = own + others > 0 ? (own - others) / (own + others) : 0;
      out[p] = 0.5 * Math.tanh((own - others) / EVAL_SCALE) + 0.5 * share;
    }
    return out;
  }

  /**
   * UCB1 over the children legal in this world, each judged by the player to move here. With
   * hidden information the exploration term counts how often a child was available.
   */
  private select(node: Node, buf: MoveBuffer, mover: number, hidden: boolean): number {
    let best = 0, bestScore = -Infinity;
    const logN = Math.log(Math.max(1, node.visits));
    for (let i = 0; i < buf.size; i++) {
      const child = node.children.get(moveKey(buf, i))!;
      const explore = hidden ? Math.log(Math.max(1, child.available)) : logN;
      const score = (child.mean(mover) + 1) / 2 + this.o.c * Math.sqrt(explore / child.visits);
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    return best;
  }

  /** The most visited child among the legal moves, with its move. */
  private bestChild(root: Node, legal: Move[]): { node: Node; move: Move } {
    let best: { node: Node; move: Move } | null = null;
    for (const child of root.children.values()) {
      const move = legal.find((m) => sameCode(m.code, child.move!));
      if (move && (!best || child.visits > best.node.visits)) best = { node: child, move };
    }
    return best ?? { node: root, move: legal[0]! };
  }

  private copy(s: State): State {
    if (!this.scratch || this.scratch.shape !== s.shape) this.scratch = s.clone();
    else this.scratch.copyFrom(s);
    return this.scratch;
  }
}

function rebase(n: Node, parent: Node, count: { nodes: number }): Node {
  count.nodes++;
  const copy = new Node(parent, n.player, n.move, n.total.length, parent.depth + 1);
  copy.visits = n.visits;
  copy.available = n.available;
  copy.hash = copy.depth <= REUSE_DEPTH ? n.hash : -1;
  copy.total.set(n.total);
  for (const [k, c] of n.children) copy.children.set(k, rebase(c, copy, count));
  return copy;
}

/**
 * A move's identity within one position: its rule, sites, count, piece type (a drop of a rook and
 * of a pawn on one square, or the choices of a promotion, differ only there), extra word and the
 * number the player chose (`for-each-value`). A
 * number when every field fits its slot (2^52 in all), else a string (large boards, multi-landing
 * chains): two different moves never share a key.
 */
function moveKey(buf: MoveBuffer, i: number): number | string {
  const gen = buf.gen[i]!, from = buf.from[i]! + 1, to = buf.to[i]! + 1, count = buf.count[i]!, piece = buf.piece[i]! + 1, extra = buf.extra[i]!;
  const len = buf.pathLen[i]!, value = buf.value[i]!;
  if (len <= 1 && value === NO_VALUE && gen < 128 && from < 1024 && to < 1024 && count >= 0 && count < 64 && piece >= 0 && piece < 64 && extra >= 0 && extra < 8192)
    return ((((gen * 1024 + from) * 1024 + to) * 64 + count) * 64 + piece) * 8192 + extra;
  let key = `${gen},${from},${to},${count},${piece},${extra}`;
  if (value !== NO_VALUE) key += `:${value}`;
  if (len > 1) for (let k = 0, start = buf.pathStart[i]!; k < len; k++) key += `,${buf.pool[start + k]}`;
  return key;
}

function sameCode(a: MoveCode, b: MoveCode): boolean {
  return a.gen === b.gen && a.from === b.from && a.to === b.to && a.count === b.count && a.piece === b.piece && a.extra === b.extra && a.value === b.value && a.path.join() === b.path.join();
}
