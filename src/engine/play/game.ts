/**
 * The public game API (OpenSpiel-shaped): newGame, currentPlayer, legalMoves, apply, isTerminal,
 * returns, observation, notation, serialisation and hashing, over any compiled GameDef.
 *
 * Hot paths (`generate`, `applyRow`, `playout`) work on the reusable move buffer; the object API
 * (`legalMoves`, `apply`) wraps them for callers that want plain Move objects.
 */
import { placeWorth, returnsByPlace } from "./places.js";
import { MoveBuffer, NO_VALUE, type Move, type MoveCode } from "../moves/moves.js";
import type { ChosenValue } from "../moves/chosen-value.js";
import { NONE, SAMPLED, newCtx, type Ctx, type GameDef, type MoveSource, type RankingKeys, type ReasonPart, type Runtime } from "./rules.js";
import { nextInt, nextU32, shuffle, type Seed } from "../state/rng.js";
import type { WorkBudget } from "./work-budget.js";
import { big, overflowError, PlayLimitError, positionWords } from "./play-limit.js";
import { anyMove } from "../moves/generators.js";
import { MAX_TURN } from "../../limits.js";
import { PositionHistory } from "../structures/repetition.js";
import { EMPTY as EMPTY_SITE, NEUTRAL as NEUTRAL_OWNER, piecesOnBoard, State, UNKNOWN_OWNER, UNKNOWN_PIECE, type SerializedState, type StateShape } from "../state/state.js";
import type { Topology } from "../board/topology.js";
import { RollGenerator, useDie } from "./dice.js";

/** Why a game ended; see Game.endReason. */
export interface EndReason {
  /** Index of the end rule that fired, in the description's order. */
  rule: number;
  text: string;
  /** A ranked outcome's numbers: `values[player]` has one entry per label, most important first. */
  ranking?: { labels: string[]; values: number[][] };
}

/** One outcome of a chance node (a throw of the dice) and how likely it is. */
export interface ChanceOutcome {
  move: Move;
  probability: number;
}

/** currentPlayer() values that are not players. */
export const CHANCE = -1;
export const TERMINAL = -2;

/**
 * A move `apply` refuses: not one of the legal moves of the state it was given, or given after the
 * game ended. The message names the move and the position (turn, who is to act).
 */
export class IllegalMoveError extends Error {
  constructor(
    /** The move as its notation gives it (or its code, when no rule of the game makes such moves). */
    readonly move: string,
    /** Where play stood: `turn 3, P2 to move`, `turn 3, the dice to throw`, `after 9 decisions` (the game over). */
    readonly position: string,
    /** Why: `not one of the legal moves here`, `the game is over`. */
    readonly reason: string,
  ) {
    super(`illegal move ${move}: ${reason} (${position})`);
    this.name = "IllegalMoveError";
  }
}

/** Why a state cannot be read back into a game (another game, other options, another shape). */
export class StateMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StateMismatchError";
  }
}

/** Where a compiled game came from: its file, its built-in name and its description's fingerprint. */
export interface GameSource {
  /** The description file (or `<input>` for text compiled directly). */
  file: string;
  /** The built-in game's name (its .game file's name without the extension), when it was loaded as one. */
  builtin?: string;
  /** Fingerprint of the compiled description (its rules and option values), e.g. `fnv1a64:...`. */
  hash: string;
}

export class Game implements Runtime {
  readonly shape: StateShape;
  readonly topology: Topology;
  private readonly ctx: Ctx = newCtx();
  private readonly endCtx: Ctx = newCtx();
  /** The legal moves of (cachedState, cachedPlayer) at cachedVersion live in `buf`. */
  private readonly buf = new MoveBuffer();
  private cachedState: State | null = null;
  private cachedVersion = -1;
  private cachedPlayer = -1;
  private readonly scratch = new MoveBuffer(4, 64);
  /** The one move a sampling playout draws. */
  private readonly sampleBuf = new MoveBuffer(4, 64);
  /** The play rules, when they can draw a random move without generating all (see MoveSource.sample). */
  private readonly sampler: MoveSource | undefined;
  /** The memory of positions, in games whose rules ask about repetition (see engine/structures/repetition.ts). */
  private readonly history: PositionHistory | null;
  /** The same, when rules ask about it during look-ahead decisions (a filter's `leaving:`); else null. */
  private readonly aheadHistory: PositionHistory | null;
  /** The throw of the dice, in games with dice (its moves are a chance node's outcomes); else null. */
  private readonly roller: RollGenerator | null;
  /** Context of the roll rule's condition. */
  private readonly rollCtx: Ctx = newCtx();
  /** The conditions' work budget (engine/play/work-budget.ts): whole again whenever work on a position begins. */
  private readonly work: WorkBudget;

  constructor(
    readonly def: GameDef,
    readonly source: GameSource = { file: "<input>", hash: "" },
  ) {
    this.topology = def.topology;
    this.work = def.work;
    this.shape = {
      sites: def.topology.n,
      players: def.players.count,
      counters: def.counters.length,
      markers: def.markers.length,
      memory: def.memoryInit.length,
      hand: def.hand ? def.pieces.length : 0,
      dice: def.dice ? def.dice.faces.length : 0,
      levels: def.stackLevels,
      groups: def.groupLinks ? def.topology.n : 0,
      trackPlaces: def.trackPlaces === true,
    };
    def.generators.forEach((g, i) => (g.id = i));
    this.roller = (def.generators.find((g) => g instanceof RollGenerator) as RollGenerator | undefined) ?? null;
    this.chosen = def.chosenValue ?? null;
    const play = def.play as MoveSource & { canSample?: boolean };
    this.sampler = play.sample && play.canSample !== false ? play : undefined;
    this.history = def.repetition
      ? new PositionHistory({
          everyDecision: def.repetition.everyDecision,
          readsLastMove: def.readsLastMove,
          concealFlags: def.concealFlags,
          boardOnly: def.flags.length === 0 && def.stackLevels === 0 && def.hand === null && def.markers.length === 0,
          legalMoves: (s, out) => this.listMoves(s, out),
        })
      : null;
    this.aheadHistory = def.repetition?.lookAhead ? this.history : null;
    def.link(this);
  }

