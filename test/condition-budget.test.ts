/**
 * Conditions have a budget: what one position's conditions may examine (MAX_WORK_PER_POSITION
 * sites, counted as they walk) is bounded, so a description whose conditions walk the board for
 * every site they walk stops with an error naming the condition and the position, within seconds,
 * instead of running for minutes; `validate` warns where it can see it coming.
 */
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileGame, loadGame } from "../src/compile/index.js";
import * as api from "../src/index.js";
import { PlayLimitError } from "../src/engine/play/play-limit.js";
import { WorkLimitError } from "../src/engine/play/work-budget.js";
import { MAX_WORK_PER_POSITION } from "../src/limits.js";
import { build } from "./support/games.js";
import { ludex, noStackTrace } from "./support/cli.js";

const FIXTURE = "test/fixtures/budget/counting-placement.game";

/** The error play stops with when `run` passes the work budget (failing the test if it does not). */
function workLimitOf(run: () => unknown): WorkLimitError {
  try {
    run();
  } catch (e) {
    if (e instanceof WorkLimitError) return e;
    throw e;
  }
  throw new Error("play passed the work budget without an error");
}

/** A placement on an N x N board allowed only where `(count-sites COND)` over the board holds. */
function countingPlacement(size: number, cond = "(>= (count-sites (empty site)) 1)"): string {
  return `(game "Counting" (players 2)
  (equipment {(board (square ${size} ${size})) (piece stone)})
  (rules (start {})
    (play (add piece:stone to:(and (empty to) ${cond})))
    (end {(if (line 5 to) (win mover))})))`;
}

