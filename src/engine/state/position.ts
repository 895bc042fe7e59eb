/**
 * Positions as plain JSON (the `position` object of the scenario format, also read by
 * `ludex legal --position` and written by `ludex show --json`): loading one into a State, and
 * describing a State the same way. `toPosition` writes everything `loadPosition` needs to rebuild
 * the same state (same legal moves, same drawing, same hash), so positions round-trip.
 * Problems are collected with the JSON path that caused them, never thrown mid-way.
 *
 * Every number read is checked against the range the state holds it in, so nothing wraps or
 * loses precision on the way in: `turn` 0 to MAX_TURN; `actionInTurn` and `actionsInTurn` 1 to
 * MAX_TURN; heights 1 to MAX_HEIGHT; a supply 0 to the pieces each player owns (MAX_EXACT when the
 * game sets no total); `concealed` counts 0 to MAX_PIECES; scores and counters whole numbers within
 * +-(2^53 - 1) (stored as doubles, exact there); `memory` words of 32 bits; `preludeLeft` and
 * `endRule` within the game's prelude and end rules. Values nested deeper than MAX_JSON_DEPTH are
 * refused before anything walks them, and values quoted in messages are cut (see untrusted.ts).
 */
import { SwapSource } from "../moves/swap.js";
import { doubleByNumber } from "../play/dice.js";
import type { Game } from "../play/game.js";
import { EMPTY, NEUTRAL, piecesOnBoard, UNKNOWN_OWNER, UNKNOWN_PIECE, type State } from "./state.js";
import { siteIndex } from "../board/topology.js";
import type { Seed } from "./rng.js";
import { nestedTooDeep, ProblemList, shown } from "../../library/untrusted.js";
import { MAX_EXACT, MAX_HEIGHT, MAX_JSON_DEPTH, MAX_PIECES, MAX_TURN } from "../../limits.js";

/** Where problems are collected: the first few are kept (see ProblemList). */
type Problems = Pick<ProblemList, "push" | "length">;

export interface SitePiece {
  owner?: string;
  piece: string;
  height?: number;
  flags?: string[];
  /**
   * Games with mixed stacks: the pieces under this one (which is the top), bottom first, written
   * when they are not all the same owner's piece of its type (then `height` alone says it).
   */
  below?: { piece: string; owner?: string }[];
}

/** How a finished game ended, as in a scenario's `then.result`. */
export type PositionResult = "ongoing" | "draw" | { winner: string } | { winners: string[] };

/** The piece name a face-down piece of an observation is written under (no type, no owner). */
export const UNKNOWN_PIECE_NAME = "unknown";

export interface Position {
  sites?: Record<string, SitePiece>;
  mover?: string;
  actionInTurn?: number;
  actionsInTurn?: number;
  supply?: Record<string, number>;
  scores?: Record<string, number>;
  /**
   * Per-player named site sets. Each set (a name and a player) that is absent holds what the
   * game's start gives it; a set that is given, even empty, replaces it.
   */
  markers?: Record<string, Record<string, string[]>>;
  counters?: Record<string, number>;
  // --- Beyond the scenario format: what `ludex show --json` adds so that a position reads back
  // as the very same state. All optional. ---
  /**
   * Flags the rules keep for themselves (declared `internal:true`, such as "moved this turn"),
   * per site. The board does not show them, nor do `sites` (so that `sites` reads as a scenario's
   * `then.sites` does), but they change what is legal. Absent: none.
   */
  internalFlags?: Record<string, string[]>;
  /** The turn number: 1 is the game's first turn, 0 the prelude. Absent: 2 (never the first turn); 3 in a game with the swap rule (never the swap's turn). */
  turn?: number;
  /** Decisions of the game's prelude (before its first turn) still to come. Absent: 0. */
  preludeLeft?: number;
  /**
   * Rule memory: the words rules keep between decisions (a chase limit's recent moves, with sites
   * as board indices). Engine data, meant to be copied from `show --json`, not written by hand.
   * Absent: nothing remembered, as at the start of a game.
   */
  memory?: number[];
  /**
   * In games played in phases (`(phases ...)`): the phase each seat is in, by name (`{"P1":
   * "turn"}`). Absent, or a seat not named: the first phase (or what `memory` says).
   */
  phases?: Record<string, string>;
  /**
   * Who sits at each seat, seat to player, once a swap rule has exchanged them (`{"P1": "P2",
   * "P2": "P1"}`: the second player plays the first seat's pieces). Every other field speaks of
   * seats, but `result`, which names the players who won. Absent: each player at their own seat.
   */
  seats?: Record<string, string>;
  /** The result of a finished game, by player. Absent: the game goes on. */
  result?: PositionResult;
  /** Which end rule ended the game (0-based, in the description's order); absent: unknown. */
  endRule?: number;
  /**
   * Who made the last decision (the reason a game ended names them, e.g. "P2 captured a king").
   * Absent: the mover when the turn is past its first action, else the player before the mover.
   */
  lastMover?: string;
  /**
   * Where the last decision moved from and to, for games whose rules continue from it (a chain
   * taken one hop per decision, an arrow shot from where a piece landed). Absent: nowhere.
   */
  last?: { from?: string; to?: string };
  /**
   * Only in an observation (`show --as`): how many face-down pieces there are of each owner and
   * type, e.g. `{"P1": {"king": 1}}`. Public knowledge, needed by search that samples the hidden deal.
   */
  concealed?: Record<string, Record<string, number>>;
  /** In games whose players have hands: the pieces each holds by type, e.g. `{"P1": {"pawn": 2}}`; absent: empty hands. */
  hands?: Record<string, Record<string, number>>;
  /**
   * In games with dice: what the dice show, die by die, e.g. `[3, 5]`; the mover decides with
   * them. Absent: the dice are still to be thrown, where the rules throw them before this decision.
   */
  dice?: number[];
  /** With `dice`: how many more moves each die allows this turn (0: used); absent: each die 1, a double 2 where the dice say `doubles:twice`. */
  diceLeft?: number[];
  /** With `doubles:ludii`: the number of a double being carried over (see engine/play/dice.ts useDie); absent: none. */
  heldDouble?: number;
}

