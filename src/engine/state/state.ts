/**
 * Game state: plain data in typed arrays, cheap to clone and safe to serialise.
 *
 * Per site: owner, piece type, stack height and a flag word. Per player: supply and score.
 * Named per-player site sets (markers) and named counters for the rules that need them, the turn
 * position, the result, and the seeded RNG. Nothing here knows any game: the sizes come from the
 * compiled description.
 */
import { seedRng, type Seed } from "./rng.js";
import { checkExact, PlayLimitError, positionWords } from "../play/play-limit.js";

export const EMPTY = -1;
/** Owner value of a neutral piece (a block): on the board, but nobody's. */
export const NEUTRAL = 100;
/**
 * Changes a player's supply by `k` (negative: takes from it), keeping it within 0..total, the
 * pieces each player owns (total -1: no bound). Taking from an empty supply takes nothing, and a
 * supply never holds more pieces than its player owns, so every state play reaches is one a
 * position can describe. Owners that are not players (neutral pieces) have no supply. Without a
 * total, a supply beyond the whole numbers held exactly stops play (PlayLimitError, naming `rule`).
 */
export function changeSupply(s: State, player: number, k: number, total: number, rule: string): void {
  if (player < 0 || player >= s.supply.length) return;
  const v = s.supply[player]! + k;
  s.supply[player] = v < 0 ? 0 : total >= 0 && v > total ? total : checkExact(v, rule, `P${player + 1}'s supply`, s);
}

/**
 * The pieces each of `players` players has on the board: stack heights counted, and in a game
 * with mixed stacks each piece for its own owner.
 */
export function piecesOnBoard(s: State, players: number): number[] {
  const out = new Array<number>(players).fill(0), L = s.levels;
  for (let site = 0; site < s.owner.length; site++) {
    const o = s.owner[site]!;
    if (o === EMPTY) continue;
    if (!L) {
      if (o >= 0 && o < players) out[o]! += s.height[site]!;
      continue;
    }
    for (let k = 0, base = site * L, h = s.height[site]!; k < h; k++) {
      const lo = s.levelOwner[base + k]!;
      if (lo >= 0 && lo < players) out[lo]!++;
    }
  }
  return out;
}

/** In an observation: a piece whose owner and type the observer cannot see (face down). */
export const UNKNOWN_OWNER = 101;
export const UNKNOWN_PIECE = -2;

/**
 * One position the game has been in, remembered for the rules about repetition (see
 * engine/structures/repetition.ts). Nodes are never changed once made: a state's list is shared by its
 * copies, so copying a state copies one reference, and a copy that plays on adds nodes of its own.
 */
export interface PositionNode {
  /** The key of the pieces: on the board (owner, type, height, flags), in hands, and the marker sets. */
  readonly h1: number;
  readonly h2: number;
  /** The player to act in it, and which decision of the turn (1: the turn's first). */
  readonly toAct: number;
  readonly action: number;
  /** The last decision's sites, in games whose rules read them (else -1). */
  readonly lastFrom: number;
  readonly lastTo: number;
  /** A position in which a turn begins (the positions the game counts as its own). */
  readonly start: boolean;
  /** The state's decisions (ply) when it was remembered: the head of the list is the present position when they agree. */
  readonly ply: number;
  readonly prev: PositionNode | null;
  /**
   * The list is cut into segments of up to SEGMENT nodes, oldest first. `before`: the last node of
   * the segment before this node's (null in the first); `inSegment`: this node's place in its own
   * (1 for its first node).
   */
  readonly before: PositionNode | null;
  readonly inSegment: number;
  /**
   * A summary of the keys of this node and those before it in its segment (a 512-bit Bloom filter:
   * bit h1 & 511 of each key set, in sixteen words): a key whose bit is clear has not occurred in
   * the segment, and a count skips it whole (see PositionHistory.count). A summary of the whole
   * list would fill up in a long game (Go's 600 positions set most of 512 bits) and be walked
   * nearly every time.
   */
  readonly b0: number;
  readonly b1: number;
  readonly b2: number;
  readonly b3: number;
  readonly b4: number;
  readonly b5: number;
  readonly b6: number;
  readonly b7: number;
  readonly b8: number;
  readonly b9: number;
  readonly b10: number;
  readonly b11: number;
  readonly b12: number;
  readonly b13: number;
  readonly b14: number;
  readonly b15: number;
}

/** Nodes of a segment of the memory of positions: few enough that its summary stays sparse (32 keys in 512 bits). */
const SEGMENT = 32;

