// Konane written by hand, with the rules of games/konane.game (see games/konane.md): a 10 x 10
// board (the `size` option) full of stones, Black (player 1) on the squares of b1's colour. Black
// lifts one of its stones from a corner or a centre square, White one of its stones next to that
// hole; then every move is an orthogonal jump over an enemy stone onto the empty square beyond,
// capturing it. After a jump, when the same stone can jump again straight on, its player decides
// again between that jump and stopping (a pass); each jump, each stop and each lift is a ply, as
// Ludex and Ludii count them. The player to act with no move loses. Every decision is uniformly
// random among the legal moves.
import { nextInt } from "./rng.js";

/** A reference player of random playouts; `winner` is that of the last playout (-2 unfinished). */
export function makeKonane({ size = 10 } = {}) {
  const n = size, cells = n * n;
  const board = new Int8Array(cells); // 0 empty, 1 Black, 2 White
  // Steps N E S W in rows and columns, and the square one and two steps on from each square (-1 off the board).
  const DR = [1, 0, -1, 0], DC = [0, 1, 0, -1];
  const step1 = new Int32Array(cells * 4), step2 = new Int32Array(cells * 4);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      for (let d = 0; d < 4; d++) {
        const r1 = r + DR[d], c1 = c + DC[d], r2 = r + 2 * DR[d], c2 = c + 2 * DC[d];
        step1[(r * n + c) * 4 + d] = r1 >= 0 && r1 < n && c1 >= 0 && c1 < n ? r1 * n + c1 : -1;
        step2[(r * n + c) * 4 + d] = r2 >= 0 && r2 < n && c2 >= 0 && c2 < n ? r2 * n + c2 : -1;
      }
    }
  }
  // Black's opening squares: the corners and the four centre squares that hold a black stone.
  const h = n >> 1;
  const openings = [0, n - 1, cells - n, cells - 1, (h - 1) * n + h - 1, (h - 1) * n + h, h * n + h - 1, h * n + h].filter((sq) => ((sq / n) | 0) + (sq % n) & 1);
  const moves = new Int32Array(cells * 4); // a jump: its origin * 4 + its direction
  const lifts = new Int32Array(4);

  /** Whether the stone of `colour` on `sq` can jump in direction `d`. */
  function canJump(sq, d, colour) {
    const i = sq * 4 + d, land = step2[i];
    return land >= 0 && board[land] === 0 && board[step1[i]] === 3 - colour;
  }

  const ref = {
    winner: -2,
    /** One random playout from the start; returns its plies (decisions, lifts and passes included). */
    playout(rng, maxPlies) {
      for (let sq = 0; sq < cells; sq++) board[sq] = (((sq / n) | 0) + (sq % n)) & 1 ? 1 : 2;
      ref.winner = -2;
      if (maxPlies < 1) return 0;
      const hole = openings[nextInt(rng, openings.length)];
      board[hole] = 0;
      if (maxPlies < 2) return 1;
      let k = 0;
      for (let d = 0; d < 4; d++) {
        const sq = step1[hole * 4 + d];
        if (sq >= 0 && board[sq] === 2) lifts[k++] = sq;
      }
      board[lifts[nextInt(rng, k)]] = 0;
      let plies = 2, mover = 1;
      while (plies < maxPlies) {
        let count = 0;
        for (let sq = 0; sq < cells; sq++) {
          if (board[sq] !== mover) continue;
          for (let d = 0; d < 4; d++) if (canJump(sq, d, mover)) moves[count++] = sq * 4 + d;
        }
        if (count === 0) {
          ref.winner = 2 - mover; // the other player, numbered from 0
          return plies;
        }
        const m = moves[nextInt(rng, count)];
        let sq = m >> 2;
        const d = m & 3;
        // Jumps straight on, for as long as one is open and the player chooses it over stopping.
        for (;;) {
          const i = sq * 4 + d, land = step2[i];
          board[sq] = 0;
          board[step1[i]] = 0;
          board[land] = mover;
          sq = land;
          plies++;
          if (!canJump(sq, d, mover) || plies >= maxPlies) break;
          // The next decision: the jump straight on (counted as the loop goes round) or a stop.
          if (nextInt(rng, 2) === 1) {
            plies++;
            break;
          }
        }
        mover = 3 - mover;
      }
      return plies;
    },
  };
  return ref;
}
