/**
 * Game records (`ludex-record/1`): everything needed to replay a game exactly and to know who
 * played it how. A record names its game (built-in name and/or file) with the fingerprint of the
 * compiled description, the option values, the seed (the state's RNG: same seed and moves, same
 * game), the start position when the game did not begin at the usual start, the seats, every move
 * in notation and in structured form, and the result with the reason the game ended.
 *
 * Reading a record checks it field by field and reports each problem with its JSON path, so a
 * hand-edited, truncated or hostile file gets a clear message, never a crash.
 */
import type { Move } from "../engine/moves/moves.js";
import type { Position } from "../engine/state/position.js";
import { isSeed, type Seed } from "../engine/state/rng.js";
import { nestedTooDeep, ProblemList, shown } from "../library/untrusted.js";
import { MAX_HEIGHT, MAX_JSON_DEPTH, MAX_PLAYERS } from "../limits.js";

export const RECORD_FORMAT = "ludex-record/1";

export interface RecordGame {
  /** The built-in game's name, when the game is built in: how the record finds it again. */
  name?: string;
  /** The description's title, for people. */
  title: string;
  /** The description file the game was loaded from, for games that are not built in. */
  file?: string;
  /** Fingerprint of the compiled description (rules and option values); see `descriptionHash`. */
  hash: string;
  /**
   * The game has face-down pieces: until it ends, its positions are shown only as the players see
   * them, and only with the description the record was made with (see `recordSecrecy`).
   */
  hidden?: boolean;
}

export interface RecordSeat {
  /** `P1`..`Pn`. */
  player: string;
  /** The seat's name in the description (`South`), when it has one. */
  name?: string;
  /** A person at the keyboard, or an agent. */
  kind: "human" | "agent";
  /** The agent spec (`mcts:time=1s`), for an agent. */
  agent?: string;
}

/** A move in structured form: the fields of `Move` that identify it (no engine encoding). */
export type RecordedMoveFields = Pick<Move, "kind" | "from" | "to" | "count" | "piece" | "promotion" | "path" | "captures" | "dice">;

export interface RecordedMove {
  /** 1-based index of the decision in the game. */
  ply: number;
  /** Who made it: `P1`..`Pn`. */
  player: string;
  /** The move in the game's notation (what `ludex play` accepts). */
  notation: string;
  move: RecordedMoveFields;
  /** Milliseconds the agent spent choosing (agents only). */
  thinkMs?: number;
}

export type RecordStatus = "finished" | "unfinished" | "abandoned";

export interface RecordResult {
  /** `finished`: the rules ended the game; `unfinished`: stopped or saved while going on; `abandoned`: a player quit. */
  status: RecordStatus;
  /** Seats that won (empty for a draw); only when finished. */
  winners?: string[];
  draw?: boolean;
  /** Per seat: +1 win, -1 loss, 0 draw; only when finished. */
  returns?: number[];
  /** Why the game ended (the end rule that fired), or why it stopped. */
  reason?: string;
  /** Final scores per seat, for games that keep scores. */
  scores?: Record<string, number>;
  /** Final ranking, best first (tied seats share a place), for games ranked at the end or scored with more than two players. */
  ranking?: { place: number; players: string[]; values: number[] }[];
}

export interface GameRecordFile {
  format: typeof RECORD_FORMAT;
  /** The Ludex version that wrote it. */
  ludex: string;
  game: RecordGame;
  /** Option values the game was compiled with (every declared option, defaults included). */
  options: Record<string, string | number | boolean>;
  /**
   * The game's seed (its random setup and every random choice of the rules): a whole number, or
   * a secret seed `0x...` (games with face-down pieces dealt from the system's random source).
   */
  seed: Seed;
  /** The position the game began from, when it was not the game's start (`ludex play --position`). */
  start?: Position;
  seats: RecordSeat[];
  moves: RecordedMove[];
  result: RecordResult;
  /** When the record was started and last written (ISO 8601). */
  created?: string;
  updated?: string;
}

