/**
 * Diagnostics: every problem found in a description, with a stable code, a location and what
 * was expected there. Stages collect diagnostics instead of throwing, so one run reports all
 * errors of a file.
 */
import type { Span } from "./ast.js";

export type Severity = "error" | "warning";

/**
 * Stable codes, grouped by stage. Tests and tools may rely on them; never renumber.
 *  L: lexing, P: parsing, X: expansion (defines, options, extends), B: binding to the catalog,
 *  S: schema validation, M: semantic checks, C: compilation, F: the file itself.
 */
export type DiagnosticCode =
  | "F001" // the description file cannot be found or read (missing, a directory, no permission, endless)
  | "L001" // unexpected character
  | "L002" // unterminated string
  | "L003" // unterminated block comment
  | "L004" // number too large
  | "L005" // file too large
  | "P001" // unexpected token
  | "P002" // missing closing bracket
  | "P003" // unexpected end of file
  | "X001" // unknown macro parameter / wrong argument count
  | "X002" // unknown option
  | "X003" // bad option value
  | "X004" // extends: file not found / cycle
  | "X005" // duplicate define / option
  | "X006" // expansion too deep (recursive define)
  | "B001" // unknown ludeme
  | "B002" // too many positional arguments
  | "B003" // duplicate argument
  | "B004" // a form where a value was expected, or the reverse
  | "S001" // schema: wrong type / missing argument / bad value
  | "M001" // undefined name (piece, player, counter, site, region ...)
  | "M002" // inconsistent players
  | "M003" // duplicate definition
  | "M004" // semantic constraint violated
  | "M005" // beyond a size limit (board sites, pieces, players; see lang/limits.ts)
  | "C001" // compilation failed
  | "W001" // warning: an effect that can never act where it stands
  | "W002"; // warning: a rule that can pass a play limit (see limits.ts)

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  /** What would have been valid at this place, when it can be said. */
  expected?: string;
  span?: Span;
  /** Further locations, e.g. the macro call sites a node was expanded from. */
  related?: { message: string; span: Span }[];
}

export function error(code: DiagnosticCode, message: string, span?: Span, expected?: string): Diagnostic {
  return { code, severity: "error", message, span, expected };
}

export function hasErrors(diags: readonly Diagnostic[]): boolean {
  return diags.some((d) => d.severity === "error");
}

/**
 * Renders a diagnostic the way a designer reads it:
 *
 *   games/x.game:12:7: error S001: argument 'rank' of (piece ...) must be a number
 *      12 |   (piece soldier rank:"one")
 *         |                       ^^^^^
 *     expected: a number
 */
export function formatDiagnostic(d: Diagnostic, sources: ReadonlyMap<string, string> | ((file: string) => string | undefined)): string {
  const lookup = typeof sources === "function" ? sources : (f: string) => sources.get(f);
  const where = d.span ? `${d.span.file}:${d.span.line}:${d.span.col}: ` : "";
  const lines = [`${where}${d.severity} ${d.code}: ${d.message}`];
  if (d.span) lines.push(...excerpt(d.span, lookup(d.span.file)));
  if (d.expected) lines.push(`    expected: ${d.expected}`);
  for (const r of d.related ?? []) {
    lines.push(`  ${r.span.file}:${r.span.line}:${r.span.col}: note: ${r.message}`);
  }
  return lines.join("\n");
}

/** Characters of a source line shown in an excerpt; a longer line is cut around the error, with "...". */
const EXCERPT_WIDTH = 160;

function excerpt(span: Span, text: string | undefined): string[] {
  if (text === undefined) return [];
  const sourceLine = lineOf(text, span.line);
  if (sourceLine === undefined) return [];
  const gutter = String(span.line).padStart(5);
  // The window of the line shown: all of it, or EXCERPT_WIDTH characters starting a little before the error.
  const from = sourceLine.length <= EXCERPT_WIDTH ? 0 : Math.max(0, Math.min(span.col - 1 - 40, sourceLine.length - EXCERPT_WIDTH));
  const to = Math.min(sourceLine.length, from + (sourceLine.length <= EXCERPT_WIDTH ? sourceLine.length : EXCERPT_WIDTH));
  const before = from > 0 ? "..." : "", after = to < sourceLine.length ? "..." : "";
  const shown = `${before}${sourceLine.slice(from, to)}${after}`;
  const lastCol = span.endLine === span.line ? span.endCol : sourceLine.length + 1;
  const width = Math.max(1, Math.min(lastCol, to + 1) - span.col);
  const pad = (before + sourceLine.slice(from, span.col - 1)).replace(/[^\t]/g, " ");
  return [`${gutter} | ${shown}`, `${" ".repeat(gutter.length)} | ${pad}${"^".repeat(width)}`];
}

/** Line `n` (from 1) of the text, without splitting all of it (a file may be one long line, or many). */
function lineOf(text: string, n: number): string | undefined {
  let start = 0;
  for (let line = 1; line < n; line++) {
    const next = text.indexOf("\n", start);
    if (next < 0) return undefined;
    start = next + 1;
  }
  const end = text.indexOf("\n", start);
  return text.slice(start, end < 0 ? text.length : end).replace(/\r$/, "");
}

/** A span covering two spans (from the start of `a` to the end of `b`). */
export function joinSpans(a: Span, b: Span): Span {
  return { ...a, endOffset: b.endOffset, endLine: b.endLine, endCol: b.endCol };
}
