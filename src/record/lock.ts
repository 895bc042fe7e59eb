/**
 * One writer per record file. Two `ludex play --save F` on the same F would each rewrite it after
 * every move, and one finished game would be lost; so a writer first takes a lock beside the file,
 * `F.lock`, holding its pid, host and start time. A second writer is refused with a message naming
 * the holder. A lock whose holder is gone (same host, no such process; or a file left empty by a
 * crash) is stale and taken over. Temporary files a crashed writer left (`F.tmp-PID`) are removed
 * by the next one to hold the lock.
 */
import { closeSync, fsyncSync, linkSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";

/** A record is being written by another process. */
export class RecordLockError extends Error {}

export interface RecordLock {
  /** The lock file. */
  readonly path: string;
  /** Gives the lock up (removes the lock file if it is still this process's). Safe to call twice. */
  release(): void;
}

interface Holder {
  pid: number;
  host: string;
  since: string;
}

/** A lock file this young may still be being written by its creator (empty, not yet garbled). */
const UNWRITTEN_GRACE_MS = 10_000;

/**
 * Takes the lock of record file `file` (the real file: links resolved, see save-target.ts), or
 * throws a RecordLockError naming who holds it, and the record as `name` (as the user wrote it). The file
 * must be a regular file or not exist yet: a record written through a temporary file renamed over
 * it would replace a device, a pipe or a folder's entry that is not a record.
 */
export function lockRecord(file: string, name = file): RecordLock {
  const kind = nonRegularKind(file);
  if (kind) throw new RecordLockError(`'${name}': it is not a regular file (${kind}); a record is written only to a regular file`);
  const path = `${file}.lock`;
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(path, me)) {
      removeLeftovers(file);
      return ownLock(path, me);
    }
    const held = readHolder(path);
    if (held === "gone") continue;
    if (!isStale(held, path)) throw new RecordLockError(heldMessage(name, path, held));
    takeOver(path, held);
  }
  throw new RecordLockError(`cannot take the lock '${path}' of '${name}': other processes keep taking it`);
}

/** What `file` is when it exists and is not a regular file (a link is followed). */
function nonRegularKind(file: string): string | undefined {
  let st;
  try {
    st = statSync(file);
  } catch {
    return undefined; // not there yet (or not reachable: writing it will say why)
  }
  if (st.isFile()) return undefined;
  return st.isDirectory() ? "a directory" : st.isFIFO() ? "a named pipe" : st.isSocket() ? "a socket" : st.isCharacterDevice() || st.isBlockDevice() ? "a device" : "not a regular file";
}

function tryCreate(path: string, me: Holder): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    throw new RecordLockError(`cannot create the lock '${path}': ${(e as Error).message}`);
  }
  try {
    writeSync(fd, JSON.stringify(me) + "\n");
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The holder a lock file names; "gone" when it vanished meanwhile; null when it is empty or garbled. */
function readHolder(path: string): Holder | "gone" | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    throw new RecordLockError(`cannot read the lock '${path}': ${(e as Error).message}`);
  }
  try {
    const h = JSON.parse(text) as Partial<Holder>;
    if (Number.isSafeInteger(h.pid) && typeof h.host === "string" && typeof h.since === "string") return h as Holder;
  } catch {
    // An empty or garbled lock: its writer died while creating it, or is creating it now.
  }
  return null;
}

/** Whether a lock may be taken over: its process is gone, or it was never written and is old. */
function isStale(held: Holder | null, path: string): boolean {
  if (held === null) return ageMs(path) > UNWRITTEN_GRACE_MS;
  if (held.host !== hostname()) return false; // another machine's process: cannot tell, so it holds
  if (held.pid === process.pid) return false;
  try {
    process.kill(held.pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ESRCH";
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return Infinity;
  }
}

/**
 * Moves a stale lock aside (a rename: of two processes taking it over at once, one moves it), then
 * checks that what it moved is the stale lock it judged, not a fresh one taken meanwhile (which
 * is put back).
 */
function takeOver(path: string, judged: Holder | null): void {
  const aside = `${path}.stale-${process.pid}`;
  try {
    renameSync(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return; // another process took it over first
    throw new RecordLockError(`cannot take over the stale lock '${path}': ${(e as Error).message}`);
  }
  const moved = readHolder(aside);
  const same = moved === null ? judged === null : moved !== "gone" && judged !== null && moved.pid === judged.pid && moved.since === judged.since;
  if (!same) {
    try {
      linkSync(aside, path);
    } catch {
      // A newer lock is there already: it decides.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // Already gone.
  }
}

function heldMessage(file: string, path: string, h: Holder | null): string {
  if (h === null) return `'${file}' is being written by another ludex (its lock '${path}' was created a moment ago); try again, or delete the lock if no other ludex writes it`;
  const where = h.host === hostname() ? `pid ${h.pid}` : `pid ${h.pid} on ${h.host}`;
  return `'${file}' is being written by another ludex (${where}, since ${h.since}); choose another file, or wait until it is done (if that process is gone, delete '${path}')`;
}

function ownLock(path: string, me: Holder): RecordLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off("exit", release);
    const now = readHolder(path);
    if (now !== "gone" && now !== null && now.pid === me.pid && now.since === me.since) {
      try {
        unlinkSync(path);
      } catch {
        // Already gone.
      }
    }
  };
  // However the process ends (an error, process.exit), the lock goes with it.
  process.on("exit", release);
  return { path, release };
}

/** Temporary files of earlier writers of `file` (`file.tmp-PID`): only the lock's holder writes, so none is in use. */
function removeLeftovers(file: string): void {
  const dir = dirname(file);
  const prefix = `${basename(file)}.tmp-`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !/^\d+$/.test(name.slice(prefix.length))) continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      // Not ours to remove, or gone.
    }
  }
}
