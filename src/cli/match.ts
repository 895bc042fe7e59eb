/**
 * `ludex match FILE --agents mcts,random -n 200 [--jobs N] [--out GAMES]`: a tournament between
 * agents with seats rotated, played on worker threads; a table of results per agent (95%
 * intervals), average game length and time per move, or `--json`. With `--out` every game is
 * written the moment it ends (see match-file.ts) and the same command resumes the match; Ctrl-C
 * or SIGTERM stops it with the summary of the games finished (exit 130).
 */
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";
import type { Command } from "commander";
import type { Game } from "../engine/play/game.js";
import type { GameRecord, MatchConfig, MatchSummary } from "../ai/match.js";
import { MAX_AGENT_HEAP_MB } from "../limits.js";
import { Interrupt } from "./interrupt.js";
import type { StoredGame } from "./match-file.js";
import { CliError, examples, GAME_ARG_HELP, integerArg, log, out, round, usageError, withGameOptions } from "./common.js";

interface MatchOptions {
  agents: string;
  count: number;
  jobs?: number;
  seed: number;
  first: number;
  maxPlies: number;
  out?: string;
  json?: boolean;
  option?: Record<string, string>;
}

/** Where a games file is suggested when none was given (the hint is a command to copy). */
const SUGGESTED_OUT = "match-games.jsonl";

export function registerMatch(program: Command): void {
  const cmd = program
    .command("match")
    .description("play agents against each other with seats rotated; results per agent with 95% confidence intervals")
    .argument("<game>", GAME_ARG_HELP)
    .requiredOption("--agents <specs>", "comma-separated agent specs, one per seat; the last fills any remaining seats (quote specs with commas: 'mcts:iterations=500,c=1.2';random)")
    .option("-n, --count <n>", "number of games", integerArg(1), 100)
    .option("--jobs <n>", "worker threads (default: all cores)", integerArg(1))
    .option("--seed <s>", "match seed (game i uses seed S+i)", integerArg(0), 0)
    .option("--first <i>", "index of the first game: parts run with --first 0, 10, 20... and the same seed play the games of one long match", integerArg(0), 0)
    .option("--max-plies <m>", "stop a game after this many plies (it counts as a draw, reported as unfinished)", integerArg(1), 2000)
    .option("--out <file>", "write each game to FILE as it ends (JSON Lines, synced to disk); the same command again resumes the match, playing only the games not in FILE; the summary covers every game in FILE")
    .option("--json", "print one JSON object");
  withGameOptions(cmd);
  examples(cmd, [
    "ludex match NAME --agents mcts:iterations=500,random -n 50 --option NAME=VALUE",
    "ludex match NAME --agents mcts:time=1s,random -n 50 --option NAME=VALUE",
    "ludex match NAME --agents 'mcts:iterations=300;greedy' -n 20 --jobs 2 --json",
    "ludex match NAME --agents mcts:iterations=500,random -n 1000 --out games.jsonl   # again to resume",
  ]);
  cmd.addHelpText(
    "after",
    "Ctrl-C or SIGTERM stops a match: it prints the summary of the games finished (`--json`: with \"interrupted\": true)\nand exits 130 at once (the games under way are not counted). With --out FILE those games stay in FILE and the same\ncommand plays the rest; without --out they are only in the --json output.\n",
  );
  cmd.action(async (file: string, opts: MatchOptions) => {
    const { loadGameFile } = await import("./load.js");
    const { createAgent, AgentSpecError } = await import("../ai/index.js");
    const game = loadGameFile(file, opts.option);
    const agents = splitAgents(opts.agents);
    if (agents.length > game.playerCount) throw usageError(`--agents: ${agents.length} agents for the ${game.playerCount} seats of ${game.name}`);
    for (const spec of agents) {
      if (spec.toLowerCase() === "human") throw usageError("--agents: a match is between agents; 'human' plays only in `ludex play`");
      try {
        createAgent(spec, 0, game);
      } catch (e) {
        if (e instanceof AgentSpecError) throw usageError(`--agents: ${e.message}`);
        throw e;
      }
    }
    const config: MatchConfig = { agents, games: opts.count, first: opts.first, seed: opts.seed, maxPlies: opts.maxPlies };
    // Ready for a signal before the first game is written: a run that has written one stops cleanly.
    const interrupt = new Interrupt();
    try {
      await runMatch(game, file, config, opts, interrupt);
    } finally {
      interrupt.dispose();
    }
  });
}

