/**
 * The parser of the description language: text in, syntax tree and diagnostics out.
 *
 *   file  := node*
 *   node  := form | list | atom
 *   form  := '(' head arg* ')'          head := Identifier | String
 *   arg   := NamedKey node | node       (NamedKey is `name:`)
 *   list  := '{' node* '}'
 *   atom  := String | Number | Identifier | Param | OptionRef
 *
 * The grammar is an action-free Chevrotain CstParser with error recovery; one instance serves
 * every call. `parseText` lexes, parses, turns lexer error tokens and Chevrotain's recognition
 * exceptions into diagnostics phrased for a game designer, and walks the (possibly partial)
 * CST to build the AST. It never throws.
 *
 * Span conventions: see `Span` in ast.ts. A named argument's `nameSpan` covers the name only,
 * without the colon (`rank` in `rank:1`), so the spanned text is exactly `Arg.name`.
 */
import {
  CstParser,
  EOF,
  type CstElement,
  type CstNode,
  type IParserErrorMessageProvider,
  type IRecognitionException,
  type IToken,
  type TokenType,
} from "./chevrotain.js";
import type { Arg, FileNode, FormNode, ListNode, Node, Span } from "./ast.js";
import { error, type Diagnostic } from "./diagnostics.js";
import * as T from "./lexer.js";
import { MAX_NESTING, MAX_NUMBER, MAX_NUMBER_DIGITS, MAX_SOURCE_BYTES } from "../limits.js";

// ============================================================================================
// Grammar
// ============================================================================================

/** Brackets nested deeper than MAX_NESTING are refused: the recursive-descent parser (and every
 *  later recursive stage) would otherwise run out of stack. */
export { MAX_NESTING };

/** Human phrases for what Chevrotain expected; the parse-error translation refines them. */
const expectedPhrases: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected }) => humanTokenName(expected),
  buildNotAllInputParsedMessage: () => "the end of the file",
  buildNoViableAltMessage: ({ expectedPathsPerAlt }) => humanAlternatives(expectedPathsPerAlt.flat()),
  buildEarlyExitMessage: ({ expectedIterationPaths }) => humanAlternatives(expectedIterationPaths),
};

export class LudexParser extends CstParser {
  constructor() {
    super(T.parserTokens, { recoveryEnabled: true, errorMessageProvider: expectedPhrases });
    this.performSelfAnalysis();
  }

  readonly file = this.RULE("file", () => {
    this.MANY(() => this.SUBRULE(this.node));
  });

  readonly node: () => CstNode = this.RULE("node", () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.form) },
      { ALT: () => this.SUBRULE(this.list) },
      { ALT: () => this.SUBRULE(this.atom) },
    ]);
  });

  readonly form = this.RULE("form", () => {
    this.CONSUME(T.LParen);
    this.SUBRULE(this.head);
    this.MANY(() => this.SUBRULE(this.arg));
    this.CONSUME(T.RParen);
  });

  readonly head = this.RULE("head", () => {
    this.OR([{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME(T.StringLiteral) }]);
  });

  readonly arg = this.RULE("arg", () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.NamedKey);
          this.SUBRULE(this.node);
        },
      },
      { ALT: () => this.SUBRULE2(this.node) },
    ]);
  });

  readonly list = this.RULE("list", () => {
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.node));
    this.CONSUME(T.RBrace);
  });

  readonly atom = this.RULE("atom", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.StringLiteral) },
      { ALT: () => this.CONSUME(T.NumberLiteral) },
      { ALT: () => this.CONSUME(T.Identifier) },
      { ALT: () => this.CONSUME(T.Param) },
      { ALT: () => this.CONSUME(T.OptionRef) },
    ]);
  });
}

let parserInstance: LudexParser | undefined;

/** The single parser instance (built on first use: self-analysis is the costly part). */
export function getParser(): LudexParser {
  parserInstance ??= new LudexParser();
  return parserInstance;
}

// ============================================================================================
// Entry point
// ============================================================================================

export interface ParseResult {
  file: FileNode;
  diagnostics: Diagnostic[];
}

