/**
 * The whole pipeline, text to Game: parse, expand, bind, validate against the schema, compile.
 * Every stage adds diagnostics; compilation stops before the engine when any stage found errors.
 */
import { readDescriptionFile } from "../library/files.js";
import { MAX_DIAGNOSTICS } from "../limits.js";
import { dirname, resolve } from "node:path";
import { bindGame } from "../lang/bind.js";
import type { Category } from "../lang/catalog.js";
import { error, hasErrors, type Diagnostic } from "../lang/diagnostics.js";
import type { Span } from "../lang/ast.js";
import { expand, type OptionDecl } from "../lang/expand.js";
import { parseText } from "../lang/parser.js";
import { validateIr } from "../lang/schema.js";
import { Game } from "../engine/play/game.js";
import { closuresByDefault, specializeRules } from "../engine/compiled/specialize.js";
import { resolveGameRef, unknownGameMessage } from "../library/builtin.js";
import { shownPath } from "../library/untrusted.js";
import { descriptionHash } from "./fingerprint.js";
import { CompileContext, type IrNode } from "./context.js";
import { boardBuilders } from "./builders/boards.js";
import { boolBuilders } from "./builders/conditions.js";
import { effectBuilders } from "./builders/effects.js";
import { endBuilders, outcomeBuilders } from "./builders/end.js";
import { itemBuilders } from "./builders/equipment.js";
import { movesBuilders } from "./builders/moves.js";
import { intBuilders } from "./builders/numbers.js";
import { regionBuilders } from "./builders/regions.js";
import { preludeBuilders, startBuilders } from "./builders/setup.js";
import { siteBuilders } from "./builders/sites.js";
import { compileGameIr, STRUCTURAL } from "./builders/structure.js";

export interface CompileOptions {
  file?: string;
  /** Description options (`--option name=value`). */
  options?: Record<string, string | number | boolean>;
  /** Reads files named by `(extends ...)`; defaults to the file system, relative to the including file. */
  readFile?: (path: string, from: string) => { path: string; text: string } | { error: string } | undefined;
  /**
   * Run every rule on its closures, the reference, instead of compiled code (engine/compiled/).
   * Default: `LUDEX_CLOSURES=1` in the environment says so (the CLI's `--closures` sets it).
   */
  closures?: boolean;
}

export interface CompileResult {
  game?: Game;
  diagnostics: Diagnostic[];
  /** File texts read, for rendering diagnostics. */
  sources: Map<string, string>;
  /** The options the description declares (for `--help`-style listings). */
  options: OptionDecl[];
  /** The option whose value is the number of players (`(players $name)`), when there is one. */
  playersOption?: string;
}

/**
 * Compiles a description's text: the game, or diagnostics that say what is wrong and where. Never
 * throws, whatever the text (see src/limits.ts).
 */
export function compileGame(text: string, opts: CompileOptions = {}): CompileResult {
  const result = compileStages(text, opts);
  return { ...result, diagnostics: atMostMaxDiagnostics(result.diagnostics) };
}

/**
 * The first MAX_DIAGNOSTICS diagnostics, and one more saying how many were left out (a file of
 * stray characters would otherwise list each, at length, in the editor and the terminal).
 */
function atMostMaxDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  if (diagnostics.length <= MAX_DIAGNOSTICS) return diagnostics;
  const next = diagnostics[MAX_DIAGNOSTICS]!;
  const more = diagnostics.length - MAX_DIAGNOSTICS;
  const note = { ...next, message: `${more} more problem(s) from here on, not listed (the first is: ${next.message})`, expected: undefined, related: undefined };
  return [...diagnostics.slice(0, MAX_DIAGNOSTICS), note];
}

function compileStages(text: string, opts: CompileOptions): CompileResult {
  const file = opts.file ?? "<input>";
  const parsed = parseText(text, file);
  const sources = new Map([[file, text]]);
  if (hasErrors(parsed.diagnostics)) return { diagnostics: parsed.diagnostics, sources, options: [] };

  const expanded = guarded(file, () => expand({ file: parsed.file, options: opts.options, readFile: opts.readFile ?? readFromDisk }));
  if ("failure" in expanded) return { diagnostics: [...parsed.diagnostics, expanded.failure], sources, options: [] };
  const diagnostics = [...parsed.diagnostics, ...expanded.diagnostics];
  const result: CompileResult = { diagnostics, sources: expanded.sources, options: expanded.options, playersOption: expanded.playersOption };
  if (!expanded.game || hasErrors(diagnostics)) return result;
  const gameSpan = expanded.game.span;

  const binding = guarded(file, () => bindGame(expanded.game!), gameSpan);
  if ("failure" in binding) return { ...result, diagnostics: [...diagnostics, binding.failure] };
  const bound = binding;
  // Schema errors are reported alongside binding errors (all errors of a file in one run), except
  // at nodes that already failed to bind.
  const schema = guarded(file, () => validateIr(bound.ir, bound.spans, bound.failed), gameSpan);
  for (const d of sortByPlace([...bound.diagnostics, ...("failure" in schema ? [schema.failure] : schema)])) diagnostics.push(d);
  if (hasErrors(diagnostics)) return result;

  const cx = new CompileContext(bound.spans, bound.origins);
  const compiled = guarded(file, () => compileGameIr(bound.ir as IrNode, cx, expanded.optionValues), gameSpan);
  // The errors the compiler had raised come first: a failure after them is most likely their consequence.
  for (const d of sortByPlace(cx.diagnostics)) diagnostics.push(d);
  if (compiled && "failure" in compiled) {
    if (!hasErrors(cx.diagnostics)) diagnostics.push(compiled.failure);
    return result;
  }
  const def = compiled;
  if (!def || hasErrors(diagnostics)) return result;
  if (!(opts.closures ?? closuresByDefault())) def.compilation = specializeRules(def);
  return { ...result, game: new Game(def, { file, hash: descriptionHash(bound.ir) }) };
}

