import { describe, it, expect } from "vitest";
import type { FormNode, ListNode, Node, Span } from "../src/lang/ast.js";
import type { Diagnostic } from "../src/lang/diagnostics.js";
import { syntaxDiagramsHtml } from "../src/lang/diagrams.js";
import { allTokens } from "../src/lang/lexer.js";
import { MAX_NESTING, parseText } from "../src/lang/parser.js";

/** Parses text that must be error-free. */
function parseOk(text: string): Node[] {
  const { file, diagnostics } = parseText(text, "t.game");
  expect(diagnostics).toEqual([]);
  return file.items;
}

function parseBad(text: string): Diagnostic[] {
  const { diagnostics } = parseText(text, "t.game");
  expect(diagnostics.length).toBeGreaterThan(0);
  return diagnostics;
}

/** A compact rendering of a node, to compare whole trees at a glance. */
function show(n: Node): string {
  switch (n.kind) {
    case "form":
      return `(${n.head}${n.args.map((a) => ` ${a.name !== undefined ? `${a.name}:` : ""}${show(a.value)}`).join("")})`;
    case "list":
      return `{${n.items.map(show).join(" ")}}`;
    case "string":
      return JSON.stringify(n.value);
    case "number":
      return `${n.text}=${n.value}`;
    case "ident":
      return n.name;
    case "param":
      return `#${n.index}`;
    case "optionRef":
      return `$${n.name}`;
  }
}

function form(n: Node | undefined): FormNode {
  expect(n?.kind).toBe("form");
  return n as FormNode;
}

/** The source text a span covers. */
function textOf(text: string, span: Span): string {
  return text.slice(span.startOffset, span.endOffset);
}

/** Line and column of a diagnostic, as "line:col". */
function at(d: Diagnostic): string {
  return `${d.span?.line}:${d.span?.col}`;
}

const DABLOT = `// Dablot, abridged
(game "Dablot"
  (players 2 names:{South North})
  (equipment { (board (square 6 7 diagonals:centres)) (piece soldier rank:1) })
  (define "Quiet" (counter quiet))     // macros; body may use #1 #2 ... parameters
  (option quietDraw default:0 doc:"plies")
  /* the end condition
     spans lines */
  (rules (end (if (>= (counter quiet) $quietDraw) draw)))
)
`;

describe("parseText: valid input", () => {
  it("parses a whole game", () => {
    const items = parseOk(DABLOT);
    expect(items.map(show)).toEqual([
      '(game "Dablot" (players 2=2 names:{South North}) (equipment {(board (square 6=6 7=7 diagonals:centres)) (piece soldier rank:1=1)})' +
        ' (define "Quiet" (counter quiet)) (option quietDraw default:0=0 doc:"plies") (rules (end (if (>= (counter quiet) $quietDraw) draw))))',
    ]);
  });

  it("parses several top-level nodes, including bare atoms", () => {
    expect(parseOk('(a) {1 2} x "s" 3').map(show)).toEqual(["(a)", "{1=1 2=2}", "x", '"s"', "3=3"]);
    expect(parseOk("")).toEqual([]);
    expect(parseOk("  // only a comment\n/* and a block */  ")).toEqual([]);
  });

  it("accepts a string as a form head (Ludii-style macro call)", () => {
    const f = form(parseOk('("Name" 1 2)')[0]);
    expect(f.head).toBe("Name");
    expect(show(f)).toBe("(Name 1=1 2=2)");
    expect(f.headSpan).toMatchObject({ startOffset: 1, endOffset: 7, col: 2, endCol: 8 });
  });

  it("unescapes strings", () => {
    const [s] = parseOk(String.raw`"a\"b\\c\nd\te"`);
    expect(s).toMatchObject({ kind: "string", value: 'a"b\\c\nd\te' });
  });

  it("reads numbers, negative and decimal, before operators", () => {
    const f = form(parseOk("(f -3 0.5 - 3 -x 10)")[0]);
    expect(f.args.map((a) => show(a.value))).toEqual(["-3=-3", "0.5=0.5", "-", "3=3", "-", "x", "10=10"]);
  });

  it("reads words with digits, dashes, dots and quotes as identifiers", () => {
    const f = form(parseOk("(f a1 k13 cp6 king's no-moves P1 a-3 x.y _u)")[0]);
    expect(f.args.map((a) => show(a.value))).toEqual(["a1", "k13", "cp6", "king's", "no-moves", "P1", "a-3", "x.y", "_u"]);
  });

  it("reads operators as identifiers, and `/` without eating comments", () => {
    const f = form(parseOk("(f <= >= != = < > + - * / % // gone\n after /* gone too */ end)")[0]);
    expect(f.args.map((a) => show(a.value))).toEqual(["<=", ">=", "!=", "=", "<", ">", "+", "-", "*", "/", "%", "after", "end"]);
  });

  it("reads macro parameters and option references", () => {
    const f = form(parseOk("(define X (f #1 #12 $quietDraw $a-b))")[0]);
    const inner = form(f.args[1]?.value);
    expect(inner.args.map((a) => a.value)).toMatchObject([
      { kind: "param", index: 1 },
      { kind: "param", index: 12 },
      { kind: "optionRef", name: "quietDraw" },
      { kind: "optionRef", name: "a-b" },
    ]);
  });

  it("reads named arguments, with whitespace allowed after the colon", () => {
    const f = form(parseOk("(piece x rank: 1 names:{a b} owner:(who) 7)")[0]);
    expect(f.args.map((a) => a.name)).toEqual([undefined, "rank", "names", "owner", undefined]);
    expect(show(f)).toBe("(piece x rank:1=1 names:{a b} owner:(who) 7=7)");
  });

  it("treats `name :` (space before the colon) as an error, not a named argument", () => {
    const diags = parseBad("(piece rank :1)");
    expect(diags[0]).toMatchObject({ code: "L001", message: "unexpected character ':'" });
  });

  it("nests forms and lists", () => {
    expect(parseOk("(a {(b {c {}}) x} (d (e (f))))").map(show)).toEqual(["(a {(b {c {}}) x} (d (e (f))))"]);
  });
});

