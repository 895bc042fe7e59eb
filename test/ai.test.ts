/**
 * The agents (random, greedy, MCTS, alpha-beta) through their public interface: specs and their
 * errors, legal choices on every game, budgets, determinism, the hidden-information guarantee
 * (agents act on observations only), n-player and multi-action search, tree reuse, and the match
 * helpers (seat rotation, summaries, Wilson intervals).
 */
import { describe, expect, it } from "vitest";
import { compileGame, loadGame } from "../src/compile/index.js";
import { formatDiagnostic } from "../src/lang/diagnostics.js";
import { AGENT_KINDS, AgentSpecError, createAgent, type Agent } from "../src/ai/index.js";
import { playMatchGame, seatsFor, summarise, wilson, type GameRecord, type MatchConfig } from "../src/ai/match.js";
import { withoutTimes } from "../src/record/recorder.js";
import type { Game } from "../src/engine/play/game.js";
import type { Move } from "../src/engine/moves/moves.js";
import type { State } from "../src/engine/state/state.js";
import { loadPosition, toPosition, type SitePiece } from "../src/engine/state/position.js";
import { swapIdentities } from "./support/games.js";
import { withSteppedClock } from "./support/clock.js";

// --- helpers ---

const gameFile = (name: string) => new URL(`../games/${name}.game`, import.meta.url).pathname;
const dablot = loadGame(gameFile("dablot"), { options: { quietDraw: 100 } });
const blind = loadGame(gameFile("blind-kings"));
const beset3 = loadGame(gameFile("beset"), { options: { players: 3, maxTurns: 40 } });

function build(src: string): Game {
  const r = compileGame(src, { file: "t.game" });
  if (!r.game) throw new Error(r.diagnostics.map((d) => formatDiagnostic(d, r.sources)).join("\n"));
  return r.game;
}

const piece = (name: string, owner: string): SitePiece => ({ piece: name, owner });

/** The agent's choice for the player to act in `s`, from that player's observation. */
function decide(agent: Agent, g: Game, s: State, legal: Move[] = g.legalMoves(s)): Move {
  return agent.choose(g, g.observation(s, s.mover), legal);
}

function play(g: Game, s: State, notation: string): State {
  const m = g.legalMoves(s).find((x) => x.notation === notation);
  if (!m) throw new Error(`${notation} is not legal; legal: ${g.legalMoves(s).map((x) => x.notation).join(" ")}`);
  return g.apply(s, m);
}

/** MCTS's lastInfo, parsed: `N iterations in T ms[ (decided early)], best M (V visits, win estimate W%)`. */
function mctsInfo(agent: Agent): { iterations: number; ms: number; early: boolean; best: string; visits: number; estimate: number } {
  const info = agent.lastInfo?.() ?? "";
  const m = /^(\d+) iterations in (\d+) ms( \(decided early\))?, best (\S+) \((\d+) visits, win estimate (\d+)%\)$/.exec(info);
  if (!m) throw new Error(`unexpected mcts info: '${info}'`);
  return { iterations: Number(m[1]), ms: Number(m[2]), early: m[3] !== undefined, best: m[4]!, visits: Number(m[5]), estimate: Number(m[6]) };
}

/** Alpha-beta's lastInfo, parsed: `depth D, N nodes in T ms, best M (value V)`. */
function alphaBetaInfo(agent: Agent): { depth: number; nodes: number; best: string; value: number } {
  const info = agent.lastInfo?.() ?? "";
  const m = /^depth (\d+), (\d+) nodes in (\d+) ms, best (\S+) \(value (-?[\d.]+)\)$/.exec(info);
  if (!m) throw new Error(`unexpected alphabeta info: '${info}'`);
  return { depth: Number(m[1]), nodes: Number(m[2]), best: m[4]!, value: Number(m[5]) };
}

function specError(spec: string, game?: Game): string {
  try {
    createAgent(spec, 1, game);
  } catch (e) {
    expect(e, spec).toBeInstanceOf(AgentSpecError);
    return (e as Error).message;
  }
  throw new Error(`'${spec}' was accepted`);
}

/** A Dablot position in the middle of a game (random moves from a seeded start). */
function dablotMidgame(plies: number): State {
  let s = dablot.newGame({ seed: 9 });
  for (let i = 0; i < plies; i++) {
    const legal = dablot.legalMoves(s);
    s = dablot.apply(s, legal[(i * 5 + 3) % legal.length]!);
  }
  expect(s.over).toBe(false);
  return s;
}

