/**
 * The scenario runner: plays the steps of `ludex-scenarios/1` files against a game and reports,
 * for each scenario, whether it passed and, if not, why.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { GameLoadError, loadGame } from "../compile/index.js";
import { formatDiagnostic } from "../lang/diagnostics.js";
import type { Game } from "../engine/play/game.js";
import type { Move } from "../engine/moves/moves.js";
import { describeSite, loadPosition, PositionError, playerIndex, playerName, type SitePiece } from "../engine/state/position.js";
import type { State } from "../engine/state/state.js";
import { readTextFile } from "../library/files.js";
import { parseJson } from "../library/untrusted.js";
import { MAX_RECORD_BYTES } from "../limits.js";
import { siteIndex } from "../engine/board/topology.js";
import { checkScenarioFile, type ActionSpec, type ResultSpec, type Scenario, type ScenarioFile, type Step, type Then } from "./format.js";

export interface ScenarioResult {
  id: string;
  passed: boolean;
  /** Why it failed: the step and what differed. */
  reason?: string;
}

export interface FileResult {
  file: string;
  game?: string;
  results: ScenarioResult[];
  /** A problem with the file itself (unreadable, malformed, unknown game). */
  error?: string;
}

export function runScenarioFile(path: string, gamesDir: string): FileResult {
  // Held to a record's size: the largest scenario files are a few hundred kilobytes.
  const read = readTextFile(path, MAX_RECORD_BYTES);
  if ("error" in read) return { file: path, results: [], error: `cannot read scenarios: ${read.error}` };
  const parsed = parseJson(read.text);
  if ("error" in parsed) return { file: path, results: [], error: `cannot read scenarios: not valid JSON (${parsed.error})` };
  const data = parsed.value;
  const problems = checkScenarioFile(data);
  if (problems.length) return { file: path, results: [], error: `not a valid scenario file:\n  ${problems.join("\n  ")}` };
  const sf = data as ScenarioFile;
  const gameFile = join(gamesDir, `${sf.game}.game`);
  if (!existsSync(gameFile)) return { file: path, game: sf.game, results: [], error: `no description for game '${sf.game}' (looked for ${gameFile})` };
  let game: Game;
  try {
    game = loadGame(gameFile, { options: sf.options ?? {} });
  } catch (e) {
    if (e instanceof GameLoadError) {
      return { file: path, game: sf.game, results: [], error: e.diagnostics.map((d) => formatDiagnostic(d, e.sources)).join("\n") };
    }
    throw e;
  }
  return { file: path, game: sf.game, results: sf.scenarios.map((sc) => runScenario(game, sc)) };
}

export function runScenario(game: Game, sc: Scenario): ScenarioResult {
  let s: State;
  try {
    s = sc.position ? loadPosition(game, sc.position) : game.newGame({ seed: 0 });
  } catch (e) {
    if (e instanceof PositionError) return { id: sc.id, passed: false, reason: `bad position: ${e.problems.join("; ")}` };
    throw e;
  }
  for (let i = 0; i < sc.steps.length; i++) {
    const outcome = runStep(game, s, sc.steps[i]!);
    if (typeof outcome === "string") return { id: sc.id, passed: false, reason: `step ${i + 1}: ${outcome}` };
    s = outcome;
  }
  return { id: sc.id, passed: true };
}

