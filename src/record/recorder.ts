/**
 * Writing game records while a game is played: the CLI, matches and library users share this, so
 * every record has the same shape. A record is plain data; `addMove` appends, `truncate` takes
 * moves back (undo), `finishRecord` writes the result.
 */
import type { Game } from "../engine/play/game.js";
import type { Move } from "../engine/moves/moves.js";
import { playerName, type Position } from "../engine/state/position.js";
import type { Seed } from "../engine/state/rng.js";
import type { State } from "../engine/state/state.js";
import { ludexVersion } from "../library/version.js";
import { endInfo, hasScores } from "../view/end.js";
import { RECORD_FORMAT, type GameRecordFile, type RecordedMoveFields, type RecordResult, type RecordSeat, type RecordStatus } from "./format.js";

export interface RecordStart {
  seed: Seed;
  /** Who plays each seat: `human` or an agent spec. */
  seats: string[];
  /** The position the game began from, when not the game's start. */
  start?: Position;
  /** Timestamps in the record (off for records that must be byte-identical across runs, e.g. matches). */
  timestamps?: boolean;
}

export function newRecord(game: Game, how: RecordStart): GameRecordFile {
  const names = game.def.players.names;
  const seats: RecordSeat[] = how.seats.map((who, p) => {
    const seat: RecordSeat = { player: playerName(p), kind: who === "human" ? "human" : "agent" };
    if (names[p] && names[p] !== playerName(p)) seat.name = names[p];
    if (who !== "human") seat.agent = who;
    return seat;
  });
  const now = how.timestamps === false ? undefined : new Date().toISOString();
  const rec: GameRecordFile = {
    format: RECORD_FORMAT,
    ludex: ludexVersion(),
    ...(now ? { created: now, updated: now } : {}),
    game: game.source.builtin ? { name: game.source.builtin, title: game.name, hash: game.source.hash } : { title: game.name, file: game.source.file, hash: game.source.hash },
    options: { ...game.def.options },
    seed: how.seed,
    seats,
    moves: [],
    result: { status: "unfinished" },
  };
  if (how.start) rec.start = how.start;
  // Said in the record itself, so that no other description handed to replay it can show them.
  if (game.def.concealFlags !== 0) rec.game.hidden = true;
  return rec;
}

/** The structured form of a move: the fields that identify it, without the engine's encoding. */
export function moveFields(m: Move): RecordedMoveFields {
  const f: RecordedMoveFields = { kind: m.kind };
  if (m.from !== undefined) f.from = m.from;
  if (m.to !== undefined) f.to = m.to;
  if (m.count !== undefined) f.count = m.count;
  if (m.piece !== undefined) f.piece = m.piece;
  if (m.promotion !== undefined) f.promotion = m.promotion;
  if (m.path) f.path = [...m.path];
  if (m.captures) f.captures = [...m.captures];
  if (m.dice) f.dice = [...m.dice];
  return f;
}

/** Appends the move `player` made; `thinkMs` for agents. */
export function addMove(rec: GameRecordFile, player: number, move: Move, thinkMs?: number): void {
  const entry: GameRecordFile["moves"][number] = { ply: rec.moves.length + 1, player: playerName(player), notation: move.notation, move: moveFields(move) };
  if (thinkMs !== undefined) entry.thinkMs = Math.round(thinkMs * 10) / 10;
  rec.moves.push(entry);
  rec.result = { status: "unfinished" };
  touch(rec);
}

/** Keeps the first `plies` moves (after an undo). */
export function truncate(rec: GameRecordFile, plies: number): void {
  rec.moves.length = Math.min(rec.moves.length, plies);
  rec.result = { status: "unfinished" };
  touch(rec);
}

/**
 * The result: when the rules ended the game, its winners, returns, the reason (the end rule that
 * fired) and the final scores and ranking; otherwise the status given (`unfinished` or
 * `abandoned`) and why.
 */
export function finishRecord(rec: GameRecordFile, game: Game, s: State, status: RecordStatus = "finished", reason?: string): void {
  rec.result = resultOf(game, s, status, reason);
  touch(rec);
}

/**
 * The result a record gives state `s`: when the rules ended the game, the winners, returns,
 * reason, ranking and scores; otherwise `status` (never `finished`), the reason given and the
 * scores so far. Replay compares a record's result with this one of its last position.
 */
export function resultOf(game: Game, s: State, status: RecordStatus = "finished", reason?: string): RecordResult {
  const end = endInfo(game, s);
  let result: RecordResult;
  if (end) {
    result = { status: "finished", winners: end.winners, draw: end.draw, returns: game.returns(s) };
    if (end.reason) result.reason = end.reason;
    if (end.ranking) result.ranking = end.ranking;
  } else {
    result = { status: status === "finished" ? "unfinished" : status };
    if (reason) result.reason = reason;
  }
  if (hasScores(game, s)) result.scores = Object.fromEntries(Array.from(s.score, (v, p) => [playerName(p), v]));
  return result;
}

function touch(rec: GameRecordFile): void {
  if (rec.updated !== undefined) rec.updated = new Date().toISOString();
}

/**
 * A copy without what depends on the machine and the clock (think times, timestamps): two runs of
 * the same seeded game give equal records once these are left out.
 */
export function withoutTimes(rec: GameRecordFile): GameRecordFile {
  const { created: _created, updated: _updated, ...rest } = rec;
  return { ...rest, moves: rec.moves.map(({ thinkMs: _thinkMs, ...m }) => m) };
}
