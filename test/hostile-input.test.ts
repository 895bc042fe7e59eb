/**
 * Input made to hurt: descriptions that once froze, exhausted or crashed the compiler, positions
 * that wrapped the state's numbers, and runs interrupted half way. Each must end in a located
 * error (or be stored exactly), quickly and without an exception. A regression corpus: every case
 * here failed once.
 */
import { execFileSync, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileGame, GameLoadError, GameNotFoundError, loadGame } from "../src/compile/index.js";
import { loadPosition, PositionError, toPosition } from "../src/engine/state/position.js";
import { squareBoard } from "../src/engine/board/boards.js";
import { NEUTRAL, State } from "../src/engine/state/state.js";
import { MAX_DIAGNOSTICS, MAX_EXPANDED_NODES, MAX_JSON_DEPTH, MAX_PIECES, MAX_PLAYERS, MAX_PROBLEMS, MAX_SHOWN_CHARS, MAX_SITES, MAX_TURN } from "../src/limits.js";
import { formatDiagnostic } from "../src/lang/diagnostics.js";
import { parseJson, shown } from "../src/library/untrusted.js";
import { readRecord, RecordError } from "../src/record/format.js";
import { addMove, finishRecord, newRecord } from "../src/record/recorder.js";
import { loadRecordGame, readRecordFile, replayRecord } from "../src/record/replay.js";
import { runScenarioFile } from "../src/scenario/runner.js";
import { cli, ludex, noStackTrace, root, runScript, tempFile, tmp } from "./support/cli.js";
import { build, man } from "./support/games.js";

const game = (equipment: string, play = "(add piece:man to:(empty to))", extra = "") =>
  `(game "T" (players 2) (equipment {(board (square 3 3)) (piece man) ${equipment}}) (rules (start {${extra}}) (play ${play}) (end {})))`;

/** Compiles, expecting failure with located errors only; returns their codes and messages. */
function refused(src: string, file = "t.game") {
  const r = compileGame(src, { file });
  expect(r.game, "the description must be refused").toBeUndefined();
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  expect(errors.length).toBeGreaterThan(0);
  for (const d of errors) expect(d.span, `${d.code} ${d.message} has a location`).toBeDefined();
  return errors.map((d) => `${d.code} ${d.message}`);
}

describe("descriptions that grow or nest without end", () => {
  it("a define that doubles its argument at every level stops at the node budget", () => {
    let cond = "(empty to)";
    for (let i = 0; i < 26; i++) cond = `(D ${cond})`;
    const errors = refused(`(define "D" (and #1 #1))\n${game("", `(add piece:man to:${cond})`)}`);
    expect(errors.join("\n")).toContain(`grows beyond ${MAX_EXPANDED_NODES} nodes`);
  });

  it("defines that nest deeply through a chain of calls are refused, not a stack overflow", () => {
    const nest = (k: number, inner: string) => "(not ".repeat(k) + inner + ")".repeat(k);
    let src = `(define "A" ${nest(180, "(empty to)")})\n(define "B" ${nest(180, "(A)")})\n`;
    expect(refused(src + game("", "(add piece:man to:(B))")).join("\n")).toMatch(/nests deeper than \d+ levels/);
    src = `(define "A" ${nest(180, "(empty to)")})\n`;
    for (let i = 1; i < 12; i++) src += `(define "B${i}" ${nest(180, i > 1 ? `(B${i - 1})` : "(A)")})\n`;
    expect(refused(src + game("", "(add piece:man to:(B11))")).join("\n")).toMatch(/X006/);
  });

  it("brackets nested beyond the limit in the text itself", () => {
    expect(refused(game("", `(add piece:man to:${"(not ".repeat(300)}(empty to)${")".repeat(300)})`)).join("\n")).toMatch(/P001 brackets nested too deeply/);
  });
});