const POSITION_FIELDS = [
  "sites", "mover", "actionInTurn", "actionsInTurn", "supply", "scores", "markers", "counters",
  "internalFlags", "turn", "preludeLeft", "memory", "phases", "seats", "result", "endRule", "lastMover", "last", "concealed", "hands",
  "dice", "diceLeft", "heldDouble",
];

export interface LoadOptions {
  /**
   * Accept an observation (a position with face-down pieces written as `unknown`, from `show --as`):
   * the state is then that observation. Off by default: anything that plays on from a position
   * needs every piece's identity.
   */
  observation?: boolean;
}

export class PositionError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
  }
}

/** Seat name `P1`..`Pn` to index, or -1. */
export function playerIndex(game: Game, name: unknown): number {
  if (typeof name !== "string") return -1;
  const m = /^P(\d+)$/.exec(name);
  const i = m ? Number(m[1]) - 1 : -1;
  return i >= 0 && i < game.playerCount ? i : -1;
}

export function playerName(p: number): string {
  // -1 is CHANCE (engine/play/game.ts): the throws of the dice in records.
  return p === -1 ? "chance" : `P${p + 1}`;
}

/** Builds the state a position describes: the moment just before `mover` acts. */
export function loadPosition(game: Game, pos: unknown, seed: Seed = 0, opts: LoadOptions = {}): State {
  if (!isObject(pos)) throw new PositionError(["the position must be a JSON object"]);
  const deep = nestedTooDeep(pos, "position");
  if (deep) throw new PositionError([`${deep}: nested deeper than ${MAX_JSON_DEPTH} levels (a position's own fields nest at most 4)`]);
  const problems = new ProblemList();
  const s = game.emptyState(seed);
  for (const k of Object.keys(pos)) if (!POSITION_FIELDS.includes(k)) problems.push(`position.${shown(k)}: unknown field (expected one of ${POSITION_FIELDS.join(", ")})`);

  readTurn(game, pos, s, problems);
  const faceDown = readSites(game, pos.sites, s, problems, opts);
  if (faceDown.refused.length) problems.push(refusedObservation(faceDown.refused));
  readInternalFlags(game, pos.internalFlags, s, problems);
  readMover(game, pos, s, problems);
  readLast(game, pos.last, s, problems);
  readPerPlayer(game, pos.scores, "position.scores", problems, s.score);
  // Without a supply the position has the game's usual one: what is neither on the board nor scored.
  if (pos.supply === undefined) game.fillSupplies(s);
  else {
    const total = game.def.supplyTotal;
    readPerPlayer(game, pos.supply, "position.supply", problems, s.supply, total >= 0 ? [0, total, "the pieces each player owns"] : [0, MAX_EXACT, "a supply is never negative"]);
  }
  checkPiecesOwned(game, s, problems);
  readCounters(game, pos.counters, s, problems);
  readHands(game, pos.hands, s, problems);
  readMarkers(game, pos.markers, s, seed, problems);
  readMemory(game, pos.memory, s, problems);
  readPhases(game, pos.phases, s, problems);
  readSeats(game, pos.seats, s, problems);
  readResult(game, pos, s, problems);
  readDice(game, pos, s, problems);
  if (!faceDown.refused.length) readConcealed(game, pos.concealed, s, faceDown.read, problems, opts);
  if (problems.length) throw new PositionError(problems.lines());
  s.boardKey[2] = 1;
  s.groupStale[0] = 1;
  s.touch();
  return s;
}

/**
 * In a game with a supply, each player owns its total of pieces: the position may not put more of
 * them on the board and in the supply together (stack heights counted).
 */
function checkPiecesOwned(game: Game, s: State, problems: Problems): void {
  const total = game.def.supplyTotal;
  if (total < 0) return;
  piecesOnBoard(s, game.playerCount).forEach((n, p) => {
    if (n + s.supply[p]! > total) {
      problems.push(`position: ${playerName(p)} has ${n} piece(s) on the board and ${s.supply[p]} in the supply, more than the ${total} each player owns`);
    }
  });
}

/** One problem for all the face-down pieces of an observation given where a position was expected. */
function refusedObservation(sites: string[]): string {
  const [first, ...more] = sites;
  const others = more.length ? ` (so are ${more.length} more: ${more.slice(0, 5).map((l) => shown(l)).join(", ")}${more.length > 5 ? ", ..." : ""})` : "";
  return (
    `position.sites.${shown(first)}: '${UNKNOWN_PIECE_NAME}' is a face-down piece of an observation${others}; ` +
    "a position must give every piece's identity (write it with `ludex show` without --as)"
  );
}