describe("parseText: spans", () => {
  const text = '(game "G"\n  (piece soldier rank:1)\n  {a -3})';

  it("gives forms, heads and atoms exact spans", () => {
    const [game] = parseOk(text);
    const g = form(game);
    expect(g.span).toEqual({ file: "t.game", startOffset: 0, endOffset: text.length, line: 1, col: 1, endLine: 3, endCol: 10 });
    expect(g.headSpan).toMatchObject({ startOffset: 1, endOffset: 5, line: 1, col: 2, endLine: 1, endCol: 6 });

    const piece = form(g.args[1]?.value);
    expect(piece.span).toMatchObject({ line: 2, col: 3, endLine: 2, endCol: 25 });
    expect(textOf(text, piece.span)).toBe("(piece soldier rank:1)");

    const soldier = piece.args[0]!.value;
    expect(soldier.span).toMatchObject({ line: 2, col: 10, endLine: 2, endCol: 17 });
    expect(textOf(text, soldier.span)).toBe("soldier");
  });

  it("gives a named argument a name span without the colon, and its value its own span", () => {
    const piece = form(form(parseOk(text)[0]).args[1]?.value);
    const rank = piece.args[1]!;
    expect(rank.nameSpan).toMatchObject({ line: 2, col: 18, endLine: 2, endCol: 22 });
    expect(textOf(text, rank.nameSpan!)).toBe("rank");
    expect(rank.value.span).toMatchObject({ line: 2, col: 23, endCol: 24 });
    expect(textOf(text, rank.value.span)).toBe("1");
  });

  it("gives lists their bracket-to-bracket span and strings their quotes", () => {
    const g = form(parseOk(text)[0]);
    const list = g.args[2]!.value as ListNode;
    expect(list.kind).toBe("list");
    expect(textOf(text, list.span)).toBe("{a -3}");
    expect(list.span).toMatchObject({ line: 3, col: 3, endLine: 3, endCol: 9 });
    expect(textOf(text, list.items[1]!.span)).toBe("-3");
    expect(textOf(text, g.args[0]!.value.span)).toBe('"G"');
  });

  it("keeps the file name and text", () => {
    const { file } = parseText("(a)", "games/x.game");
    expect(file).toMatchObject({ file: "games/x.game", text: "(a)" });
    expect(form(file.items[0]).span.file).toBe("games/x.game");
  });
});

