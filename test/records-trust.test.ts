/**
 * Records that are neither lost nor believed, and deals that stay secret: the recorded result is
 * checked against the end its moves reach, one process writes a record at a time, an interrupted
 * game keeps its record, and a game with face-down pieces is dealt from a seed no search can find
 * and is never shown through another description.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { isSeed, parseSeed, secretSeed } from "../src/engine/state/rng.js";
import { loadGame } from "../src/compile/index.js";
import { cli, ludex, noStackTrace, root, tempFile, tmp } from "./support/cli.js";

function readJson(path: string): any {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** A finished tic-tac-toe game (P1 wins with a1 a2 a3) as its record. */
async function finishedRecord(name: string): Promise<{ file: string; rec: any }> {
  const file = tempFile(name, "");
  const r = await ludex(["play", "tic-tac-toe", "--seed", "1", "--save", file], "a1\nb1\na2\nb2\na3\n");
  expect(r.code).toBe(0);
  const rec = readJson(file);
  expect(rec.result).toMatchObject({ status: "finished", winners: ["P1"], returns: [1, -1] });
  return { file, rec };
}

/** Leftovers of a record's writers beside `file`: its lock and temporary files. */
function leftovers(file: string): string[] {
  const base = file.slice(dirname(file).length + 1);
  return readdirSync(dirname(file)).filter((n) => n.startsWith(`${base}.lock`) || n.startsWith(`${base}.tmp-`));
}

