/**
 * Moves.
 *
 * Inside the engine, legal moves are rows of a struct-of-arrays buffer that is reused between
 * calls, so generating moves allocates nothing. Each row records the generator that made it (which
 * also applies it), the move kind, from, to, count, piece, and a slice of a shared pool holding the
 * path (every landing of a chain) and the sites it captures.
 *
 * Outside the engine, a move is a plain `Move` object with a text notation, structured fields and
 * its list of primitive actions.
 */
import { MAX_MOVE_POOL, MAX_MOVES_PER_POSITION } from "../../limits.js";

export interface Move {
  /** The action name the description gives this move (`step`, `jump`, `place` ...). */
  kind: string;
  from?: string;
  to?: string;
  /** Pieces (checkers) that travel, for games with stacks. */
  count?: number;
  /** The piece type that moves or is placed. */
  piece?: string;
  /** The type the piece becomes on its destination, for a move that promotes it as part of the move (`e7-e8=Q`). */
  promotion?: string;
  /** A throw of the dice: what each die shows, in die order. */
  dice?: number[];
  /** The number the player chose for the move (`for-each-value`), which its notation writes after `:`. */
  value?: number;
  /** Every landing site of a chain, in order (`to` is the last). */
  path?: string[];
  /** Sites whose pieces this move captures. */
  captures?: string[];
  /** The move in the game's text notation, e.g. `e5-e7`, `a1xe1xe5`. */
  notation: string;
  /** The primitive actions the move performs, in order. */
  actions: PrimitiveAction[];
  /** Engine encoding, to apply the move without generating again. Not for display. */
  code: MoveCode;
}

export type PrimitiveAction =
  | { op: "move"; from: string; to: string }
  | { op: "remove"; at: string; count?: number }
  | { op: "promote"; at: string; piece: string }
  | { op: "add"; at: string; piece: string; owner?: string; count: number }
  | { op: "transfer"; from: string; to: string; count: number }
  | { op: "exchange"; a: string; b: string }
  | { op: "flag"; at: string; flag: string; set: boolean }
  | { op: "mark"; at: string; marker: string; player: string }
  | { op: "counter"; name: string; change: "add" | "set"; value: number }
  | { op: "roll"; dice: number[] };

/** A move row, detached from the buffer. */
export interface MoveCode {
  gen: number;
  kind: number;
  from: number;
  to: number;
  count: number;
  piece: number;
  extra: number;
  /** The die the move uses (games with dice), DICE_SET plus a set of dice for dice combined (see play/dice.ts), or -1. */
  die: number;
  /** The number chosen for the move (`for-each-value`), or NO_VALUE; absent: NO_VALUE. */
  value?: number;
  path: number[];
  captures: number[];
}

const NONE = -1;

/** The `value` of a move row that carries no chosen number (a number no range reaches: see ForEachValueSource). */
export const NO_VALUE = -2147483648;

export class MoveBuffer {
  size = 0;
  gen: Int32Array;
  kind: Int32Array;
  from: Int32Array;
  to: Int32Array;
  count: Int32Array;
  piece: Int32Array;
  /** Generator-specific bits (e.g. a slide that went through a portal). */
  extra: Int32Array;
  /** The die a move uses (set by `for-each-die` on the rows of its moves; DICE_SET plus a set of dice for dice combined), -1 for none. */
  die: Int32Array;
  /** The number chosen for the move (set by `for-each-value` on the rows of its moves), NO_VALUE for none. */
  value: Int32Array;
  /**
   * Whether a `for-each-value` has written this buffer's `value` column: until then every row reads
   * NO_VALUE (the column starts so) and `add` leaves it alone, so games without chosen numbers pay
   * nothing per move for it.
   */
  valuesWritten = false;
  pathStart: Int32Array;
  pathLen: Int32Array;
  capStart: Int32Array;
  capLen: Int32Array;
  /** Shared pool for paths and capture lists. */
  pool: Int32Array;
  poolSize = 0;
  /**
   * How a generation went past a limit of one position (see `markOverflow`), or "" while within
   * them. Past MAX_MOVES_PER_POSITION rows each new row overwrites the last, past MAX_MOVE_POOL
   * the pool starts again from 0: the buffer stops growing, generators finish their loops (so
   * every state they touched is put back), and whoever generated reports the error.
   */
  overflow: "" | "moves" | "pool" | "search" = "";
  /** The generator (its id) or the rule (its words, when no leaf generator was at work) that went past it. */
  overflowGen = -1;
  overflowRule = "";