  get name(): string {
    return this.def.name;
  }

  get playerCount(): number {
    return this.def.players.count;
  }

  /** A new game at its start position (before its prelude, if it has one). */
  newGame(opts: { seed?: Seed; reuse?: State } = {}): State {
    // `reuse`: a state of this game to start again in (no allocation), e.g. for a run of playouts.
    const s = opts.reuse ?? this.emptyState(opts.seed ?? 0);
    if (opts.reuse) {
      s.reset(opts.seed ?? 0);
      s.memory.set(this.def.memoryInit);
    }
    const c = this.ctx;
    c.player = 0;
    this.work.reset();
    for (const e of this.def.setup) e(s, c);
    this.fillSupplies(s);
    const prelude = this.def.prelude;
    if (prelude.length) {
      s.preludeLeft = prelude.length;
      s.mover = prelude[0]!.seat;
      s.turn = 0;
      s.actionInTurn = 1;
      s.actionsInTurn = 1;
    } else this.beginFirstTurn(s);
    s.rollDue = this.throwDue(s);
    s.touch();
    return s;
  }

  /**
   * Whether the dice are to be thrown before the decision the state waits for (a loaded position
   * without dice values asks it too): the rules' `roll:` says each turn (its first decision) or each
   * decision, where its condition holds for the mover.
   */
  throwDue(s: State): boolean {
    const roll = this.def.roll;
    if (roll === null || this.roller === null || s.over || s.preludeLeft > 0) return false;
    if (roll.each === "turn" && s.actionInTurn !== 1) return false;
    if (roll.when === null) return true;
    this.rollCtx.player = s.mover;
    return roll.when(s, this.rollCtx);
  }

  private beginFirstTurn(s: State): void {
    s.mover = 0;
    s.turn = 1;
    s.actionInTurn = 1;
    s.actionsInTurn = this.def.turn.firstTurnActions;
  }

  /**
   * Sets each player's supply to what is not on the board or scored (games with a supply; never
   * below 0). Used at the start and for positions that do not give the supply.
   */
  fillSupplies(s: State): void {
    const total = this.def.supplyTotal;
    if (total < 0) return;
    const onBoard = piecesOnBoard(s, s.supply.length);
    for (let p = 0; p < s.supply.length; p++) s.supply[p] = Math.max(0, total - onBoard[p]! - s.score[p]!);
  }

  /** An empty state of this game's shape (for loading positions). */
  emptyState(seed: Seed = 0): State {
    const s = State.seeded(this.shape, seed);
    s.links = this.def.groupLinks;
    s.memory.set(this.def.memoryInit);
    return s;
  }

  /** The player to act, CHANCE where the dice are to be thrown, TERMINAL once the game is over. */
  currentPlayer(s: State): number {
    return s.over ? TERMINAL : s.rollDue ? CHANCE : s.seatPlayer[s.mover]!;
  }

  /** The seats of the winners (the first seat is P1 whoever plays it after a swap), in order; null while the game goes on. */
  winnerSeats(s: State): number[] | null {
    return this.winners(s)?.map((p) => this.seatOf(s, p)).sort((a, b) => a - b) ?? null;
  }

  /** The seat a player sits at (their own, unless a swap exchanged seats). */
  seatOf(s: State, player: number): number {
    const i = s.seatPlayer.indexOf(player);
    return i < 0 ? player : i;
  }

  /** Whether the state waits for a throw of the dice (a chance node). */
  isChance(s: State): boolean {
    return !s.over && s.rollDue;
  }

  /** A chance node's outcomes (the throws, in order) with their probabilities; empty elsewhere. */
  chanceOutcomes(s: State): ChanceOutcome[] {
    if (!this.isChance(s)) return [];
    const p = 1 / this.roller!.outcomes;
    return this.legalMoves(s).map((move) => ({ move, probability: p }));
  }

  /**
   * The throw the state's own generator gives at a chance node (the state is not changed; making
   * the throw with `apply` advances its generator), so play is the same from the same seed. Null
   * where no throw is due.
   */
  drawChance(s: State): Move | null {
    if (!this.isChance(s)) return null;
    // An observation's generator is not the game's (see observation): what it would throw is no
    // throw of the game, and a caller trusting it would be misled.
    if (s.observer >= 0) {
      throw new Error(`drawChance: this state is P${s.observer + 1}'s observation, whose generator is not the game's: the coming throw is secret (chanceOutcomes lists the throws; draw one with your own generator)`);
    }
    this.scratch.clear();
    const row = this.roller!.draw(s, this.scratch);
    return this.toMove(this.scratch, row, s);
  }

  isTerminal(s: State): boolean {
    return s.over;
  }

  /** Per-player results of an ended game: +1 win, -1 loss, 0 draw (shared wins: every winner +1). */
  returns(s: State): number[] {
    // The rules score seats; a player gets the result of the seat they sit at.
    const out = Array.from(s.returns);
    for (let seat = 0; seat < out.length; seat++) out[s.seatPlayer[seat]!] = s.returns[seat]!;
    return out;
  }

  /** The winners of an ended game (empty for a draw), or null while it goes on. */
  winners(s: State): number[] | null {
    if (!s.over) return null;
    // The best placed: every winner has the highest return (+1); places below the first may
    // have positive returns too in games where players finish one by one.
    let best = 0;
    s.returns.forEach((r) => (best = Math.max(best, r)));
    const w: number[] = [];
    if (best > 0) s.returns.forEach((r, seat) => r === best && w.push(s.seatPlayer[seat]!));
    return w.sort((a, b) => a - b);
  }

  // --- fast path ---

  /** Legal moves of the player to act, in the reusable buffer (valid until the next call). */
  generate(s: State): MoveBuffer {
    return this.generateFor(s, s.mover);
  }