describe.concurrent("a record's result is checked, not believed", () => {
  const lies: [string, (result: any) => void, string[]][] = [
    ["another winner", (r) => Object.assign(r, { winners: ["P2"], returns: [-1, 1] }), ["winners", "returns"]],
    ["a draw", (r) => Object.assign(r, { winners: [], draw: true, returns: [0, 0] }), ["winners", "draw", "returns"]],
    ["unfinished for a game that is over", (r) => Object.assign(r, { status: "unfinished", winners: undefined, draw: undefined, returns: undefined, reason: "stopped" }), ["status", "reason"]],
    ["another reason", (r) => Object.assign(r, { reason: "P2 resigned" }), ["reason"]],
  ];
  for (const [what, lie, fields] of lies) {
    it(`replay refuses a record whose result says ${what} (exit 1, both versions, --json names the fields)`, async () => {
      const { rec } = await finishedRecord(`lie-${fields.join("-")}.json`);
      lie(rec.result);
      const file = tempFile(`lied-${fields.join("-")}.json`, JSON.stringify(rec));
      const r = await ludex(["replay", file]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/the record's result is not the end its moves reach/);
      for (const f of fields) expect(r.stderr).toContain(`${f}: recorded`);
      if (fields.includes("winners")) expect(r.stderr).toContain('winners: recorded ["P2"], replayed ["P1"]'.replace('["P2"]', JSON.stringify(rec.result.winners)));
      noStackTrace(r);
      const json = await ludex(["replay", file, "--json"]);
      expect(json.code).toBe(1);
      const data = JSON.parse(json.stdout);
      expect(data.legal).toBe(true);
      expect(data.error).toMatchObject({ fields });
      expect(data.result.matches).toBe(false);
      expect(data.result.differences.map((d: { field: string }) => d.field)).toEqual(fields);
      expect(data.result.replayed).toMatchObject({ status: "finished", winners: ["P1"] });
    });
  }

  it("a record that says finished where the rules do not end the game is refused by replay and by --load", async () => {
    const file = tempFile("short.json", "");
    await ludex(["play", "tic-tac-toe", "--seed", "1", "--save", file], "a1\nb1\nquit\n");
    const rec = readJson(file);
    rec.result = { status: "finished", winners: ["P1"], draw: false, returns: [1, -1], reason: "P1 (Noughts) has three in a row" };
    writeFileSync(file, JSON.stringify(rec));
    const r = await ludex(["replay", file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('status: recorded "finished", replayed "unfinished"');
    const load = await ludex(["play", "--load", file], "quit\n");
    expect(load.code).toBe(1);
    expect(load.stderr).toMatch(/cannot resume: the record's result is not where its moves lead \(status: recorded "finished"/);
    noStackTrace(load);
  });

  it("a true record replays with exit 0, its result matched field by field, winners in any order", async () => {
    const { file, rec } = await finishedRecord("true.json");
    const json = JSON.parse((await ludex(["replay", file, "--json"])).stdout);
    expect(json).toMatchObject({ legal: true, error: null, result: { matches: true, differences: [] } });
    // A result that claims less (no reason, no returns) claims nothing false.
    rec.result = { status: "finished", winners: ["P1"] };
    const terse = tempFile("terse.json", JSON.stringify(rec));
    expect((await ludex(["replay", terse])).code).toBe(0);
  });
});

describe.concurrent("one writer per record", () => {
  it("a second `play --save` on a record being written is refused, naming the holder; the first goes on and cleans up", async () => {
    const file = join(tmp, "busy.json");
    // The first game waits at its prompt (stdin kept open) while the second tries the same file.
    const first = spawn(process.execPath, [cli, "play", "tic-tac-toe", "--seed", "1", "--save", file], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
    let firstOut = "";
    first.stdout.setEncoding("utf8").on("data", (d: string) => (firstOut += d));
    const closed = new Promise<number | null>((resolve) => first.on("close", resolve));
    // Its prompt ("P1 (Noughts)> ") shows once it holds the lock and waits for a move.
    await Promise.race([
      new Promise<void>((resolve) => first.stdout.on("data", () => /P1[^\n]*> $/.test(firstOut) && resolve())),
      closed.then((code) => Promise.reject(new Error(`the first game ended (exit ${code}) before its prompt: ${firstOut}`))),
    ]);
    expect(existsSync(`${file}.lock`)).toBe(true);
    const second = await ludex(["play", "tic-tac-toe", "--seed", "2", "--save", file], "a1\nquit\n");
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`'${file}' is being written by another ludex (pid ${first.pid}, since `);
    noStackTrace(second);
    const load = await ludex(["play", "--load", file], "quit\n");
    expect(load.code).toBe(1);
    expect(load.stderr).toContain("is being written by another ludex");
    first.stdin.end("a1\nb1\na2\nb2\na3\n");
    expect(await closed).toBe(0);
    // The first game's record is whole and its own; nothing is left beside it.
    expect(readJson(file).result).toMatchObject({ status: "finished", winners: ["P1"] });
    expect(readJson(file).seed).toBe(1);
    expect(leftovers(file)).toEqual([]);
  });

  it("a lock whose process is gone is taken over, and the temporary files it left are removed", async () => {
    const file = join(tmp, "stale.json");
    // A pid that is certainly not running: a child that has already exited.
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.on("close", resolve));
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: gone.pid, host: hostname(), since: "2026-01-01T00:00:00.000Z" }));
    writeFileSync(`${file}.tmp-${gone.pid}`, "{ half a rec");
    const r = await ludex(["play", "tic-tac-toe", "--p1", "random", "--p2", "random", "--seed", "3", "--save", file]);
    expect(r.code).toBe(0);
    expect(readJson(file).result.status).toBe("finished");
    expect(leftovers(file)).toEqual([]);
  });

  it("a record is saved only to a regular file: a device, a pipe or a folder is refused before the game starts and left as it is", async () => {
    const pipe = join(tmp, "pipe.json");
    execFileSync("mkfifo", [pipe]);
    for (const target of ["/dev/null", pipe, tmp]) {
      const r = await ludex(["play", "tic-tac-toe", "--p1", "random", "--p2", "random", "--save", target]);
      expect(r.code, target).toBe(1);
      expect(r.stderr).toMatch(/it is not a regular file \(a (device|named pipe|directory)\); a record is written only to a regular file/);
      expect(r.stdout).toBe("");
      noStackTrace(r);
    }
    expect(statSync("/dev/null").isCharacterDevice()).toBe(true);
    expect(statSync(pipe).isFIFO()).toBe(true);
    expect(existsSync("/dev/null.lock")).toBe(false);
  });

  it("a live holder (this test's own process) keeps its lock", async () => {
    const file = join(tmp, "held.json");
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), since: "2026-11-25T10:00:00.000Z" }));
    const r = await ludex(["play", "tic-tac-toe", "--p1", "random", "--p2", "random", "--save", file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`(pid ${process.pid}, since 2026-11-25T10:00:00.000Z)`);
    expect(existsSync(file)).toBe(false);
    expect(readJson(`${file}.lock`).pid).toBe(process.pid);
  });

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`${signal} stops a game between agents with its record saved as unfinished (exit 130), nothing left beside it`, async () => {
      const file = join(tmp, `signal-${signal}.json`);
      // Thinking agents make a long game; the signal comes once a few moves are in the record.
      const child = spawn(process.execPath, [cli, "play", "dablot", "--p1", "mcts:iterations=200", "--p2", "mcts:iterations=200", "--seed", "1", "--save", file], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
      let all = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => (all += d));
      child.stderr.setEncoding("utf8").on("data", (d: string) => (all += d));
      const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
      await new Promise<void>((resolve) => child.stdout.on("data", () => (all.match(/ plays /g) ?? []).length >= 4 && resolve()));
      child.kill(signal);
      expect(await closed).toBe(130);
      const rec = readJson(file);
      expect(rec.result).toMatchObject({ status: "unfinished", reason: expect.stringContaining("interrupted") });
      expect(rec.moves.length).toBeGreaterThanOrEqual(4);
      expect(all).toContain(`\`ludex play --load ${file}\` resumes it`);
      expect(leftovers(file)).toEqual([]);
      expect((await ludex(["replay", file])).code).toBe(0);
    });
  }
});

