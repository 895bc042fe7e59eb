/**
 * The ludeme catalog: every form the language knows, with its category (what it produces), its
 * arguments (name, type, positional or named, optional), and its documentation.
 *
 * The catalog is the single source of the vocabulary: the binder maps forms to JSON by it, the
 * JSON Schema (grammar/game.schema.json) and the reference (grammar/ludemes.md) are generated from
 * it, and a test keeps it one-to-one with the compiler's builders.
 *
 * The entries live in src/lang/catalog/, one file per category or group of close categories:
 * structure.ts (game, players, rules, turns), equipment.ts (item), boards.ts (board), regions.ts
 * (region), setup.ts (start, prelude), moves.ts (moves), sites.ts (site), conditions.ts (bool),
 * numbers.ts (int), effects.ts (effect) and end.ts (end, outcome); catalog/args.ts holds the
 * argument types they share. This module holds the types, the categories and the assembled list.
 * A new ludeme is one entry in its category's file, one builder in the file of the same name in
 * src/compile/builders/, and one test (a `describe` named after the ludeme, in a
 * test/ludemes-*.test.ts suite).
 */
import { boardLudemes } from "./catalog/boards.js";
import { conditionLudemes } from "./catalog/conditions.js";
import { effectLudemes } from "./catalog/effects.js";
import { endLudemes } from "./catalog/end.js";
import { equipmentLudemes } from "./catalog/equipment.js";
import { moveLudemes } from "./catalog/moves.js";
import { numberLudemes } from "./catalog/numbers.js";
import { regionLudemes } from "./catalog/regions.js";
import { setupLudemes } from "./catalog/setup.js";
import { siteLudemes } from "./catalog/sites.js";
import { structureLudemes } from "./catalog/structure.js";

/** What a ludeme produces; an argument slot accepts ludemes (and atoms) of one category. */
export type Category =
  | "game"
  | "players"
  | "item"
  | "board"
  | "region"
  | "rules"
  | "turns"
  | "start"
  | "prelude"
  | "moves"
  | "phase"
  | "site"
  | "bool"
  | "int"
  | "effect"
  | "end"
  | "outcome";

export type ArgType =
  /** `words`: names also accepted in place of a number (e.g. `any` for an unlimited distance). */
  | { t: "int"; min?: number; max?: number; words?: string[] }
  /**
   * How many, as a whole number N (exactly N) or a list `{LOW HIGH}` (from LOW to HIGH); `min`
   * bounds both, `words` may stand for HIGH (e.g. `any`: no upper bound).
   */
  | { t: "count-range"; min?: number; words?: string[] }
  | { t: "number" }
  | { t: "bool" }
  | { t: "string" }
  /** An identifier or a string: a name of something (piece, counter, player, direction ...). */
  | { t: "name" }
  | { t: "enum"; values: string[] }
  | { t: "list"; of: ArgType }
  /** `words`: names also accepted in this slot besides the category's own atoms (e.g. `self` where a site is read). */
  | { t: "cat"; cat: Category; words?: string[] };

export interface ParamSpec {
  name: string;
  type: ArgType;
  doc: string;
  optional?: boolean;
  /** Only accepted as `name:value`. */
  namedOnly?: boolean;
  /** Collects every remaining positional argument into a list. */
  rest?: boolean;
  default?: string | number | boolean;
}

export interface LudemeSpec {
  name: string;
  category: Category;
  doc: string;
  params: ParamSpec[];
  /** Extra named arguments of this type are allowed (e.g. numeric piece attributes). */
  extraNamed?: ArgType;
  example: string;
}

/** The sites a rule names directly (the atoms of the `site` category). */
export const SITE_NAMES = ["from", "over", "to", "site", "last-from", "last-to"] as const;