/** A node of the memory of positions, its summary made from the one before in its segment (see PositionNode). */
export function positionNode(h1: number, h2: number, toAct: number, action: number, lastFrom: number, lastTo: number, start: boolean, ply: number, prev: PositionNode | null): PositionNode {
  const word = (h1 >>> 5) & 15, bit = 1 << (h1 & 31);
  const fresh = prev === null || prev.inSegment === SEGMENT;
  const p = fresh ? EMPTY_SUMMARY : prev;
  return {
    h1, h2, toAct, action, lastFrom, lastTo, start, ply, prev,
    before: fresh ? prev : prev.before,
    inSegment: fresh ? 1 : prev.inSegment + 1,
    b0: word === 0 ? p.b0 | bit : p.b0,
    b1: word === 1 ? p.b1 | bit : p.b1,
    b2: word === 2 ? p.b2 | bit : p.b2,
    b3: word === 3 ? p.b3 | bit : p.b3,
    b4: word === 4 ? p.b4 | bit : p.b4,
    b5: word === 5 ? p.b5 | bit : p.b5,
    b6: word === 6 ? p.b6 | bit : p.b6,
    b7: word === 7 ? p.b7 | bit : p.b7,
    b8: word === 8 ? p.b8 | bit : p.b8,
    b9: word === 9 ? p.b9 | bit : p.b9,
    b10: word === 10 ? p.b10 | bit : p.b10,
    b11: word === 11 ? p.b11 | bit : p.b11,
    b12: word === 12 ? p.b12 | bit : p.b12,
    b13: word === 13 ? p.b13 | bit : p.b13,
    b14: word === 14 ? p.b14 | bit : p.b14,
    b15: word === 15 ? p.b15 | bit : p.b15,
  };
}

const EMPTY_SUMMARY = { b0: 0, b1: 0, b2: 0, b3: 0, b4: 0, b5: 0, b6: 0, b7: 0, b8: 0, b9: 0, b10: 0, b11: 0, b12: 0, b13: 0, b14: 0, b15: 0 };

/** Whether the summary of `node` (and the nodes before it in its segment) may hold the key h1 (false: they surely do not). */
export function mayHold(node: PositionNode, h1: number): boolean {
  const bit = 1 << (h1 & 31);
  switch ((h1 >>> 5) & 15) {
    case 0: return (node.b0 & bit) !== 0;
    case 1: return (node.b1 & bit) !== 0;
    case 2: return (node.b2 & bit) !== 0;
    case 3: return (node.b3 & bit) !== 0;
    case 4: return (node.b4 & bit) !== 0;
    case 5: return (node.b5 & bit) !== 0;
    case 6: return (node.b6 & bit) !== 0;
    case 7: return (node.b7 & bit) !== 0;
    case 8: return (node.b8 & bit) !== 0;
    case 9: return (node.b9 & bit) !== 0;
    case 10: return (node.b10 & bit) !== 0;
    case 11: return (node.b11 & bit) !== 0;
    case 12: return (node.b12 & bit) !== 0;
    case 13: return (node.b13 & bit) !== 0;
    case 14: return (node.b14 & bit) !== 0;
    default: return (node.b15 & bit) !== 0;
  }
}

export interface StateShape {
  sites: number;
  players: number;
  counters: number;
  markers: number;
  /** Words of rule memory (e.g. what a chase limit remembers about the last moves). */
  memory: number;
  /** Piece types a player's hand holds counts of (the game's piece types), 0 when players have no hand. */
  hand?: number;
  /** Dice the game throws (0: none). */
  dice?: number;
  /**
   * Games with mixed stacks (pieces of several players on one site, in order): the most pieces a
   * site holds, each level's owner and type kept (0 or absent: stacks are piles of one owner's
   * pieces of one type, and only their height is kept).
   */
  levels?: number;
  /**
   * Games whose rules ask which regions a group of pieces joins (`connects`): the state keeps the
   * groups of like-owned pieces as a union-find over the sites (see GroupLinks). 0 or absent: none.
   */
  groups?: number;
  /**
   * Games whose pieces follow a track that passes a site more than once: each piece keeps its place
   * on the track, per site (per level with mixed stacks; see State.trackPlace).
   */
  trackPlaces?: boolean;
}

/**
 * What a state needs to keep groups, fixed for a game (not copied with the state): the board's
 * neighbours as a compressed list (those of site s at list[start[s] .. start[s + 1])), and per
 * site the bits of the connection regions it lies in (bit k: the game's k-th such region).
 */
export interface GroupLinks {
  readonly start: Int32Array;
  readonly list: Int32Array;
  readonly bits: Int32Array;
}

let versionCounter = 0;
function nextVersion(): number {
  return ++versionCounter;
}

