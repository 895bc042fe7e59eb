/**
 * The editor's syntax colouring (src/web/app/editor-syntax.ts): the token classes the tokenizer
 * gives each piece of a line, run as CodeMirror runs it, line by line with its state carried over.
 */
import { StringStream } from "@codemirror/language";
import { describe, expect, it } from "vitest";
import { readToken, startState, type SyntaxState } from "../src/web/app/editor-syntax.js";

/** The non-blank tokens of each line, as [text, tag name]. */
function tokens(text: string, state: SyntaxState = startState()): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const line of text.split("\n")) {
    const stream = new StringStream(line, 4, 2);
    while (!stream.eol()) {
      const style = readToken(stream, state);
      if (stream.pos === stream.start) throw new Error(`no progress at ${stream.pos} of '${line}'`);
      if (style) out.push([stream.current(), style]);
      stream.start = stream.pos;
    }
  }
  return out;
}

describe("the editor's tokenizer", () => {
  it("colours a form's head, named arguments, strings, numbers, players, brackets and words", () => {
    expect(tokens('(if (line 3 to) (win mover) reason:"{mover} has three" P2 -1.5)')).toEqual([
      ["(", "paren"],
      ["if", "keyword"],
      ["(", "paren"],
      ["line", "keyword"],
      ["3", "number"],
      ["to", "variableName"],
      [")", "paren"],
      ["(", "paren"],
      ["win", "keyword"],
      ["mover", "atom"],
      [")", "paren"],
      ["reason:", "propertyName"],
      ['"{mover} has three"', "string"],
      ["P2", "atom"],
      ["-1.5", "number"],
      [")", "paren"],
    ]);
  });

  it("tells line and block comments, also across lines, and keeps the head after a comment", () => {
    expect(tokens("(board // the board\n  (square 3 3))")).toEqual([
      ["(", "paren"],
      ["board", "keyword"],
      ["// the board", "lineComment"],
      ["(", "paren"],
      ["square", "keyword"],
      ["3", "number"],
      ["3", "number"],
      [")", "paren"],
      [")", "paren"],
    ]);
    expect(tokens("( /* a\nb */ piece {a1 b2})")).toEqual([
      ["(", "paren"],
      ["/* a", "blockComment"],
      ["b */", "blockComment"],
      ["piece", "keyword"],
      ["{", "brace"],
      ["a1", "variableName"],
      ["b2", "variableName"],
      ["}", "brace"],
      [")", "paren"],
    ]);
  });

  it("knows sections, defines, operators, parameters and option references; marks what the lexer rejects", () => {
    expect(tokens("(equipment {(Stone #1 $size)}) (<= 1 2) (+ x) [")).toEqual([
      ["(", "paren"],
      ["equipment", "keyword"],
      ["{", "brace"],
      ["(", "paren"],
      ["Stone", "variableName.function"],
      ["#1", "variableName.special"],
      ["$size", "macroName"],
      [")", "paren"],
      ["}", "brace"],
      [")", "paren"],
      ["(", "paren"],
      ["<=", "keyword"],
      ["1", "number"],
      ["2", "number"],
      [")", "paren"],
      ["(", "paren"],
      ["+", "keyword"],
      ["x", "variableName"],
      [")", "paren"],
      ["[", "invalid"],
    ]);
    expect(tokens('(game "cut')).toEqual([
      ["(", "paren"],
      ["game", "keyword"],
      ['"cut', "invalid"],
    ]);
  });
});