/** `internalFlags`: the rules' own flags on occupied sites. */
function readInternalFlags(game: Game, raw: unknown, s: State, problems: Problems): void {
  if (raw === undefined) return;
  const def = game.def;
  const internal = def.flags.filter((_, bit) => def.internalFlags & (1 << bit));
  if (!isObject(raw)) {
    problems.push('position.internalFlags: must be an object from site label to a list of flag names, e.g. {"e3": ["moved"]}');
    return;
  }
  for (const [label, names] of Object.entries(raw)) {
    const at = `position.internalFlags.${shown(label)}`;
    const site = siteIndex(game.topology, label);
    if (site < 0) problems.push(`${at}: the board has no site '${shown(label)}'`);
    else if (s.owner[site] === EMPTY) problems.push(`${at}: the site is empty; only a piece carries flags`);
    else if (!Array.isArray(names)) problems.push(`${at}: must be a list of flag names`);
    else
      for (const name of names) {
        const bit = typeof name === "string" ? def.flags.indexOf(name) : -1;
        if (bit < 0 || !(def.internalFlags & (1 << bit))) problems.push(`${at}: '${shown(name)}' is not an internal flag of this game (${internal.join(", ") || "it has none"})`);
        else s.flags[site]! |= 1 << bit;
      }
  }
}

/** `mover`, `actionInTurn`, `actionsInTurn` and `lastMover`: who acts, and where in their turn. */
function readMover(game: Game, pos: Record<string, any>, s: State, problems: Problems): void {
  const def = game.def;
  // During the prelude its decisions come in a fixed order of seats.
  const preludeSeat = s.preludeLeft > 0 ? def.prelude[def.prelude.length - s.preludeLeft]!.seat : -1;
  s.mover = preludeSeat >= 0 ? preludeSeat : 0;
  if (pos.mover !== undefined) {
    const m = playerIndex(game, pos.mover);
    if (m < 0) problems.push(`position.mover: '${shown(pos.mover)}' is not a player (P1..P${game.playerCount})`);
    else if (preludeSeat >= 0 && m !== preludeSeat) problems.push(`position.mover: the prelude decision ${def.prelude.length - s.preludeLeft + 1} is ${playerName(preludeSeat)}'s, not ${shown(pos.mover)}'s`);
    else s.mover = m;
  }
  // The prelude's decisions are one each; the first turn may have its own number of actions.
  s.actionsInTurn = s.preludeLeft > 0 ? 1 : s.turn === 1 ? def.turn.firstTurnActions : def.turn.actions;
  s.actionInTurn = 1;
  if (pos.actionsInTurn !== undefined) s.actionsInTurn = positiveInt(pos.actionsInTurn, "position.actionsInTurn", problems) ?? s.actionsInTurn;
  if (pos.actionInTurn !== undefined) s.actionInTurn = positiveInt(pos.actionInTurn, "position.actionInTurn", problems) ?? 1;
  if (s.actionInTurn > s.actionsInTurn) problems.push(`position.actionInTurn: ${s.actionInTurn} is beyond actionsInTurn ${s.actionsInTurn}`);
  s.lastMover = s.actionInTurn > 1 ? s.mover : (s.mover + game.playerCount - 1) % game.playerCount;
  if (pos.lastMover !== undefined) {
    const p = playerIndex(game, pos.lastMover);
    if (p < 0) problems.push(`position.lastMover: '${shown(pos.lastMover)}' is not a player (P1..P${game.playerCount})`);
    else s.lastMover = p;
  }
}

/** `last`: the sites of the last decision (from, to), by label. */
function readLast(game: Game, raw: unknown, s: State, problems: Problems): void {
  s.lastFrom = s.lastTo = -1;
  if (raw === undefined) return;
  if (!isObject(raw)) {
    problems.push('position.last: must be an object such as {"from": "c3", "to": "e3"}');
    return;
  }
  for (const [key, label] of Object.entries(raw)) {
    if (key !== "from" && key !== "to") {
      problems.push(`position.last.${shown(key)}: unknown field (from, to)`);
      continue;
    }
    const site = typeof label === "string" ? siteIndex(game.topology, label) : -1;
    if (site < 0) problems.push(`position.last.${key}: the board has no site '${shown(label)}'`);
    else if (key === "from") s.lastFrom = site;
    else s.lastTo = site;
  }
}

/** Named counters; those not given stay 0. */
function readCounters(game: Game, raw: unknown, s: State, problems: Problems): void {
  if (raw === undefined) return;
  if (!isObject(raw)) {
    problems.push("position.counters: must be an object from counter name to number");
    return;
  }
  const counters = game.def.counters;
  for (const [name, v] of Object.entries(raw)) {
    const i = counters.indexOf(name);
    if (i < 0) problems.push(`position.counters.${shown(name)}: no such counter (${counters.join(", ") || "this game has none"})`);
    else if (!Number.isSafeInteger(v)) problems.push(`position.counters.${name}: must be a whole number (of at most 15 digits)`);
    else s.counters[i] = v as number;
  }
}

/** `turn` and `preludeLeft`: where in the game's sequence of turns the position is. */
function readTurn(game: Game, pos: Record<string, any>, s: State, problems: Problems): void {
  const preludeLength = game.def.prelude.length;
  s.preludeLeft = 0;
  if (pos.preludeLeft !== undefined) {
    const v = pos.preludeLeft;
    if (!Number.isInteger(v) || v < 0 || v > preludeLength) {
      problems.push(`position.preludeLeft: must be a whole number from 0 to ${preludeLength} (the decisions of ${game.name}'s prelude)`);
    } else s.preludeLeft = v;
  }
  // A loaded position is never the game's first turn unless it says so; in a game with the swap
  // rule, nor the turn the swap is offered in (a position from the middle of a game, with the
  // second player to move, is not the one right after the first move).
  s.turn = s.preludeLeft > 0 ? 0 : game.def.play instanceof SwapSource ? 3 : 2;
  if (pos.turn !== undefined) {
    const v = pos.turn;
    if (!Number.isInteger(v) || v < 0 || v > MAX_TURN) problems.push(`position.turn: must be a whole number from 0 to ${MAX_TURN} (1 is the game's first turn)`);
    else if ((v === 0) !== s.preludeLeft > 0) {
      problems.push(s.preludeLeft > 0 ? `position.turn: must be 0 while the prelude goes on (preludeLeft ${s.preludeLeft})` : "position.turn: 0 is the prelude, but preludeLeft is 0");
    } else s.turn = v;
  }
}