  private generateFor(s: State, player: number): MoveBuffer {
    if (this.cachedState === s && this.cachedVersion === s.version && this.cachedPlayer === player) return this.buf;
    this.buf.clear();
    this.work.reset();
    if (s.rollDue && !s.over) this.roller!.generate(s, this.ctx, this.buf);
    else if (!s.over) {
      this.ctx.player = player;
      this.sourceAt(s).generate(s, this.ctx, this.buf);
      if (this.buf.overflow) throw overflowError(this.buf, this.def.generators, s);
    }
    this.cachedState = s;
    this.cachedVersion = s.version;
    this.cachedPlayer = player;
    return this.buf;
  }

  /**
   * Whether `player` (the mover, neither game over nor dice due) has a move, answered by generating
   * them into the cache that the playout's next generate then reads. The work is counted against
   * the position's budget, as any()'s is; past a limit, says yes and caches nothing: the
   * generation that follows reports it with the rule and the position.
   */
  private hasMovesCached(s: State, player: number): boolean {
    const buf = this.buf;
    buf.clear();
    this.cachedState = null;
    this.ctx.player = player;
    this.sourceAt(s).generate(s, this.ctx, buf);
    if (buf.overflow) return true;
    this.cachedState = s;
    this.cachedVersion = s.version;
    this.cachedPlayer = player;
    return buf.size > 0;
  }

  /**
   * Set in a playout whose every step generates all the mover's moves (the play rules cannot
   * sample): `no-moves` asked of the mover after a decision is then answered by that very
   * generation, made at once into the cache, instead of by `any` and then the generation all the
   * same (twice the work where sources have no quick `any`). Not where a sampler draws, even if it
   * sometimes cannot: a wrong guess there lists every move (Shogi's filtered ones) for nothing.
   */
  private generatesNext = false;

  /** Whether `player` has a legal move in `s`; with `ignorePass`, one other than a pass. */
  hasMoves(s: State, player: number, ignorePass = false): boolean {
    if (!ignorePass && this.cachedState === s && this.cachedVersion === s.version && this.cachedPlayer === player) return this.buf.size > 0;
    if (s.over) return false;
    // Where the dice are to be thrown, the mover's decision is the throw: there is one.
    if (s.rollDue) return player === s.mover;
    if (this.generatesNext && player === s.mover && !ignorePass && this.def.roll === null) return this.hasMovesCached(s, player);
    // Asked after every decision by `no-moves` end rules: the sources stop at the first move they find.
    const c = this.anyCtx;
    c.player = player;
    c.noPass = ignorePass;
    try {
      return anyMove(this.sourceAt(s), s, c);
    } finally {
      c.noPass = false;
    }
  }

  private readonly anyCtx: Ctx = newCtx();

  /** The moves the player to act chooses among in `s`: the prelude's decision while one is left, else play's. */
  private sourceAt(s: State): MoveSource {
    const prelude = this.def.prelude;
    return s.preludeLeft > 0 ? prelude[prelude.length - s.preludeLeft]!.moves : this.def.play;
  }

  /**
   * Whether `player` has a legal move, asked by a rule inside a move: in its consequences, or in a
   * filter's condition on the position after it (Ludii's `(no Moves Next)` there). The state may be
   * half changed and the play buffer in use, so neither the cache nor the play context is touched:
   * the sources stop at the first move they find, in a context of their own. A question asked
   * while one is being answered (the moves listed ask it again) is answered "yes, a move exists",
   * as Ludii answers it, so the look-ahead goes one level deep and ends.
   */
  hasMovesWithinMove(s: State, player: number, ignorePass = false): boolean {
    if (this.askingWithinMove) return true;
    if (s.over) return false;
    if (s.rollDue) return player === s.mover;
    const c = this.withinMoveCtx;
    c.player = player;
    c.noPass = ignorePass;
    this.askingWithinMove = true;
    try {
      return anyMove(this.sourceAt(s), s, c);
    } finally {
      c.noPass = false;
      this.askingWithinMove = false;
    }
  }

  private askingWithinMove = false;
  private readonly withinMoveCtx: Ctx = newCtx();

  /** Contexts of look-ahead searches (see Runtime.movesInto), apart from those of play. */
  private readonly searchCtx: Ctx = newCtx();
  private readonly searchEndCtx: Ctx = newCtx();

  movesInto(s: State, out: MoveBuffer): void {
    if (s.over) return;
    if (s.rollDue) return this.roller!.generate(s, this.searchCtx, out);
    this.searchCtx.player = s.mover;
    this.sourceAt(s).generate(s, this.searchCtx, out);
    if (out.overflow) throw overflowError(out, this.def.generators, s);
  }

  applyInTurn(s: State, buf: MoveBuffer, row: number): boolean {
    if (this.roller !== null && buf.gen[row] === this.roller.id) {
      this.throwDice(s, buf, row);
      return true;
    }
    this.makeMove(s, buf, row, this.searchCtx, this.searchEndCtx);
    s.touch();
    if (s.preludeLeft > 0 || s.actionInTurn >= s.actionsInTurn) {
      if (this.aheadHistory !== null) this.rememberAhead(s, this.aheadHistory, true);
      return false;
    }
    s.actionInTurn++;
    s.rollDue = this.throwDue(s);
    if (this.aheadHistory !== null) this.rememberAhead(s, this.aheadHistory, false);
    return true;
  }

  /**
   * In a look-ahead, the position a decision leaves: when it ends the turn, with the player who
   * would act next (the state itself does not pass the turn on).
   */
  private rememberAhead(s: State, h: PositionHistory, turnEnds: boolean): void {
    if (!turnEnds) return h.remember(s, s.mover, s.actionInTurn, false);
    const left = s.preludeLeft - 1, prelude = this.def.prelude;
    if (s.preludeLeft > 0) h.remember(s, left > 0 ? prelude[prelude.length - left]!.seat : 0, 1, left === 0);
    else h.remember(s, this.seatAfterTurn(s, false), 1, true);
  }

  /** Contexts of the legal moves the memory of positions lists to compare positions (see PositionHistory). */
  private readonly historyCtx: Ctx = newCtx();

