/**
 * Reading text files named by people (a description, its `extends`, a position or a record)
 * without surprises: a missing file, a directory, a FIFO or a device, a file one may not read or
 * one too large is a sentence saying so, never an exception and never a wait.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";
import { MAX_SOURCE_BYTES } from "../limits.js";

export type ReadText = { text: string } | { error: string };

/**
 * A description's text, or why it cannot be read. Reads a little beyond the limit (characters may
 * take up to 4 bytes), so a file just too large reaches the parser, whose error (L005) points into it.
 */
export function readDescriptionFile(path: string): ReadText {
  return readTextFile(path, 4 * MAX_SOURCE_BYTES + 4);
}

/**
 * The file's text (UTF-8), or why it cannot be read; reads at most `maxBytes`. Only a regular file
 * is read: a FIFO, a socket or a device (which could block for ever, or never end) is refused at
 * once. The file is opened without blocking and checked through its descriptor, so what is checked
 * is what is read.
 */
export function readTextFile(path: string, maxBytes: number): ReadText {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { error: "it is a directory" };
    if (!stat.isFile()) return { error: `it is not a regular file (${kindOf(stat)})` };
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.alloc(65536);
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes) return { error: `it is larger than ${maxBytes} bytes` };
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
    return { text: Buffer.concat(chunks).toString("utf8") };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { error: "no such file" };
    if (code === "EACCES" || code === "EPERM") return { error: "permission denied" };
    if (code === "EISDIR") return { error: "it is a directory" };
    if (code === "ENAMETOOLONG") return { error: "the name is too long for a file" };
    // Opening a Unix socket (or a device without its driver) fails with ENXIO: say what it is.
    if (code === "ENXIO") return { error: `it is not a regular file (${kindAt(path)})` };
    return { error: e instanceof Error ? e.message : String(e) };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function kindAt(path: string): string {
  try {
    return kindOf(statSync(path));
  } catch {
    return "not a file";
  }
}

function kindOf(stat: Stats): string {
  if (stat.isFIFO()) return "a named pipe";
  if (stat.isSocket()) return "a socket";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  return "not a file";
}