/**
 * The pieces. Returns how many face-down pieces of an observation were read, and the sites of
 * those refused (when no observation is allowed), for one message about them all.
 */
function readSites(game: Game, sites: unknown, s: State, problems: Problems, opts: LoadOptions): { read: number; refused: string[] } {
  const faceDown = { read: 0, refused: [] as string[] };
  if (sites === undefined) return faceDown;
  if (!isObject(sites)) {
    problems.push("position.sites: must be an object from site label to piece");
    return faceDown;
  }
  for (const [label, raw] of Object.entries(sites)) {
    const at = `position.sites.${shown(label)}`;
    const site = siteIndex(game.topology, label);
    if (site < 0) {
      problems.push(`${at}: the board has no site '${shown(label)}'`);
      continue;
    }
    if (s.owner[site] !== EMPTY) {
      problems.push(`${at}: site ${game.topology.labels[site]} is given twice (labels are case-insensitive)`);
      continue;
    }
    if (isObject(raw) && raw.piece === UNKNOWN_PIECE_NAME) {
      if (!opts.observation) faceDown.refused.push(label);
      else if (readFaceDown(game, raw, at, s, site, problems)) faceDown.read++;
      continue;
    }
    const placed = readSitePiece(game, raw, at, problems);
    if (!placed) continue;
    if (!placed.below) s.put(site, placed.owner, placed.piece, placed.height, placed.flags);
    else {
      // A mixed stack: the pieces below, bottom first, then the top.
      const [first, ...rest] = [...placed.below, { owner: placed.owner, piece: placed.piece }];
      s.put(site, first!.owner, first!.piece, 1, 0);
      for (const p of rest) s.addPieces(site, p.owner, p.piece, 1);
      s.flags[site] = placed.flags;
    }
  }
  return faceDown;
}

/** A face-down piece of an observation: no type and no owner, only its height and flags (one of them concealing). */
function readFaceDown(game: Game, raw: Record<string, any>, at: string, s: State, site: number, problems: Problems): boolean {
  const def = game.def;
  if (def.concealFlags === 0) {
    problems.push(`${at}: '${UNKNOWN_PIECE_NAME}' is a face-down piece, but ${game.name} has no face-down pieces`);
    return false;
  }
  if (raw.owner !== undefined) problems.push(`${at}.owner: a face-down piece of an observation has no owner anyone can see`);
  for (const k of Object.keys(raw)) if (!["owner", "piece", "height", "flags"].includes(k)) problems.push(`${at}.${shown(k)}: unknown field (owner, piece, height, flags)`);
  const height = raw.height === undefined ? 1 : heightOf(raw.height, `${at}.height`, problems);
  const flags = readFlags(game, raw.flags, at, problems);
  if ((flags & def.concealFlags) === 0) {
    const names = def.flags.filter((_, bit) => def.concealFlags & (1 << bit));
    problems.push(`${at}.flags: a face-down piece carries a concealing flag (${names.join(", ")})`);
  }
  // As Game.observation leaves it: the piece is on the board but counted for nobody.
  s.owner[site] = UNKNOWN_OWNER;
  s.piece[site] = UNKNOWN_PIECE;
  s.height[site] = height;
  s.flags[site] = flags;
  return true;
}

interface PlacedPiece {
  owner: number;
  piece: number;
  height: number;
  flags: number;
  /** Mixed stacks: the pieces under the top, bottom first. */
  below?: { owner: number; piece: number }[];
}

function readSitePiece(game: Game, raw: unknown, at: string, problems: Problems, nested = false): PlacedPiece | undefined {
  const def = game.def;
  if (!isObject(raw)) {
    problems.push(`${at}: expected {"piece": ..., "owner": "P1"}`);
    return undefined;
  }
  const fields = nested ? ["owner", "piece"] : game.shape.levels ? ["owner", "piece", "height", "flags", "below"] : ["owner", "piece", "height", "flags"];
  for (const k of Object.keys(raw)) if (!fields.includes(k)) problems.push(`${at}.${shown(k)}: unknown field (${fields.join(", ")})`);
  const piece = def.pieces.findIndex((p) => p.name === raw.piece);
  if (piece < 0) {
    problems.push(`${at}.piece: '${shown(raw.piece)}' is not a piece of this game (${def.pieces.map((p) => p.name).join(", ")})`);
    return undefined;
  }
  let owner = NEUTRAL;
  if (raw.owner !== undefined) {
    owner = playerIndex(game, raw.owner);
    if (owner < 0) {
      problems.push(`${at}.owner: '${shown(raw.owner)}' is not a player (P1..P${game.playerCount})`);
      return undefined;
    }
  }
  if (nested) return { owner, piece, height: 1, flags: 0 };
  const height = raw.height === undefined ? 1 : heightOf(raw.height, `${at}.height`, problems);
  if (game.shape.levels && height > game.shape.levels) {
    problems.push(`${at}.height: a stack holds at most ${game.shape.levels} pieces in this game`);
    return undefined;
  }
  const placed: PlacedPiece = { owner, piece, height, flags: readFlags(game, raw.flags, at, problems) };
  if (raw.below !== undefined && game.shape.levels && !(Array.isArray(raw.below) && raw.below.length === 0)) {
    const levels = game.shape.levels;
    if (!Array.isArray(raw.below)) {
      problems.push(`${at}.below: must be a list of the pieces under the top one, bottom first, e.g. [{"piece": "pawn", "owner": "P2"}]`);
      return undefined;
    }
    if (raw.below.length + 1 > levels) {
      problems.push(`${at}.below: a stack holds at most ${levels} pieces in this game`);
      return undefined;
    }
    const below: { owner: number; piece: number }[] = [];
    raw.below.forEach((b: unknown, i: number) => {
      const p = readSitePiece(game, b, `${at}.below[${i}]`, problems, true);
      if (p) below.push({ owner: p.owner, piece: p.piece });
    });
    if (below.length < raw.below.length) return undefined;
    if (raw.height !== undefined && height !== below.length + 1) problems.push(`${at}.height: ${height}, but the stack holds ${below.length + 1} pieces (the top and ${below.length} below)`);
    placed.height = below.length + 1;
    placed.below = below;
  }
  return placed;
}