/** Plays the games of the match not yet in its games file, then prints the summary of every game finished. */
async function runMatch(game: Game, file: string, config: MatchConfig, opts: MatchOptions, interrupt: Interrupt): Promise<void> {
  const { summarise, gameIndices } = await import("../ai/match.js");
  const { openMatchFile, matchFileHeader } = await import("./match-file.js");
  // One match writes a games file at a time: two would interleave their games.
  const lock = opts.out ? await lockGamesFile(opts.out) : undefined;
  let stored;
  try {
    stored = opts.out ? openMatchFile(opts.out, matchFileHeader(game, file, config), { game, config, players: game.playerCount, keepRecords: opts.json === true, warn: log }) : undefined;
  } catch (e) {
    lock?.release();
    throw e;
  }
  try {
    const games = new Map<number, StoredGame>(stored?.games.map((g) => [g.index, g]));
    const planned = gameIndices(config);
    const toPlay = planned.filter((i) => !games.has(i));
    if (games.size) log(`${opts.out}: ${games.size} game(s) of this match already played; ${toPlay.length} of the ${planned.length} asked for left to play`);
    const jobs = Math.max(1, Math.min(opts.jobs ?? availableParallelism(), toPlay.length));
    const bar = new ProgressBar(planned.length, planned.length - toPlay.length);
    const onGame = (r: GameRecord) => {
      stored?.append(r);
      games.set(r.index, opts.json ? r : { ...r, record: undefined });
      bar.update();
    };
    const start = performance.now();
    try {
      // Even one job plays on a worker thread: a game (an agent's decision) on this thread would
      // leave a signal unheard until it ends.
      if (toPlay.length && !interrupt.stopped) await playOnWorkers(game.source.builtin ?? resolve(file), opts.option ?? {}, config, toPlay, jobs, onGame, interrupt);
    } finally {
      bar.finish();
    }
    const seconds = (performance.now() - start) / 1000;
    // Every game is on the disk before the summary counts it.
    stored?.close();
    const records = [...games.values()].sort((a, b) => a.index - b.index);
    const summary = summarise(records);
    const left = toPlay.filter((i) => !games.has(i)).length;
    if (interrupt.stopped) log(`interrupted: ${planned.length - left} of the ${planned.length} games finished; the summary covers the ${summary.games} game(s) finished`);
    if (opts.json) {
      // The records (one per game) let parts of a match be summed, or studied game by game.
      const kept = stored ? { out: stored.path, resumed: stored.games.length } : {};
      const stopped = interrupt.stopped ? { interrupted: true } : {};
      out(JSON.stringify({ format: "ludex-match/1", game: game.name, file, options: game.def.options, seed: opts.seed, first: opts.first, jobs, seconds: round(seconds, 2), ...kept, ...stopped, ...summary, records }, null, 1));
    } else {
      printTable(game, config.agents, opts, summary, jobs, seconds);
    }
    if (interrupt.stopped) log(resumeHint(opts, left));
  } finally {
    // Already closed unless something failed; closing reports a write that failed.
    try {
      stored?.close();
    } finally {
      lock?.release();
    }
  }
}

async function lockGamesFile(path: string) {
  const { lockRecord, RecordLockError } = await import("../record/lock.js");
  try {
    return lockRecord(path);
  } catch (e) {
    if (e instanceof RecordLockError) throw new CliError(e.message);
    throw e;
  }
}

function printTable(game: Game, agents: string[], opts: MatchOptions, summary: MatchSummary, jobs: number, seconds: number): void {
  out(`${game.name}: ${summary.games} games, agents ${agents.join(" | ")}, seats rotated, seed ${opts.seed}, ${jobs} job(s), ${round(seconds, 1)} s`);
  const w = Math.max(5, ...summary.agents.map((a) => a.agent.length));
  out(`${"agent".padEnd(w)}  games   wins  draws losses   win%   95% interval   ms/move`);
  for (const a of summary.agents) {
    const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
    out(
      `${a.agent.padEnd(w)} ${String(a.games).padStart(6)} ${String(a.wins).padStart(6)} ${String(a.draws).padStart(6)} ${String(a.losses).padStart(6)} ${pct(a.winRate).padStart(6)}  ${`${pct(a.winLow)}-${pct(a.winHigh)}`.padStart(13)} ${a.avgMoveMs.toFixed(1).padStart(9)}`,
    );
  }
  out(`average length: ${round(summary.avgLength, 1)} plies; unfinished (cut at ${opts.maxPlies} plies, counted as draws): ${summary.unfinished}`);
}

