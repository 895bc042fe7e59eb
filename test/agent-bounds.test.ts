/**
 * Bounded agents: every budget an agent spec can ask for has a bound (src/limits.ts). A spec a
 * person gives beyond one is refused, naming the parameter, the value and the bound (on the
 * command line a usage error, exit 2); a spec read from a record is capped to it, with one line
 * per capped seat, and the game plays.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AGENT_BOUNDS, AgentSpecError, capAgentSpec, cappedNotice, createAgent } from "../src/ai/index.js";
import { loadGame } from "../src/compile/index.js";
import { MAX_AGENT_DEPTH, MAX_AGENT_EXPLORATION, MAX_AGENT_ITERATIONS, MAX_AGENT_ROLLOUT, MAX_AGENT_TIME_MS } from "../src/limits.js";
import { addMove, finishRecord, newRecord } from "../src/record/recorder.js";
import { ludex, noStackTrace, tempFile } from "./support/cli.js";

function specError(spec: string): string {
  try {
    createAgent(spec, 1);
  } catch (e) {
    expect(e, spec).toBeInstanceOf(AgentSpecError);
    return (e as Error).message;
  }
  throw new Error(`'${spec}' was accepted`);
}

describe("agent spec bounds", () => {
  it("the bounds are the documented limits", () => {
    expect(AGENT_BOUNDS.iterations.max).toBe(MAX_AGENT_ITERATIONS);
    expect(AGENT_BOUNDS.time.max).toBe(MAX_AGENT_TIME_MS);
    expect(AGENT_BOUNDS.depth.max).toBe(MAX_AGENT_DEPTH);
    expect(AGENT_BOUNDS.rollout.max).toBe(MAX_AGENT_ROLLOUT);
    expect(AGENT_BOUNDS.c.max).toBe(MAX_AGENT_EXPLORATION);
  });

  it("refuse each budget beyond its bound, naming the parameter, the value and the bound", () => {
    expect(specError("mcts:iterations=1000000000")).toBe("iterations=1000000000 in 'mcts:iterations=1000000000' is above the most, 10000000 iterations a decision");
    expect(specError("mcts:iterations=1e9")).toBe("iterations=1e9 in 'mcts:iterations=1e9' is above the most, 10000000 iterations a decision");
    expect(specError("mcts:time=1000000s")).toBe("time=1000000s in 'mcts:time=1000000s' is above the most, 3600s of thinking a decision");
    expect(specError("mcts:time=3600001ms")).toBe("time=3600001ms in 'mcts:time=3600001ms' is above the most, 3600s of thinking a decision");
    expect(specError("alphabeta:depth=4,time=7200")).toBe("time=7200 in 'alphabeta:depth=4,time=7200' is above the most, 3600s of thinking a decision");
    expect(specError("alphabeta:depth=1000")).toBe("depth=1000 in 'alphabeta:depth=1000' is above the most, 64 plies of search");
    expect(specError("mcts:rollout=10001")).toBe("rollout=10001 in 'mcts:rollout=10001' is above the most, 10000 plies a playout");
    expect(specError("mcts:c=1e300")).toBe("c=1e300 in 'mcts:c=1e300' is above the most, 100 for the exploration constant");
  });

  it("accept each budget at its bound", () => {
    for (const spec of ["mcts:iterations=10000000", "mcts:time=3600s", "mcts:time=3600000ms", "alphabeta:depth=64,time=3600", "mcts:iterations=5,rollout=10000,c=100"]) {
      expect(createAgent(spec, 1).name, spec).toBe(spec);
    }
  });

  it("refuse counts that are not whole numbers, and durations of nothing", () => {
    expect(specError("mcts:iterations=2.5")).toBe("iterations=2.5 in 'mcts:iterations=2.5' must be a whole number >= 1");
    expect(specError("alphabeta:depth=2.5")).toBe("depth=2.5 in 'alphabeta:depth=2.5' must be a whole number >= 1");
    expect(specError("mcts:rollout=0.5")).toBe("rollout=0.5 in 'mcts:rollout=0.5' must be a whole number >= 1");
    for (const zero of ["0", "0ms", "0.0s"]) expect(specError(`mcts:time=${zero}`)).toBe(`time=${zero} in 'mcts:time=${zero}' must be above 0 (e.g. 2s, 500ms)`);
    expect(specError("alphabeta:time=0s")).toBe("time=0s in 'alphabeta:time=0s' must be above 0 (e.g. 2s, 500ms)");
    expect(createAgent("mcts:time=0.5ms", 1).name).toBe("mcts:time=0.5ms");
  });
});

describe("capping a spec read from a record", () => {
  it("caps each value beyond its bound, keeps the rest, and says what each cap is", () => {
    const held = capAgentSpec("mcts:iterations=1000000000,c=1.2,time=1000000s");
    expect(held.spec).toBe("mcts:iterations=100000,c=1.2,time=10s");
    expect(held.capped.map((c) => [c.param, c.given, c.bound.shown])).toEqual([
      ["iterations", "1000000000", "100000"],
      ["time", "1000000s", "10s"],
    ]);
    expect(createAgent(held.spec, 1).name).toBe(held.spec);
    expect(capAgentSpec("alphabeta:depth=1000").spec).toBe("alphabeta:depth=6");
    // A record's agent is held to seconds a decision, below what a person may type.
    expect(capAgentSpec("mcts:iterations=10000000").spec).toBe("mcts:iterations=100000");
    expect(capAgentSpec("alphabeta:depth=64,time=3600s").spec).toBe("alphabeta:depth=6,time=10s");
    expect(capAgentSpec("mcts:rollout=99999,c=500").spec).toBe("mcts:rollout=10000,c=100");
  });

  it("leaves a spec within its bounds exactly as written", () => {
    for (const spec of ["random", "greedy", "mcts", "mcts: iterations = 2000 , c=1.4", "alphabeta:depth=6,time=1s"]) {
      expect(capAgentSpec(spec)).toEqual({ spec, capped: [] });
      expect(cappedNotice("P1", spec, capAgentSpec(spec))).toBeUndefined();
    }
  });

  it("still refuses a spec that is wrong in any other way", () => {
    expect(() => capAgentSpec("minimax:depth=3")).toThrow(/^unknown agent 'minimax'/);
    expect(() => capAgentSpec("mcts:iterations=2.5")).toThrow("must be a whole number >= 1");
    expect(() => capAgentSpec("mcts:iters=1000000000")).toThrow("has no parameter 'iters'");
    expect(() => capAgentSpec("mcts:time=0")).toThrow("must be above 0");
  });

  it("tells a capped seat in one line", () => {
    const given = "alphabeta:depth=1000,time=1000000s";
    expect(cappedNotice("P2", given, capAgentSpec(given))).toBe(
      "P2's agent 'alphabeta:depth=1000,time=1000000s' from the record is capped to 'alphabeta:depth=6,time=10s' (at most 6 plies of search for a record's agent; at most 10s of thinking a decision for a record's agent)",
    );
  });
});

/**
 * A Tic-Tac-Toe record of agents stopped after 7 plies: P1 (o) holds a2 b2 c3 c1, P2 (x) c2 b3
 * b1. P2 has two moves (a1, a3), then P1 only the other square, which wins: so even agents with
 * huge budgets finish at once (alpha-beta sees the end two plies ahead, MCTS with one legal move
 * does not search).
 */
