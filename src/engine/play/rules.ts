/**
 * The compiled rules graph: what the compiler produces from a description and the engine runs.
 * Rules are closures over typed-array state; nothing here is interpreted from a tree at play time.
 */
import type { MoveBuffer, PrimitiveAction } from "../moves/moves.js";
import type { GroupLinks, State } from "../state/state.js";
import type { Topology } from "../board/topology.js";
import type { WorkBudget } from "./work-budget.js";
import type { Emitter } from "../compiled/emitter.js";
import type { CompilationReport } from "../compiled/specialize.js";
import type { ChosenValue } from "../moves/chosen-value.js";

/**
 * The evaluation context of a rule: the acting player and the sites a move generator is looking
 * at. One context object per game is reused for every evaluation (no allocation).
 */
export interface Ctx {
  /** The player the rule is evaluated for (the mover when generating moves). */
  player: number;
  /** The moving piece's origin, the site jumped over, and the destination. */
  from: number;
  over: number;
  to: number;
  /** The moving piece's type (it may be lifted off the board during a chain). */
  piece: number;
  /** The site a `forall`, `exists`, `groups` or a path condition is looking at. */
  site: number;
  /** Pieces (checkers) that travel in the move. */
  count: number;
  /** Whether the move's path went through a portal. */
  crossed: boolean;
  /** Flags of the moving part, as they were when the move began. */
  selfFlags: number;
  /** The player being ranked by a `ranked` outcome (the `player` reference). */
  subject: number;
  /** Pieces the move being made captures (its capture list), for `(captured)` in its consequences. */
  captures: number;
  /** The die a move uses (`for-each-die`), whose value `(pips)` reads, or DICE_SET plus the dice it combines (their sum); -1: none (then `(pips)` is the whole throw). */
  die: number;
  /** Whether passes are left out (`(no-moves P ignore-pass:true)` asking for moves other than a pass). */
  noPass: boolean;
  /**
   * The sites the move being made went over, in order, for `(on-path SITE)` in its consequences:
   * `trail[0 .. trailLength)`. The engine empties it before each move; the moves that travel
   * (sowing, a move along a track, a slide) fill it (see addToTrail).
   */
  trail: Int32Array;
  trailLength: number;
}

export function newCtx(): Ctx {
  return { player: 0, from: -1, over: -1, to: -1, piece: -1, site: -1, count: 0, crossed: false, selfFlags: 0, subject: 0, captures: 0, die: -1, noPass: false, trail: new Int32Array(16), trailLength: 0 };
}

/** Adds a site to the move's trail (see Ctx.trail), growing it when full (rarely: it starts at 16). */
export function addToTrail(c: Ctx, site: number): void {
  if (c.trailLength === c.trail.length) {
    const bigger = new Int32Array(c.trail.length * 2);
    bigger.set(c.trail);
    c.trail = bigger;
  }
  c.trail[c.trailLength++] = site;
}

export type Pred = (s: State, c: Ctx) => boolean;
export type IntExpr = (s: State, c: Ctx) => number;
export type Effect = (s: State, c: Ctx) => void;

/** Produces moves into a buffer. Leaf generators also apply and describe the moves they made. */
export interface MoveSource {
  generate(s: State, c: Ctx, out: MoveBuffer): void;
  /** The sources a combinator draws its moves from (for analyses of the rules, e.g. what a player attacks). */
  readonly parts?: readonly MoveSource[];
  /**
   * Optional, for fast random playouts: puts into the empty `out` one move drawn uniformly from
   * all that `generate` would make, with the state's random generator, without making them all.
   * Returns SAMPLED, NONE (there is no legal move) or UNKNOWN (cannot tell cheaply: the caller
   * generates every move instead; `out` is left empty).
   */
  sample?(s: State, c: Ctx, out: MoveBuffer): SampleResult;
  /**
   * Optional: whether `generate` would make at least one move, answered as cheaply as the source
   * can (a filter stops at the first move that passes). `no-moves` asks it after every decision.
   */
  any?(s: State, c: Ctx): boolean;
  /**
   * Optional, for drawing among several sources without listing their moves: the source's moves
   * as numbered slots, each slot one possible move that is legal or not (a placement: one slot per
   * site, legal where the site is empty). `slotCount` gives their number (-1: the source cannot number
   * its moves so); `trySlot` adds the move of slot k to `out` and returns true, or returns false when
   * that slot holds no legal move. Distinct slots are distinct moves, and every move has a slot.
   */
  slotCount?(s: State, c: Ctx): number;
  trySlot?(s: State, c: Ctx, k: number, out: MoveBuffer): boolean;
  /**
   * Optional: this source's methods specialised to its rules as code (engine/compiled/), which make
   * the same moves in the same order as the methods they replace; null where the source's options
   * are not compiled (its closures then run).
   */
  compile?(e: Emitter): CompiledSource | null;
}

