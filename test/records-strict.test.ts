/**
 * Records name games, not paths to read, and say one thing (issue 34): a record's unknown fields
 * and contradictory seats are errors naming the field; its game's name is looked up in the library
 * only and its game's file read only when the user allows it; `play --save` does not replace a
 * record holding a game unless told (`--force`); a record named through a link is locked and
 * written where the link leads; a socket is refused as what it is; and a game ended by one rule
 * has one result, on the screen and in the record, whatever other rule ranks.
 */
import { lstatSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ludex, noStackTrace, root, tempFile, tmp, type Run } from "./support/cli.js";

const readJson = (path: string): any => JSON.parse(readFileSync(path, "utf8"));
const rankedThree = join(root, "test", "fixtures", "records", "ranked-three.game");

/** A finished tic-tac-toe record (P1 wins with a1 a2 a3), written to `name`. */
async function finished(name: string): Promise<{ file: string; rec: any }> {
  const file = join(tmp, name);
  const r = await ludex(["play", "tic-tac-toe", "--seed", "1", "--save", file], "a1\nb1\na2\nb2\na3\n");
  expect(r.code, r.stderr).toBe(0);
  return { file, rec: readJson(file) };
}

/** The record `rec` changed by `edit`, written to `name`, and replayed. */
async function replayEdited(rec: any, name: string, edit: (r: any) => void, ...args: string[]): Promise<Run> {
  const copy = structuredClone(rec);
  edit(copy);
  const r = await ludex(["replay", tempFile(name, JSON.stringify(copy)), ...args]);
  noStackTrace(r);
  return r;
}

describe.concurrent("a record's fields are the format's, and agree with each other", () => {
  it("refuses unknown fields, naming each by its path", async () => {
    const { rec } = await finished("unknown-base.json");
    const winner = await replayEdited(rec, "unknown-winner.json", (r) => (r.result.winner = "P2"));
    expect(winner.code).toBe(1);
    expect(winner.stderr).toContain("result.winner: not a field of a game record (result has status, winners, draw, returns, reason, scores, ranking)");
    const many = await replayEdited(rec, "unknown-many.json", (r) => {
      r.comment = "mine";
      r.game.author = "me";
      r.seats[0].rating = 1500;
      r.moves[2].move.note = "good";
    });
    expect(many.code).toBe(1);
    for (const field of ["comment", "game.author", "seats[0].rating", "moves[2].move.note"]) expect(many.stderr).toContain(`${field}: not a field of a game record`);
  });

  it("refuses a seat both human and an agent, a seat name the description does not have, and a game named both ways", async () => {
    const { rec } = await finished("seats-base.json");
    const both = await replayEdited(rec, "seat-both.json", (r) => Object.assign(r.seats[1], { kind: "human", agent: "random" }));
    expect(both.code).toBe(1);
    expect(both.stderr).toContain(`seats[1].agent: the seat is human (kind "human") and names an agent 'random': it must be one or the other`);
    const named = await replayEdited(rec, "seat-named.json", (r) => (r.seats[1].name = "Bob"));
    expect(named.code).toBe(1);
    expect(named.stderr).toContain("seats[1].name: 'Bob' is not a seat of Tic-Tac-Toe (its P2 is Crosses)");
    const twice = await replayEdited(rec, "game-twice.json", (r) => (r.game.file = "tic-tac-toe.game"));
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("game: has both name and file");
    // --load reads records the same way.
    const load = await ludex(["play", "--load", join(tmp, "seat-named.json")]);
    expect(load.code).toBe(1);
    expect(load.stderr).toContain("seats[1].name: 'Bob' is not a seat of Tic-Tac-Toe");
    // The record as ludex wrote it replays.
    expect((await ludex(["replay", join(tmp, "seats-base.json")])).code).toBe(0);
  });
});

describe.concurrent("a record names a game; it does not choose files for ludex to read", () => {
  it("a game.name that is a path is refused, never read", async () => {
    const { rec } = await finished("name-base.json");
    for (const name of ["../../../etc/passwd", "/etc/passwd", "games/tic-tac-toe.game"]) {
      const r = await replayEdited(rec, "name-path.json", (x) => (x.game.name = name));
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`game.name: must be the plain name of a built-in game (letters, digits and '-'), not '${name}'`);
      expect(r.stderr).not.toContain("root:");
    }
    const unknown = await replayEdited(rec, "name-unknown.json", (x) => (x.game.name = "passwd"));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("game.name: 'passwd' is not a built-in game");
  });

  it("a game.file is read only with --game-file-from-record, or when the user gives the description", async () => {
    const file = join(tmp, "file-game.json");
    const played = await ludex(["play", rankedThree, "--p1", "random", "--p2", "random", "--p3", "random", "--seed", "2", "--save", file]);
    expect(played.code, played.stderr).toBe(0);
    expect(readJson(file).game.file).toBe(rankedThree);
    const refused = await ludex(["replay", file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`game.file: the record names its game by a file ('${rankedThree}'), and ludex reads a file a record names only when asked`);
    expect(refused.stderr).toContain("--game-file-from-record");
    noStackTrace(refused);
    expect((await ludex(["replay", file, "--game-file-from-record"])).code).toBe(0);
    expect((await ludex(["replay", file, "--game", rankedThree])).code).toBe(0);
    // A record pointing at a file of the system is refused the same way: nothing is read.
    const environ = tempFile("environ.json", JSON.stringify({ ...readJson(file), game: { title: "x", file: "/proc/self/environ", hash: "" } }));
    for (const args of [["replay", environ], ["play", "--load", environ]]) {
      const r = await ludex(args);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("game.file: the record names its game by a file ('/proc/self/environ')");
      expect(r.stderr).not.toMatch(/PATH=|does not compile/);
    }
  });
});