describe("descriptions with very many errors", () => {
  it("lists the first hundred, then one saying how many more there are", () => {
    const r = compileGame("@ ".repeat(5000), { file: "stray.game" });
    expect(r.diagnostics).toHaveLength(MAX_DIAGNOSTICS + 1);
    expect(r.diagnostics[MAX_DIAGNOSTICS]!.message).toBe("4900 more problem(s) from here on, not listed (the first is: unexpected character '@')");
    expect(r.diagnostics[MAX_DIAGNOSTICS]!.span).toMatchObject({ line: 1, col: 201 });
  });

  it("a hundred and fifty brackets left open at the end are each reported, not a parser failure", () => {
    const r = compileGame("(a b:".repeat(150), { file: "open.game" });
    expect(r.diagnostics[0]).toMatchObject({ code: "P002", span: { line: 1, col: 1 } });
    expect(r.diagnostics.every((d) => d.code === "P002")).toBe(true);
  });

  it("shows a window of a very long line around the error, not all of it", () => {
    const text = `(game "T" ${"x ".repeat(5000)}@ ${"y ".repeat(5000)})`;
    const r = compileGame(text, { file: "long.game" });
    const shown = formatDiagnostic(r.diagnostics[0]!, r.sources).split("\n");
    expect(shown[0]).toMatch(/^long\.game:1:10011: error L001/);
    expect(shown[1]!.length).toBeLessThan(200);
    expect(shown[1]).toMatch(/^ {4}1 \| \.\.\.[x ]+@[y ]+\.\.\.$/);
    // the caret stands under the '@'
    expect(shown[2]!.indexOf("^")).toBe(shown[1]!.indexOf("@"));
  });
});