  private listMoves(s: State, out: MoveBuffer): void {
    if (s.over) return;
    this.historyCtx.player = s.mover;
    this.sourceAt(s).generate(s, this.historyCtx, out);
    if (out.overflow) throw overflowError(out, this.def.generators, s);
  }

  /** How many times the present position has occurred (see Runtime.repetitions); 1 in games that keep no memory of positions. */
  repetitions(s: State, board: boolean, inTurn: boolean): number {
    return this.history ? this.history.count(s, board, inTurn) : 1;
  }

  /**
   * The part of a decision that play and look-ahead share: the move itself (the last decision's
   * sites set first, so its consequences see them), the move hooks, then the after-action
   * consequences -- which, like end rules, see the move just made as `from` and `to` (`e`), so a
   * condition such as a line through the last placed piece looks only where the board changed.
   */
  private makeMove(s: State, buf: MoveBuffer, row: number, c: Ctx, e: Ctx): void {
    // The position the game starts from (or a loaded position) is remembered before its first decision.
    if (this.history !== null && s.positions === null) this.history.remember(s, s.mover, s.actionInTurn, s.actionInTurn === 1 && s.preludeLeft === 0);
    c.player = s.mover;
    const kind = buf.kind[row]!, from = buf.from[row]!, to = buf.to[row]!;
    s.lastFrom = from;
    s.lastTo = to;
    c.captures = buf.capLen[row]!;
    // A move that uses a die (for-each-die) uses it up before its consequences, which see the dice
    // left; `(pips)` still reads its value.
    const die = buf.die[row]!;
    c.die = die;
    if (die >= 0) useDie(s, this.def.dice!, die);
    // A move carrying a number the player chose: its consequences read it with `(value)`.
    if (this.chosen !== null) this.setChosen(buf, row);
    // Captured pieces go to the capturer's hand (before the move removes them), as their base type.
    if (c.captures > 0 && this.def.hand?.captures) this.toHand(s, buf, row, s.mover);
    const gen = this.def.generators[buf.gen[row]!]!;
    c.trailLength = 0;
    s.movedAgain = false;
    for (const hook of this.def.decisionHooks) hook(s, kind, from, to, c.player);
    gen.apply(s, buf, row, c);
    if (gen.after) for (const effect of gen.after) effect(s, c);
    for (const hook of this.def.moveHooks) hook(s, kind, from, to, c.player);
    e.player = s.mover;
    e.from = from;
    e.to = to;
    for (const effect of this.def.afterAction) effect(s, e);
    s.lastMover = s.mover;
    s.ply++;
  }

  private toHand(s: State, buf: MoveBuffer, row: number, taker: number): void {
    const base = this.def.hand!.base, types = base.length;
    for (let k = buf.capStart[row]!, end = k + buf.capLen[row]!; k < end; k++) {
      const site = buf.pool[k]!, owner = s.owner[site]!;
      if (owner === EMPTY_SITE || owner === taker || owner === NEUTRAL_OWNER) continue;
      s.hand[taker * types + base[s.piece[site]!]!]! += s.height[site]!;
    }
  }

  /**
   * Applies row `row` of `buf` (a buffer filled for `s` by generate or movesInto) to `s` in place.
   * The fast path: unchecked, the row is trusted to be one of the legal moves of `s` (see apply).
   */
  applyRow(s: State, buf: MoveBuffer, row: number): void {
    if (this.roller !== null && buf.gen[row] === this.roller.id) return this.throwDice(s, buf, row);
    // A decision's consequences and end rules: work on a new position.
    this.work.reset();
    this.makeMove(s, buf, row, this.ctx, this.endCtx);
    this.afterDecision(s);
  }

  /**
   * For counting move sequences (perft's last level): whether row `row` of `buf`, legal in `s`,
   * leaves its player another decision of the same turn. Found by making the move and its
   * consequences on `s` (a scratch copy, left part-made) without asking the end rules, the costly
   * part (a stalemate rule lists the opponent's moves). "No" is final: end rules can end a turn or
   * the game, never prolong them. "Yes" may still be undone by an end rule: the caller then makes
   * the move in full. A prelude decision ends its step; a throw of the dice goes on.
   */
  continuesTurn(s: State, buf: MoveBuffer, row: number): boolean {
    if (this.roller !== null && buf.gen[row] === this.roller.id) return true;
    if (s.preludeLeft > 0) return false;
    this.work.reset();
    this.makeMove(s, buf, row, this.ctx, this.endCtx);
    return s.actionInTurn < s.actionsInTurn;
  }

  /**
   * A throw of the dice: the values are set, every die may be used (a double twice, where the dice
   * say so), and the mover decides. A decision of the chance player: it counts as a ply, but not as
   * one of the mover's decisions of the turn, and no end rule is asked (nothing on the board moved).
   */
  private throwDice(s: State, buf: MoveBuffer, row: number): void {
    if (!s.rollDue) throw new Error("no throw of the dice is due");
    this.roller!.apply(s, buf, row);
    s.ply++;
    s.touch();
  }

  /**
   * After every decision (and its after-action consequences, see makeMove): the turn bookkeeping
   * (with after-turn consequences when a turn ends), then the end rules in order.
   */
  private afterDecision(s: State): void {
    const def = this.def;
    const c = this.endCtx;
    let turnBegan: boolean;
    if (s.preludeLeft > 0) {
      s.preludeLeft--;
      if (s.preludeLeft > 0) s.mover = def.prelude[def.prelude.length - s.preludeLeft]!.seat;
      else this.beginFirstTurn(s);
      turnBegan = s.preludeLeft === 0;
    } else if (s.actionInTurn < s.actionsInTurn) {
      s.actionInTurn++;
      turnBegan = false;
    } else {
      for (const e of def.afterTurn) e(s, c);
      s.mover = this.seatAfterTurn(s, true);
      this.nextTurn(s);
      s.actionInTurn = 1;
      s.actionsInTurn = def.turn.actions;
      turnBegan = true;
    }
    if (this.history !== null) this.history.remember(s, s.mover, s.actionInTurn, turnBegan);
    s.touch();
    c.player = s.lastMover;
    const end = def.end;
    for (let i = 0; i < end.length; i++) {
      const rule = end[i]!;
      if (rule.atTurnStart && !turnBegan) continue;
      if (!rule.when(s, c)) continue;
      const winners = rule.outcome(s, c);
      if (winners === null) {
        this.leaveIfFinished(s, turnBegan);
        continue;
      }
      this.finish(s, winners, i);
      return;
    }
    if (this.def.roll !== null) s.rollDue = this.throwDue(s);
  }

