/**
 * Random playouts on the engine's fast path (`game.playout`: no move objects):
 * `ludex playout` (statistics over N seeded games) and `ludex bench` (throughput for S seconds).
 */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Command } from "commander";
import type { Game } from "../engine/play/game.js";
import { checkInvariants } from "../engine/play/invariants.js";
import { newTally, tallyPlayout, type Tally } from "../engine/play/playout-tally.js";
import { nextInt } from "../engine/state/rng.js";
import type { State } from "../engine/state/state.js";
import { Interrupt } from "./interrupt.js";
import { CliError, describeOptions, GAME_ARG_HELP, examples, integerArg, log, out, positiveNumberArg, readTextFile, round, seatLabel, usageError, withGameOptions } from "./common.js";
import type { BenchAllOptions } from "./bench-all.js";
import type { BenchAllReport } from "./bench-report.js";
import { MAX_RECORD_BYTES } from "../limits.js";
import { summarizeCompilation, type CompilationSummary } from "../engine/compiled/specialize.js";
import { shown } from "../library/untrusted.js";

const DEFAULT_MAX_PLIES = 10_000;

/** One state per game, started again for each playout (a short game's playout would otherwise spend a fair part of its time making a state). */
const scratch = new WeakMap<Game, State>();

/** One playout from the start position seeded `seed`, added to the tally. */
export function playOne(game: Game, seed: number, maxPlies: number, t: Tally, check = false, countBranching = true): void {
  const reuse = scratch.get(game);
  const s = game.newGame({ seed, reuse });
  if (!reuse) scratch.set(game, s);
  const stats = { branching: 0 };
  // Without counting legal moves, the engine may draw moves directly (see Game.playout).
  const plies = check ? checkedPlayout(game, s, seed, maxPlies, stats) : countBranching ? game.playout(s, maxPlies, stats) : game.playout(s, maxPlies);
  tallyPlayout(game, s, plies, stats.branching, t);
}

/**
 * A random playout like `game.playout` (same moves for the same seed) that checks the engine's
 * invariants after every decision and that a player to act always has a legal move.
 */
function checkedPlayout(game: Game, s: State, seed: number, maxPlies: number, stats: { branching: number }): number {
  let plies = 0;
  const fail = (problems: string[]) => {
    throw new CliError(`playout with seed ${seed}, after ${plies} plies:\n  ${problems.join("\n  ")}`);
  };
  const initial = checkInvariants(game, s);
  if (initial.length) fail(initial);
  while (!s.over && plies < maxPlies) {
    // A throw is drawn as the playout draws it, and is no player's decision: not counted (plies, branching).
    if (s.rollDue) {
      game.throwInPlace(s);
      const problems = checkInvariants(game, s);
      if (problems.length) fail(problems);
      continue;
    }
    const buf = game.generate(s);
    if (buf.size === 0) fail([`P${s.mover + 1} is to act but has no legal move, and no rule ended the game`]);
    stats.branching += buf.size;
    game.applyRow(s, buf, nextInt(s.rng, buf.size));
    plies++;
    const problems = checkInvariants(game, s);
    if (problems.length) fail(problems);
  }
  return plies;
}

const avg = (sum: number, n: number) => (n ? sum / n : 0);

// --- ludex playout ---

interface PlayoutOptions {
  count: number;
  seed: number;
  maxPlies: number;
  json?: boolean;
  check?: boolean;
  option?: Record<string, string>;
}

export function registerPlayout(program: Command): void {
  const cmd = program
    .command("playout")
    .description("play N random games and report results, lengths and branching (playout i uses seed S+i)")
    .argument("<game>", GAME_ARG_HELP)
    .option("-n, --count <n>", "number of playouts", integerArg(1), 100)
    .option("--seed <s>", "seed of the first playout", integerArg(0), 0)
    .option("--max-plies <m>", "cut a playout after this many plies (it counts as unfinished)", integerArg(1), DEFAULT_MAX_PLIES)
    .option("--json", "print one JSON object")
    .option("--check", "check the engine's invariants after every decision (slower); a violation exits 1");
  withGameOptions(cmd);
  examples(cmd, [
    "ludex playout NAME -n 1000 --option NAME=VALUE",
    "ludex playout NAME -n 1000 --check",
    "ludex playout NAME -n 20 --seed 7 --json",
  ]);
  // Playouts run on a thread: a signal is heard even in the middle of one long playout.
  cmd.action(async (file: string, opts: PlayoutOptions) => {
    const { runOnThread } = await import("./on-thread.js");
    await runOnThread("playout", [file, opts], {
      graceMs: STOP_GRACE_MS,
      abandoned: (snapshot) => reportPlayouts(snapshot as PlayoutSnapshot | undefined, opts, true),
    });
  });
}

