/**
 * Source shared by compiled piece moves (steps, jumps, hops, slides, leaps, shots): the loop over
 * the mover's movable pieces, the moving piece's context and the tables of the generation. The
 * same sites in the same order as the closures' (moves/generators.ts: nextOwned, canMove,
 * adjacencyNow), with the options decided here.
 */
import { ANY_ORIGIN, type Adjacency, type LastMoveAdjacency, type Origin, type PieceMoveOptions } from "../moves/generators.js";
import type { Topology } from "../board/topology.js";
import type { Emitter } from "./emitter.js";

/**
 * The head of the loop over the sites that may hold a piece of the mover, as nextOwned walks them
 * (every site, the site the last decision ended on, or the sites of the one piece type allowed):
 * `for (...) {` with `site` the site. `stop` is a condition that ends the loop early (e.g. the
 * buffer's overflow), or "".
 */
export function originHead(e: Emitter, o: { topology: Topology; origin: Origin; onlyType?: number }, stop = ""): string {
  const lo = o.origin === ANY_ORIGIN ? "0" : "(s.lastTo < 0 ? 0 : s.lastTo)";
  const hi = o.origin === ANY_ORIGIN ? e.int(o.topology.n) : "(s.lastTo < 0 ? 0 : s.lastTo + 1)";
  const only = o.onlyType ?? -1;
  const more = stop ? ` && !(${stop})` : "";
  return only >= 0
    ? `for (let last = ${hi}, site = s.piece.indexOf(${e.int(only)}, ${lo}); site >= 0 && site < last${more}; site = s.piece.indexOf(${e.int(only)}, site + 1)) {`
    : `for (let last = ${hi}, site = ${lo}; site < last${more}; site++) {`;
}

/**
 * The moving piece's context as canMove sets it, for the piece of type `type` on `site` (statements,
 * dropped where nothing reads the context: see Emitter.set).
 */
export function movingPiece(e: Emitter): string {
  return `${e.set("from", "site")};\n${e.set("piece", "type")};\n${e.set("selfFlags", "s.flags[site]")};\n${e.set("count", "s.height[site]")};\n${e.set("crossed", "false")};\n`;
}

/**
 * A value of each seat's (a table, a direction list) as source: the one value when every seat has
 * the same (by `same`), else the mover's (`p`) from the list.
 */
export function perSeat<T>(e: Emitter, values: readonly T[], hint: string, same: (a: T, b: T) => boolean = (a, b) => a === b): string {
  return values.every((v) => same(v, values[0]!)) ? e.ref(values[0], hint) : `${e.ref(values, hint)}[p]`;
}

/** Whether two seats' direction lists are the same list (for perSeat). */
export const sameDirections = (a: Int32Array, b: Int32Array): boolean => a.length === b.length && a.every((d, i) => d === b[i]);

/**
 * The loop over the pieces of the mover (`p`) these options may move, with the context set for
 * each as canMove sets it (origin, type, flags, height, nothing crossed) and its `from:` condition
 * tested; `body` runs for each, with `site` its site and `type` its piece type. `stop`: see originHead.
 */
export function originLoop(e: Emitter, o: PieceMoveOptions, body: string, stop = ""): string {
  const head = originHead(e, o, stop);
  const pieces = o.pieces === null ? "" : `if (${e.ref(o.pieces, "pieces")}[type] === 0) continue;\n`;
  const from = o.from === null ? "" : `if (!${e.cond(o.from, "a from: condition", { from: "site" })}) continue;\n`;
  // The moving piece's context, for the conditions that read it: none of the inlined ones may.
  const context = readsMovingPiece(from + body) ? movingPiece(e) : "";
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
 * every player shares, the mover's, or (a move whose directions depend on the last move: `onward` ...)
 * the one the last move gives.
 */
export function adjacencyNowSource(e: Emitter, fixed: Adjacency[], onward: LastMoveAdjacency | null): string {
  const table = onward !== null ? `${e.ref(onward, "onward")}.now(s, p)` : perSeat(e, fixed, "adj");
  const a = e.local("adj");
  return `${a} = ${table};
const start = ${a}.start, first = ${a}.first, second = ${a}.second;`;
}
