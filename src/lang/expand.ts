/**
 * Expansion on the tree: `(extends ...)`, `(option ...)` with `$name` references, and
 * `(define ...)` macros with `#1`.. parameters. Nodes keep their own spans, and nodes produced by a
 * macro remember the call sites they were expanded from, so errors inside a define point at the
 * define and at its use.
 */
import type { Arg, FileNode, FormNode, Node, Origin, Span } from "./ast.js";
import { error, type Diagnostic } from "./diagnostics.js";
import { parseText } from "./parser.js";
import { MAX_EXPANDED_DEPTH, MAX_EXPANDED_NODES, MAX_EXTENDS, MAX_MACRO_CALLS, MAX_MACRO_DEPTH, MAX_NUMBER } from "../limits.js";

export type OptionValue = number | string | boolean;

export interface OptionDecl {
  name: string;
  default: OptionValue;
  doc?: string;
  min?: number;
  max?: number;
  values?: OptionValue[];
  span: Span;
}

export interface Expanded {
  /** The game form, with defines and options expanded and meta forms removed. */
  game?: FormNode;
  options: OptionDecl[];
  /** The option that sets the number of players, when the description writes `(players $name ...)`. */
  playersOption?: string;
  /** The option values in force (defaults overridden by the caller's choices). */
  optionValues: Record<string, OptionValue>;
  /** Text of every file read (for diagnostics excerpts). */
  sources: Map<string, string>;
  diagnostics: Diagnostic[];
}

export interface ExpandInput {
  file: FileNode;
  /** Options chosen by the user, as text (from `--option name=value`) or typed values. */
  options?: Record<string, string | number | boolean>;
  /**
   * Reads a file named by `(extends "...")`, resolved against the including file: its text, or
   * why it cannot be read (missing, a directory, not permitted, too large); undefined: missing.
   */
  readFile?: (path: string, from: string) => { path: string; text: string } | { error: string } | undefined;
}

interface Define {
  name: string;
  body: Node;
  span: Span;
}

const META = new Set(["define", "option", "extends"]);

export function expand(input: ExpandInput): Expanded {
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, string>([[input.file.file, input.file.text]]);
  const defines = new Map<string, Define>();
  const options = new Map<string, OptionDecl>();

  const game = collect(input.file, [], defines, options, sources, diagnostics, input.readFile);
  const optionValues = resolveOptions(options, input.options ?? {}, diagnostics);
  if (!game) return { options: [...options.values()], optionValues, sources, diagnostics };

  const expander = new Expander(defines, optionValues, diagnostics);
  const expanded = expander.node(game, []) as FormNode;
  return { game: expanded, options: [...options.values()], playersOption: playersOption(game), optionValues, sources, diagnostics };
}

/**
 * Gathers the game form of a file and its defines and options, following `extends` first so the
 * child's definitions override the parent's.
 */
function collect(
  file: FileNode,
  chain: string[],
  defines: Map<string, Define>,
  options: Map<string, OptionDecl>,
  sources: Map<string, string>,
  diagnostics: Diagnostic[],
  readFile: ExpandInput["readFile"],
): FormNode | undefined {
  const games = file.items.filter((n): n is FormNode => n.kind === "form" && n.head === "game");
  for (const n of file.items) {
    if (!(n.kind === "form" && META.has(n.head) && n.head !== "extends") && !(n.kind === "form" && n.head === "game")) {
      diagnostics.push(error("P001", "only (game ...), (define ...) and (option ...) may stand at the top level", n.span, '(game "Name" ...)'));
    }
  }
  if (games.length === 0) {
    // Pointed at the file's start (line 1, column 1), so that even an empty file gets a location.
    const start: Span = { file: file.file, line: 1, col: 1, endLine: 1, endCol: 1, startOffset: 0, endOffset: 0 };
    diagnostics.push(error("M004", `${file.file} has no (game ...) form`, start, '(game "Name" (players ...) (equipment {...}) (rules ...))'));
    return undefined;
  }
  for (const extra of games.slice(1)) diagnostics.push(error("M003", "a file holds one (game ...)", extra.span));
  const game = games[0]!;

  // The parent's game and definitions come first; this file's own (at its top level or inside
  // its game form) then override them.
  let parent: FormNode | undefined;
  for (const a of game.args) {
    const v = a.value;
    if (v.kind !== "form" || v.head !== "extends") continue;
    parent = loadParent(v, file.file, chain, defines, options, sources, diagnostics, readFile);
  }
  const ownMeta = [...file.items, ...game.args.map((a) => a.value)];
  for (const v of ownMeta) {
    if (v.kind === "form" && v.head === "define") addDefine(v, defines, diagnostics);
    else if (v.kind === "form" && v.head === "option") addOption(v, options, diagnostics);
  }
  const own = game.args.filter((a) => !(a.value.kind === "form" && META.has(a.value.head)));
  if (!parent) return { ...game, args: own };
  return { ...game, args: mergeArgs(parent.args, own) };
}