  constructor(capacity = 256, poolCapacity = 1024) {
    this.gen = new Int32Array(capacity);
    this.kind = new Int32Array(capacity);
    this.from = new Int32Array(capacity);
    this.to = new Int32Array(capacity);
    this.count = new Int32Array(capacity);
    this.piece = new Int32Array(capacity);
    this.extra = new Int32Array(capacity);
    this.die = new Int32Array(capacity);
    this.value = new Int32Array(capacity).fill(NO_VALUE);
    this.pathStart = new Int32Array(capacity);
    this.pathLen = new Int32Array(capacity);
    this.capStart = new Int32Array(capacity);
    this.capLen = new Int32Array(capacity);
    this.pool = new Int32Array(poolCapacity);
  }

  clear(): void {
    this.size = 0;
    this.poolSize = 0;
    this.overflow = "";
  }

  /** Records the first limit a generation passed (later ones add nothing: the first is the cause). */
  markOverflow(what: "moves" | "pool" | "search", gen: number, rule = ""): void {
    if (this.overflow) return;
    this.overflow = what;
    this.overflowGen = gen;
    this.overflowRule = rule;
  }

  /** Appends a move row and returns its index; a path and captures come with addChain, or setCapture/pushCapture. */
  add(gen: number, kind: number, from: number, to: number, count = 1, piece = NONE): number {
    if (this.size === this.gen.length && !this.grow()) {
      this.markOverflow("moves", gen);
      this.size--;
    }
    const i = this.size++;
    this.gen[i] = gen;
    this.kind[i] = kind;
    this.from[i] = from;
    this.to[i] = to;
    this.count[i] = count;
    this.piece[i] = piece;
    this.extra[i] = 0;
    this.die[i] = -1;
    if (this.valuesWritten) this.value[i] = NO_VALUE;
    this.pathStart[i] = this.poolSize;
    this.pathLen[i] = 0;
    this.capStart[i] = this.poolSize;
    this.capLen[i] = 0;
    return i;
  }

  /** Appends a row with a path and captures copied from two scratch arrays (the pool gets path then captures). */
  addChain(gen: number, kind: number, from: number, path: Int32Array, caps: Int32Array, len: number, piece = NONE): number {
    const i = this.add(gen, kind, from, path[len - 1]!, 1, piece);
    this.ensurePool(2 * len);
    const p = this.pool;
    let k = this.poolSize;
    for (let j = 0; j < len; j++) p[k++] = path[j]!;
    this.capStart[i] = k;
    for (let j = 0; j < len; j++) p[k++] = caps[j]!;
    this.pathLen[i] = len;
    this.capLen[i] = len;
    this.poolSize = k;
    return i;
  }

  /** Records that the last row captures `site` (rows with a single capture, e.g. by replacement). */
  setCapture(row: number, site: number): void {
    this.ensurePool(1);
    this.capStart[row] = this.poolSize;
    this.capLen[row] = 1;
    this.pool[this.poolSize++] = site;
  }

  /**
   * Adds `site` to the captures of row `row`, which must be the last row added with nothing put in
   * the pool since but its own captures (a move taking several pieces, e.g. a hop over a run).
   */
  pushCapture(row: number, site: number): void {
    if (this.capLen[row] === 0) return this.setCapture(row, site);
    this.ensurePool(1);
    this.pool[this.poolSize++] = site;
    this.capLen[row]!++;
  }

  /** Overwrites row `dst` with row `src` (their pool slices are shared, not copied). */
  copyRow(dst: number, src: number): void {
    this.gen[dst] = this.gen[src]!;
    this.kind[dst] = this.kind[src]!;
    this.from[dst] = this.from[src]!;
    this.to[dst] = this.to[src]!;
    this.count[dst] = this.count[src]!;
    this.piece[dst] = this.piece[src]!;
    this.extra[dst] = this.extra[src]!;
    this.die[dst] = this.die[src]!;
    this.value[dst] = this.value[src]!;
    this.pathStart[dst] = this.pathStart[src]!;
    this.pathLen[dst] = this.pathLen[src]!;
    this.capStart[dst] = this.capStart[src]!;
    this.capLen[dst] = this.capLen[src]!;
  }

  /** Whether rows `a` and `b` are the same move but for the rule that made it (kind, sites, piece, die, chosen number, path, captures). */
  sameMove(a: number, b: number): boolean {
    if (this.to[a] !== this.to[b] || this.from[a] !== this.from[b] || this.kind[a] !== this.kind[b]) return false;
    if (this.count[a] !== this.count[b] || this.piece[a] !== this.piece[b] || this.extra[a] !== this.extra[b] || this.die[a] !== this.die[b] || this.value[a] !== this.value[b]) return false;
    return this.sameSlice(this.pathStart[a]!, this.pathStart[b]!, this.pathLen[a]!, this.pathLen[b]!) && this.sameSlice(this.capStart[a]!, this.capStart[b]!, this.capLen[a]!, this.capLen[b]!);
  }