describe.concurrent("play --save keeps the games it would replace", () => {
  it("refuses to replace a finished record unless --force, and leaves it as it is", async () => {
    const { file } = await finished("save-finished.json");
    const before = readFileSync(file, "utf8");
    const r = await ludex(["play", "tic-tac-toe", "--p1", "random", "--p2", "random", "--save", file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`--save: '${file}' holds a finished game of Tic-Tac-Toe (P1 won, 5 moves); give --save another file, or add --force to replace it`);
    expect(readFileSync(file, "utf8")).toBe(before);
    const forced = await ludex(["play", "tic-tac-toe", "--p1", "random", "--p2", "random", "--seed", "4", "--save", file, "--force"]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readJson(file).seed).toBe(4);
    // --force says what --save may do: without --save it is a usage error.
    const alone = await ludex(["play", "tic-tac-toe", "--force"]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain("--force: only with --save");
  });

  it("refuses to start over an unfinished record (it says how to resume it); --load goes on saving there", async () => {
    const file = join(tmp, "save-unfinished.json");
    expect((await ludex(["play", "tic-tac-toe", "--seed", "1", "--save", file], "a1\nquit\n")).code).toBe(0);
    const r = await ludex(["play", "tic-tac-toe", "--seed", "1", "--save", file], "b2\n");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`--save: '${file}' holds an unfinished game of Tic-Tac-Toe (1 move): \`ludex play --load ${file}\` resumes it`);
    expect(readJson(file).moves).toHaveLength(1);
    const resumed = await ludex(["play", "--load", file, "--save", file], "b2\nquit\n");
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(readJson(file).moves).toHaveLength(2);
    // Any other file is not ludex's to replace either; an empty one holds nothing.
    const other = tempFile("notes.txt", "my notes\n");
    const notes = await ludex(["play", "tic-tac-toe", "--p1", "random", "--p2", "random", "--save", other]);
    expect(notes.code).toBe(1);
    expect(notes.stderr).toContain(`'${other}' exists and is not a game record this game could replace`);
    expect(readFileSync(other, "utf8")).toBe("my notes\n");
    const empty = tempFile("empty.json", "");
    expect((await ludex(["play", "tic-tac-toe", "--p1", "random", "--p2", "random", "--save", empty])).code).toBe(0);
  });
});

describe.concurrent("records through links and sockets", () => {
  it("a record named through a link is locked where the link leads: a second writer is refused, naming it", async () => {
    const real = join(tmp, "linked-real.json");
    const link = join(tmp, "linked.json");
    symlinkSync(real, link);
    // A live holder (this test's process) of the real file's lock stands for a game writing it.
    writeFileSync(`${real}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), since: "2026-11-29T05:00:00.000Z" }));
    const r = await ludex(["play", "tic-tac-toe", "--p1", "random", "--p2", "random", "--save", link]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`'${link} -> ${real}' is being written by another ludex (pid ${process.pid}`);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it("saving through a link writes the file it leads to and keeps the link", async () => {
    const real = join(tmp, "through-real.json");
    const link = join(tmp, "through.json");
    symlinkSync("through-real.json", link);
    const r = await ludex(["play", "tic-tac-toe", "--p1", "random", "--p2", "random", "--seed", "5", "--save", link]);
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe("through-real.json");
    expect(readJson(real).result.status).toBe("finished");
    expect((await ludex(["replay", link])).code).toBe(0);
  });

  it("a socket given as a record is refused as a socket, not with a system error", async () => {
    const socket = join(tmp, "record.sock");
    const server: Server = createServer();
    await new Promise<void>((done) => server.listen(socket, done));
    try {
      const runs = await Promise.all([ludex(["replay", socket]), ludex(["play", "--load", socket]), ludex(["play", "tic-tac-toe", "--save", socket])]);
      for (const r of runs) {
        expect(r.code, r.all).toBe(1);
        expect(r.stderr).toContain("it is not a regular file (a socket)");
        expect(r.stderr).not.toContain("ENXIO");
        noStackTrace(r);
      }
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});

describe.concurrent("one result: a game ended by one rule is not ranked by another", () => {
  it("play shows, and the record keeps, the ranking of the rule that ended the game; replay agrees", async () => {
    const file = join(tmp, "ranked-three.json");
    // P1 takes two points, then all three pass: the all-passed rule gives the game to P2.
    const r = await ludex(["play", rankedThree, "--seed", "1", "--save", file], "*a1\npass\npass\n*b1\npass\npass\npass\n");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Game over: All passed. P2 wins.\nFinal ranking:\n  1. P2\n  2. P1, P3\nFinal scores: P1 2, P2 0, P3 0\n");
    const result = readJson(file).result;
    expect(result).toMatchObject({ status: "finished", winners: ["P2"], returns: [-1, 1, -1], reason: "all passed" });
    expect(result.ranking).toEqual([
      { place: 1, players: ["P2"], values: [1] },
      { place: 2, players: ["P1", "P3"], values: [-1] },
    ]);
    expect(result.ranking[0].players).toEqual(result.winners);
    const replay = await ludex(["replay", file, "--game-file-from-record", "--json"]);
    expect(replay.code, replay.stderr).toBe(0);
    expect(JSON.parse(replay.stdout).result.matches).toBe(true);
  });
});