/** Parses one description file. Reports every lexical and syntax error found; never throws. */
export function parseText(text: string, file: string): ParseResult {
  const src = new SourceText(text, file);
  const diagnostics: Diagnostic[] = [];
  let items: Node[] = [];
  if (text.length > MAX_SOURCE_BYTES) {
    diagnostics.push(error("L005", `the file is too large (${text.length} characters)`, src.span(0, 0), `a description of at most ${MAX_SOURCE_BYTES} characters`));
    return { file: { file, text: text.slice(0, 10_000), items }, diagnostics };
  }
  try {
    const { tokens, errorTokens } = T.lex(text);
    for (const d of lexicalDiagnostics(errorTokens, src)) diagnostics.push(d);
    const brackets = scanBrackets(tokens);
    if (brackets.tooDeep) {
      diagnostics.push(tooDeepDiagnostic(brackets.tooDeep, src));
    } else {
      const parser = getParser();
      parser.input = tokens;
      const cst = parseOrUnclosed(parser, brackets, src, diagnostics);
      if (!cst) return { file: { file, text, items }, diagnostics: sortByOffset(diagnostics) };
      const afterLexError = tokensFollowingLexErrors(tokens, errorTokens);
      const reportable = parser.errors.filter((e) => !afterLexError.has(tokenKey(e.token)));
      for (const d of syntaxDiagnostics(reportable, tokens, brackets, src)) diagnostics.push(d);
      items = buildFile(cst, { src, diagnostics });
    }
  } catch (e) {
    // Defensive only: no known input gets here. Reported rather than thrown, as promised.
    diagnostics.push(error("P001", `the parser failed: ${e instanceof Error ? e.message : String(e)}`, src.span(0, 0)));
  }
  return { file: { file, text, items }, diagnostics: sortByOffset(diagnostics) };
}

function sortByOffset(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort((a, b) => (a.span?.startOffset ?? 0) - (b.span?.startOffset ?? 0));
}

/**
 * Runs the parser. Its error recovery at the end of the file recurses through every rule still
 * open, and with a hundred-odd brackets left open it exhausts the stack: then the brackets left
 * open are the errors to report (the bracket scan knows them), and there is no tree.
 */
function parseOrUnclosed(parser: LudexParser, brackets: BracketScan, src: SourceText, diagnostics: Diagnostic[]): CstNode | undefined {
  try {
    return parser.file();
  } catch (e) {
    if (!(e instanceof RangeError) || !brackets.openAtEnd) throw e;
    for (const d of unclosedDiagnostics(brackets.openAtEnd, src)) diagnostics.push(d);
    return undefined;
  }
}

// ============================================================================================
// Positions
// ============================================================================================

/** Converts offsets to spans (1-based lines and columns; columns count UTF-16 code units). */
class SourceText {
  private readonly lineStarts: number[] = [0];

  constructor(
    readonly text: string,
    readonly file: string,
  ) {
    for (let i = 0; i < text.length; i++) if (text[i] === "\n") this.lineStarts.push(i + 1);
  }

  /** The span from `start` (inclusive) to `end` (exclusive). */
  span(start: number, end: number): Span {
    const from = this.position(start);
    const to = this.position(end);
    return { file: this.file, startOffset: start, endOffset: end, line: from.line, col: from.col, endLine: to.line, endCol: to.col };
  }

  /** The span of a real token; the empty span at the end of the text for EOF. */
  tokenSpan(token: IToken): Span {
    if (isEof(token)) return this.span(this.text.length, this.text.length);
    return this.span(token.startOffset, token.startOffset + token.image.length);
  }

  /** "line:col" of a token, as said in messages. */
  where(token: IToken): string {
    const { line, col } = this.tokenSpan(token);
    return `${line}:${col}`;
  }

  private position(offset: number): { line: number; col: number } {
    // Binary search for the last line starting at or before `offset`.
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - this.lineStarts[lo]! + 1 };
  }
}

function isEof(token: IToken): boolean {
  return token.tokenType === EOF || Number.isNaN(token.startOffset);
}

