/**
 * What a description says about showing its game to people, read from the bound IR: counter
 * labels, flag words, end reasons and ranking labels, and a few facts the views need (does the
 * game keep scores, can stacks occur, which piece types are only ever neutral). Nothing here
 * changes how the game plays.
 *
 * End reasons are generated from the end rule's condition where it is simple (a player without
 * pieces or moves, a counter or the turn compared with a number); an end rule's `reason:` replaces
 * the generated text, and is the only text for conditions too intricate to put in words.
 */
import type { Json } from "../lang/bind.js";
import type { Presentation, ReasonPart } from "../engine/play/rules.js";
import { isNode, type CompileContext, type IrNode } from "./context.js";
import { seatRegionsOf } from "./seats.js";
import { compileRegion } from "./builders/regions.js";
import type { State } from "../engine/state/state.js";

/** Reads the presentation attributes of the equipment and scans the rules for what views need. */
export function presentationOf(ir: IrNode, cx: CompileContext): Presentation {
  const items = (ir.equipment as Json[]).filter(isNode);
  // One label per counter slot: a counter per player shows each player's under the player's name.
  const counterLabels = items.filter((n) => n.ludeme === "counter").flatMap((n) => {
    const label = typeof n.shown === "string" ? n.shown : null;
    if (n.per !== "player") return [label];
    return Array.from({ length: cx.playerCount }, (_, p) => (label === null ? null : `${cx.playerNames[p] ?? `P${p + 1}`} ${label}`));
  });
  const flagWords = items.filter((n) => n.ludeme === "flag").map((n) => (typeof n.word === "string" ? n.word : (n.name as string)));
  let scored = false, stacks = false;
  const neutral = new Set<string>(), owned = new Set<string>();
  walk(ir, (n) => {
    if (n.ludeme === "add-score" || n.ludeme === "score") scored = true;
    if ((n.ludeme === "slide" && !wholeToEmpty(n)) || (n.ludeme === "place" && typeof n.height === "number" && n.height > 1)) stacks = true;
    if (n.ludeme === "add" && n.owner === "neutral") neutral.add(n.piece as string);
    else if (n.ludeme === "add" || n.ludeme === "place" || n.ludeme === "put") owned.add(n.piece as string);
    else if (n.ludeme === "shoot") (n.owner === "neutral" ? neutral : owned).add(n.shot as string);
    else if (n.ludeme === "move-along" && n.owner === "neutral") for (const t of (n.piece as string[] | undefined) ?? []) neutral.add(t);
    else if (n.ludeme === "deal") for (const k of Object.keys(n)) if (k !== "ludeme" && k !== "at" && k !== "flags") owned.add(k);
  });
  const neutralPieces = cx.pieces.flatMap((p, i) => (neutral.has(p.name) && !owned.has(p.name) ? [i] : []));
  const drawn = items.find((n) => n.ludeme === "board")?.drawn;
  const boardDrawing = drawn === "cells" || drawn === "points" ? drawn : null;
  const at = (ir.equipment as Json[]).findIndex((n) => isNode(n) && n.ludeme === "board");
  const board = at >= 0 ? (ir.equipment as IrNode[])[at]! : undefined;
  // Read once every region of the equipment is known, so that a declared region may be marked.
  const markedSites = board?.marked !== undefined ? [...compileRegion(board.marked, `/equipment/${at}/marked`, cx)] : [];
  const seatZones = Array.from({ length: cx.playerCount }, (_, p) => [...new Set([...seatRegionsOf(cx).values()].flatMap((lists) => Array.from(lists[p] ?? [])))].sort((a, b) => a - b));
  const tracks = [...cx.tracks].flatMap(([name, t]) => {
    if (t.failed) return [];
    // A track every seat shares is one array in every seat's place.
    const shared = t.sites.length > 0 && t.sites.every((sites) => sites === t.sites[0]);
    if (shared) return t.sites[0] ? [{ name, seat: -1, sites: [...t.sites[0]], loop: t.loop }] : [];
    return t.sites.flatMap((sites, seat) => (sites ? [{ name, seat, sites: [...sites], loop: t.loop }] : []));
  });
  return { counterLabels, flagWords, scored, stacks, neutralPieces, boardDrawing, seatZones, markedSites, tracks, inCheck: checkOf(ir, cx) };
}