  /**
   * Whose turn comes after the mover's: the player a rule chose with `(next-turn P)` this turn
   * (unless that player has finished), else the next seat in turn order. `clear`: the choice is
   * used up (the turn is ending), not only looked at.
   */
  private seatAfterTurn(s: State, clear: boolean): number {
    const next = this.seatAfter(s, s.mover);
    const w = this.def.nextTurnWord ?? -1;
    if (clear && w >= 0) s.memory[w] = 0;
    return next;
  }

  seatAfter(s: State, p: number): number {
    const w = this.def.nextTurnWord ?? -1;
    if (w >= 0 && s.memory[w] !== 0) {
      const chosen = s.memory[w]! - 1, placed = this.def.placeWord ?? -1;
      if (placed < 0 || s.memory[placed + chosen] === 0) return chosen;
    }
    return this.nextSeat(s, p);
  }

  /** The seat after `p` in turn order, skipping players who have finished. */
  private nextSeat(s: State, p: number): number {
    const count = this.def.players.count, w = this.def.placeWord ?? -1;
    let q = (p + 1) % count;
    if (w >= 0) for (let k = 0; k < count && s.memory[w + q] !== 0; k++) q = (q + 1) % count;
    return q;
  }

  /**
   * A player to act who has finished stops there: in the middle of its turn (it had another
   * decision), the next seat's turn begins; at the start of its turn (it finished before acting,
   * out by an end rule), that turn goes to the next seat, counted once.
   */
  private leaveIfFinished(s: State, turnBegan: boolean): void {
    const w = this.def.placeWord ?? -1;
    if (w < 0 || s.memory[w + s.mover] === 0) return;
    s.mover = this.nextSeat(s, s.mover);
    if (!turnBegan) this.nextTurn(s);
    s.actionInTurn = 1;
    s.actionsInTurn = this.def.turn.actions;
    s.touch();
  }

  /** Counts the turn that begins; a game that would last more turns than a position holds stops. */
  private nextTurn(s: State): void {
    if (s.turn >= MAX_TURN) throw new PlayLimitError("this game", `would begin turn ${big(MAX_TURN + 1)}, beyond the ${big(MAX_TURN)} turns a game may last`, positionWords(s));
    s.turn++;
  }

  /** Ends the game with the given winners (none: a draw), recording which end rule fired. */
  private finish(s: State, winners: number[], rule: number): void {
    s.over = true;
    s.endRule = rule;
    this.settleReturns(s, winners);
    s.touch();
  }

  /**
   * The returns of a game ended with these winners (none: a draw): +1 for the winners and -1 for
   * the others, or by place where players finish one by one (the places taken so far kept).
   */
  settleReturns(s: State, winners: number[]): void {
    if ((this.def.placeWord ?? -1) >= 0) return this.returnsByPlace(s, winners);
    const ranking = winners.length > 0 && s.endRule >= 0 ? this.def.end[s.endRule]?.ranking : undefined;
    if (ranking !== undefined && this.def.players.count > 2) return this.returnsByRanking(s, ranking);
    s.returns.fill(winners.length ? -1 : 0);
    for (const w of winners) s.returns[w] = 1;
  }

  /**
   * A ranked end with more than two players: every player has a place by the ranking's numbers,
   * not only the winners (second of three is worth 0, as in Ludii); players tied share the average
   * worth of their places.
   */
  private returnsByRanking(s: State, ranking: RankingKeys): void {
    const P = this.def.players.count, c = this.rankCtx;
    c.player = s.lastMover;
    const values = Array.from({ length: P }, (_, p) => {
      c.subject = p;
      return ranking.keys.map((key) => key(s, c));
    });
    const compare = (a: number, b: number): number => {
      for (let k = 0; k < ranking.keys.length; k++) if (values[a]![k] !== values[b]![k]) return values[b]![k]! - values[a]![k]!;
      return 0;
    };
    const order = Array.from({ length: P }, (_, p) => p).sort(compare);
    for (let i = 0; i < P; ) {
      let j = i + 1;
      while (j < P && compare(order[i]!, order[j]!) === 0) j++;
      let sum = 0;
      for (let place = i + 1; place <= j; place++) sum += placeWorth(P, place);
      for (let k = i; k < j; k++) s.returns[order[k]!] = sum / (j - i);
      i = j;
    }
  }

  private readonly rankCtx: Ctx = newCtx();

  /** Returns by place in games where players finish or are eliminated one by one (see places.ts). */
  private returnsByPlace(s: State, winners: number[]): void {
    returnsByPlace(s.memory, this.def.placeWord!, this.def.players.count, winners, s.returns);
  }

  /**
   * Why an ended game ended: the end rule that fired (its index in the description's end rules)
   * and its reason in words, players named by `name` (default `P1`..`Pn`); with a ranked outcome,
   * the numbers each player was ranked on. Null while the game goes on or when the rule is
   * unknown (a state saved without it).
   */
  endReason(s: State, name: (player: number) => string = (p) => `P${p + 1}`): EndReason | null {
    const rule = s.over ? this.def.end[s.endRule] : undefined;
    if (!rule) return null;
    const n = this.playerCount;
    const who = (part: Exclude<ReasonPart, string>): number =>
      "seat" in part ? part.seat : part.player === "next" ? s.mover : part.player === "mover" ? s.lastMover : (s.lastMover + 1) % n;
    const text = rule.reason.map((part) => (typeof part === "string" ? part : name(who(part)))).join("");
    const out: EndReason = { rule: s.endRule, text };
    if (rule.ranking) {
      const c = newCtx();
      c.player = s.lastMover;
      const keys = rule.ranking.keys;
      out.ranking = {
        labels: [...rule.ranking.labels],
        values: Array.from({ length: n }, (_, p) => {
          c.subject = p;
          return keys.map((k) => k(s, c));
        }),
      };
    }
    return out;
  }

