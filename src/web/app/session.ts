/**
 * A game kept so that nothing played is lost: in the page's address (reload, back and forward, a
 * link) and in the browser's local storage (the last game of each description, offered again when
 * it is opened from the library).
 *
 * The address holds what replays the game: its options, who sits at each seat, the seed, and the
 * decisions in notation (throws of the dice follow from the seed). With face-down pieces the seed
 * deals them, so while such a game goes on the address holds instead the name of a deal kept in
 * this browser only: a link or a screenshot of the address tells no one what lies face down.
 */
import type { Game } from "../../engine/play/game.js";
import type { Move } from "../../engine/moves/moves.js";
import { parseSeed, type Seed } from "../../engine/state/rng.js";
import type { State } from "../../engine/state/state.js";

export interface KeptGame {
  options: Record<string, string>;
  /** Each seat's player: `human` or an agent spec. */
  seats: string[];
  /** The seed; absent while a game with face-down pieces goes on (see `deal`). */
  seed?: Seed;
  /** Where this browser keeps the seed of a game with face-down pieces still going on. */
  deal?: string;
  /** The decisions made, in notation (no throws of the dice). */
  moves: string[];
}

/** Option values go under `o.NAME`, seats under `p1`, `p2` ..., so no option name can clash with them. */
const OPTION = "o.";

/** The address's query of a kept game (after the `?` of `#/play/NAME?...`). */
export function queryOf(k: KeptGame): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(k.options)) q.set(`${OPTION}${name}`, value);
  k.seats.forEach((seat, p) => q.set(`p${p + 1}`, seat));
  if (k.seed !== undefined) q.set("seed", String(k.seed));
  else if (k.deal !== undefined) q.set("deal", k.deal);
  if (k.moves.length) q.set("moves", k.moves.join(" "));
  return q.toString();
}

/** A query that only presets options, for a new game (`o.NAME=VALUE&...`). */
export function presetQuery(options: Record<string, string>): string {
  return new URLSearchParams(Object.entries(options).map(([name, value]) => [`${OPTION}${name}`, value])).toString();
}

/** The options a query presets (`o.NAME=VALUE`). */
export function optionsOfQuery(query: string): Record<string, string> {
  const options: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query)) if (key.startsWith(OPTION)) options[key.slice(OPTION.length)] = value;
  return options;
}

/** The kept game a query names, or null when it names none (no seats); a bad seed is an error a person reads. */
export function keptFromQuery(query: string): KeptGame | null {
  const q = new URLSearchParams(query);
  const seats: string[] = [];
  for (let p = 1; q.has(`p${p}`); p++) seats.push(q.get(`p${p}`)!);
  if (!seats.length) return null;
  const options = optionsOfQuery(query);
  const moves = (q.get("moves") ?? "").split(" ").filter((m) => m !== "");
  const seedText = q.get("seed");
  if (seedText !== null) {
    const seed = parseSeed(seedText);
    if (seed === undefined) throw new Error(`The address's seed '${seedText.slice(0, 40)}' is not a seed: a whole number, or 0x and up to 32 hex digits.`);
    return { options, seats, seed, moves };
  }
  const deal = q.get("deal");
  return deal !== null ? { options, seats, deal, moves } : { options, seats, moves };
}

/** A fresh name for a deal kept in this browser. */
export function newDealName(): string {
  const words = globalThis.crypto.getRandomValues(new Uint32Array(2));
  return Array.from(words, (w) => w.toString(36)).join("");
}

/** What the browser keeps (local storage); every access survives storage being refused or full. */
const store = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Private browsing or a full store: the game goes on, only not across a reload.
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};

const dealKey = (deal: string) => `ludex.deal.${deal}`;
export const readDeal = (deal: string): Seed | undefined => parseSeed(store.get(dealKey(deal)) ?? "");
export const writeDeal = (deal: string, seed: Seed): void => store.set(dealKey(deal), String(seed));

/** The last game of a description (by the address's page, e.g. `play/NAME`), as its query. */
const lastKey = (page: string) => `ludex.last.${page}`;
export const readLast = (page: string): string | null => store.get(lastKey(page));
export const writeLast = (page: string, query: string): void => store.set(lastKey(page), query);
export const forgetLast = (page: string): void => store.remove(lastKey(page));

/** A description from this computer (a file, or the editor's), kept under a name made from its text. */
export interface LocalDescription {
  name: string;
  description: string;
  /** What it extends, by the name it gives them (fetched from the library). */
  files: Record<string, string>;
}
const localKey = (id: string) => `ludex.local.${id}`;

/** Keeps a description from this computer and returns the name the address gives it. */
export function keepLocal(d: LocalDescription): string {
  const id = textId(`${d.name}\n${d.description}`);
  store.set(localKey(id), JSON.stringify(d));
  return id;
}

/** The description kept under `id`, or null. */
export function readLocal(id: string): LocalDescription | null {
  try {
    const d = JSON.parse(store.get(localKey(id)) ?? "null") as LocalDescription | null;
    return d && typeof d.description === "string" && typeof d.name === "string" ? { ...d, files: d.files ?? {} } : null;
  } catch {
    return null;
  }
}

/** 16 hex digits naming a text (two FNV-1a hashes): one browser's few descriptions never share one. */
function textId(text: string): string {
  let a = 0x811c9dc5, b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return [a, b].map((h) => (h >>> 0).toString(16).padStart(8, "0")).join("");
}

/**
 * The positions a kept game's decisions reach from `start`: each decision parsed in its position,
 * the dice thrown by the game's own generator where a throw is due (as the table throws them).
 * Stops at the first decision that is not legal, saying which.
 */
export function replayDecisions(game: Game, start: State, notations: readonly string[]): { states: State[]; moves: Move[]; error?: string } {
  const states = [start];
  const moves: Move[] = [];
  const throwDice = () => {
    for (let s = states[states.length - 1]!; game.isChance(s); s = states[states.length - 1]!) {
      const thrown = game.drawChance(s)!;
      states.push(game.apply(s, thrown));
      moves.push(thrown);
    }
  };
  throwDice();
  for (const [i, notation] of notations.entries()) {
    const s = states[states.length - 1]!;
    const m = s.over ? null : game.parseMove(s, notation);
    if (!m) return { states, moves, error: `move ${i + 1} of the address, '${notation.slice(0, 40)}', is not legal there: the game is shown as far as it goes` };
    states.push(game.apply(s, m));
    moves.push(m);
    throwDice();
  }
  return { states, moves };
}