/**
 * The fields each part of a record may have. Anything else is refused, by its path: a field ludex
 * does not know (`result.winner` beside `winners`) would otherwise look like a claim that is checked
 * when it is not.
 */
const RECORD_FIELDS = ["format", "ludex", "created", "updated", "game", "options", "seed", "start", "seats", "moves", "result"];
const GAME_FIELDS = ["name", "title", "file", "hash", "hidden"];
const SEAT_FIELDS = ["player", "name", "kind", "agent"];
const MOVE_ENTRY_FIELDS = ["ply", "player", "notation", "move", "thinkMs"];
const MOVE_FIELDS = ["kind", "from", "to", "count", "piece", "promotion", "path", "captures", "dice"];
const RESULT_FIELDS = ["status", "winners", "draw", "returns", "reason", "scores", "ranking"];
const PLACE_FIELDS = ["place", "players", "values"];

/** A built-in game's name as a record may give it: a plain name, never a path. */
const PLAIN_GAME_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/i;

/** Characters of a seat's agent spec (`mcts:time=1s,c=1.4` is 18): a longer one is not a spec, and would be echoed whole in its error. */
const MAX_AGENT_SPEC_CHARS = 200;

/** A record that cannot be read; `problems` name each field that is wrong, by its JSON path. */
export class RecordError extends Error {
  constructor(
    readonly problems: string[],
    readonly source = "record",
  ) {
    super(`${source}: ${problems.length === 1 ? problems[0] : `\n  ${problems.join("\n  ")}`}`);
  }

  /** The same problems said of `file`, when a check that did not know the file said them of "record". */
  of(file: string): RecordError {
    return this.source === "record" ? new RecordError(this.problems, file) : this;
  }
}

/**
 * Checks a parsed JSON value against the record format; returns it typed or throws a RecordError
 * listing the problems (the first MAX_PROBLEMS of them). Every field is checked for its type and
 * range before anything uses it, and nesting deeper than any record has is refused first.
 */
