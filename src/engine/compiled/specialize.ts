/**
 * Puts compiled code in place of the closures, rule by rule (see emitter.ts), and says which rules
 * run compiled and which on closures. The closures stay the reference: `closures: true` at compile
 * time (the CLI's `--closures`) leaves every rule on them, and the differential test plays every
 * library game both ways.
 */
import type { CompiledSource, GameDef, MoveSource } from "../play/rules.js";
import { canCompile, Emitter } from "./emitter.js";

/** How one rule runs. */
export interface RuleCompilation {
  /** The rule as play-limit errors name it: `(jump ...) at file:line:col`. */
  rule: string;
  compiled: boolean;
  /** Compiled: the parts its code still calls as closures; on closures: why. */
  closures: string[];
}

export interface CompilationReport {
  rules: RuleCompilation[];
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
      let parts: CompiledSource | null = null;
      try {
        parts = m.compile(new Emitter());
      } catch {
        // Left on closures, like a rule whose compilation fails.
      }
      if (parts) install(m, parts);
    };
    walk(def.play);
    for (const step of def.prelude) walk(step.moves);
    for (const source of def.moveSources ?? []) walk(source);
  }
  return { rules };
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
  /** Each rule on closures, and each compiled rule that still calls closures, with what and why. */
  closures: string[];
}

export function summarizeCompilation(report: CompilationReport | undefined, ruleCount: number): CompilationSummary {
  if (!report) return { rules: ruleCount, compiled: 0, closures: ["every rule (closures asked for)"] };
  const closures: string[] = [];
  for (const r of report.rules) {
    if (!r.compiled) closures.push(`${r.rule}: ${r.closures.join("; ")}`);
    else if (r.closures.length) closures.push(`${r.rule} calls ${[...new Set(r.closures)].join(", ")}`);
  }
  return { rules: report.rules.length, compiled: report.rules.filter((r) => r.compiled).length, closures };
}