/** Runs one step; returns the state to go on from, or why the step failed. */
function runStep(game: Game, s: State, step: Step): State | string {
  const moves = game.legalMoves(s);
  if ("legal" in step) {
    const { includes = [], excludes = [], exactly } = step.legal;
    for (const a of [...includes, ...(exactly ?? [])]) {
      if (!moves.some((m) => matches(m, a))) return `expected a legal ${show(a)}; legal: ${list(moves)}`;
    }
    for (const a of excludes) {
      const hit = moves.find((m) => matches(m, a));
      if (hit) return `expected no legal ${show(a)}, but ${hit.notation} is legal`;
    }
    if (exactly) {
      const extra = moves.filter((m) => !exactly.some((a) => matches(m, a)));
      if (extra.length) return `legal moves beyond the expected ones: ${list(extra)}`;
    }
    return s;
  }
  const candidates = moves.filter((m) => matches(m, step.action));
  if (step.expect === "illegal") {
    if (candidates.length) return `expected ${show(step.action)} to be illegal, but ${candidates[0]!.notation} is legal`;
    const why = step.then ? checkThen(game, s, step.then) : [];
    return why.length ? `after the illegal ${show(step.action)}: ${why.join("; ")}` : s;
  }
  if (!candidates.length) return `expected ${show(step.action)} to be legal; legal: ${list(moves)}`;
  let firstFailure: string[] = [];
  for (const m of candidates) {
    const next = game.apply(s, m);
    const why = step.then ? checkThen(game, next, step.then) : [];
    if (!why.length) return next;
    if (!firstFailure.length) firstFailure = [`after ${m.notation}:`, ...why];
  }
  return firstFailure.join(" ");
}

export function matches(m: Move, a: ActionSpec): boolean {
  if (m.kind !== a.kind) return false;
  if (a.from !== undefined && !sameLabel(m.from, a.from)) return false;
  if (a.to !== undefined && !sameLabel(m.to, a.to)) return false;
  if (a.count !== undefined && m.count !== a.count) return false;
  if (a.piece !== undefined && m.piece !== a.piece) return false;
  if (a.promotion !== undefined && m.promotion !== a.promotion) return false;
  if (a.dice !== undefined && (m.dice === undefined || m.dice.join(",") !== a.dice.join(","))) return false;
  if (a.path !== undefined) {
    const p = m.path ?? (m.to ? [m.to] : []);
    if (p.length !== a.path.length || p.some((x, i) => !sameLabel(x, a.path![i]))) return false;
  }
  return true;
}

function sameLabel(a: string | undefined, b: string): boolean {
  return a !== undefined && a.toLowerCase() === b.toLowerCase();
}

/** Every way `s` differs from `then`, in words (empty: it holds). */
export function checkThen(game: Game, s: State, then: Then): string[] {
  const why: string[] = [];
  const topo = game.topology;
  const siteDiff = (label: string, want: SitePiece | null) => {
    const site = siteIndex(topo, label);
    if (site < 0) return why.push(`no site '${label}'`);
    const got = describeSite(game, s, site);
    if (!samePiece(got, want)) why.push(`${label} is ${showPiece(got)}, expected ${showPiece(want)}`);
  };
  for (const [label, want] of Object.entries(then.sites ?? {})) siteDiff(label, want);
  if (then.board) {
    for (const [label, want] of Object.entries(then.board)) siteDiff(label, want);
    const listed = new Set(Object.keys(then.board).map((l) => l.toLowerCase()));
    for (let i = 0; i < topo.n; i++) {
      if (!listed.has(topo.labels[i]!.toLowerCase()) && s.owner[i] !== -1) why.push(`${topo.labels[i]} holds ${showPiece(describeSite(game, s, i))}, expected empty`);
    }
  }
  if (then.mover !== undefined && !s.over && playerName(s.mover) !== then.mover) why.push(`mover is ${playerName(s.mover)}, expected ${then.mover}`);
  if (then.actionInTurn !== undefined && s.actionInTurn !== then.actionInTurn) why.push(`actionInTurn is ${s.actionInTurn}, expected ${then.actionInTurn}`);
  if (then.actionsInTurn !== undefined && s.actionsInTurn !== then.actionsInTurn) why.push(`actionsInTurn is ${s.actionsInTurn}, expected ${then.actionsInTurn}`);
  if (then.throwDue !== undefined && game.isChance(s) !== then.throwDue) why.push(then.throwDue ? "no throw of the dice is due, expected one" : "a throw of the dice is due, expected none");
  if (then.diceLeft !== undefined && Array.from(s.diceLeft).join(",") !== then.diceLeft.join(",")) why.push(`the dice allow ${Array.from(s.diceLeft).join(" ")} more moves, expected ${then.diceLeft.join(" ")}`);
  comparePerPlayer(game, "supply", s.supply, then.supply, why);
  comparePerPlayer(game, "score", s.score, then.scores, why);
  for (const [name, want] of Object.entries(then.counters ?? {})) {
    const i = game.def.counters.indexOf(name);
    if (i < 0) why.push(`no counter '${name}'`);
    else if (s.counters[i] !== want) why.push(`counter ${name} is ${s.counters[i]}, expected ${want}`);
  }
  for (const [name, perPlayer] of Object.entries(then.markers ?? {})) {
    const m = game.def.markers.indexOf(name);
    if (m < 0) {
      why.push(`no marker '${name}'`);
      continue;
    }
    for (const [pl, sites] of Object.entries(perPlayer)) {
      const p = playerIndex(game, pl);
      const got = topo.labels.filter((_, i) => p >= 0 && s.markers[s.markerIndex(m, p, i)]);
      const want = sites.map((x) => x.toLowerCase()).sort();
      if (got.map((x) => x.toLowerCase()).sort().join() !== want.join()) why.push(`marker ${name} of ${pl} is {${got.join(" ")}}, expected {${sites.join(" ")}}`);
    }
  }
  if (then.result !== undefined) {
    const got = resultOf(game, s);
    if (!sameResult(got, then.result)) why.push(`result is ${JSON.stringify(got)}, expected ${JSON.stringify(then.result)}`);
  }
  return why;
}

