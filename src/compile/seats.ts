/**
 * Per-seat data of a compiled description that rules read at play time: seat regions (one region
 * per seat under one name), the sites visited in the current turn, and the places of players who
 * have finished. Each lives in the compile context's tables or in rule memory words, made on
 * first use, so games that never use them pay nothing.
 */
import { placeWordCount } from "../engine/play/places.js";
import type { Json } from "../lang/bind.js";
import type { Ctx } from "../engine/play/rules.js";
import type { State } from "../engine/state/state.js";
import { isNode, type CompileContext } from "./context.js";
import { compilePlayer } from "./expression.js";

const seatRegionTables = new WeakMap<CompileContext, Map<string, Int32Array[]>>();

/** The seat regions declared so far, by name: one site list per seat. */
export function seatRegionsOf(cx: CompileContext): Map<string, Int32Array[]> {
  let m = seatRegionTables.get(cx);
  if (!m) seatRegionTables.set(cx, (m = new Map()));
  return m;
}

/** The seat regions of this name, or undefined with a diagnostic. */
export function seatRegions(name: string, ptr: string, cx: CompileContext): Int32Array[] | undefined {
  const all = seatRegionsOf(cx);
  const lists = all.get(name);
  if (!lists) cx.fail("M001", `no seat regions '${name}'`, ptr, all.size ? `one of: ${[...all.keys()].join(", ")}` : "regions declared with (seat-regions name {...})");
  return lists;
}

/** Whether a player reference names a fixed seat (`P2`, or a seat's display name). */
export function isSeatName(name: string, cx: CompileContext): boolean {
  return /^P\d+$/i.test(name) || cx.playerNames.includes(name);
}

/** A region that changes with the player: every seat's sites, and which seat to read. */
export interface PlayerRegion {
  lists: Int32Array[];
  who: (s: State, c: Ctx) => number;
}

/** `(region-of name mover)` and the like (not a fixed seat): the per-seat lists; null for any other region. */
export function playerRegion(v: Json, ptr: string, cx: CompileContext): PlayerRegion | null {
  if (!isNode(v) || v.ludeme !== "region-of" || isSeatName(v.player as string, cx)) return null;
  const lists = seatRegions(v.name as string, `${ptr}/name`, cx) ?? Array.from({ length: cx.playerCount }, () => new Int32Array(0));
  return { lists, who: compilePlayer(v.player as string, `${ptr}/player`, cx) };
}

const visitedBases = new WeakMap<CompileContext, number>();

/**
 * The rule-memory words holding, as a bitset, the sites marked by `(visit ...)` in the current
 * turn; emptied after the decision that ends a turn.
 */
export function visitedWords(cx: CompileContext): number {
  const known = visitedBases.get(cx);
  if (known !== undefined) return known;
  const base = cx.memoryInit.length;
  const words = Math.ceil(cx.topology!.n / 32);
  for (let w = 0; w < words; w++) cx.memoryInit.push(0);
  visitedBases.set(cx, base);
  cx.moveHooks.push((s) => {
    if (s.actionInTurn < s.actionsInTurn) return;
    const m = s.memory;
    for (let w = 0; w < words; w++) m[base + w] = 0;
  });
  return base;
}

const placeBases = new WeakMap<CompileContext, number>();

/**
 * The rule-memory words holding each player's place once out of play (1 = first; 0 = still
 * playing), and the two words that tell which players took theirs together (engine/play/places.ts).
 */
export function placeWords(cx: CompileContext): number {
  const known = placeBases.get(cx);
  if (known !== undefined) return known;
  const base = cx.memoryInit.length;
  for (let w = 0; w < placeWordCount(cx.playerCount); w++) cx.memoryInit.push(0);
  placeBases.set(cx, base);
  return base;
}

/** The place words, or -1 when no rule lets players finish. */
export function placeWordsIfAny(cx: CompileContext): number {
  return placeBases.get(cx) ?? -1;
}

const nextTurnBases = new WeakMap<CompileContext, number>();

/**
 * The rule-memory word naming the player whose turn comes next, set by `(next-turn P)` (the seat
 * plus one; 0 when the turn goes round in seat order).
 */
export function nextTurnWord(cx: CompileContext): number {
  const known = nextTurnBases.get(cx);
  if (known !== undefined) return known;
  const word = cx.memoryInit.length;
  cx.memoryInit.push(0);
  nextTurnBases.set(cx, word);
  return word;
}

/** The next-turn word, or -1 when no rule chooses who plays next. */
export function nextTurnWordIfAny(cx: CompileContext): number {
  return nextTurnBases.get(cx) ?? -1;
}
