/**
 * Where a record is saved, and whether saving there would lose a game. A record named through a
 * symbolic link is the file the link leads to: that file is locked and written (the link stays a
 * link), so two writers through two names of one file meet at one lock. A file that already holds
 * a game is not replaced unless the user says so (`--force`): a finished game would be lost
 * without a word, and an unfinished one is resumed with `--load`, not started over.
 */
import { lstatSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { shown, shownPath } from "../library/untrusted.js";
import { readTextFile } from "../library/files.js";
import { parseJson } from "../library/untrusted.js";
import { MAX_RECORD_BYTES } from "../limits.js";
import { readRecord, RecordError, type GameRecordFile } from "./format.js";

/** Links followed before a name is taken as it is (the system's own limit is about 40). */
const MAX_LINKS = 40;

/**
 * The file `path` leads to: every symbolic link on the way resolved, also a link to a file not
 * there yet (the new record is created where it points). A name without links is itself.
 */
export function recordTarget(path: string): string {
  let at = path;
  for (let links = 0; links < MAX_LINKS; links++) {
    try {
      return realpathSync(at);
    } catch {
      // Not there (yet): a dangling link leads on to where it points; a plain name stops here.
    }
    let link: string;
    try {
      if (!lstatSync(at).isSymbolicLink()) break;
      link = readlinkSync(at);
    } catch {
      break;
    }
    at = resolve(dirname(at), link);
  }
  // A new file: its folder's real name, so that two names of one folder meet at one lock.
  try {
    return join(realpathSync(dirname(at)), basename(at));
  } catch {
    return at;
  }
}

/** Whether two record names lead to the same file. */
export function sameRecordFile(a: string, b: string | undefined): boolean {
  return b !== undefined && recordTarget(a) === recordTarget(b);
}

/**
 * Why saving a new game to `path` would lose something, or undefined when it would not: the file
 * is not there, or empty. A game record is described (finished, or to be resumed); any other
 * file is not ludex's to replace.
 */
export function replacedByNewGame(path: string): string | undefined {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size === 0) return undefined; // a new file; a folder or a device is the lock's to refuse
  } catch {
    return undefined;
  }
  const name = shownPath(path);
  let rec: GameRecordFile | undefined;
  const read = readTextFile(path, MAX_RECORD_BYTES);
  const parsed = "text" in read ? parseJson(read.text) : undefined;
  try {
    if (parsed && "value" in parsed) rec = readRecord(parsed.value, path);
  } catch (e) {
    if (!(e instanceof RecordError)) throw e;
  }
  if (!rec) {
    return `'${name}' exists and is not a game record this game could replace; give --save another file, or add --force to replace it`;
  }
  const moves = `${rec.moves.length} move${rec.moves.length === 1 ? "" : "s"}`;
  if (rec.result.status === "finished") {
    const r = rec.result;
    const outcome = r.draw ? "a draw" : r.winners?.length ? `${r.winners.join(" and ")} won` : "finished";
    return `'${name}' holds a finished game of ${shown(rec.game.title)} (${outcome}, ${moves}); give --save another file, or add --force to replace it`;
  }
  return `'${name}' holds an unfinished game of ${shown(rec.game.title)} (${moves}): \`ludex play --load ${name}\` resumes it; give --save another file, or add --force to replace it`;
}