/**
 * How long a stopping thread may take to report by itself; past it (a playout still running) it
 * is ended and its last snapshot (at most 50 ms old) reported.
 */
const STOP_GRACE_MS = 300;

/** The game's figures a report names, with the tally of the playouts so far. */
interface PlayoutSnapshot {
  game: string;
  file: string;
  options: Record<string, unknown>;
  labels: string[];
  names: string[];
  tally: Tally;
  elapsed: number;
}

/** `ludex playout`'s work and report (run on a task thread). */
export async function runPlayouts(file: string, opts: PlayoutOptions): Promise<void> {
  const { sendSnapshot } = await import("./on-thread.js");
  const { loadGameFile } = await import("./load.js");
  const game = loadGameFile(file, opts.option);
  const t = newTally(game.playerCount);
  const progress = new Progress(opts.count);
  const interrupt = new Interrupt();
  const start = performance.now();
  const snapshot = (): PlayoutSnapshot => ({
    game: game.name,
    file,
    options: game.def.options,
    labels: Array.from({ length: game.playerCount }, (_, p) => seatLabel(game, p)),
    names: Array.from({ length: game.playerCount }, (_, p) => game.def.players.names[p] ?? `P${p + 1}`),
    tally: t,
    elapsed: (performance.now() - start) / 1000,
  });
  sendSnapshot(snapshot());
  for (let i = 0; i < opts.count; i++) {
    playOne(game, opts.seed + i, opts.maxPlies, t, opts.check);
    progress.update(i + 1);
    if (interrupt.due()) {
      sendSnapshot(snapshot());
      if (await interrupt.pause()) break;
    }
  }
  progress.finish();
  interrupt.dispose();
  reportPlayouts(snapshot(), opts, interrupt.stopped);
}

/** Prints the figures of the playouts finished (none known: `snapshot` undefined, stopped before the game was ready). */
function reportPlayouts(snapshot: PlayoutSnapshot | undefined, opts: PlayoutOptions, stopped: boolean): void {
  if (!snapshot) {
    log("interrupted before the first playout");
    if (opts.json) out(JSON.stringify({ format: "ludex-playouts/1", playouts: 0, interrupted: true }, null, 2));
    return;
  }
  const { tally: t, labels } = snapshot;
  if (stopped) log(`interrupted after ${t.playouts} of ${opts.count} playouts; their statistics follow`);
  const report = {
    format: "ludex-playouts/1",
    game: snapshot.game,
    file: snapshot.file,
    options: snapshot.options,
    playouts: t.playouts,
    seed: opts.seed,
    maxPlies: opts.maxPlies,
    players: labels.map((_, p) => ({
      player: `P${p + 1}`,
      name: snapshot.names[p]!,
      wins: t.wins[p]!,
      losses: t.losses[p]!,
      draws: t.drawsOf[p]!,
    })),
    draws: t.draws,
    unfinished: t.unfinished,
    avgLength: round(avg(t.plies, t.playouts), 3),
    avgBranching: round(avg(t.branching, t.plies), 3),
    plies: t.plies,
    elapsedSeconds: round(snapshot.elapsed, 3),
    ...(stopped ? { interrupted: true } : {}),
  };
  if (opts.json) {
    out(JSON.stringify(report, null, 2));
    return;
  }
  const w = Math.max(6, ...labels.map((l) => l.length));
  const num = (v: number) => String(v).padStart(7);
  const pct = (v: number) => `${((100 * v) / Math.max(1, t.playouts)).toFixed(1)}%`.padStart(8);
  out(`${snapshot.game}: ${t.playouts} random playouts (seeds ${opts.seed}..${opts.seed + t.playouts - 1}, max ${opts.maxPlies} plies, options: ${describeOptions(snapshot.options)})`);
  out(`${"player".padEnd(w)} ${"wins".padStart(7)} ${"losses".padStart(7)} ${"draws".padStart(7)} ${"win%".padStart(8)}`);
  report.players.forEach((r, p) => out(`${labels[p]!.padEnd(w)} ${num(r.wins)} ${num(r.losses)} ${num(r.draws)} ${pct(r.wins)}`));
  // Said only when it happens (the line is otherwise as it always was): a gap in the rules.
  const stuck = t.stuck ? ` (${t.stuck} stuck: the player to act had no legal move and no rule ended the game)` : "";
  out(`draws: ${t.draws}, unfinished: ${t.unfinished}${stuck}`);
  out(`average length: ${report.avgLength} plies, average branching: ${report.avgBranching}, elapsed: ${report.elapsedSeconds} s`);
}

