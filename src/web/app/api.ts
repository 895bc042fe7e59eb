/** What the page asks `ludex serve` for: the library's games, and one game's description and rules. */
import type { GameInfo } from "../../library/catalog.js";

export async function fetchLibrary(): Promise<GameInfo[]> {
  const r = await fetch("api/games");
  if (!r.ok) throw new Error(`the server answered ${r.status} for the game list`);
  return ((await r.json()) as { games: GameInfo[] }).games;
}

export interface GameFiles {
  name: string;
  /** The description (.game) text. */
  description: string;
  /** The rules for players (markdown), when the game has them. */
  rules: string;
  /** The descriptions it extends, by the name its `extends` gives. */
  files: Record<string, string>;
  /** Whether this is the library's game as it is (records then name it), not an edited copy. */
  builtin: boolean;
}

/** How the compiler reads what a description extends: from the files the server sent with it (GameFiles.files). */
export function readerOf(files: Record<string, string>): (path: string) => { path: string; text: string } | { error: string } {
  return (path) => (Object.hasOwn(files, path) ? { path, text: files[path]! } : { error: "no such file beside this game" });
}

export async function fetchGame(name: string): Promise<GameFiles> {
  const r = await fetch(`api/games/${encodeURIComponent(name)}`);
  if (!r.ok) throw new Error(`no game '${name}' (the server answered ${r.status})`);
  return { ...((await r.json()) as Omit<GameFiles, "builtin">), builtin: true };
}

