/**
 * `ludex validate --json`: diagnostics as data (format `ludex-diagnostics/1`, grammar/formats.md),
 * through the built command line. The exit codes are those of the text output.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { DiagnosticJson, DiagnosticsJson, PlaceJson } from "../src/cli/validate.js";
import { ludex, noStackTrace, root, tempFile, type Run } from "./support/cli.js";

const dablot = "games/dablot.game";
const dablotText = readFileSync(join(root, dablot), "utf8");
const games = readdirSync(join(root, "games"))
  .filter((f) => f.endsWith(".game"))
  .map((f) => `games/${f}`);

/** The document printed on stdout: the whole of stdout must be one JSON value. */
function document(r: Run): DiagnosticsJson {
  return JSON.parse(r.stdout) as DiagnosticsJson;
}

/** The source text a diagnostic's offsets cover. */
function covered(text: string, d: PlaceJson): string {
  return text.slice(d.offset, d.endOffset);
}

/** The line and column of an offset, counted as the format says (1-based, UTF-16 code units). */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

describe.concurrent("ludex validate --json", () => {
  it("a valid description: format name, valid, no diagnostics, exit 0, nothing else on stdout", async () => {
    const r = await ludex(["validate", dablot, "--json"]);
    expect(r.code).toBe(0);
    expect(document(r)).toEqual({
      format: "ludex-diagnostics/1",
      valid: true,
      files: [{ file: dablot, valid: true, errors: 0, warnings: 0, diagnostics: [] }],
    });
    expect(r.stderr).toBe("");
  });

  it("every shipped game is valid", async () => {
    const r = await ludex(["validate", ...games, "--json"]);
    expect(r.code).toBe(0);
    const doc = document(r);
    expect(doc.files.map((f) => f.file)).toEqual(games);
    for (const f of doc.files) expect(f, f.file).toMatchObject({ valid: true, errors: 0, diagnostics: [] });
  });

  it("errors carry code, severity, message, expected and a place that points at the offending text (exit 1)", async () => {
    const text = dablotText.replace("(piece prince rank:2)", '(piece prince rank:"two")').replace("(no-moves next)", "(no-movez next)");
    const broken = tempFile("broken.game", text);
    const r = await ludex(["validate", broken, "--json"]);
    expect(r.code).toBe(1);
    noStackTrace(r);
    const [f] = document(r).files;
    expect(f).toMatchObject({ file: broken, valid: false, errors: 2, warnings: 0 });
    const [schema, unknown] = f!.diagnostics;
    expect(schema).toMatchObject({ code: "S001", severity: "error", expected: "a number", file: broken });
    expect(schema!.message).toContain("rank");
    expect(covered(text, schema!)).toBe('"two"');
    expect(unknown).toMatchObject({ code: "B001", severity: "error", file: broken });
    expect(unknown!.message).toContain("no-movez");
    expect(covered(text, unknown!)).toContain("no-movez");
    // Lines and columns agree with the offsets; ends are exclusive.
    for (const d of f!.diagnostics) {
      expect(lineColumn(text, d.offset!)).toEqual({ line: d.line, column: d.column });
      expect(lineColumn(text, d.endOffset!)).toEqual({ line: d.endLine, column: d.endColumn });
    }
  });

  it("a syntax error is placed too", async () => {
    const text = '(game "X"\n  (players 2)\n  (equipment { (board (square 3 3)) ]\n';
    const broken = tempFile("syntax.game", text);
    const r = await ludex(["validate", broken, "--json"]);
    expect(r.code).toBe(1);
    const d = document(r).files[0]!.diagnostics[0]!;
    expect(d.code).toMatch(/^[LP]\d{3}$/);
    expect(d).toMatchObject({ severity: "error", file: broken, line: 3 });
  });

  it("further places come as related, each with its message", async () => {
    const text = dablotText.replace("(players 2", '(define "Twice" 1)\n  (define "Twice" 2)\n  (players 2');
    const twice = tempFile("twice.game", text);
    const r = await ludex(["validate", twice, "--json"]);
    expect(r.code).toBe(1);
    const d = document(r).files[0]!.diagnostics.find((x) => x.code === "X005");
    expect(d, r.stdout).toBeDefined();
    expect(covered(text, d!)).toBe('"Twice"');
    expect(d!.related).toHaveLength(1);
    const first = d!.related![0]!;
    expect(first.message).toBe("first defined here");
    expect(first.file).toBe(twice);
    expect(first.offset!).toBeLessThan(d!.offset!);
    expect(covered(text, first)).toContain('"Twice" 1');
  });

  it("a diagnostic in an extended file names that file", async () => {
    const base = tempFile("base.game", dablotText.replace("(piece prince rank:2)", '(piece prince rank:"two")'));
    const variant = tempFile("variant.game", '(game "Variant"\n  (extends "base.game"))\n');
    const r = await ludex(["validate", variant, "--json"]);
    expect(r.code).toBe(1);
    const f = document(r).files[0]!;
    expect(f.file).toBe(variant);
    expect(f.diagnostics).toHaveLength(1);
    expect(f.diagnostics[0]!.file).toBe(base);
  });

  it("several files: one entry each in order; an unreadable one is F001 without a place; overall valid is false", async () => {
    const r = await ludex(["validate", dablot, "no/such.game", "--json"]);
    expect(r.code).toBe(1);
    const doc = document(r);
    expect(doc.valid).toBe(false);
    expect(doc.files.map((f) => [f.file, f.valid])).toEqual([
      [dablot, true],
      ["no/such.game", false],
    ]);
    const missing = doc.files[1]!;
    expect(missing).toMatchObject({ errors: 1, warnings: 0 });
    expect(missing.diagnostics).toEqual([{ code: "F001", severity: "error", message: expect.stringContaining("no such file"), file: "no/such.game" }]);
    noStackTrace(r);
  });

  it("a bad --option stays a usage error (exit 2): a message on stderr, no document", async () => {
    const r = await ludex(["validate", dablot, "--json", "--option", "nope=1"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("unknown option 'nope'");
  });

  it("without --json the text output is unchanged", async () => {
    const r = await ludex(["validate", dablot, "no/such.game"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${dablot}: ok`);
    expect(r.stdout).toContain("no/such.game: cannot read description 'no/such.game': no such file");
    expect(() => JSON.parse(r.stdout)).toThrow();
  });

  it("grammar/formats.md documents every field the document has", async () => {
    // Between them, these files give every field: a related place, an expected value, no place.
    const twice = tempFile("fields-twice.game", dablotText.replace("(players 2", '(define "Twice" 1)\n  (define "Twice" 2)\n  (players 2'));
    const wrongType = tempFile("fields-type.game", dablotText.replace("(piece prince rank:2)", '(piece prince rank:"two")'));
    const r = await ludex(["validate", twice, wrongType, "no/such.game", "--json"]);
    const doc = readFileSync(join(root, "grammar", "formats.md"), "utf8");
    const section = doc.slice(doc.indexOf("## Diagnostics (`ludex-diagnostics/1`)"), doc.indexOf("\n## ", doc.indexOf("## Diagnostics") + 1));
    const keys = new Set<string>();
    const collect = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(collect);
      else if (v && typeof v === "object")
        for (const [k, x] of Object.entries(v)) {
          keys.add(k);
          collect(x);
        }
    };
    collect(document(r));
    for (const k of ["expected", "related", "line", "endOffset"]) expect(keys, k).toContain(k);
    for (const k of keys) expect(section, `field '${k}' of ludex-diagnostics/1`).toContain(`\`${k}\``);
  });

  it("validate's help names the format", async () => {
    const r = await ludex(["validate", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("--json");
    expect(r.stdout).toContain("ludex-diagnostics/1");
  });
});
