/**
 * End-to-end tests of the `ludex` command line: each test spawns `node dist/cli/main.js`
 * (built by `npm test`'s pretest step) and checks stdout, stderr and the exit code.
 * The processes are spawned asynchronously and the tests run concurrently, to stay fast.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { summarise, type GameRecord, type MatchSummary } from "../src/ai/match.js";
import { withoutTimes } from "../src/record/recorder.js";
import { ludex, noStackTrace, root, runScript, tempFile, tmp } from "./support/cli.js";
import { describeWithShared, sharedScenariosDir } from "./support/shared.js";

const dablot = "games/dablot.game";

describe.concurrent("ludex: general manners", () => {
  it("--help lists the commands and exits 0", async () => {
    const r = await ludex(["--help"]);
    expect(r.code).toBe(0);
    for (const c of ["list", "info", "validate", "play", "replay", "playout", "bench", "legal", "show", "scenarios", "schema"]) expect(r.stdout).toContain(c);
  });

  it("every command has --help with an example", async () => {
    for (const c of ["list", "info", "validate", "play", "replay", "playout", "match", "bench", "legal", "show", "scenarios", "schema"]) {
      const r = await ludex([c, "--help"]);
      expect(r.code, c).toBe(0);
      expect(r.stdout, c).toContain("Examples:");
      expect(r.stdout, c).toContain(`$ ludex ${c}`);
    }
  });

  it("an unknown command is a usage error (exit 2)", async () => {
    const r = await ludex(["frobnicate"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("ludex: unknown command 'frobnicate'");
  });

  it("an unknown flag is a usage error (exit 2)", async () => {
    const r = await ludex(["validate", dablot, "--frobnicate"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--frobnicate'");
  });

  it("a missing argument is a usage error (exit 2)", async () => {
    const r = await ludex(["legal"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("missing required argument");
  });

  it("no command at all is a usage error that shows the help", async () => {
    const r = await ludex([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Usage: ludex");
  });

  it("--option without name=value is a usage error", async () => {
    const r = await ludex(["legal", dablot, "--option", "quietDraw"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("name=value");
  });

  it("an unknown description option is a usage error that lists the known ones", async () => {
    const r = await ludex(["playout", dablot, "-n", "1", "--option", "nosuch=1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^ludex: .*unknown option 'nosuch'.*quietDraw/m);
    noStackTrace(r);
  });

  it("a bad option value is a usage error", async () => {
    const r = await ludex(["playout", dablot, "-n", "1", "--option", "quietDraw=abc"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^ludex: .*quietDraw.*'abc' is not a number/m);
    noStackTrace(r);
  });
});

describe.concurrent("ludex validate", () => {
  it("accepts a valid description", async () => {
    const r = await ludex(["validate", dablot]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`${dablot}: ok`);
  });

  it("reports every error of a broken description with file:line:col and a caret (exit 1)", async () => {
    const text = readFileSync(join(root, dablot), "utf8").replace("(piece prince rank:2)", '(piece prince rank:"two")').replace("(no-moves next)", "(no-movez next)");
    const broken = tempFile("broken.game", text);
    const r = await ludex(["validate", dablot, broken]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${dablot}: ok`);
    expect(r.stdout).toMatch(new RegExp(`${broken.replace(/[\\.]/g, "\\$&")}:\\d+:\\d+: error S001`));
    expect(r.stdout).toMatch(/error B001: unknown ludeme 'no-movez'/);
    expect(r.stdout).toMatch(/^\s+\| +\^+$/m);
    expect(r.stdout).toContain(`${broken}: 2 errors`);
    noStackTrace(r);
  });

  it("a missing file is a clear error (exit 1)", async () => {
    const r = await ludex(["validate", "no/such.game"]);
    expect(r.code).toBe(1);
    expect(r.all).toContain("cannot read description 'no/such.game': no such file");
    noStackTrace(r);
  });

  it("other commands print description errors on stderr and exit 1", async () => {
    const broken = tempFile("broken2.game", "(game \"X\" (players 2)");
    const r = await ludex(["legal", broken]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/broken2\.game:\d+:\d+: error P/);
    noStackTrace(r);
  });
});

describe.concurrent("ludex playout", () => {
  it("reports results that add up, as JSON", async () => {
    const r = await ludex(["playout", dablot, "-n", "20", "--option", "quietDraw=100", "--json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.playouts).toBe(20);
    expect(j.options).toEqual({ quietDraw: 100 });
    expect(j.players).toHaveLength(2);
    const p1 = j.players[0];
    expect(p1.wins + p1.losses + p1.draws + j.unfinished).toBe(20);
    expect(j.players[0].wins).toBe(j.players[1].losses);
    expect(j.draws).toBe(p1.draws);
    expect(j.avgLength).toBeGreaterThan(0);
    expect(j.avgBranching).toBeGreaterThan(1);
  });

  it("is reproducible for a seed", async () => {
    const a = JSON.parse((await ludex(["playout", dablot, "-n", "5", "--seed", "9", "--json"])).stdout);
    const b = JSON.parse((await ludex(["playout", dablot, "-n", "5", "--seed", "9", "--json"])).stdout);
    expect({ ...a, elapsedSeconds: 0 }).toEqual({ ...b, elapsedSeconds: 0 });
  });

  it("--check plays the same games as a plain playout, dice games included (throws are no plies)", async () => {
    for (const game of [dablot, "backgammon"]) {
      const plain = JSON.parse((await ludex(["playout", game, "-n", "4", "--seed", "3", "--json"])).stdout);
      const checked = JSON.parse((await ludex(["playout", game, "-n", "4", "--seed", "3", "--json", "--check"])).stdout);
      expect({ ...checked, elapsedSeconds: 0 }, game).toEqual({ ...plain, elapsedSeconds: 0 });
    }
  });

  it("cuts playouts at --max-plies and reports them unfinished", async () => {
    const r = await ludex(["playout", dablot, "-n", "3", "--max-plies", "5", "--json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.unfinished).toBe(3);
    expect(j.avgLength).toBe(5);
  });

  it("prints a text table by default", async () => {
    const r = await ludex(["playout", dablot, "-n", "3", "--option", "quietDraw=100"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/P1 \(South\)\s+\d+\s+\d+\s+\d+/);
    expect(r.stdout).toContain("average length");
    expect(r.stdout).toMatch(/^draws: \d+, unfinished: 0$/m);
  });

  it("says how many unfinished playouts got stuck: no legal move, and no rule ended the game", async () => {
    // Four placements fill the 2 x 2 board, and nothing ends the game.
    const stuck = tempFile("stuck.game", '(game "Stuck" (players 2) (equipment {(board (square 2 2)) (piece stone)}) (rules (start {}) (play (add piece:stone to:(empty to))) (end {})))');
    const r = await ludex(["playout", stuck, "-n", "3"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^draws: 0, unfinished: 3 \(3 stuck: the player to act had no legal move and no rule ended the game\)$/m);
  });

  it("rejects a non-numeric -n (exit 2)", async () => {
    const r = await ludex(["playout", dablot, "-n", "abc"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("'abc' is invalid");
  });
});

describe.concurrent("ludex bench", () => {
  it("reports throughput as one JSON object", async () => {
    const r = await ludex(["bench", dablot, "--seconds", "1", "--json", "--option", "quietDraw=100"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    for (const k of ["playoutsPerSec", "pliesPerSec", "avgLength", "avgBranching", "playouts", "plies", "seconds"]) expect(j[k], k).toBeGreaterThan(0);
    expect(j.unfinished).toBe(0);
    expect(j.game).toBe("Dablot");
    expect(j.options).toEqual({ quietDraw: 100 });
  });

  it("rejects a non-positive --seconds (exit 2)", async () => {
    expect((await ludex(["bench", dablot, "--seconds", "0"])).code).toBe(2);
  });
});

describe.concurrent("ludex legal", () => {
  it("lists the 15 opening moves of Dablot", async () => {
    const r = await ludex(["legal", dablot]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(15);
    expect(lines.some((l) => /^c5-c7\s+\{kind: step, from: c5, to: c7/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith("k7-j8 "))).toBe(true);
  });

  it("prints moves as JSON without the engine's code", async () => {
    const r = await ludex(["legal", dablot, "--json"]);
    const moves = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(moves).toHaveLength(15);
    expect(moves.map((m) => m.notation)).toContain("c5-c7");
    expect(moves[0]).not.toHaveProperty("code");
    expect(moves[0]).toHaveProperty("actions");
  });

  it("reads a position file", async () => {
    const pos = tempFile(
      "pos.json",
      JSON.stringify({ sites: { c5: { owner: "P1", piece: "soldier" }, c7: { owner: "P2", piece: "soldier" }, k13: { owner: "P2", piece: "king" } }, mover: "P1" }),
    );
    const r = await ludex(["legal", dablot, "--position", pos, "--json"]);
    expect(r.code).toBe(0);
    const moves = JSON.parse(r.stdout);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ notation: "c5xc9", kind: "jump", from: "c5", to: "c9", captures: ["c7"] });
  });

  it("reports every problem of a bad position (exit 1)", async () => {
    const pos = tempFile("bad-pos.json", JSON.stringify({ sites: { z99: { owner: "P1", piece: "soldier" }, c7: { owner: "P2", piece: "pawn" } }, mover: "P3" }));
    const r = await ludex(["legal", dablot, "--position", pos]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("bad position");
    expect(r.stderr).toContain("no site 'z99'");
    expect(r.stderr).toContain("'pawn' is not a piece");
    expect(r.stderr).toContain("'P3' is not a player");
    noStackTrace(r);
  });

  it("reports unparsable and missing position files (exit 1)", async () => {
    const bad = tempFile("not-json.json", "{nope");
    const r = await ludex(["legal", dablot, "--position", bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is not valid JSON");
    const m = await ludex(["legal", dablot, "--position", join(tmp, "missing.json")]);
    expect(m.code).toBe(1);
    expect(m.stderr).toContain("no such file");
  });
});

describeWithShared("ludex scenarios: the shared files", () => {
  it("runs the shared Dablot scenarios", async () => {
    const r = await ludex(["scenarios", join(sharedScenariosDir, "dablot.json")]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n").at(-1)).toBe("24 passed, 0 failed");
  });
});

describe.concurrent("ludex scenarios", () => {
  it("reports a malformed scenario file (exit 1)", async () => {
    const f = tempFile("malformed.json", JSON.stringify({ format: "ludex-scenarios/1", game: "dablot" }));
    const r = await ludex(["scenarios", f]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`ERROR ${f}: not a valid scenario file`);
    expect(r.stdout).toContain("scenarios");
    expect(r.stdout.trim().split("\n").at(-1)).toBe("0 passed, 0 failed");
  });

  it("reports a failing scenario (exit 1)", async () => {
    const step = (outcome: string) => ({ action: { kind: "step", from: "c5", to: "c7" }, expect: outcome });
    const f = tempFile(
      "wrong.json",
      JSON.stringify({ format: "ludex-scenarios/1", game: "dablot", options: {}, scenarios: [{ id: "wrong", steps: [step("illegal")] }, { id: "right", steps: [step("legal")] }] }),
    );
    const r = await ludex(["scenarios", f]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`^FAIL ${f.replace(/[\\.]/g, "\\$&")} wrong: step 1: .*c5-c7 is legal$`, "m"));
    expect(r.stdout.trim().split("\n").at(-1)).toBe("1 passed, 1 failed");
  });
});

describe.concurrent("ludex schema", () => {
  it("prints the JSON Schema", async () => {
    const r = await ludex(["schema"]);
    expect(r.code).toBe(0);
    const schema = JSON.parse(r.stdout);
    expect(schema).toHaveProperty("definitions");
  });
});

describe.concurrent("ludex play", () => {
  it("lists moves, rejects bad input and quits cleanly", async () => {
    const r = await ludex(["play", dablot, "--p2", "random", "--seed", "3"], "moves\nzz9\nquit\n");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("P1 (South)> ");
    expect(r.stdout).toMatch(/^\s+2\. c5-c7$/m);
    expect(r.stdout).toContain("'zz9' is not a legal move here; type 'moves' to list them");
    expect(r.stdout).toContain("game abandoned");
    noStackTrace(r);
  });

  it("plays a human move and the agent's reply, by notation or by number", async () => {
    const byText = await ludex(["play", dablot, "--p2", "random", "--seed", "3"], "c5-c7\nquit\n");
    const byNumber = await ludex(["play", dablot, "--p2", "random", "--seed", "3"], "2\nquit\n");
    expect(byText.code).toBe(0);
    expect(byText.stdout).toMatch(/P2 \(North\) plays \S+/);
    expect(byNumber.stdout).toBe(byText.stdout.replace("> c5-c7\n", "> 2\n"));
  });

  it("undoes the last human move with the replies after it", async () => {
    const r = await ludex(["play", dablot, "--p2", "random", "--seed", "3"], "c5-c7\nundo\nundo\nquit\n");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Nothing to undo.");
    expect(r.stdout.match(/Turn 1: P1 \(South\) to act/g)).toHaveLength(2);
  });

  it("plays a whole game between two random agents", async () => {
    const r = await ludex(["play", dablot, "--p1", "random", "--p2", "random", "--seed", "5", "--option", "quietDraw=100"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/P1 \(South\) plays \S+/);
    expect(r.stdout.trim().split("\n").at(-1)).toMatch(/^Game over: /);
    // Reproducible with the same seed.
    expect((await ludex(["play", dablot, "--p1", "random", "--p2", "random", "--seed", "5", "--option", "quietDraw=100"])).stdout).toBe(r.stdout);
  });

  it("abandons the game when input ends (exit 1)", async () => {
    const r = await ludex(["play", dablot, "--seed", "1"], "c5-c7\n");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("ludex: input ended; game abandoned");
    noStackTrace(r);
  });

  it("rejects an unknown agent and a seat the game does not have (exit 2)", async () => {
    const a = await ludex(["play", dablot, "--p2", "nosuch"]);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain("human, random");
    const b = await ludex(["play", dablot, "--p3", "random"]);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain("--p3: Dablot has 2 players");
  });
});

describe.concurrent("ludex show (hidden information)", () => {
  const blind = "games/blind-kings.game";

  it("writes a player's observation as JSON: face-down pieces without type or owner", async () => {
    const r = await ludex(["show", blind, "--seed", "7", "--as", "P1", "--json"]);
    expect(r.code).toBe(0);
    const pos = JSON.parse(r.stdout) as { sites: Record<string, { piece: string; owner?: string; flags: string[] }> };
    expect(Object.keys(pos.sites)).toHaveLength(32);
    for (const piece of Object.values(pos.sites)) expect(piece).toEqual({ piece: "unknown", height: 1, flags: ["hidden"] });
  });

  it("shows the full state (a referee's view) without --as, and rejects an unknown player", async () => {
    const full = JSON.parse((await ludex(["show", blind, "--seed", "7", "--json"])).stdout) as { sites: Record<string, { owner?: string }> };
    expect(Object.values(full.sites).every((p) => p.owner === "P1" || p.owner === "P2")).toBe(true);
    const bad = await ludex(["show", blind, "--as", "P3"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("'P3' is not a player");
  });

  it("play shows a human only face-down marks for unrevealed pieces", async () => {
    const r = await ludex(["play", blind, "--p2", "random", "--seed", "4"], "quit\n");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^4 {2}\? \? \? \? \? \? \? \?$/m);
  });
});

describe.concurrent("ludex match", () => {
  /** What `match --json` prints: the summary of src/ai/match.ts with the run's settings. */
  interface MatchJson extends MatchSummary {
    game: string;
    seed: number;
    jobs: number;
    records: GameRecord[];
  }
  const dablotMatch = ["match", dablot, "--agents", "mcts:iterations=20,random", "-n", "4", "--max-plies", "60", "--option", "quietDraw=100", "--json"];
  /** What must not depend on the number of workers: everything but timings and the jobs count. */
  const results = (j: MatchJson) => ({ games: j.games, unfinished: j.unfinished, avgLength: j.avgLength, agents: j.agents.map(({ avgMoveMs: _, ...rest }) => rest) });

  it("gives the same results on one worker thread and on two", async () => {
    const [one, two] = await Promise.all([ludex([...dablotMatch, "--jobs", "1"]), ludex([...dablotMatch, "--jobs", "2"])]);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    const a = JSON.parse(one.stdout) as MatchJson, b = JSON.parse(two.stdout) as MatchJson;
    expect([a.game, a.jobs, b.jobs, a.seed]).toEqual(["Dablot", 1, 2, 0]);
    expect(results(b)).toEqual(results(a));
    expect(a.games).toBe(4);
    expect(a.agents.map((r) => r.agent)).toEqual(["mcts:iterations=20", "random"]);
    for (const r of a.agents) {
      expect(r.games).toBe(4);
      expect(r.wins + r.draws + r.losses).toBe(4);
      expect(r.winRate).toBe(r.wins / 4);
      expect(r.winLow).toBeLessThanOrEqual(r.winRate);
      expect(r.winHigh).toBeGreaterThanOrEqual(r.winRate);
    }
    // Two seats: one agent's wins are the other's losses.
    expect([a.agents[0]!.wins, a.agents[0]!.draws]).toEqual([a.agents[1]!.losses, a.agents[1]!.draws]);
  });

  it("a match in parts (--first) plays the same games as one run, records included", async () => {
    const [whole, part1, part2] = await Promise.all([
      ludex([...dablotMatch, "--jobs", "1"]),
      ludex([...dablotMatch, "-n", "2", "--jobs", "1"]),
      ludex([...dablotMatch, "-n", "2", "--first", "2", "--jobs", "1"]),
    ]);
    for (const r of [whole, part1, part2]) expect(r.code, r.stderr).toBe(0);
    // Everything but the time spent thinking, which depends on the machine.
    const game = (r: GameRecord) => ({ ...r, thinkMs: undefined, record: withoutTimes(r.record) });
    const [w, a, b] = [whole, part1, part2].map((r) => JSON.parse(r.stdout) as MatchJson);
    expect(w.records.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    expect([...a.records, ...b.records].map(game)).toEqual(w.records.map(game));
    expect(results({ ...w, ...summarise([...a.records, ...b.records]) })).toEqual(results(w));
  });

  it("fills the remaining seats with the last agent (Beset for 3)", async () => {
    const r = await ludex(["match", "games/beset.game", "--agents", "random", "-n", "3", "--option", "players=3", "--option", "maxTurns=20", "--json", "--jobs", "1"]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as MatchJson;
    expect(j.agents).toHaveLength(1);
    expect(j.agents[0]).toMatchObject({ agent: "random", games: 9 });
    expect(j.agents[0]!.wins + j.agents[0]!.draws + j.agents[0]!.losses).toBe(9);
  });

  it("prints a table with a header, a row per agent and the average length", async () => {
    const r = await ludex(["match", dablot, "--agents", "random,greedy", "-n", "2", "--option", "quietDraw=100", "--jobs", "1"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Dablot: 2 games, agents random \| greedy, seats rotated, seed 0, 1 job\(s\), [\d.]+ s$/m);
    expect(r.stdout).toMatch(/^agent\s+games\s+wins\s+draws\s+losses\s+win%\s+95% interval\s+ms\/move$/m);
    expect(r.stdout).toMatch(/^random\s+2\s+\d+\s+\d+\s+\d+\s+[\d.]+%\s+[\d.]+%-[\d.]+%\s+[\d.]+$/m);
    expect(r.stdout).toMatch(/^greedy\s+2\s+\d+\s+\d+\s+\d+\s+[\d.]+%\s+[\d.]+%-[\d.]+%\s+[\d.]+$/m);
    expect(r.stdout).toMatch(/^average length: [\d.]+ plies; unfinished \(cut at 2000 plies, counted as draws\): \d+$/m);
  });

  it("a bad --agents is a usage error (exit 2) saying what is wrong", async () => {
    const [unknown, badValue, badParam] = await Promise.all([
      ludex(["match", dablot, "--agents", "minimax,random", "-n", "2"]),
      ludex(["match", dablot, "--agents", "mcts:iterations=0,random", "-n", "2"]),
      ludex(["match", dablot, "--agents", "random;alphabeta:depth=2,speed=3", "-n", "2"]),
    ]);
    for (const r of [unknown, badValue, badParam]) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      noStackTrace(r);
    }
    expect(unknown.stderr).toContain("ludex: --agents: unknown agent 'minimax'");
    expect(badValue.stderr).toContain("ludex: --agents: iterations=0 in 'mcts:iterations=0' must be a whole number >= 1");
    expect(badParam.stderr).toContain("has no parameter 'speed'");
  });

  it("alphabeta on Blind Kings is a usage error naming the reason", async () => {
    const r = await ludex(["match", "games/blind-kings.game", "--agents", "alphabeta:depth=2,random", "-n", "2"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("ludex: --agents: alphabeta needs perfect information; Blind Kings hides pieces (use mcts)");
    noStackTrace(r);
  });

  // Was a bug: match rejected `human` with a message listing human as a known agent.
  it("does not offer human as a known agent when rejecting it", async () => {
    const r = await ludex(["match", dablot, "--agents", "human,random", "-n", "2"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("'human'");
    expect(r.stderr).not.toMatch(/known: human/);
  });

  it("refuses more agents than the game has seats", async () => {
    const r = await ludex(["match", dablot, "--agents", "random,greedy,random", "-n", "2"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("3 agents for the 2 seats");
  });
});

describe("the strength check script (test/strength.mjs)", () => {
  const script = join(root, "test", "strength.mjs");
  const node = (args: string[]) => runScript(script, args);

  it("plays a line in parts, saves them, resumes without replaying, and reports the table", async () => {
    const out = mkdtempSync(join(tmpdir(), "ludex-strength-"));
    try {
      const args = ["--only", "dablot-2p", "--time", "5ms", "--games", "3", "--chunk", "2", "--jobs", "2", "--out", out];
      const first = await node(args);
      expect(first.code, first.stderr).toBe(0);
      // Two lines (against random and greedy), two parts each: games 0-1 and 2-2.
      expect(first.stderr.match(/games \d+-\d+ in \d+ s/g)).toHaveLength(4);
      const rows = first.stdout.split("\n").filter((l) => l.startsWith("| Dablot"));
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row).toMatch(/^\| Dablot \(quietDraw=100\) \| (random|greedy) \| 3 \| \d+ \| \d+ \| \d+ \| \d+% \(\d+-\d+\) \|/);
      const again = await node(args);
      expect(again.code).toBe(0);
      expect(again.stderr).toBe("");
      expect(again.stdout).toBe(first.stdout);
      const report = await node(["--report", "--only", "dablot-2p", "--time", "5ms", "--out", out]);
      expect(report.stdout).toBe(first.stdout);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe.concurrent("ludex perft", () => {
  it("counts move sequences from the start: chess at depth 3 is 8,902", async () => {
    const r = await ludex(["perft", "chess", "--depth", "3"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe("8902");
  });

  it("--divide gives each first move's count, adding up to the total, and --json a document", async () => {
    const r = await ludex(["perft", "chess", "--depth", "2", "--divide", "--json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.count).toBe(400);
    expect(j.divide).toHaveLength(20);
    expect(j.divide.every((d: { count: number }) => d.count === 20)).toBe(true);
  });

  it("from a position file, and a promotion asked after the move counts in its turn (--decisions counts it apart)", async () => {
    const pos = tempFile("promo.json", JSON.stringify({ sites: { e7: { piece: "pawn", owner: "P1" }, a1: { piece: "king", owner: "P1" }, h3: { piece: "king", owner: "P2" } }, mover: "P1" }));
    const turns = await ludex(["perft", "chess", "--position", pos, "--depth", "1"]);
    // e7-e8 with its four choices, and the king's three moves.
    expect(turns.stdout.trim()).toBe("7");
    const decisions = await ludex(["perft", "chess", "--position", pos, "--depth", "1", "--decisions"]);
    expect(decisions.stdout.trim()).toBe("4");
    // With promotion=in-move the pawn's move carries the choice: four moves, one decision each.
    const inMove = ["--option", "promotion=in-move"];
    expect((await ludex(["perft", "chess", "--position", pos, "--depth", "1", ...inMove])).stdout.trim()).toBe("7");
    expect((await ludex(["perft", "chess", "--position", pos, "--depth", "1", "--decisions", ...inMove])).stdout.trim()).toBe("7");
    const legal = await ludex(["legal", "chess", "--position", pos, ...inMove]);
    expect(legal.stdout).toContain("e7-e8=N  {kind: pawn, from: e7, to: e8, count: 1, piece: pawn, promotion: knight}");
  });

  it("a depth beyond the bound is a usage error", async () => {
    const r = await ludex(["perft", "chess", "--depth", "40"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--depth 40: at most 12/);
    noStackTrace(r);
  });
});
