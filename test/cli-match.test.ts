/**
 * `ludex match` keeps what it played: `--out FILE` writes every game as it ends, a signal stops
 * the match with the summary of the games finished (exit 130), and the same command resumes the
 * match from its file with the same results as a match played in one go.
 *
 * The signal tests never guess how long anything takes: they start a match far too long to end,
 * wait until its file holds a few games (the handlers are in place before the first is written),
 * then send the signal.
 */
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { summarise, type GameRecord, type MatchSummary } from "../src/ai/match.js";
import { withoutTimes } from "../src/record/recorder.js";
import { cli, ludex, noStackTrace, root, tmp, type Run } from "./support/cli.js";

interface MatchJson extends MatchSummary {
  game: string;
  interrupted?: boolean;
  out?: string;
  resumed?: number;
  records: GameRecord[];
}

/** A match that would take hours: the signal always lands in the middle of it. */
const LONG = "1000000";
const ticTacToe = ["match", "tic-tac-toe", "--agents", "mcts:iterations=8,random"];

let files = 0;
/** A fresh path for a games file. */
const gamesPath = () => join(tmp, `games-${++files}.jsonl`);

/** The complete lines of a games file (header first), parsed. */
function linesOf(path: string): unknown[] {
  const text = readFileSync(path, "utf8");
  expect(text.endsWith("\n")).toBe(true);
  return text.trimEnd().split("\n").map((line) => JSON.parse(line) as unknown);
}

const gamesIn = (path: string) => linesOf(path).slice(1) as GameRecord[];

/** What must not depend on how a match was split or on the machine: all but the times. */
const game = (r: GameRecord) => ({ ...r, thinkMs: undefined, record: withoutTimes(r.record) });
const results = (s: MatchSummary) => ({ games: s.games, unfinished: s.unfinished, avgLength: s.avgLength, agents: s.agents.map(({ avgMoveMs: _, ...rest }) => rest) });
const byIndex = (a: { index: number }, b: { index: number }) => a.index - b.index;

