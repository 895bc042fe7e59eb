/**
 * The library API checks by default: `apply` (and `applyInPlace`, `applyCode`) refuses a move that
 * is not legal in the state or comes after the end, naming the move and the position, while
 * `applyUnchecked` serves engines that generated the move themselves; an observation holds no
 * generator words (no future throw of the dice), and `drawChance` refuses one; a serialised state
 * names its game and description, and another game or other options refuse it.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { IllegalMoveError, StateMismatchError, type Game } from "../src/engine/play/game.js";
import type { State } from "../src/engine/state/state.js";
import { createAgent } from "../src/ai/index.js";
import { playMatchGame } from "../src/ai/match.js";
import { withoutTimes } from "../src/record/recorder.js";
import * as api from "../src/index.js";
import { move } from "./support/games.js";

/** The state after the notations, each applied (checked) as found among the legal moves. */
function played(g: Game, s: State, notations: string[]): State {
  for (const n of notations) s = g.apply(s, move(g, s, n));
  return s;
}

describe("apply refuses what is not legal", () => {
  it("chess: e2-e4 applied a second time is refused, naming the move and the position; the state is unchanged", () => {
    const chess = loadGame("chess");
    const start = chess.newGame({ seed: 1 });
    const e4 = move(chess, start, "e2-e4");
    const after = chess.apply(start, e4);
    const before = JSON.stringify(after.toJSON());
    expect(() => chess.apply(after, e4)).toThrow(IllegalMoveError);
    expect(() => chess.apply(after, e4)).toThrow("illegal move e2-e4: not one of the legal moves here (turn 2, P2 to move)");
    expect(() => chess.applyInPlace(after, e4)).toThrow(IllegalMoveError);
    expect(() => chess.applyCode(after, e4.code)).toThrow(/illegal move e2-e4/);
    expect(JSON.stringify(after.toJSON())).toBe(before);
    // A code no legal move has, by its own notation; a code no rule makes, by its numbers.
    expect(() => chess.applyCode(after, { ...e4.code, to: e4.code.from })).toThrow(/^illegal move \S+: not one of the legal moves here \(turn 2, P2 to move\)$/);
    expect(() => chess.applyCode(after, { ...e4.code, gen: 999 })).toThrow('illegal move (code {"gen":999,');
    expect(() => chess.apply(after, { notation: "x".repeat(500) } as never)).toThrow(/^illegal move x{80}: not one of the legal moves here/);
    // The exported class, for callers that catch it.
    expect(api.IllegalMoveError).toBe(IllegalMoveError);
  });

  it("connect four: a move into a full column is refused", () => {
    const g = loadGame("connect-four");
    let s = g.newGame({ seed: 1 });
    const column = (t: State) => g.legalMoves(t).find((m) => m.to?.startsWith("a"));
    // Both players drop into column a until it is full.
    let last = column(s)!;
    while (column(s)) {
      last = column(s)!;
      s = g.apply(s, last);
    }
    expect(s.over).toBe(false);
    expect(() => g.apply(s, last)).toThrow(/^illegal move a\d: not one of the legal moves here \(turn \d+, P\d to move\)$/);
  });

  it("a move after the game is over is refused as such", () => {
    const g = loadGame("tic-tac-toe");
    const s = played(g, g.newGame(), ["a1", "b1", "a2", "b2", "a3"]);
    expect(s.over).toBe(true);
    const other = move(g, g.newGame(), "c3");
    expect(() => g.apply(s, other)).toThrow("illegal move c3: the game is over (after 5 decisions)");
  });

  it("a throw of the dice is legal at a chance node, and only there", () => {
    const g = loadGame("backgammon");
    const s = g.newGame({ seed: 5 });
    const throws = g.chanceOutcomes(s).map((o) => o.move);
    // Any throw may be made (analysis chooses them); a player's move is not a throw.
    const t = g.apply(s, throws[7]!);
    expect(() => g.apply(t, throws[7]!)).toThrow(/illegal move roll \d,\d: not one of the legal moves here \(turn 1, P1 to move\)/);
    expect(() => g.apply(s, g.legalMoves(t)[0]!)).toThrow(/\(turn 1, the dice to throw\)/);
  });

  it("applyUnchecked applies a move of the state as apply does, without the check", () => {
    const chess = loadGame("chess");
    const s = chess.newGame({ seed: 1 });
    const e4 = move(chess, s, "e2-e4");
    expect(chess.applyUnchecked(s, e4).toJSON()).toEqual(chess.apply(s, e4).toJSON());
    // Unchecked means unchecked: the caller answers for the move (the broken position).
    const broken = chess.applyUnchecked(chess.apply(s, e4), e4);
    expect(broken.mover).toBe(0);
  });
});