// --- 1. the interface and specs ---

describe("agent specs", () => {
  it("create every kind, named by its spec", () => {
    const specs = ["random", "greedy", "mcts", "mcts:iterations=20,c=0.7,rollout=5", "mcts:time=50ms", "alphabeta", "alphabeta:depth=4,time=1s"];
    for (const spec of specs) {
      const a = createAgent(spec, 1, dablot);
      expect(a.name, spec).toBe(spec);
      expect(typeof a.choose).toBe("function");
    }
    expect([...AGENT_KINDS].sort()).toEqual(["alphabeta", "greedy", "mcts", "random"]);
  });

  it("reject an unknown agent, listing the known ones", () => {
    const msg = specError("minimax:depth=2");
    expect(msg).toContain("unknown agent 'minimax'");
    for (const k of AGENT_KINDS) expect(msg).toContain(k);
  });

  it("reject an unknown parameter, listing the known ones", () => {
    expect(specError("mcts:iters=5")).toMatch(/^'mcts:iters=5' has no parameter 'iters' \(known: iterations, time, c, rollout\b.*\)$/);
    expect(specError("random:seed=3")).toContain("has no parameter 'seed' (known: none)");
    expect(specError("alphabeta:iterations=5")).toContain("(known: depth, time)");
  });

  it("reject bad values with the parameter, the value and what is expected", () => {
    expect(specError("mcts:iterations=0")).toBe("iterations=0 in 'mcts:iterations=0' must be a whole number >= 1");
    expect(specError("mcts:time=abc")).toBe("time=abc in 'mcts:time=abc' is not a duration (e.g. 2s, 500ms)");
    expect(specError("alphabeta:depth=0")).toBe("depth=0 in 'alphabeta:depth=0' must be a whole number >= 1");
    expect(specError("mcts:c=-1")).toContain("must be a number >= 0");
    expect(specError("mcts:iterations")).toContain("is not name=value");
  });

  it("alphabeta refuses hidden information and games that are not two-player, saying why", () => {
    expect(specError("alphabeta", blind)).toBe("alphabeta needs perfect information; Blind Kings hides pieces (use mcts)");
    expect(specError("alphabeta:depth=2", beset3)).toBe("alphabeta plays two-player games; Beset has 3 players (use mcts)");
    // Without the game the spec is fine, but the agent still refuses when asked to play it.
    const a = createAgent("alphabeta:depth=2", 1);
    const s = blind.newGame({ seed: 1 });
    expect(() => decide(a, blind, s)).toThrow(AgentSpecError);
    // The other agents play both.
    for (const spec of ["random", "greedy", "mcts:iterations=5"]) {
      expect(() => createAgent(spec, 1, blind)).not.toThrow();
      expect(() => createAgent(spec, 1, beset3)).not.toThrow();
    }
  });
});

describe("every agent plays a legal move in every game", () => {
  const games: [string, Game][] = [
    ["dablot", dablot],
    ["benediction", loadGame(gameFile("benediction"))],
    ["kings-trail", loadGame(gameFile("kings-trail"))],
    ["beset", loadGame(gameFile("beset"))],
    ["beset (3 players)", beset3],
    ["blind-kings", blind],
  ];
  const specs = ["random", "greedy", "mcts:iterations=12", "alphabeta:depth=2,time=150ms"];
  for (const [name, g] of games) {
    it(name, () => {
      for (const spec of specs) {
        const perfect = g.def.concealFlags === 0 && g.playerCount === 2;
        if (spec.startsWith("alphabeta") && !perfect) continue;
        const agent = createAgent(spec, 7, g);
        let s = g.newGame({ seed: 3 });
        for (let i = 0; i < 3 && !s.over; i++) {
          const legal = g.legalMoves(s);
          const m = decide(agent, g, s, legal);
          expect(legal, `${name} ${spec} ply ${i}`).toContain(m);
          s = g.apply(s, m);
        }
      }
    });
  }
});

// --- 2. budgets ---

