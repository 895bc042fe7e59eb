// Hand-written references for `ludex bench --references` (see ../README.md): plain JavaScript
// with the rules of a library game, written the way a programmer would write that one game, so
// that Ludex's speed can be given as a ratio to code measured in the same run. They are part of
// the repository, not of the package.
import { makeGomoku } from "./gomoku.js";
import { makeKonane } from "./konane.js";
import { makeTicTacToe } from "./tic-tac-toe.js";

export { newRng, seedRng } from "./rng.js";

/** The references by the name of the library game whose rules (with its default options) they play. */
export const references = {
  "tic-tac-toe": { name: "tic-tac-toe (hand-written)", make: makeTicTacToe },
  konane: { name: "konane (hand-written)", make: makeKonane },
  gomoku: { name: "gomoku (hand-written)", make: makeGomoku },
};