/** The methods a compiled source puts in place of its own (see MoveSource.compile). */
export interface CompiledSource {
  generate?: MoveSource["generate"];
  any?: NonNullable<MoveSource["any"]>;
  sample?: NonNullable<MoveSource["sample"]>;
  trySlot?: NonNullable<MoveSource["trySlot"]>;
}

export const SAMPLED = 1;
export const NONE = 0;
export const UNKNOWN = -1;
export type SampleResult = typeof SAMPLED | typeof NONE | typeof UNKNOWN;

export interface LeafGenerator extends MoveSource {
  /** Index of this generator in GameDef.generators; stored in every move row it makes. */
  id: number;
  /** The rule in the description that makes these moves, as play-limit errors name it (CompileContext.ruleAt). */
  rule: string;
  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void;
  /**
   * Consequences an enclosing `(either ... then:)` gives every move of this rule, run by the engine
   * right after `apply` (after the move's own consequences), with the context `apply` left.
   */
  after?: Effect[];
  notation(buf: MoveBuffer, row: number): string;
  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[];
  /**
   * For rules whose moves promote the piece as part of the move (`promoting`): the type the piece
   * becomes in move `row` (the move's `promotion`). Absent: the moves promote nothing.
   */
  promotion?(buf: MoveBuffer, row: number): number;
  /**
   * For generators whose moves can grow past MAX_MOVES_PER_POSITION on a large board or a high
   * stack: the most moves one position can have when a player has up to `pieces` pieces in stacks
   * up to `height` high (what `validate` warns about before play meets the limit).
   */
  movesBound?(pieces: number, height: number): MovesBound;
  /**
   * For the attack test (engine/filters/attack.ts): whether a move of this rule by `c.player` could end on
   * `target`, which holds another player's piece, found by looking outward from `target` rather than
   * by generating every move. Rules without it are asked by generating their moves.
   */
  lands?(s: State, c: Ctx, target: number): boolean;
}

/** The most moves a rule can give one position, and how they come about, in words ("200 pieces to any of 39,999 sites"). */
export interface MovesBound {
  moves: number;
  how: string;
}

/** One end rule: when `when` holds after a decision, `outcome` decides the result. */
export interface EndRule {
  when: Pred;
  outcome: Outcome;
  /** Checked only after a decision that began a new turn (e.g. "you win if your turn starts with ..."). */
  atTurnStart: boolean;
  /** Why the game ended when this rule fired, in words for people (players filled in from the final state). */
  reason: ReasonPart[];
  /** For a ranked outcome: the numbers players are compared on, most important first, with their names. */
  ranking?: RankingKeys;
  /** For one seat's rule of a `for-each-player`: that seat (`{player}` in its reason). */
  seat?: number;
}

/**
 * A piece of an end reason: text, or a player named as the end rules name them (`mover`: who
 * made the last decision, `next`: who would act next, `opponent`: the seat after `mover`) or a seat.
 */
export type ReasonPart = string | { player: "mover" | "next" | "opponent" } | { seat: number };

export interface RankingKeys {
  labels: string[];
  /** Evaluated with `subject` set to the player being ranked. */
  keys: IntExpr[];
}

/** What the rules say about showing the game to people; nothing here affects play. */
export interface Presentation {
  /** Per counter: the label players see it under, or null for rules bookkeeping (not shown). */
  counterLabels: (string | null)[];
  /** Per flag: the word narration uses (`d4 is blessed`, `d4 is no longer blessed`). */
  flagWords: string[];
  /** Whether the rules keep scores (change or read them). */
  scored: boolean;
  /** Whether stacks (several pieces on a site) can occur. */
  stacks: boolean;
  /** Piece types that only ever appear as neutral pieces (drawn `#`). */
  neutralPieces: number[];
  /** How the description asks the board to be drawn (the board's `drawn:`); null: as its shape is usually drawn. */
  boardDrawing: "cells" | "points" | null;
  /**
   * Per seat, the sites of the regions the description gives each seat (`seat-regions`: sides
   * to join, home triangles), drawn in the seat's colour.
   */
  seatZones: number[][];
  /** The equipment's tracks, in order along each: one per seat that has its own, seat -1 for one every seat shares. */
  tracks: { name: string; seat: number; sites: number[]; loop: boolean }[];
  /** Sites the board is drawn with marks on (the board's `marked:`). */
  markedSites: number[];
  /**
   * The sites of royal pieces standing attacked: a piece of a type some `(in-check ...)` names
   * (the king), attacked by another player. Empty in games without check.
   */
  inCheck: (s: State) => number[];
}

