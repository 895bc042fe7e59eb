/**
 * A game of a match read back from its games file is a claim, like any record: before a resumed
 * match counts it, its moves are replayed against the rules from its seed, and what the line says
 * (returns, finished, plies, decisions per seat) and what its record says (result, seats) must be
 * where those moves lead.
 *
 * The agents' choices are not replayed: an agent with a time budget does not choose the same
 * moves twice, and choosing them again would cost as much as playing the game, which is what
 * resuming saves. Legal moves from the right seed, with the result they reach, are what a forged
 * or damaged line cannot fake: swapping who won changes no move, so the replayed end tells.
 */
import { playerName } from "../engine/state/position.js";
import type { Game } from "../engine/play/game.js";
import type { GameRecordFile } from "../record/format.js";
import { resultOf } from "../record/recorder.js";
import { replayRecord } from "../record/replay.js";
import { compareResult, describeDifferences } from "../record/result-check.js";
import type { GameRecord } from "./match.js";

/** What a games file's line says of its game, beside its record. */
export type PlayedGame = Omit<GameRecord, "record">;

/**
 * Where game `line` of a match (its record `rec`, already checked against the format and the
 * match's seed) is not what its moves lead to, in words; undefined when every claim holds.
 */
export function playedGameProblem(game: Game, line: PlayedGame, rec: GameRecordFile, maxPlies: number): string | undefined {
  const at = `game ${line.index}`;
  const seatsDiffer = rec.seats.findIndex((seat, p) => seat.kind !== "agent" || seat.agent !== line.seats[p]);
  if (seatsDiffer >= 0) return `${at}: its record's seat ${playerName(seatsDiffer)} is not ${line.seats[seatsDiffer]}, the agent the line names`;
  if (rec.start) return `${at}: its record begins from a given position; a match's games begin at the game's start`;
  const replay = replayRecord(game, rec);
  if (replay.error) return `${at}: ${replay.error.message}`;
  const last = replay.states[replay.states.length - 1]!;
  const differences = compareResult(rec.result, resultOf(game, last, rec.result.status, rec.result.reason));
  if (differences.length) return `${at}: its record's result is not where its moves lead (${describeDifferences(differences)})`;
  if (line.finished !== last.over) return `${at}: finished: the line says ${line.finished}, its moves ${last.over ? "end the game" : "do not end the game"}`;
  const returns = last.over ? game.returns(last) : new Array<number>(game.playerCount).fill(0);
  if (line.returns.some((v, p) => v !== returns[p])) return `${at}: returns: the line says ${JSON.stringify(line.returns)}, its moves lead to ${JSON.stringify(returns)}`;
  const decisions = new Array<number>(game.playerCount).fill(0);
  const thinking = new Array<number>(game.playerCount).fill(0);
  for (const m of rec.moves) {
    if (m.player === "chance") continue;
    const p = Number(m.player.slice(1)) - 1;
    decisions[p]!++;
    thinking[p]! += m.thinkMs ?? 0;
  }
  const plies = decisions.reduce((a, b) => a + b, 0);
  if (line.plies !== plies) return `${at}: plies: the line says ${line.plies}, its record has ${plies} decisions`;
  if (line.moves.some((v, p) => v !== decisions[p])) return `${at}: moves: the line says ${JSON.stringify(line.moves)} decisions per seat, its record ${JSON.stringify(decisions)}`;
  // Each move's think time is kept to 0.1 ms in the record; the line sums the exact times.
  const thinkDiffers = line.thinkMs.findIndex((v, p) => Math.abs(v - thinking[p]!) > 0.05 * decisions[p]! + 0.01);
  if (thinkDiffers >= 0) return `${at}: thinkMs: the line says ${line.thinkMs[thinkDiffers]} ms for ${playerName(thinkDiffers)}, its record's moves ${thinking[thinkDiffers]!.toFixed(1)} ms`;
  // A game stops before its end only at the match's ply limit, or when no move is left.
  if (!last.over && plies !== maxPlies && game.legalMoves(last).length > 0) {
    return `${at}: unfinished after ${plies} plies, but the match stops a game only at ${maxPlies} plies or when no move is left`;
  }
  return undefined;
}