describe("budgets", () => {
  const s = dablotMidgame(6);

  it("mcts:iterations=N runs exactly N iterations and reports the move it chose", () => {
    for (const n of [1, 7, 64]) {
      const a = createAgent(`mcts:iterations=${n}`, 3, dablot);
      const m = decide(a, dablot, s);
      const info = mctsInfo(a);
      expect(info.iterations).toBe(n);
      expect(info.best).toBe(m.notation);
      expect(info.visits).toBeGreaterThan(0);
      expect(info.visits).toBeLessThanOrEqual(n);
    }
  });

  it("mcts:time=200ms,early=0 uses about the time given and no more", () => {
    // A stepped clock (10 ms a read) instead of the machine's: the same work on any machine.
    const a = createAgent("mcts:time=200ms,early=0", 3, dablot);
    const { elapsedMs } = withSteppedClock(10, () => decide(a, dablot, s));
    expect(elapsedMs).toBeGreaterThanOrEqual(200);
    expect(elapsedMs).toBeLessThanOrEqual(200 + 3 * 10); // stops at the first reads past the budget
    const info = mctsInfo(a);
    expect(info.iterations).toBeGreaterThan(0);
    expect(info.ms).toBeGreaterThanOrEqual(200);
    expect(info.early).toBe(false);
  });

  it("a single legal move is played without search", () => {
    // South's king must take the lone North soldier (capture is compulsory).
    const forced = loadPosition(dablot, { sites: { e5: piece("king", "P1"), e7: piece("soldier", "P2"), k13: piece("soldier", "P2") } });
    expect(dablot.legalMoves(forced).map((m) => m.notation)).toEqual(["e5xe9"]);
    const a = createAgent("mcts:iterations=50", 1, dablot);
    expect(decide(a, dablot, forced).notation).toBe("e5xe9");
    expect(a.lastInfo!()).toBe("only move e5xe9");
  });

  it("alphabeta reports the depth it reached; a time limit stops the deepening", () => {
    const a = createAgent("alphabeta:depth=3", 3, dablot);
    const m = decide(a, dablot, s);
    expect(alphaBetaInfo(a)).toMatchObject({ depth: 3, best: m.notation });

    const timed = createAgent("alphabeta:depth=30,time=100ms", 3, dablot);
    const { elapsedMs } = withSteppedClock(5, () => decide(timed, dablot, s));
    expect(elapsedMs).toBeLessThanOrEqual(100 + 3 * 5);
    const { depth } = alphaBetaInfo(timed);
    expect(depth).toBeGreaterThanOrEqual(1);
    expect(depth).toBeLessThan(30);
  });
});

// --- 3. determinism ---

describe("determinism", () => {
  it("the same spec, seed and position give the same choice", () => {
    const positions: [Game, State][] = [
      [dablot, dablotMidgame(10)],
      [blind, play(blind, play(blind, blind.newGame({ seed: 4 }), "?c2"), "?f3")],
      [beset3, beset3.newGame({ seed: 2 })],
    ];
    for (const [g, s] of positions) {
      const specs = ["random", "greedy", "mcts:iterations=60"];
      if (g === dablot) specs.push("alphabeta:depth=3");
      for (const spec of specs) {
        const choices = [1, 2].map(() => decide(createAgent(spec, 42, g), g, s).notation);
        expect(choices[1], `${g.name} ${spec}`).toBe(choices[0]);
      }
    }
  });

  it("a given agent's later choices depend only on its seed and what it was shown", () => {
    const run = () => {
      const a = createAgent("mcts:iterations=30", 5, dablot);
      const r = createAgent("random", 6, dablot);
      let s = dablot.newGame({ seed: 1 });
      const line: string[] = [];
      for (let i = 0; i < 8; i++) {
        const m = decide(s.mover === 0 ? a : r, dablot, s);
        line.push(m.notation);
        s = dablot.apply(s, m);
      }
      return line;
    };
    expect(run()).toEqual(run());
  });

  it("different seeds can give different choices", () => {
    const s = dablot.newGame({ seed: 1 });
    const choices = new Set(Array.from({ length: 12 }, (_, seed) => decide(createAgent("random", seed, dablot), dablot, s).notation));
    expect(choices.size).toBeGreaterThan(1);
  });
});

// --- 4. hidden information ---

