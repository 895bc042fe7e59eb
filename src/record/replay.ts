/**
 * Replaying a record: the game it names, its start (the seeded start or its start position) and
 * each recorded move checked against the legal moves of the position it was played in, and each
 * throw of the dice against the throw the record's seed makes there. The first move that is not
 * legal there, or throw that is not the seed's, stops the replay with a message that says which
 * move, where, and what was legal (or thrown) instead.
 */
import { dirname, isAbsolute, resolve } from "node:path";
import { loadGame } from "../compile/index.js";
import type { Game } from "../engine/play/game.js";
import type { Move } from "../engine/moves/moves.js";
import { loadPosition, playerName } from "../engine/state/position.js";
import type { State } from "../engine/state/state.js";
import { builtinGamePath, resolveGameRef } from "../library/builtin.js";
import { readTextFile } from "../library/files.js";
import { parseJson, shown, shownPath } from "../library/untrusted.js";
import { MAX_RECORD_BYTES } from "../limits.js";
import { readRecord, RecordError, type GameRecordFile, type RecordedMove, type RecordedMoveFields } from "./format.js";
import { moveFields } from "./recorder.js";

/**
 * Reads and checks a record file; throws a RecordError with a clear message. Only a regular file
 * is read (a FIFO or a device is refused at once), up to MAX_RECORD_BYTES; a byte-order mark is allowed.
 */
export function readRecordFile(path: string): GameRecordFile {
  const read = readTextFile(path, MAX_RECORD_BYTES);
  if ("error" in read) throw new RecordError([read.error], path);
  const parsed = parseJson(read.text);
  if ("error" in parsed) throw new RecordError([`not valid JSON (${parsed.error})`], path);
  return readRecord(parsed.value, path);
}

/**
 * The game a record was played with: `ref` when given (a file or built-in name the user chose),
 * else the built-in game the record names (looked up in the library only: a record's name is
 * never a path), else the description file it names (as written, or beside the record file) --
 * read only when `allowFile` says the user asked for it: a record from anywhere must not make
 * ludex read any file it likes. The record's option values are applied.
 */
export function loadRecordGame(rec: GameRecordFile, ref?: string, recordPath?: string, allowFile = false): Game {
  if (ref !== undefined) return loadGame(ref, { options: rec.options });
  const { name, file } = rec.game;
  if (name !== undefined) {
    const path = builtinGamePath(name);
    if (!path) throw new RecordError([`game.name: '${shown(name)}' is not a built-in game (\`ludex list\` names them); give the game to replay it with yourself`]);
    return loadGame(path, { options: rec.options });
  }
  if (!allowFile) {
    throw new RecordError([
      `game.file: the record names its game by a file ('${shownPath(file!)}'), and ludex reads a file a record names only when asked: give that description yourself (\`ludex replay RECORD --game FILE\`, \`ludex play FILE --load RECORD\`), or add --game-file-from-record`,
    ]);
  }
  const beside = recordPath && !isAbsolute(file!) ? resolve(dirname(recordPath), file!) : undefined;
  return loadGame(resolveGameRef(file!) || !beside ? file! : beside, { options: rec.options });
}

/** A note when the description is not the one the record was made with (its moves may still replay). */
export function descriptionChanged(game: Game, rec: GameRecordFile): string | undefined {
  if (!rec.game.hash || rec.game.hash === game.source.hash) return undefined;
  return `the description of ${rec.game.title} has changed since this record was made (record ${rec.game.hash}, now ${game.source.hash}); replaying its moves against the current rules`;
}

/**
 * The state the recorded game began in. Throws a RecordError when the record does not fit the
 * game (a seat for each player) or its start position is invalid.
 */