/** A site's flag names as the flag word (the rules' internal flags, such as "moved this turn", too). */
function readFlags(game: Game, raw: unknown, at: string, problems: Problems): number {
  const def = game.def;
  let flags = 0;
  if (raw === undefined) return 0;
  if (!Array.isArray(raw)) {
    problems.push(`${at}.flags: must be a list of flag names`);
    return 0;
  }
  for (const f of raw) {
    const bit = typeof f === "string" ? def.flags.indexOf(f) : -1;
    if (bit < 0) problems.push(`${at}.flags: '${shown(f)}' is not a flag of this game (${def.flags.join(", ") || "it has none"})`);
    else flags |= 1 << bit;
  }
  return flags;
}

/**
 * The marker sets. A set (one name, one player) the position does not give holds what the game's
 * start gives it: the setup is run into a scratch state and those sets are copied from there.
 */
function readMarkers(game: Game, raw: unknown, s: State, seed: Seed, problems: Problems): void {
  const def = game.def;
  const given = new Set<number>(); // marker * players + player
  if (raw !== undefined) {
    if (!isObject(raw)) problems.push("position.markers: must be an object from marker name to {player: [sites]}");
    else
      for (const [name, perPlayer] of Object.entries(raw)) {
        const m = def.markers.indexOf(name);
        if (m < 0) {
          problems.push(`position.markers.${shown(name)}: no such marker (${def.markers.join(", ") || "this game has none"})`);
          continue;
        }
        if (!isObject(perPlayer)) {
          problems.push(`position.markers.${shown(name)}: must be an object from player (P1..) to a list of sites`);
          continue;
        }
        for (const [pl, list] of Object.entries(perPlayer)) {
          const p = playerIndex(game, pl);
          if (p < 0 || !Array.isArray(list)) {
            problems.push(`position.markers.${name}.${shown(pl)}: expected a player (P1..P${game.playerCount}) and a list of sites`);
            continue;
          }
          given.add(m * game.playerCount + p);
          for (const label of list) {
            const site = typeof label === "string" ? siteIndex(game.topology, label) : -1;
            if (site < 0) problems.push(`position.markers.${name}.${pl}: no site '${shown(label)}'`);
            else s.markers[s.markerIndex(m, p, site)] = 1;
          }
        }
      }
  }
  if (given.size === def.markers.length * game.playerCount) return;
  const start = game.newGame({ seed });
  for (let m = 0; m < def.markers.length; m++)
    for (let p = 0; p < game.playerCount; p++) {
      if (given.has(m * game.playerCount + p)) continue;
      const from = s.markerIndex(m, p, 0);
      s.markers.set(start.markers.subarray(from, from + s.shape.sites), from);
    }
}

function readMemory(game: Game, raw: unknown, s: State, problems: Problems): void {
  if (raw === undefined) return;
  const size = game.def.memoryInit.length;
  // Words of 32 bits, as the state keeps them.
  if (!Array.isArray(raw) || raw.length !== size || !raw.every((v) => Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31)) {
    problems.push(
      size === 0
        ? `position.memory: ${game.name} keeps no rule memory`
        : `position.memory: must be a list of ${size} whole numbers of 32 bits (copy it from \`ludex show --json\`)`,
    );
    return;
  }
  s.memory.set(raw as number[]);
}

/** `phases`: the phase each seat is in, by name, in games played in phases. */
function readPhases(game: Game, raw: unknown, s: State, problems: Problems): void {
  if (raw === undefined) return;
  const phases = game.def.phases;
  if (!phases) return problems.push(`position.phases: ${game.name} is not played in phases`);
  if (!isObject(raw)) return problems.push(`position.phases: an object from seat to phase name, e.g. {"P1": "${phases.names[1] ?? phases.names[0]}"}`);
  for (const [seatName, phase] of Object.entries(raw)) {
    const seat = playerIndex(game, seatName), k = typeof phase === "string" ? phases.names.indexOf(phase) : -1;
    if (seat < 0) problems.push(`position.phases.${shown(seatName)}: not a seat (P1..P${game.playerCount})`);
    else if (k < 0) problems.push(`position.phases.${seatName}: ${shown(phase)} is not a phase (${phases.names.join(", ")})`);
    else s.memory[phases.word + seat] = k;
  }
}

