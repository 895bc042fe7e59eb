/**
 * Game records (`ludex-record/1`): written while a game is played, read back with every problem
 * named, and replayed to the identical final state -- for every built-in game, with random and
 * searching agents, from the start and from a given position.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { gameInfo } from "../src/library/catalog.js";
import { createAgent } from "../src/ai/index.js";
import { playMatchGame } from "../src/ai/match.js";
import { CHANCE, type Game } from "../src/engine/play/game.js";
import { toPosition } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";
import { readRecord, RecordError, type GameRecordFile } from "../src/record/format.js";
import { addMove, finishRecord, newRecord, truncate } from "../src/record/recorder.js";
import { descriptionChanged, loadRecordGame, replayRecord } from "../src/record/replay.js";

const gamesDir = fileURLToPath(new URL("../games/", import.meta.url));
const builtins = readdirSync(gamesDir).filter((f) => f.endsWith(".game")).map((f) => f.replace(/\.game$/, "")).sort();

/** Every built-in game, Beset with each player count, with safeguards on so random games end. */
const setups: { name: string; options: Record<string, number> }[] = builtins.flatMap((name) => {
  const game = loadGame(name);
  const options: Record<string, number> = {};
  // Safeguard options (a limit where 0 means off) keep random games short; found generically.
  for (const [k, v] of Object.entries(game.def.options)) if (v === 0) options[k] = 100;
  // Every number of players the game allows (its players option's range or values).
  const info = gameInfo(name).players;
  const players = info.option ? (info.counts ?? Array.from({ length: info.max - info.min + 1 }, (_, i) => info.min + i)) : [undefined];
  return players.map((n) => ({ name, options: n ? { ...options, players: n } : options }));
});

/** Plays agents against each other, writing the record as the CLI does; returns the final state. */
function playRecorded(game: Game, seed: number, specs: string[], maxPlies = 400, start?: State): { record: GameRecordFile; final: State } {
  const seats = Array.from({ length: game.playerCount }, (_, p) => specs[p % specs.length]!);
  const agents = seats.map((spec, p) => createAgent(spec, seed * 17 + p, game));
  let s = start ?? game.newGame({ seed });
  const record = newRecord(game, { seed, seats, start: start ? toPosition(game, start) : undefined });
  while (!s.over && s.ply < maxPlies) {
    const p = game.currentPlayer(s);
    const legal = game.legalMoves(s);
    if (!legal.length) break;
    // A throw of the dice: the state's generator throws (no agent chooses), as the CLI does.
    const m = p === CHANCE ? game.drawChance(s)! : agents[p]!.choose(game, game.observation(s, p), legal);
    addMove(record, p, m, p === CHANCE ? undefined : 1.5);
    s = game.apply(s, m);
  }
  finishRecord(record, game, s, "unfinished", s.over ? undefined : "stopped");
  return { record, final: s };
}

/** The record as it would be read from a file. */
function throughJson(record: GameRecordFile): GameRecordFile {
  return readRecord(JSON.parse(JSON.stringify(record)));
}

describe("records replay to the identical final state", () => {
  for (const { name, options } of setups) {
    const label = `${name} ${JSON.stringify(options)}`;
    it(`${label}: random games`, () => {
      const game = loadGame(name, { options });
      for (const seed of [1, 2, 3]) {
        const { record, final } = playRecorded(game, seed, ["random"]);
        const again = loadRecordGame(throughJson(record));
        expect(descriptionChanged(again, record)).toBeUndefined();
        const replay = replayRecord(again, throughJson(record));
        expect(replay.error).toBeUndefined();
        expect(replay.steps.length).toBe(record.moves.length);
        expect(again.serialize(replay.states.at(-1)!)).toEqual(game.serialize(final));
      }
    });
  }

  it("agent games (greedy against a small MCTS) replay too", () => {
    // What is checked is that agents' records replay, not how well they play: two iterations a
    // decision, each playout cut after 10 plies, keep the search cheap on Go 19 x 19, Quoridor and
    // Shogi (20 iterations of the default 40-ply playouts were most of this file's time).
    const agents = ["greedy", "mcts:iterations=2,rollout=10"];
    for (const name of builtins) {
      const game = loadGame(name, { options: setups.find((s) => s.name === name)!.options });
      const { record, final } = playRecorded(game, 9, agents, 16);
      const replay = replayRecord(game, throughJson(record));
      expect(replay.error, name).toBeUndefined();
      expect(game.serialize(replay.states.at(-1)!), name).toEqual(game.serialize(final));
      expect(record.seats.map((s) => s.agent)).toEqual(Array.from({ length: game.playerCount }, (_, p) => agents[p % 2]));
      // Agents' moves carry their think time; throws of the dice (no one thinks) none.
      expect(record.moves.every((m) => (m.player === "chance" ? m.thinkMs === undefined : m.thinkMs === 1.5))).toBe(true);
    }
  });

  it("a game started from a position keeps that position and replays from it", () => {
    const game = loadGame("dablot");
    let s = game.newGame({ seed: 4 });
    game.playout(s, 30);
    s = s.clone();
    const { record, final } = playRecorded(game, 4, ["random"], 60, s);
    expect(record.start).toEqual(toPosition(game, s));
    const replay = replayRecord(game, throughJson(record));
    expect(replay.error).toBeUndefined();
    expect(game.serialize(replay.states.at(-1)!).owner).toEqual(game.serialize(final).owner);
    expect(game.legalMoves(replay.states.at(-1)!).map((m) => m.notation)).toEqual(game.legalMoves(final).map((m) => m.notation));
  });

  it("match records hold every move and replay to the game's result", () => {
    const game = loadGame("dablot", { options: { quietDraw: 60 } });
    const r = playMatchGame(game, { agents: ["random", "greedy"], games: 1, first: 0, seed: 11, maxPlies: 2000 }, 0);
    expect(r.record.moves.length).toBe(r.plies);
    expect(r.record.seats.map((s) => s.agent)).toEqual(r.seats);
    const replay = replayRecord(game, throughJson(r.record));
    expect(replay.error).toBeUndefined();
    expect(game.returns(replay.states.at(-1)!)).toEqual(r.returns);
    expect(r.record.result.status).toBe(r.finished ? "finished" : "unfinished");
    if (r.finished) expect(r.record.result.returns).toEqual(r.returns);
  });
});

