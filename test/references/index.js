// Hand-written references for `ludex bench --references` (see ../README.md): plain JavaScript
// with the rules of a library game, written the way a programmer would write that one game, so
// that Ludex's speed can be given as a ratio to code measured in the same run. They are part of
// the repository, not of the package.
import { ludexPosition, makeChess, PERFT_POSITIONS } from "./chess.js";
import { makeGomoku } from "./gomoku.js";
import { makeKonane } from "./konane.js";
import { makeTicTacToe } from "./tic-tac-toe.js";

export { newRng, nextInt, seedRng } from "./rng.js";

/** The references by the name of the library game whose rules (with its default options) they play. */
export const references = {
  "tic-tac-toe": { name: "tic-tac-toe (hand-written)", make: makeTicTacToe },
  konane: { name: "konane (hand-written)", make: makeKonane },
  gomoku: { name: "gomoku (hand-written)", make: makeGomoku },
};

/**
 * The references that count perft rather than play: chess's speed is its move generator's, the
 * figure chess programs publish (nodes a second), and a perft count is checked exactly where a
 * playout is only alike in distribution. `ludex bench` counts `depth` moves from each position
 * in turn on both sides (a round), alternating; `make()` gives the reference's count of one.
 */
export const perftReferences = {
  chess: {
    name: "chess move generation (hand-written)",
    // Depth 2 from the six positions is 6,459 sequences: a round short enough to alternate often,
    // with one generation for some 40 moves made and tested, as in a deeper count.
    depth: 2,
    positions: PERFT_POSITIONS.map(({ name, fen }) => ({ name, fen, position: ludexPosition(fen) })),
    make() {
      const board = makeChess();
      const fens = PERFT_POSITIONS.map((p) => p.fen);
      return (i, depth) => {
        board.setFen(fens[i]);
        return board.perft(depth);
      };
    },
  },
};
