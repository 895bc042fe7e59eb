/**
 * Binding: the expanded syntax tree becomes JSON (the IR) by the catalog.
 *
 * A form `(step kind:jump ...)` becomes `{"ludeme": "step", "kind": "jump", ...}` with positional
 * arguments given their parameter names; lists become arrays; identifiers and strings become
 * strings (`true`/`false` booleans); numbers stay numbers. The binder is driven by the category
 * each slot expects, so it reports unknown ludemes and ludemes of the wrong kind with the names
 * that would fit. Argument types are left to the JSON Schema. Every JSON node's pointer is mapped to
 * its source span so later stages can point at the text.
 */
import type { Arg, FormNode, Node, Span } from "./ast.js";
import { catalog, categoryInfo, findLudeme, otherReading, type ArgType, type Category, type LudemeSpec, type ParamSpec } from "./catalog.js";
import { error, type Diagnostic } from "./diagnostics.js";

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export interface Bound {
  ir: Json;
  /** JSON pointer (`/rules/play/over`) -> source span. */
  spans: Map<string, Span>;
  /** JSON pointer -> the define calls its node was expanded from (for nodes that came from a define). */
  origins: Map<string, { message: string; span: Span }[]>;
  /** Pointers of nodes that failed to bind (they hold null in the IR). */
  failed: string[];
  diagnostics: Diagnostic[];
}

export function bindGame(root: Node): Bound {
  const b = new Binder();
  const ir = b.bind(root, { t: "cat", cat: "game" }, "");
  return { ir, spans: b.spans, origins: b.origins, failed: b.failed, diagnostics: b.diagnostics };
}

class Binder {
  spans = new Map<string, Span>();
  origins = new Map<string, { message: string; span: Span }[]>();
  /** Pointers of nodes that could not be bound (already reported; the schema need not repeat it). */
  failed: string[] = [];
  diagnostics: Diagnostic[] = [];

  bind(node: Node, type: ArgType, ptr: string): Json {
    this.spans.set(ptr, node.span);
    if (node.expandedFrom?.length) this.origins.set(ptr, origins(node));
    const value = this.bindNode(node, type, ptr);
    if (value === null) this.failed.push(ptr);
    return value;
  }

  private bindNode(node: Node, type: ArgType, ptr: string): Json {
    switch (node.kind) {
      case "form":
        return this.bindForm(node, type, ptr);
      case "list": {
        const of = type.t === "list" ? type.of : type;
        return node.items.map((item, i) => this.bind(item, of, `${ptr}/${i}`));
      }
      case "string":
        return node.value;
      case "number":
        return node.value;
      case "ident":
        return node.name === "true" ? true : node.name === "false" ? false : node.name;
      case "param":
        this.diagnostics.push(error("X001", `macro parameter #${node.index} used outside a define body`, node.span, "a value"));
        return null;
      case "optionRef":
        this.diagnostics.push(error("X002", `unknown option '$${node.name}'`, node.span, "an option declared with (option ...)"));
        return null;
    }
  }

  private bindForm(node: FormNode, type: ArgType, ptr: string): Json {
    const expected = type.t === "cat" ? type.cat : undefined;
    const spec = findLudeme(node.head, expected);
    if (!spec) {
      this.diagnostics.push({
        ...error("B001", `unknown ludeme '${node.head}'`, node.headSpan, describeSlot(type)),
        related: origins(node),
      });
      return null;
    }
    if (expected && spec.category !== expected) {
      this.diagnostics.push({
        ...error("B004", `(${node.head} ...) is ${article(spec.category)} '${spec.category}' ludeme, not ${article(expected)} '${expected}'`, node.headSpan, describeSlot(type)),
        related: origins(node),
      });
      return null;
    }
    if (!expected && type.t !== "cat") {
      this.diagnostics.push(error("B004", `a form (${node.head} ...) is not allowed here`, node.span, describeType(type)));
      return null;
    }
    return this.bindArgs(node, spec, ptr);
  }