describe("hidden information: agents see only the observation", () => {

  /** Blind Kings after six reveals: several pieces face up, many face down. */
  function midgame(seed: number): State {
    let s = blind.newGame({ seed });
    for (const sq of ["?b2", "?c3", "?f2", "?g3", "?d2", "?e3"]) if (!s.over) s = play(blind, s, sq);
    return s;
  }

  it("an MCTS and a greedy agent choose the same move whatever lies beneath face-down pieces", () => {
    const hiddenFlag = 1 << blind.def.flags.indexOf("hidden");
    expect(blind.def.concealFlags).toBe(hiddenFlag);
    let checked = 0;
    for (const seed of [1, 2, 3]) {
      const s = midgame(seed);
      expect(s.over).toBe(false);
      const hidden = Array.from({ length: blind.topology.n }, (_, i) => i).filter((i) => s.flags[i]! & hiddenFlag);
      expect(hidden.length).toBeGreaterThan(10);
      // Two face-down pieces of different colour and type.
      const pair = hidden.flatMap((a) => hidden.map((b) => [a, b] as const)).find(([a, b]) => s.piece[a] !== s.piece[b] && s.owner[a] !== s.owner[b])!;
      expect(pair).toBeDefined();
      const t = swapIdentities(s, pair[0], pair[1]);
      expect(toPosition(blind, t)).not.toEqual(toPosition(blind, s));
      const mover = s.mover;
      const os = blind.observation(s, mover), ot = blind.observation(t, mover);
      expect(ot.toJSON()).toEqual(os.toJSON());
      const ls = blind.legalMoves(s), lt = blind.legalMoves(t);
      expect(lt.map((m) => m.notation)).toEqual(ls.map((m) => m.notation));
      for (const spec of ["mcts:iterations=150", "greedy"]) {
        for (const agentSeed of [1, 2]) {
          const a = createAgent(spec, agentSeed, blind).choose(blind, os, ls);
          const b = createAgent(spec, agentSeed, blind).choose(blind, ot, lt);
          expect(b.notation, `${spec} seed ${agentSeed} game ${seed}`).toBe(a.notation);
        }
      }
      checked++;
    }
    expect(checked).toBe(3);
  });

  it("MCTS searches Blind Kings from observations without touching them", () => {
    const s = midgame(5);
    const o = blind.observation(s, s.mover);
    const before = JSON.stringify(o.toJSON());
    const a = createAgent("mcts:iterations=80", 1, blind);
    a.choose(blind, o, blind.legalMoves(s));
    expect(JSON.stringify(o.toJSON())).toBe(before);
    expect(mctsInfo(a).iterations).toBe(80);
  });
});

// --- 5. n-player and two-player tactics ---

describe("greedy: material first, then mobility", () => {
  // Men step orthogonally to empty squares; a man reaching e5 wins (far from both here).
  const walk = build(`(game "Walk" (players 2)
    (equipment {(board (square 5 5)) (piece man) (region goal (sites {e5}))})
    (rules
      (start {})
      (play (step to:(empty to)))
      (end {(if (exists (and (owner site mover) (in site goal))) (win mover))})))`);

  it("among moves of equal material, takes the one that leaves the opponent fewest moves", () => {
    // P1's man on c2 can go to b2, d2, c1 or c3; only b2 takes a square from P2's man on a2.
    const s = loadPosition(walk, { sites: { c2: piece("man", "P1"), a2: piece("man", "P2") } });
    expect(walk.legalMoves(s).map((m) => m.notation).sort()).toEqual(["c2-b2", "c2-c1", "c2-c3", "c2-d2"]);
    expect(walk.legalMoves(play(walk, s, "c2-b2"))).toHaveLength(2);
    expect(walk.legalMoves(play(walk, s, "c2-d2"))).toHaveLength(3);
    for (const seed of [1, 2, 3, 4, 5]) expect(decide(createAgent("greedy", seed, walk), walk, s).notation).toBe("c2-b2");
  });
});

