/**
 * The games that ship with Ludex, found by name: NAME is `games/NAME.game` of the installed
 * package, with its rules for players in `games/NAME.md`. Nothing here knows a game: the list is
 * whatever the games folder holds. This module only resolves names to files (no compiler), so the
 * compiler's `loadGame` can use it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { shown, shownPath } from "./untrusted.js";

/** The package's games folder: two levels above this module, from `src/library` and `dist/library` alike. */
export function builtinGamesDir(): string {
  return fileURLToPath(new URL("../../games/", import.meta.url));
}

/** Names of the built-in games, sorted. */
export function builtinGameNames(): string[] {
  try {
    return readdirSync(builtinGamesDir())
      .filter((f) => f.endsWith(".game"))
      .map((f) => f.slice(0, -".game".length))
      .sort();
  } catch {
    return [];
  }
}

export function isBuiltinGame(name: string): boolean {
  return /^[a-z0-9][a-z0-9-]*$/i.test(name) && builtinGameNames().includes(name.toLowerCase());
}

/** The description file of a built-in game (the name is case-insensitive), or undefined. */
export function builtinGamePath(name: string): string | undefined {
  return isBuiltinGame(name) ? `${builtinGamesDir()}${name.toLowerCase()}.game` : undefined;
}

/** The rules document of a built-in game (`games/<name>.md`), or undefined when it has none. */
export function builtinRulesText(name: string): string | undefined {
  if (!isBuiltinGame(name)) return undefined;
  const path = `${builtinGamesDir()}${name.toLowerCase()}.md`;
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
}

export interface ResolvedGame {
  /** The file to read. */
  path: string;
  /** The built-in name, when the reference was one (or named a built-in game's own file). */
  builtin?: string;
}

/**
 * What a game reference names: an existing file first (a path always works as it did), then a
 * built-in game name. Undefined when it is neither; `unknownGameMessage` says so helpfully.
 */
export function resolveGameRef(ref: string): ResolvedGame | undefined {
  const there = entryAt(ref);
  if (there === "file") {
    const dir = builtinGamesDir();
    const m = /([^/\\]+)\.game$/.exec(ref);
    const own = m && isBuiltinGame(m[1]!) && sameFile(ref, `${dir}${m[1]!.toLowerCase()}.game`);
    return own ? { path: ref, builtin: m![1]!.toLowerCase() } : { path: ref };
  }
  const path = builtinGamePath(ref);
  if (path) return { path, builtin: ref.toLowerCase() };
  // Something else is there (a directory, a device): reading it says what is wrong with it.
  return there ? { path: ref } : undefined;
}

/** Names longer than this get no "did you mean" (the edit distance costs their length times each name's). */
const MAX_SUGGESTED_FROM = 64;

/** "no file or built-in game 'x'" with the built-in names, and a near miss when there is one. */
export function unknownGameMessage(ref: string): string {
  const names = builtinGameNames();
  const looksLikePath = /[/\\]|\.game$/.test(ref);
  const want = ref.toLowerCase().replace(/\.game$/, "");
  const near = want.length <= MAX_SUGGESTED_FROM ? names.find((n) => n.startsWith(want) || editDistance(n, want) <= 2) : undefined;
  let msg = looksLikePath ? `cannot read description '${shownPath(ref)}': no such file` : `'${shown(ref)}' is neither a file nor a built-in game`;
  msg += ` (built-in games: ${names.join(", ") || "none found"}; \`ludex list\` describes them)`;
  if (near && !looksLikePath) msg += `; did you mean '${near}'?`;
  return msg;
}

/** What the file system has at `path`: a file, something else (a directory, a device), or nothing. */
function entryAt(path: string): "file" | "other" | undefined {
  try {
    return statSync(path).isFile() ? "file" : "other";
  } catch {
    return undefined;
  }
}

function sameFile(a: string, b: string): boolean {
  try {
    const sa = statSync(a), sb = statSync(b);
    return sa.ino === sb.ino && sa.dev === sb.dev;
  } catch {
    return false;
  }
}

/** Levenshtein distance, for "did you mean" on short names. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}