  private bindArgs(node: FormNode, spec: LudemeSpec, ptr: string): Json {
    const out: { [k: string]: Json } = { ludeme: spec.name };
    const positional = spec.params.filter((p) => !p.namedOnly);
    let next = 0;
    const rest = positional.find((p) => p.rest);
    const restItems: Json[] = [];
    const seen = new Set<string>();
    for (const arg of node.args) {
      if (arg.name !== undefined) {
        this.bindNamed(arg, spec, out, seen, ptr);
        continue;
      }
      const section = this.section(arg.value, spec);
      if (section) {
        this.bindSection(arg.value as FormNode, section, spec, out, seen, ptr);
        continue;
      }
      const byHead = this.ludemeForParam(arg.value, spec);
      if (byHead && !seen.has(byHead.name)) {
        // `(turns 2)` inside (rules ...): a ludeme named like a parameter it fits fills that parameter.
        seen.add(byHead.name);
        out[byHead.name] = this.bind(arg.value, byHead.type, `${ptr}/${byHead.name}`);
        continue;
      }
      // Parameters already filled by name or by a section are skipped.
      while (positional[next] && !positional[next]!.rest && seen.has(positional[next]!.name)) next++;
      const param = positional[next];
      if (param?.rest) {
        restItems.push(this.bind(arg.value, param.type, `${ptr}/${param.name}/${restItems.length}`));
        continue;
      }
      if (!param) {
        this.diagnostics.push(
          error("B002", `too many arguments for (${spec.name} ...)`, arg.value.span, `at most ${positional.length} positional argument(s): ${signature(spec)}`),
        );
        continue;
      }
      next++;
      if (seen.has(param.name)) {
        this.diagnostics.push(error("B003", `argument '${param.name}' of (${spec.name} ...) given twice`, arg.value.span));
        continue;
      }
      seen.add(param.name);
      out[param.name] = this.bind(arg.value, param.type, `${ptr}/${param.name}`);
    }
    if (rest && (restItems.length || !seen.has(rest.name))) {
      out[rest.name] = restItems;
      this.spans.set(`${ptr}/${rest.name}`, node.span);
    }
    return out;
  }

  /**
   * Ludii-style sections: `(equipment {...})`, `(play ...)` fill the parameter of that name. A form
   * is a section when its head names a parameter and is not itself a ludeme fitting that slot
   * (so `(players 2)` stays the players ludeme).
   */
  private section(node: Node, spec: LudemeSpec): ParamSpec | undefined {
    if (node.kind !== "form") return undefined;
    const param = spec.params.find((p) => p.name === node.head);
    if (!param) return undefined;
    const slot = param.type.t === "cat" ? param.type.cat : undefined;
    if (slot && findLudeme(node.head, slot)?.category === slot) return undefined;
    return param;
  }

  private ludemeForParam(node: Node, spec: LudemeSpec): ParamSpec | undefined {
    if (node.kind !== "form") return undefined;
    const param = spec.params.find((p) => p.name === node.head && p.type.t === "cat");
    if (!param || param.type.t !== "cat") return undefined;
    return findLudeme(node.head, param.type.cat)?.category === param.type.cat ? param : undefined;
  }

  private bindSection(node: FormNode, param: ParamSpec, spec: LudemeSpec, out: { [k: string]: Json }, seen: Set<string>, ptr: string): void {
    if (seen.has(param.name)) {
      this.diagnostics.push(error("B003", `section '${param.name}' of (${spec.name} ...) given twice`, node.headSpan));
      return;
    }
    seen.add(param.name);
    const key = `${ptr}/${param.name}`;
    const values = node.args.map((a) => a.value);
    if (node.args.some((a) => a.name)) {
      this.diagnostics.push(error("B004", `the section (${node.head} ...) takes its contents without names`, node.span, describeType(param.type)));
    }
    if (param.type.t === "list" && !(values.length === 1 && values[0]!.kind === "list")) {
      // `(start (place ...) (place ...))`: the items themselves, without braces.
      this.spans.set(key, node.span);
      out[param.name] = values.map((v, i) => this.bind(v, param.type.t === "list" ? param.type.of : param.type, `${key}/${i}`));
      return;
    }
    if (values.length !== 1) {
      this.diagnostics.push(error("B004", `the section (${node.head} ...) needs exactly one value`, node.span, describeType(param.type)));
      return;
    }
    out[param.name] = this.bind(values[0]!, param.type, key);
  }