describe("MCTS with three players (returns vectors)", () => {
  // A man of the mover on a1 wins. Walls step like men but never win; a step onto an enemy man
  // captures it, walls cannot be captured.
  const three = build(`(game "Three" (players 3)
    (equipment {(board (square 5 3)) (piece man) (piece wall) (region goal (sites {a1}))})
    (rules
      (start {})
      (play (step to:(or (empty to) (and (enemy to) (is-piece to man)))))
      (end {(if (exists (and (owner site mover) (is-piece site man) (in site goal))) (win mover))})))`);
  const man = (o: string) => piece("man", o);
  const wall = (o: string) => piece("wall", o);
  /** MCTS's choices with several seeds, with random playouts and with the tree alone (rollout=1). */
  const choices = (s: State) =>
    ["mcts:iterations=300", "mcts:iterations=300,rollout=1"].flatMap((spec) => [1, 2, 3, 4].map((seed) => decide(createAgent(spec, seed, three), three, s).notation));

  it("takes an immediate win", () => {
    const s = loadPosition(three, { sites: { b1: man("P1"), e3: man("P2"), e1: man("P3") } });
    expect(three.legalMoves(s).map((m) => m.notation).sort()).toEqual(["b1-a1", "b1-b2", "b1-c1"]);
    expect(three.returns(play(three, s, "b1-a1"))).toEqual([1, -1, -1]);
    expect(new Set(choices(s))).toEqual(new Set(["b1-a1"]));
  });

  it("opens the goal neither to the next player nor to the player after next (P3 is no ally of P1)", () => {
    // P1's wall on a1 holds off P2's man on b1 and P3's man on a2. Either capture by the wall gains
    // material but moves it: a1xa2 lets P2 win at once, a1xb1 lets P3 win after P2's move (P2's
    // other man, on e1, cannot stop it). Only P1's own man's steps are safe.
    const s = loadPosition(three, { sites: { a1: wall("P1"), e3: man("P1"), b1: man("P2"), e1: man("P2"), a2: man("P3") } });
    expect(three.legalMoves(s).map((m) => m.notation).sort()).toEqual(["a1xa2", "a1xb1", "e3-d3", "e3-e2"]);
    expect(three.returns(play(three, play(three, s, "a1xa2"), "b1-a1"))).toEqual([-1, 1, -1]);
    const opened = play(three, s, "a1xb1");
    for (const reply of three.legalMoves(opened)) expect(three.returns(play(three, three.apply(opened, reply), "a2-a1"))).toEqual([-1, -1, 1]);
    for (const c of choices(s)) expect(["e3-d3", "e3-e2"]).toContain(c);
  });

  it("alphabeta refuses the game", () => {
    expect(specError("alphabeta", three)).toContain("alphabeta plays two-player games; Three has 3 players");
  });
});

describe("two-player tactics in Dablot", () => {
  // South's king can take both North soldiers in one chain (a win); South's soldier can take one.
  const s = loadPosition(dablot, {
    sites: { e5: piece("king", "P1"), c11: piece("soldier", "P1"), e7: piece("soldier", "P2"), e11: piece("soldier", "P2") },
  });

  it("the position offers one winning capture among others", () => {
    const legal = dablot.legalMoves(s).map((m) => m.notation).sort();
    expect(legal).toEqual(["c11xg11", "e5xe9xe13"]);
    expect(dablot.winners(play(dablot, s, "e5xe9xe13"))).toEqual([0]);
    expect(play(dablot, s, "c11xg11").over).toBe(false);
  });

  it("MCTS and alphabeta (depth 2) take the win", () => {
    for (const seed of [1, 2, 3]) expect(decide(createAgent("mcts:iterations=100", seed, dablot), dablot, s).notation).toBe("e5xe9xe13");
    const ab = createAgent("alphabeta:depth=2", 1, dablot);
    expect(decide(ab, dablot, s).notation).toBe("e5xe9xe13");
    expect(alphaBetaInfo(ab).value).toBeGreaterThanOrEqual(1_000_000);
  });

  it("with a time budget, MCTS stops once the winning move cannot be overtaken (early=0: never)", () => {
    const a = createAgent("mcts:time=2s", 1, dablot);
    const { result, elapsedMs } = withSteppedClock(10, () => decide(a, dablot, s));
    expect(result.notation).toBe("e5xe9xe13");
    expect(elapsedMs).toBeLessThan(1900);
    const info = mctsInfo(a);
    expect(info.early).toBe(true);
    // The lead of the chosen move exceeds what the time left could have added to the other.
    expect(info.visits * 2).toBeGreaterThan(info.iterations);
    const full = createAgent("mcts:time=150ms,early=0", 1, dablot);
    expect(withSteppedClock(10, () => decide(full, dablot, s)).result.notation).toBe("e5xe9xe13");
    expect(mctsInfo(full)).toMatchObject({ early: false });
    expect(mctsInfo(full).ms).toBeGreaterThanOrEqual(150);
  });

  it("early=2 and discount=0 are refused", () => {
    expect(() => createAgent("mcts:time=1s,early=2", 1, dablot)).toThrow("early=2 in 'mcts:time=1s,early=2' must be 1");
    expect(() => createAgent("mcts:discount=0", 1, dablot)).toThrow("discount=0 in 'mcts:discount=0' must be above 0 and at most 1");
  });

  it("with discount < 1 MCTS still takes the win, valued below a full win", () => {
    const a = createAgent("mcts:iterations=200,discount=0.9", 1, dablot);
    expect(decide(a, dablot, s).notation).toBe("e5xe9xe13");
    // The win comes one ply after the root: its value is 0.9 (a 95% estimate), not 1.
    expect(mctsInfo(a).estimate).toBe(95);
  });
});