/** Atoms a category accepts besides its ludemes, and how to describe them to a designer. */
export const categoryInfo: Record<Category, { doc: string; atoms?: ArgType[]; atomDoc?: string }> = {
  game: { doc: "A whole game description." },
  players: { doc: "Who plays." },
  item: { doc: "A piece of equipment: the board, piece types, counters, named regions." },
  board: { doc: "A board shape, built into a graph of sites." },
  region: { doc: "A set of sites.", atoms: [{ t: "name" }], atomDoc: "a site label (`e5`) or a region name (`centres`)" },
  rules: { doc: "The rules: start, turn structure, play and end." },
  turns: { doc: "The turn structure." },
  start: { doc: "A start-position instruction." },
  prelude: { doc: "Decisions made before the first turn." },
  moves: { doc: "A source of legal moves." },
  phase: { doc: "A phase of play: its moves, and when a player moves on to the next." },
  site: {
    doc: "One site of the board, read when the rule is evaluated; or no site at all (a site off the board, a piece that is not there). A test of no site is false (and its `not` true), a number of no site is 0, an effect on no site does nothing.",
    atoms: [{ t: "enum", values: [...SITE_NAMES] }, { t: "name" }],
    atomDoc: "`from`, `over`, `to` (in moves), `site` (in forall, exists, near, groups, through:), `last-from`, `last-to` (where the last decision moved from and to), or a site's label (`b2`, `store-e`): always that site",
  },
  bool: { doc: "A condition.", atoms: [{ t: "bool" }], atomDoc: "`true` or `false`" },
  int: { doc: "A whole number.", atoms: [{ t: "int" }], atomDoc: "a number" },
  effect: { doc: "A consequence run after a move." },
  end: { doc: "An end rule, checked in order after every decision." },
  outcome: { doc: "How an ended game is scored.", atoms: [{ t: "enum", values: ["draw"] }], atomDoc: "`draw`" },
};

/**
 * Every ludeme, the category files in turn. The order matters twice: within a category it is the
 * order of the reference (grammar/ludemes.md) and of the schema; and of two entries with one name
 * (`counter`, `flag`, `mark`, `supply`), the earlier is the one found when the slot does not tell.
 */
export const catalog: LudemeSpec[] = [
  ...structureLudemes,
  ...equipmentLudemes,
  ...boardLudemes,
  ...regionLudemes,
  ...setupLudemes,
  ...moveLudemes,
  ...siteLudemes,
  ...conditionLudemes,
  ...numberLudemes,
  ...effectLudemes,
  ...endLudemes,
];

/** Ludemes by category and name. `counter` exists twice (an item and an int), told apart by the slot. */
export function findLudeme(head: string, category?: Category): LudemeSpec | undefined {
  const all = catalog.filter((l) => l.name === head);
  if (category) return all.find((l) => l.category === category) ?? all[0];
  return all[0];
}

export function ludemeNames(): string[] {
  return [...new Set(catalog.map((l) => l.name))];
}

/** A stable key for a catalog entry: `name` or `name@category` when the name is shared. */
export function ludemeKey(l: LudemeSpec): string {
  return catalog.filter((o) => o.name === l.name).length > 1 ? `${l.name}@${l.category}` : l.name;
}

/**
 * For a ludeme whose name has another entry (the `sow` move and the `sow` effect), when that one's
 * argument of the same name takes something else: where it belongs, as a hint.
 */
export function otherReading(spec: LudemeSpec, arg: string): string {
  for (const other of catalog) {
    if (other.name !== spec.name || other === spec) continue;
    const mine = spec.params.find((p) => p.name === arg), theirs = other.params.find((p) => p.name === arg);
    if (!mine || theirs?.type.t !== "cat" || mine.type.t !== "cat" || theirs.type.cat === mine.type.cat) continue;
    return ` -- (${spec.name} ...) here is the ${spec.category === "moves" ? "move" : spec.category}, whose ${arg}: is ${anArticle(mine.type.cat)} '${mine.type.cat}'; the ${other.category === "moves" ? "move" : other.category} (${spec.name} ...)${other.category === "effect" ? ", in a move's consequences," : ""} takes ${anArticle(theirs.type.cat)} '${theirs.type.cat}'`;
  }
  return "";
}

const anArticle = (word: string): string => (/^[aeiou]/.test(word) ? "an" : "a");