function comparePerPlayer(game: Game, what: string, got: Float64Array, want: Record<string, number> | undefined, why: string[]): void {
  for (const [pl, v] of Object.entries(want ?? {})) {
    const p = playerIndex(game, pl);
    if (p < 0) why.push(`${what}: no player ${pl}`);
    else if (got[p] !== v) why.push(`${what} of ${pl} is ${got[p]}, expected ${v}`);
  }
}

export function resultOf(game: Game, s: State): ResultSpec {
  // Scenarios speak of seats (P1 is the first seat, whoever plays it after a swap).
  const w = game.winnerSeats(s);
  if (w === null) return "ongoing";
  if (w.length === 0 || w.length === game.playerCount) return "draw";
  if (w.length === 1) return { winner: playerName(w[0]!) };
  return { winners: w.map(playerName) };
}

function sameResult(a: ResultSpec, b: ResultSpec): boolean {
  const norm = (r: ResultSpec) => (typeof r === "string" ? r : "winner" in r ? [r.winner] : [...r.winners].sort());
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

function samePiece(a: SitePiece | null, b: SitePiece | null): boolean {
  if (!a || !b) return a === b;
  return a.piece === b.piece && (a.owner ?? null) === (b.owner ?? null) && (a.height ?? (a.below ? a.below.length + 1 : 1)) === (b.height ?? (b.below ? b.below.length + 1 : 1)) && [...(a.flags ?? [])].sort().join() === [...(b.flags ?? [])].sort().join() && showBelow(a) === showBelow(b);
}

/** The pieces under the top of a mixed stack, bottom first, in words ("" for none or a plain pile). */
function showBelow(p: SitePiece): string {
  return (p.below ?? []).map((b) => `${b.owner ?? "neutral"} ${b.piece}`).join(", ");
}

function showPiece(p: SitePiece | null): string {
  if (!p) return "empty";
  const extra = [(p.height ?? 1) !== 1 ? `height ${p.height}` : "", (p.flags ?? []).length ? `flags ${p.flags!.join(",")}` : "", p.below ? `on ${showBelow(p)}` : ""].filter(Boolean).join(", ");
  return `${p.owner ?? "neutral"} ${p.piece}${extra ? ` (${extra})` : ""}`;
}

function show(a: ActionSpec): string {
  return JSON.stringify(a);
}

function list(moves: Move[]): string {
  return moves.length ? moves.map((m) => m.notation).join(" ") : "(none)";
}
