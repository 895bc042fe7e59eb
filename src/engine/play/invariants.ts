/**
 * Consistency checks any state of any game must pass. Used by `ludex playout --check` and the
 * random-playout tests after every decision; they catch engine or description bugs that no single
 * rule test would (a piece appearing from nowhere, a negative supply, a stale piece count).
 */
import type { Game } from "./game.js";
import { EMPTY, NEUTRAL, piecesOnBoard, type State } from "../state/state.js";

/**
 * Every broken invariant, in words (empty: all hold). Two kinds: the state is sound (owners,
 * pieces, heights, counts and supplies hold values that mean something), which no description can
 * break; and, unless `conservation` is false, no player has more pieces on the board, in the
 * supply and scored than the supply's total -- true of every game that moves pieces between board
 * and supply and scores pieces taken off, but a description may add to a score or a supply for
 * other reasons (the fuzz test's mutants do).
 */
export function checkInvariants(game: Game, s: State, { conservation = true } = {}): string[] {
  const problems: string[] = [];
  const labels = game.topology.labels;
  const P = game.playerCount;
  const owned = new Array<number>(P).fill(0);
  const onBoard = new Array<number>(P).fill(0);
  for (let i = 0; i < s.owner.length; i++) {
    const o = s.owner[i]!, piece = s.piece[i]!, h = s.height[i]!;
    if (o === EMPTY) {
      if (piece !== EMPTY || h !== 0 || s.flags[i] !== 0) problems.push(`${labels[i]}: empty but has piece ${piece}, height ${h}, flags ${s.flags[i]}`);
      continue;
    }
    if (o !== NEUTRAL && (o < 0 || o >= P)) problems.push(`${labels[i]}: owner ${o} is not a player`);
    if (piece < 0 || piece >= game.def.pieces.length) problems.push(`${labels[i]}: piece type ${piece} does not exist`);
    if (h < 1) problems.push(`${labels[i]}: occupied with height ${h}`);
    if (o !== NEUTRAL && o >= 0 && o < P) owned[o]!++;
  }
  piecesOnBoard(s, P).forEach((n, p) => (onBoard[p] = n));
  for (let p = 0; p < P; p++) {
    // With mixed stacks the count is of pieces, wherever they stand in a stack.
    if (s.levels ? s.pieceCount[p] !== onBoard[p] : s.pieceCount[p] !== owned[p]) problems.push(`P${p + 1}: piece count ${s.pieceCount[p]} but ${s.levels ? `${onBoard[p]} pieces on the board` : `${owned[p]} sites owned`}`);
    if (s.supply[p]! < 0) problems.push(`P${p + 1}: negative supply ${s.supply[p]}`);
    const total = game.def.supplyTotal;
    if (total >= 0 && s.supply[p]! > total) problems.push(`P${p + 1}: supply ${s.supply[p]} above the ${total} owned`);
    if (conservation && total >= 0 && onBoard[p]! + s.supply[p]! + s.score[p]! > total) {
      problems.push(`P${p + 1}: ${onBoard[p]} on board + ${s.supply[p]} in supply + ${s.score[p]} scored exceeds the ${total} owned`);
    }
  }
  if (!s.over) {
    if (s.mover < 0 || s.mover >= P) problems.push(`mover ${s.mover} is not a player`);
    if (s.actionInTurn < 1 || s.actionInTurn > s.actionsInTurn) problems.push(`action ${s.actionInTurn} of ${s.actionsInTurn}`);
  } else if (s.returns.every((r) => r === 0) === false && !s.returns.some((r) => r > 0)) {
    problems.push("the game is over with losers but no winner");
  }
  return problems;
}