/**
 * A progress line on stderr: redrawn with \r on a terminal; otherwise (a log) a line every 10%
 * or every 10 seconds, whichever comes first, once the run has taken 2 s.
 */
class Progress {
  private readonly tty = process.stderr.isTTY === true;
  private readonly start = performance.now();
  private lastDraw = 0;
  private lastLine = performance.now();
  private drawn = false;
  private nextTenth = 1;

  constructor(private readonly total: number) {}

  update(done: number): void {
    const now = performance.now();
    if (this.tty) {
      if (now - this.lastDraw < 100 && done < this.total) return;
      this.lastDraw = now;
      this.drawn = true;
      process.stderr.write(`\rplayout ${done}/${this.total} (${Math.floor((100 * done) / this.total)}%)`);
      return;
    }
    const tenth = done * 10 >= this.nextTenth * this.total;
    if (!tenth && now - this.lastLine < 10_000) return;
    while (this.nextTenth * this.total <= done * 10) this.nextTenth++;
    if (now - this.start > 2000 && done < this.total) {
      this.lastLine = now;
      log(`playout ${done}/${this.total} (${Math.floor((100 * done) / this.total)}%)`);
    }
  }

  finish(): void {
    if (this.drawn) process.stderr.write("\r\x1b[K");
  }
}

// --- ludex bench ---

/** Per second, 0 when no time was measured (a bench interrupted during its warm-up). */
const rate = (n: number, seconds: number): number => (seconds > 0 ? n / seconds : 0);

interface BenchOptions {
  seconds: number;
  seed: number;
  maxPlies: number;
  json?: boolean;
  option?: Record<string, string>;
}

/** The flags of `ludex bench` as commander gives them (`seconds` has a default per mode). */
interface BenchFlags extends Omit<BenchOptions, "seconds"> {
  seconds?: number;
  all?: boolean;
  games?: string[];
  references?: boolean;
  out?: string;
  compare?: string;
  tolerance: number;
  failSlower?: boolean;
}

/** `--games a,b`: a list of names (checked against the library when the command runs). */
const gameList = (value: string): string[] => value.split(",").map((g) => g.trim().toLowerCase()).filter(Boolean);

