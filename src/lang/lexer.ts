/**
 * The description language's tokens, and the lexing step of `parseText`.
 *
 * Lexical errors are not left to Chevrotain's built-in error handling: every malformed piece of
 * input (an unterminated string or block comment, a stray character) is matched by a dedicated
 * token type in the `errors` group. Those tokens never reach the parser, but they tell us exactly
 * what went wrong and where, and the lexer simply goes on after them, so one run reports all of a
 * file's lexical errors.
 */
import { createToken, Lexer, type IToken, type TokenType } from "./chevrotain.js";

/** Characters allowed after the first one of a word (identifiers, named keys, option names). */
const WORD = String.raw`[A-Za-z_][A-Za-z0-9_\-.']*`;

/** Name of the token group that collects lexical errors (see the module comment). */
export const ERROR_GROUP = "errors";

// ---- skipped -------------------------------------------------------------------------------

export const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /\s+/, group: Lexer.SKIPPED, line_breaks: true });
export const LineComment = createToken({ name: "LineComment", pattern: /\/\/[^\n\r]*/, group: Lexer.SKIPPED });
export const BlockComment = createToken({
  name: "BlockComment",
  pattern: /\/\*[\s\S]*?\*\//,
  group: Lexer.SKIPPED,
  line_breaks: true,
});

// ---- brackets ------------------------------------------------------------------------------
// The labels are the human names used in diagnostics and syntax diagrams.

export const LParen = createToken({ name: "LParen", pattern: /\(/, label: "'('" });
export const RParen = createToken({ name: "RParen", pattern: /\)/, label: "')'" });
export const LBrace = createToken({ name: "LBrace", pattern: /\{/, label: "'{'" });
export const RBrace = createToken({ name: "RBrace", pattern: /\}/, label: "'}'" });

// ---- atoms ---------------------------------------------------------------------------------

/**
 * A complete, single-line string. Any backslash escape is accepted here, so that a bad escape
 * such as `\q` does not turn the whole string into an "unterminated" one; `unescapeString`
 * reports the unknown escapes.
 */
export const StringLiteral = createToken({
  name: "StringLiteral",
  pattern: /"(?:[^"\\\n\r]|\\[^\n\r])*"/,
  label: "a string",
});
/** Must be tried before `Identifier`, so that `-3` is a number and not the operator `-`. */
export const NumberLiteral = createToken({ name: "NumberLiteral", pattern: /-?\d+(?:\.\d+)?/, label: "a number" });
/** `rank:` — a word directly followed by a colon. Tried before `Identifier`. */
export const NamedKey = createToken({ name: "NamedKey", pattern: new RegExp(`${WORD}:`), label: "a named argument (name:)" });
export const Param = createToken({ name: "Param", pattern: /#\d+/, label: "a macro parameter (#1)" });
export const OptionRef = createToken({ name: "OptionRef", pattern: new RegExp(`\\$${WORD}`), label: "an option reference ($name)" });
/**
 * A word or an operator. Comments are tried first, so a lone `/` never swallows `//` or `/*`;
 * two-character operators come before their one-character prefixes.
 */
export const Identifier = createToken({
  name: "Identifier",
  pattern: new RegExp(`${WORD}|<=|>=|!=|=|<|>|\\+|-|\\*|/|%`),
  label: "an identifier",
});

// ---- lexical errors (group ERROR_GROUP, never seen by the parser) -----------------------------

/** A block comment still open at the end of the file (BlockComment did not match). */
export const UnterminatedBlockComment = createToken({
  name: "UnterminatedBlockComment",
  pattern: /\/\*[\s\S]*/,
  group: ERROR_GROUP,
  line_breaks: true,
});
/** A string cut by the end of the line or of the file (StringLiteral did not match). */
export const UnterminatedString = createToken({
  name: "UnterminatedString",
  pattern: /"(?:[^"\\\n\r]|\\[^\n\r])*\\?/,
  group: ERROR_GROUP,
});
/**
 * Anything else, one character (or one surrogate pair) at a time. Written `[^]` and not
 * `[\s\S]`: Chevrotain's first-character analysis gets the latter wrong and skips the token.
 */
export const UnexpectedChar = createToken({
  name: "UnexpectedChar",
  pattern: /[\uD800-\uDBFF][\uDC00-\uDFFF]|[^]/,
  group: ERROR_GROUP,
});

/** All token types, in matching order (Chevrotain takes the first pattern that matches). */
export const allTokens: TokenType[] = [
  WhiteSpace,
  LineComment,
  BlockComment,
  UnterminatedBlockComment,
  LParen,
  RParen,
  LBrace,
  RBrace,
  StringLiteral,
  UnterminatedString,
  NumberLiteral,
  NamedKey,
  Param,
  OptionRef,
  Identifier,
  UnexpectedChar,
];

/** The token types the parser consumes. */
export const parserTokens: TokenType[] = [LParen, RParen, LBrace, RBrace, StringLiteral, NumberLiteral, NamedKey, Param, OptionRef, Identifier];

let lexer: Lexer | undefined;

/** The shared lexer instance (built on first use; Chevrotain validates the token set then). */
export function getLexer(): Lexer {
  // Offsets are enough: spans are computed from offsets by a line table (see parser.ts), which
  // also handles the end-of-file position that Chevrotain's EOF token does not carry.
  lexer ??= new Lexer(allTokens, { positionTracking: "onlyOffset", ensureOptimizations: false });
  return lexer;
}

export interface LexOutput {
  /** The tokens the parser consumes. */
  tokens: IToken[];
  /** Tokens of the `errors` group, in source order. */
  errorTokens: IToken[];
  /** Chevrotain's own lexing errors; expected to stay empty since UnexpectedChar matches anything. */
  rawErrors: { offset: number; length: number }[];
}

export function lex(text: string): LexOutput {
  const result = getLexer().tokenize(text);
  return {
    tokens: result.tokens,
    errorTokens: result.groups[ERROR_GROUP] ?? [],
    rawErrors: result.errors.map((e) => ({ offset: e.offset, length: e.length })),
  };
}

/** Problems found while unescaping a string: offsets are relative to the token's image. */
export interface EscapeProblem {
  offset: number;
  sequence: string;
}

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", n: "\n", t: "\t" };

/**
 * The value of a string literal (the image, quotes included). Unknown escapes are kept as the
 * escaped character alone (`\q` gives `q`) and reported in `problems`.
 */
export function unescapeString(image: string): { value: string; problems: EscapeProblem[] } {
  const problems: EscapeProblem[] = [];
  const body = image.slice(1, -1);
  const value = body.replace(/\\([\s\S])/g, (sequence, ch: string, offset: number) => {
    const replacement = ESCAPES[ch];
    if (replacement !== undefined) return replacement;
    problems.push({ offset: offset + 1, sequence });
    return ch;
  });
  return { value, problems };
}