// --- 6. turns of several actions ---

describe("turns of two actions", () => {
  // Two actions a turn (one in the game's first turn). A man of the mover on a1 wins; a step onto
  // an enemy man captures it.
  const twice = build(`(game "Twice" (players 2)
    (equipment {(board (square 3 3)) (piece man) (region goal (sites {a1}))})
    (rules
      (start {})
      (play (step to:(or (empty to) (enemy to))))
      (end {(if (exists (and (owner site mover) (in site goal))) (win mover))})
      turns:(turns 2 first:1)))`);
  // P1 (c1) wins with c1-b1 then b1-a1. Were the second action P2's, c1-b1 would win nothing and
  // the capture c1xc2 would look better.
  const s = loadPosition(twice, { sites: { c1: piece("man", "P1"), c2: piece("man", "P2"), a3: piece("man", "P2") } });

  it("the position: two actions for P1, and only the pair c1-b1, b1-a1 wins", () => {
    expect([s.mover, s.actionInTurn, s.actionsInTurn]).toEqual([0, 1, 2]);
    expect(twice.legalMoves(s).map((m) => m.notation).sort()).toEqual(["c1-b1", "c1xc2"]);
    const after = play(twice, s, "c1-b1");
    expect(after.mover).toBe(0);
    expect(twice.winners(play(twice, after, "b1-a1"))).toEqual([0]);
    const captured = play(twice, s, "c1xc2");
    expect(captured.mover).toBe(0);
    for (const m of twice.legalMoves(captured)) expect(twice.apply(captured, m).over).toBe(false);
  });

  it("alphabeta at depth 2 finds the first action of the winning pair", () => {
    const a = createAgent("alphabeta:depth=2", 1, twice);
    expect(decide(a, twice, s).notation).toBe("c1-b1");
    expect(alphaBetaInfo(a).value).toBeGreaterThanOrEqual(1_000_000);
  });

  it("MCTS finds it too, knows it wins, then plays the second action", () => {
    for (const spec of ["mcts:iterations=200", "mcts:iterations=200,rollout=1"]) {
      for (const seed of [1, 2, 3]) {
        const a = createAgent(spec, seed, twice);
        expect(decide(a, twice, s).notation, `${spec} seed ${seed}`).toBe("c1-b1");
        expect(mctsInfo(a).estimate).toBeGreaterThanOrEqual(80);
        const next = play(twice, s, "c1-b1");
        expect(decide(a, twice, next).notation).toBe("b1-a1");
      }
    }
  });
});

// --- 7. tree reuse ---

