/**
 * What `ludex list` and `ludex info` tell about the built-in games: title, players, options with
 * their documentation and ranges, a one-line description and the rules for players. All of it is
 * read from the games folder (the description and its `.md` rules document).
 */
import { compileGame } from "../compile/index.js";
import type { OptionDecl } from "../lang/expand.js";
import { readDescriptionFile } from "./files.js";
import { builtinGameNames, builtinRulesText, resolveGameRef, unknownGameMessage } from "./builtin.js";

/** An option as `list` and `info` describe it: its declaration without the source place. */
export type GameOptionInfo = Omit<OptionDecl, "span">;

export interface GameInfo {
  /** The built-in name (the .game file's name without its extension), or the file for a game that is not built in: what commands and `loadGame` accept. */
  name: string;
  builtin: boolean;
  /** The description's title (`(game "...")`). */
  title: string;
  /**
   * Players: fixed (min = max) or set by an option (`players`, from min to max); `counts` lists
   * every number allowed when the option names its values (e.g. 2, 3, 4 and 6, not 5).
   */
  players: { min: number; max: number; default: number; option?: string; counts?: number[] };
  options: GameOptionInfo[];
  /** The first sentence of the rules document: what the game is, in one line. */
  summary: string;
  /** Whether the game has pieces whose identity is hidden from the players. */
  hiddenInformation: boolean;
  /** The description file. */
  file: string;
}

/** Information about every built-in game, sorted by name. Games that fail to compile are skipped with their error. */
export function listBuiltinGames(): { games: GameInfo[]; errors: { name: string; message: string }[] } {
  const games: GameInfo[] = [];
  const errors: { name: string; message: string }[] = [];
  for (const name of builtinGameNames()) {
    try {
      games.push(gameInfo(name));
    } catch (e) {
      errors.push({ name, message: (e as Error).message });
    }
  }
  return { games, errors };
}

/**
 * Information about a game given by built-in name or description file; throws when it is neither
 * or the description has errors.
 */
export function gameInfo(ref: string): GameInfo {
  const found = resolveGameRef(ref);
  if (!found) throw new Error(unknownGameMessage(ref));
  const file = found.path;
  const read = readDescriptionFile(file);
  if ("error" in read) throw new Error(`cannot read '${file}': ${read.error}`);
  const r = compileGame(read.text, { file });
  if (!r.game) throw new Error(`${ref}: the description has errors (run \`ludex validate ${ref}\`)`);
  const decl = r.options.find((o) => o.name === r.playersOption);
  const count = r.game.playerCount;
  const counts = decl?.values?.filter((v): v is number => typeof v === "number").sort((a, b) => a - b);
  const players = !decl
    ? { min: count, max: count, default: count }
    : counts?.length
      ? { min: counts[0]!, max: counts.at(-1)!, default: count, option: decl.name, counts }
      : { min: decl.min ?? count, max: decl.max ?? count, default: count, option: decl.name };
  return {
    name: found.builtin ?? ref,
    builtin: found.builtin !== undefined,
    title: r.game.name,
    players,
    options: r.options.map(optionInfo),
    summary: summaryOf((found.builtin && builtinRulesText(found.builtin)) || ""),
    hiddenInformation: r.game.def.concealFlags !== 0,
    file,
  };
}

function optionInfo(d: OptionDecl): GameOptionInfo {
  const o: GameOptionInfo = { name: d.name, default: d.default };
  if (d.doc !== undefined) o.doc = d.doc;
  if (d.min !== undefined) o.min = d.min;
  if (d.max !== undefined) o.max = d.max;
  if (d.values !== undefined) o.values = d.values;
  return o;
}

/** The first sentence of the first paragraph after the title, markdown links and emphasis removed. */
export function summaryOf(markdown: string): string {
  const paragraphs = markdown.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const first = paragraphs.find((p) => !p.startsWith("#")) ?? "";
  const text = first
    .replace(/\s+/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`]/g, "");
  const sentence = /^(.+?[.!?])(\s|$)/.exec(text);
  return (sentence ? sentence[1]! : text).trim();
}

/** `2`, `2-5` when an option sets the number, or `2, 3, 4 or 6` when only some numbers are allowed. */
export function playersText(p: GameInfo["players"]): string {
  if (p.counts && p.counts.length < p.max - p.min + 1) return `${p.counts.slice(0, -1).join(", ")} or ${p.counts.at(-1)}`;
  return p.min === p.max ? String(p.min) : `${p.min}-${p.max}`;
}