  /**
   * One random playout from `s` (modified in place) using the state's own RNG. With `stats` every
   * decision's legal moves are generated (and counted); without, sources that can sample draw one
   * move directly -- the same game distribution, faster, with a different seeded sequence.
   * Returns the number of decisions players made (throws of the dice are made too, but not counted);
 * stops after `maxPlies` of them (the game then stays unfinished).
   * `stats.branching`, when given, accumulates the number of legal moves at each decision.
   */
  playout(s: State, maxPlies: number, stats?: { branching: number }): number {
    const sampler = stats ? undefined : this.sampler;
    this.drawing = sampler !== undefined;
    this.generatesNext = sampler === undefined;
    try {
      return this.playoutLoop(s, maxPlies, sampler, stats);
    } finally {
      this.drawing = false;
      this.generatesNext = false;
    }
  }

  /** See Runtime.drawing: true only inside a fast playout. */
  drawing = false;

  /**
   * Makes the throw of the dice due in `s`, drawn as a random playout draws it (the same random
   * numbers), in place: for loops that walk a playout step by step (`playout --check`).
   */
  throwInPlace(s: State): void {
    if (!s.rollDue) throw new Error("no throw of the dice is due");
    const one = this.sampleBuf;
    one.clear();
    this.throwDice(s, one, this.roller!.draw(s, one));
  }

  private playoutLoop(s: State, maxPlies: number, sampler: MoveSource | undefined, stats?: { branching: number }): number {
    let plies = 0;
    while (!s.over && plies < maxPlies) {
      // A throw of the dice: one outcome drawn, not all listed. Throws are not players' decisions:
      // they are not counted (plies, branching).
      if (s.rollDue) {
        this.throwInPlace(s);
        continue;
      }
      // Without statistics to collect, a source that can draw one uniformly random move directly
      // (e.g. a placement on a random empty site) does so instead of generating them all: the
      // same distribution of games, a different (still seeded) sequence of random numbers.
      if (sampler && s.preludeLeft === 0) {
        const one = this.sampleBuf;
        one.clear();
        this.ctx.player = s.mover;
        this.work.reset();
        const r = sampler.sample!(s, this.ctx, one);
        if (r === NONE) break;
        if (r === SAMPLED) {
          this.applyRow(s, one, 0);
          plies++;
          continue;
        }
      }
      const buf = this.generate(s);
      if (buf.size === 0) break; // a game without a no-move end rule: nothing more can happen
      if (stats) stats.branching += buf.size;
      this.applyRow(s, buf, nextInt(s.rng, buf.size));
      plies++;
    }
    return plies;
  }

  // --- object API ---

  legalMoves(s: State): Move[] {
    const buf = this.generate(s);
    const out: Move[] = [];
    for (let i = 0; i < buf.size; i++) out.push(this.toMove(buf, i, s));
    return out;
  }

  /**
   * Applies a move and returns the new state; `s` is unchanged. The move must be one of the legal
   * moves of `s` (as legalMoves gives them, a throw of the dice included): any other move, or any
   * move once the game is over, is refused with an IllegalMoveError. The check compares the move
   * with the legal moves of `s`, which are usually still cached from the legalMoves call the move
   * came from.
   */
  apply(s: State, m: Move): State {
    this.checkLegal(s, m.code, m.notation);
    const next = s.clone();
    this.applyCodeUnchecked(next, m.code);
    return next;
  }

  /** `apply` in place: `s` becomes the state after the move (checked as `apply` checks it). */
  applyInPlace(s: State, m: Move): void {
    this.checkLegal(s, m.code, m.notation);
    this.applyCodeUnchecked(s, m.code);
  }

  /** Applies a move by its code (Move.code) in place, checked as `apply` checks it. */
  applyCode(s: State, code: MoveCode): void {
    this.checkLegal(s, code);
    this.applyCodeUnchecked(s, code);
  }

  /**
   * `apply` without the check, for engines that made the move themselves from the legal moves of
   * this very state (a search, a playout). A move that is not legal there leaves a state no game
   * reaches (pieces lost, the turn not passed): use `apply` for moves from anywhere else.
   */
  applyUnchecked(s: State, m: Move): State {
    const next = s.clone();
    this.applyCodeUnchecked(next, m.code);
    return next;
  }

  /** `applyCode` without the check (see applyUnchecked): in place, for search code. */
  applyCodeUnchecked(s: State, code: MoveCode): void {
    this.scratch.load(code);
    this.applyRow(s, this.scratch, 0);
  }

  /** Throws an IllegalMoveError unless `code` is one of the legal moves of `s`. */
  private checkLegal(s: State, code: MoveCode, notation?: string): void {
    // A caller's move object may say anything: its notation is cut short in the message.
    const named = () => (notation === undefined ? this.codeText(code) : String(notation).slice(0, 80));
    if (s.over) throw new IllegalMoveError(named(), `after ${s.ply} decisions`, "the game is over");
    const buf = this.generate(s);
    if (typeof code === "object" && code !== null) for (let i = 0; i < buf.size; i++) if (sameRow(buf, i, code)) return;
    throw new IllegalMoveError(named(), this.positionText(s), "not one of the legal moves here");
  }

  /** "turn 3, P2 to move" or "turn 3, the dice to throw": the position a move was refused in. */
  private positionText(s: State): string {
    return `turn ${s.turn}, ${s.rollDue ? "the dice to throw" : `P${s.mover + 1} to move`}`;
  }

  /** A move code in words for a message: its notation when a rule of this game makes such moves. */
  private codeText(code: MoveCode): string {
    if (typeof code !== "object" || code === null) return "(no move code)";
    const gen = this.def.generators[code.gen];
    if (gen) {
      try {
        const buf = new MoveBuffer(1, 16);
        buf.load(code);
        return this.rowNotation(buf, 0);
      } catch {
        // A code no rule of this game made: said as numbers below.
      }
    }
    return `(code ${JSON.stringify({ gen: code.gen, from: code.from, to: code.to })})`;
  }