/** Decisions made before the first turn (e.g. choosing starting points), in order. */
export type Prelude = { seat: number; moves: MoveSource }[];

/**
 * How an ended game is scored: a list of winners (empty: a draw among all). Null: the game goes on
 * (a player finished, taking a place, and the others play on; see GameDef.placeWord).
 */
export type Outcome = (s: State, c: Ctx) => number[] | null;

export interface PieceDef {
  name: string;
  /** Numeric attributes (rank, value ...). */
  attrs: Record<string, number>;
  /** The letter drawn for it on text boards. */
  symbol: string;
  /** One symbol per seat, drawn as written, when the description gives them. */
  symbols?: string[];
  /** The type it becomes when promoted (`promotes:`), resolved once every piece is declared; -1: none. */
  promotes?: number;
  /** The name `promotes:` gives, until resolved. */
  promotesName?: string;
}

/** Players' hands (equipment `(hand ...)`). */
export interface HandRules {
  /** Whether captured pieces go to the capturer's hand. */
  captures: boolean;
  /** The type a piece of each type counts as in hand: its unpromoted type. */
  base: Int32Array;
}

/** The game's dice (equipment `(dice ...)`). */
export interface DiceDef {
  /** The faces of each die, as numbers (every face equally likely). */
  faces: Int32Array[];
  /** How many moves each die allows when every die shows the same number (a double): 1 or 2 (unless doubleByNumber). */
  doubleUses: number;
  /**
   * A double allows moves by its number n instead (`doubles:number`, `doubles:sum`): 0 no; 1 n moves
   * in all (`number`: a double 4 gives four moves of 4), spread over the dice, the first dice one
   * more where n is not a multiple of their count; 2 n moves each die (`sum`: the throw's total of moves).
   */
  doubleByNumber: 0 | 1 | 2;
  /**
   * Doubles as Ludii 1.3.12 plays them (`doubles:ludii`, see engine/play/dice.ts useDie): the double
   * is remembered when its first die is used, and while remembered, a move that uses a die of a
   * throw that is not a double sets every die back to the remembered number.
   */
  ludiiDoubles: boolean;
}

/** When the dice are thrown (the rules' `roll:`): before each turn's first decision, or before every decision, where `when` holds. */
export interface RollRule {
  each: "turn" | "decision";
  /** Evaluated for the player about to act; null: always. */
  when: Pred | null;
}

export interface TurnDef {
  /** Actions (decisions) per turn, and in the very first turn of the game. */
  actions: number;
  firstTurnActions: number;
}