/** A child's sections replace the parent's sections of the same head; its positional name replaces the parent's. */
function mergeArgs(parentArgs: Arg[], childArgs: Arg[]): Arg[] {
  const merged = [...parentArgs];
  for (const a of childArgs) {
    const v = a.value;
    const i = merged.findIndex((p) =>
      v.kind === "form" ? p.value.kind === "form" && p.value.head === v.head && p.name === a.name : p.value.kind === v.kind && p.name === a.name && p.name === undefined && v.kind === "string",
    );
    if (i >= 0) merged[i] = a;
    else merged.push(a);
  }
  return merged;
}

function loadParent(
  node: FormNode,
  from: string,
  chain: string[],
  defines: Map<string, Define>,
  options: Map<string, OptionDecl>,
  sources: Map<string, string>,
  diagnostics: Diagnostic[],
  readFile: ExpandInput["readFile"],
): FormNode | undefined {
  const target = node.args[0]?.value;
  if (!target || target.kind !== "string") {
    diagnostics.push(error("X004", "(extends ...) needs the file to build on", node.span, '(extends "other.game")'));
    return undefined;
  }
  if (chain.length + 1 >= MAX_EXTENDS) {
    diagnostics.push(error("X004", `too many files extend one another (more than ${MAX_EXTENDS})`, target.span, `a chain of at most ${MAX_EXTENDS} files`));
    return undefined;
  }
  let found: ReturnType<NonNullable<ExpandInput["readFile"]>>;
  try {
    found = readFile?.(target.value, from);
  } catch (e) {
    found = { error: e instanceof Error ? e.message : String(e) };
  }
  if (!found || "error" in found) {
    const why = found && "error" in found ? `: ${found.error}` : "";
    diagnostics.push(error("X004", `cannot read '${target.value}'${why}`, target.span, "a .game file, relative to this file"));
    return undefined;
  }
  if (chain.includes(found.path) || found.path === from) {
    diagnostics.push(error("X004", `'${target.value}' extends itself (${[...chain, from, found.path].join(" -> ")})`, target.span));
    return undefined;
  }
  sources.set(found.path, found.text);
  const parsed = parseText(found.text, found.path);
  for (const d of parsed.diagnostics) diagnostics.push(d);
  return collect(parsed.file, [...chain, from], defines, options, sources, diagnostics, readFile);
}

/** Adds a define; one from another file (the parent) is overridden, a second one in the same file is an error. */
function addDefine(n: FormNode, defines: Map<string, Define>, diagnostics: Diagnostic[]): void {
  const nameNode = n.args[0]?.value;
  const body = n.args[1]?.value;
  if (!nameNode || (nameNode.kind !== "ident" && nameNode.kind !== "string") || !body || n.args.length > 2) {
    // Several forms after the name are most often a list of rules meant as one body.
    const hint = n.args.length > 2 && nameNode ? "(define name {form1 form2 ...}): several forms as one body are a list" : "(define name body)";
    const what = n.args.length > 2 ? `a define needs a name and one body, and this one has ${n.args.length - 1} forms after its name` : "a define needs a name and one body";
    diagnostics.push(error("X001", what, n.span, hint));
    return;
  }
  const name = nameNode.kind === "ident" ? nameNode.name : nameNode.value;
  const prev = defines.get(name);
  if (prev && prev.span.file === n.span.file) {
    diagnostics.push({ ...error("X005", `'${name}' is defined twice`, nameNode.span), related: [{ message: "first defined here", span: prev.span }] });
    return;
  }
  defines.set(name, { name, body, span: n.span });
}