  moveToString(m: Move): string {
    return m.notation;
  }

  /** Finds the legal move with this notation (case-insensitive), or null. */
  parseMove(s: State, text: string): Move | null {
    const want = normaliseNotation(text);
    return this.legalMoves(s).find((m) => normaliseNotation(m.notation) === want) ?? null;
  }

  /** The generator's words while a move's actions are told (see toMove). */
  private readonly rngKept = new Uint32Array(4);

  /** The register `(value)` reads (GameDef.chosenValue), or null in games whose moves carry no chosen number. */
  private readonly chosen: ChosenValue | null;

  /** Sets the chosen number from move `row` of `buf`, when it carries one (a row listed inside a binder, not yet stamped, keeps the binder's). */
  private setChosen(buf: MoveBuffer, row: number): void {
    const v = buf.value[row]!;
    if (v !== NO_VALUE) this.chosen!.value = v;
  }

  /**
   * The notation of move `i` of `buf` (a buffer filled by generate or movesInto): its rule's, then
   * `:` and the number the player chose, when it carries one (`b1:5`, see `for-each-value`).
   */
  rowNotation(buf: MoveBuffer, i: number): string {
    const text = this.def.generators[buf.gen[i]!]!.notation(buf, i), v = buf.value[i]!;
    return v === NO_VALUE ? text : `${text}:${v}`;
  }

  private toMove(buf: MoveBuffer, i: number, s: State): Move {
    const gen = this.def.generators[buf.gen[i]!]!;
    const code = buf.code(i);
    if (this.chosen !== null) this.setChosen(buf, i);
    const labels = this.topology.labels;
    // Telling what a move's consequences will do evaluates them on `s`: a number drawn there
    // ((random ...)) must not advance the game's generator, or listing the moves would change the game.
    this.rngKept.set(s.rng);
    const actions = gen.actions(buf, i, s);
    s.rng.set(this.rngKept);
    const m: Move = {
      kind: this.def.kinds[code.kind]!,
      notation: this.rowNotation(buf, i),
      actions,
      code,
    };
    if (code.value !== undefined) m.value = code.value;
    if (code.from >= 0) m.from = labels[code.from];
    if (code.to >= 0) m.to = labels[code.to];
    m.count = code.count;
    if (code.piece >= 0) m.piece = this.def.pieces[code.piece]!.name;
    const becomes = gen.promotion?.(buf, i) ?? -1;
    if (becomes >= 0) m.promotion = this.def.pieces[becomes]!.name;
    if (gen === this.roller) m.dice = this.roller.values(code.extra);
    if (code.path.length) m.path = code.path.map((p) => labels[p]!);
    if (code.captures.length) m.captures = code.captures.map((p) => labels[p]!);
    return m;
  }

  /**
   * What `player` may see of the state: a copy in which every piece carrying a concealing flag
   * (face down) has unknown type and owner (`UNKNOWN_PIECE`, `UNKNOWN_OWNER`) and piece counts
   * count only what is visible. In every game the random generator's words are cleared: they are
   * the dice's future throws, and could be run back to a deal. The copy is marked as `player`'s
   * (State.observer), and `drawChance` refuses it; agents that sample chance draw from their own
   * generator. Legal moves of an observation are the same as those of the state whenever the
   * rules do not look beneath a face-down piece.
   */
  observation(s: State, player: number): State {
    const o = s.clone();
    o.rng.fill(0);
    o.observer = player >= 0 && player < this.playerCount ? player : 0;
    const conceal = this.def.concealFlags;
    if (conceal === 0) return o;
    const types = this.def.pieces.length;
    const pool = new Int32Array(this.playerCount * types);
    for (let i = 0; i < o.owner.length; i++) {
      if ((o.flags[i]! & conceal) === 0) continue;
      const owner = o.owner[i]!;
      if (owner >= 0 && owner < o.pieceCount.length) {
        o.pieceCount[owner]!--;
        pool[owner * types + o.piece[i]!]!++;
      }
      o.owner[i] = UNKNOWN_OWNER;
      o.piece[i] = UNKNOWN_PIECE;
    }
    o.concealedPool = pool;
    o.boardKey[2] = 1;
    o.groupStale[0] = 1;
    o.touch();
    return o;
  }

  /**
   * A full state consistent with an observation: the face-down pool is dealt at random (with the
   * caller's RNG words) onto the face-down sites. For perfect-information games, a copy. This is
   * what search agents simulate from; it never looks at the true state. The copy's own generator
   * (cleared in an observation) is set from the caller's words, mixed and without advancing them,
   * so that playouts from it draw from the caller's randomness, never the game's.
   */
  determinize(observation: State, rng: Uint32Array): State {
    const s = observation.clone();
    if (observation.observer >= 0) {
      for (let i = 0; i < 4; i++) s.rng[i] = (rng[i]! ^ Math.imul(0x9e3779b9, i + 1)) >>> 0;
      for (let i = 0; i < 4; i++) nextU32(s.rng);
    }
    const pool = observation.concealedPool;
    s.concealedPool = undefined;
    if (!pool) return s;
    const types = this.def.pieces.length;
    const identities: number[] = [];
    pool.forEach((count, k) => {
      for (let j = 0; j < count; j++) identities.push(k);
    });
    shuffle(rng, identities);
    let next = 0;
    for (let i = 0; i < s.owner.length; i++) {
      if (s.owner[i] !== UNKNOWN_OWNER) continue;
      const k = identities[next++] ?? 0;
      s.owner[i] = Math.floor(k / types);
      s.piece[i] = k % types;
      s.pieceCount[s.owner[i]!]!++;
    }
    s.boardKey[2] = 1;
    s.groupStale[0] = 1;
    s.touch();
    return s;
  }

  /** The state as plain JSON data, naming this game and its description's fingerprint (see deserialize). */
  serialize(s: State): SerializedState {
    return { ...s.toJSON(), game: { name: this.name, hash: this.source.hash } };
  }