  private bindNamed(arg: Arg, spec: LudemeSpec, out: { [k: string]: Json }, seen: Set<string>, ptr: string): void {
    const key = arg.name!;
    if (seen.has(key)) {
      this.diagnostics.push(error("B003", `argument '${key}' of (${spec.name} ...) given twice`, arg.nameSpan ?? arg.value.span));
      return;
    }
    seen.add(key);
    if (key === "__proto__" || key === "constructor" || key === "prototype") {
      // Names an object's machinery, not an argument: refused before it could reach an object key.
      this.diagnostics.push(error("B002", `(${spec.name} ...) has no argument '${key}'`, arg.nameSpan ?? arg.value.span, signature(spec)));
      return;
    }
    const param = spec.params.find((p) => p.name === key);
    if (!param && !spec.extraNamed) {
      // Not an argument of this ludeme: the schema says so, once; its value is not read (nothing
      // in it can be right or wrong for an argument that does not exist).
      out[key] = true;
      if (arg.nameSpan) this.spans.set(`${ptr}/${key}#name`, arg.nameSpan);
      return;
    }
    const type: ArgType = param?.type ?? spec.extraNamed!;
    const before = this.diagnostics.length;
    out[key] = this.bind(arg.value, type, `${ptr}/${key}`);
    // A form of the wrong category: where the other entry of a shared name takes it (the sow effect's site).
    const wrong = this.diagnostics[before];
    if (wrong?.code === "B004" && arg.value.kind === "form" && wrong.span === arg.value.headSpan) {
      const hint = otherReading(spec, key);
      if (hint) this.diagnostics[before] = { ...wrong, expected: `${wrong.expected ?? ""}${hint}` };
    }
    if (arg.nameSpan) this.spans.set(`${ptr}/${key}#name`, arg.nameSpan);
  }
}

function origins(node: Node): { message: string; span: Span }[] {
  return (node.expandedFrom ?? []).map((o) => ({ message: `expanded from (${o.macro} ...) here`, span: o.callSpan }));
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? "an" : "a";
}

/** What a slot of this type accepts, in words, listing the ludeme names that fit. */
export function describeSlot(type: ArgType): string {
  if (type.t !== "cat") return describeType(type);
  const names = catalog.filter((l) => l.category === type.cat).map((l) => l.name);
  const atom = categoryInfo[type.cat].atomDoc;
  const words = type.words ? type.words.map((w) => `\`${w}\``).join(", ") + ", " : "";
  return `${words}${atom ? atom + " or " : ""}one of (${names.join(" ")})`;
}

export function describeType(type: ArgType): string {
  switch (type.t) {
    case "int": {
      const num =
        type.min !== undefined && type.max !== undefined
          ? `a whole number from ${type.min} to ${type.max}`
          : type.min !== undefined
            ? `a whole number >= ${type.min}`
            : type.max !== undefined
              ? `a whole number <= ${type.max}`
              : "a whole number";
      return type.words ? `${num} or ${type.words.map((w) => `\`${w}\``).join(" or ")}` : num;
    }
    case "count-range": {
      const low = type.min !== undefined ? `a whole number >= ${type.min}` : "a whole number";
      const high = type.words ? `; HIGH may be ${type.words.map((w) => `\`${w}\``).join(" or ")}` : "";
      return `${low} (exactly that many) or a list {LOW HIGH} of two (from LOW to HIGH${high})`;
    }
    case "number":
      return "a number";
    case "bool":
      return "`true` or `false`";
    case "string":
      return 'a string in double quotes ("...")';
    case "name":
      return "a name";
    case "enum":
      return `one of ${type.values.map((v) => `'${v}'`).join(", ")}`;
    case "list":
      return `a list {...} of ${describeType(type.of)}`;
    case "cat":
      return describeSlot(type);
  }
}

export function signature(spec: LudemeSpec): string {
  const parts = spec.params.map((p) => {
    const t = p.type.t === "cat" ? p.type.cat : p.type.t === "list" ? `{${p.type.of.t === "cat" ? p.type.of.cat : p.type.of.t}}` : p.type.t === "count-range" ? "int|{int int}" : p.type.t;
    const body = p.namedOnly ? `${p.name}:${t}` : p.rest ? `${p.name}:${t}...` : `${p.name}:${t}`;
    return p.optional ? `[${body}]` : body;
  });
  if (spec.extraNamed) parts.push("[attr:number ...]");
  return `(${spec.name}${parts.length ? " " + parts.join(" ") : ""})`;
}

export type { Category };