function sevenPlyRecord(seats: string[]): string {
  const g = loadGame("tic-tac-toe");
  let s = g.newGame({ seed: 5 });
  const rec = newRecord(g, { seed: 5, seats });
  for (const notation of ["a2", "c2", "b2", "b3", "c3", "b1", "c1"]) {
    const m = g.legalMoves(s).find((x) => x.notation === notation)!;
    addMove(rec, s.mover, m);
    s = g.apply(s, m);
  }
  finishRecord(rec, g, s, "unfinished", "stopped after 7 plies");
  return JSON.stringify(rec);
}

describe.concurrent("the command line", () => {
  it("play and match refuse a spec beyond a bound as a usage error (exit 2)", async () => {
    const [iterations, depth, time] = await Promise.all([
      ludex(["play", "tic-tac-toe", "--p1", "mcts:iterations=1000000000"]),
      ludex(["play", "tic-tac-toe", "--p2", "alphabeta:depth=1000"]),
      ludex(["match", "tic-tac-toe", "--agents", "mcts:time=1000000s;random", "-n", "2"]),
    ]);
    for (const r of [iterations, depth, time]) {
      expect(r.code, r.all).toBe(2);
      expect(r.stdout).toBe("");
      noStackTrace(r);
    }
    expect(iterations.stderr).toContain("iterations=1000000000 in 'mcts:iterations=1000000000' is above the most, 10000000 iterations a decision");
    expect(depth.stderr).toContain("depth=1000 in 'alphabeta:depth=1000' is above the most, 64 plies of search");
    expect(time.stderr).toContain("ludex: --agents: time=1000000s in 'mcts:time=1000000s' is above the most, 3600s of thinking a decision");
  });

  it("play --load caps a record's agents beyond the bounds, says so once per seat, plays, and records the capped specs", async () => {
    const file = tempFile("capped-seats.json", sevenPlyRecord(["mcts:iterations=1000000000", "alphabeta:depth=1000,time=1000000s"]));
    const r = await ludex(["play", "--load", file]);
    expect(r.code, r.all).toBe(0);
    expect(r.stderr).toBe(
      "ludex: P1's agent 'mcts:iterations=1000000000' from the record is capped to 'mcts:iterations=100000' (at most 100000 iterations a decision for a record's agent)\n" +
        "ludex: P2's agent 'alphabeta:depth=1000,time=1000000s' from the record is capped to 'alphabeta:depth=6,time=10s' (at most 6 plies of search for a record's agent; at most 10s of thinking a decision for a record's agent)\n",
    );
    expect(r.stdout).toContain("P1 (Noughts) mcts:iterations=100000, P2 (Crosses) alphabeta:depth=6,time=10s.");
    expect(r.stdout).toMatch(/^P2 \(Crosses\) plays a[13] {3}\[alphabeta:depth=6,time=10s: /m);
    expect(r.stdout).toMatch(/^P1 \(Noughts\) plays a[13] {3}\[mcts:iterations=100000: only move/m);
    expect(r.stdout).toContain("P1 (Noughts) wins.");
    const saved = JSON.parse(readFileSync(file, "utf8"));
    expect(saved.seats.map((s: { agent: string }) => s.agent)).toEqual(["mcts:iterations=100000", "alphabeta:depth=6,time=10s"]);
    expect(saved.moves.length).toBe(9);
  });

  it("a seat given on the command line is not the record's: only the record's seats are capped", async () => {
    const file = tempFile("capped-one-seat.json", sevenPlyRecord(["mcts:time=1000000s", "alphabeta:depth=1000"]));
    const r = await ludex(["play", "--load", file, "--p1", "random"]);
    expect(r.code, r.all).toBe(0);
    expect(r.stderr).toBe("ludex: P2's agent 'alphabeta:depth=1000' from the record is capped to 'alphabeta:depth=6' (at most 6 plies of search for a record's agent)\n");
  });

  it("a record's agent that is not valid at all is the record's error (exit 1), naming the file and the seat", async () => {
    const unknown = tempFile("unknown-agent.json", sevenPlyRecord(["minimax:depth=3", "random"]));
    const fraction = tempFile("fraction-agent.json", sevenPlyRecord(["random", "mcts:iterations=2.5"]));
    const [a, b] = await Promise.all([ludex(["play", "--load", unknown]), ludex(["play", "--load", fraction])]);
    for (const r of [a, b]) {
      expect(r.code, r.all).toBe(1);
      noStackTrace(r);
      expect(r.all).not.toContain("internal error");
    }
    expect(a.stderr).toBe(`ludex: ${unknown}: P1's agent in the record: unknown agent 'minimax' (known: human, random, greedy, mcts, alphabeta; e.g. mcts:time=1s); give the seat another with --p1\n`);
    expect(b.stderr).toBe(`ludex: ${fraction}: P2's agent in the record: iterations=2.5 in 'mcts:iterations=2.5' must be a whole number >= 1; give the seat another with --p2\n`);
  });

  it("play --help states the bounds", async () => {
    const r = await ludex(["play", "--help"]);
    expect(r.stdout).toContain("iterations=10000000, time=3600s, depth=64, rollout=10000, c=100");
    expect(r.stdout).toContain("an agent from a record's seat is capped to");
    expect(r.stdout).toContain("iterations=100000, time=10s, depth=6;");
  });
});