  /**
   * Reads a serialised state of this game. A state names the game it is of (Game.serialize writes
   * its name and description's fingerprint, which changes with the rules and the option values):
   * a state of another game, or of this game with other options, is refused (StateMismatchError),
   * even where the shapes agree (chess and chess with `promotion=in-move` have one shape, not one
   * set of moves). A state without a name (`State.toJSON`, or saved before states named their
   * game) is read when its shape fits, as before: nothing tells its game, and the library's
   * callers who kept such states can still read them.
   */
  deserialize(data: SerializedState): State {
    const { sites, players, counters, markers, memory } = data.shape ?? {};
    const shape = this.shape;
    const named = data.game;
    if (named !== undefined) {
      const theirs = typeof named?.name === "string" ? named.name : "?", hash = typeof named?.hash === "string" ? named.hash : "?";
      if (hash !== this.source.hash) {
        const which = theirs === this.name ? `${theirs} with other options or rules` : theirs;
        throw new StateMismatchError(`a saved state of ${which} (${hash}), not of ${this.name} as loaded (${this.source.hash || "no fingerprint"}): load the game with the options the state was saved with`);
      }
    }
    const sameShape = sites === shape.sites && players === shape.players && counters === shape.counters && markers === shape.markers && (memory ?? 0) === shape.memory && (data.shape?.hand ?? 0) === (shape.hand ?? 0) && (data.shape?.dice ?? 0) === (shape.dice ?? 0) && (data.shape?.levels ?? 0) === (shape.levels ?? 0) && (data.shape?.trackPlaces ?? false) === (shape.trackPlaces ?? false);
    if (data.format !== "ludex-state/1" || !sameShape) {
      throw new StateMismatchError(`not a saved state of ${this.name}`);
    }
    if (data.observer !== undefined && !(Number.isInteger(data.observer) && data.observer >= 0 && data.observer < this.playerCount)) {
      throw new StateMismatchError(`observer: ${JSON.stringify(data.observer)} is not a player of ${this.name} (0..${this.playerCount - 1})`);
    }
    const s = State.fromJSON({ ...data, shape: { ...data.shape, groups: shape.groups } });
    s.links = this.def.groupLinks;
    return s;
  }

  /**
   * A 53-bit hash of the position, for the agents' tables: board (with each piece's place on a
   * road passing its site twice), supplies, scores, counters,
   * markers, rule memory (a chase limit changes the legal moves) and whose action it is. The turn
   * number is left out, so a position reached again later hashes alike. The rules about
   * repetition use another key, without counters, scores and rule memory (engine/structures/repetition.ts);
   * neither holds the positions that came before.
   */
  hash(s: State): number {
    let h1 = 0x811c9dc5 | 0, h2 = 0x01000193 | 0;
    const mix = (v: number) => {
      h1 = Math.imul(h1 ^ v, 0x01000193);
      h2 = Math.imul(h2 ^ v, 0x5bd1e995) + (h1 >>> 7);
    };
    const L = s.levels;
    for (let i = 0; i < s.owner.length; i++) {
      mix(s.owner[i]! + 1 + ((s.piece[i]! + 1) << 8));
      mix(s.height[i]! + (s.flags[i]! << 16));
      // A mixed stack's order: the pieces under the top.
      for (let k = 0; L && k < s.height[i]! - 1; k++) mix(s.levelOwner[i * L + k]! + 1 + ((s.levelPiece[i * L + k]! + 1) << 8));
      // Where a road passes a site twice, which pass the piece there is on.
      if (this.def.trackPlaces && s.trackPlace[i]) mix(0x7ace + i * 65536 + s.trackPlace[i]!);
    }
    s.supply.forEach(mix);
    s.score.forEach(mix);
    s.counters.forEach(mix);
    for (let i = 0; i < s.markers.length; i++) if (s.markers[i]) mix(i);
    s.memory.forEach(mix);
    if (this.def.hand) s.hand.forEach(mix);
    // The dice: what they show and which may still be used, or that a throw is due (then what
    // they showed before counts for nothing); a double carried over (doubles:ludii).
    if (this.def.dice) {
      if (s.rollDue) mix(-1);
      else {
        s.dice.forEach(mix);
        s.diceLeft.forEach(mix);
      }
      mix(s.heldDouble);
    }
    // Only rules that continue from the last move make it part of the position.
    if (this.def.readsLastMove) mix(s.lastFrom + 2 + ((s.lastTo + 2) << 16));
    mix(s.mover + (s.actionInTurn << 8) + (s.actionsInTurn << 16) + (s.preludeLeft << 24));
    // Who sits where, once a swap has exchanged seats.
    for (let seat = 0; seat < s.seatPlayer.length; seat++) if (s.seatPlayer[seat] !== seat) mix(0x5ea7 + seat * 16 + s.seatPlayer[seat]!);
    return (h2 >>> 0) * 2097152 + ((h1 >>> 0) & 0x1fffff);
  }
}

/** Whether row `i` of `buf` is the move `code` names (every field, path and captures included). */
function sameRow(buf: MoveBuffer, i: number, code: MoveCode): boolean {
  if (buf.gen[i] !== code.gen || buf.kind[i] !== code.kind || buf.from[i] !== code.from || buf.to[i] !== code.to) return false;
  if (buf.count[i] !== code.count || buf.piece[i] !== code.piece || buf.extra[i] !== code.extra || buf.die[i] !== (code.die ?? -1) || buf.value[i] !== (code.value ?? NO_VALUE)) return false;
  const path = code.path, caps = code.captures;
  if (!Array.isArray(path) || !Array.isArray(caps)) return false;
  if (buf.pathLen[i] !== path.length || buf.capLen[i] !== caps.length) return false;
  for (let k = 0, at = buf.pathStart[i]!; k < path.length; k++) if (buf.pool[at + k] !== path[k]) return false;
  for (let k = 0, at = buf.capStart[i]!; k < caps.length; k++) if (buf.pool[at + k] !== caps[k]) return false;
  return true;
}

function normaliseNotation(t: string): string {
  return t.trim().toLowerCase().replace(/\s+/g, "");
}