describe("a condition that walks the board for every site of the board it walks", () => {
  it("legal on the 40 x 40 fixture stops with the budget error: exit 1, the condition and the position, no stack trace", async () => {
    const started = Date.now();
    const r = await ludex(["legal", FIXTURE]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^ludex: \(count-sites \.\.\.\) at \S*counting-placement\.game:13:68 would examine more than 100,000,000 sites for one position, the most its conditions may \(turn 1, P1 to move\); a description that needs more than this cannot be played$/m,
    );
    expect(r.stdout).toBe("");
    noStackTrace(r);
    // Before the budget it ran for minutes; a generous bound for a loaded machine.
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it("validate warns (W002) at the inner count-sites, saying why it is asked so often", async () => {
    const r = await ludex(["validate", FIXTURE, "--json"]);
    expect(r.code).toBe(0);
    const file = JSON.parse(r.stdout).files[0];
    expect(file.valid).toBe(true);
    expect(file.warnings).toBe(1);
    const w = file.diagnostics[0];
    expect(w).toMatchObject({ code: "W002", severity: "warning", line: 13, column: 68 });
    expect(w.message).toMatch(
      /^this \(count-sites \.\.\.\) examines up to 1,600 sites each time it is asked, and is asked for each of the 1,600 sites of \(count-sites \.\.\.\) at \S*counting-placement\.game:13:51 and each of the 1,600 sites a move may be tried on: up to 4,096,000,000 sites for one position; play stops with an error beyond 100,000,000$/,
    );
  });

  it("through the API: a WorkLimitError (a PlayLimitError) naming the rule and the position; the state is untouched and play can go on", () => {
    expect(api.WorkLimitError).toBe(WorkLimitError);
    expect(api.PlayLimitError).toBe(PlayLimitError);
    const g = loadGame(FIXTURE);
    const s = g.newGame({ seed: 1 });
    const before = JSON.stringify(s.toJSON());
    const e = workLimitOf(() => g.legalMoves(s));
    expect(e).toBeInstanceOf(PlayLimitError);
    expect(e.name).toBe("WorkLimitError");
    expect(e.rule).toMatch(/^\(count-sites \.\.\.\) at \S*counting-placement\.game:13:68$/);
    expect(e.position).toBe("turn 1, P1 to move");
    expect(JSON.stringify(s.toJSON())).toBe(before);
    // A caller who catches the error finds the budget whole again, not left spent.
    expect(g.def.work.left).toBe(MAX_WORK_PER_POSITION);
  });

  it("one count-sites for each placement on 200 x 200 (1.6 billion sites) stops instead of taking seconds a position; validate warns", () => {
    const r = compileGame(countingPlacement(200), { file: "wide.game" });
    expect(r.diagnostics.map((d) => `${d.code} ${d.span?.line}:${d.span?.col}`)).toEqual(["W002 4:51"]);
    expect(r.diagnostics[0]!.message).toContain("up to 1,600,000,000 sites for one position");
    const g = r.game!;
    const e = workLimitOf(() => g.legalMoves(g.newGame({ seed: 1 })));
    expect(e.rule).toBe("(count-sites ...) at wide.game:4:51");
    // A random playout that draws a move by trying a few random sites asks the condition a few
    // times a position, and plays on: what is counted is the work done, not the work foreseen.
    expect(g.playout(g.newGame({ seed: 2 }), 10)).toBe(10);
  });

  it("a placement restricted to a few sites (`at:`) is not warned about: its condition is tried there only", () => {
    const src = countingPlacement(200).replace("(add piece:stone to:", "(add piece:stone at:(rows 1 1) to:");
    const r = compileGame(src, { file: "row.game" });
    expect(r.diagnostics).toEqual([]);
    const g = r.game!;
    expect(g.legalMoves(g.newGame({ seed: 1 }))).toHaveLength(200);
  });

  it("a description that needs half the budget for every position plays on: the budget is per position", () => {
    // 7,000 sites, each placement counting them: 49 million sites a position.
    const g = build(countingPlacement(70));
    const s = g.newGame({ seed: 1 });
    for (let ply = 0; ply < 3; ply++) {
      const moves = g.legalMoves(s);
      expect(moves).toHaveLength(4900 - ply);
      g.applyInPlace(s, moves[ply * 97]!);
    }
  });

  it("a jump chain whose condition passes the budget mid-chain puts back every piece it lifted", () => {
    // Chains over a lattice branch without end; each jump asks a condition that walks 81 x 81 sites.
    const g = build(`(game "Lattice" (players 2)
  (equipment {(board (square 9 9)) (piece man)
    (region landings (intersection (union (columns a a) (columns c c) (columns e e) (columns g g) (columns i i)) (union (rows 1 1) (rows 3 3) (rows 5 5) (rows 7 7) (rows 9 9))))})
  (rules (start {(place man P1 a1) (place man P2 (difference all landings))})
    (play (jump over:(and (occupied over) (>= (count-sites (>= (count-sites (occupied site)) 0)) 0)) chain:may))
    (end {(if (no-moves mover) (lose mover))})))`);
    const s = g.newGame({ seed: 1 });
    const before = JSON.stringify(s.toJSON());
    const e = workLimitOf(() => g.legalMoves(s));
    expect(e.rule).toBe("(count-sites ...) at t.game:5:64");
    expect(JSON.stringify(s.toJSON())).toBe(before);
  });
});

describe("library games are far within the budget", () => {
  it("every game's random playouts, every position generated in full: the most work a position took is under a thousandth of the budget", () => {
    const worst: string[] = [];
    for (const f of readdirSync("games").filter((n) => n.endsWith(".game"))) {
      const g = loadGame(`games/${f}`);
      const work = g.def.work;
      let most = 0;
      const reset = work.reset.bind(work);
      work.reset = () => {
        most = Math.max(most, MAX_WORK_PER_POSITION - work.left);
        reset();
      };
      const s = g.newGame({ seed: 7 });
      g.playout(s, 300, { branching: 0 });
      work.reset();
      if (most * 1000 > MAX_WORK_PER_POSITION) worst.push(`${f}: ${most}`);
    }
    expect(worst).toEqual([]);
  });

  it("a library game's legal moves are unchanged (chess after 1. e4, shogi at the start)", () => {
    const chess = loadGame("chess");
    const s = chess.newGame({ seed: 1 });
    chess.applyInPlace(s, chess.parseMove(s, "e2-e4")!);
    expect(chess.legalMoves(s)).toHaveLength(20);
    const shogi = loadGame("shogi");
    expect(shogi.legalMoves(shogi.newGame({ seed: 1 }))).toHaveLength(30);
    expect(readFileSync(FIXTURE, "utf8")).toContain("count-sites");
  });
});