  private sameSlice(a: number, b: number, lenA: number, lenB: number): boolean {
    if (lenA !== lenB) return false;
    for (let k = 0; k < lenA; k++) if (this.pool[a + k] !== this.pool[b + k]) return false;
    return true;
  }

  /** Appends row `row` of another buffer, with its path and captures. */
  copyRowFrom(src: MoveBuffer, row: number): number {
    const i = this.add(src.gen[row]!, src.kind[row]!, src.from[row]!, src.to[row]!, src.count[row]!, src.piece[row]!);
    this.extra[i] = src.extra[row]!;
    this.die[i] = src.die[row]!;
    if (src.valuesWritten) (this.valuesWritten = true), (this.value[i] = src.value[row]!);
    const ps = src.pathStart[row]!, pl = src.pathLen[row]!, cs = src.capStart[row]!, cl = src.capLen[row]!;
    this.ensurePool(pl + cl);
    const pool = this.pool;
    let k = this.poolSize;
    this.pathStart[i] = k;
    for (let j = 0; j < pl; j++) pool[k++] = src.pool[ps + j]!;
    this.capStart[i] = k;
    for (let j = 0; j < cl; j++) pool[k++] = src.pool[cs + j]!;
    this.pathLen[i] = pl;
    this.capLen[i] = cl;
    this.poolSize = k;
    return i;
  }

  /** Copies row i out as a MoveCode (with `value` only when the move carries a chosen number). */
  code(i: number): MoveCode {
    const ps = this.pathStart[i]!, cs = this.capStart[i]!;
    const code: MoveCode = {
      gen: this.gen[i]!,
      kind: this.kind[i]!,
      from: this.from[i]!,
      to: this.to[i]!,
      count: this.count[i]!,
      piece: this.piece[i]!,
      extra: this.extra[i]!,
      die: this.die[i]!,
      path: Array.from(this.pool.subarray(ps, ps + this.pathLen[i]!)),
      captures: Array.from(this.pool.subarray(cs, cs + this.capLen[i]!)),
    };
    if (this.value[i] !== NO_VALUE) code.value = this.value[i]!;
    return code;
  }

  /** Writes a MoveCode as the only row of this buffer (to apply a detached move). */
  load(c: MoveCode): void {
    this.clear();
    const i = this.add(c.gen, c.kind, c.from, c.to, c.count, c.piece);
    this.extra[i] = c.extra;
    this.die[i] = c.die ?? -1;
    if (c.value !== undefined && c.value !== NO_VALUE) this.valuesWritten = true;
    if (this.valuesWritten) this.value[i] = c.value ?? NO_VALUE;
    this.ensurePool(c.path.length + c.captures.length);
    this.pool.set(c.path, 0);
    this.pool.set(c.captures, c.path.length);
    this.pathLen[i] = c.path.length;
    this.capStart[i] = c.path.length;
    this.capLen[i] = c.captures.length;
    this.poolSize = c.path.length + c.captures.length;
  }

  private ensurePool(extra: number): void {
    if (this.poolSize + extra <= this.pool.length) return;
    if (this.poolSize + extra > MAX_MOVE_POOL) {
      this.markOverflow("pool", this.size > 0 ? this.gen[this.size - 1]! : -1);
      this.poolSize = 0;
      if (extra <= this.pool.length) return;
    }
    const next = new Int32Array(Math.max(this.pool.length * 2, this.poolSize + extra));
    next.set(this.pool);
    this.pool = next;
  }

  /** Doubles the rows (up to MAX_MOVES_PER_POSITION); false when the buffer already holds that many. */
  private grow(): boolean {
    if (this.gen.length >= MAX_MOVES_PER_POSITION) return false;
    const was = this.gen.length, cap = Math.min(was * 2, MAX_MOVES_PER_POSITION);
    const g = (a: Int32Array) => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    this.gen = g(this.gen);
    this.kind = g(this.kind);
    this.from = g(this.from);
    this.to = g(this.to);
    this.count = g(this.count);
    this.piece = g(this.piece);
    this.extra = g(this.extra);
    this.die = g(this.die);
    this.value = g(this.value);
    this.value.fill(NO_VALUE, was);
    this.pathStart = g(this.pathStart);
    this.pathLen = g(this.pathLen);
    this.capStart = g(this.capStart);
    this.capLen = g(this.capLen);
    return true;
  }
}