/** `seats`: who sits where after a swap, a seat for every player and a player for every seat. */
function readSeats(game: Game, raw: unknown, s: State, problems: Problems): void {
  if (raw === undefined) return;
  const N = game.playerCount, expected = `an object from each seat to the player sitting there, e.g. {"P1": "P2", "P2": "P1"}`;
  if (!isObject(raw)) return problems.push(`position.seats: ${expected}`);
  const taken = new Set<number>(), seatPlayer = Array.from(s.seatPlayer);
  for (const [seatName, playerNamed] of Object.entries(raw)) {
    const seat = playerIndex(game, seatName), player = playerIndex(game, playerNamed);
    if (seat < 0) problems.push(`position.seats.${shown(seatName)}: not a seat (P1..P${N})`);
    else if (player < 0) problems.push(`position.seats.${seatName}: ${shown(playerNamed)} is not a player (P1..P${N})`);
    else if (taken.has(player)) problems.push(`position.seats.${seatName}: ${playerName(player)} already sits at another seat`);
    else {
      taken.add(player);
      seatPlayer[seat] = player;
    }
  }
  // Seats not named keep their own player, who must then not sit elsewhere too.
  for (let seat = 0; seat < N; seat++) {
    if (Object.prototype.hasOwnProperty.call(raw, playerName(seat))) continue;
    if (taken.has(seat)) problems.push(`position.seats: ${playerName(seat)} sits at two seats (name who sits at seat ${playerName(seat)})`);
  }
  s.seatPlayer.set(seatPlayer);
}

/** `result` and `endRule`: a finished game. */
function readResult(game: Game, pos: Record<string, any>, s: State, problems: Problems): void {
  const r = pos.result;
  const expected = `expected "ongoing", "draw", {"winner": "P1"} or {"winners": ["P1", "P2"]}`;
  let winners: number[] | undefined;
  if (r === undefined || r === "ongoing") winners = undefined;
  else if (r === "draw") winners = [];
  else if (isObject(r) && Object.keys(r).length === 1 && (typeof r.winner === "string" || Array.isArray(r.winners))) {
    const names: unknown[] = r.winner !== undefined ? [r.winner] : r.winners;
    winners = names.map((n) => playerIndex(game, n));
    const bad = names.filter((_, i) => winners![i]! < 0);
    if (bad.length || names.length === 0) {
      problems.push(`position.result: ${bad.length ? `${bad.slice(0, 5).map((n) => shown(n)).join(", ")}${bad.length > 5 ? ", ..." : ""} is not a player (P1..P${game.playerCount})` : "no winners given"}`);
      return;
    }
  } else {
    problems.push(`position.result: ${expected}`);
    return;
  }
  if (pos.endRule !== undefined) {
    const v = pos.endRule;
    if (winners === undefined) problems.push("position.endRule: only a finished game (with a result) has one");
    else if (!Number.isInteger(v) || v < 0 || v >= game.def.end.length) problems.push(`position.endRule: must be a whole number from 0 to ${game.def.end.length - 1} (the description's end rules)`);
    else s.endRule = v;
  }
  if (winners === undefined) return;
  // As the engine ends a game: winners +1, everyone else -1, a draw 0 for all; or by the places
  // taken (rule memory, read before this), where players finish one by one. The result names
  // players, the returns are the seats' (read after `seats`).
  s.over = true;
  game.settleReturns(s, winners.map((p) => game.seatOf(s, p)));
}

/** `concealed`: the face-down pool of an observation, which must account for every face-down piece. */
/**
 * The dice: the values shown (the mover decides with them) and their uses left; without values,
 * a throw is due where the rules throw before this decision.
 */
function readDice(game: Game, pos: Record<string, any>, s: State, problems: Problems): void {
  const dice = game.def.dice;
  if (!dice) {
    for (const k of ["dice", "diceLeft"]) if (pos[k] !== undefined) problems.push(`position.${k}: ${game.name} has no dice`);
    return;
  }
  const n = dice.faces.length;
  if (pos.heldDouble !== undefined) {
    const v = pos.heldDouble;
    if (!dice.ludiiDoubles) problems.push("position.heldDouble: only with the dice's doubles:ludii");
    else if (v !== 0 && !dice.faces[0]!.includes(v)) problems.push(`position.heldDouble: must be 0 or a face of the dice (${[...new Set(dice.faces[0])].join(", ")})`);
    else s.heldDouble = v;
  }
  if (pos.dice === undefined) {
    if (pos.diceLeft !== undefined) problems.push("position.diceLeft: given without position.dice (the values the dice show)");
    s.rollDue = game.throwDue(s);
    return;
  }
  const values = pos.dice;
  if (!Array.isArray(values) || values.length !== n || values.some((v, d) => !dice.faces[d]!.includes(v as number))) {
    problems.push(`position.dice: must be ${n} number${n === 1 ? "" : "s"}, one face of each die (${[...new Set(dice.faces[0])].join(", ")}), e.g. [${Array.from(dice.faces, (f) => f[f.length - 1]).join(", ")}]`);
    return;
  }
  s.dice.set(values as number[]);
  const double = n > 1 && values.every((v) => v === values[0]);
  if (double && dice.doubleByNumber !== 0) doubleByNumber(s, dice);
  else s.diceLeft.fill(double ? dice.doubleUses : 1);
  if (pos.diceLeft !== undefined) {
    const left = pos.diceLeft;
    // By a double's number (doubles:number, sum), a die allows up to the largest face's moves.
    const most = dice.doubleByNumber !== 0 ? Math.max(1, ...dice.faces.map((f) => Math.max(...f))) : dice.doubleUses;
    if (!Array.isArray(left) || left.length !== n || left.some((v) => !Number.isInteger(v) || (v as number) < 0 || (v as number) > most)) {
      problems.push(`position.diceLeft: must be ${n} whole number${n === 1 ? "" : "s"} from 0 to ${most}, the moves each die still allows`);
    } else s.diceLeft.set(left as number[]);
  }
  s.rollDue = false;
}