function addOption(n: FormNode, options: Map<string, OptionDecl>, diagnostics: Diagnostic[]): void {
  const nameNode = n.args[0]?.value;
  if (!nameNode || nameNode.kind !== "ident") {
    diagnostics.push(error("X003", "an option needs a name", n.span, "(option name default:value doc:\"...\")"));
    return;
  }
  const named = new Map(n.args.filter((a) => a.name).map((a) => [a.name!, a.value] as const));
  const def = named.get("default");
  const value = def ? literal(def) : undefined;
  if (value === undefined) {
    diagnostics.push(error("X003", `option '${nameNode.name}' needs a default value`, n.span, "default:<number or name>"));
    return;
  }
  const decl: OptionDecl = { name: nameNode.name, default: value, span: n.span };
  const doc = named.get("doc");
  if (doc?.kind === "string") decl.doc = doc.value;
  const min = named.get("min"), max = named.get("max"), values = named.get("values");
  if (min?.kind === "number") decl.min = min.value;
  if (max?.kind === "number") decl.max = max.value;
  if (values?.kind === "list") decl.values = values.items.map(literal).filter((v): v is OptionValue => v !== undefined);
  for (const a of n.args.slice(1)) {
    if (!a.name || !["default", "doc", "min", "max", "values"].includes(a.name)) {
      diagnostics.push(error("X003", `unexpected argument in (option ${nameNode.name} ...)`, a.nameSpan ?? a.value.span, "default: doc: min: max: values:"));
    }
  }
  const problem = checkRange(value, decl);
  if (problem) diagnostics.push(error("X003", `the default of option '${decl.name}' ${problem}`, def!.span, describeOption(decl)));
  const prev = options.get(decl.name);
  if (prev && prev.span.file === decl.span.file) {
    diagnostics.push({ ...error("X005", `option '${decl.name}' is declared twice`, nameNode.span), related: [{ message: "first declared here", span: prev.span }] });
    return;
  }
  options.set(decl.name, decl);
}

function literal(n: Node): OptionValue | undefined {
  if (n.kind === "number") return n.value;
  if (n.kind === "string") return n.value;
  if (n.kind === "ident") return n.name === "true" ? true : n.name === "false" ? false : n.name;
  return undefined;
}

/** The user's choices checked against the declarations; unknown names and bad values are errors. */
function resolveOptions(decls: Map<string, OptionDecl>, chosen: Record<string, string | number | boolean>, diagnostics: Diagnostic[]): Record<string, OptionValue> {
  const values: Record<string, OptionValue> = {};
  for (const d of decls.values()) values[d.name] = d.default;
  for (const [name, raw] of Object.entries(chosen)) {
    const d = decls.get(name);
    if (!d) {
      const known = [...decls.keys()];
      diagnostics.push(error("X002", `unknown option '${name}'`, undefined, known.length ? `one of: ${known.join(", ")}` : "this game has no options"));
      continue;
    }
    const v = coerce(raw, d);
    if (typeof v === "string" && (typeof d.default !== "string" || typeof raw !== "string")) {
      diagnostics.push(error("X003", `option '${name}': ${v}`, undefined, `a value like the default (${String(d.default)})`));
      continue;
    }
    const problem = checkRange(v, d);
    if (problem) {
      diagnostics.push(error("X003", `option '${name}' = ${String(v)} ${problem}`, undefined, describeOption(d)));
      continue;
    }
    values[name] = v;
  }
  return values;
}

function coerce(raw: string | number | boolean, d: OptionDecl): OptionValue {
  if (typeof raw !== "string") return typeof raw === typeof d.default ? raw : `${JSON.stringify(raw)} is not a ${typeof d.default}`;
  if (typeof d.default === "number") {
    // Read as the description's own number literals are: at most MAX_NUMBER in size.
    const t = raw.trim();
    if (!/^-?\d+(\.\d+)?$/.test(t)) return `'${raw}' is not a number`;
    const v = Number(t);
    return Math.abs(v) > MAX_NUMBER ? `'${t.length > 24 ? `${t.slice(0, 20)}... (${t.length} characters)` : t}' is too large (at most ${MAX_NUMBER})` : v;
  }
  if (typeof d.default === "boolean") return raw === "true" ? true : raw === "false" ? false : `'${raw}' is not true or false`;
  return raw;
}

