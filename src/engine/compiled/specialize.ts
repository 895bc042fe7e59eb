/**
 * Puts compiled code in place of the closures, rule by rule (see emitter.ts), and says which rules
 * run compiled and which on closures. The closures stay the reference: `closures: true` at compile
 * time (the CLI's `--closures`) leaves every rule on them, and the differential test plays every
 * library game both ways.
 */
import type { CompiledSource, GameDef, MoveSource, Pred } from "../play/rules.js";
import { canCompile, Emitter, sourceOf } from "./emitter.js";

/** How one rule runs. */
export interface RuleCompilation {
  /** The rule as play-limit errors name it: `(jump ...) at file:line:col`. */
  rule: string;
  compiled: boolean;
  /** Compiled: the parts its code still calls as closures; on closures: why. */
  closures: string[];
}

export interface CompilationReport {
  /** One per move rule, in the order of GameDef.generators; then any combinator whose compilation failed. */
  rules: RuleCompilation[];
  /** How many end rules' conditions run as compiled code. */
  endRules: number;
}

/**
 * Compiles each move rule of `def` that can be, in place (its methods replaced by its compiled
 * ones), and reports. A rule whose compilation fails for any reason keeps its closures.
 */
export function specializeRules(def: GameDef): CompilationReport {
  const rules: RuleCompilation[] = [];
  for (const g of def.generators) {
    const rule = g.rule || g.constructor.name;
    if (!canCompile) {
      rules.push({ rule, compiled: false, closures: ["this runtime does not allow code made at run time"] });
      continue;
    }
    if (!g.compile) {
      rules.push({ rule, compiled: false, closures: ["not compiled yet"] });
      continue;
    }
    const e = new Emitter();
    let parts;
    try {
      parts = g.compile(e);
    } catch (err) {
      rules.push({ rule, compiled: false, closures: [`its compilation failed: ${(err as Error).message}`] });
      continue;
    }
    if (parts === null) {
      rules.push({ rule, compiled: false, closures: ["its options are not compiled yet"] });
      continue;
    }
    install(g, parts);
    rules.push({ rule, compiled: true, closures: e.calls });
  }
  if (canCompile) {
    // Then the combinators (priority, either, branch), parts first: their code calls the parts' own.
    const leaves = new Set<MoveSource>(def.generators), done = new Set<MoveSource>();
    const walk = (m: MoveSource): void => {
      if (done.has(m)) return;
      done.add(m);
      for (const part of m.parts ?? []) walk(part);
      if (leaves.has(m) || !m.compile) return;
      try {
        const parts = m.compile(new Emitter());
        if (parts) install(m, parts);
      } catch (err) {
        // Left on closures, like a rule whose compilation fails, and reported after the rules.
        rules.push({ rule: m.constructor.name, compiled: false, closures: [`its compilation failed: ${(err as Error).message}`] });
      }
    };
    // The play rules may be wrapped in sources no description names (the swap rule's): walked
    // from the top, then every source the description's moves compiled to.
    walk(def.play);
    for (const step of def.prelude) walk(step.moves);
    for (const source of def.moveSources ?? []) walk(source);
  }
  return { rules, endRules: canCompile ? compileEndConditions(def) : 0 };
}

/**
 * The conditions of the end rules (asked after every decision) as code, where they can be written
 * so: one function each, its parts inlined. Returns how many were compiled.
 */
function compileEndConditions(def: GameDef): number {
  let compiled = 0;
  for (const rule of def.end) {
    if (!sourceOf(rule.when)) continue;
    try {
      const e = new Emitter();
      rule.when = e.build<Pred>("end_when", "s, c", `return ${e.cond(rule.when)};`);
      compiled++;
    } catch {
      // Left on its closure.
    }
  }
  return compiled;
}

/** Puts a source's compiled methods in place of its own. */
function install(m: MoveSource, parts: CompiledSource): void {
  if (parts.generate) m.generate = parts.generate;
  if (parts.any) m.any = parts.any;
  if (parts.sample) m.sample = parts.sample;
  if (parts.trySlot) m.trySlot = parts.trySlot;
}

/** Whether rules run on closures unless a caller says otherwise: `LUDEX_CLOSURES=1` in the environment. */
export function closuresByDefault(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.LUDEX_CLOSURES === "1";
}

/** A game's compilation in brief, as `ludex bench` reports it. */
export interface CompilationSummary {
  /** Move rules in all, and how many run as compiled code. */
  rules: number;
  compiled: number;
  /** End rules in all, and how many conditions of theirs run as compiled code. */
  endRules: number;
  endCompiled: number;
  /** Each rule on closures, and each compiled rule that still calls closures, with what and why. */
  closures: string[];
}

export function summarizeCompilation(def: GameDef): CompilationSummary {
  const report = def.compilation;
  if (!report) return { rules: def.generators.length, compiled: 0, endRules: def.end.length, endCompiled: 0, closures: ["every rule (closures asked for)"] };
  const closures: string[] = [];
  for (const r of report.rules) {
    if (!r.compiled) closures.push(`${r.rule}: ${r.closures.join("; ")}`);
    else if (r.closures.length) closures.push(`${r.rule} calls ${[...new Set(r.closures)].join(", ")}`);
  }
  return { rules: report.rules.length, compiled: report.rules.filter((r) => r.compiled).length, endRules: def.end.length, endCompiled: report.endRules, closures };
}
