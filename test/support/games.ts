/**
 * Helpers shared by the ludeme tests: small inline descriptions built into games, reading and
 * playing positions by site label and move notation, and the errors of descriptions that must
 * not compile.
 */
import { expect } from "vitest";
import { compileGame, type CompileOptions } from "../../src/compile/index.js";
import { formatDiagnostic, type Diagnostic } from "../../src/lang/diagnostics.js";
import type { Game } from "../../src/engine/play/game.js";
import type { Move } from "../../src/engine/moves/moves.js";
import type { State } from "../../src/engine/state/state.js";
import { describeSite, type SitePiece } from "../../src/engine/state/position.js";
import { siteIndex } from "../../src/engine/board/topology.js";
import { seedRng } from "../../src/engine/state/rng.js";

export interface Spec {
  players?: number;
  /** Board shape, default `(square 3 3)`. */
  board?: string;
  /** Equipment after the board and the pieces `man` and `block`. */
  items?: string;
  start?: string;
  play: string;
  end?: string;
  /** Further named rules arguments (turns:, prelude:, after-action:, after-turn:). */
  rules?: string;
}

/** The description text of a spec. */
export function text(sp: Spec): string {
  return `(game "T" (players ${sp.players ?? 2})
  (equipment {(board ${sp.board ?? "(square 3 3)"}) (piece man) (piece block) ${sp.items ?? ""}})
  (rules
    (start {${sp.start ?? ""}})
    (play ${sp.play})
    (end {${sp.end ?? ""}})
    ${sp.rules ?? ""}))`;
}

/** Compiles a spec (or a whole description); a description with errors fails the test with them. */
export function build(sp: Spec | string, opts: CompileOptions = {}): Game {
  const src = typeof sp === "string" ? sp : text(sp);
  const r = compileGame(src, { file: "t.game", ...opts });
  if (!r.game) throw new Error(r.diagnostics.map((d) => formatDiagnostic(d, r.sources)).join("\n"));
  return r.game;
}

export function at(g: Game, label: string): number {
  const s = siteIndex(g.topology, label);
  if (s < 0) throw new Error(`no site ${label}`);
  return s;
}

export const site = (g: Game, s: State, label: string): SitePiece | null => describeSite(g, s, at(g, label));
export const notations = (g: Game, s: State): string[] => g.legalMoves(s).map((m) => m.notation).sort();

export function move(g: Game, s: State, notation: string): Move {
  const m = g.legalMoves(s).find((x) => x.notation === notation);
  if (!m) throw new Error(`${notation} is not legal; legal: ${notations(g, s).join(" ")}`);
  return m;
}

export const play = (g: Game, s: State, notation: string): State => g.apply(s, move(g, s, notation));
/** Plays a sequence of moves from `s`. */
export const playAll = (g: Game, s: State, list: string[]): State => list.reduce((st, n) => play(g, st, n), s);

export function man(owner: string, height = 1, flags: string[] = []): SitePiece {
  return { piece: "man", owner, height, flags };
}
export const block: SitePiece = { piece: "block", height: 1, flags: [] };

export const counter = (g: Game, s: State, name: string): number => s.counters[g.def.counters.indexOf(name)]!;

/** The same state with the identities (type and owner) under two sites exchanged. */
export function swapIdentities(s: State, a: number, b: number): State {
  const t = s.clone();
  [t.piece[a], t.piece[b]] = [s.piece[b]!, s.piece[a]!];
  [t.owner[a], t.owner[b]] = [s.owner[b]!, s.owner[a]!];
  t.touch();
  return t;
}

/** The errors of a description that must not compile. */
export function errorsOf(src: string, opts: CompileOptions = {}): Diagnostic[] {
  const r = compileGame(src, { file: "t.game", ...opts });
  expect(r.game, "the description compiled").toBeUndefined();
  return r.diagnostics.filter((d) => d.severity === "error");
}

/**
 * The only error of a description, checked to have `code` and to cover exactly the first `covers`
 * inside the first `context` (default: the first `covers` of the text).
 */
export function onlyError(src: string, code: string, covers: string, context = covers): Diagnostic {
  const errors = errorsOf(src);
  expect(errors.map((d) => `${d.code} ${d.message}`)).toHaveLength(1);
  const d = errors[0]!;
  expect(d.code).toBe(code);
  expect(d.span, `${d.code} ${d.message} has no span`).toBeDefined();
  expect(src.slice(d.span!.startOffset, d.span!.endOffset)).toBe(covers);
  expect(d.span!.startOffset).toBe(src.indexOf(context) + context.indexOf(covers));
  return d;
}

/**
 * Fast playouts draw one move without listing them all (the sources' `sample`): each legal move
 * must come as often as any other, and no other move ever. `draws` one-decision playouts from
 * `s`, each seeded apart, against the moves listed; returns how many there are.
 */
export function expectUniformDraws(g: Game, s: State, draws: number): number {
  const key = (t: State) => `${t.owner.join(",")}|${t.piece.join(",")}`;
  const listed = new Set(g.legalMoves(s).map((m) => key(g.apply(s, m))));
  const seen = new Map<string, number>();
  for (let seed = 1; seed <= draws; seed++) {
    const t = s.clone();
    seedRng(t.rng, seed);
    g.playout(t, 1);
    const k = key(t);
    expect(listed.has(k), "a drawn move is one of the legal moves").toBe(true);
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  expect(seen.size).toBe(listed.size);
  // Within five standard deviations of the expected count, for every move.
  const p = 1 / listed.size, expected = draws * p, sd = Math.sqrt(draws * p * (1 - p));
  for (const k of seen.values()) expect(Math.abs(k - expected)).toBeLessThan(5 * sd);
  return listed.size;
}