describe("sizes and numbers", () => {
  it("refuses boards beyond the site limit before building them", () => {
    const square = refused(`(game "T" (players 2) (equipment {(board (square 10000 10000)) (piece man)}) (rules (start {}) (play (add piece:man to:(empty to))) (end {})))`);
    expect(square.join("\n")).toContain(`M005 the board would have 100000000 sites, more than the ${MAX_SITES}`);
    const hex = refused(`(game "T" (players 2) (equipment {(board (hex 1000)) (piece man)}) (rules (start {}) (play (add piece:man to:(empty to))) (end {})))`);
    expect(hex.join("\n")).toContain("M005 the board would have 2997001 sites");
  });

  it("refuses numbers too long or too large for whole numbers, instead of Infinity", () => {
    expect(refused(game(`(supply ${"9".repeat(400)})`)).join("\n")).toMatch(/L004 number 9{20}\.\.\. \(400 characters\) is too large/);
    expect(refused(`(game "T" (players ${"9".repeat(400)}) (equipment {(board (square 3 3)) (piece man)}) (rules (start {}) (play (add piece:man to:(empty to))) (end {})))`)[0]).toMatch(/^L004/);
    expect(refused(`(game "T" (players 2147483647 names:{Red Blue}) (equipment {(board (square 3 3)) (piece man)}) (rules (start {}) (play (add piece:man to:(empty to))) (end {})))`)[0]).toMatch(/^L004/);
  });

  it("reads option values as number literals are read: at most a billion", () => {
    const text = `(option n default:3)\n${game("", "(add piece:man to:(empty to))")}`;
    const r = compileGame(text, { options: { n: "9".repeat(400) } });
    expect(r.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual(["X003 option 'n': '99999999999999999999... (400 characters)' is too large (at most 1000000000)"]);
  });

  it("bounds the number of players, deals and heights in the schema", () => {
    const players = refused(`(game "T" (players 200) (equipment {(board (square 3 3)) (piece man)}) (rules (start {}) (play (add piece:man to:(empty to))) (end {})))`);
    expect(players).toEqual([`S001 argument 'count' of (players ...): must be <= ${MAX_PLAYERS}`]);
    expect(MAX_PLAYERS).toBeLessThan(NEUTRAL); // owners are stored in 8 bits, below the neutral owner
    expect(refused(game("", undefined, "(deal (sites {a1}) man:100000000)")).join("\n")).toMatch(/S00\d/);
    expect(refused(game("", undefined, "(place man P1 (sites {a1}) height:40000000)")).join("\n")).toMatch(/S00\d/);
  });

  it("refuses a start that puts more pieces on the board than a player owns", () => {
    expect(refused(game("(supply 2)", undefined, "(place man P1 (sites {a1 a2 a3}))")).join("\n")).toContain("M005 the start puts 3 pieces of P1 on the board, but each player owns 2");
  });

  it("labels every column of a wide board uniquely", () => {
    const topo = squareBoard(800, 1, "none");
    expect(new Set(topo.labels).size).toBe(800);
    expect(topo.labels[26]).toBe("aa1");
    expect(topo.labels[702]).toBe("aaa1");
    expect(topo.labels.every((l) => /^[a-z]+\d+$/.test(l))).toBe(true);
  });

  it("stores heights, scores, supplies and counters without wrapping", () => {
    const s = new State({ sites: 1, players: 1, counters: 1, markers: 0, memory: 0 });
    s.put(0, 0, 0, 40_000);
    s.score[0] = 2 ** 31;
    s.supply[0] = 2_147_483_648;
    s.counters[0] = 1e12;
    expect([s.height[0], s.score[0], s.supply[0], s.counters[0]]).toEqual([40_000, 2 ** 31, 2_147_483_648, 1e12]);
  });

  it("counts a player's pieces on the largest board without wrapping", () => {
    const s = new State({ sites: MAX_SITES, players: 1, counters: 0, markers: 0, memory: 0 });
    for (let site = 0; site < MAX_SITES; site++) s.put(site, 0, 0, 1);
    expect(s.pieceCount[0]).toBe(MAX_SITES);
  });
});

describe("positions beyond what the state holds", () => {
  const g = build({ board: "(square 3 3)", items: "(supply 5)", play: "(add piece:man from-supply:true to:(empty to))", end: "" });
  const problems = (pos: object): string => {
    try {
      loadPosition(g, pos);
    } catch (e) {
      expect(e).toBeInstanceOf(PositionError);
      return (e as Error).message;
    }
    throw new Error("the position was accepted");
  };

  it("refuses heights above the limit, and supplies outside 0..total", () => {
    expect(problems({ sites: { a1: man("P1", 2e9) } })).toMatch(/position\.sites\.a1\.height: must be a whole number from 1 to/);
    expect(problems({ sites: {}, supply: { P1: 6 } })).toMatch(/position\.supply\.P1: must be from 0 to 5/);
    expect(problems({ sites: {}, supply: { P1: -1 } })).toMatch(/position\.supply\.P1: must be from 0 to 5/);
    expect(problems({ sites: {}, scores: { P1: 1e20 } })).toMatch(/position\.scores\.P1: must be a whole number \(of at most 15 digits\)/);
  });

  it("refuses more pieces on the board and in the supply than a player owns (a stack of 65,536 once hung move generation)", () => {
    expect(problems({ sites: { a1: man("P1", 4), b1: man("P1", 2) }, supply: { P1: 0 } })).toBe("position: P1 has 6 piece(s) on the board and 0 in the supply, more than the 5 each player owns");
    expect(problems({ sites: { a1: man("P1", 3) }, supply: { P1: 3 } })).toMatch(/P1 has 3 piece\(s\) on the board and 3 in the supply/);
    // without a supply given, the supply is what is left (never below 0)
    expect(problems({ sites: { a1: man("P1", 65_536) } })).toMatch(/P1 has 65536 piece\(s\) on the board and 0 in the supply, more than the 5/);
    expect(Array.from(loadPosition(g, { sites: { a1: man("P1", 2) }, scores: { P1: 9 } }).supply)).toEqual([0, 5]);
  });

  it("refuses a negative supply in a game that declares none", () => {
    const free = build({ board: "(square 3 3)", play: "(add piece:man to:(empty to))", end: "" });
    expect(() => loadPosition(free, { sites: {}, supply: { P1: -1 } })).toThrow(/position\.supply\.P1: must be from 0 to 9007199254740991 \(a supply is never negative\)/);
  });
});

describe("files and names", () => {
  it("extends of a directory is a diagnostic at the form, through the library API", () => {
    const errors = refused(`(game "T" (extends "${tmpdir()}") (players 2))`);
    expect(errors.join("\n")).toContain("it is a directory");
  });

  it("loadGame of a directory or a device throws its one error type, with an F001 saying what is there", () => {
    for (const [path, why] of [[tmpdir(), "it is a directory"], ["/dev/zero", "it is not a regular file (a device)"], ["/no/such.game", "no such file"]] as const) {
      let thrown: unknown;
      try {
        loadGame(path);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(GameLoadError);
      expect(thrown).toBeInstanceOf(GameNotFoundError);
      const d = (thrown as GameLoadError).diagnostics;
      expect(d).toHaveLength(1);
      expect(d[0]).toMatchObject({ code: "F001", severity: "error" });
      expect(d[0]!.message).toContain(why);
    }
  });

  it("the CLI names what is wrong with a file argument (exit 1, no trace)", async () => {
    const dir = await ludex(["validate", tmpdir()]);
    expect(dir.code).toBe(1);
    expect(dir.all).toContain("it is a directory");
    noStackTrace(dir);
  });

  it("a FIFO or a device named as a description, record, position, scenario file or a record's game file is refused at once", async () => {
    const fifo = join(tmp, "fifo");
    execFileSync("mkfifo", [fifo]);
    const record = join(tmp, "fifo-game.json");
    writeFileSync(record, JSON.stringify({ format: "ludex-record/1", game: { file: fifo, title: "T", hash: "" }, options: {}, seed: 1, seats: [{ player: "P1", kind: "human" }], moves: [], result: { status: "unfinished" } }));
    // Nothing writes to the FIFO: a command that opened it for reading would wait for ever (the net stops it after a minute).
    const run = (args: string[]) => runScript(cli, args, "", 60_000);
    const runs = await Promise.all([
      run(["validate", fifo]),
      run(["replay", fifo]),
      run(["play", "--load", fifo]),
      run(["legal", "tic-tac-toe", "--position", fifo]),
      run(["scenarios", fifo]),
      run(["replay", record, "--game-file-from-record"]),
      run(["show", "tic-tac-toe", "--position", "/dev/zero"]),
    ]);
    for (const r of runs) {
      expect(r.code, r.all).toBe(1);
      expect(r.all).toMatch(/it is not a regular file \(a (named pipe|device)\)/);
      noStackTrace(r);
    }
  });

  it("an empty file gets a location (line 1, column 1)", () => {
    const r = compileGame("", { file: "empty.game" });
    expect(r.diagnostics[0]!.span).toMatchObject({ line: 1, col: 1 });
  });

  it("refuses a file larger than the limit at once", () => {
    expect(refused(" ".repeat(1_000_001) + game("")).join("\n")).toMatch(/L005 the file is too large/);
  });

  it("refuses __proto__ and its kin as argument names", () => {
    expect(refused(game("", "(step __proto__:1)"))).toEqual([expect.stringMatching(/^B002 \(step \.\.\.\) has no argument '__proto__'/)]);
    expect(refused(game("", "(step constructor:1)"))[0]).toMatch(/^B002/);
  });
});

describe("seeds and observations", () => {
  it("seeds of 2^32 and above do not replay smaller seeds", () => {
    const g = loadGame("reversi");
    const a = g.newGame({ seed: 5 }), b = g.newGame({ seed: 2 ** 32 + 5 });
    expect(Array.from(b.rng)).not.toEqual(Array.from(a.rng));
  });

  it("an observation keeps its pool of face-down pieces through serialize and deserialize", () => {
    const g = loadGame("blind-kings");
    const s = g.newGame({ seed: 3 });
    const o = g.observation(s, 0);
    expect(o.concealedPool).toBeDefined();
    const back = g.deserialize(JSON.parse(JSON.stringify(g.serialize(o))));
    expect(Array.from(back.concealedPool!)).toEqual(Array.from(o.concealedPool!));
  });
});

describe("interrupted runs", () => {
  it("bench reports the playouts it finished and exits 130 on SIGINT", async () => {
    const child = spawn(process.execPath, [cli, "bench", "reversi", "--seconds", "100000", "--json"], { cwd: root });
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    // The signal is sent once the run says it has begun (its handlers are in place by then).
    await new Promise<void>((resolve) => child.stderr.once("data", () => resolve()));
    child.kill("SIGINT");
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(130);
    const report = JSON.parse(stdout) as { interrupted: boolean; playouts: number };
    expect(report.interrupted).toBe(true);
    expect(report.playouts).toBeGreaterThanOrEqual(0);
  });
});

describe("records and positions handed over hostile", () => {
  const ttt = loadGame("tic-tac-toe");
  /** A finished game of tic-tac-toe as a record read from a file would be: plain JSON data. */
  const finished = (): any => {
    const s = ttt.newGame({ seed: 1 });
    const rec = newRecord(ttt, { seed: 1, seats: ["random", "random"], timestamps: false });
    for (const notation of ["a1", "b1", "a2", "b2", "a3"]) {
      const m = ttt.parseMove(s, notation)!;
      addMove(rec, ttt.currentPlayer(s), m);
      ttt.applyInPlace(s, m);
    }
    finishRecord(rec, ttt, s);
    return JSON.parse(JSON.stringify(rec));
  };
  /** A list (or an object) nested `n` deep around `leaf`, as JSON.parse builds it (it parses without recursion). */
  const deepList = (n: number): unknown => JSON.parse(`${"[".repeat(n)}"a1"${"]".repeat(n)}`);
  const deepObject = (n: number): unknown => JSON.parse(`${'{"a":'.repeat(n)}1${"}".repeat(n)}`);
  const recordProblem = (data: unknown): string => {
    try {
      readRecord(data);
    } catch (e) {
      expect(e).toBeInstanceOf(RecordError);
      return (e as Error).message;
    }
    throw new Error("the record was accepted");
  };
  const positionProblem = (game: typeof ttt, pos: unknown, opts = {}): string => {
    try {
      loadPosition(game, pos, 0, opts);
    } catch (e) {
      expect(e).toBeInstanceOf(PositionError);
      return (e as Error).message;
    }
    throw new Error("the position was accepted");
  };

  it("a list or object nested thousands deep anywhere in a record is refused by its path, before anything walks it", () => {
    const places: [string, (r: any, v: unknown) => void][] = [
      ["moves[0].move.path", (r, v) => (r.moves[0].move.path = v)],
      ["moves[0].move.captures", (r, v) => (r.moves[0].move.captures = v)],
      ["moves[0].move.to", (r, v) => (r.moves[0].move.to = v)],
      ["result.winners", (r, v) => (r.result.winners = v)],
      ["result.ranking", (r, v) => (r.result.ranking = v)],
      ["seats[1].agent", (r, v) => (r.seats[1].agent = v)],
      ["options.x", (r, v) => (r.options.x = v)],
      ["start.sites.a1.flags", (r, v) => (r.start = { sites: { a1: { piece: "mark", owner: "P1", flags: v } } })],
      ["start.markers", (r, v) => (r.start = { markers: v })],
    ];
    for (const [path, put] of places)
      for (const deep of [deepList(100_000), deepObject(100_000)]) {
        const r = finished();
        put(r, deep);
        const message = recordProblem(r);
        expect(message, path).toMatch(new RegExp(`^record: ${path.replace(/[.[\]]/g, "\\$&")}(\\[0\\]|\\.a)+: nested deeper than ${MAX_JSON_DEPTH} levels`));
        expect(message.length, path).toBeLessThan(300);
      }
    // A value that contains itself (a library caller's) is too deep, not endless.
    const cyclic = finished();
    cyclic.moves[0].move.path = [];
    cyclic.moves[0].move.path.push(cyclic.moves[0].move.path);
    expect(recordProblem(cyclic)).toMatch(/nested deeper than/);
  });

  it("a position nested thousands deep is refused by its path", () => {
    const cases: [string, object][] = [
      ["position.sites.a1.flags", { sites: { a1: { piece: "mark", owner: "P1", flags: deepList(50_000) } } }],
      ["position.result.winners", { result: { winners: deepList(50_000) } }],
      ["position.markers", { markers: deepObject(50_000) }],
      ["position.memory", { memory: deepList(50_000) }],
      ["position.last.from", { last: { from: deepObject(50_000) } }],
    ];
    for (const [path, pos] of cases) expect(positionProblem(ttt, pos), path).toMatch(new RegExp(`^${path.replace(/[.[\]]/g, "\\$&")}(\\[0\\]|\\.a)+: nested deeper than ${MAX_JSON_DEPTH} levels`));
    // Within the limit, the usual problems are found.
    expect(positionProblem(ttt, { sites: { a1: { piece: "mark", owner: "P1", flags: deepList(10) } } })).toMatch(/position\.sites\.a1\.flags: '\[\.\.\.\]' is not a flag of this game/);
  });

  it("checks the type and range of every field of a record's moves and result before anything uses it", () => {
    const cases: [(r: any) => void, RegExp][] = [
      [(r) => (r.result.winners = "P1"), /^record: result\.winners: must be a list of distinct seats \("P1".."P2"\)$/],
      [(r) => (r.result.winners = ["P3"]), /result\.winners: must be a list of distinct seats/],
      [(r) => (r.result.winners = ["P1", "P1"]), /result\.winners: must be a list of distinct seats/],
      [(r) => (r.result.draw = "no"), /result\.draw: must be true or false/],
      [(r) => (r.result.returns = [1]), /result\.returns: must be a list of 2 numbers, one per seat/],
      [(r) => (r.result.returns = "1,-1"), /result\.returns: must be a list of 2 numbers/],
      [(r) => (r.result.reason = 5), /result\.reason: must be a string/],
      [(r) => (r.result.scores = { P1: "10" }), /result\.scores: must be an object from seat/],
      [(r) => (r.result.scores = { P9: 1 }), /result\.scores: must be an object from seat/],
      [(r) => (r.result.ranking = "first"), /result\.ranking: must be a list of places/],
      [(r) => (r.result.ranking = [{ place: 0, players: ["P1"], values: [1] }]), /result\.ranking\[0\]\.place: must be a whole number from 1 to 2/],
      [(r) => (r.result.ranking = [{ place: 1, players: "P1", values: [1] }]), /result\.ranking\[0\]\.players: must be a list of distinct seats/],
      [(r) => (r.result.ranking = [{ place: 1, players: ["P1"], values: 1 }]), /result\.ranking\[0\]\.values: must be a list of numbers/],
      [(r) => (r.moves[0].move.from = 3), /moves\[0\]\.move\.from: must be a string/],
      [(r) => (r.moves[0].move.to = ["a1"]), /moves\[0\]\.move\.to: must be a string/],
      [(r) => (r.moves[0].move.piece = {}), /moves\[0\]\.move\.piece: must be a string/],
      [(r) => (r.moves[0].move.count = -1), /moves\[0\]\.move\.count: must be a whole number from 0 to/],
      [(r) => (r.moves[0].move.count = 1.5), /moves\[0\]\.move\.count: must be a whole number/],
      [(r) => (r.moves[0].move.path = "a1"), /moves\[0\]\.move\.path: must be a list of sites/],
      [(r) => (r.moves[0].move.captures = [1]), /moves\[0\]\.move\.captures: must be a list of sites/],
      [(r) => (r.moves[0].player = "P0"), /moves\[0\]\.player: must be "P1".."Pn"/],
      [(r) => (r.seats[0].name = 7), /seats\[0\]\.name: must be a string/],
      [(r) => (r.seats[1].agent = `mcts:${"x".repeat(1_000_000)}`), /seats\[1\]\.agent: 'mcts:x+\.\.\. \(1000005 characters\)' is longer than an agent spec can be/],
      [(r) => (r.seats = Array.from({ length: 65 }, (_, i) => ({ player: `P${i + 1}`, kind: "human" }))), /seats: must be a non-empty list \(of at most 64 seats\)/],
      [(r) => (r.ludex = 1), /ludex: must be the version/],
      [(r) => (r.updated = {}), /updated: must be a date/],
    ];
    for (const [edit, expected] of cases) {
      const r = finished();
      edit(r);
      const message = recordProblem(r);
      expect(message).toMatch(expected);
      expect(message.length).toBeLessThan(300);
    }
    // The record they were made from reads.
    expect(readRecord(finished()).result.winners).toEqual(["P1"]);
  });

  it("a record with a seat more or less than its game has players is refused when replayed", () => {
    for (const seats of [1, 3]) {
      const r = finished();
      r.seats = Array.from({ length: seats }, (_, i) => ({ player: `P${i + 1}`, kind: "human" }));
      r.result = { status: "unfinished" };
      expect(() => replayRecord(ttt, readRecord(r))).toThrow(new RecordError([`seats: the record has ${seats} seats, but Tic-Tac-Toe is played by 2 (P1..P2)`]));
    }
  });

  it("refuses numbers of a position outside the ranges the state holds them in", () => {
    const cases: [object, RegExp][] = [
      [{ turn: 1e300 }, new RegExp(`position\\.turn: must be a whole number from 0 to ${MAX_TURN}`)],
      [{ turn: MAX_TURN + 1 }, /position\.turn: must be a whole number from 0/],
      [{ actionInTurn: 1e300 }, new RegExp(`position\\.actionInTurn: must be a whole number from 1 to ${MAX_TURN}`)],
      [{ actionsInTurn: 2 ** 31 }, /position\.actionsInTurn: must be a whole number from 1 to/],
      [{ scores: { P1: 2 ** 53 } }, /position\.scores\.P1: must be a whole number/],
    ];
    for (const [pos, expected] of cases) expect(positionProblem(ttt, pos)).toMatch(expected);
    expect(loadPosition(ttt, { turn: MAX_TURN, actionsInTurn: MAX_TURN, actionInTurn: MAX_TURN }).turn).toBe(MAX_TURN);

    const blind = loadGame("blind-kings");
    const memory = toPosition(blind, blind.newGame({ seed: 1 })).memory ?? Array.from(blind.def.memoryInit);
    expect(positionProblem(blind, { memory: memory.map(() => 2 ** 40) })).toMatch(/position\.memory: must be a list of \d+ whole numbers of 32 bits/);
    const observed = toPosition(blind, blind.observation(blind.newGame({ seed: 1 }), 0));
    observed.concealed!.P1!.king = 1e300;
    expect(positionProblem(blind, observed, { observation: true })).toMatch(new RegExp(`position\\.concealed\\.P1\\.king: must be a whole number from 0 to ${MAX_PIECES}`));
  });

  it("cuts long values in messages and lists at most MAX_PROBLEMS problems", () => {
    const r = finished();
    r.moves = Array.from({ length: 100_000 }, () => 1);
    const lines = recordProblem(r).split("\n");
    expect(lines).toHaveLength(1 + MAX_PROBLEMS + 1);
    expect(lines[1]).toBe("  moves[0]: must be an object {ply, player, notation, move}");
    expect(lines[lines.length - 1]).toBe(`  ... and ${100_000 - MAX_PROBLEMS} more problem(s)`);

    const long = "z".repeat(1_000_000);
    const message = positionProblem(ttt, { sites: { [long]: { piece: long, owner: "P1" }, a1: { piece: long, owner: long, flags: [long] } }, [long]: 1 });
    expect(message.length).toBeLessThan(1500);
    expect(message).toContain(`position.sites.${"z".repeat(MAX_SHOWN_CHARS)}... (1000000 characters): the board has no site`);
    expect(message).toContain(`position.sites.a1.piece: '${"z".repeat(MAX_SHOWN_CHARS)}... (1000000 characters)' is not a piece of this game`);

    const wideSites = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`x${i}`, { piece: "mark" }]));
    expect(positionProblem(ttt, { sites: wideSites }).split("\n")).toHaveLength(MAX_PROBLEMS + 1);

    expect(shown("a\u001b[2Jb\n")).toBe("a\\u001b[2Jb\\u000a");
    expect(shown([1, [2]])).toBe("[...]");
    expect(shown("\u{1f600}".repeat(40), 5)).toBe("\u{1f600}\u{1f600}... (80 characters)");
  });

  it("a record naming a game by a name of ten million characters is refused at once, the name cut", () => {
    const r = finished();
    r.game.name = "x".repeat(10_000_000);
    let thrown: unknown;
    try {
      loadRecordGame(readRecord(r));
    } catch (e) {
      thrown = e;
    }
    // Not a built-in game's name: the record itself is refused, before any game is looked for.
    expect(thrown).toBeInstanceOf(RecordError);
    expect((thrown as Error).message).toMatch(/^record: game\.name: must be the plain name of a built-in game \(letters, digits and '-'\), not 'x{60}\.\.\. \(10000000 characters\)'$/);
    expect((thrown as Error).message.length).toBeLessThan(1000);
  });

  it("JSON with a byte-order mark reads as without: records, positions and scenario files", () => {
    expect(parseJson("\ufeff{\"a\": 1}")).toEqual({ value: { a: 1 } });
    const bom = (name: string, data: unknown) => tempFile(name, `\ufeff${JSON.stringify(data)}`);
    expect(readRecordFile(bom("bom-record.json", finished())).moves).toHaveLength(5);
    const scenarios = runScenarioFile(bom("bom-scenarios.json", { format: "ludex-scenarios/1", game: "tic-tac-toe", scenarios: [{ id: "first", steps: [{ action: { kind: "add", to: "a1" }, expect: "legal" }] }] }), join(root, "games"));
    expect(scenarios.error).toBeUndefined();
    expect(scenarios.results).toEqual([{ id: "first", passed: true }]);
  });
});