export class State {
  /** Owner per site: EMPTY, NEUTRAL or a player index 0..players-1. */
  readonly owner: Int8Array;
  /** Piece type per site (index into the game's piece list), EMPTY when no piece. */
  readonly piece: Int8Array;
  /** Stack height per site (0 when empty). */
  readonly height: Int32Array;
  /** Flag bits per site (the game's flags, e.g. king, hidden). */
  readonly flags: Uint16Array;
  /**
   * In games with mixed stacks (shape.levels L > 0): the owner and type of each piece of a stack,
   * bottom first, at site * L + level for levels 0..height-1; `owner` and `piece` are the top's.
   */
  /**
   * In games whose track passes a site more than once (shape.trackPlaces): the place on the track
   * of the piece standing on each site (with mixed stacks, of each level: site * levels + level),
   * plus one (0: not known, the site's first place). It goes with the piece when it moves, and is
   * set where a move along the track lands.
   */
  readonly trackPlace: Uint16Array;
  private readonly tracked: boolean;
  readonly levelOwner: Int8Array;
  readonly levelPiece: Int8Array;
  /** shape.levels, or 0: read on every change of the board. */
  readonly levels: number;
  /**
   * Per player, maintained by the board primitives: the sites whose piece (stack) is theirs; in a
   * game with mixed stacks, their pieces on the board, wherever they are in a stack.
   */
  readonly pieceCount: Int32Array;
  /** Per player. Float64: whole numbers exact to 2^53, so no sum of scores or supplies ever wraps. */
  readonly supply: Float64Array;
  readonly score: Float64Array;
  /** markers[(m * players + p) * sites + s] = 1 when site s is in marker set m of player p. */
  readonly markers: Uint8Array;
  readonly counters: Float64Array;
  /** Rule memory: words that rules such as a chase limit keep between decisions. */
  readonly memory: Int32Array;
  /** Pieces in hand (captured, to be dropped): hand[player * types + type], in games whose players have hands. */
  readonly hand: Int32Array;
  /** In games with dice: the value each die shows (its last throw; 0 before the first). */
  readonly dice: Int32Array;
  /** Per die: how many more moves may use it this turn (0: used; a double may give 2). */
  readonly diceLeft: Int32Array;
  /** With `doubles:ludii`: the number of the double being played (0: none), see engine/play/dice.ts useDie. */
  heldDouble = 0;
  /**
   * In games that keep groups (shape.groups): per site, the union-find parent of an occupied site
   * (itself at a group's root), and at a root the bits of the connection regions its group touches.
   * Kept as pieces are put down; any other change of occupancy (a capture, a move) marks the groups
   * stale (groupStale[0] = 1) and the next question rebuilds them.
   */
  readonly groupParent: Int32Array;
  readonly groupBits: Int32Array;
  readonly groupStale: Int32Array;
  /**
   * A key of what stands on the board -- owner, type and height of every site's piece, nothing
   * else -- kept as pieces come and go: the XOR of one random-looking pair of words per occupied
   * site (Zobrist hashing), at boardKey[0], boardKey[1]; boardKey[2] = 1 when it is not known
   * (a fresh state, or the board written without the primitives) and must be recomputed. The
   * memory of positions reads it in games whose positions are nothing more (Go's superko).
   */
  readonly boardKey: Int32Array;
  /** The game's neighbour lists and region bits, when it keeps groups (null: it does not). */
  links: GroupLinks | null = null;
  /**
   * Who plays each seat: seatPlayer[seat] is the player (0-based) sitting there. Each player sits at
   * their own seat until a swap rule exchanges two (Ludii's swap: the second player takes over the
   * first's side). Rules speak of seats; results and "who is to decide" are the players'.
   */
  readonly seatPlayer: Int8Array;
  /** The player to act. */
  mover = 0;
  /** 1-based index of the next action in the current turn, and how many the turn has. */
  actionInTurn = 1;
  actionsInTurn = 1;
  /**
   * Set while a decision is made, once its consequences have given the turn another decision
   * (`move-again`): however many of them say so, the turn gains one (as Ludii's moveAgain). Only
   * meaningful during the decision (Game clears it before each one), so never saved or compared.
   */
  movedAgain = false;
  /** Turns begun so far (the first turn is turn 1). */
  turn = 1;
  /** Decisions applied so far. */
  ply = 0;
  /** The player who made the last decision (-1 before the first). */
  lastMover = -1;
  /**
   * Where the last decision moved from and to (-1: nowhere, e.g. a pass, or before the first).
   * Set before the decision's consequences run, so they and the next decision (a continuation
   * from `last-to`) see the move just made.
   */
  lastFrom = -1;
  lastTo = -1;
  /** Decisions of the game's prelude (before turn 1) still to be made. */
  preludeLeft = 0;
  /**
   * Whether the dice are to be thrown before the mover's next decision: the state is then a chance
   * node (Game.currentPlayer gives CHANCE) whose outcomes are the throws.
   */
  rollDue = false;
  /** Whether the game is over; then `returns` holds the result. */
  over = false;
  /** The end rule that ended the game (index into the game's end rules); -1 while it goes on or when unknown. */
  endRule = -1;
  readonly returns: Float64Array;
  /** RNG words (sfc32). */
  readonly rng: Uint32Array;
  /**
   * In an observation of a game with face-down pieces: how many face-down pieces there are of
   * each (owner, type), at owner * pieceTypes + type. Public knowledge (everything that left the
   * face-down pool was seen by all), used to sample determinizations. Undefined in true states.
   */
  concealedPool?: Int32Array;
  /**
   * -1 in a true state; in a player's observation (Game.observation) and every state made from
   * one, that player: its generator words are not the game's (they are cleared), so no throw of
   * the game can be read from it (Game.drawChance refuses it).
   */
  observer = -1;
  /**
   * The positions the game has been in, the latest first, in games whose rules ask about
   * repetition (else null; null too before the first decision, see PositionHistory).
   */
  positions: PositionNode | null = null;
  /**
   * Changes on every mutation that affects legal moves; keys the legal-move cache. Values come from
   * one counter shared by all states, so a state overwritten by copyFrom never repeats a version
   * it had before with different contents.
   */
  version = nextVersion();

  /**
   * Every array above is a view into this one buffer, laid out widest elements first (so each is
   * aligned): copying a state is one copy of its bytes.
   */
  private readonly bytes: Uint8Array;