/** The pieces in hand: player to {piece: count}, counts 0 to MAX_PIECES; only in games with hands. */
function readHands(game: Game, raw: unknown, s: State, problems: Problems): void {
  if (raw === undefined) return;
  const def = game.def;
  if (!def.hand) {
    problems.push(`position.hands: ${game.name} has no hands`);
    return;
  }
  readCountsByType(game, raw, "position.hands", '{"P1": {"pawn": 2}}', problems, s.hand);
}

/**
 * Reads counts by player and piece type (`{"P1": {"pawn": 2}}`: hands, a face-down pool) into
 * `into[player * types + type]`, each 0 to MAX_PIECES; returns their sum.
 */
function readCountsByType(game: Game, raw: unknown, at: string, example: string, problems: Problems, into: Int32Array): number {
  if (!isObject(raw)) {
    problems.push(`${at}: must be an object from player to {piece: count}, e.g. ${example}`);
    return 0;
  }
  const def = game.def;
  const types = def.pieces.length;
  let total = 0;
  for (const [pl, counts] of Object.entries(raw)) {
    const p = playerIndex(game, pl);
    if (p < 0 || !isObject(counts)) {
      problems.push(`${at}.${shown(pl)}: expected a player (P1..P${game.playerCount}) and {piece: count}`);
      continue;
    }
    for (const [name, n] of Object.entries(counts)) {
      const t = def.pieces.findIndex((x) => x.name === name);
      if (t < 0) problems.push(`${at}.${pl}.${shown(name)}: not a piece of this game (${def.pieces.map((x) => x.name).join(", ")})`);
      else if (!Number.isInteger(n) || (n as number) < 0 || (n as number) > MAX_PIECES) problems.push(`${at}.${pl}.${name}: must be a whole number from 0 to ${MAX_PIECES}`);
      else {
        into[p * types + t] = n as number;
        total += n as number;
      }
    }
  }
  return total;
}

function readConcealed(game: Game, raw: unknown, s: State, faceDown: number, problems: Problems, opts: LoadOptions): void {
  if (raw === undefined) {
    if (faceDown > 0) problems.push(`position.concealed: an observation with face-down pieces must say how many of each owner and type are face down (as \`ludex show --as\` writes it)`);
    return;
  }
  if (!opts.observation) {
    problems.push("position.concealed: only an observation (`ludex show --as`) has a face-down pool; a position gives every piece's identity");
    return;
  }
  if (!isObject(raw)) {
    problems.push('position.concealed: must be an object from player to {piece: count}, e.g. {"P1": {"king": 1}}');
    return;
  }
  const pool = new Int32Array(game.playerCount * game.def.pieces.length);
  const total = readCountsByType(game, raw, "position.concealed", '{"P1": {"king": 1}}', problems, pool);
  if (total !== faceDown) problems.push(`position.concealed: counts ${total} face-down pieces, but the board has ${faceDown}`);
  s.concealedPool = pool;
  s.rng.fill(0); // as in Game.observation: an observation carries no random future
}

/** Reads per-player numbers: whole numbers, within `range` when given (a supply: 0 to the game's total). */
function readPerPlayer(game: Game, v: unknown, at: string, problems: Problems, into: Float64Array, range?: [number, number, string]): void {
  if (v === undefined) return;
  if (!isObject(v)) {
    problems.push(`${at}: must be an object from player (P1..) to number`);
    return;
  }
  for (const [pl, n] of Object.entries(v)) {
    const p = playerIndex(game, pl);
    if (p < 0) problems.push(`${at}.${shown(pl)}: not a player (P1..P${game.playerCount})`);
    else if (!Number.isSafeInteger(n)) problems.push(`${at}.${pl}: must be a whole number (of at most 15 digits)`);
    else if (range && ((n as number) < range[0] || (n as number) > range[1])) problems.push(`${at}.${pl}: must be from ${range[0]} to ${range[1]} (${range[2]})`);
    else into[p] = n as number;
  }
}

/** A stack height: 1 to MAX_HEIGHT (what the state stores without wrapping). */
function heightOf(v: unknown, at: string, problems: Problems): number {
  if (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_HEIGHT) return v as number;
  problems.push(`${at}: must be a whole number from 1 to ${MAX_HEIGHT}`);
  return 1;
}

/** `actionInTurn`, `actionsInTurn`: 1 to MAX_TURN. */
function positiveInt(v: unknown, at: string, problems: Problems): number | undefined {
  if (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_TURN) return v as number;
  problems.push(`${at}: must be a whole number from 1 to ${MAX_TURN}`);
  return undefined;
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * The piece on a site in position form, or null when empty. The rules' internal flags (such as
 * "moved this turn") are left out: they are bookkeeping, not something the board shows or a
 * scenario states (`toPosition` writes them apart, as `internalFlags`).
 */