describe("observations hold no future throw", () => {
  it("backgammon: an observation has no generator words, drawChance refuses it, and two states that differ only in their future observe alike", () => {
    const g = loadGame("backgammon");
    const s = g.newGame({ seed: 11 });
    const o = g.observation(s, 0);
    expect(Array.from(o.rng)).toEqual([0, 0, 0, 0]);
    expect(() => g.drawChance(o)).toThrow(/P1's observation, whose generator is not the game's: the coming throw is secret/);
    // The true state still throws.
    expect(g.drawChance(s)!.kind).toBe("roll");
    const other = g.newGame({ seed: 12 });
    expect(g.drawChance(other)!.notation === g.drawChance(s)!.notation && Array.from(other.rng).join() === Array.from(s.rng).join()).toBe(false);
    expect(g.observation(other, 0).toJSON()).toEqual(o.toJSON());
  });

  it("a world determinized from an observation throws from the caller's generator, not the game's", () => {
    const g = loadGame("backgammon");
    const s = g.newGame({ seed: 11 });
    const o = g.observation(s, 0);
    const words = (seed: number) => g.newGame({ seed }).rng.slice();
    const mine = words(1), before = mine.slice();
    const world = g.determinize(o, mine);
    expect(Array.from(mine)).toEqual(Array.from(before));
    expect(Array.from(world.rng)).not.toEqual([0, 0, 0, 0]);
    expect(Array.from(world.rng)).not.toEqual(Array.from(s.rng));
    // The same words give the same world; other words another generator.
    expect(Array.from(g.determinize(o, words(1)).rng)).toEqual(Array.from(world.rng));
    expect(Array.from(g.determinize(o, words(2)).rng)).not.toEqual(Array.from(world.rng));
    // Playouts from it run (its throws are its own); the world stays an observation's.
    expect(g.playout(world.clone(), 50)).toBeGreaterThan(0);
    expect(() => g.drawChance(world)).toThrow(/observation/);
  });

  it("agents choose from what they may know: the same choice whatever the dice to come, and the same match from the same seed", () => {
    const g = loadGame("backgammon");
    let s = g.newGame({ seed: 3 });
    s = g.apply(s, g.drawChance(s)!);
    // The same position with another future (generator words of another seed).
    const twin = s.clone();
    twin.rng.set(g.newGame({ seed: 99 }).rng);
    for (const spec of ["mcts:iterations=60", "greedy", "random", "alphabeta:depth=1"]) {
      const choose = (t: State) => createAgent(spec, 7, g).choose(g, g.observation(t, 0), g.legalMoves(t)).notation;
      expect(choose(twin), spec).toBe(choose(s));
    }
    const config = { agents: ["mcts:iterations=30,rollout=40", "random"], games: 1, first: 0, seed: 21, maxPlies: 40 };
    expect(withoutTimes(playMatchGame(g, config, 0).record)).toEqual(withoutTimes(playMatchGame(g, config, 0).record));
  });
});

describe("a serialised state names its game", () => {
  it("a chess state is refused by chess with promotion=in-move, and read back by chess", () => {
    const chess = loadGame("chess");
    const inMove = loadGame("chess", { options: { promotion: "in-move" } });
    const s = chess.apply(chess.newGame({ seed: 1 }), move(chess, chess.newGame({ seed: 1 }), "e2-e4"));
    const data = JSON.parse(JSON.stringify(chess.serialize(s)));
    expect(data.game).toEqual({ name: "Chess", hash: chess.source.hash });
    expect(() => inMove.deserialize(data)).toThrow(StateMismatchError);
    expect(() => inMove.deserialize(data)).toThrow(`a saved state of Chess with other options or rules (${chess.source.hash}), not of Chess as loaded (${inMove.source.hash})`);
    expect(chess.deserialize(data).toJSON()).toEqual(s.toJSON());
    expect(api.StateMismatchError).toBe(StateMismatchError);
  });

  it("a state of another game of the same shape is refused by name", () => {
    const a = loadGame("xiangqi"), b = loadGame("janggi");
    const data = a.serialize(a.newGame());
    expect(() => b.deserialize(data)).toThrow(/^a saved state of Xiangqi \(fnv1a64:[0-9a-f]+\), not of Janggi as loaded/);
  });

  it("a state without a name (State.toJSON, states saved before) is read when its shape fits", () => {
    const chess = loadGame("chess");
    const s = chess.newGame({ seed: 4 });
    const old = JSON.parse(JSON.stringify(s.toJSON()));
    expect(old.game).toBeUndefined();
    expect(chess.deserialize(old).toJSON()).toEqual(s.toJSON());
  });

  it("an observation stays one through serialisation (drawChance still refuses it)", () => {
    const g = loadGame("backgammon");
    const o = g.observation(g.newGame({ seed: 2 }), 1);
    const back = g.deserialize(JSON.parse(JSON.stringify(g.serialize(o))));
    expect(back.observer).toBe(1);
    expect(() => g.drawChance(back)).toThrow(/P2's observation/);
    expect(() => g.deserialize({ ...g.serialize(o), observer: 7 })).toThrow(/observer: 7 is not a player of Backgammon/);
  });
});