describe("what a record says", () => {
  it("names the game, its fingerprint, options, seed, seats, moves in both forms and the result", () => {
    const game = loadGame("dablot", { options: { quietDraw: 40 } });
    const { record, final } = playRecorded(game, 5, ["random"], 3000);
    expect(record.format).toBe("ludex-record/1");
    expect(record.game).toMatchObject({ name: "dablot", title: game.name, hash: game.source.hash });
    expect(record.game.hash).toMatch(/^fnv1a64:[0-9a-f]{16}$/);
    expect(record.options).toEqual({ quietDraw: 40 });
    expect(record.seed).toBe(5);
    expect(record.seats[0]).toMatchObject({ player: "P1", kind: "agent", agent: "random" });
    const first = record.moves[0]!;
    expect(first).toMatchObject({ ply: 1, player: "P1", notation: expect.any(String), move: { kind: expect.any(String), from: expect.any(String), to: expect.any(String) } });
    expect(final.over).toBe(true);
    expect(record.result.status).toBe("finished");
    expect(record.result.returns).toEqual(game.returns(final));
    expect(record.result.draw).toBe(game.winners(final)!.length === 0);
  });

  it("the fingerprint follows the rules and options, not the file's layout", () => {
    const a = loadGame("dablot"), b = loadGame("dablot", { options: { quietDraw: 100 } });
    expect(a.source.hash).not.toBe(b.source.hash);
    expect(loadGame(join(gamesDir, "dablot.game")).source.hash).toBe(a.source.hash);
  });

  it("undo takes moves back out of the record", () => {
    const game = loadGame("dablot");
    const { record } = playRecorded(game, 2, ["random"], 10);
    truncate(record, 4);
    expect(record.moves.map((m) => m.ply)).toEqual([1, 2, 3, 4]);
    expect(record.result.status).toBe("unfinished");
  });

  it("a changed description is noticed, and its moves still replay when legal", () => {
    const game = loadGame("dablot");
    const { record } = playRecorded(game, 3, ["random"], 10);
    const other = throughJson({ ...record, game: { ...record.game, hash: "fnv1a64:0000000000000000" } });
    expect(descriptionChanged(game, other)).toMatch(/has changed since this record was made/);
    expect(replayRecord(game, other).error).toBeUndefined();
  });
});

describe("bad records are refused with the reason", () => {
  const game = loadGame("dablot");
  const good = () => JSON.parse(JSON.stringify(playRecorded(game, 6, ["random"], 12).record)) as Record<string, any>;

  it("names every wrong field by its path", () => {
    const r = good();
    r.seed = -1;
    r.seats[1].kind = "robot";
    r.moves[3].ply = 9;
    delete r.moves[5].notation;
    try {
      readRecord(r, "game.json");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RecordError);
      const msg = (e as Error).message;
      expect(msg).toContain("game.json");
      for (const bit of ["seed:", "seats[1].kind", "moves[3].ply: must be 4", "moves[5].notation"]) expect(msg).toContain(bit);
    }
  });

  it("refuses what is not a record at all", () => {
    expect(() => readRecord([1, 2])).toThrow(/not a game record/);
    expect(() => readRecord({ format: "ludex-scenarios/1" })).toThrow(/format 'ludex-scenarios\/1'.*ludex-record\/1/);
  });

  it("reports the first move that is not legal, with the legal ones", () => {
    const r = good();
    r.moves[6].notation = "a1-a13";
    r.moves[6].move = { kind: "step", from: "a1", to: "a13" };
    const replay = replayRecord(game, readRecord(r));
    expect(replay.error?.ply).toBe(7);
    expect(replay.error?.message).toMatch(/^move 7 \(P1 a1-a13\) is not legal here \(legal: .+\)/);
    expect(replay.states.length).toBe(7);
  });

  it("reports a move made out of turn, and a notation whose structured form disagrees", () => {
    const r = good();
    r.moves[2].player = "P2";
    expect(replayRecord(game, readRecord(r)).error?.message).toMatch(/move 3 .*it is P1's turn, not P2's/);
    const q = good();
    q.moves[0].move.to = "z99";
    expect(replayRecord(game, readRecord(q)).error?.message).toMatch(/move 1 .*structured form differs/);
  });
});