/** The sites of the royal pieces (the types `in-check` names) that stand attacked, for drawing check. */
function checkOf(ir: IrNode, cx: CompileContext): (s: State) => number[] {
  const royal = new Set<number>();
  walk(ir, (n) => {
    if (n.ludeme === "in-check" && typeof n.piece === "string") {
      const t = cx.pieces.findIndex((p) => p.name === n.piece);
      if (t >= 0) royal.add(t);
    }
  });
  if (!royal.size) return () => [];
  const players = cx.playerCount;
  // The game's attack test, which knows the play rules once they are compiled (before any drawing).
  const attacks = cx.attackTest();
  return (s) => {
    const out: number[] = [];
    for (let site = 0; site < s.owner.length; site++) {
      const owner = s.owner[site]!;
      if (owner >= 0 && owner < players && royal.has(s.piece[site]!) && attacks.attackedByOthers(s, site, owner, players, s.piece[site]!)) out.push(site);
    }
    return out;
  };
}

function walk(v: Json, visit: (n: IrNode) => void): void {
  if (Array.isArray(v)) for (const x of v) walk(x, visit);
  else if (v && typeof v === "object") {
    if (isNode(v)) visit(v);
    for (const x of Object.values(v)) walk(x, visit);
  }
}

/** The reason of end rule `index` (`rule` is its `(if ...)` node): its `reason:`, or generated. */
export function endReasonOf(rule: IrNode, index: number, ptr: string, cx: CompileContext, shown: Presentation, seat?: number): ReasonPart[] {
  // One seat's rule of a for-each-player: `player` (and `{player}`) is that seat.
  describedSeat = seat ?? -1;
  try {
    if (typeof rule.reason === "string") return reasonTemplate(rule.reason, `${ptr}/reason`, cx);
    const d = describeBool(rule.cond!, cx, shown);
    return d && "parts" in d ? d.parts : [`end rule ${index + 1}`];
  } finally {
    describedSeat = -1;
  }
}

/** The seat `player` names while a for-each-player rule's reason is written (-1: none). */
let describedSeat = -1;

const PLAYER_WORDS = ["mover", "next", "opponent"] as const;