export function describeSite(game: Game, s: State, site: number): SitePiece | null {
  const owner = s.owner[site]!;
  if (owner === EMPTY) return null;
  // In an observation, a face-down piece shows neither its type nor its owner.
  const out: SitePiece = { piece: s.piece[site] === UNKNOWN_PIECE ? UNKNOWN_PIECE_NAME : game.def.pieces[s.piece[site]!]!.name };
  if (owner !== NEUTRAL && owner !== UNKNOWN_OWNER) out.owner = playerName(owner);
  out.height = s.height[site]!;
  const L = s.levels;
  if (L && mixedStack(s, site)) {
    const base = site * L;
    out.below = [];
    for (let k = 0; k < out.height - 1; k++) {
      const o = s.levelOwner[base + k]!;
      out.below.push({ piece: game.def.pieces[s.levelPiece[base + k]!]!.name, ...(o !== NEUTRAL ? { owner: playerName(o) } : {}) });
    }
  }
  const flags: string[] = [];
  const shown = s.flags[site]! & ~game.def.internalFlags;
  game.def.flags.forEach((f, bit) => shown & (1 << bit) && flags.push(f));
  out.flags = flags;
  return out;
}

/** Whether a stack holds pieces of more than one owner or type (games with mixed stacks). */
export function mixedStack(s: State, site: number): boolean {
  const L = s.levels, base = site * L, h = s.height[site]!;
  for (let k = 0; k < h - 1; k++) if (s.levelOwner[base + k] !== s.owner[site] || s.levelPiece[base + k] !== s.piece[site]) return true;
  return false;
}

/**
 * The whole state as a position object: everything `loadPosition` needs to rebuild it with the
 * same legal moves, drawing and hash. Marker sets are all written (empty ones too), so none falls
 * back to the start's; the optional fields only when they differ from what loading assumes.
 * Not kept: the random generator (a position is loaded with a seed of its own) and the
 * decision count (nothing in the rules reads it).
 */
export function toPosition(game: Game, s: State): Position {
  const def = game.def;
  const labels = game.topology.labels;
  const sites: Record<string, SitePiece> = {};
  const internalFlags: Record<string, string[]> = {};
  for (let i = 0; i < game.topology.n; i++) {
    const d = describeSite(game, s, i);
    if (d) sites[labels[i]!] = d;
    const internal = s.flags[i]! & def.internalFlags;
    if (d && internal) internalFlags[labels[i]!] = def.flags.filter((_, bit) => internal & (1 << bit));
  }
  const perPlayer = (a: Float64Array) => Object.fromEntries(Array.from(a, (v, p) => [playerName(p), v]));
  const pos: Position = { sites, mover: playerName(s.mover), actionInTurn: s.actionInTurn, actionsInTurn: s.actionsInTurn, turn: s.turn };
  if (Object.keys(internalFlags).length) pos.internalFlags = internalFlags;
  if (s.preludeLeft > 0) pos.preludeLeft = s.preludeLeft;
  if (def.readsLastMove && (s.lastFrom >= 0 || s.lastTo >= 0)) {
    pos.last = {};
    if (s.lastFrom >= 0) pos.last.from = labels[s.lastFrom]!;
    if (s.lastTo >= 0) pos.last.to = labels[s.lastTo]!;
  }
  if (def.counters.length) pos.counters = Object.fromEntries(def.counters.map((c, i) => [c, s.counters[i]!]));
  pos.supply = perPlayer(s.supply);
  pos.scores = perPlayer(s.score);
  if (def.hand) {
    const types = def.pieces.length;
    pos.hands = Object.fromEntries(
      Array.from({ length: game.playerCount }, (_, p) => [playerName(p), Object.fromEntries(def.pieces.map((x, t) => [x.name, s.hand[p * types + t]!]).filter(([, n]) => (n as number) > 0))]),
    );
  }
  if (def.markers.length) {
    pos.markers = Object.fromEntries(
      def.markers.map((name, m) => [
        name,
        Object.fromEntries(Array.from({ length: game.playerCount }, (_, p) => [playerName(p), labels.filter((_, i) => s.markers[s.markerIndex(m, p, i)])])),
      ]),
    );
  }
  // The dice once thrown (before the first throw they show nothing a position could say).
  if (def.dice && !s.rollDue && def.dice.faces.every((f, d) => f.includes(s.dice[d]!))) {
    pos.dice = Array.from(s.dice);
    pos.diceLeft = Array.from(s.diceLeft);
  }
  if (def.dice && s.heldDouble !== 0) pos.heldDouble = s.heldDouble;
  const memory = Array.from(s.memory.subarray(0, def.memoryInit.length));
  // Each seat's phase by name; the memory then leaves those words as they start.
  if (def.phases) {
    const { names, word } = def.phases;
    const seats = Array.from({ length: game.playerCount }, (_, p) => memory[word + p]!);
    if (seats.some((k) => k !== 0)) pos.phases = Object.fromEntries(seats.map((k, p) => [playerName(p), names[k]!]));
    seats.forEach((_, p) => (memory[word + p] = def.memoryInit[word + p]!));
  }
  if (memory.some((v, i) => v !== def.memoryInit[i])) pos.memory = memory;
  if (Array.from(s.seatPlayer).some((p, seat) => p !== seat)) pos.seats = Object.fromEntries(Array.from(s.seatPlayer, (p, seat) => [playerName(seat), playerName(p)]));
  if (s.over) {
    const winners = game.winners(s)!.map(playerName);
    pos.result = winners.length === 0 ? "draw" : winners.length === 1 ? { winner: winners[0]! } : { winners };
    if (s.endRule >= 0) pos.endRule = s.endRule;
    if (s.lastMover >= 0) pos.lastMover = playerName(s.lastMover);
  }
  if (s.concealedPool) {
    const types = def.pieces.length;
    pos.concealed = {};
    for (let p = 0; p < game.playerCount; p++) {
      const counts: Record<string, number> = {};
      def.pieces.forEach((piece, t) => {
        const n = s.concealedPool![p * types + t]!;
        if (n > 0) counts[piece.name] = n;
      });
      pos.concealed[playerName(p)] = counts;
    }
  }
  return pos;
}