export function readRecord(data: unknown, source = "record"): GameRecordFile {
  if (!isObject(data)) throw new RecordError(["not a game record: expected a JSON object with \"format\": \"ludex-record/1\""], source);
  const deep = nestedTooDeep(data, "");
  if (deep) throw new RecordError([`${deep}: nested deeper than ${MAX_JSON_DEPTH} levels (a record's own fields nest at most 5)`], source);
  if (data.format !== RECORD_FORMAT) {
    const what = typeof data.format === "string" ? `format '${shown(data.format)}'` : "no format field";
    throw new RecordError([`not a game record (${what}); expected "format": "${RECORD_FORMAT}"`], source);
  }
  const problems = new ProblemList();
  const fail = (p: string) => problems.push(p);
  unknownFields(data, RECORD_FIELDS, "", fail);
  if (data.ludex !== undefined && typeof data.ludex !== "string") fail("ludex: must be the version that wrote the record (a string)");
  for (const k of ["created", "updated"] as const) if (data[k] !== undefined && typeof data[k] !== "string") fail(`${k}: must be a date (an ISO 8601 string)`);
  const game = data.game;
  if (!isObject(game)) fail("game: must be an object {name?, title, file?, hash}");
  else {
    unknownFields(game, GAME_FIELDS, "game.", fail);
    if (game.name !== undefined && !(typeof game.name === "string" && PLAIN_GAME_NAME.test(game.name))) {
      fail(`game.name: must be the plain name of a built-in game (letters, digits and '-'), not '${shown(game.name)}'`);
    }
    if (game.file !== undefined && typeof game.file !== "string") fail("game.file: must be a string");
    if (game.name === undefined && game.file === undefined) fail("game: needs a built-in name or a file to find the game");
    // Two ways to find the game could lead to two games: the record must say which it was.
    if (game.name !== undefined && game.file !== undefined) fail("game: has both name and file; a record names a built-in game (name) or a description file (file), not both");
    if (typeof game.title !== "string") fail("game.title: must be a string");
    if (typeof game.hash !== "string") fail("game.hash: must be a string");
    if (game.hidden !== undefined && typeof game.hidden !== "boolean") fail("game.hidden: must be true or false");
  }
  if (!isObject(data.options) || Object.values(data.options).some((v) => !["string", "number", "boolean"].includes(typeof v))) {
    fail("options: must be an object from option name to a value");
  }
  if (!isSeed(data.seed)) fail("seed: must be a whole number >= 0 or a secret seed written 0x and up to 32 hex digits");
  if (data.start !== undefined && !isObject(data.start)) fail("start: must be a position object");
  const seatCount = Array.isArray(data.seats) ? data.seats.length : 0;
  if (!Array.isArray(data.seats) || seatCount === 0 || seatCount > MAX_PLAYERS) fail(`seats: must be a non-empty list (of at most ${MAX_PLAYERS} seats)`);
  else
    data.seats.forEach((seat, i) => {
      const at = `seats[${i}]`;
      if (!isObject(seat)) return fail(`${at}: must be an object {player, kind, agent?}`);
      unknownFields(seat, SEAT_FIELDS, `${at}.`, fail);
      if (seat.player !== `P${i + 1}`) fail(`${at}.player: must be "P${i + 1}"`);
      if (seat.name !== undefined && typeof seat.name !== "string") fail(`${at}.name: must be a string`);
      if (seat.kind !== "human" && seat.kind !== "agent") fail(`${at}.kind: must be "human" or "agent"`);
      if (seat.kind === "agent" && typeof seat.agent !== "string") fail(`${at}.agent: an agent seat needs its spec`);
      else if (seat.kind === "human" && seat.agent !== undefined) fail(`${at}.agent: the seat is human (kind "human") and names an agent '${shown(seat.agent)}': it must be one or the other`);
      else if (typeof seat.agent === "string" && seat.agent.length > MAX_AGENT_SPEC_CHARS) fail(`${at}.agent: '${shown(seat.agent)}' is longer than an agent spec can be (${MAX_AGENT_SPEC_CHARS} characters)`);
    });
  if (!Array.isArray(data.moves)) fail("moves: must be a list");
  else data.moves.forEach((m, i) => checkMove(m, `moves[${i}]`, i, fail));
  checkResult(data.result, seatCount >= 1 && seatCount <= MAX_PLAYERS ? seatCount : undefined, fail);
  if (problems.length) throw new RecordError(problems.lines(), source);
  return data as unknown as GameRecordFile;
}

function checkMove(m: unknown, at: string, i: number, fail: (p: string) => void): void {
  if (!isObject(m)) return fail(`${at}: must be an object {ply, player, notation, move}`);
  unknownFields(m, MOVE_ENTRY_FIELDS, `${at}.`, fail);
  if (m.ply !== i + 1) fail(`${at}.ply: must be ${i + 1} (moves are numbered from 1 in order)`);
  if (!isSeatName(m.player) && m.player !== "chance") fail(`${at}.player: must be "P1".."Pn", or "chance" for a throw of the dice`);
  if (typeof m.notation !== "string" || !m.notation.trim()) fail(`${at}.notation: must be the move's notation`);
  if (m.thinkMs !== undefined && !(typeof m.thinkMs === "number" && m.thinkMs >= 0)) fail(`${at}.thinkMs: must be a number of milliseconds`);
  const move = m.move;
  if (!isObject(move) || typeof move.kind !== "string") return fail(`${at}.move: must be the structured move {kind, from?, to?, ...}`);
  unknownFields(move, MOVE_FIELDS, `${at}.move.`, fail);
  for (const k of ["from", "to", "piece", "promotion"] as const) if (move[k] !== undefined && typeof move[k] !== "string") fail(`${at}.move.${k}: must be a string`);
  if (move.count !== undefined && !(Number.isInteger(move.count) && (move.count as number) >= 0 && (move.count as number) <= MAX_HEIGHT)) {
    fail(`${at}.move.count: must be a whole number from 0 to ${MAX_HEIGHT}`);
  }
  for (const k of ["path", "captures"] as const) {
    const list = move[k];
    if (list !== undefined && !(Array.isArray(list) && list.every((x) => typeof x === "string"))) fail(`${at}.move.${k}: must be a list of sites`);
  }
  if (move.dice !== undefined && !(Array.isArray(move.dice) && move.dice.length <= 8 && move.dice.every((x) => Number.isInteger(x)))) fail(`${at}.move.dice: must be the numbers the dice show (at most 8 whole numbers)`);
}