/** What to type to go on with an interrupted match: this very command, with a games file. */
function resumeHint(opts: MatchOptions, left: number): string {
  const command = ["ludex", ...process.argv.slice(2)].map(shellQuote).join(" ");
  if (opts.out) return `the games finished are in ${opts.out}; to play the other ${left}, run the same command again:\n  ${command}`;
  const kept = opts.json ? "are only in the JSON printed" : "are not kept";
  return `no --out FILE was given, so the games finished ${kept}; to keep every game as it ends and be able to resume, run with --out:\n  ${command} --out ${SUGGESTED_OUT}`;
}

/** A word as a POSIX shell reads it back. */
function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** Specs are separated by commas, except commas inside one spec's parameters; `;` always separates. */
export function splitAgents(text: string): string[] {
  const parts = text.includes(";") ? text.split(";") : text.split(/,(?![a-zA-Z]+=)/);
  const specs = parts.map((p) => p.trim()).filter(Boolean);
  if (!specs.length) throw usageError("--agents: give at least one agent, e.g. mcts:time=1s,random");
  return specs;
}

/**
 * Games are dealt round-robin to the workers; each result is handed to `onGame` as it arrives (so
 * a game a worker finished is kept even if the match stops a moment later). A signal, a failing
 * worker or a failing `onGame` stops every worker. `ref` is a built-in name or an absolute path.
 */
async function playOnWorkers(
  ref: string,
  options: Record<string, string>,
  config: MatchConfig,
  indices: readonly number[],
  jobs: number,
  onGame: (r: GameRecord) => void,
  interrupt: Interrupt,
): Promise<void> {
  const script = new URL("../ai/match-worker.js", import.meta.url);
  const workers: Worker[] = [];
  let failure: unknown;
  let stopping = false;
  const stopAll = () => {
    stopping = true;
    for (const worker of workers) void worker.terminate();
  };
  await new Promise<void>((done) => {
    let running = jobs;
    for (let w = 0; w < jobs; w++) {
      // Each worker's agents are held to an agent's heap, as in `play` (see MAX_AGENT_HEAP_MB).
      const worker = new Worker(script, { workerData: { file: ref, options, config, indices: indices.filter((_, k) => k % jobs === w) }, resourceLimits: { maxOldGenerationSizeMb: MAX_AGENT_HEAP_MB } });
      workers.push(worker);
      worker.on("message", (r: GameRecord) => {
        if (failure !== undefined) return;
        try {
          onGame(r);
        } catch (e) {
          failure = e;
          stopAll();
        }
      });
      worker.on("error", (e) => {
        failure ??= new CliError(`a match worker failed: ${e.message}`);
        stopAll();
      });
      worker.on("exit", (code) => {
        if (code !== 0 && !stopping) {
          failure ??= new CliError(`a match worker stopped with code ${code}`);
          stopAll();
        }
        if (--running === 0) done();
      });
    }
    interrupt.onStop(stopAll);
  });
  if (failure !== undefined) throw failure;
}

/** A progress bar on stderr when it is a terminal; otherwise a line every 10%. */
class ProgressBar {
  private readonly tty = process.stderr.isTTY === true;
  private nextTenth = 1;
  /** `done`: games finished before this run (a resumed match). */
  constructor(
    private readonly total: number,
    private done = 0,
  ) {
    while (this.nextTenth * this.total <= this.done * 10) this.nextTenth++;
  }
  /** One more game finished. */
  update(): void {
    const done = ++this.done;
    if (this.tty) {
      const width = 30, filled = Math.round((width * done) / this.total);
      process.stderr.write(`\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${this.total} games`);
    } else if (done * 10 >= this.nextTenth * this.total) {
      while (this.nextTenth * this.total <= done * 10) this.nextTenth++;
      log(`${done}/${this.total} games`);
    }
  }
  finish(): void {
    if (this.tty) process.stderr.write("\r\x1b[K");
  }
}
