/**
 * Rules compiled to code: the source text of specialised functions, built from the rules graph.
 *
 * The compiler makes every rule a closure first (the reference, always complete). A rule that knows
 * how can also describe itself as JavaScript source; `specializeRules` (specialize.ts) then joins
 * those descriptions into one function per generator, with its conditions inlined, its board tables
 * and constants bound once, and the branches of its options decided at compile time, and puts that
 * function in the closure's place. A part without a description is called as its closure from the
 * compiled code, so compiling is never all or nothing.
 *
 * Safety: nothing from a description's text ever becomes source text. Only integers are written into
 * the source (checked); every other value a compiled function reads (a table, a closure) is passed
 * in as a parameter of the function that makes it.
 */
import type { IntExpr, Pred } from "../play/rules.js";

/**
 * The source of a condition or a number as a JavaScript expression over the state `s` and the
 * evaluation context `c`, the same value as its closure's in every state (parenthesised by the caller).
 */
export type Emit = (e: Emitter) => string;

const sources = new WeakMap<object, Emit>();

/** Records how to write `fn` as source; returns `fn` (builders wrap the closure they return). */
export function withSource<F extends object>(fn: F, emit: Emit): F {
  sources.set(fn, emit);
  return fn;
}

/** How to write `fn` as source, if it said. */
export function sourceOf(fn: object): Emit | undefined {
  return sources.get(fn);
}

/**
 * The evaluation context's site fields that compiled code can hold in locals of its own: while a
 * condition is written with such a binding, it reads the local (a site, never -1) instead of the
 * context, and the context's field need not be set for it.
 */
export type SiteField = "from" | "over" | "to" | "site";
export type SiteBindings = Partial<Record<SiteField, string>>;

/**
 * Marks an assignment to the context (see `set`) in the text being built: `build` keeps or drops
 * the marked assignments. The character cannot come from a description (none of its text is ever
 * written into the source) nor from the templates.
 */
const MARK = "\u0001";
const MARKED = /\u0001([^\u0001]*)\u0001/g;
const MARKED_STATEMENT = /\u0001[^\u0001]*\u0001;\n?/g;

/** A name that is a valid identifier and cannot clash with the emitted code's own (`s`, `c`, `out` ...). */
function safeHint(hint: string): string {
  return /^[a-zA-Z][a-zA-Z0-9]*$/.test(hint) ? hint : "k";
}

export class Emitter {
  private readonly values: unknown[] = [];
  private readonly names: string[] = [];
  private readonly byValue = new Map<unknown, string>();
  private locals: string[] = [];
  private counter = 0;
  /** What the compiled code calls as closures (no source): the rules left on closures, for the report. */
  readonly calls: string[] = [];

  /** A value the code reads (a table, a closure, an object), passed in once: its name in the source. */
  ref(value: unknown, hint = "k"): string {
    const known = this.byValue.get(value);
    if (known !== undefined) return known;
    const name = `${safeHint(hint)}_${this.counter++}`;
    this.values.push(value);
    this.names.push(name);
    this.byValue.set(value, name);
    return name;
  }

  /** An integer written into the source. */
  int(n: number): string {
    if (!Number.isSafeInteger(n)) throw new Error(`a compiled rule may only inline integers, not ${String(n)}`);
    return n < 0 ? `(${n})` : String(n);
  }

  /** A fresh local variable of the function being built (declared at its top). */
  local(hint = "t"): string {
    const name = `${safeHint(hint)}$${this.counter++}`;
    this.locals.push(name);
    return name;
  }

  /** The site fields bound to locals while the present condition is written (see SiteField). */
  private sites: SiteBindings = {};

  /**
   * A condition as an expression over `s` and `c`: its source where it has one, else a call to its
   * closure (`what` names it in the report). `sites`: the context's site fields that locals of the
   * code hold where the condition stands (each a site, never -1); its source reads them there.
   */
  cond(fn: Pred, what = "a condition", sites?: SiteBindings): string {
    return this.written(fn, what, "p", sites);
  }

  /** A number as an expression over `s` and `c`, as `cond` does for conditions. */
  num(fn: IntExpr, what = "a number", sites?: SiteBindings): string {
    return this.written(fn, what, "n", sites);
  }

  private written(fn: object, what: string, hint: string, sites: SiteBindings | undefined): string {
    const emit = sourceOf(fn);
    if (!emit) {
      this.calls.push(what);
      return `${this.ref(fn, hint)}(s, c)`;
    }
    const outer = this.sites;
    if (sites) this.sites = { ...outer, ...sites };
    try {
      return `(${emit(this)})`;
    } finally {
      this.sites = outer;
    }
  }

  /** A site field of the context as the code being written reads it: the local bound to it, or the context's. */
  site(field: SiteField): string {
    return this.sites[field] ?? `c.${field}`;
  }

  /** Whether `expr` is a local bound to a site where the present condition stands (a site, never -1). */
  isBoundSite(expr: string): boolean {
    for (const local of Object.values(this.sites)) if (local === expr) return true;
    return false;
  }

  /**
   * `c.field = value` (an expression), for the conditions or closures the code calls that read the
   * context. `build` drops it where nothing in the function reads the context: every condition
   * inlined with its sites bound to locals.
   */
  set(field: string, value: string): string {
    if (!/^[a-zA-Z]+$/.test(field)) throw new Error(`not a context field: ${field}`);
    return `${MARK}c.${field} = ${value}${MARK}`;
  }

  /**
   * Makes the function `(params) { body }` named after `name` (the class and method it replaces),
   * in which every `ref` and `local` made so far is in scope.
   * Locals are the function's own; refs are shared by the functions this emitter makes.
   */
  build<F>(name: string, params: string, body: string): F {
    const locals = this.locals.length ? `let ${this.locals.join(", ")};\n` : "";
    this.locals = [];
    // Assignments to the context stay only if something reads it (the mover aside: callers set it).
    const reads = body.replace(MARKED, "").replace(/\bc\.player\b/g, "");
    const code = /\bc\b/.test(reads) ? body.replace(MARKED, "$1") : body.replace(MARKED_STATEMENT, "").replace(MARKED, "void 0");
    // Named for profiles (`compiled_StepGenerator_generate`); the name is the engine's, never a description's.
    const fname = `compiled_${name.replace(/[^A-Za-z0-9_]/g, "_")}`;
    const text = `"use strict";\nreturn function ${fname}(${params}) {\n${locals}${code}\n};`;
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the source is made here from templates and integers only (see above)
    const make = new Function(...this.names, text) as (...values: unknown[]) => F;
    return make(...this.values);
  }
}

/**
 * Whether this JavaScript runtime may make functions from source text. A page whose Content
 * Security Policy forbids it runs every rule on its closures.
 */
export const canCompile: boolean = (() => {
  try {
    return new Function("return 1")() === 1;
  } catch {
    return false;
  }
})();