  constructor(readonly shape: StateShape) {
    const { sites, players, counters, markers, memory } = shape;
    this.levels = shape.levels ?? 0;
    const lengths = {
      supply: players,
      score: players,
      counters: Math.max(1, counters),
      returns: players,
      height: sites,
      pieceCount: players,
      memory: Math.max(1, memory ?? 0),
      hand: Math.max(1, (shape.hand ?? 0) * players),
      dice: Math.max(1, shape.dice ?? 0),
      rng: 4,
      flags: sites,
      trackPlace: shape.trackPlaces ? sites * Math.max(1, shape.levels ?? 0) : 1,
      owner: sites,
      piece: sites,
      levels: Math.max(1, (shape.levels ?? 0) * sites),
      groups: shape.groups ? sites : 1,
      markers: Math.max(1, markers * players * sites),
      seatPlayer: players,
    };
    const size = 8 * (lengths.supply + lengths.score + lengths.counters + lengths.returns) +
      4 * (lengths.height + lengths.pieceCount + lengths.memory + lengths.hand + 2 * lengths.dice + lengths.rng + 2 * lengths.groups + 1 + 3) +
      2 * (lengths.flags + lengths.trackPlace) + lengths.owner + lengths.piece + 2 * lengths.levels + lengths.markers + lengths.seatPlayer;
    const buffer = new ArrayBuffer(size);
    this.bytes = new Uint8Array(buffer);
    let at = 0;
    const take = <T>(make: new (b: ArrayBuffer, offset: number, length: number) => T, width: number, length: number): T => {
      const view = new make(buffer, at, length);
      at += width * length;
      return view;
    };
    this.supply = take(Float64Array, 8, lengths.supply);
    this.score = take(Float64Array, 8, lengths.score);
    this.counters = take(Float64Array, 8, lengths.counters);
    this.returns = take(Float64Array, 8, lengths.returns);
    this.height = take(Int32Array, 4, lengths.height);
    this.pieceCount = take(Int32Array, 4, lengths.pieceCount);
    this.memory = take(Int32Array, 4, lengths.memory);
    this.hand = take(Int32Array, 4, lengths.hand);
    this.dice = take(Int32Array, 4, lengths.dice);
    this.diceLeft = take(Int32Array, 4, lengths.dice);
    this.rng = take(Uint32Array, 4, lengths.rng);
    this.groupParent = take(Int32Array, 4, lengths.groups);
    this.groupBits = take(Int32Array, 4, lengths.groups);
    this.groupStale = take(Int32Array, 4, 1);
    this.boardKey = take(Int32Array, 4, 3);
    this.boardKey[2] = 1;
    // Groups are built on first asking (a new state's parents are not yet a forest).
    this.groupStale[0] = 1;
    this.flags = take(Uint16Array, 2, lengths.flags);
    this.trackPlace = take(Uint16Array, 2, lengths.trackPlace);
    this.tracked = shape.trackPlaces === true;
    this.owner = take(Int8Array, 1, lengths.owner).fill(EMPTY);
    this.piece = take(Int8Array, 1, lengths.piece).fill(EMPTY);
    this.levelOwner = take(Int8Array, 1, lengths.levels);
    this.levelPiece = take(Int8Array, 1, lengths.levels);
    this.markers = take(Uint8Array, 1, lengths.markers);
    this.seatPlayer = take(Int8Array, 1, lengths.seatPlayer);
    for (let p = 0; p < players; p++) this.seatPlayer[p] = p;
  }

  static seeded(shape: StateShape, seed: Seed): State {
    const s = new State(shape);
    seedRng(s.rng, seed);
    return s;
  }

  /**
   * Makes this state as a new one of its shape, seeded with `seed`, without allocating: what runs
   * of many short games (a benchmark's playouts) reuse instead of a new state each.
   */
  reset(seed: Seed): void {
    this.bytes.fill(0);
    this.owner.fill(EMPTY);
    this.piece.fill(EMPTY);
    this.heldDouble = 0;
    this.mover = 0;
    this.actionInTurn = 1;
    this.actionsInTurn = 1;
    this.turn = 1;
    this.ply = 0;
    this.lastMover = -1;
    this.lastFrom = -1;
    this.lastTo = -1;
    this.preludeLeft = 0;
    this.rollDue = false;
    this.over = false;
    this.endRule = -1;
    this.positions = null;
    this.observer = -1;
    this.concealedPool = undefined;
    this.groupStale[0] = 1;
    this.boardKey[2] = 1;
    for (let p = 0; p < this.seatPlayer.length; p++) this.seatPlayer[p] = p;
    seedRng(this.rng, seed);
    this.touch();
  }

  clone(): State {
    const c = new State(this.shape);
    c.copyFrom(this);
    c.links = this.links;
    if (this.concealedPool) c.concealedPool = this.concealedPool.slice();
    return c;
  }

  /** Overwrites this state with `o` (same shape), without allocating. */
  copyFrom(o: State): void {
    this.bytes.set(o.bytes);
    this.links = o.links;
    this.mover = o.mover;
    this.actionInTurn = o.actionInTurn;
    this.actionsInTurn = o.actionsInTurn;
    this.turn = o.turn;
    this.ply = o.ply;
    this.lastMover = o.lastMover;
    this.lastFrom = o.lastFrom;
    this.lastTo = o.lastTo;
    this.preludeLeft = o.preludeLeft;
    this.rollDue = o.rollDue;
    this.heldDouble = o.heldDouble;
    this.over = o.over;
    this.endRule = o.endRule;
    this.positions = o.positions;
    this.observer = o.observer;
    this.touch();
  }