/**
 * The result's fields, each of its type; the seats they name are checked against the record's
 * number of seats (when the seats are wrong, against the most any record may have).
 */
function checkResult(result: unknown, seatCount: number | undefined, fail: (p: string) => void): void {
  const seats = seatCount ?? MAX_PLAYERS;
  if (!isObject(result)) return fail("result: must be an object {status, ...}");
  unknownFields(result, RESULT_FIELDS, "result.", fail);
  if (!["finished", "unfinished", "abandoned"].includes(result.status as string)) fail("result.status: must be finished, unfinished or abandoned");
  const seatList = (v: unknown) => Array.isArray(v) && v.every((x) => isSeatName(x, seats)) && new Set(v).size === v.length;
  const seatNames = `"P1".."P${seats}"`;
  if (result.winners !== undefined && !seatList(result.winners)) fail(`result.winners: must be a list of distinct seats (${seatNames})`);
  if (result.draw !== undefined && typeof result.draw !== "boolean") fail("result.draw: must be true or false");
  const returnsLength = (v: unknown[]) => (seatCount === undefined ? v.length <= seats : v.length === seatCount);
  if (result.returns !== undefined && !(Array.isArray(result.returns) && returnsLength(result.returns) && result.returns.every((x) => typeof x === "number"))) {
    fail(`result.returns: must be a list of ${seatCount ?? "the"} numbers, one per seat`);
  }
  if (result.reason !== undefined && typeof result.reason !== "string") fail("result.reason: must be a string");
  if (result.scores !== undefined && !(isObject(result.scores) && Object.entries(result.scores).every(([k, v]) => isSeatName(k, seats) && typeof v === "number"))) {
    fail(`result.scores: must be an object from seat (${seatNames}) to number`);
  }
  if (result.ranking !== undefined) {
    const ranking = result.ranking;
    if (!Array.isArray(ranking)) return fail("result.ranking: must be a list of places {place, players, values}");
    ranking.forEach((r, i) => {
      const at = `result.ranking[${i}]`;
      if (!isObject(r)) return fail(`${at}: must be {place, players, values}`);
      unknownFields(r, PLACE_FIELDS, `${at}.`, fail);
      if (!(Number.isInteger(r.place) && (r.place as number) >= 1 && (r.place as number) <= seats)) fail(`${at}.place: must be a whole number from 1 to ${seats}`);
      if (!seatList(r.players)) fail(`${at}.players: must be a list of distinct seats (${seatNames})`);
      if (!(Array.isArray(r.values) && r.values.every((x) => typeof x === "number"))) fail(`${at}.values: must be a list of numbers`);
    });
  }
}

/** One problem per field of `value` that is not among `known`, named by its path (`at` ends with its dot). */
function unknownFields(value: Record<string, unknown>, known: readonly string[], at: string, fail: (p: string) => void): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) fail(`${at}${shown(key, 60)}: not a field of a game record (${at ? `${at.slice(0, -1)} has` : "a record has"} ${known.join(", ")})`);
  }
}

/** `P1`..`Pn`, within `seats` when given. */
function isSeatName(v: unknown, seats = Infinity): boolean {
  if (typeof v !== "string") return false;
  const m = /^P([1-9]\d{0,2})$/.exec(v);
  return m !== null && Number(m[1]) <= seats;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
