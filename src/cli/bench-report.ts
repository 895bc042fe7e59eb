/**
 * The figures of `ludex bench --all` as data (`ludex-bench-all/1`), their comparison with a saved
 * run, the table printed for people, and the report's output. The measuring is bench-game.ts's,
 * on task threads; this module runs on the main thread, which assembles the report.
 */
import { writeFileSync } from "node:fs";
import type { BenchAllOptions } from "./bench-all.js";
import { CliError, log, out, round } from "./common.js";
import type { CompilationSummary } from "../engine/compiled/specialize.js";

/** Version 1 still: `perft` (a game's perft against a perft reference) is an optional field a reader of older runs never needed. */
export const BENCH_ALL_FORMAT = "ludex-bench-all/1";

/** Throughput of one side of a measure (Ludex, or a hand-written reference). */
export interface Throughput {
  playouts: number;
  plies: number;
  cpuSeconds: number;
  playoutsPerCpuSec: number;
  pliesPerCpuSec: number;
}

export interface GameFigures extends Throughput {
  /** The built-in name (`konane`): how runs are matched. */
  game: string;
  title: string;
  options: Record<string, unknown>;
  seconds: number;
  unfinished: number;
  /** Which move rules ran as compiled code (absent in runs saved before rules were compiled). */
  rules?: CompilationSummary;
  /** Measured in the same run, alternating with Ludex; `ratio` is Ludex's playouts/CPU s over the reference's. */
  reference?: Throughput & { name: string; ratio: number };
  /** For a game with a perft reference (chess): Ludex's perft and the reference's, alternating. */
  perft?: PerftFigures;
}

/** Perft nodes (sequences counted) per CPU second of Ludex and a hand-written move generator, measured alternately on the same positions. */
export interface PerftFigures {
  reference: string;
  /** Each round counts sequences of `depth` moves from each of `positions`. */
  depth: number;
  positions: string[];
  nodes: number;
  cpuSeconds: number;
  nodesPerCpuSec: number;
  referenceNodes: number;
  referenceCpuSeconds: number;
  referenceNodesPerCpuSec: number;
  /** Ludex's nodes/CPU s over the reference's. */
  ratio: number;
}

export interface BenchAllReport {
  format: typeof BENCH_ALL_FORMAT;
  /** The checkout's commit (with `dirty` when files differ from it), null outside a git checkout. */
  commit: string | null;
  dirty?: boolean;
  node: string;
  date: string;
  /** Measuring time per game, warm-up excluded. */
  secondsPerGame: number;
  seed: number;
  maxPlies: number;
  games: GameFigures[];
  interrupted?: boolean;
  comparison?: Comparison;
}

/** Per CPU second, 0 when no time was measured. */
export function throughput(playouts: number, plies: number, cpuSeconds: number): Throughput {
  return {
    playouts,
    plies,
    cpuSeconds: round(cpuSeconds, 3),
    playoutsPerCpuSec: round(cpuSeconds > 0 ? playouts / cpuSeconds : 0, 1),
    pliesPerCpuSec: Math.round(cpuSeconds > 0 ? plies / cpuSeconds : 0),
  };
}

export interface GameComparison {
  game: string;
  /** Playouts per CPU second now and in the saved run. */
  now: number;
  then: number;
  /** now / then: below 1 - tolerance, the game is flagged slower. */
  ratio: number;
  slower: boolean;
  /** When both runs measured a reference: (ratio to the reference now) / (then), which a loaded machine disturbs less. */
  referenceRatio?: number;
  /** Likewise for the ratio of Ludex's perft to a perft reference's. */
  perftReferenceRatio?: number;
}

export interface Comparison {
  file: string;
  against: { commit: string | null; date: string | null };
  /** A game is flagged when its ratio is below 1 - tolerance. */
  tolerance: number;
  games: GameComparison[];
  /** Games of this run the saved one lacks, and the other way round. */
  added: string[];
  missing: string[];
  slower: string[];
}

/** Checks that `data` (parsed JSON) is a saved `ludex-bench-all/1` run; the message says what is wrong. */
export function savedRun(data: unknown): BenchAllReport | string {
  const r = data as Partial<BenchAllReport> | null;
  if (!r || typeof r !== "object" || r.format !== BENCH_ALL_FORMAT) return `not a ${BENCH_ALL_FORMAT} file (made by \`ludex bench --all --json\` or \`--out\`)`;
  if (!Array.isArray(r.games)) return "its 'games' is not a list";
  for (const g of r.games) {
    if (!g || typeof g.game !== "string" || typeof g.playoutsPerCpuSec !== "number") return "a game in it has no 'game' name or no 'playoutsPerCpuSec' figure";
  }
  return r as BenchAllReport;
}

/** Each game of `now` against the same game in `then` (by name), flagging those more than `tolerance` slower. */
export function compareRuns(now: BenchAllReport, then: BenchAllReport, file: string, tolerance: number): Comparison {
  const before = new Map(then.games.map((g) => [g.game, g]));
  const games: GameComparison[] = [];
  const added: string[] = [];
  for (const g of now.games) {
    const old = before.get(g.game);
    if (!old) {
      added.push(g.game);
      continue;
    }
    const ratio = old.playoutsPerCpuSec > 0 ? g.playoutsPerCpuSec / old.playoutsPerCpuSec : Infinity;
    const c: GameComparison = { game: g.game, now: g.playoutsPerCpuSec, then: old.playoutsPerCpuSec, ratio: round(ratio, 3), slower: ratio < 1 - tolerance };
    if (g.reference && old.reference && old.reference.ratio > 0) c.referenceRatio = round(g.reference.ratio / old.reference.ratio, 3);
    if (g.perft && old.perft && old.perft.ratio > 0) c.perftReferenceRatio = round(g.perft.ratio / old.perft.ratio, 3);
    games.push(c);
  }
  const measured = new Set(now.games.map((g) => g.game));
  return {
    file,
    against: { commit: then.commit ?? null, date: then.date ?? null },
    tolerance,
    games,
    added,
    missing: then.games.map((g) => g.game).filter((name) => !measured.has(name)),
    slower: games.filter((c) => c.slower).map((c) => c.game),
  };
}