  /** Plain JSON data (typed arrays as number arrays); `State.fromJSON` reads it back. */
  toJSON(): SerializedState {
    const out: SerializedState = {
      format: "ludex-state/1",
      shape: { ...this.shape },
      owner: Array.from(this.owner),
      piece: Array.from(this.piece),
      height: Array.from(this.height),
      flags: Array.from(this.flags),
      supply: Array.from(this.supply),
      score: Array.from(this.score),
      markers: Array.from(this.markers),
      counters: Array.from(this.counters),
      memory: Array.from(this.memory),
      ...(this.shape.hand ? { hand: Array.from(this.hand) } : {}),
      ...(this.levels ? { levelOwner: Array.from(this.levelOwner), levelPiece: Array.from(this.levelPiece) } : {}),
      ...(this.tracked ? { trackPlace: Array.from(this.trackPlace) } : {}),
      ...(this.shape.dice ? { dice: Array.from(this.dice), diceLeft: Array.from(this.diceLeft), rollDue: this.rollDue, heldDouble: this.heldDouble } : {}),
      ...(this.seatPlayer.some((p, seat) => p !== seat) ? { seatPlayer: Array.from(this.seatPlayer) } : {}),
      returns: Array.from(this.returns),
      rng: Array.from(this.rng),
      mover: this.mover,
      actionInTurn: this.actionInTurn,
      actionsInTurn: this.actionsInTurn,
      turn: this.turn,
      ply: this.ply,
      lastMover: this.lastMover,
      lastFrom: this.lastFrom,
      lastTo: this.lastTo,
      preludeLeft: this.preludeLeft,
      over: this.over,
      endRule: this.endRule,
    };
    if (this.positions) out.positions = positionsToJSON(this.positions);
    // An observation keeps its public pool of face-down identities (what determinize deals from).
    if (this.concealedPool) out.concealedPool = Array.from(this.concealedPool);
    if (this.observer >= 0) out.observer = this.observer;
    return out;
  }

  static fromJSON(data: SerializedState): State {
    const s = new State(data.shape);
    s.owner.set(data.owner);
    s.piece.set(data.piece);
    s.height.set(data.height);
    s.flags.set(data.flags);
    s.supply.set(data.supply);
    s.score.set(data.score);
    s.markers.set(data.markers);
    s.counters.set(data.counters);
    if (data.memory) s.memory.set(data.memory);
    if (data.hand) s.hand.set(data.hand);
    if (data.levelOwner) s.levelOwner.set(data.levelOwner);
    if (data.levelPiece) s.levelPiece.set(data.levelPiece);
    if (data.trackPlace && s.tracked) s.trackPlace.set(data.trackPlace);
    if (data.dice) s.dice.set(data.dice);
    if (data.diceLeft) s.diceLeft.set(data.diceLeft);
    s.rollDue = data.rollDue ?? false;
    s.heldDouble = data.heldDouble ?? 0;
    if (data.seatPlayer) s.seatPlayer.set(data.seatPlayer);
    s.returns.set(data.returns);
    s.rng.set(data.rng);
    if (s.levels) piecesOnBoard(s, s.pieceCount.length).forEach((n, p) => (s.pieceCount[p] = n));
    else {
      for (let i = 0; i < s.owner.length; i++) {
        const o = s.owner[i]!;
        if (o >= 0 && o !== NEUTRAL) s.pieceCount[o]!++;
      }
    }
    s.mover = data.mover;
    s.actionInTurn = data.actionInTurn;
    s.actionsInTurn = data.actionsInTurn;
    s.turn = data.turn;
    s.ply = data.ply;
    s.lastMover = data.lastMover;
    s.lastFrom = data.lastFrom ?? -1;
    s.lastTo = data.lastTo ?? -1;
    s.preludeLeft = data.preludeLeft ?? 0;
    s.over = data.over;
    s.endRule = data.endRule ?? -1;
    if (data.concealedPool) s.concealedPool = Int32Array.from(data.concealedPool);
    if (data.observer !== undefined) s.observer = data.observer;
    if (data.positions) s.positions = positionsFromJSON(data.positions);
    s.groupStale[0] = 1;
    s.boardKey[2] = 1;
    return s;
  }

  // --- board primitives: every change of occupancy goes through these, so pieceCount stays true ---

  /** Puts a piece (a pile of `height` alike) on an empty site. */
  put(site: number, owner: number, piece: number, height = 1, flags = 0): void {
    this.keySite(site);
    this.owner[site] = owner;
    this.piece[site] = piece;
    this.height[site] = height;
    this.flags[site] = flags;
    if (this.tracked) this.forgetPlaces(site, 0, Math.max(1, height));
    const L = this.levels;
    if (owner !== NEUTRAL) this.pieceCount[owner]! += L ? height : 1;
    if (L) {
      this.checkLevels(site, height);
      this.levelOwner.fill(owner, site * L, site * L + height);
      this.levelPiece.fill(piece, site * L, site * L + height);
    }
    if (this.links !== null) this.joinGroups(site);
    this.keySite(site);
    this.touch();
  }