/** `{mover} captured a king` as parts; an unknown `{name}` is an error. */
function reasonTemplate(text: string, ptr: string, cx: CompileContext): ReasonPart[] {
  const parts: ReasonPart[] = [];
  let last = 0;
  for (const m of text.matchAll(/\{([^{}]*)\}/g)) {
    if (m.index! > last) parts.push(text.slice(last, m.index));
    const word = m[1]!.trim();
    const player = PLAYER_WORDS.find((w) => w === word);
    if (player) parts.push({ player });
    else if (word === "player" && describedSeat >= 0) parts.push({ seat: describedSeat });
    else cx.fail("M001", `the reason names '{${m[1]}}', which is not a player the end rules know`, ptr, describedSeat >= 0 ? "{player}, {mover}, {next} or {opponent}" : "{mover}, {next} or {opponent}");
    last = m.index! + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** A described condition, or one whose value is known (e.g. an option's guard `(> 100 0)`). */
type BoolDesc = { parts: ReasonPart[] } | { constant: boolean } | null;

const COMPARISONS: Record<string, { test: (a: number, b: number) => boolean; words: string; flipped: string }> = {
  ">=": { test: (a, b) => a >= b, words: "reached", flipped: "fell to" },
  ">": { test: (a, b) => a > b, words: "passed", flipped: "fell below" },
  "<=": { test: (a, b) => a <= b, words: "fell to", flipped: "reached" },
  "<": { test: (a, b) => a < b, words: "fell below", flipped: "passed" },
  "=": { test: (a, b) => a === b, words: "is", flipped: "is" },
  "!=": { test: (a, b) => a !== b, words: "is not", flipped: "is not" },
};

function describeBool(v: Json, cx: CompileContext, shown: Presentation): BoolDesc {
  if (typeof v === "boolean") return { constant: v };
  if (!isNode(v)) return null;
  switch (v.ludeme) {
    case "no-pieces":
    case "no-moves": {
      const who = playerPart(v.player as string, cx);
      return who ? { parts: [who, v.ludeme === "no-pieces" ? " has no pieces left" : " has no legal move"] } : null;
    }
    case "and":
    case "or":
      return junction(v.ludeme, (v[v.ludeme === "and" ? "all" : "any"] as Json[]).map((x) => describeBool(x, cx, shown)));
  }
  const cmp = COMPARISONS[v.ludeme];
  if (!cmp) return null;
  const { a, b } = v;
  if (typeof a === "number" && typeof b === "number") return { constant: cmp.test(a, b) };
  // A quantity compared with a number, written either way round.
  const [quantity, limit, words] = typeof b === "number" ? [a!, b, cmp.words] : typeof a === "number" ? [b!, a, cmp.flipped] : [null, 0, ""];
  const q = quantity === null ? null : describeInt(quantity, cx, shown);
  return q ? { parts: [...q, ` ${words} ${limit}`] } : null;
}

/**
 * `and` / `or` of described parts. Parts whose value is known drop out (an option's guard such as
 * `(> 100 0)`); a rule switched off by one (`(> 0 0)`) never fires, so its text never shows.
 */
function junction(op: "and" | "or", parts: BoolDesc[]): BoolDesc {
  const kept: ReasonPart[][] = [];
  for (const p of parts) {
    if (p === null) return null;
    if ("parts" in p) kept.push(p.parts);
  }
  if (kept.length === 0) return { constant: op === "and" ? parts.every((p) => p && "constant" in p && p.constant) : parts.some((p) => p && "constant" in p && p.constant) };
  return { parts: kept.flatMap((k, i) => (i === 0 ? k : [` ${op} `, ...k])) };
}

/** A number an end condition reads, in words: a counter (by its shown label), the turn, a score or supply. */
function describeInt(v: Json, cx: CompileContext, shown: Presentation): ReasonPart[] | null {
  if (!isNode(v)) return null;
  switch (v.ludeme) {
    case "counter": {
      const counter = cx.counterInfo.get(v.name as string);
      if (!counter) return null;
      const label = counter.shown ?? (v.name as string);
      if (!counter.perPlayer) return [label];
      const who = playerPart((v.of as string | undefined) ?? "mover", cx);
      return who ? [who, `'s ${label}`] : null;
    }
    case "turn":
      return ["the turn number"];
    case "score":
    case "supply": {
      const who = playerPart(v.player as string, cx);
      return who ? [who, `'s ${v.ludeme}`] : null;
    }
  }
  return null;
}

/** A player reference of an end rule as a reason part (null for `player`, bound only inside ranked). */
function playerPart(name: string, cx: CompileContext): ReasonPart | null {
  const word = PLAYER_WORDS.find((w) => w === name);
  if (word) return { player: word };
  if (name === "player") return describedSeat >= 0 ? { seat: describedSeat } : null;
  const m = /^P(\d+)$/i.exec(name);
  const seat = m ? Number(m[1]) - 1 : cx.playerNames.indexOf(name);
  return seat >= 0 && seat < cx.playerCount ? { seat } : null;
}

/** Names of a ranked outcome's numbers: its `labels:`, else generated per key. */
export function rankingLabels(ranked: IrNode, ptr: string, cx: CompileContext, shown: Presentation): string[] {
  const keys = ranked.keys as Json[];
  const labels = ranked.labels as string[] | undefined;
  if (labels) {
    if (labels.length !== keys.length) cx.fail("M004", `${labels.length} labels for ${keys.length} numbers`, `${ptr}/labels`, `one label per number (${keys.length})`);
    return keys.map((_, i) => labels[i] ?? `tie-break ${i}`);
  }
  return keys.map((k, i) => describeKey(k, cx, shown) ?? (i === 0 ? "rank" : `tie-break ${i}`));
}

/** A ranking number in words, when it is one of the simple per-player quantities. */
function describeKey(v: Json, cx: CompileContext, shown: Presentation): string | null {
  if (!isNode(v)) return null;
  const ofPlayer = (c: Json) => isNode(c) && c.ludeme === "owner" && c.site === "site" && c.player === "player" && c.level === undefined;
  switch (v.ludeme) {
    case "score":
    case "supply":
      return v.player === "player" ? v.ludeme : null;
    case "count-sites":
      return ofPlayer(v.cond!) ? "pieces on the board" : null;
    case "max-over":
    case "min-over": {
      const value = v.value, word = v.ludeme === "max-over" ? "highest" : "lowest";
      return ofPlayer(v.cond!) && isNode(value) && value.ludeme === "attr" && value.of === "site" ? `${word} ${value.name as string}` : null;
    }
    case "counter": {
      const counter = cx.counterInfo.get(v.name as string);
      if (!counter || (counter.perPlayer && v.of !== "player")) return null;
      return counter.shown ?? (v.name as string);
    }
  }
  return null;
}

/** A slide of whole stacks onto empty sites only (a queen's move): it never makes a stack. */
function wholeToEmpty(n: IrNode): boolean {
  const to = n.to;
  return (n.take === undefined || n.take === "all") && isNode(to) && to.ludeme === "empty" && to.site === "to";
}