describe("secrets stay secret", () => {
  it("secret seeds are 128 bits from the system, read back exactly, and deal differently from number seeds", () => {
    const a = secretSeed(), b = secretSeed();
    expect(a).toMatch(/^0x[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
    expect(isSeed(a) && parseSeed(a.toUpperCase().replace("0X", "0x")) === a).toBe(true);
    expect(parseSeed("42")).toBe(42);
    for (const bad of ["-1", "0x", "0xg1", `0x${"f".repeat(33)}`, "1e3", "9007199254740993", ""]) expect(parseSeed(bad), bad).toBeUndefined();
    const game = loadGame("blind-kings");
    const deal = (seed: number | string) => JSON.stringify(Array.from(game.newGame({ seed }).piece));
    expect(deal(a)).toBe(deal(a));
    expect(deal(a)).not.toBe(deal(b));
    // Every part of the seed counts: seeds one bit apart, high or low, deal differently.
    expect(deal("0x1")).not.toBe(deal("0x0"));
    expect(deal(`0x1${"0".repeat(31)}`)).not.toBe(deal("0x0"));
    expect(deal("0x2a")).not.toBe(deal(42));
  });

  it("a hidden game's record says so and holds a secret seed; `show --seed` (the referee's tool) takes it", async () => {
    const file = tempFile("secret.json", "");
    await ludex(["play", "blind-kings", "--p2", "random", "--save", file], "1\nquit\n");
    const rec = readJson(file);
    expect(rec.game).toMatchObject({ name: "blind-kings", hidden: true });
    expect(rec.seed).toMatch(/^0x[0-9a-f]{32}$/);
    const show = await ludex(["show", "blind-kings", "--seed", rec.seed]);
    expect(show.code).toBe(0);
    expect((await ludex(["show", "blind-kings", "--seed", "0xnothex"])).code).toBe(2);
  });

  it("no other description shows the face-down pieces of an unfinished game: replay and --load refuse it, a referee may replay", async () => {
    const file = tempFile("deal.json", "");
    await ludex(["play", "blind-kings", "--p2", "random", "--save", file], "1\nquit\n");
    const source = readFileSync(join(root, "games", "blind-kings.game"), "utf8");
    expect(source).toContain("conceals:true");
    const edited = tempFile("open-kings.game", source.replace(/\s+conceals:true/g, ""));
    const r = await ludex(["replay", file, "--game", edited]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/has face-down pieces and this game is not over, but the description given does not hide the pieces/);
    expect(r.stdout).toBe("");
    expect((await ludex(["replay", file, "--game", edited, "--json"])).stdout).toBe("");
    const load = await ludex(["play", "--load", file, edited], "quit\n");
    expect(load.code).toBe(1);
    expect(load.stdout).not.toContain("a b c");
    // A record written before records said `hidden` is judged by the game it names.
    const old = readJson(file);
    delete old.game.hidden;
    const oldFile = tempFile("deal-old.json", JSON.stringify(old));
    expect((await ludex(["replay", oldFile, "--game", edited])).code).toBe(1);
    // Another description that still hides is refused too: it is not the one the deal was made for.
    expect(source).toContain("(piece king cp:7");
    const other = tempFile("other-kings.game", source.replace("(piece king cp:7", "(piece king cp:8"));
    const otherRun = await ludex(["replay", file, "--game", other]);
    expect(otherRun.code).toBe(1);
    expect(otherRun.stderr).toMatch(/the description given is not the one the record was made with/);
    // A copy that differs only in its comments compiles to the same description: replayed as the players see it.
    const same = tempFile("same-kings.game", `// a copy\n${source}`);
    const sameRun = await ludex(["replay", file, "--game", same]);
    expect(sameRun.code).toBe(0);
    expect(sameRun.stderr).toContain("stay hidden");
    const referee = await ludex(["replay", file, "--game", edited, "--referee"]);
    expect(referee.code).toBe(0);
    expect(referee.stdout).toMatch(/seed 0x[0-9a-f]{32}/);
  });
});