  /** Empties a site. */
  clear(site: number): void {
    const owner = this.owner[site]!;
    if (owner === EMPTY) return;
    this.keySite(site);
    const L = this.levels;
    if (this.tracked) this.forgetPlaces(site, 0, Math.max(1, this.height[site]!));
    if (L) this.uncount(site, 0, this.height[site]!);
    else if (owner !== NEUTRAL) this.pieceCount[owner]!--;
    this.owner[site] = EMPTY;
    this.piece[site] = EMPTY;
    this.height[site] = 0;
    this.flags[site] = 0;
    this.groupStale[0] = 1;
    this.touch();
  }

  /**
   * Adds `k` pieces to a pile: on an empty site a new pile of `owner`'s `piece`, else onto the pile
   * there. Without mixed stacks the pile keeps its owner and type (the rules only pile like on like);
   * with them, the pieces go on top and the top is theirs.
   */
  addPieces(site: number, owner: number, piece: number, k: number): void {
    if (this.owner[site] === EMPTY) return this.put(site, owner, piece, k, 0);
    this.keySite(site);
    const L = this.levels;
    if (L) {
      const h = this.height[site]!;
      this.checkLevels(site, h + k);
      this.levelOwner.fill(owner, site * L + h, site * L + h + k);
      this.levelPiece.fill(piece, site * L + h, site * L + h + k);
      if (this.tracked) this.forgetPlaces(site, h, h + k);
      this.height[site] = h + k;
      if (owner !== NEUTRAL) this.pieceCount[owner]! += k;
      this.setTop(site);
      this.keySite(site);
      return;
    }
    this.height[site]! += k;
    this.keySite(site);
    this.touch();
  }

  /**
   * Puts `k` pieces under the pile on a site: with mixed stacks they take the lowest levels and the
   * others move up (Lasca's captured piece under the capturing column); on an empty site, or in a
   * game of plain piles, it is `addPieces`.
   */
  addUnder(site: number, owner: number, piece: number, k: number): void {
    const L = this.levels;
    if (!L || this.owner[site] === EMPTY) return this.addPieces(site, owner, piece, k);
    this.keySite(site);
    const h = this.height[site]!, base = site * L;
    this.checkLevels(site, h + k);
    this.levelOwner.copyWithin(base + k, base, base + h);
    this.levelPiece.copyWithin(base + k, base, base + h);
    this.levelOwner.fill(owner, base, base + k);
    this.levelPiece.fill(piece, base, base + k);
    if (this.tracked) {
      this.trackPlace.copyWithin(base + k, base, base + h);
      this.forgetPlaces(site, 0, k);
    }
    this.height[site] = h + k;
    if (owner !== NEUTRAL) this.pieceCount[owner]! += k;
    this.setTop(site);
    this.keySite(site);
  }

  /** Takes `k` pieces off the top of a pile (all of them empties the site). */
  takePieces(site: number, k: number): void {
    if (this.height[site]! <= k) return this.clear(site);
    this.keySite(site);
    this.height[site]! -= k;
    if (this.levels) {
      this.uncount(site, this.height[site]!, this.height[site]! + k);
      this.setTop(site);
    }
    this.keySite(site);
    this.touch();
  }

  /** Mixed stacks: takes the piece at `level` (0: the bottom) out of a stack, those above it moving down one. */
  takeLevel(site: number, level: number): void {
    const L = this.levels, h = this.height[site]!;
    if (h <= 1) return this.clear(site);
    const base = site * L;
    this.keySite(site);
    this.uncount(site, level, level + 1);
    this.levelOwner.copyWithin(base + level, base + level + 1, base + h);
    this.levelPiece.copyWithin(base + level, base + level + 1, base + h);
    if (this.tracked) this.trackPlace.copyWithin(base + level, base + level + 1, base + h);
    this.height[site] = h - 1;
    this.setTop(site);
    this.keySite(site);
  }

  /** Track places (shape.trackPlaces): levels `from` to `to - 1` of a site (0 alone without mixed stacks) are not known. */
  private forgetPlaces(site: number, from: number, to: number): void {
    const base = site * Math.max(1, this.levels);
    this.trackPlace.fill(0, base + from, base + (this.levels ? to : 1));
  }

  /** Mixed stacks: the owner and type of the top level become the site's. */
  private setTop(site: number): void {
    const L = this.levels, top = site * L + this.height[site]! - 1;
    if (this.owner[site] !== this.levelOwner[top]) this.groupStale[0] = 1;
    this.owner[site] = this.levelOwner[top]!;
    this.piece[site] = this.levelPiece[top]!;
    this.touch();
  }

  /** Mixed stacks: the pieces of levels `from` to `to - 1` of a site leave their owners' counts. */
  private uncount(site: number, from: number, to: number): void {
    const base = site * this.levels;
    for (let k = from; k < to; k++) {
      const o = this.levelOwner[base + k]!;
      if (o !== NEUTRAL) this.pieceCount[o]!--;
    }
  }

  private checkLevels(site: number, height: number): void {
    if (height > this.levels) {
      throw new PlayLimitError(
        "(mixed-stacks ...)",
        `would stack ${height} pieces on site ${site}, more than the ${this.levels} a stack may hold (its max:, or without max: every piece the game starts with on the board and in supplies)`,
        positionWords(this),
      );
    }
  }