function checkRange(v: OptionValue, d: OptionDecl): string | undefined {
  if (d.values && !d.values.includes(v)) return "is not one of the allowed values";
  if (typeof v === "number") {
    if (typeof d.default === "number" && Number.isInteger(d.default) && !Number.isInteger(v)) return "is not a whole number";
    if (d.min !== undefined && v < d.min) return `is below the minimum ${d.min}`;
    if (d.max !== undefined && v > d.max) return `is above the maximum ${d.max}`;
  }
  return undefined;
}

/** The option named by the count of `(players $name ...)` directly in the game form, if any. */
function playersOption(game: FormNode): string | undefined {
  const players = game.args.find((a) => !a.name && a.value.kind === "form" && a.value.head === "players")?.value as FormNode | undefined;
  const count = players?.args.find((a) => !a.name)?.value;
  return count?.kind === "optionRef" ? count.name : undefined;
}

export function describeOption(d: OptionDecl): string {
  const parts = [`default ${String(d.default)}`];
  if (d.values) parts.push(`values ${d.values.join(", ")}`);
  if (d.min !== undefined) parts.push(`min ${d.min}`);
  if (d.max !== undefined) parts.push(`max ${d.max}`);
  return parts.join("; ");
}

class Expander {
  private calls = 0;
  /** Nodes made so far, and how deep the node being expanded lies (see MAX_EXPANDED_*). */
  private nodes = 0;
  private depth = 0;
  private exhausted = false;

  constructor(
    private readonly defines: Map<string, Define>,
    private readonly options: Record<string, OptionValue>,
    private readonly diagnostics: Diagnostic[],
  ) {}

  node(n: Node, stack: Origin[]): Node {
    if (this.exhausted) return n;
    if (++this.nodes > MAX_EXPANDED_NODES || this.depth >= MAX_EXPANDED_DEPTH) {
      const why = this.depth >= MAX_EXPANDED_DEPTH ? `nests deeper than ${MAX_EXPANDED_DEPTH} levels` : `grows beyond ${MAX_EXPANDED_NODES} nodes`;
      return this.stop(`the description ${why} once its defines are expanded${stack.length ? ` (in (${stack[0]!.macro} ...))` : ""}`, stack.length ? stack[stack.length - 1]!.callSpan : n.span, n);
    }
    this.depth++;
    try {
      switch (n.kind) {
        case "optionRef":
          return this.option(n.name, n.span, stack);
        case "list":
          return { ...n, items: n.items.flatMap((i) => this.listItem(i, stack)) };
        case "form": {
          if (n.head.includes("$")) return this.chosenCall(n, stack);
          const def = this.defines.get(n.head);
          if (def) return this.call(def, n, stack);
          return { ...n, args: n.args.map((a) => ({ ...a, value: this.node(a.value, stack) })) };
        }
        default:
          return n;
      }
    } finally {
      this.depth--;
    }
  }

  /** Stops expanding, with one error: every later node is left as it is. */
  private stop(message: string, span: Span, n: Node): Node {
    this.exhausted = true;
    this.diagnostics.push(error("X006", message, span, "defines that do not call themselves, nor double their arguments at every level"));
    return n;
  }

  /**
   * An item of a list. A define whose body is a list, called as an item of a list, splices its
   * items in: `{("Common") (extra)}`, and a variant can override it with `{}` to add nothing.
   */
  private listItem(n: Node, stack: Origin[]): Node[] {
    const def = n.kind === "form" ? this.defines.get(n.head.includes("$") ? this.chosenName(n.head) : n.head) : undefined;
    const out = this.node(n, stack);
    return def?.body.kind === "list" && out.kind === "list" ? out.items : [out];
  }

