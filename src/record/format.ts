/**
 * Game records (`ludex-record/1`): everything needed to replay a game exactly and to know who
 * played it how. A record names its game (built-in name and/or file) with the fingerprint of the
 * compiled description, the option values, the seed (the state's RNG: same seed and moves, same
 * game), the start position when the game did not begin at the usual start, the seats, every move
 * in notation and in structured form, and the result with the reason the game ended.
 *
 * Reading a record checks it field by field and reports every problem with its JSON path, so a
 * hand-edited or truncated file gets a clear message, never a crash.
 */
import type { Move } from "../engine/moves.js";
import type { Position } from "../engine/position.js";
import { isSeed, type Seed } from "../engine/rng.js";

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
export type RecordedMoveFields = Pick<Move, "kind" | "from" | "to" | "count" | "piece" | "path" | "captures">;

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

/** A record that cannot be read; `problems` name each field that is wrong, by its JSON path. */
export class RecordError extends Error {
  constructor(
    readonly problems: string[],
    readonly source = "record",
  ) {
    super(`${source}: ${problems.length === 1 ? problems[0] : `\n  ${problems.join("\n  ")}`}`);
  }
}

/** Checks a parsed JSON value against the record format; returns it typed or throws a RecordError listing every problem. */
export function readRecord(data: unknown, source = "record"): GameRecordFile {
  const problems: string[] = [];
  const fail = (p: string) => problems.push(p);
  if (!isObject(data)) throw new RecordError(["not a game record: expected a JSON object with \"format\": \"ludex-record/1\""], source);
  if (data.format !== RECORD_FORMAT) {
    const what = typeof data.format === "string" ? `format '${data.format}'` : "no format field";
    throw new RecordError([`not a game record (${what}); expected "format": "${RECORD_FORMAT}"`], source);
  }
  const game = data.game;
  if (!isObject(game)) fail("game: must be an object {name?, title, file?, hash}");
  else {
    if (game.name !== undefined && typeof game.name !== "string") fail("game.name: must be a string");
    if (game.file !== undefined && typeof game.file !== "string") fail("game.file: must be a string");
    if (game.name === undefined && game.file === undefined) fail("game: needs a built-in name or a file to find the game");
    if (typeof game.title !== "string") fail("game.title: must be a string");
    if (typeof game.hash !== "string") fail("game.hash: must be a string");
    if (game.hidden !== undefined && typeof game.hidden !== "boolean") fail("game.hidden: must be true or false");
  }
  if (!isObject(data.options) || Object.values(data.options).some((v) => !["string", "number", "boolean"].includes(typeof v))) {
    fail("options: must be an object from option name to a value");
  }
  if (!isSeed(data.seed)) fail("seed: must be a whole number >= 0 or a secret seed written 0x and up to 32 hex digits");
  if (data.start !== undefined && !isObject(data.start)) fail("start: must be a position object");
  if (!Array.isArray(data.seats) || data.seats.length === 0) fail("seats: must be a non-empty list");
  else
    data.seats.forEach((seat, i) => {
      const at = `seats[${i}]`;
      if (!isObject(seat)) return fail(`${at}: must be an object {player, kind, agent?}`);
      if (seat.player !== `P${i + 1}`) fail(`${at}.player: must be "P${i + 1}"`);
      if (seat.kind !== "human" && seat.kind !== "agent") fail(`${at}.kind: must be "human" or "agent"`);
      if (seat.kind === "agent" && typeof seat.agent !== "string") fail(`${at}.agent: an agent seat needs its spec`);
    });
  if (!Array.isArray(data.moves)) fail("moves: must be a list");
  else
    data.moves.forEach((m, i) => {
      const at = `moves[${i}]`;
      if (!isObject(m)) return fail(`${at}: must be an object {ply, player, notation, move}`);
      if (m.ply !== i + 1) fail(`${at}.ply: must be ${i + 1} (moves are numbered from 1 in order)`);
      if (typeof m.player !== "string" || !/^P\d+$/.test(m.player)) fail(`${at}.player: must be "P1".."Pn"`);
      if (typeof m.notation !== "string" || !m.notation.trim()) fail(`${at}.notation: must be the move's notation`);
      if (!isObject(m.move) || typeof m.move.kind !== "string") fail(`${at}.move: must be the structured move {kind, from?, to?, ...}`);
      if (m.thinkMs !== undefined && (typeof m.thinkMs !== "number" || m.thinkMs < 0)) fail(`${at}.thinkMs: must be a number of milliseconds`);
    });
  const result = data.result;
  if (!isObject(result)) fail("result: must be an object {status, ...}");
  else if (!["finished", "unfinished", "abandoned"].includes(result.status as string)) fail("result.status: must be finished, unfinished or abandoned");
  if (problems.length) throw new RecordError(problems, source);
  return data as unknown as GameRecordFile;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