describe("parseText: lexical errors", () => {
  it("reports an unexpected character with a one-character span, and goes on", () => {
    const { file, diagnostics } = parseText("(piece\n  x @ y)", "t.game");
    expect(diagnostics).toHaveLength(1);
    const [d] = diagnostics;
    expect(d).toMatchObject({ code: "L001", severity: "error", message: "unexpected character '@'" });
    expect(d!.span).toMatchObject({ line: 2, col: 5, endLine: 2, endCol: 6 });
    expect(d!.expected).toBeTruthy();
    expect(show(file.items[0]!)).toBe("(piece x y)");
  });

  it("reports every bad character", () => {
    const diags = parseBad("(a ^ b & c)");
    expect(diags.map((d) => [d.code, at(d)])).toEqual([
      ["L001", "1:4"],
      ["L001", "1:8"],
    ]);
  });

  it("reports an unterminated string at its opening quote", () => {
    const diags = parseBad('(game\n  (piece "soldier\n  rank:1))');
    expect(diags).toHaveLength(1);
    expect(diags[0]).toMatchObject({ code: "L002" });
    expect(at(diags[0]!)).toBe("2:10");
    expect(diags[0]!.expected).toBeTruthy();
  });

  it("reports a string cut by the end of the file", () => {
    const diags = parseBad('(a "abc');
    expect(diags[0]).toMatchObject({ code: "L002" });
    expect(at(diags[0]!)).toBe("1:4");
  });

  it("reports an unterminated block comment at its start", () => {
    const diags = parseBad("(a)\n  /* never\n closed (b)");
    expect(diags).toHaveLength(1);
    expect(diags[0]).toMatchObject({ code: "L003" });
    expect(diags[0]!.span).toMatchObject({ line: 2, col: 3, endLine: 2, endCol: 5 });
    expect(diags[0]!.expected).toBeTruthy();
  });

  it("reports an unknown escape in a string and keeps the character", () => {
    const { file, diagnostics } = parseText(String.raw`(a "x\qy")`, "t.game");
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: "L001" });
    expect(at(diagnostics[0]!)).toBe("1:6");
    expect(show(file.items[0]!)).toBe('(a "xqy")');
  });
});

describe("parseText: syntax errors", () => {
  it("reports a missing ')' at the end of the file at the unclosed bracket", () => {
    const { file, diagnostics } = parseText("(game\n  (players 2)\n", "t.game");
    expect(diagnostics).toHaveLength(1);
    const [d] = diagnostics;
    expect(d).toMatchObject({ code: "P002" });
    expect(at(d!)).toBe("1:1");
    expect(d!.message).toContain("opened at 1:1");
    expect(d!.expected).toContain("')'");
    // The partial form is still built.
    expect(file.items.map(show)).toEqual(["(game (players 2=2))"]);
  });

  it("reports every bracket left open at the end of the file", () => {
    const diags = parseBad("(a (b {c");
    expect(diags.map((d) => [d.code, at(d)])).toEqual([
      ["P002", "1:1"],
      ["P002", "1:4"],
      ["P002", "1:7"],
    ]);
    expect(diags[2]!.expected).toContain("'}' to close the list opened at 1:7");
  });

  it("reports an unexpected end of file inside a form", () => {
    const diags = parseBad("(a rank:");
    const eof = diags.find((d) => d.code === "P003");
    expect(eof).toBeDefined();
    expect(at(eof!)).toBe("1:9");
    expect(eof!.expected).toContain("a value after 'rank:'");
  });

  it("reports a stray ')' and parses what follows", () => {
    const { file, diagnostics } = parseText("(a)\n  ) (b 1)", "t.game");
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: "P001", message: "unexpected ')' (no bracket is open here)" });
    expect(at(diagnostics[0]!)).toBe("2:3");
    expect(diagnostics[0]!.expected).toBeTruthy();
    expect(file.items.map(show)).toEqual(["(a)", "(b 1=1)"]);
  });

  it("reports a named key without a value", () => {
    const { file, diagnostics } = parseText("(piece x rank:)", "t.game");
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: "P001", message: "unexpected ')'" });
    expect(at(diagnostics[0]!)).toBe("1:15");
    expect(diagnostics[0]!.expected).toContain("a value after 'rank:'");
    expect(file.items.map(show)).toEqual(["(piece x)"]);
  });

  it("reports a bad form head", () => {
    const diags = parseBad("(a (1 2))");
    expect(diags).toHaveLength(1);
    expect(diags[0]).toMatchObject({ code: "P001", message: "unexpected number 1" });
    expect(at(diags[0]!)).toBe("1:5");
    expect(diags[0]!.expected).toBe("a ludeme name (identifier) or a string after '('");
  });

  it("says which bracket a wrong closer should have closed", () => {
    const diags = parseBad("(a\n  {b c)");
    expect(diags).toHaveLength(1);
    expect(diags[0]).toMatchObject({ code: "P001", message: "unexpected ')'" });
    expect(at(diags[0]!)).toBe("2:7");
    expect(diags[0]!.expected).toBe("another item or '}' to close the list opened at 2:3");
  });

  it("reports a named argument at the top level", () => {
    const diags = parseBad("rank:1");
    expect(diags[0]).toMatchObject({ code: "P001", message: "unexpected named argument 'rank:'" });
    expect(diags[0]!.expected).toContain("inside a form");
  });

  it("reports two errors of one file in one run", () => {
    const text = "(game\n  (piece x rank:)\n  (board } 3)\n)";
    const { file, diagnostics } = parseText(text, "t.game");
    expect(diagnostics.map((d) => [d.code, at(d)])).toEqual([
      ["P001", "2:17"],
      ["P001", "3:10"],
    ]);
    for (const d of diagnostics) expect(d.expected).toBeTruthy();
    expect(file.items.map(show)).toEqual(["(game (piece x) (board 3=3))"]);
  });

  it("reports lexical and syntax errors together, in source order", () => {
    const diags = parseBad("(a ~ b)\n(c rank:)\n(d");
    expect(diags.map((d) => [d.code, at(d)])).toEqual([
      ["L001", "1:4"],
      ["P001", "2:9"],
      ["P002", "3:1"],
    ]);
  });

  it("does not pile a syntax error on a lexical one", () => {
    // The `@` was meant as the value of rank:; only the bad character is reported.
    expect(parseBad("(a rank:@)").map((d) => d.code)).toEqual(["L001"]);
  });

  it("refuses brackets nested too deeply instead of overflowing the stack", () => {
    const deep = "(a ".repeat(MAX_NESTING + 1) + ")".repeat(MAX_NESTING + 1);
    const diags = parseBad(deep);
    expect(diags).toHaveLength(1);
    expect(diags[0]).toMatchObject({ code: "P001" });
    const ok = "(a ".repeat(MAX_NESTING) + ")".repeat(MAX_NESTING);
    expect(parseOk(ok)).toHaveLength(1);
  });

  it("leaves no state behind in the shared parser", () => {
    parseBad("(a (b");
    expect(parseOk("(a (b))").map(show)).toEqual(["(a (b))"]);
  });
});