export function registerBench(program: Command): void {
  const cmd = program
    .command("bench")
    .description(
      "measure random-playout throughput on one thread: one game (a warm-up, then playouts for S seconds), or the library's games " +
        "(--all, --games) as JSON to keep and compare, with hand-written references measured alongside (--references)",
    )
    .argument("[game]", GAME_ARG_HELP)
    .option("--seconds <s>", "measuring time in seconds, per game, after a warm-up of min(1, S/5) (with --all at least 0.3); default 5 for one game, 1 a game with --all", positiveNumberArg)
    .option("--seed <s>", "seed of the first playout", integerArg(0), 0)
    .option("--max-plies <m>", "cut a playout after this many plies (it counts as unfinished)", integerArg(1), DEFAULT_MAX_PLIES)
    .option("--json", "print one JSON object (ludex-bench/1; with --all, --games or --references: ludex-bench-all/1)")
    .option("--all", "every library game with its default options, one after another (a minute or two at --seconds 1)")
    .option("--games <a,b>", "these library games only (instead of --all)", gameList)
    .option("--references", "measure the hand-written references of the repository's test/references/ alternately with their games and report Ludex's ratio to each (playouts, or perft nodes for chess's move generator); alone, only the games that have one")
    .option("--out <file>", "write the ludex-bench-all/1 JSON to FILE (the table still goes to stdout)")
    .option("--compare <file>", "print each game's ratio to a saved ludex-bench-all/1 run and flag those more than --tolerance slower")
    .option("--tolerance <percent>", "how much slower than the saved run (playouts per CPU second) a game may be before it is flagged", positiveNumberArg, 10)
    .option("--fail-slower", "with --compare: exit 1 when a game is flagged slower");
  withGameOptions(cmd);
  examples(cmd, [
    "ludex bench NAME --option NAME=VALUE",
    "ludex bench games/NAME.game --seconds 1 --json",
    "ludex bench --all --references --out bench.json",
    "ludex bench --all --compare bench.json --fail-slower",
    "ludex bench --games konane,gomoku --references --seconds 2",
  ]);
  // Playouts run on a thread, as for `ludex playout` (the same engine code, as fast there).
  cmd.action(async (file: string | undefined, flags: BenchFlags) => {
    const { runOnThread } = await import("./on-thread.js");
    if (flags.all || flags.games || flags.references || flags.out || flags.compare || flags.failSlower) {
      if (file) throw usageError("give a game, or --all / --games / --references, not both");
      if (flags.option) throw usageError("--option applies to one game; --all measures each game with its default options");
      if (flags.failSlower && !flags.compare) throw usageError("--fail-slower needs --compare FILE");
      if (!flags.all && !flags.games && !flags.references) throw usageError("--out and --compare go with --all, --games or --references");
      const { names, opts, saved } = await benchAllSetup(flags);
      const { runBenchAll } = await import("./bench-all.js");
      await runBenchAll(names, opts, saved);
      return;
    }
    if (!file) throw usageError("missing required argument 'game' (or --all for the whole library)");
    const opts: BenchOptions = { ...flags, seconds: flags.seconds ?? 5 };
    await runOnThread("bench", [file, opts], {
      graceMs: STOP_GRACE_MS,
      abandoned: (snapshot) => reportBench(snapshot as BenchSnapshot | undefined, file, opts, true),
    });
  });
}

/** The games `--all`, `--games` and `--references` name (unknown names are a usage error), the options, the saved run to compare with. */
async function benchAllSetup(flags: BenchFlags): Promise<{ names: string[]; opts: BenchAllOptions; saved?: { file: string; run: BenchAllReport } }> {
  const { builtinGameNames } = await import("../library/builtin.js");
  const library = builtinGameNames();
  let names = library;
  if (flags.games) {
    const unknown = flags.games.filter((g) => !library.includes(g));
    if (unknown.length) throw usageError(`--games: no library game ${unknown.map((g) => `'${shown(g)}'`).join(", ")} (\`ludex list\` names them)`);
    names = [...new Set(flags.games)];
  } else if (!flags.all && flags.references) {
    const { referenceGames } = await import("./bench-all.js");
    names = await referenceGames();
  }
  const opts: BenchAllOptions = {
    seconds: flags.seconds ?? 1,
    seed: flags.seed,
    maxPlies: flags.maxPlies,
    references: flags.references,
    json: flags.json,
    out: flags.out,
    tolerance: flags.tolerance / 100,
    failSlower: flags.failSlower,
  };
  // Said now rather than after a minute of measuring.
  if (flags.out && !existsSync(dirname(resolve(flags.out)))) throw new CliError(`cannot write '${flags.out}': no folder '${dirname(flags.out)}'`);
  if (!flags.compare) return { names, opts };
  const { savedRun } = await import("./bench-report.js");
  let data: unknown;
  try {
    data = JSON.parse(readTextFile(flags.compare, "saved bench run", MAX_RECORD_BYTES));
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`${flags.compare}: not JSON (${(e as Error).message})`);
  }
  const run = savedRun(data);
  if (typeof run === "string") throw new CliError(`${flags.compare}: ${run}`);
  return { names, opts, saved: { file: flags.compare, run } };
}

/** The figures of a bench so far. */
interface BenchSnapshot {
  game: string;
  options: Record<string, unknown>;
  /** Which move rules ran as compiled code. */
  rules: CompilationSummary;
  /** The warm-up's tally (for the branching figure) and the measure's so far. */
  warm: Tally;
  tally: Tally;
  elapsed: number;
  cpu: number;
}

