/**
 * `ludex match FILE --agents mcts,random -n 200 [--jobs N]`: a tournament between agents with
 * seats rotated, played on worker threads; a table of results per agent (95% intervals), average
 * game length and time per move, or `--json`.
 */
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";
import type { Command } from "commander";
import type { Game } from "../engine/game.js";
import { CliError, examples, GAME_ARG_HELP, integerArg, log, out, round, usageError, withGameOptions } from "./common.js";

interface MatchOptions {
  agents: string;
  count: number;
  jobs?: number;
  seed: number;
  first: number;
  maxPlies: number;
  json?: boolean;
  option?: Record<string, string>;
}

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
    .option("--json", "print one JSON object");
  withGameOptions(cmd);
  examples(cmd, [
    "ludex match NAME --agents mcts:iterations=500,random -n 50 --option NAME=VALUE",
    "ludex match NAME --agents mcts:time=1s,random -n 50 --option NAME=VALUE",
    "ludex match NAME --agents 'mcts:iterations=300;greedy' -n 20 --jobs 2 --json",
  ]);
  cmd.action(async (file: string, opts: MatchOptions) => {
    const { loadGameFile } = await import("./load.js");
    const { createAgent, AgentSpecError } = await import("../ai/index.js");
    const { summarise } = await import("../ai/match.js");
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
    const config = { agents, games: opts.count, first: opts.first, seed: opts.seed, maxPlies: opts.maxPlies };
    const jobs = Math.min(opts.jobs ?? availableParallelism(), opts.count);
    const start = performance.now();
    const records = jobs <= 1 ? await playInline(game, config) : await playOnWorkers(game.source.builtin ?? resolve(file), opts.option ?? {}, config, jobs);
    const summary = summarise(records.sort((a, b) => a.index - b.index));
    const seconds = (performance.now() - start) / 1000;
    if (opts.json) {
      // The records (one per game) let parts of a match be summed, or studied game by game.
      out(JSON.stringify({ format: "ludex-match/1", game: game.name, file, options: game.def.options, seed: opts.seed, first: opts.first, jobs, seconds: round(seconds, 2), ...summary, records }, null, 1));
      return;
    }
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
  });
}

/** Specs are separated by commas, except commas inside one spec's parameters; `;` always separates. */
export function splitAgents(text: string): string[] {
  const parts = text.includes(";") ? text.split(";") : text.split(/,(?![a-zA-Z]+=)/);
  const specs = parts.map((p) => p.trim()).filter(Boolean);
  if (!specs.length) throw usageError("--agents: give at least one agent, e.g. mcts:time=1s,random");
  return specs;
}

async function playInline(game: Game, config: import("../ai/match.js").MatchConfig) {
  const { playMatchGame, gameIndices } = await import("../ai/match.js");
  const bar = new ProgressBar(config.games);
  const records = [];
  for (const i of gameIndices(config)) {
    records.push(playMatchGame(game, config, i));
    bar.update(records.length);
  }
  bar.finish();
  return records;
}

/** Games are dealt round-robin to the workers; each result comes back as it is played. `ref` is a built-in name or an absolute path. */
async function playOnWorkers(ref: string, options: Record<string, string>, config: import("../ai/match.js").MatchConfig, jobs: number) {
  const { gameIndices } = await import("../ai/match.js");
  const records: import("../ai/match.js").GameRecord[] = [];
  const bar = new ProgressBar(config.games);
  const script = new URL("../ai/match-worker.js", import.meta.url);
  await Promise.all(
    Array.from({ length: jobs }, (_, w) => {
      const indices = gameIndices(config).filter((_, k) => k % jobs === w);
      return new Promise<void>((done, fail) => {
        const worker = new Worker(script, { workerData: { file: ref, options, config, indices } });
        worker.on("message", (r: import("../ai/match.js").GameRecord) => {
          records.push(r);
          bar.update(records.length);
        });
        worker.on("error", (e) => fail(new CliError(`a match worker failed: ${e.message}`)));
        worker.on("exit", (code) => (code === 0 ? done() : fail(new CliError(`a match worker stopped with code ${code}`))));
      });
    }),
  );
  bar.finish();
  return records;
}

/** A progress bar on stderr when it is a terminal; otherwise a line every 10%. */
class ProgressBar {
  private readonly tty = process.stderr.isTTY === true;
  private nextTenth = 1;
  constructor(private readonly total: number) {}
  update(done: number): void {
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
