/**
 * The games file of a match (`ludex match --out FILE`): JSON Lines. The first line is a header
 * naming the match (game, description fingerprint, options, agents, seed, max plies); each other
 * line is one finished game (a `GameRecord` of src/ai/match.ts, its ludex-record/1 included),
 * appended the moment the game ends and synced to the disk at once, so a match stopped by a
 * signal, a crash or a power cut keeps every game it finished.
 *
 * Opening a file that already holds games of the same match resumes it: those games are skipped,
 * once each is replayed against the rules and found to end as its line says (match-check.ts); a
 * line that does not is an error naming it, and the file is left as it is for a person to look at.
 * A game depends only on its index and the match seed, so a match played in several sittings ends
 * with the same games as one played in one go. A file of another match is refused (nothing in it
 * is touched); a last line cut short by a crash is the only thing ever removed.
 */
import { closeSync, fsyncSync, openSync, readSync, statSync, truncateSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { Game } from "../engine/play/game.js";
import { seatsFor, type GameRecord, type MatchConfig } from "../ai/match.js";
import { playedGameProblem, type PlayedGame } from "../ai/match-check.js";
import { readRecord, RecordError } from "../record/format.js";
import { shown } from "../library/untrusted.js";
import { ludexVersion } from "../library/version.js";
import { CliError, EXIT_USAGE } from "./common.js";

export const MATCH_GAMES_FORMAT = "ludex-match-games/1";

/** The first line of a games file: what makes a match that match (and, for people, the game's argument and the writer's version). */
export interface MatchFileHeader {
  format: typeof MATCH_GAMES_FORMAT;
  ludex: string;
  game: string;
  file: string;
  hash: string;
  options: Record<string, string | number | boolean>;
  agents: string[];
  seed: number;
  maxPlies: number;
}

export function matchFileHeader(game: Game, file: string, config: MatchConfig): MatchFileHeader {
  return {
    format: MATCH_GAMES_FORMAT,
    ludex: ludexVersion(),
    game: game.name,
    file,
    hash: game.source.hash,
    options: { ...game.def.options },
    agents: config.agents,
    seed: config.seed,
    maxPlies: config.maxPlies,
  };
}

/** A game as kept in memory: without its record when nobody will print it (a long match's records are large). */
export type StoredGame = Omit<GameRecord, "record"> & { record?: GameRecord["record"] };

export interface MatchFile {
  readonly path: string;
  /** The games the file held when opened, one per index, in file order. */
  readonly games: StoredGame[];
  /** Appends one finished game (synced to the disk before the event loop moves on). */
  append(game: GameRecord): void;
  /** Syncs what is left and closes the file; a write that failed is reported here. */
  close(): void;
}

interface OpenOptions {
  /** The match's game: each game in the file is replayed with it before it counts. */
  game: Game;
  config: MatchConfig;
  players: number;
  /** Keep each game's ludex-record (for `--json`), or drop it once checked. */
  keepRecords: boolean;
  warn: (message: string) => void;
}

/** Opens (creating it with its header) or resumes the games file of a match. */
export function openMatchFile(path: string, header: MatchFileHeader, how: OpenOptions): MatchFile {
  const existing = readExisting(path, header, how);
  if (existing.torn) {
    how.warn(
      existing.headerFound
        ? `${path}: its last line was cut short (${existing.torn} bytes: a game being written when the match stopped); removed it, that game is played again`
        : `${path}: its header line was cut short (the match stopped as the file was begun); writing it again`,
    );
  }
  let fd: number;
  try {
    if (existing.torn) truncateSync(path, existing.end);
    fd = openSync(path, "a");
  } catch (e) {
    throw new CliError(`cannot write the match's games to '${path}': ${reason(e)}`);
  }
  const writer = new LineWriter(fd, path);
  if (!existing.headerFound) {
    writer.write(header);
    writer.sync();
    syncFolder(path);
  }
  return { path, games: existing.games, append: (game) => writer.write(game), close: () => writer.close() };
}

/**
 * Appends lines, each in one write (so a process that dies keeps every line written whole), and
 * syncs them to the disk before the event loop moves on: lines written in the same turn (games
 * that several workers finished together) share one fsync, so writing never falls behind fast
 * games. `close` syncs what is left.
 */
class LineWriter {
  private unsynced = false;
  private scheduled = false;
  private closed = false;
  private failure: CliError | undefined;

  constructor(
    private readonly fd: number,
    private readonly path: string,
  ) {}

  write(value: unknown): void {
    if (this.failure) throw this.failure;
    const data = Buffer.from(`${JSON.stringify(value)}\n`, "utf8");
    this.attempt(() => {
      for (let done = 0; done < data.length; ) done += writeSync(this.fd, data, done, data.length - done);
    });
    this.unsynced = true;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        try {
          if (!this.closed) this.sync();
        } catch {
          // Kept in `failure`: the next write or the close reports it.
        }
      });
    }
  }

  sync(): void {
    if (!this.unsynced) return;
    this.attempt(() => fsyncSync(this.fd));
    this.unsynced = false;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      if (this.failure) throw this.failure;
      this.sync();
    } finally {
      closeSync(this.fd);
    }
  }

  private attempt(work: () => void): void {
    try {
      work();
    } catch (e) {
      this.failure = new CliError(`cannot write the match's games to '${this.path}': ${reason(e)}`);
      throw this.failure;
    }
  }
}