/** `ludex bench`'s work and report (run on a task thread). */
export async function runBench(file: string, opts: BenchOptions): Promise<void> {
  const { sendSnapshot } = await import("./on-thread.js");
  const { loadGameFile } = await import("./load.js");
  const game = loadGameFile(file, opts.option);
  const rules = summarizeCompilation(game.def);
  const warmup = Math.min(1, opts.seconds / 5);
  // Ready for a signal before saying that the run begins.
  const interrupt = new Interrupt();
  log(`bench ${game.name}: warm-up ${round(warmup)} s, then measuring for ${opts.seconds} s`);
  let seed = opts.seed;
  let warm = newTally(game.playerCount);
  const snapshot = (tally: Tally, elapsed: number, cpu: number): BenchSnapshot => ({ game: game.name, options: game.def.options, rules, warm, tally, elapsed, cpu });
  // CPU time is the process's (this thread and the garbage collector's helpers): on a shared,
  // loaded machine playouts per CPU second compare fairly where wall time does not.
  const run = async (seconds: number, countBranching: boolean): Promise<{ tally: Tally; elapsed: number; cpu: number }> => {
    const tally = newTally(game.playerCount);
    const cpu0 = process.cpuUsage();
    const start = performance.now();
    const end = start + seconds * 1000;
    const cpuSeconds = () => {
      const cpu = process.cpuUsage(cpu0);
      return (cpu.user + cpu.system) / 1e6;
    };
    let now = start;
    do {
      playOne(game, seed++, opts.maxPlies, tally, false, countBranching);
      now = performance.now();
      if (interrupt.due(now)) {
        if (!countBranching) sendSnapshot(snapshot(tally, (now - start) / 1000, cpuSeconds()));
        if (await interrupt.pause()) break;
      }
    } while (now < end);
    return { tally, elapsed: (now - start) / 1000, cpu: cpuSeconds() };
  };
  // The warm-up counts legal moves (for the branching figure); the measure plays as fast as it can.
  ({ tally: warm } = await run(warmup, true));
  sendSnapshot(snapshot(newTally(game.playerCount), 0, 0));
  const { tally: t, elapsed, cpu } = interrupt.stopped ? { tally: newTally(game.playerCount), elapsed: 0, cpu: 0 } : await run(opts.seconds, false);
  interrupt.dispose();
  reportBench(snapshot(t, elapsed, cpu), file, opts, interrupt.stopped);
}

/** Prints a bench's figures (none known: `snapshot` undefined, stopped during the warm-up). */
function reportBench(snapshot: BenchSnapshot | undefined, file: string, opts: BenchOptions, stopped: boolean): void {
  if (!snapshot) {
    log("interrupted during the warm-up; nothing measured");
    if (opts.json) out(JSON.stringify({ format: "ludex-bench/1", file, playouts: 0, interrupted: true }, null, 2));
    return;
  }
  const { tally: t, warm, elapsed, cpu } = snapshot;
  if (stopped) log(`interrupted after ${t.playouts} measured playouts; the figures below cover them`);
  const report = {
    format: "ludex-bench/1",
    game: snapshot.game,
    file,
    options: snapshot.options,
    seconds: round(elapsed, 3),
    playouts: t.playouts,
    plies: t.plies,
    playoutsPerSec: round(rate(t.playouts, elapsed), 1),
    pliesPerSec: Math.round(rate(t.plies, elapsed)),
    cpuSeconds: round(cpu, 3),
    playoutsPerCpuSec: round(rate(t.playouts, cpu), 1),
    avgLength: round(avg(t.plies, t.playouts), 2),
    avgBranching: round(avg(warm.branching, warm.plies), 3),
    unfinished: t.unfinished,
    maxPlies: opts.maxPlies,
    rules: snapshot.rules,
    ...(stopped ? { interrupted: true } : {}),
  };
  if (opts.json) {
    out(JSON.stringify(report, null, 2));
    return;
  }
  out(`${snapshot.game} (options: ${describeOptions(snapshot.options)}): ${t.playouts} playouts in ${report.seconds} s`);
  out(`  playouts/s     ${report.playoutsPerSec}   (per CPU second: ${report.playoutsPerCpuSec})`);
  out(`  plies/s        ${report.pliesPerSec}`);
  out(`  avg length     ${report.avgLength} plies`);
  out(`  avg branching  ${report.avgBranching}`);
  out(`  unfinished     ${t.unfinished} (max ${opts.maxPlies} plies)`);
  const r = snapshot.rules;
  out(`  compiled       ${r.compiled} of ${r.rules} move rules, ${r.endCompiled} of ${r.endRules} end conditions`);
  for (const line of r.closures) out(`    on closures: ${line}`);
}
