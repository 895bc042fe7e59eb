/**
 * `ludex validate FILE... [--json]`: compiles each description and reports `FILE: ok` or its
 * diagnostics; with `--json`, one `ludex-diagnostics/1` document (grammar/formats.md) for editors
 * and scripts. The exit code is the same either way: 0 when every file is valid, 1 otherwise.
 */
import type { Command } from "commander";
import type { Span } from "../lang/ast.js";
import { formatDiagnostic, type Diagnostic } from "../lang/diagnostics.js";
import { CliError, EXIT_FAILURE, examples, GAME_ARG_HELP, out, withGameOptions } from "./common.js";

export const DIAGNOSTICS_FORMAT = "ludex-diagnostics/1";

/** The code of a diagnostic about the file itself (it cannot be read), outside the compiler's codes. */
const UNREADABLE = "F001";

interface ValidateOptions {
  json?: boolean;
  option?: Record<string, string>;
}

/** The outcome of checking one file. */
interface Checked {
  file: string;
  valid: boolean;
  diagnostics: Diagnostic[];
  /** File texts read (the file and what it extends), for rendering diagnostics. */
  sources: ReadonlyMap<string, string>;
  /** Set when the file could not be read at all. */
  unreadable?: string;
}

export function registerValidate(program: Command): void {
  const cmd = program
    .command("validate")
    .description("check game descriptions: prints 'FILE: ok' or every diagnostic (exit 1 if any file is invalid)")
    .argument("<game...>", "built-in game names (see `ludex list`) or description files (.game)")
    .option("--json", `print the diagnostics as one JSON document (format ${DIAGNOSTICS_FORMAT})`);
  withGameOptions(cmd);
  examples(cmd, [
    "ludex validate games/NAME.game",
    "ludex validate games/*.game",
    "ludex validate games/NAME.game --option NAME=VALUE",
    "ludex validate games/NAME.game --json",
  ]);
  cmd.action(async (files: string[], opts: ValidateOptions) => {
    const results: Checked[] = [];
    for (const file of files) {
      const r = await checkFile(file, opts.option ?? {});
      results.push(r);
      if (!opts.json) printText(r);
    }
    if (opts.json) out(JSON.stringify(diagnosticsDocument(results), null, 2));
    const failed = results.filter((r) => !r.valid).length;
    if (failed) throw new CliError(files.length > 1 ? `${failed} of ${files.length} files invalid` : "");
  });
}

/**
 * Compiles one description, given as a file or a built-in game's name (as every command takes
 * them, see load.ts). A description that cannot be read is a result (the other files are still
 * checked); errors that are only about the `--option` values are a usage error and end the run
 * (exit 2). This follows load.ts's compileFile, which gives formatted diagnostics only; JSON needs
 * the diagnostics themselves.
 */
async function checkFile(ref: string, options: Record<string, string>): Promise<Checked> {
  const { compileFile } = await import("./load.js");
  try {
    const c = compileFile(ref, options);
    return { file: ref, valid: c.game !== undefined, diagnostics: c.diagnostics, sources: c.sources };
  } catch (e) {
    // A missing or unreadable file is reported with the others; a bad --option still ends the run (exit 2).
    if (!(e instanceof CliError) || e.exitCode !== EXIT_FAILURE) throw e;
    return { file: ref, valid: false, diagnostics: [], sources: new Map(), unreadable: e.message };
  }
}

function printText(r: Checked): void {
  if (r.unreadable) return out(`${r.file}: ${r.unreadable}`);
  for (const d of r.diagnostics) out(formatDiagnostic(d, r.sources));
  const { errors, warnings } = counts(r);
  if (r.valid) out(`${r.file}: ok${warnings ? ` (${warnings} warning${warnings > 1 ? "s" : ""})` : ""}`);
  else out(`${r.file}: ${errors} error${errors > 1 ? "s" : ""}`);
}

function counts(r: Checked): { errors: number; warnings: number } {
  if (r.unreadable) return { errors: 1, warnings: 0 };
  const errors = r.diagnostics.filter((d) => d.severity === "error").length;
  return { errors, warnings: r.diagnostics.length - errors };
}

// --- ludex-diagnostics/1 ---

/** A place in a file: 1-based lines and columns, 0-based offsets; ends are exclusive. */
export interface PlaceJson {
  file: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  offset?: number;
  endOffset?: number;
}

export interface DiagnosticJson extends PlaceJson {
  code: string;
  severity: "error" | "warning";
  message: string;
  expected?: string;
  related?: (PlaceJson & { message: string })[];
}

export interface FileJson {
  file: string;
  valid: boolean;
  errors: number;
  warnings: number;
  diagnostics: DiagnosticJson[];
}

/** The `ludex-diagnostics/1` document. */
export interface DiagnosticsJson {
  format: string;
  valid: boolean;
  files: FileJson[];
}

function diagnosticsDocument(results: Checked[]): DiagnosticsJson {
  return { format: DIAGNOSTICS_FORMAT, valid: results.every((r) => r.valid), files: results.map(fileJson) };
}

function fileJson(r: Checked): FileJson {
  const diagnostics = r.unreadable
    ? [{ code: UNREADABLE, severity: "error" as const, message: r.unreadable, file: r.file }]
    : r.diagnostics.map((d) => diagnosticJson(d, r.file));
  return { file: r.file, valid: r.valid, ...counts(r), diagnostics };
}

/** A diagnostic without a place (e.g. an internal compiler error) is put on the file checked. */
function diagnosticJson(d: Diagnostic, file: string): DiagnosticJson {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    ...(d.expected !== undefined ? { expected: d.expected } : {}),
    ...(d.span ? placeJson(d.span) : { file }),
    ...(d.related?.length ? { related: d.related.map((r) => ({ message: r.message, ...placeJson(r.span) })) } : {}),
  };
}

function placeJson(s: Span): PlaceJson {
  return { file: s.file, line: s.line, column: s.col, endLine: s.endLine, endColumn: s.endCol, offset: s.startOffset, endOffset: s.endOffset };
}