export interface GameDef {
  name: string;
  topology: Topology;
  players: { count: number; names: string[] };
  pieces: PieceDef[];
  /** Attribute tables: attrs.get("rank")[pieceType]. */
  attrTables: Map<string, Int32Array>;
  /** Site flag names; bit i of State.flags is flags[i]. */
  flags: string[];
  /** Bit mask of flags that are bookkeeping (e.g. "moved this turn"), not shown in positions. */
  internalFlags: number;
  counters: string[];
  markers: string[];
  /** Pieces each player owns in all (board + supply + score), or -1 when the game has no supply. */
  supplyTotal: number;
  /** Move kind names; move rows store an index into this list. */
  kinds: string[];
  generators: LeafGenerator[];
  /**
   * Every move source of the rules, combinators included, wherever it stands (the play rules, a
   * prelude, a condition such as `can-move`): what engine/compiled/specialize.ts compiles.
   */
  moveSources?: MoveSource[];
  /** Players' hands, or null when the game has none. */
  hand: HandRules | null;
  /** The dice and when they are thrown, or null in games without chance during play. */
  dice: DiceDef | null;
  /** Per seat, its team's number (`(players ... teams:)`); null when every seat plays for itself. */
  teamOf: Int32Array | null;
  /** Games with mixed stacks: the pieces a site holds at most, each level kept (0: plain piles). */
  stackLevels: number;
  /** Whether states keep each piece's place on a track that passes a site more than once (StateShape.trackPlaces). */
  trackPlaces?: boolean;
  /** Games whose rules ask `connects`: what states need to keep groups (null: they keep none). */
  groupLinks: GroupLinks | null;
  roll: RollRule | null;
  /** Sets up the start position on a fresh state. */
  setup: Effect[];
  play: MoveSource;
  prelude: Prelude;
  turn: TurnDef;
  /** Initial rule memory of every new state (its length is the memory size). */
  memoryInit: Int32Array;
  /** The phases of `(phases ...)` by name, and the rule-memory word of P1's phase (the other seats' follow), or null. */
  phases: { names: string[]; word: number } | null;
  /** Called after every decision with the move made (before the after-action consequences). */
  moveHooks: MoveHook[];
  /**
   * Called at every decision with the move about to be made, before it and its consequences: for rule
   * memory those consequences read about the decision being made (`(passed)` in a phase's `when:`).
   */
  decisionHooks: MoveHook[];
  /** Bit mask of flags that conceal a piece's identity and owner from every player's observation. */
  concealFlags: number;
  /** Bit mask of flags that mark a piece captured until it is taken off (a hop's `mark:`): its capture is told when it is marked. */
  captureMarkFlags: number;
  /** Consequences run after every decision, before the end rules. */
  afterAction: Effect[];
  /** Consequences run when a turn ends (after its last decision). */
  afterTurn: Effect[];
  end: EndRule[];
  presentation: Presentation;
  /**
   * The work budget its conditions count their walks against (engine/play/work-budget.ts); the engine
   * gives it back in full whenever it begins on a position.
   */
  work: WorkBudget;
  /** Called once by the engine so rules can query it (e.g. "no legal moves"). */
  link(rt: Runtime): void;
  /**
   * Whether any rule reads the last decision's sites (`last-to`, `last-from`, a continuation from
   * them): then they are part of the position (hash, saved positions).
   */
  readsLastMove: boolean;
  /**
   * Whether the game keeps a memory of its positions (a rule asks `(repeated ...)`), and whether of
   * every decision's position (a rule asks about the positions within a turn) or only of those in
   * which a turn begins; and whether a rule asks outside the end rules (in a filter's `leaving:`, in
   * consequences), so that the positions of look-ahead decisions must be remembered too. Absent or
   * null: no memory, nothing paid for it.
   */
  repetition?: { everyDecision: boolean; lookAhead: boolean } | null;
  /** Option values the game was compiled with (for records). */
  options: Record<string, string | number | boolean>;
  /**
   * Where rule memory keeps each player's place once finished (1 = first, 0 = still playing), in
   * games where players finish one by one: finished players leave the turn order, and returns go
   * by place. Absent or -1: no such rule.
   */
  placeWord?: number;
  /**
   * Where rule memory keeps the player chosen to play next by `(next-turn P)` (the seat plus one;
   * 0: the turn goes round in seat order), read and cleared when the turn ends. Absent or -1: no
   * such rule.
   */
  nextTurnWord?: number;
  /** Which rules run as compiled code and which on closures (engine/compiled/specialize.ts); absent: all on closures. */
  compilation?: CompilationReport;
  /**
   * The number `(value)` reads in games whose moves carry a number the player chose (`for-each-value`):
   * the engine sets it from a move's row before making or describing it. Absent or null: no such moves.
   */
  chosenValue?: ChosenValue | null;
}

export type MoveHook = (s: State, kind: number, from: number, to: number, player: number) => void;

/** Services the engine gives rules that need to look at legal moves (e.g. "no moves" ends). */
export interface Runtime {
  hasMoves(s: State, player: number, ignorePass?: boolean): boolean;
  /**
   * `hasMoves` asked by a rule inside a move (its consequences, a filter's condition), while the
   * state may be half changed: a question asked while one is being answered finds a move.
   */
  hasMovesWithinMove(s: State, player: number, ignorePass?: boolean): boolean;
  /**
   * Who acts after player `p`'s turn: the player a rule chose with `(next-turn P)` (unless that
   * player has finished), else the next seat in turn order, past the players who have finished.
   */
  seatAfter(s: State, p: number): number;
  /**
   * Whether the engine is in a fast random playout (moves drawn, not listed): a filter asked
   * whether a player has a move may then draw the move itself, uniformly with the state's
   * generator, for the draw that follows on the same position (see KeepSource.any).
   */
  readonly drawing: boolean;
  /**
   * For look-ahead searches: adds the legal moves of the player to act in `s` to `out` (not the
   * engine's cached buffer, which may be being filled).
   */
  movesInto(s: State, out: MoveBuffer): void;
  /**
   * For look-ahead searches: makes move `row` of `buf` in `s` (its consequences, after-action
   * effects and the turn's bookkeeping; no after-turn effects, no end rules) and returns whether
   * the same player decides again in this turn.
   */
  applyInTurn(s: State, buf: MoveBuffer, row: number): boolean;
  /**
   * How many times the present position of `s` has occurred, this time included (see
   * engine/structures/repetition.ts): among the positions in which a turn began, or (`inTurn`) among those of
   * the turn; `board`: comparing the pieces alone, not who is to act.
   */
  repetitions(s: State, board: boolean, inTurn: boolean): number;
}
