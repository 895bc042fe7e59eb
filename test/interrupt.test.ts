/**
 * Ctrl-C and SIGTERM end every long command within a second, as an interrupt between steps does:
 * during an agent's decision (play, match), during one long playout (playout, bench), during a
 * count (perft), and while the command is still starting. And what one decision may cost is
 * bounded in memory, whatever its budget asks.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { AlphaBetaAgent } from "../src/ai/alphabeta.js";
import { MctsAgent } from "../src/ai/mcts.js";
import { cli, ludex, noStackTrace, root, tmp } from "./support/cli.js";

/** A description whose every step is slow: 40,000 moves a position, 40,000 plies a game. */
const SLOW = join(root, "test", "fixtures", "slow-fill.game");

/** How long a stopped command may take to end (generous: the machine may be loaded; the aim is one second). */
const STOP_BOUND_MS = 10_000;

interface Stopped {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** From the signal to the end of the process. */
  ms: number;
}

/**
 * Runs the CLI, waits until `ready` says the work has begun (given the output so far), sends
 * `signal`, and resolves when the process has ended (killed after STOP_BOUND_MS, so a command
 * deaf to the signal fails the test instead of hanging it).
 */
function interrupt(args: string[], signal: NodeJS.Signals, ready: (out: { stdout: string; stderr: string; ms: number; pid: number }) => boolean): Promise<Stopped> {
  const child = spawn(process.execPath, [cli, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  const out = { stdout: "", stderr: "", ms: 0, pid: child.pid! };
  child.stdout.setEncoding("utf8").on("data", (d: string) => (out.stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (out.stderr += d));
  const start = performance.now();
  return new Promise((resolve) => {
    let sentAt = 0;
    let deadline: NodeJS.Timeout | undefined;
    const poll = setInterval(() => {
      out.ms = performance.now() - start;
      if (sentAt || !ready(out)) return;
      sentAt = performance.now();
      child.kill(signal);
      deadline = setTimeout(() => child.kill("SIGKILL"), STOP_BOUND_MS);
    }, 10);
    child.on("close", (code, sig) => {
      clearInterval(poll);
      clearTimeout(deadline);
      resolve({ code, signal: sig, stdout: out.stdout, stderr: out.stderr, ms: sentAt ? performance.now() - sentAt : NaN });
    });
  });
}

/**
 * Once the process has used `seconds` of processor time: its game compiled, deep in its work.
 * Processor time, not time on the clock: on a loaded machine the start takes longer.
 */
const worked = (seconds: number) => (o: { pid: number }) => cpuSeconds(o.pid) >= seconds;

/** The processor time a process has used (Linux: utime + stime of /proc/PID/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /s, "").split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function expectStopped(r: Stopped): void {
  expect(r.signal, r.stderr).toBeNull();
  expect(r.code, r.stderr).toBe(130);
  expect(r.ms).toBeLessThan(STOP_BOUND_MS);
  noStackTrace({ ...r, all: r.stdout + r.stderr, code: r.code ?? -1 });
}

describe.concurrent("a signal during an agent's decision", () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`${signal} stops play while MCTS thinks on a huge budget: record saved unfinished, exit 130`, async () => {
      const file = join(tmp, `thinking-${signal}.json`);
      const args = ["play", "tic-tac-toe", "--p1", "mcts:iterations=10000000", "--p2", "random", "--seed", "1", "--save", file];
      // The header is printed just before the first decision; a second of processor time later the agent is deep in it.
      const r = await interrupt(args, signal, (o) => o.stdout.includes("Tic-Tac-Toe:") && worked(1.5)(o));
      expectStopped(r);
      expect(r.stderr).toContain("interrupted; game stopped");
      expect(r.stdout).toContain(`\`ludex play --load ${file}\` resumes it`);
      const rec = JSON.parse(readFileSync(file, "utf8"));
      expect(rec.result).toMatchObject({ status: "unfinished", reason: expect.stringContaining("interrupted") });
      expect(rec.moves).toEqual([]);
    });
  }

  it("SIGTERM stops a match (one job) in the middle of a decision, with the summary of the games finished, interrupted in --json", async () => {
    const args = ["match", "tic-tac-toe", "--agents", "mcts:iterations=10000000,random", "-n", "2", "--jobs", "1", "--json"];
    const r = await interrupt(args, "SIGTERM", worked(1.5));
    expectStopped(r);
    expect(JSON.parse(r.stdout)).toMatchObject({ format: "ludex-match/1", interrupted: true, games: 0 });
    expect(r.stderr).toContain("interrupted: 0 of the 2 games finished");
  });
});

describe.concurrent("a signal during a long playout, count or measure", () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`${signal} stops playout in the middle of one long playout, with the figures of none, interrupted`, async () => {
      const r = await interrupt(["playout", SLOW, "-n", "1"], signal, worked(1.5));
      expectStopped(r);
      expect(r.stdout).toMatch(/^Slow Fill: 0 random playouts/m);
      expect(r.stderr).toContain("interrupted after 0 of 1 playouts");
    });
  }

  it("playout --json reports the playouts it finished, interrupted: true", async () => {
    // Each playout of 150 plies takes a fraction of a second here; the signal comes once the
    // progress line (after 2 s, every 10%) says some are done.
    const r = await interrupt(["playout", SLOW, "-n", "40", "--max-plies", "150", "--json"], "SIGTERM", (o) => /playout \d+\/40/.test(o.stderr));
    expectStopped(r);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ format: "ludex-playouts/1", game: "Slow Fill", interrupted: true, unfinished: report.playouts });
    expect(report.playouts).toBeGreaterThanOrEqual(4);
    expect(report.playouts).toBeLessThan(40);
    expect(report.plies).toBe(150 * report.playouts);
    expect(r.stderr).toContain(`interrupted after ${report.playouts} of 40 playouts`);
  });

  it("perft stops in the middle of its count: interrupted, in --json too", async () => {
    const r = await interrupt(["perft", SLOW, "--depth", "3", "--json"], "SIGINT", worked(1.5));
    expectStopped(r);
    expect(JSON.parse(r.stdout)).toEqual({ depth: 3, interrupted: true });
    expect(r.stderr).toContain("interrupted");
  });

  it("bench stops in the middle of one long playout, interrupted in --json", async () => {
    const r = await interrupt(["bench", SLOW, "--seconds", "60", "--json"], "SIGTERM", worked(1.5));
    expectStopped(r);
    expect(JSON.parse(r.stdout)).toMatchObject({ format: "ludex-bench/1", interrupted: true });
  });

  it("bench --all stops in the middle of a game, reporting the games finished (none), interrupted in --json", async () => {
    const r = await interrupt(["bench", "--games", "konane,gomoku", "--references", "--seconds", "60", "--json"], "SIGINT", worked(1.5));
    expectStopped(r);
    expect(JSON.parse(r.stdout)).toMatchObject({ format: "ludex-bench-all/1", games: [], interrupted: true });
  });
});

/**
 * Runs the CLI with support/signal-on-open.mjs preloaded: the process sends itself `signal` the
 * moment it opens a file whose path ends with `file` -- a known point of its work, whatever the
 * machine's speed.
 */
function signalOnOpen(args: string[], file: string, signal: NodeJS.Signals): Promise<Stopped> {
  const child = spawn(process.execPath, ["--import", join(root, "test", "support", "signal-on-open.mjs"), cli, ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, SIGNAL_ON_OPEN: file, SIGNAL_NAME: signal },
  });
  let stdout = "", stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const start = performance.now();
  const deadline = setTimeout(() => child.kill("SIGKILL"), STOP_BOUND_MS * 3);
  return new Promise((resolve) =>
    child.on("close", (code, sig) => {
      clearTimeout(deadline);
      resolve({ code, signal: sig, stdout, stderr, ms: performance.now() - start });
    }),
  );
}

describe.concurrent("a signal while a command starts or reads its game", () => {
  it("a match interrupted while it reads its game prints the summary of its zero games, interrupted (exit 130)", async () => {
    // The signal comes as the description is opened: long before the match could make its own
    // handler. Node used to die of it, printing nothing.
    const r = await signalOnOpen(["match", "tic-tac-toe", "--agents", "random", "-n", "5", "--jobs", "1"], "tic-tac-toe.game", "SIGINT");
    expectStopped(r);
    expect(r.stdout).toMatch(/^Tic-Tac-Toe: 0 games, agents random/m);
    expect(r.stderr).toContain("interrupted: 0 of the 5 games finished");
  });

  it("replay hears a signal while its thread reads the record's game (exit 130, interrupted in --json)", async () => {
    const file = join(tmp, "to-replay.json");
    expect((await ludex(["play", "tic-tac-toe", "--p1", "random", "--p2", "random", "--seed", "3", "--save", file])).code).toBe(0);
    const r = await signalOnOpen(["replay", file, "--json"], "tic-tac-toe.game", "SIGINT");
    expectStopped(r);
    expect(JSON.parse(r.stdout)).toEqual({ format: "ludex-replay/1", interrupted: true });
    expect(r.stderr).toContain("ludex: interrupted");
  });

  it("legal hears a signal while its thread reads and generates (exit 130, interrupted)", async () => {
    const r = await signalOnOpen(["legal", SLOW], "slow-fill.game", "SIGTERM");
    expectStopped(r);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("ludex: interrupted");
  });
});

describe("what one decision may cost", () => {
  it("MCTS stops at its bound on the tree's nodes, whatever its iterations ask, and plays the best move found", () => {
    const game = loadGame("connect-four");
    const s = game.newGame({ seed: 1 });
    const agent = new MctsAgent("mcts:iterations=10000000", { iterations: 10_000_000, c: 1.4, maxRollout: 40, captureBias: 0.5, earlyStop: true, discount: 1, seed: 3, maxNodes: 2000 });
    const legal = game.legalMoves(s);
    const move = agent.choose(game, game.observation(s, 0), legal);
    expect(legal).toContain(move);
    expect(agent.lastInfo()).toMatch(/^\d+ iterations in \d+ ms \(tree full: 2000 nodes\)/);
    // The tree kept for the next decision stays within the bound too: a full one is dropped.
    const next = game.apply(game.apply(s, move), game.legalMoves(game.apply(s, move))[0]!);
    agent.choose(game, game.observation(next, 0), game.legalMoves(next));
    expect(agent.lastInfo()).toContain("(tree full: 2000 nodes)");
  });

  it("alpha-beta keeps at most its bound of positions in its table, and still searches to its depth", () => {
    const game = loadGame("connect-four");
    const s = game.newGame({ seed: 1 });
    const agent = new AlphaBetaAgent("alphabeta:depth=5", { depth: 5, maxEntries: 50 });
    const legal = game.legalMoves(s);
    expect(legal).toContain(agent.choose(game, game.observation(s, 0), legal));
    expect((agent as unknown as { table: Map<number, unknown> }).table.size).toBe(50);
    expect(agent.lastInfo()).toMatch(/^depth 5, /);
  });
});