interface Existing {
  headerFound: boolean;
  games: StoredGame[];
  /** Bytes of complete lines: where a torn last line begins. */
  end: number;
  /** Length of a last line without its newline (0: none). */
  torn: number;
}

/** Reads and checks what a games file already holds; throws (leaving the file as it is) when it is not this match's. */
function readExisting(path: string, header: MatchFileHeader, how: OpenOptions): Existing {
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new CliError(`--out: '${path}' is ${stat.isDirectory() ? "a folder" : "not a regular file"}; give the path of a games file (JSON Lines)`, EXIT_USAGE);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { headerFound: false, games: [], end: 0, torn: 0 };
    if (e instanceof CliError) throw e;
    throw new CliError(`cannot read '${path}': ${reason(e)}`);
  }
  const games: StoredGame[] = [];
  const seen = new Set<number>();
  let duplicates = 0;
  let headerFound = false;
  const notGamesFile = `${path} is not a games file of \`ludex match --out\` (its first line is not a "${MATCH_GAMES_FORMAT}" header); give --out a new file`;
  const onLine = (text: string, line: number) => {
    if (!text.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      if (!headerFound) throw new CliError(notGamesFile);
      throw new CliError(`${path}:${line}: not a game: ${(e as Error).message}; the file is left as it is`);
    }
    if (!headerFound) {
      if (!isObject(value) || value.format !== MATCH_GAMES_FORMAT) throw new CliError(notGamesFile);
      const differences = headerDifferences(value, header, how);
      if (differences.length) {
        throw new CliError(
          `${path} holds the games of another match (${differences.join("; ")}); resume it with the command that began it, or give this match another --out file`,
          EXIT_USAGE,
        );
      }
      headerFound = true;
      return;
    }
    const problem = gameProblem(value, header, how);
    if (problem) throw new CliError(`${path}:${line}: ${problem}; the file is left as it is (without that line, the match plays the game again)`);
    const game = value as unknown as GameRecord;
    if (seen.has(game.index)) {
      duplicates++;
      return;
    }
    seen.add(game.index);
    games.push(how.keepRecords ? game : { ...game, record: undefined });
  };
  const { end, tail } = readLines(path, onLine);
  if (duplicates) how.warn(`${path}: ${duplicates} game(s) appear twice; the first of each counts`);
  // A tail without its newline is a line the writer did not finish (each line is written whole,
  // then synced). Without any complete line, it must be the start of a header to be ours.
  if (tail.length && !headerFound) {
    const start = `{"format":"${MATCH_GAMES_FORMAT}"`;
    const text = tail.toString("utf8");
    if (!(text.startsWith(start) || start.startsWith(text))) throw new CliError(notGamesFile);
  }
  return { headerFound, games, end, torn: tail.length };
}

/** Calls `onLine` with each complete line (numbered from 1); returns the bytes they take and what follows the last newline. */
function readLines(path: string, onLine: (text: string, line: number) => void): { end: number; tail: Buffer } {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (e) {
    throw new CliError(`cannot read '${path}': ${reason(e)}`);
  }
  try {
    const chunk = Buffer.alloc(1 << 20);
    let pending: Buffer[] = [];
    let offset = 0, end = 0, line = 0;
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, offset);
      if (n === 0) break;
      let start = 0;
      for (let nl = chunk.indexOf(10, start); nl !== -1 && nl < n; nl = chunk.indexOf(10, start)) {
        pending.push(chunk.subarray(start, nl));
        onLine(Buffer.concat(pending).toString("utf8"), ++line);
        pending = [];
        start = nl + 1;
        end = offset + start;
      }
      if (start < n) pending.push(Buffer.from(chunk.subarray(start, n)));
      offset += n;
    }
    return { end, tail: Buffer.concat(pending) };
  } finally {
    closeSync(fd);
  }
}

