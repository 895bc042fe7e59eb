/**
 * Tournaments between agents: games with seats rotated, results per agent with confidence
 * intervals. Each game depends only on its index (its seed and its agents' seeds derive from the
 * match seed and the index), so results are the same whichever worker plays which game.
 */
import { CHANCE, type Game } from "../engine/play/game.js";
import type { GameRecordFile } from "../record/format.js";
import { addMove, finishRecord, newRecord } from "../record/recorder.js";
import { createAgent } from "./index.js";

export interface MatchConfig {
  /** Agent specs; with fewer than the game's players the last one fills the other seats. */
  agents: string[];
  games: number;
  /** Index of the first game: a match split into parts (same seed) plays the same games as one run. */
  first: number;
  seed: number;
  maxPlies: number;
}

/** The indices of the games of a match. */
export function gameIndices(config: MatchConfig): number[] {
  return Array.from({ length: config.games }, (_, i) => config.first + i);
}

export interface GameRecord {
  index: number;
  /** Agent spec per seat. */
  seats: string[];
  returns: number[];
  plies: number;
  finished: boolean;
  /** Per seat: decisions made and milliseconds spent choosing. */
  moves: number[];
  thinkMs: number[];
  /** The game itself (`ludex-record/1`): every move with its think time, replayable with `ludex replay`. */
  record: GameRecordFile;
}

/** The agent spec of every seat in game `index`: the lineup rotated by the index. */
export function seatsFor(config: MatchConfig, players: number, index: number): string[] {
  const lineup = Array.from({ length: players }, (_, p) => config.agents[Math.min(p, config.agents.length - 1)]!);
  return Array.from({ length: players }, (_, p) => lineup[(p + index) % players]!);
}

export function playMatchGame(game: Game, config: MatchConfig, index: number): GameRecord {
  const P = game.playerCount;
  const seats = seatsFor(config, P, index);
  const gameSeed = (config.seed + index) >>> 0;
  const agents = seats.map((spec, p) => createAgent(spec, (gameSeed * 31 + p * 7919 + 12345) >>> 0, game));
  let s = game.newGame({ seed: gameSeed });
  // No timestamps: a match gives the same records for the same seed, whatever the machine.
  const record = newRecord(game, { seed: gameSeed, seats, timestamps: false });
  const moves = new Array<number>(P).fill(0);
  const thinkMs = new Array<number>(P).fill(0);
  let plies = 0;
  while (!s.over && plies < config.maxPlies) {
    // A throw of the dice: the state's own generator throws (the same game from the same seed).
    const thrown = game.drawChance(s);
    if (thrown) {
      addMove(record, CHANCE, thrown);
      s = game.apply(s, thrown);
      continue;
    }
    const p = game.currentPlayer(s);
    const legal = game.legalMoves(s);
    if (legal.length === 0) break;
    const t0 = performance.now();
    const m = agents[p]!.choose(game, game.observation(s, p), legal);
    const ms = performance.now() - t0;
    thinkMs[p]! += ms;
    moves[p]!++;
    addMove(record, p, m, ms);
    s = game.apply(s, m);
    plies++;
  }
  finishRecord(record, game, s, "unfinished", s.over ? undefined : legalMovesLeft(game, s) ? `stopped after ${config.maxPlies} plies` : "no legal move and no end rule");
  return { index, seats, returns: s.over ? game.returns(s) : new Array<number>(P).fill(0), plies, finished: s.over, moves, thinkMs, record };
}

function legalMovesLeft(game: Game, s: import("../engine/state/state.js").State): boolean {
  return game.legalMoves(s).length > 0;
}

export interface AgentStats {
  agent: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** Win rate and its 95% Wilson interval. */
  winRate: number;
  winLow: number;
  winHigh: number;
  avgMoveMs: number;
}

export interface MatchSummary {
  games: number;
  unfinished: number;
  avgLength: number;
  agents: AgentStats[];
}

/** Results per distinct agent spec (a spec playing several seats in a game counts once per seat). */
export function summarise(records: readonly Omit<GameRecord, "record">[]): MatchSummary {
  const by = new Map<string, { games: number; wins: number; draws: number; losses: number; moves: number; ms: number }>();
  let plies = 0, unfinished = 0;
  for (const r of records) {
    plies += r.plies;
    if (!r.finished) unfinished++;
    const allZero = r.returns.every((v) => v === 0);
    // A win is the best return of the game (with places, as in a finishing order, second place
    // has a positive return too but is not a win).
    const best = Math.max(...r.returns);
    r.seats.forEach((spec, p) => {
      const t = by.get(spec) ?? { games: 0, wins: 0, draws: 0, losses: 0, moves: 0, ms: 0 };
      t.games++;
      if (allZero) t.draws++;
      else if (r.returns[p]! > 0 && r.returns[p] === best) t.wins++;
      else t.losses++;
      t.moves += r.moves[p]!;
      t.ms += r.thinkMs[p]!;
      by.set(spec, t);
    });
  }
  const agents = [...by].map(([agent, t]) => {
    const [winLow, winHigh] = wilson(t.wins, t.games);
    return { agent, games: t.games, wins: t.wins, draws: t.draws, losses: t.losses, winRate: t.games ? t.wins / t.games : 0, winLow, winHigh, avgMoveMs: t.moves ? t.ms / t.moves : 0 };
  });
  return { games: records.length, unfinished, avgLength: records.length ? plies / records.length : 0, agents };
}

/** 95% Wilson score interval for k successes in n trials. */
export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 0];
  // At the edges the bounds are exact (rounding would otherwise leave p just outside them).
  if (k === 0) return [0, wilsonBounds(k, n)[1]];
  if (k === n) return [wilsonBounds(k, n)[0], 1];
  return wilsonBounds(k, n);
}

function wilsonBounds(k: number, n: number): [number, number] {
  const z = 1.96, p = k / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