/** Starts the CLI, waits until `path` holds `games` finished games, sends `signal`, and returns the run. */
async function interruptOnceWritten(args: string[], path: string, signal: NodeJS.Signals, games = 3): Promise<Run> {
  const child = spawn(process.execPath, [cli, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "", stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
  let ended = false;
  void closed.then(() => (ended = true));
  const written = () => (existsSync(path) ? readFileSync(path, "utf8").split("\n").length - 2 : 0);
  while (!ended && written() < games) await sleep(20);
  expect(ended, `the match ended before it was interrupted: ${stderr}`).toBe(false);
  child.kill(signal);
  const code = await closed;
  return { code, stdout, stderr, all: stdout + stderr };
}

describe("ludex match: interrupted", () => {
  it("SIGINT stops the workers, prints valid JSON of the games finished (exit 130), and the file holds them", async () => {
    const out = gamesPath();
    const args = [...ticTacToe, "-n", LONG, "--jobs", "2", "--json", "--out", out];
    const r = await interruptOnceWritten(args, out, "SIGINT");
    expect(r.code, r.stderr).toBe(130);
    noStackTrace(r);
    const j = JSON.parse(r.stdout) as MatchJson;
    expect(j.interrupted).toBe(true);
    expect(j.games).toBeGreaterThanOrEqual(3);
    expect(j.games).toBe(j.records.length);
    const kept = gamesIn(out);
    // Every game the match reported is in the file, and nothing else is.
    expect(kept.map(game).sort(byIndex)).toEqual(j.records.map(game));
    expect(results(j)).toEqual(results(summarise(kept.sort(byIndex))));
    expect(r.stderr).toContain(`interrupted: ${j.games} of the 1000000 games finished`);
    expect(r.stderr).toContain(`run the same command again:\n  ludex ${args.join(" ")}\n`);

    // Resumed up to just past the last game written, the file fills its gaps (a worker may be
    // ahead of another) and the match equals one played in one go.
    const n = String(Math.max(...kept.map((g) => g.index)) + 2);
    const [resumed, whole] = await Promise.all([ludex([...ticTacToe, "-n", n, "--jobs", "2", "--json", "--out", out]), ludex([...ticTacToe, "-n", n, "--jobs", "1", "--json"])]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(whole.code, whole.stderr).toBe(0);
    const a = JSON.parse(resumed.stdout) as MatchJson, b = JSON.parse(whole.stdout) as MatchJson;
    expect(a.resumed).toBe(j.games);
    expect(a.interrupted).toBeUndefined();
    expect(a.records.map(game)).toEqual(b.records.map(game));
    expect(results(a)).toEqual(results(b));
    expect(gamesIn(out).map(game).sort(byIndex)).toEqual(b.records.map(game));
  });

  it("SIGTERM stops an inline match (--jobs 1) between games with the table of the games finished (exit 130)", async () => {
    const out = gamesPath();
    const args = [...ticTacToe, "-n", LONG, "--jobs", "1", "--out", out];
    const r = await interruptOnceWritten(args, out, "SIGTERM");
    expect(r.code, r.stderr).toBe(130);
    noStackTrace(r);
    const kept = gamesIn(out);
    expect(kept.length).toBeGreaterThanOrEqual(3);
    // One thread plays the games in order, so the file holds the first ones.
    expect(kept.map((g) => g.index)).toEqual(kept.map((_, i) => i));
    expect(r.stdout).toMatch(new RegExp(`^Tic-Tac-Toe: ${kept.length} games, agents mcts:iterations=8 \\| random, seats rotated, seed 0, 1 job\\(s\\), [\\d.]+ s$`, "m"));
    expect(r.stdout).toMatch(new RegExp(`^mcts:iterations=8\\s+${kept.length}\\s+\\d+`, "m"));
    expect(r.stderr).toContain(`the games finished are in ${out}; to play the other ${1000000 - kept.length}, run the same command again`);
  });

  it("without --out, an interrupted match still prints the summary of its games and says how to keep them next time", async () => {
    const args = ["match", "tic-tac-toe", "--agents", "random", "-n", "400000", "--jobs", "1"];
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "", stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    // The first progress line (10%) comes long before the other 90% can be played.
    await new Promise<void>((resolve) => child.stderr.setEncoding("utf8").on("data", (d: string) => ((stderr += d), stderr.includes(" games\n") && resolve())));
    child.kill("SIGINT");
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code, stderr).toBe(130);
    const games = Number(/^Tic-Tac-Toe: (\d+) games/m.exec(stdout)?.[1]);
    expect(games).toBeGreaterThanOrEqual(40000);
    expect(games).toBeLessThan(400000);
    expect(stderr).toContain(`no --out FILE was given, so the games finished are not kept; to keep every game as it ends and be able to resume, run with --out:\n  ludex ${args.join(" ")} --out match-games.jsonl\n`);
  });
});

describe.concurrent("ludex match --out", () => {
  it("a match split by a resume gives the same games and summary as one played in one go", async () => {
    const split = gamesPath(), oneGo = gamesPath();
    const first = await ludex([...ticTacToe, "-n", "3", "--jobs", "2", "--out", split]);
    expect(first.code, first.stderr).toBe(0);
    expect(linesOf(split)[0]).toMatchObject({ format: "ludex-match-games/1", game: "Tic-Tac-Toe", agents: ["mcts:iterations=8", "random"], seed: 0, maxPlies: 2000 });
    const [rest, whole] = await Promise.all([ludex([...ticTacToe, "-n", "8", "--jobs", "2", "--json", "--out", split]), ludex([...ticTacToe, "-n", "8", "--jobs", "1", "--json", "--out", oneGo])]);
    expect(rest.code, rest.stderr).toBe(0);
    expect(whole.code, whole.stderr).toBe(0);
    expect(rest.stderr).toContain("3 game(s) of this match already played; 5 of the 8 asked for left to play");
    const a = JSON.parse(rest.stdout) as MatchJson, b = JSON.parse(whole.stdout) as MatchJson;
    expect([a.resumed, b.resumed]).toEqual([3, 0]);
    expect(a.records.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(a.records.map(game)).toEqual(b.records.map(game));
    expect(results(a)).toEqual(results(b));
    // Each game is in each file once; the files differ only in their order and times.
    expect(gamesIn(split).map(game).sort(byIndex)).toEqual(gamesIn(oneGo).map(game));

    // A match already complete plays nothing and prints the same summary again.
    const again = await ludex([...ticTacToe, "-n", "8", "--json", "--out", split]);
    expect(again.code, again.stderr).toBe(0);
    expect(results(JSON.parse(again.stdout) as MatchJson)).toEqual(results(b));
    expect(gamesIn(split)).toHaveLength(8);
  });

  it("refuses to resume a file of another match, naming what differs, and leaves it as it is", async () => {
    const out = gamesPath();
    const dablot = ["match", "dablot", "--option", "quietDraw=10", "--agents", "random", "-n", "2", "--jobs", "1"];
    expect((await ludex([...dablot, "--out", out])).code).toBe(0);
    const before = readFileSync(out, "utf8");
    // One after the other: a games file has one writer at a time (its lock refuses a second).
    const seed = await ludex([...dablot, "--seed", "5", "--out", out]);
    const agents = await ludex([...dablot, "--agents", "random,greedy", "--out", out]);
    const option = await ludex([...dablot, "--option", "quietDraw=12", "--out", out]);
    const maxPlies = await ludex([...dablot, "--max-plies", "50", "--out", out]);
    const other = await ludex([...ticTacToe, "-n", "2", "--out", out]);
    for (const r of [seed, agents, option, maxPlies, other]) {
      expect(r.code, r.all).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(`ludex: ${out} holds the games of another match (`);
      noStackTrace(r);
    }
    expect(seed.stderr).toContain("seed: 0 in the file, 5 here");
    expect(agents.stderr).toContain("agents: random in the file, random,greedy here");
    expect(option.stderr).toContain("options: quietDraw=10 in the file, quietDraw=12 here");
    expect(maxPlies.stderr).toContain("max plies: 2000 in the file, 50 here");
    expect(other.stderr).toContain("game: Dablot in the file, Tic-Tac-Toe here");
    expect(readFileSync(out, "utf8")).toBe(before);

    // The same lineup written another way is the same match.
    const same = await ludex([...dablot, "--agents", "random,random", "--out", out]);
    expect(same.code, same.stderr).toBe(0);

    // A file that is not a games file (here a game record) is refused and kept.
    const record = join(tmp, "a-record.json");
    writeFileSync(record, `${JSON.stringify(gamesIn(out)[0]!.record)}\n`);
    const notGames = await ludex([...dablot, "--out", record]);
    expect(notGames.code).toBe(1);
    expect(notGames.stderr).toContain("is not a games file of `ludex match --out`");
    expect(readFileSync(record, "utf8")).toBe(`${JSON.stringify(gamesIn(out)[0]!.record)}\n`);
  });

  it("a last line cut short by a crash is removed with a warning and its game played again; complete lines are kept", async () => {
    const whole = gamesPath(), torn = gamesPath();
    const oneGo = await ludex([...ticTacToe, "-n", "4", "--jobs", "1", "--json", "--out", whole]);
    expect(oneGo.code, oneGo.stderr).toBe(0);
    const lines = readFileSync(whole, "utf8").split("\n");
    // The header, two games, and half of the third as a crash mid-write would leave it.
    writeFileSync(torn, `${lines.slice(0, 3).join("\n")}\n${lines[3]!.slice(0, lines[3]!.length / 2)}`);
    const r = await ludex([...ticTacToe, "-n", "4", "--jobs", "1", "--json", "--out", torn]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/its last line was cut short \(\d+ bytes: a game being written when the match stopped\); removed it, that game is played again/);
    expect(r.stderr).toContain("2 game(s) of this match already played; 2 of the 4 asked for left to play");
    const kept = gamesIn(torn);
    expect(kept.map(game)).toEqual(gamesIn(whole).map(game));
    expect(readFileSync(torn, "utf8").startsWith(`${lines.slice(0, 3).join("\n")}\n`)).toBe(true);
    const a = JSON.parse(r.stdout) as MatchJson, b = JSON.parse(oneGo.stdout) as MatchJson;
    expect(results(a)).toEqual(results(b));

    // A header cut short (the match stopped as it began the file) is written again.
    const tornHeader = gamesPath();
    writeFileSync(tornHeader, lines[0]!.slice(0, 30));
    const h = await ludex([...ticTacToe, "-n", "2", "--jobs", "1", "--out", tornHeader]);
    expect(h.code, h.stderr).toBe(0);
    expect(h.stderr).toContain("its header line was cut short");
    expect(linesOf(tornHeader)).toHaveLength(3);
  });

  it("a damaged complete line is an error naming its line, and the file is left as it is", async () => {
    const out = gamesPath();
    expect((await ludex([...ticTacToe, "-n", "2", "--jobs", "1", "--out", out])).code).toBe(0);
    appendFileSync(out, `{"index": 4, "seats": "nobody"}\n`);
    const before = readFileSync(out, "utf8");
    const r = await ludex([...ticTacToe, "-n", "6", "--jobs", "1", "--out", out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`ludex: ${out}:4: seats: must be mcts:iterations=8,random (game 4 of this match); the file is left as it is`);
    noStackTrace(r);
    expect(readFileSync(out, "utf8")).toBe(before);
  });

  it("two matches never write one games file: the second is refused, naming the first", async () => {
    const out = gamesPath();
    // A lock held by a live process (this test's own) stands for a match still running.
    writeFileSync(`${out}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), since: "2026-11-25T09:00:00.000Z" }));
    const r = await ludex([...ticTacToe, "-n", "2", "--jobs", "1", "--out", out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`'${out}' is being written by another ludex (pid ${process.pid}, since 2026-11-25T09:00:00.000Z)`);
    expect(existsSync(out)).toBe(false);
    rmSync(`${out}.lock`);
    expect((await ludex([...ticTacToe, "-n", "2", "--jobs", "1", "--out", out])).code).toBe(0);
    expect(existsSync(`${out}.lock`)).toBe(false);
  });
});

describe.concurrent("ludex match --out: a resumed match replays every game before it counts", () => {
  /** A games file of 4 finished games, its lines (header first) as text, and a decisive game's line number (1-based). */
  async function played(): Promise<{ out: string; lines: string[]; decisive: number }> {
    const out = gamesPath();
    const r = await ludex([...ticTacToe, "-n", "4", "--jobs", "1", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const lines = readFileSync(out, "utf8").trimEnd().split("\n");
    const decisive = lines.findIndex((l, i) => i > 0 && (JSON.parse(l) as GameRecord).returns.some((v) => v !== 0));
    expect(decisive).toBeGreaterThan(0);
    return { out, lines, decisive: decisive + 1 };
  }

  /** Rewrites line `n` (1-based) of the games file with `edit`, and resumes the match; the file must be left as it is. */
  async function resumeForged(out: string, lines: string[], n: number, edit: (g: GameRecord) => void): Promise<Run> {
    const g = JSON.parse(lines[n - 1]!) as GameRecord;
    edit(g);
    const forged = [...lines];
    forged[n - 1] = JSON.stringify(g);
    writeFileSync(out, `${forged.join("\n")}\n`);
    const before = readFileSync(out, "utf8");
    const r = await ludex([...ticTacToe, "-n", "6", "--jobs", "1", "--out", out]);
    expect(readFileSync(out, "utf8")).toBe(before);
    noStackTrace(r);
    return r;
  }

  it("a line whose returns were swapped is an error naming the line and the returns its moves lead to", async () => {
    const { out, lines, decisive } = await played();
    const truth = (JSON.parse(lines[decisive - 1]!) as GameRecord).returns;
    const r = await resumeForged(out, lines, decisive, (g) => g.returns.reverse());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${out}:${decisive}: game ${decisive - 2}: returns: the line says ${JSON.stringify([...truth].reverse())}, its moves lead to ${JSON.stringify(truth)}`);
    expect(r.stderr).not.toContain("already played");
  });

  it("a game whose record and line were both forged to another winner is an error naming the result its moves reach", async () => {
    const { out, lines, decisive } = await played();
    const r = await resumeForged(out, lines, decisive, (g) => {
      g.returns.reverse();
      const res = g.record.result;
      res.returns!.reverse();
      res.winners = res.winners![0] === "P1" ? ["P2"] : ["P1"];
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`${out.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:${decisive}: game ${decisive - 2}: its record's result is not where its moves lead \\(winners: recorded \\["P\\d"\\], replayed \\["P\\d"\\]`));
  });

  it("a game with a move that is not legal, or cut short and called unfinished, is an error naming it", async () => {
    const { out, lines, decisive } = await played();
    const illegal = await resumeForged(out, lines, decisive, (g) => {
      const first = g.record.moves[0]!;
      const second = g.record.moves[1]!;
      // The second move played on the square of the first.
      second.notation = first.notation;
      second.move = { ...first.move };
    });
    expect(illegal.code).toBe(1);
    expect(illegal.stderr).toMatch(new RegExp(`:${decisive}: game ${decisive - 2}: move 2 \\(P2 [a-c][1-3]\\) is not legal here`));
    // A lost game cut before its last move and counted as an unfinished draw.
    const cut = await resumeForged(out, lines, decisive, (g) => {
      g.record.moves.pop();
      g.record.result = { status: "unfinished", reason: "stopped after 2000 plies" };
      g.finished = false;
      g.returns = [0, 0];
      g.plies--;
      const p = g.record.moves.length % 2 === 0 ? 0 : 1;
      g.moves[p]!--;
      g.thinkMs[p] = g.record.moves.filter((m) => m.player === `P${p + 1}`).reduce((t, m) => t + (m.thinkMs ?? 0), 0);
    });
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(/unfinished after \d+ plies, but the match stops a game only at 2000 plies or when no move is left/);
  });

  it("a game of dice resumes: its throws are replayed too, and only its players' decisions count as plies", async () => {
    const out = gamesPath();
    const args = ["match", "backgammon", "--agents", "random", "--max-plies", "20", "--jobs", "1", "--out", out];
    expect((await ludex([...args, "-n", "2"])).code).toBe(0);
    const r = await ludex([...args, "-n", "3"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("2 game(s) of this match already played; 1 of the 3 asked for left to play");
  });
});
