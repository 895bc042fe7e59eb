// Tic-Tac-Toe written by hand, with the rules of games/tic-tac-toe.game (see games/tic-tac-toe.md):
// a 3 x 3 grid, player 1 (Noughts) first, a mark on a uniformly random empty square, three in a
// row through the mark just placed wins; a player with no empty square passes, and two passes in
// a row draw (a drawn game is 9 marks and 2 passes: 11 plies, as Ludex counts them).
import { nextInt } from "./rng.js";

/** The eight lines, and for each square the lines through it. */
const LINES = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
];
const THROUGH = Array.from({ length: 9 }, (_, sq) => LINES.filter((l) => l.includes(sq)));

/** A reference player of random playouts; `winner` is that of the last playout (-1 a draw, -2 unfinished). */
export function makeTicTacToe() {
  const board = new Int8Array(9); // 0 empty, 1 Noughts, 2 Crosses
  const empty = new Int32Array(9);
  const ref = {
    winner: -2,
    /** One random playout from the start; returns its plies (decisions, passes included). */
    playout(rng, maxPlies) {
      board.fill(0);
      let free = 9;
      for (let i = 0; i < 9; i++) empty[i] = i;
      let mover = 0, plies = 0, passes = 0;
      ref.winner = -2;
      while (plies < maxPlies) {
        plies++;
        if (free === 0) {
          if (++passes === 2) { ref.winner = -1; return plies; }
          mover ^= 1;
          continue;
        }
        passes = 0;
        const k = nextInt(rng, free);
        const sq = empty[k];
        empty[k] = empty[--free];
        board[sq] = mover + 1;
        const lines = THROUGH[sq];
        for (let l = 0; l < lines.length; l++) {
          const line = lines[l];
          if (board[line[0]] === mover + 1 && board[line[1]] === mover + 1 && board[line[2]] === mover + 1) {
            ref.winner = mover;
            return plies;
          }
        }
        mover ^= 1;
      }
      return plies;
    },
  };
  return ref;
}