  /**
   * A call whose name holds `$option` references, e.g. `("Seating $players")`: the define named
   * with the options' values, so each value of an option can bring its own block of a description.
   */
  private chosenName(head: string): string {
    return head.replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (_, opt: string) => String(this.options[opt] ?? "?"));
  }

  private chosenCall(n: FormNode, stack: Origin[]): Node {
    let unknown = false;
    const name = n.head.replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (_, opt: string) => {
      if (opt in this.options) return String(this.options[opt]);
      this.diagnostics.push(error("X002", `unknown option '$${opt}' in the name of (${n.head} ...)`, n.headSpan, Object.keys(this.options).length ? `one of: ${Object.keys(this.options).map((k) => "$" + k).join(", ")}` : "an option declared with (option ...)"));
      unknown = true;
      return "?";
    });
    if (unknown) return n;
    const def = this.defines.get(name);
    if (!def) {
      this.diagnostics.push(error("X002", `(${n.head} ...) names the define '${name}' with these option values, and there is none`, n.headSpan, "a (define ...) for every combination of option values the call can name"));
      return n;
    }
    return this.call(def, n, stack);
  }

  private option(name: string, span: Span, stack: Origin[]): Node {
    if (!(name in this.options)) {
      this.diagnostics.push(error("X002", `unknown option '$${name}'`, span, Object.keys(this.options).length ? `one of: ${Object.keys(this.options).map((k) => "$" + k).join(", ")}` : "an option declared with (option ...)"));
      return { kind: "ident", name: "?", span };
    }
    const v = this.options[name]!;
    const base = { span, ...(stack.length ? { expandedFrom: stack } : {}) };
    if (typeof v === "number") return { kind: "number", value: v, text: String(v), ...base };
    if (typeof v === "boolean") return { kind: "ident", name: String(v), ...base };
    return { kind: "ident", name: v, ...base };
  }

  private call(def: Define, call: FormNode, stack: Origin[]): Node {
    if (this.exhausted) return call;
    if (stack.length >= MAX_MACRO_DEPTH || ++this.calls > MAX_MACRO_CALLS) {
      const why = stack.length >= MAX_MACRO_DEPTH ? "goes too deep" : `needs more than ${MAX_MACRO_CALLS} expansions`;
      return this.stop(`expanding (${def.name} ...) ${why}: is the define recursive?`, call.span, call);
    }
    const args = call.args.map((a) => {
      if (a.name) this.diagnostics.push(error("X001", `(${def.name} ...) is a define and takes positional arguments only`, a.nameSpan ?? a.value.span));
      return this.node(a.value, stack);
    });
    const origin: Origin[] = [{ macro: def.name, callSpan: call.span }, ...stack];
    const used = new Set<number>();
    const body = this.substitute(def.body, args, origin, used, call);
    if (args.length > used.size && args.length > maxParam(def.body)) {
      this.diagnostics.push(error("X001", `(${def.name} ...) takes ${maxParam(def.body)} argument(s), got ${args.length}`, call.span));
    }
    return this.node(body, origin);
  }

  private substitute(n: Node, args: Node[], origin: Origin[], used: Set<number>, call: FormNode): Node {
    switch (n.kind) {
      case "param": {
        const a = args[n.index - 1];
        used.add(n.index);
        if (!a) {
          this.diagnostics.push({ ...error("X001", `(${origin[0]!.macro} ...) needs argument #${n.index}`, call.span), related: [{ message: "used here in the define", span: n.span }] });
          return { kind: "ident", name: "?", span: n.span };
        }
        return a;
      }
      case "list":
        return { ...n, expandedFrom: origin, items: n.items.map((i) => this.substitute(i, args, origin, used, call)) };
      case "form":
        return { ...n, expandedFrom: origin, args: n.args.map((a) => ({ ...a, value: this.substitute(a.value, args, origin, used, call) })) };
      default:
        return { ...n, expandedFrom: origin };
    }
  }
}

function maxParam(n: Node): number {
  switch (n.kind) {
    case "param":
      return n.index;
    case "list":
      return n.items.reduce((m, i) => Math.max(m, maxParam(i)), 0);
    case "form":
      return n.args.reduce((m, a) => Math.max(m, maxParam(a.value)), 0);
    default:
      return 0;
  }
}
