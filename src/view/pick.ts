/**
 * Choosing a move by clicking sites, for any game: the rules of which clicks name which moves,
 * apart from any page, so that the browser board (and its tests) and anything else that picks
 * moves by pointing share them.
 *
 *  - A site with moves starting there selects it; its moves' first landings are the targets.
 *  - A target extends the selection; a move whose landings are all clicked is played. Chains
 *    (a draughts capture over several landings) are clicked landing by landing; where a chain
 *    could stop or go on, the stops are offered beside the board.
 *  - A site that is not the next landing but where chains end or pass picks from those chains
 *    (a shortcut for long chains).
 *  - The selected site again: the moves that only name it (lifting a piece off, say).
 *  - A site alone: moves with no origin that land there (placements, drops, blocks), or moves
 *    that only name it (a removal).
 *  - A piece in the hand: takes it up; the sites it may be dropped on are the targets, and a click
 *    on one drops it there (a drop can also be made by clicking its site alone).
 * Several moves named by the same clicks (a promotion's choice, how many pieces of a stack
 * travel) are offered as a menu.
 */
import type { Move } from "../engine/moves/moves.js";

/**
 * The clicks so far: the site a move starts at (or null), and the landings clicked after it; or a
 * piece type taken up from the hand, to be dropped where the next click says.
 */
export interface Pick {
  from: string | null;
  path: readonly string[];
  piece?: string;
}

export const NO_PICK: Pick = { from: null, path: [] };

export type PickResult =
  /** Play this move. */
  | { kind: "play"; move: Move }
  /** Several moves fit the clicks: let the player choose. */
  | { kind: "choose"; moves: Move[] }
  /** Wait for the next click; `stops` are moves that end where the clicks stand (a chain that may stop). */
  | { kind: "select"; pick: Pick; stops: Move[] }
  /** The clicks name no move: start again. */
  | { kind: "none" };

/** Every landing of a move in order: its path, or its destination. */
export function landings(m: Move): readonly string[] {
  return m.path ?? (m.to !== undefined ? [m.to] : []);
}

/** The moves still possible after the clicks so far. */
export function candidates(legal: readonly Move[], pick: Pick): Move[] {
  if (pick.from === null) return [];
  return legal.filter((m) => m.from === pick.from && startsWith(landings(m), pick.path));
}

/** The sites a next click may land on (to highlight). */
export function targets(legal: readonly Move[], pick: Pick): Set<string> {
  const out = new Set<string>();
  if (pick.piece !== undefined) {
    for (const m of drops(legal, pick.piece)) out.add(m.to!);
    return out;
  }
  for (const m of candidates(legal, pick)) {
    const next = landings(m)[pick.path.length];
    if (next !== undefined) out.add(next);
  }
  return out;
}

/**
 * The sites one click decides on, before anything is selected: the site a placement, a choice or
 * a removal names (a move with no origin, or one that lifts a piece where it stands). They are
 * highlighted so that a person sees where to play (a piece's moves show once it is selected).
 */
export function singleClicks(legal: readonly Move[]): Set<string> {
  const out = new Set<string>();
  for (const m of legal) {
    if (m.from === undefined && m.to !== undefined) out.add(m.to);
    else if (m.from !== undefined && m.to === undefined) out.add(m.from);
  }
  return out;
}

/**
 * The selection to start a decision with: the piece, when every move of the decision moves that
 * one piece to somewhere (the next hop of a capture under way, say); else none.
 */
export function initialPick(legal: readonly Move[]): Pick {
  const from = legal[0]?.from;
  if (from === undefined) return NO_PICK;
  for (const m of legal) if (m.from !== from || m.to === undefined) return NO_PICK;
  return { from, path: [] };
}

/** A move that brings a piece of a named type onto the board from off it: a drop (from the hand, in a game with hands). */
export function isDrop(m: Move): m is Move & { to: string; piece: string } {
  return m.from === undefined && m.to !== undefined && m.piece !== undefined;
}

/** The drops of pieces of this type. */
function drops(legal: readonly Move[], piece: string): Move[] {
  return legal.filter((m) => isDrop(m) && m.piece === piece);
}

/** The types in hand the player may drop now (to highlight in their hand). */
export function handClicks(legal: readonly Move[]): Set<string> {
  const out = new Set<string>();
  for (const m of legal) if (isDrop(m)) out.add(m.piece);
  return out;
}

/** What a click on a piece in the hand does: takes it up (its drops' sites become the targets); taken up already, puts it back. */
export function clickHand(legal: readonly Move[], pick: Pick, piece: string): PickResult {
  if (pick.piece === piece) return { kind: "select", pick: NO_PICK, stops: [] };
  return drops(legal, piece).length ? { kind: "select", pick: { from: null, path: [], piece }, stops: [] } : { kind: "none" };
}

/** What a click on `site` does, given the legal moves and the clicks so far. */
export function clickSite(legal: readonly Move[], pick: Pick, site: string): PickResult {
  if (pick.piece !== undefined) {
    const here = drops(legal, pick.piece).filter((m) => m.to === site);
    if (here.length) return decide(here);
    // Not a place for the piece taken up: a fresh first click.
  }
  if (pick.from !== null) {
    const going = candidates(legal, pick);
    const next = going.filter((m) => landings(m)[pick.path.length] === site);
    if (next.length) {
      const path = [...pick.path, site];
      const complete = next.filter((m) => landings(m).length === path.length);
      if (complete.length === next.length) return decide(complete);
      return { kind: "select", pick: { from: pick.from, path }, stops: complete };
    }
    // The selected site again, before any landing: the moves that only name it.
    if (site === pick.from && pick.path.length === 0) {
      const here = legal.filter((m) => m.from === site && m.to === undefined);
      return here.length ? decide(here) : { kind: "none" };
    }
    // A later landing of some chains: the chains that end there, else those that pass there.
    const ending = going.filter((m) => m.to === site);
    if (ending.length) return decide(ending);
    const passing = going.filter((m) => landings(m).slice(pick.path.length).includes(site));
    if (passing.length) return decide(passing);
    // Not a landing of the selected piece: a fresh first click.
  }
  const fromHere = legal.filter((m) => m.from === site);
  if (fromHere.length && fromHere.every((m) => m.to === undefined)) return decide(fromHere);
  if (fromHere.length) return { kind: "select", pick: { from: site, path: [] }, stops: [] };
  const landingHere = legal.filter((m) => m.from === undefined && m.to === site);
  return landingHere.length ? decide(landingHere) : { kind: "none" };
}

function decide(moves: Move[]): PickResult {
  return moves.length === 1 ? { kind: "play", move: moves[0]! } : { kind: "choose", moves };
}

function startsWith(a: readonly string[], prefix: readonly string[]): boolean {
  if (prefix.length > a.length) return false;
  for (let i = 0; i < prefix.length; i++) if (a[i] !== prefix[i]) return false;
  return true;
}

/**
 * A move as a menu or a button names it: its notation, and what it does where the notation has
 * signs of its own ("*f2: drop", "#f2: block", the move's kind from the description). Plain
 * sites, steps and captures (`c1`, `d1-c1`, `e4xd5`), the same with a number the player chose
 * (`b1:5`, a menu of how many seeds to sow) and a bare word (`pass`) need no words.
 */
export function moveLabel(m: Move): string {
  const kind = m.kind.replace(/-/g, " ");
  if (!m.notation || m.notation === kind) return m.notation || kind;
  return /^[a-z]+\d+([-x][a-z]+\d+)*(:-?\d+)?$/i.test(m.notation) ? m.notation : `${m.notation}: ${kind}`;
}