describe("MCTS tree reuse", () => {
  // A walk to f1: P1's man steps; P2 can only pass (select its token). With rollout=1 the search
  // itself must find the win, so the kept tree holds most of the visits along the winning line.
  const walk = build(`(game "Walk" (players 2)
    (equipment {(board (square 6 1)) (piece man) (piece token) (region goal (sites {f1}))})
    (rules
      (start {})
      (play (either (step piece:{man}) (select kind:pass to:(and (owner to mover) (is-piece to token)))))
      (end {(if (exists (and (owner site mover) (is-piece site man) (in site goal))) (win mover))})))`);
  const start = loadPosition(walk, { sites: { d1: piece("man", "P1"), a1: piece("token", "P2") } });
  const spec = "mcts:iterations=100,rollout=1";

  it("the next decision starts from the kept subtree (more visits than its own iterations)", () => {
    const a = createAgent(spec, 1, walk);
    expect(decide(a, walk, start).notation).toBe("d1-e1");
    let s = play(walk, start, "d1-e1");
    expect(walk.legalMoves(s).map((m) => m.notation)).toHaveLength(1); // P2 passes
    s = walk.apply(s, walk.legalMoves(s)[0]!);
    expect(decide(a, walk, s).notation).toBe("e1-f1");
    const kept = mctsInfo(a);
    expect(kept.iterations).toBe(100);
    // A fresh root gets exactly `iterations` visits, shared among its children.
    expect(kept.visits).toBeGreaterThan(100);

    const fresh = createAgent(spec, 1, walk);
    expect(decide(fresh, walk, s).notation).toBe("e1-f1");
    expect(mctsInfo(fresh).visits).toBeLessThanOrEqual(100);
  });

  it("is not used for a position outside the kept tree", () => {
    const a = createAgent(spec, 1, walk);
    decide(a, walk, start);
    // A position the kept tree cannot hold (P2's token elsewhere): a new tree.
    const other = loadPosition(walk, { sites: { d1: piece("man", "P1"), b1: piece("token", "P2") } });
    decide(a, walk, other);
    expect(mctsInfo(a).visits).toBeLessThanOrEqual(100);
  });
});

// --- 8. matches ---

describe("match helpers", () => {
  const config = (agents: string[], games = 6): MatchConfig => ({ agents, games, first: 0, seed: 0, maxPlies: 400 });

  it("seatsFor rotates the lineup by the game index; the last agent fills extra seats", () => {
    const c = config(["A", "B"]);
    expect([0, 1, 2, 3].map((i) => seatsFor(c, 2, i))).toEqual([["A", "B"], ["B", "A"], ["A", "B"], ["B", "A"]]);
    expect([0, 1, 2, 3].map((i) => seatsFor(c, 3, i))).toEqual([["A", "B", "B"], ["B", "B", "A"], ["B", "A", "B"], ["A", "B", "B"]]);
    const four = config(["A", "B", "C", "D"]);
    // Over P consecutive games every agent sits in every seat once.
    for (let seat = 0; seat < 4; seat++) expect(new Set([0, 1, 2, 3].map((i) => seatsFor(four, 4, i)[seat])).size).toBe(4);
  });

  it("summarise counts wins, draws and losses per agent spec", () => {
    const rec = (index: number, seats: string[], returns: number[], finished = true): Omit<GameRecord, "record"> => ({
      index, seats, returns, plies: 10, finished, moves: seats.map(() => 5), thinkMs: seats.map((_, p) => (p + 1) * 10),
    });
    const records = [
      rec(0, ["A", "B"], [1, -1]),
      rec(1, ["B", "A"], [1, -1]),
      rec(2, ["A", "B"], [0, 0]),
      rec(3, ["B", "A"], [0, 0], false), // unfinished: a draw
      rec(4, ["A", "B"], [1, -1]),
    ];
    const sum = summarise(records);
    expect(sum).toMatchObject({ games: 5, unfinished: 1, avgLength: 10 });
    const by = Object.fromEntries(sum.agents.map((a) => [a.agent, a]));
    expect(by.A).toMatchObject({ games: 5, wins: 2, draws: 2, losses: 1, winRate: 0.4 });
    expect(by.B).toMatchObject({ games: 5, wins: 1, draws: 2, losses: 2, winRate: 0.2 });
    expect([by.A!.winLow, by.A!.winHigh]).toEqual(wilson(2, 5));
    // A: seat 1 in games 0, 2, 4 (10 ms for 5 moves), seat 2 in games 1, 3 (20 ms for 5 moves).
    expect(by.A!.avgMoveMs).toBeCloseTo((3 * 10 + 2 * 20) / 25);
  });

  it("summarise: with a finishing order only first place is a win (second place's positive return is not)", () => {
    const sum = summarise([{ index: 0, seats: ["F", "S", "T", "L"], returns: [1, 1 / 3, -1 / 3, -1], plies: 9, finished: true, moves: [1, 1, 1, 1], thinkMs: [0, 0, 0, 0] }]);
    const by = Object.fromEntries(sum.agents.map((a) => [a.agent, a]));
    expect([by.F!.wins, by.S!.wins, by.T!.wins, by.L!.wins]).toEqual([1, 0, 0, 0]);
    expect(by.S).toMatchObject({ losses: 1, draws: 0 });
  });

  it("summarise: shared wins in a three-player game, one spec in several seats", () => {
    const sum = summarise([{ index: 0, seats: ["X", "Y", "Y"], returns: [1, 1, -1], plies: 3, finished: true, moves: [1, 1, 1], thinkMs: [0, 0, 0] }]);
    const by = Object.fromEntries(sum.agents.map((a) => [a.agent, a]));
    expect(by.X).toMatchObject({ games: 1, wins: 1, draws: 0, losses: 0 });
    expect(by.Y).toMatchObject({ games: 2, wins: 1, draws: 0, losses: 1 });
  });

  it("wilson: inside [0, 1], around p, narrower with more games", () => {
    expect(wilson(0, 0)).toEqual([0, 0]);
    for (const n of [1, 5, 10, 40, 100, 1000]) {
      for (let k = 1; k < n; k += Math.max(1, Math.floor(n / 7))) {
        const [lo, hi] = wilson(k, n);
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThanOrEqual(1);
        expect(lo).toBeLessThanOrEqual(k / n);
        expect(hi).toBeGreaterThanOrEqual(k / n);
      }
    }
    const width = (k: number, n: number) => wilson(k, n)[1] - wilson(k, n)[0];
    expect(width(5, 10)).toBeGreaterThan(width(50, 100));
    expect(width(50, 100)).toBeGreaterThan(width(500, 1000));
    expect(width(0, 10)).toBeGreaterThan(width(0, 100));
    // The textbook value: 8 of 10 -> 0.490..0.943.
    const [lo, hi] = wilson(8, 10);
    expect(lo).toBeCloseTo(0.4902, 3);
    expect(hi).toBeCloseTo(0.9433, 3);
  });

  // Was a bug: rounding put the bounds just outside p at the extremes (2.8e-17 for 0 of 11).
  it("wilson: 0 of n has lower bound exactly 0, n of n upper bound exactly 1", () => {
    for (let n = 1; n <= 60; n++) {
      expect(wilson(0, n)[0], `0 of ${n}`).toBe(0);
      expect(wilson(n, n)[1], `${n} of ${n}`).toBe(1);
    }
  });

  it("playMatchGame: a game depends only on its index; seats rotate", () => {
    const c = config(["greedy", "random"]);
    const a = playMatchGame(dablot, c, 1);
    const b = playMatchGame(dablot, c, 1);
    // Equal but for the machine's think times (totals and per move).
    expect({ ...b, thinkMs: [], record: withoutTimes(b.record) }).toEqual({ ...a, thinkMs: [], record: withoutTimes(a.record) });
    expect(a.seats).toEqual(["random", "greedy"]);
    expect(playMatchGame(dablot, c, 0).seats).toEqual(["greedy", "random"]);
    expect(a.moves.reduce((x, y) => x + y, 0)).toBe(a.plies);
    expect([[1, -1], [-1, 1], [0, 0]]).toContainEqual(a.returns);
    if (!a.finished) expect(a.returns).toEqual([0, 0]);
  });
});