/**
 * Compiles a game given by a path to a .game file or by the name of a built-in game (the .game file's name without its extension).
 * Throws a GameLoadError carrying the diagnostics when the description has errors, and its kind
 * GameNotFoundError (one F001) when it is neither a readable file nor a built-in game.
 */
export function loadGame(ref: string, opts: Omit<CompileOptions, "file"> = {}): Game {
  const found = resolveGameRef(ref);
  if (!found) throw new GameNotFoundError(ref, unknownGameMessage(ref));
  const read = readDescriptionFile(found.path);
  if ("error" in read) throw new GameNotFoundError(ref, `cannot read '${shownPath(found.path)}': ${read.error}`);
  const r = compileGame(read.text, { ...opts, file: found.path });
  if (!r.game) throw new GameLoadError(r.diagnostics, r.sources);
  if (found.builtin) r.game.source.builtin = found.builtin;
  return r.game;
}

/**
 * Why `loadGame` gave no game: its diagnostics (render them with formatDiagnostic and `sources`).
 * The one error type loadGame throws; GameNotFoundError is the case of a file that cannot be read.
 */
export class GameLoadError extends Error {
  constructor(
    readonly diagnostics: Diagnostic[],
    readonly sources: Map<string, string>,
    message = `${diagnostics.filter((d) => d.severity === "error").length} error(s) in the description`,
  ) {
    super(message);
  }
}

/** Neither a readable description file nor a built-in game: one F001 diagnostic (without a place: there is no text). */
export class GameNotFoundError extends GameLoadError {
  constructor(
    readonly ref: string,
    message: string,
  ) {
    super([error("F001", message)], new Map(), message);
  }
}

/**
 * Runs a stage of compilation; an exception (a shape the earlier stages let through) becomes an
 * internal-error diagnostic at the game form, so no description makes compileGame throw.
 */
function guarded<T>(file: string, stage: () => T, at?: Span): T | { failure: Diagnostic } {
  try {
    return stage();
  } catch (e) {
    const span = at ?? { file, line: 1, col: 1, endLine: 1, endCol: 1, startOffset: 0, endOffset: 0 };
    const why = e instanceof RangeError && /call stack/.test(e.message) ? "the description is nested too deeply" : (e as Error).message;
    return { failure: { code: "C001", severity: "error", message: `internal compiler error: ${why}`, span } };
  }
}

function sortByPlace(list: Diagnostic[]): Diagnostic[] {
  const key = (d: Diagnostic) => (d.span ? [d.span.file, d.span.startOffset] : ["", -1]) as [string, number];
  return [...list].sort((a, b) => {
    const [fa, oa] = key(a), [fb, ob] = key(b);
    return fa === fb ? oa - ob : fa < fb ? -1 : 1;
  });
}

function readFromDisk(path: string, from: string): { path: string; text: string } | { error: string } {
  const full = resolve(dirname(from), path);
  const r = readDescriptionFile(full);
  return "error" in r ? r : { path: full, text: r.text };
}

/** Every (name, category) the compiler can build; a test keeps it equal to the catalog. */
export function compiledLudemes(): [string, Category][] {
  const tables: [Record<string, unknown>, Category][] = [
    [itemBuilders, "item"],
    [boardBuilders, "board"],
    [regionBuilders, "region"],
    [startBuilders, "start"],
    [preludeBuilders, "prelude"],
    [movesBuilders, "moves"],
    [siteBuilders, "site"],
    [boolBuilders, "bool"],
    [intBuilders, "int"],
    [effectBuilders, "effect"],
    [endBuilders, "end"],
    [outcomeBuilders, "outcome"],
  ];
  return [...STRUCTURAL, ...tables.flatMap(([t, c]) => Object.keys(t).map((k) => [k, c] as [string, Category]))];
}