/** What differs between a file's header and this match's, field by field, in words. */
function headerDifferences(found: Record<string, unknown>, expected: MatchFileHeader, how: OpenOptions): string[] {
  const differences: string[] = [];
  const show = (v: unknown) => shown(typeof v === "string" ? v : JSON.stringify(v) ?? "none");
  const differ = (field: string, there: unknown, here: unknown) => differences.push(`${field}: ${show(there)} in the file, ${show(here)} here`);
  if (found.game !== expected.game) {
    // Another game: its options and fingerprint are bound to differ too, and say nothing more.
    differ("game", found.game, expected.game);
    return differences;
  }
  const options = isObject(found.options) ? found.options : {};
  const describe = (values: Record<string, unknown>, names: string[]) => names.map((n) => (n in values ? `${n}=${String(values[n])}` : `no ${n}`)).join(",");
  const names = [...new Set([...Object.keys(options), ...Object.keys(expected.options)])].sort();
  const optionsDiffer = names.filter((name) => options[name] !== expected.options[name]);
  if (optionsDiffer.length) differ("options", describe(options, optionsDiffer), describe(expected.options, optionsDiffer));
  // The fingerprint covers the options; told apart, a changed description is named as such.
  else if (found.hash !== expected.hash) differ("description (it changed since the match began: fingerprint)", found.hash, expected.hash);
  const agents = Array.isArray(found.agents) && found.agents.every((a) => typeof a === "string") ? (found.agents as string[]) : undefined;
  // Lineups compare, not lists: `random` and `random,random` seat the same agents.
  const lineup = (list: string[]) => seatsFor({ ...how.config, agents: list }, how.players, 0).join(",");
  if (!agents?.length || lineup(agents) !== lineup(expected.agents)) differ("agents", agents?.join(",") ?? found.agents, expected.agents.join(","));
  if (found.seed !== expected.seed) differ("seed", found.seed, expected.seed);
  if (found.maxPlies !== expected.maxPlies) differ("max plies", found.maxPlies, expected.maxPlies);
  return differences;
}

/** Why a line is not a game of this match, or undefined. */
function gameProblem(value: unknown, header: MatchFileHeader, how: OpenOptions): string | undefined {
  if (!isObject(value)) return "not a game: expected a JSON object {index, seats, returns, ...}";
  const { index } = value;
  if (!Number.isSafeInteger(index) || (index as number) < 0) return "index: must be a whole number >= 0";
  const i = index as number;
  const P = how.players;
  const seats = seatsFor(how.config, P, i);
  if (!Array.isArray(value.seats) || value.seats.join(",") !== seats.join(",")) return `seats: must be ${seats.join(",")} (game ${i} of this match)`;
  const numbers = (v: unknown) => Array.isArray(v) && v.length === P && v.every((x) => typeof x === "number" && Number.isFinite(x));
  if (!numbers(value.returns)) return `returns: must be ${P} numbers`;
  if (!numbers(value.moves)) return `moves: must be ${P} numbers`;
  if (!numbers(value.thinkMs)) return `thinkMs: must be ${P} numbers`;
  if (typeof value.finished !== "boolean") return "finished: must be true or false";
  if (!Number.isSafeInteger(value.plies) || (value.plies as number) < 0) return "plies: must be a whole number >= 0";
  let record;
  try {
    record = readRecord(value.record, "record");
  } catch (e) {
    if (e instanceof RecordError) return `game ${i}: record: ${shown(e.problems[0] ?? "not a game record", 200)}${e.problems.length > 1 ? ` (and ${e.problems.length - 1} more problems)` : ""}`;
    throw e;
  }
  if (record.game.hash !== header.hash) return `game ${i}: its record is of another description (fingerprint ${shown(record.game.hash)})`;
  if (record.seed !== (header.seed + i) >>> 0) return `game ${i}: its record's seed is ${record.seed}, game ${i} of this match has seed ${(header.seed + i) >>> 0}`;
  return playedGameProblem(how.game, value as unknown as PlayedGame, record, header.maxPlies);
}

/** A new file's name is durable once its folder is synced (where the system allows it). */
function syncFolder(path: string): void {
  try {
    const fd = openSync(dirname(path), "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Not every system syncs a folder (Windows); the file's own data is synced regardless.
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Why a file operation failed, in words. */
function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "no such folder";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOSPC") return "the disk is full";
  if (code === "EROFS") return "the file system is read-only";
  return e instanceof Error ? e.message : String(e);
}