  /** Moves whatever stands on `from` to the empty site `to`. */
  relocate(from: number, to: number): void {
    this.keySite(from);
    this.owner[to] = this.owner[from]!;
    this.piece[to] = this.piece[from]!;
    this.height[to] = this.height[from]!;
    this.flags[to] = this.flags[from]!;
    const L = this.levels;
    if (L) {
      this.levelOwner.copyWithin(to * L, from * L, from * L + this.height[from]!);
      this.levelPiece.copyWithin(to * L, from * L, from * L + this.height[from]!);
    }
    if (this.tracked) {
      const n = Math.max(1, L), h = L ? this.height[from]! : 1;
      this.trackPlace.copyWithin(to * n, from * n, from * n + h);
      this.forgetPlaces(from, 0, h);
    }
    this.owner[from] = EMPTY;
    this.piece[from] = EMPTY;
    this.height[from] = 0;
    this.flags[from] = 0;
    this.groupStale[0] = 1;
    this.keySite(to);
    this.touch();
  }

  /**
   * Two sites exchange whatever stands on them (pieces, piles or stacks, with their flags); either
   * may be empty. Nobody gains or loses a piece, so the counts stay; groups are made again.
   */
  exchange(a: number, b: number): void {
    if (a === b) return;
    this.keySite(a);
    this.keySite(b);
    const L = this.levels;
    if (L) {
      // Level by level up to the taller stack: no scratch array.
      const top = Math.max(this.height[a]!, this.height[b]!);
      for (let k = 0; k < top; k++) {
        const i = a * L + k, j = b * L + k;
        const o = this.levelOwner[i]!, p = this.levelPiece[i]!;
        this.levelOwner[i] = this.levelOwner[j]!;
        this.levelPiece[i] = this.levelPiece[j]!;
        this.levelOwner[j] = o;
        this.levelPiece[j] = p;
      }
    }
    const owner = this.owner[a]!, piece = this.piece[a]!, height = this.height[a]!, flags = this.flags[a]!;
    this.owner[a] = this.owner[b]!;
    this.piece[a] = this.piece[b]!;
    this.height[a] = this.height[b]!;
    this.flags[a] = this.flags[b]!;
    this.owner[b] = owner;
    this.piece[b] = piece;
    this.height[b] = height;
    this.flags[b] = flags;
    if (this.tracked) {
      const n = Math.max(1, L), top = L ? Math.max(this.height[a]!, this.height[b]!) : 1;
      for (let k = 0; k < top; k++) {
        const place = this.trackPlace[a * n + k]!;
        this.trackPlace[a * n + k] = this.trackPlace[b * n + k]!;
        this.trackPlace[b * n + k] = place;
      }
    }
    this.groupStale[0] = 1;
    this.keySite(a);
    this.keySite(b);
    this.touch();
  }

  /** Gives the piece on an occupied site (a stack's top) to another player (a flip), keeping its type, height and flags. */
  setOwner(site: number, owner: number): void {
    const was = this.owner[site]!;
    if (was === EMPTY || was === owner) return;
    this.keySite(site);
    if (was !== NEUTRAL) this.pieceCount[was]!--;
    if (owner !== NEUTRAL) this.pieceCount[owner]!++;
    this.owner[site] = owner;
    const L = this.levels;
    if (L) this.levelOwner[site * L + this.height[site]! - 1] = owner;
    this.groupStale[0] = 1;
    this.keySite(site);
    this.touch();
  }

  /** Changes the type of the piece on an occupied site (a stack's top: a promotion), keeping owner, height and flags. */
  setPiece(site: number, piece: number): void {
    if (this.owner[site] === EMPTY || this.piece[site] === piece) return;
    this.keySite(site);
    this.piece[site] = piece;
    const L = this.levels;
    if (L) this.levelPiece[site * L + this.height[site]! - 1] = piece;
    this.keySite(site);
    this.touch();
  }

  // --- the board key (see boardKey) ---

  /** Toggles the piece on `site` in or out of the board key (called before and after a change). */
  private keySite(site: number): void {
    const key = this.boardKey;
    if (key[2] !== 0 || this.owner[site] === EMPTY) return;
    const v = this.owner[site]! + 1 + ((this.piece[site]! + 1) << 8) + (this.height[site]! << 16);
    key[0]! ^= siteKey(site, v, 0x9e3779b1);
    key[1]! ^= siteKey(site, v, 0x85ebca77);
  }

  /** The board key, recomputed from the board when it is not known (boardKey[0..1] then hold it). */
  currentBoardKey(): Int32Array {
    const key = this.boardKey;
    if (key[2] !== 0) {
      key[0] = 0;
      key[1] = 0;
      key[2] = 0;
      for (let site = 0; site < this.owner.length; site++) this.keySite(site);
    }
    return key;
  }

  // --- groups (games that keep them): a union-find over the sites of like-owned pieces ---

  /** The bits of the connection regions that the group of the piece on `site` touches (0: an empty site). */
  groupRegions(site: number): number {
    if (this.owner[site]! < 0 || this.links === null) return 0;
    if (this.groupStale[0] !== 0) this.rebuildGroups();
    return this.groupBits[this.groupRoot(site)]!;
  }