/** A key identifying a token of one token vector: its offset, or -1 for EOF. */
function tokenKey(token: IToken): number {
  return isEof(token) ? -1 : token.startOffset;
}

// ============================================================================================
// Brackets
// ============================================================================================

/** An opening bracket, with the bracket it is nested in. */
interface Opener {
  token: IToken;
  parent: Opener | undefined;
  depth: number;
}

interface BracketScan {
  /** For each token index, the innermost bracket still open just before that token. */
  openBefore: (Opener | undefined)[];
  /** The innermost bracket still open at the end of the file. */
  openAtEnd: Opener | undefined;
  /** The first bracket opened deeper than MAX_NESTING, if any. */
  tooDeep: Opener | undefined;
}

/**
 * Matches brackets independently of the parser, to say where the bracket an error is about was
 * opened. A closer that matches no open bracket is ignored; one that matches an outer bracket
 * closes everything up to it. That is also how the parser's recovery treats them (it inserts
 * the missing inner closers).
 */
function scanBrackets(tokens: IToken[]): BracketScan {
  const openBefore: (Opener | undefined)[] = [];
  let top: Opener | undefined;
  let tooDeep: Opener | undefined;
  for (const token of tokens) {
    openBefore.push(top);
    const type = token.tokenType;
    if (type === T.LParen || type === T.LBrace) {
      top = { token, parent: top, depth: (top?.depth ?? 0) + 1 };
      if (top.depth > MAX_NESTING) tooDeep ??= top;
    } else if (type === T.RParen || type === T.RBrace) {
      const opening = type === T.RParen ? T.LParen : T.LBrace;
      let match = top;
      while (match && match.token.tokenType !== opening) match = match.parent;
      if (match) top = match.parent;
    }
  }
  return { openBefore, openAtEnd: top, tooDeep };
}

/** How to close a bracket, for `expected`: "')' to close the form opened at 3:5". */
function closingPhrase(opener: Opener, src: SourceText): string {
  const isForm = opener.token.tokenType === T.LParen;
  return `${isForm ? "')'" : "'}'"} to close the ${isForm ? "form" : "list"} opened at ${src.where(opener.token)}`;
}

function tooDeepDiagnostic(opener: Opener, src: SourceText): Diagnostic {
  return error(
    "P001",
    `brackets nested too deeply (more than ${MAX_NESTING} levels)`,
    src.tokenSpan(opener.token),
    `at most ${MAX_NESTING} nested forms and lists`,
  );
}

// ============================================================================================
// Lexical diagnostics
// ============================================================================================

function lexicalDiagnostics(errorTokens: IToken[], src: SourceText): Diagnostic[] {
  return errorTokens.map((token) => {
    const start = token.startOffset;
    switch (token.tokenType) {
      case T.UnterminatedString:
        return error("L002", "unterminated string", src.span(start, start + token.image.length), `'"' to close the string on the same line`);
      case T.UnterminatedBlockComment:
        // The token runs to the end of the file; point at the opening `/*` only.
        return error("L003", "unterminated block comment", src.span(start, start + 2), "'*/' to close the comment");
      default:
        return error("L001", `unexpected character '${token.image}'`, src.span(start, start + token.image.length), LEXICAL_EXPECTED);
    }
  });
}

const LEXICAL_EXPECTED =
  "'(', ')', '{', '}', a string, a number, an identifier or operator, a named argument (name:), a macro parameter (#1), an option reference ($name) or a comment";

/**
 * Keys (see tokenKey) of the parser tokens that come right after a lexical error. A syntax
 * error on such a token is usually a consequence of the lexical one (the bad character was
 * meant as a value, the unterminated string swallowed a bracket...), so it is not reported.
 */
function tokensFollowingLexErrors(tokens: IToken[], errorTokens: IToken[]): Set<number> {
  const keys = new Set<number>();
  let i = 0;
  for (const bad of errorTokens) {
    while (i < tokens.length && tokens[i]!.startOffset < bad.startOffset) i++;
    keys.add(i < tokens.length ? tokens[i]!.startOffset : -1);
  }
  return keys;
}

