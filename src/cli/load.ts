/**
 * Loading a description with `--option` values: compiling it and reporting its diagnostics.
 * Commands import this module lazily (`await import("./load.js")`): the compiler and its parser
 * take a noticeable time to load, which `--help` and usage errors should not pay.
 */
import { compileGame } from "../compile/index.js";
import type { Game } from "../engine/play/game.js";
import { formatDiagnostic, type Diagnostic } from "../lang/diagnostics.js";
import { resolveGameRef, unknownGameMessage } from "../library/builtin.js";
import { readDescriptionFile } from "../library/files.js";
import { CliError, log, usageError } from "./common.js";

/** Option diagnostics (unknown option, bad value) come from the command line, not from the file. */
export function isOptionDiagnostic(d: Diagnostic): boolean {
  return (d.code === "X002" || d.code === "X003") && !d.span;
}

export function optionMessage(d: Diagnostic): string {
  return `--option: ${d.message}${d.expected ? ` (expected ${d.expected})` : ""}`;
}

export interface Compiled {
  game?: Game;
  /** Every diagnostic, formatted with file:line:col, source line and caret. */
  report: string[];
  /** The same diagnostics as data, with the texts they point into. */
  diagnostics: Diagnostic[];
  sources: Map<string, string>;
  errors: number;
  warnings: number;
}

/**
 * Compiles a description file or a built-in game by name (a file of that name wins). A missing
 * game is a CliError (exit 1); errors that are only about the `--option` values are a usage error
 * (exit 2). Other diagnostics are returned formatted.
 */
export function compileFile(ref: string, options: Record<string, string> = {}): Compiled {
  const found = resolveGameRef(ref);
  if (!found) throw new CliError(unknownGameMessage(ref));
  const path = found.path;
  const read = readDescriptionFile(path);
  if ("error" in read) throw new CliError(`cannot read description '${path}': ${read.error}`);
  const text = read.text;
  const r = compileGame(text, { file: path, options });
  if (r.game && found.builtin) r.game.source.builtin = found.builtin;
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  if (errors.length && errors.every(isOptionDiagnostic)) {
    throw usageError(errors.map(optionMessage).join("\nludex: "));
  }
  return {
    game: r.game,
    report: r.diagnostics.map((d) => formatDiagnostic(d, r.sources)),
    diagnostics: r.diagnostics,
    sources: r.sources,
    errors: errors.length,
    warnings: r.diagnostics.length - errors.length,
  };
}

/** Compiles a description for a command that needs the game: diagnostics go to stderr, errors end the command (exit 1). */
export function loadGameFile(ref: string, options: Record<string, string> = {}): Game {
  const c = compileFile(ref, options);
  for (const line of c.report) log(line);
  if (!c.game) throw new CliError(`${ref}: ${c.errors} error(s) in the description`);
  return c.game;
}