describe("MCTS tells apart moves that differ only by piece type", () => {
  // A promotion chosen as a decision of its own: the two choices share their rule and site, and
  // differ only by the type they make. Promoting to a rook loses at once, to a queen wins: a
  // search that kept the two as one node would play whichever came first (the rook).
  const g = build(`(game "Choice" (players 2 forward:{N S})
  (equipment {(board (square 3 3)) (piece pawn) (piece rook) (piece queen)})
  (rules (start {(place pawn P1 a2) (place pawn P2 c3)})
    (play (branch (same-turn)
      (promotion last-to {rook queen})
      (step piece:{pawn} dirs:{forward} then:{(when (at-edge to forward) then:{(move-again)})})))
    (end {(if (is-piece last-to queen) (win mover)) (if (is-piece last-to rook) (win next))})))`);

  it("promotes to the queen", () => {
    let s = g.newGame({ seed: 1 });
    s = g.apply(s, g.legalMoves(s).find((m) => m.from === "a2")!);
    const legal = g.legalMoves(s);
    expect(legal.map((m) => m.notation).length).toBe(2);
    for (const seed of [1, 2, 3]) {
      const choice = createAgent("mcts:iterations=200", seed, g).choose(g, g.observation(s, s.mover), legal);
      expect(g.winners(g.apply(s, choice)), `seed ${seed}`).toEqual([0]);
    }
  });
});