  /** The root of a site's group, halving the path on the way (the parents stay a valid forest). */
  private groupRoot(site: number): number {
    const parent = this.groupParent;
    let at = site;
    while (parent[at] !== at) {
      const up = parent[parent[at]!]!;
      parent[at] = up;
      at = up;
    }
    return at;
  }

  /** A piece just put on `site` starts a group and joins those of its like-owned neighbours. */
  private joinGroups(site: number): void {
    if (this.groupStale[0] !== 0) return;
    this.groupParent[site] = site;
    this.groupBits[site] = this.links!.bits[site]!;
    this.linkGroup(site);
  }

  /** Joins the group of the piece on `site` with those of its like-owned neighbours. */
  private linkGroup(site: number): void {
    const owner = this.owner[site]!;
    if (owner === NEUTRAL) return;
    const { start, list } = this.links!;
    let root = this.groupRoot(site);
    for (let k = start[site]!, end = start[site + 1]!; k < end; k++) {
      const t = list[k]!;
      if (this.owner[t] !== owner) continue;
      const other = this.groupRoot(t);
      if (other === root) continue;
      this.groupParent[root] = other;
      this.groupBits[other]! |= this.groupBits[root]!;
      root = other;
    }
  }

  /** Rebuilds every group from the board (after a capture, a move, or a state read from data). */
  private rebuildGroups(): void {
    this.groupStale[0] = 0;
    const bits = this.links!.bits, n = this.owner.length;
    for (let site = 0; site < n; site++) {
      this.groupParent[site] = site;
      this.groupBits[site] = bits[site]!;
    }
    for (let site = 0; site < n; site++) if (this.owner[site]! >= 0) this.linkGroup(site);
  }

  /** Marks the state as changed (invalidates cached legal moves). */
  touch(): void {
    this.version = nextVersion();
  }

  markerIndex(marker: number, player: number, site: number): number {
    return (marker * this.shape.players + player) * this.shape.sites + site;
  }
}

export interface SerializedState {
  format: "ludex-state/1";
  shape: StateShape;
  owner: number[];
  piece: number[];
  height: number[];
  flags: number[];
  supply: number[];
  score: number[];
  markers: number[];
  counters: number[];
  memory?: number[];
  /** Games with mixed stacks: each level's owner and type (see State.levelOwner). */
  levelOwner?: number[];
  levelPiece?: number[];
  /** Games whose track passes a site more than once: each site's piece's place on it (see State.trackPlace). */
  trackPlace?: number[];
  /** Only in games whose players have hands (see State.hand). */
  hand?: number[];
  /** Only in games with dice (see State.dice, diceLeft, rollDue). */
  dice?: number[];
  diceLeft?: number[];
  rollDue?: boolean;
  heldDouble?: number;
  /** Who plays each seat, when a swap has exchanged seats (absent: each their own). */
  seatPlayer?: number[];
  returns: number[];
  rng: number[];
  mover: number;
  actionInTurn: number;
  actionsInTurn: number;
  turn: number;
  ply: number;
  lastMover: number;
  /** Absent in states saved before continuations existed (-1). */
  lastFrom?: number;
  lastTo?: number;
  preludeLeft?: number;
  over: boolean;
  /** Absent in states saved before end rules were recorded. */
  endRule?: number;
  /** Only in an observation: face-down pieces per (owner, type), see State.concealedPool. */
  concealedPool?: number[];
  /** Only in an observation: the player whose view it is (see State.observer). */
  observer?: number;
  /**
   * The game the state is of (written by Game.serialize, absent from State.toJSON and from states
   * saved before it was): its name and the fingerprint of its compiled description (rules and
   * option values), which Game.deserialize compares with its own.
   */
  game?: { name: string; hash: string };
  /**
   * Only in games whose rules ask about repetition: the positions remembered (State.positions),
   * oldest first, POSITION_WORDS numbers each (h1, h2, toAct, action, lastFrom, lastTo, start as
   * 0 or 1, ply).
   */
  positions?: number[];
}

const POSITION_WORDS = 8;

function positionsToJSON(head: PositionNode): number[] {
  const nodes: PositionNode[] = [];
  for (let n: PositionNode | null = head; n; n = n.prev) nodes.push(n);
  const out: number[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i]!;
    out.push(n.h1, n.h2, n.toAct, n.action, n.lastFrom, n.lastTo, n.start ? 1 : 0, n.ply);
  }
  return out;
}

function positionsFromJSON(words: number[]): PositionNode | null {
  if (words.length % POSITION_WORDS !== 0) throw new Error(`positions: ${words.length} numbers, not a multiple of ${POSITION_WORDS}`);
  let head: PositionNode | null = null;
  for (let i = 0; i < words.length; i += POSITION_WORDS) {
    const [h1, h2, toAct, action, lastFrom, lastTo, start, ply] = words.slice(i, i + POSITION_WORDS) as [number, number, number, number, number, number, number, number];
    head = positionNode(h1, h2, toAct, action, lastFrom, lastTo, start === 1, ply, head);
  }
  return head;
}

/** One word of a site's contribution to the board key: a mix of the site and what stands on it. */
function siteKey(site: number, v: number, seed: number): number {
  let x = Math.imul(site + 1, seed) ^ Math.imul(v, 0xc2b2ae3d);
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  return x ^ (x >>> 16);
}