describe("parseText: robustness", () => {
  /** A small deterministic PRNG (mulberry32), so a failure can be replayed. */
  function rng(seed: number): () => number {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const pieces = ["(", ")", "{", "}", '"', "\\", "a", "rank:", ":", "#", "#1", "$", "$x", "-", "3", ".", "/", "*", "//", "/*", "*/", " ", "\n", "\t", "@", "é", "😀", "\uD800", "'", "<=", "\r\n"];

  it("never throws on random junk, and keeps spans inside the text", () => {
    const random = rng(42);
    for (let i = 0; i < 3000; i++) {
      const length = Math.floor(random() * 40);
      let text = "";
      for (let j = 0; j < length; j++) {
        text += random() < 0.15 ? String.fromCharCode(Math.floor(random() * 0x3000)) : pieces[Math.floor(random() * pieces.length)];
      }
      const { file, diagnostics } = parseText(text, "fuzz.game");
      expect(file.text).toBe(text);
      for (const d of diagnostics) {
        expect(d.span, text).toBeDefined();
        expect(d.span!.startOffset).toBeGreaterThanOrEqual(0);
        expect(d.span!.endOffset).toBeLessThanOrEqual(text.length);
        expect(d.message.length).toBeGreaterThan(0);
      }
    }
  });

  it("never throws on mutations of a real game", () => {
    const random = rng(7);
    for (let i = 0; i < 500; i++) {
      const at = Math.floor(random() * DABLOT.length);
      const cut = Math.floor(random() * 5);
      const insert = pieces[Math.floor(random() * pieces.length)]!;
      const text = DABLOT.slice(0, at) + insert + DABLOT.slice(at + cut);
      expect(() => parseText(text, "fuzz.game")).not.toThrow();
    }
  });
});

describe("grammar artefacts", () => {
  it("exports the token types", () => {
    expect(allTokens.map((t) => t.name)).toContain("NamedKey");
  });

  it("draws syntax diagrams of every rule", () => {
    const html = syntaxDiagramsHtml();
    expect(html).toContain("<!DOCTYPE html>");
    for (const rule of ["file", "node", "form", "head", "arg", "list", "atom"]) expect(html).toMatch(new RegExp(`"name":\\s*"${rule}"`));
  });
});