/** A figure with thousands separators and at most `digits` decimals. */
function num(v: number, digits = 0): string {
  return v.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** The table of a run (and of its comparison), one line a game, for people. */
export function formatReport(r: BenchAllReport): string[] {
  const comparing = new Map((r.comparison?.games ?? []).map((c) => [c.game, c]));
  const withRefs = r.games.some((g) => g.reference);
  const head = ["game", "playouts/CPU s", "plies/CPU s", "playouts", "CPU s", "compiled"];
  if (withRefs) head.push("reference/CPU s", "Ludex/ref");
  if (r.comparison) head.push("saved/CPU s", "now/saved");
  const rows = r.games.map((g) => {
    const row = [g.game, num(g.playoutsPerCpuSec, 1), num(g.pliesPerCpuSec), num(g.playouts), num(g.cpuSeconds, 2), g.rules ? `${g.rules.compiled}/${g.rules.rules}` : ""];
    if (withRefs) row.push(g.reference ? num(g.reference.playoutsPerCpuSec, 1) : "", g.reference ? num(g.reference.ratio, 3) : "");
    const c = comparing.get(g.game);
    if (r.comparison) row.push(c ? num(c.then, 1) : "new", c ? `${num(c.ratio, 2)}${c.slower ? "  SLOWER" : ""}` : "");
    return row;
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ").trimEnd();
  const lines = [line(head), ...rows.map(line)];
  const partly = r.games.filter((g) => g.rules && g.rules.closures.length);
  if (partly.length) {
    lines.push("", "move rules on closures (not compiled yet), or compiled but calling closures:");
    for (const g of partly) for (const why of g.rules!.closures) lines.push(`  ${g.game}: ${why}`);
  }
  const refs = r.games.filter((g) => g.reference);
  if (refs.length) {
    lines.push("");
    for (const g of refs) {
      const ref = g.reference!;
      lines.push(`${g.game}: Ludex ${num(g.playoutsPerCpuSec, 1)}, ${ref.name} ${num(ref.playoutsPerCpuSec, 1)} playouts/CPU s, alternating: Ludex/reference ${num(ref.ratio, 3)} (the reference ${num(ref.ratio > 0 ? 1 / ref.ratio : 0, 2)}x Ludex)`);
    }
  }
  const perfts = r.games.filter((g) => g.perft);
  if (perfts.length) {
    if (!refs.length) lines.push("");
    for (const g of perfts) {
      const p = g.perft!;
      lines.push(
        `${g.game}: Ludex ${num(p.nodesPerCpuSec)}, ${p.reference} ${num(p.referenceNodesPerCpuSec)} perft nodes/CPU s (depth ${p.depth} from ${p.positions.length} positions), alternating: Ludex/reference ${num(p.ratio, 4)} (the reference ${num(p.ratio > 0 ? 1 / p.ratio : 0, 1)}x Ludex)`,
      );
    }
  }
  const c = r.comparison;
  if (c) {
    lines.push("");
    const made = [c.against.commit ? `commit ${c.against.commit.slice(0, 12)}` : "", c.against.date ?? ""].filter(Boolean);
    const against = made.length ? `${c.file} (${made.join(", ")})` : c.file;
    const pct = Math.round(c.tolerance * 100);
    lines.push(c.slower.length ? `${c.slower.length} of ${c.games.length} games more than ${pct}% slower than ${against}: ${c.slower.join(", ")}` : `no game more than ${pct}% slower than ${against}: ${c.games.length} compared`);
    const byRef = c.games.filter((g) => g.referenceRatio !== undefined);
    if (byRef.length) lines.push(`ratio to the reference, now/saved (less disturbed by load): ${byRef.map((g) => `${g.game} ${num(g.referenceRatio!, 2)}`).join(", ")}`);
    const byPerft = c.games.filter((g) => g.perftReferenceRatio !== undefined);
    if (byPerft.length) lines.push(`perft's ratio to the reference, now/saved: ${byPerft.map((g) => `${g.game} ${num(g.perftReferenceRatio!, 2)}`).join(", ")}`);
    if (c.added.length) lines.push(`not in the saved run: ${c.added.join(", ")}`);
    if (c.missing.length) lines.push(`in the saved run, not measured now: ${c.missing.join(", ")}`);
  }
  return lines;
}

/**
 * Compares with the saved run, writes `--out`, prints the table or the JSON; with `--fail-slower`
 * a game flagged slower exits 1 (not after a signal: `stopped`, the run reports what it finished).
 */
export function finishBenchAll(report: BenchAllReport, opts: BenchAllOptions, saved: { file: string; run: BenchAllReport } | undefined, stopped: boolean): void {
  if (stopped) {
    report.interrupted = true;
    log(`interrupted after ${report.games.length} game(s); their figures follow`);
  }
  if (saved) report.comparison = compareRuns(report, saved.run, saved.file, opts.tolerance);
  const json = JSON.stringify(report, null, 2);
  if (opts.out) {
    try {
      writeFileSync(opts.out, json + "\n");
    } catch (e) {
      throw new CliError(`cannot write '${opts.out}': ${(e as Error).message}`);
    }
  }
  if (opts.json) out(json);
  else for (const line of formatReport(report)) out(line);
  if (!stopped && opts.failSlower && report.comparison?.slower.length) throw new CliError("", 1);
}
