/**
 * Source shared by compiled piece moves (steps, jumps): the loop over the mover's movable pieces
 * and the neighbour table of the generation. The same sites in the same order as the closures'
 * (moves/generators.ts: nextOwned, canMove, adjacencyNow), with the options decided here.
 */
import { ANY_ORIGIN, adjacencyNow, type Adjacency, type PieceMoveOptions } from "../moves/generators.js";
import type { Emitter } from "./emitter.js";

/**
 * The loop over the pieces of the mover (`p`) these options may move, with the context set for
 * each as canMove sets it (origin, type, flags, height, nothing crossed) and its `from:` condition
 * tested; `body` runs for each, with `site` its site and `type` its piece type. `stop` is a
 * condition that ends the loop early (e.g. the buffer's overflow), or "".
 */
export function originLoop(e: Emitter, o: PieceMoveOptions, body: string, stop = ""): string {
  const n = o.topology.n;
  const lo = o.origin === ANY_ORIGIN ? "0" : "(s.lastTo < 0 ? 0 : s.lastTo)";
  const hi = o.origin === ANY_ORIGIN ? e.int(n) : "(s.lastTo < 0 ? 0 : s.lastTo + 1)";
  const only = o.onlyType ?? -1;
  const more = stop ? ` && !(${stop})` : "";
  const head =
    only >= 0
      ? `for (let last = ${hi}, site = s.piece.indexOf(${e.int(only)}, ${lo}); site >= 0 && site < last${more}; site = s.piece.indexOf(${e.int(only)}, site + 1)) {`
      : `for (let last = ${hi}, site = ${lo}; site < last${more}; site++) {`;
  const pieces = o.pieces === null ? "" : `if (${e.ref(o.pieces, "pieces")}[type] === 0) continue;\n`;
  const from = o.from === null ? "" : `if (!${e.cond(o.from, "a from: condition")}) continue;\n`;
  // The moving piece's context, for the conditions that read it: none of the inlined ones may.
  const context = readsMovingPiece(from + body) ? `c.from = site;\nc.piece = type;\nc.selfFlags = s.flags[site];\nc.count = s.height[site];\nc.crossed = false;\n` : "";
  return `${head}
if (owner[site] !== p) continue;
const type = s.piece[site];
${pieces}${context}${from}${body}
}`;
}

/**
 * Whether code may read the moving piece's context (`c.from`, `c.piece`, `c.selfFlags`, `c.count`,
 * `c.crossed`): it names one of them, or hands `c` to a function (a closure reads what it likes).
 * The sites the code itself looks at (`c.to`, `c.over`, `c.site`, written before any read) and the
 * mover do not count.
 */
export function readsMovingPiece(code: string): boolean {
  const rest = code.replace(/\bc\.(to|over|site|player)\b/g, "");
  return /\bc\b/.test(rest);
}

/**
 * Declares `start`, `first` and `second` of the neighbour table the move uses now: the one table
 * every player shares, the mover's, or (an `onward` move) the last move's direction's.
 */
export function adjacencyNowSource(e: Emitter, o: PieceMoveOptions, fixed: Adjacency[], onward: Adjacency[] | null, none: Adjacency): string {
  let table: string;
  if (onward !== null) {
    table = `${e.ref(adjacencyNow, "adjacencyNow")}(${e.ref(o, "options")}, ${e.ref(fixed, "fixed")}, ${e.ref(onward, "onward")}, ${e.ref(none, "none")}, s, p)`;
  } else if (fixed.every((a) => a === fixed[0])) {
    table = e.ref(fixed[0], "adj");
  } else {
    table = `${e.ref(fixed, "adjs")}[p]`;
  }
  const a = e.local("adj");
  return `${a} = ${table};
const start = ${a}.start, first = ${a}.first, second = ${a}.second;`;
}