export function recordStart(game: Game, rec: GameRecordFile): State {
  if (rec.seats.length !== game.playerCount) {
    throw new RecordError([`seats: the record has ${rec.seats.length} seats, but ${shown(game.name)} is played by ${game.playerCount} (P1..P${game.playerCount})`]);
  }
  const names = game.def.players.names;
  const wrongNames = rec.seats.flatMap((seat, p) => {
    const own = names[p] ?? playerName(p);
    return seat.name === undefined || seat.name === own || seat.name === playerName(p) ? [] : [`seats[${p}].name: '${shown(seat.name)}' is not a seat of ${shown(game.name)} (its ${playerName(p)} is ${shown(own)})`];
  });
  if (wrongNames.length) throw new RecordError(wrongNames);
  if (!rec.start) return game.newGame({ seed: rec.seed });
  try {
    return loadPosition(game, rec.start, rec.seed);
  } catch (e) {
    throw new RecordError([`start: ${(e as Error).message}`]);
  }
}

export interface ReplayStep {
  /** The state before the move. */
  before: State;
  move: Move;
  recorded: RecordedMove;
}

export interface Replay {
  /** The state at the start and after each legal recorded move: states[n] is position n. */
  states: State[];
  steps: ReplayStep[];
  /** The first recorded move that could not be played, and why. */
  error?: { ply: number; message: string };
}

/** Plays the record's moves from its start, stopping at the first one that is not legal. */
export function replayRecord(game: Game, rec: GameRecordFile): Replay {
  let s = recordStart(game, rec);
  const states = [s];
  const steps: ReplayStep[] = [];
  for (const recorded of rec.moves) {
    const problem = checkMove(game, s, recorded);
    if (typeof problem === "string") return { states, steps, error: { ply: recorded.ply, message: problem } };
    steps.push({ before: s, move: problem, recorded });
    s = game.apply(s, problem);
    states.push(s);
  }
  return { states, steps };
}

/**
 * The legal move a recorded move names, or why there is none. A throw of the dice must be the one
 * the state's generator makes (seeded by the record's seed): any legal throw would do for the
 * rules, but a record whose throws were edited, or whose seed was, is not the game that was played.
 */
function checkMove(game: Game, s: State, r: RecordedMove): Move | string {
  const move = legalMove(game, s, r);
  if (typeof move === "string" || !game.isChance(s)) return move;
  const thrown = game.drawChance(s)!;
  if (thrown.notation === move.notation) return move;
  const dice = (m: Move) => m.dice?.join(",") ?? m.notation;
  return `move ${r.ply} (${r.player} ${shown(r.notation)}): the record's seed throws ${dice(thrown)} here, not ${dice(move)}: the throw or the seed was changed`;
}

function legalMove(game: Game, s: State, r: RecordedMove): Move | string {
  const where = `move ${r.ply} (${r.player} ${shown(r.notation)})`;
  if (s.over) return `${where}: the game was already over`;
  const mover = playerName(game.currentPlayer(s));
  if (r.player !== mover) return `${where}: it is ${mover}'s turn, not ${r.player}'s`;
  const legal = game.legalMoves(s);
  const want = normalise(r.notation);
  const byNotation = legal.filter((m) => normalise(m.notation) === want);
  const exact = byNotation.find((m) => sameFields(moveFields(m), r.move));
  if (exact) return exact;
  if (byNotation.length) return `${where}: the notation is legal but its structured form differs (recorded ${shown(JSON.stringify(r.move), 300)}, legal ${JSON.stringify(moveFields(byNotation[0]!))})`;
  const some = legal.slice(0, 12).map((m) => m.notation).join(", ");
  return `${where} is not legal here (legal: ${legal.length ? some + (legal.length > 12 ? `, ... ${legal.length} in all` : "") : "none"})`;
}

function sameFields(a: RecordedMoveFields, b: RecordedMoveFields): boolean {
  const keys: (keyof RecordedMoveFields)[] = ["kind", "from", "to", "count", "piece", "promotion", "path", "captures", "dice"];
  return keys.every((k) => b[k] === undefined || JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

function normalise(t: string): string {
  return t.trim().toLowerCase().replace(/\s+/g, "");
}