// ============================================================================================
// Syntax diagnostics
// ============================================================================================

/** Human names of the parser's token types, used in messages ("unexpected ...", "expected ..."). */
function humanTokenName(type: TokenType): string {
  if (type === EOF) return "the end of the file";
  return typeof type.LABEL === "string" ? type.LABEL : type.name;
}

/** "a, b or c" over the first token of each path, without repeats. */
function humanAlternatives(paths: TokenType[][]): string {
  const names = [...new Set(paths.map((path) => path[0]).filter((t) => t !== undefined).map(humanTokenName))];
  if (names.length <= 1) return names[0] ?? "something else";
  return `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}

/** What a found token is, for "unexpected ...". */
function describeToken(token: IToken): string {
  if (isEof(token)) return "end of file";
  const image = token.image.length > 24 ? `${token.image.slice(0, 21)}...` : token.image;
  switch (token.tokenType) {
    case T.StringLiteral:
      return `string ${image}`;
    case T.NumberLiteral:
      return `number ${image}`;
    case T.Identifier:
      return `identifier '${image}'`;
    case T.NamedKey:
      return `named argument '${image}'`;
    case T.Param:
      return `macro parameter ${image}`;
    case T.OptionRef:
      return `option reference ${image}`;
    default:
      return `'${image}'`;
  }
}

const ANY_NODE = "'(', '{', a string, a number, an identifier, a macro parameter (#1) or an option reference ($name)";

/**
 * Turns Chevrotain's errors into P001/P002/P003. An error at the end of the file becomes one
 * P002 per bracket left open (plus a P003 when something else than a closer was missing there);
 * only the first such error counts, the others are the same missing input seen by outer rules.
 */
function syntaxDiagnostics(errors: IRecognitionException[], tokens: IToken[], brackets: BracketScan, src: SourceText): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let eofSeen = false;
  for (const e of errors) {
    const index = isEof(e.token) ? tokens.length : tokenIndexAt(tokens, e.token.startOffset);
    const opener = index < tokens.length ? brackets.openBefore[index] : brackets.openAtEnd;
    const expected = refineExpected(e, opener, src);
    if (!isEof(e.token)) {
      diagnostics.push(error("P001", unexpectedMessage(e, opener), src.tokenSpan(e.token), expected));
    } else if (!eofSeen) {
      eofSeen = true;
      for (const d of endOfFileDiagnostics(e, expected, brackets.openAtEnd, src)) diagnostics.push(d);
    }
  }
  return diagnostics;
}

/** The index of the token starting at `offset` (tokens are in text order), or tokens.length. */
function tokenIndexAt(tokens: IToken[], offset: number): number {
  let lo = 0, hi = tokens.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1, at = tokens[mid]!.startOffset;
    if (at === offset) return mid;
    if (at < offset) lo = mid + 1;
    else hi = mid - 1;
  }
  return tokens.length;
}

function unexpectedMessage(e: IRecognitionException, opener: Opener | undefined): string {
  const type = e.token.tokenType;
  const stray = (type === T.RParen || type === T.RBrace) && opener === undefined;
  return `unexpected ${describeToken(e.token)}${stray ? " (no bracket is open here)" : ""}`;
}

function endOfFileDiagnostics(e: IRecognitionException, expected: string, open: Opener | undefined, src: SourceText): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  if (!isMissingCloser(e) || open === undefined) {
    diagnostics.push(error("P003", "unexpected end of file", src.tokenSpan(e.token), expected));
  }
  for (const d of unclosedDiagnostics(open, src)) diagnostics.push(d);
  return diagnostics;
}

/** A P002 for each bracket still open at the end of the file, from the innermost out. */
function unclosedDiagnostics(open: Opener | undefined, src: SourceText): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (let o = open; o; o = o.parent) {
    const bracket = o.token.image;
    const what = o.token.tokenType === T.LParen ? "form" : "list";
    const message = `missing closing bracket: the ${what} '${bracket}' opened at ${src.where(o.token)} is never closed`;
    diagnostics.push(error("P002", message, src.tokenSpan(o.token), `${closingPhrase(o, src)} before the end of the file`));
  }
  return diagnostics;
}

/** The innermost rule the parser was in when the error occurred. */
function ruleOf(e: IRecognitionException): string | undefined {
  const stack = e.context?.ruleStack ?? [];
  return stack[stack.length - 1];
}

/** True when the error is a form or list missing its closing bracket. */
function isMissingCloser(e: IRecognitionException): boolean {
  const rule = ruleOf(e);
  return e.name === "MismatchedTokenException" && (rule === "form" || rule === "list");
}

/**
 * Says what could have come where the error is, in the designer's terms. Chevrotain's own
 * expectation (the message built by `expectedPhrases`) is the fallback.
 */
function refineExpected(e: IRecognitionException, opener: Opener | undefined, src: SourceText): string {
  const rule = ruleOf(e);
  const previous = "previousToken" in e ? (e.previousToken as IToken | undefined) : undefined;
  if (rule === "head") return "a ludeme name (identifier) or a string after '('";
  if (isMissingCloser(e) && opener) {
    const isForm = opener.token.tokenType === T.LParen;
    return `${isForm ? "another argument" : "another item"} or ${closingPhrase(opener, src)}`;
  }
  if (rule === "node" && previous?.tokenType === T.NamedKey) return `a value after '${previous.image}': ${ANY_NODE}`;
  if (rule === "file") {
    const hint = e.token.tokenType === T.NamedKey ? " (named arguments only go inside a form)" : "";
    return `a form, a list or a value at the top level${hint}`;
  }
  return e.message;
}

// ============================================================================================
// CST to AST
// ============================================================================================

interface BuildContext {
  src: SourceText;
  diagnostics: Diagnostic[];
}

/**
 * Builds what can be built from a CST that error recovery may have left partial: a form with
 * no head is dropped (with its arguments), as is a named argument with no value; a missing
 * closing bracket just ends the span at the last part present. Tokens inserted by recovery
 * (they have no position) are ignored.
 */
function buildFile(cst: CstNode, ctx: BuildContext): Node[] {
  return subnodes(cst, "node").flatMap((n) => buildNode(n, ctx) ?? []);
}

function buildNode(cst: CstNode, ctx: BuildContext): Node | undefined {
  const form = subnodes(cst, "form")[0];
  if (form) return buildForm(form, ctx);
  const list = subnodes(cst, "list")[0];
  if (list) return buildList(list, ctx);
  const atom = subnodes(cst, "atom")[0];
  return atom ? buildAtom(atom, ctx) : undefined;
}

function buildForm(cst: CstNode, ctx: BuildContext): FormNode | undefined {
  const open = token(cst, "LParen");
  const headCst = subnodes(cst, "head")[0];
  const headToken = headCst && (token(headCst, "Identifier") ?? token(headCst, "StringLiteral"));
  if (!open || !headToken) return undefined;
  const headSpan = ctx.src.tokenSpan(headToken);
  const head = headToken.tokenType === T.StringLiteral ? stringValue(headToken, ctx) : headToken.image;
  const args = subnodes(cst, "arg").flatMap((a) => buildArg(a, ctx) ?? []);
  const lastSpan = args.length > 0 ? args[args.length - 1]!.value.span : headSpan;
  const span = enclosingSpan(open, token(cst, "RParen"), lastSpan, ctx.src);
  return { kind: "form", head, headSpan, args, span };
}

function buildArg(cst: CstNode, ctx: BuildContext): Arg | undefined {
  const valueCst = subnodes(cst, "node")[0];
  const value = valueCst && buildNode(valueCst, ctx);
  if (!value) return undefined;
  const key = token(cst, "NamedKey");
  if (!key) return { value };
  // The key token is `name:`; the name and its span leave the colon out.
  const name = key.image.slice(0, -1);
  return { name, nameSpan: ctx.src.span(key.startOffset, key.startOffset + name.length), value };
}

function buildList(cst: CstNode, ctx: BuildContext): ListNode | undefined {
  const open = token(cst, "LBrace");
  if (!open) return undefined;
  const items = subnodes(cst, "node").flatMap((n) => buildNode(n, ctx) ?? []);
  const lastSpan = items.length > 0 ? items[items.length - 1]!.span : ctx.src.tokenSpan(open);
  return { kind: "list", items, span: enclosingSpan(open, token(cst, "RBrace"), lastSpan, ctx.src) };
}

/**
 * A number literal, refused (with the value 0 in its place) beyond MAX_NUMBER_DIGITS digits or
 * MAX_NUMBER: a longer one would lose precision or become Infinity and pass later checks.
 */
function numberAtom(tok: IToken, span: Span, ctx: BuildContext): Node {
  const digits = tok.image.replace(/^-/, "").replace(".", "").length;
  const value = digits > MAX_NUMBER_DIGITS ? Infinity : Number(tok.image);
  if (!(Math.abs(value) <= MAX_NUMBER)) {
    const shown = tok.image.length > 24 ? `${tok.image.slice(0, 20)}... (${tok.image.length} characters)` : tok.image;
    ctx.diagnostics.push(error("L004", `number ${shown} is too large`, span, `a number from -${MAX_NUMBER} to ${MAX_NUMBER}`));
    return { kind: "number", value: 0, text: "0", span };
  }
  return { kind: "number", value, text: tok.image, span };
}

function buildAtom(cst: CstNode, ctx: BuildContext): Node | undefined {
  const tok = firstToken(cst);
  if (!tok) return undefined;
  const span = ctx.src.tokenSpan(tok);
  switch (tok.tokenType) {
    case T.StringLiteral:
      return { kind: "string", value: stringValue(tok, ctx), span };
    case T.NumberLiteral:
      return numberAtom(tok, span, ctx);
    case T.Param: {
      const index = tok.image.length > 4 ? Infinity : Number(tok.image.slice(1));
      if (index > 99) ctx.diagnostics.push(error("L004", `macro parameter ${tok.image.slice(0, 8)}${tok.image.length > 8 ? "..." : ""} is too large`, span, "#1 to #99"));
      return { kind: "param", index: index > 99 ? 1 : index, span };
    }
    case T.OptionRef:
      return { kind: "optionRef", name: tok.image.slice(1), span };
    default:
      return { kind: "ident", name: tok.image, span };
  }
}

/** The unescaped value of a string token; unknown escapes are reported as L001. */
function stringValue(tok: IToken, ctx: BuildContext): string {
  const { value, problems } = T.unescapeString(tok.image);
  for (const p of problems) {
    const start = tok.startOffset + p.offset;
    ctx.diagnostics.push(
      error("L001", `unknown escape sequence '${p.sequence}' in a string`, ctx.src.span(start, start + p.sequence.length), `one of \\" \\\\ \\n \\t`),
    );
  }
  return value;
}

/** From the opening bracket to the closing one, or to the end of `lastInside` when it is missing. */
function enclosingSpan(open: IToken, close: IToken | undefined, lastInside: Span, src: SourceText): Span {
  const end = close ? close.startOffset + close.image.length : lastInside.endOffset;
  return src.span(open.startOffset, end);
}

// ---- CST access ----------------------------------------------------------------------------

function isToken(element: CstElement): element is IToken {
  return "image" in element;
}

/** A real (not recovery-inserted) token child under `key`. */
function token(cst: CstNode, key: string): IToken | undefined {
  return (cst.children[key] ?? []).find((e): e is IToken => isToken(e) && !e.isInsertedInRecovery);
}

function firstToken(cst: CstNode): IToken | undefined {
  for (const elements of Object.values(cst.children)) {
    const found = elements.find((e): e is IToken => isToken(e) && !e.isInsertedInRecovery);
    if (found) return found;
  }
  return undefined;
}

function subnodes(cst: CstNode, key: string): CstNode[] {
  return (cst.children[key] ?? []).filter((e): e is CstNode => !isToken(e));
}
