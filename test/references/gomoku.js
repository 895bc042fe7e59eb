// Gomoku written by hand, with the rules of games/gomoku.game (see games/gomoku.md): a 15 x 15
// grid of points (the `size` option), Black (player 1) first, a stone on a uniformly random empty
// point; a row of exactly five through the stone just placed, along a row, a column or a diagonal,
// wins (with `exact` false, five or more), an overline of six or more does not; a player with no
// empty point passes and two passes in a row draw.
import { nextInt } from "./rng.js";

/** A reference player of random playouts; `winner` is that of the last playout (-1 a draw, -2 unfinished). */
export function makeGomoku({ size = 15, exact = true } = {}) {
  const n = size, cells = n * n;
  const board = new Int8Array(cells); // 0 empty, 1 Black, 2 White
  const empty = new Int32Array(cells);
  // Steps along the four lines through a point: (row, column) pairs.
  const DR = [0, 1, 1, 1], DC = [1, 0, 1, -1];

  /** The length of the run of `colour` along line `d` through (r, c), which holds `colour`. */
  function run(r, c, d, colour) {
    const dr = DR[d], dc = DC[d];
    let len = 1;
    for (let rr = r + dr, cc = c + dc; rr >= 0 && rr < n && cc >= 0 && cc < n && board[rr * n + cc] === colour; rr += dr, cc += dc) len++;
    for (let rr = r - dr, cc = c - dc; rr >= 0 && rr < n && cc >= 0 && cc < n && board[rr * n + cc] === colour; rr -= dr, cc -= dc) len++;
    return len;
  }

  const ref = {
    winner: -2,
    /** One random playout from the start; returns its plies (decisions, passes included). */
    playout(rng, maxPlies) {
      board.fill(0);
      let free = cells;
      for (let i = 0; i < cells; i++) empty[i] = i;
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
        const p = empty[k];
        empty[k] = empty[--free];
        const colour = mover + 1;
        board[p] = colour;
        const r = (p / n) | 0, c = p - r * n;
        for (let d = 0; d < 4; d++) {
          const len = run(r, c, d, colour);
          if (exact ? len === 5 : len >= 5) {
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
