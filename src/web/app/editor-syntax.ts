/**
 * Syntax colouring of a description in the editor: a CodeMirror stream language whose tokenizer
 * follows the lexer of src/lang/lexer.ts (the same comments, strings, numbers, named arguments,
 * parameters and option references), and tells apart what the lexer does not: the head of a form
 * (a ludeme the catalog knows, a section, a define's name) and the player words. The tokenizer is
 * a plain function of a line's stream and a small state, so it is tested without a browser.
 */
import { HighlightStyle, StreamLanguage, syntaxHighlighting, type StringStream } from "@codemirror/language";
import type { Extension } from "@codemirror/state";
import { tags } from "@lezer/highlight";
import { catalog } from "../../lang/catalog.js";

/** What the tokenizer carries from one token, and one line, to the next. */
export interface SyntaxState {
  /** Inside a block comment that began on an earlier line. */
  inBlockComment: boolean;
  /** The last token was an open bracket: the next word is the form's head. */
  afterOpen: boolean;
}

export function startState(): SyntaxState {
  return { inBlockComment: false, afterOpen: false };
}

/** A word as the lexer reads it (identifiers, named keys, option names). */
const WORD = String.raw`[A-Za-z_][A-Za-z0-9_\-.']*`;
const WORD_RE = new RegExp(`^${WORD}`);
const NAMED_KEY_RE = new RegExp(`^${WORD}:`);
const OPTION_REF_RE = new RegExp(`^\\$${WORD}`);
const NUMBER_RE = /^-?\d+(?:\.\d+)?/;
const STRING_RE = /^"(?:[^"\\]|\\.)*"/;
/** Two-character operators before their one-character prefixes, as in the lexer. */
const OPERATOR_RE = /^(?:<=|>=|!=|=|<|>|\+|-|\*|\/|%)/;

/**
 * Words that may head a form: every ludeme of the catalog, the expansion's own forms, and the
 * Ludii-style sections, which are named after an argument (`(equipment {...})`, `(end {...})`).
 */
const HEADS = new Set<string>([...catalog.map((l) => l.name), "define", "option", "extends", ...catalog.flatMap((l) => l.params.map((p) => p.name))]);

/** Player references the compiler reads as players wherever a player is expected (see compilePlayer). */
const PLAYER_RE = /^(?:mover|next|opponent|player|P\d+)$/;

/**
 * Reads one token from the stream and returns its highlighting tag name (see `tags` of
 * @lezer/highlight; "variableName.function" is a name with a modifier), or null for white space.
 */
export function readToken(stream: StringStream, state: SyntaxState): string | null {
  if (state.inBlockComment) return blockCommentRest(stream, state);
  if (stream.eatSpace()) return null;
  if (stream.match("//")) {
    stream.skipToEnd();
    return "lineComment";
  }
  if (stream.match("/*")) {
    state.inBlockComment = true;
    return blockCommentRest(stream, state);
  }
  // Comments and white space between a bracket and its head leave it the head.
  const head = state.afterOpen;
  state.afterOpen = false;
  const c = stream.peek();
  if (c === "(" || c === "{") {
    stream.next();
    state.afterOpen = c === "(";
    return c === "(" ? "paren" : "brace";
  }
  if (c === ")" || c === "}") {
    stream.next();
    return c === ")" ? "paren" : "brace";
  }
  if (stream.match(STRING_RE)) return "string";
  if (c === '"') {
    // A string cut by the end of the line: the compiler reports it, the colour shows where.
    stream.skipToEnd();
    return "invalid";
  }
  if (stream.match(NUMBER_RE)) return "number";
  if (stream.match(NAMED_KEY_RE)) return "propertyName";
  if (stream.match(/^#\d+/)) return "variableName.special";
  if (stream.match(OPTION_REF_RE)) return "macroName";
  if (stream.match(WORD_RE) || stream.match(OPERATOR_RE)) {
    const word = stream.current();
    if (head) return HEADS.has(word) ? "keyword" : "variableName.function";
    if (PLAYER_RE.test(word)) return "atom";
    if (word === "true" || word === "false") return "bool";
    return /^\w/.test(word) ? "variableName" : "operator";
  }
  stream.next();
  return "invalid";
}

/** The rest of a block comment on this line, up to and with its `*\/` (or the whole line). */
function blockCommentRest(stream: StringStream, state: SyntaxState): string {
  if (stream.skipTo("*/")) {
    stream.pos += 2;
    state.inBlockComment = false;
  } else {
    stream.skipToEnd();
  }
  return "blockComment";
}

export const descriptionLanguage = StreamLanguage.define<SyntaxState>({
  name: "ludex",
  startState,
  token: readToken,
  languageData: {
    commentTokens: { line: "//", block: { open: "/*", close: "*/" } },
    // An apostrophe belongs to words (`king's`): no closing quote for it.
    closeBrackets: { brackets: ["(", "{", '"'] },
  },
});

/**
 * The tokens' classes (stable names, coloured in app.css), in place of CodeMirror's default
 * style, whose generated class names a style sheet cannot name.
 */
const descriptionHighlight = HighlightStyle.define([
  { tag: tags.keyword, class: "ldx-ludeme" },
  { tag: tags.function(tags.variableName), class: "ldx-call" },
  { tag: tags.propertyName, class: "ldx-named" },
  { tag: tags.atom, class: "ldx-player" },
  { tag: tags.string, class: "ldx-string" },
  { tag: [tags.number, tags.bool], class: "ldx-number" },
  { tag: tags.comment, class: "ldx-comment" },
  { tag: [tags.paren, tags.brace], class: "ldx-bracket" },
  { tag: tags.special(tags.variableName), class: "ldx-param" },
  { tag: tags.macroName, class: "ldx-option" },
  { tag: tags.operator, class: "ldx-operator" },
  { tag: tags.variableName, class: "ldx-word" },
  { tag: tags.invalid, class: "ldx-invalid" },
]);

/** The editor's extensions for the description language: the tokenizer and its colours. */
export function descriptionSyntax(): Extension[] {
  return [descriptionLanguage, syntaxHighlighting(descriptionHighlight)];
}
