/**
 * Move generators for pieces on a board graph: steps, jumps with optional capture chains, and the
 * combinators that order them (priority: compulsory capture; union). They are parameterised by
 * predicates compiled from the description; the inner loops read typed arrays only and allocate
 * nothing.
 */
import { MoveBuffer, type PrimitiveAction } from "./moves.js";
import { nextInt } from "../state/rng.js";
import { MAX_SEARCH_STEPS } from "../../limits.js";
import { NONE, SAMPLED, UNKNOWN, newCtx, type Ctx, type Effect, type LeafGenerator, type MoveSource, type Pred, type SampleResult } from "../play/rules.js";
import { EMPTY, type State } from "../state/state.js";
import type { Topology } from "../board/topology.js";
import { directionsNow, type LastMoveDirections } from "./onward.js";
import { isFilter, SlotDraw, SlotOrder } from "./slot-draw.js";
import type { Emitter } from "../compiled/emitter.js";
import { adjacencyNowSource, movingPiece, originLoop, perSeat, readsMovingPiece } from "../compiled/pieces.js";
import type { CompiledSource } from "../play/rules.js";

/**
 * Per-site lists of the sites reachable in the allowed directions, precomputed so generation never
 * looks at missing neighbours: for site s, entries start[s]..start[s+1]-1 hold the neighbour
 * (`first`), for jumps and hops the site beyond it on the same line (`second`), and the direction.
 */
export interface Adjacency {
  start: Int32Array;
  first: Int32Array;
  second: Int32Array;
  dir: Int32Array;
}

/**
 * Tables made once per board, direction list and reach: a game has several moves over the same
 * lines (men and kings, first jumps and continuations, each seat), and a board may have tens of
 * thousands of sites.
 */
const adjacencyMade = new WeakMap<Topology, Map<string, Adjacency>>();

/** The neighbours (reach 1), or the neighbours with a site beyond them (reach 2), in `dirs`. */
export function adjacency(topo: Topology, dirs: Int32Array, reach: 1 | 2): Adjacency {
  let made = adjacencyMade.get(topo);
  if (!made) adjacencyMade.set(topo, (made = new Map()));
  const key = `${reach}:${dirs.join(",")}`;
  let adj = made.get(key);
  if (!adj) made.set(key, (adj = makeAdjacency(topo, dirs, reach)));
  return adj;
}

function makeAdjacency(topo: Topology, dirs: Int32Array, reach: 1 | 2): Adjacency {
  const n = topo.n, step = topo.step;
  const start = new Int32Array(n + 1);
  const size = n * dirs.length;
  const first = new Int32Array(size), second = new Int32Array(size), dir = new Int32Array(size);
  let k = 0;
  for (let site = 0; site < n; site++) {
    start[site] = k;
    for (let i = 0; i < dirs.length; i++) {
      const d = dirs[i]!;
      const a = step[d * n + site]!;
      if (a < 0) continue;
      const b = reach === 2 ? step[d * n + a]! : -1;
      if (reach === 2 && b < 0) continue;
      first[k] = a;
      second[k] = b;
      dir[k++] = d;
    }
  }
  start[n] = k;
  return { start, first: first.slice(0, k), second: second.slice(0, k), dir: dir.slice(0, k) };
}

/** Buffers of anyMove by nesting depth (a filter's condition may ask again). */
const anyBuffers: MoveBuffer[] = [];
let anyDepth = 0;

/** Whether `m` has a move: its own quick answer, or else whether generating its moves makes one. */
export function anyMove(m: MoveSource, s: State, c: Ctx): boolean {
  if (m.any) return m.any(s, c);
  const buf = anyBuffers[anyDepth] ?? (anyBuffers[anyDepth] = new MoveBuffer(16, 64));
  buf.clear();
  anyDepth++;
  try {
    m.generate(s, c, buf);
  } finally {
    anyDepth--;
  }
  // Past a limit, say yes: the full generation that follows reports it with the rule and the position.
  return buf.size > 0 || buf.overflow !== "";
}

/** Buffers of generatesOnto by nesting depth (a move's condition may itself ask for an attack). */
const ontoBuffers: MoveBuffer[] = [];
let ontoDepth = 0;

/** Whether `gen` makes a move ending on `target`, found by generating all its moves (the slow, always-right answer). */
export function generatesOnto(gen: MoveSource, s: State, c: Ctx, target: number): boolean {
  const buf = ontoBuffers[ontoDepth] ?? (ontoBuffers[ontoDepth] = new MoveBuffer(16, 64));
  buf.clear();
  ontoDepth++;
  try {
    gen.generate(s, c, buf);
  } finally {
    ontoDepth--;
  }
  for (let row = 0; row < buf.size; row++) if (buf.to[row] === target) return true;
  return false;
}

/** The reverse of a neighbour table: for each site, the sites that have it as a neighbour. */
export function reverseAdjacency(adj: Adjacency, n: number): { start: Int32Array; from: Int32Array } {
  const start = new Int32Array(n + 1);
  for (let k = 0; k < adj.first.length; k++) start[adj.first[k]! + 1]!++;
  for (let t = 0; t < n; t++) start[t + 1]! += start[t]!;
  const from = new Int32Array(adj.first.length), fill = start.slice(0, n);
  for (let site = 0; site < n; site++) {
    for (let k = adj.start[site]!, end = adj.start[site + 1]!; k < end; k++) from[fill[adj.first[k]!]!++] = site;
  }
  return { start, from };
}

/**
 * The neighbour tables of a move whose directions depend on the last move (`onward`, `back`,
 * `except:`): one per list of LastMoveDirections, made the first time it is asked.
 */
export class LastMoveAdjacency {
  private readonly tables: (Adjacency | undefined)[] = [];
  constructor(
    readonly dirs: LastMoveDirections,
    readonly reach: 1 | 2,
  ) {}

  /** The table seat p uses now. */
  now(s: State, p: number): Adjacency {
    const k = this.dirs.index(s, p);
    return this.tables[k] ?? (this.tables[k] = adjacency(this.dirs.topology, this.dirs.list(k), this.reach));
  }
}

/** Tables for a move whose directions depend on the last move, null for moves with fixed directions. */
function onwardAdjacency(o: PieceMoveOptions, reach: 1 | 2): LastMoveAdjacency | null {
  return o.onward ? new LastMoveAdjacency(o.onward, reach) : null;
}

/** The neighbour table a piece move uses now: the player's, or the one the last move gives. */
export function adjacencyNow(fixed: Adjacency[], onward: LastMoveAdjacency | null, s: State, p: number): Adjacency {
  return onward === null ? fixed[p]! : onward.now(s, p);
}

/** Where a piece move may start: anywhere, or only on the site the last decision moved to (a continuation). */
export const ANY_ORIGIN = 0;
export const LAST_TO = 1;
export type Origin = typeof ANY_ORIGIN | typeof LAST_TO;

/** The first site a piece move looks at for its origin. */
export function originStart(origin: Origin, s: State): number {
  return origin === LAST_TO ? Math.max(0, s.lastTo) : 0;
}

/** One past the last site a piece move looks at (the board's size `n` unless it continues from last-to). */
export function originEnd(origin: Origin, s: State, n: number): number {
  return origin === LAST_TO ? (s.lastTo < 0 ? 0 : s.lastTo + 1) : n;
}

/**
 * The first site from `site` up to `last` (excluded) holding a piece of `p` that these options
 * may move by type, or `last` when there is none. A move of one piece type (a knight's, a king's)
 * finds its pieces with the typed array's own search instead of testing every site.
 */
export function nextOwned(only: number, s: State, p: number, site: number, last: number): number {
  const owner = s.owner;
  if (only >= 0) {
    const piece = s.piece;
    for (let x = piece.indexOf(only, site); x >= 0 && x < last; x = piece.indexOf(only, x + 1)) if (owner[x] === p) return x;
    return last;
  }
  while (site < last && owner[site] !== p) site++;
  return site;
}

/**
 * Whether the mover's piece on `site` may make a move with these options (piece filter and from:
 * condition); sets the context for it (origin, type, flags, height, nothing crossed).
 */
export function canMove(o: Pick<PieceMoveOptions, "pieces" | "from">, s: State, c: Ctx, site: number): boolean {
  const type = s.piece[site]!;
  if (o.pieces !== null && o.pieces[type] === 0) return false;
  c.from = site;
  c.piece = type;
  c.selfFlags = s.flags[site]!;
  c.count = s.height[site]!;
  c.crossed = false;
  return o.from === null || o.from(s, c);
}

/** The context of a piece move about to be applied: the piece on `from` going to `to`. */
export function applyCtx(s: State, c: Ctx, from: number, to: number): void {
  c.from = from;
  c.to = to;
  c.piece = s.piece[from]!;
  c.selfFlags = s.flags[from]!;
  c.count = s.height[from]!;
  c.crossed = false;
}

export interface PieceMoveOptions {
  topology: Topology;
  kind: number;
  /** Piece types allowed to make this move (null: all). Indexed by piece type. */
  pieces: Uint8Array | null;
  /** The one piece type allowed, when `pieces` allows exactly one (else -1 or absent): see nextOwned. */
  onlyType?: number;
  /**
   * Direction ids the move may use, per player: the same list for every player unless the
   * description names player-relative directions (`forward` ...), which differ by seat.
   */
  dirs: Int32Array[];
  /**
   * Set when the directions depend on the last decision's move (`onward`, `back` in `dirs:` or
   * `except:`): the lists per seat and last move (see onward.ts), which replace `dirs` at play time.
   */
  onward?: LastMoveDirections | null;
  /** Condition on the moving piece's site (c.from), null: any piece of the mover. */
  from: Pred | null;
  /** Which pieces may move at all: any of the mover's (ANY_ORIGIN) or only the one where the last decision ended (LAST_TO). */
  origin: Origin;
  /** Effects run after the move (counters ...). */
  then: Effect[];
  /** Effects run before the piece lands on an occupied site (`hit:`, steps and flights); empty: none. */
  hit?: Effect[];
  /** A step of the top piece of a pile alone (`take:top`), the rest staying; else the whole pile moves. */
  takeTop?: boolean;
  /** A step onto pieces goes on top of them (`capture:none`, mixed stacks); else it captures them. */
  stacks?: boolean;
  /** Describes consequences as primitive actions (e.g. counter changes) of a move about to be made in `s`. */
  describeThen: (s: State, c: Ctx) => PrimitiveAction[];
}

/** Random (piece, neighbour) pairs a step's `sample` tries before leaving the choice to full generation. */
const STEP_SAMPLE_TRIES = 16;

/** A step to a neighbouring site; by default the site must be empty. */
export class StepGenerator implements LeafGenerator {
  id = -1;
  rule = "";
  /** Neighbours per player (their directions may differ). */
  private readonly adj: Adjacency[];
  /** Neighbours for moves whose directions depend on the last move (`onward` ...), else null. */
  private readonly adjOnward: LastMoveAdjacency | null;

  /** Per player: the most neighbours any site has (the slots `sample` draws from). */
  private readonly maxDegree: number[];
  /** The movable pieces found by `sample` (reused: no allocation per call). */
  protected readonly origins: Int32Array;

  constructor(
    protected readonly o: PieceMoveOptions,
    /** Condition on the destination (c.to), null: it must be empty. */
    protected readonly to: Pred | null,
    /**
     * The site a step onto an empty site captures (read with c.from and c.to set), for a capture
     * that does not take the piece landed on: en passant. Null: only the piece on `to` is taken.
     */
    protected readonly captures: ((s: State, c: Ctx) => number) | null = null,
  ) {
    this.adj = o.dirs.map((dirs) => adjacency(o.topology, dirs, 1));
    this.adjOnward = onwardAdjacency(o, 1);
    this.maxDegree = this.adj.map(({ start }) => {
      let most = 0;
      for (let site = 0; site + 1 < start.length; site++) most = Math.max(most, start[site + 1]! - start[site]!);
      return most;
    });
    this.origins = new Int32Array(o.topology.n);
    this.firstSlot = new Int32Array(o.topology.n + 1);
    this.stepsOnly = Object.getPrototypeOf(this).generate === StepGenerator.prototype.generate;
  }

  /** Whether this is a plain step (its class does not move otherwise: leaps, flights ... have destinations of their own). */
  private readonly stepsOnly: boolean;

  /**
   * The step's generate and any as code (see MoveSource.compile): the destination condition
   * inlined, the table and the options fixed. Kinds of move built on the step's keep their closures.
   */
  compile(e: Emitter): CompiledSource | null {
    if (!this.stepsOnly) return null;
    const o = this.o, to = this.to;
    // Each function's text is made just before it is built: the locals a text uses are that function's.
    const head = () => `const owner = s.owner, p = c.player;\n${adjacencyNowSource(e, this.adj, this.adjOnward)}`;
    const open = () => (to === null ? `(owner[t] === ${EMPTY})` : `(${e.set("to", "t")}, ${e.cond(to, "a step's to: condition", { from: "site", to: "t" })})`);
    const capture =
      this.captures === null
        ? ""
        : ` else {
c.from = site;
c.to = t;
const taken = ${e.ref(this.captures, "captures")}(s, c);
if (taken >= 0 && owner[taken] !== ${EMPTY}) out.setCapture(row, taken);
}`;
    const generate = e.build<MoveSource["generate"]>(`${this.constructor.name}_generate`, "s, c, out",
      `${head()}
${originLoop(
  e,
  o,
  `for (let k = start[site], end = start[site + 1]; k < end; k++) {
const t = first[k];
if (!${open()}) continue;
const row = out.add(${e.int(this.id)}, ${e.int(o.kind)}, site, t, ${o.takeTop ? "1" : "s.height[site]"}, type);
${o.stacks ? "" : `if (owner[t] !== ${EMPTY}) out.setCapture(row, t);`}${capture}
}`,
)}`,
    );
    const any = e.build<NonNullable<MoveSource["any"]>>(`${this.constructor.name}_any`, "s, c",
      `${head()}
${originLoop(e, o, `for (let k = start[site], end = start[site + 1]; k < end; k++) {\nconst t = first[k];\nif (${open()}) return true;\n}`)}
return false;`,
    );
    if (!this.canSample) return { generate, any };
    return { generate, any, sample: this.compileSample(e, open, capture) };
  }

  /**
   * `sample` as code: the same slots drawn in the same order as the closure's (so the same moves
   * from the same generator), the conditions inlined. The piece drawn is tested again as canMove
   * tests it: listing the pieces left the context on the last one listed.
   */
  private compileSample(e: Emitter, open: () => string, capture: string): NonNullable<MoveSource["sample"]> {
    const o = this.o;
    const table = perSeat(e, this.adj, "adj");
    const origins = e.ref(this.origins, "origins"), firstSlot = e.ref(this.firstSlot, "firstSlot"), order = e.ref(this.order, "order");
    const list = originLoop(e, o, `${origins}[k] = site;\n${firstSlot}[k++] = total;\ntotal += start[site + 1] - start[site];`);
    const pieces = o.pieces === null ? "" : `if (${e.ref(o.pieces, "pieces")}[type] === 0) ok = false;\n`;
    const from = o.from === null ? "" : `if (ok) ok = ${e.cond(o.from, "a from: condition", { from: "site" })};\n`;
    const test = open();
    const context = readsMovingPiece(from + test + capture) ? movingPiece(e) : "";
    return e.build<NonNullable<MoveSource["sample"]>>(`${this.constructor.name}_sample`, "s, c, out",
      `const owner = s.owner, p = c.player;
const table = ${table};
const start = table.start, first = table.first;
let k = 0, total = 0;
${list}
if (total === 0) return ${NONE};
${firstSlot}[k] = total;
${order}.begin(total);
for (let slot = ${order}.next(s.rng); slot >= 0; slot = ${order}.next(s.rng)) {
let i = 0;
while (${firstSlot}[i + 1] <= slot) i++;
const site = ${origins}[i], t = first[start[site] + slot - ${firstSlot}[i]];
const type = s.piece[site];
let ok = true;
${pieces}${context}${from}if (ok && ${test}) {
const row = out.add(${e.int(this.id)}, ${e.int(o.kind)}, site, t, ${o.takeTop ? "1" : "s.height[site]"}, type);
${o.stacks ? "" : `if (owner[t] !== ${EMPTY}) out.setCapture(row, t);`}${capture}
return ${SAMPLED};
}
${order}.discard();
}
return ${NONE};`,
    );
  }

  /** Whether random moves may be drawn without generating them all (not for subclasses that move otherwise). */
  get canSample(): boolean {
    // An onward step's direction depends on the last move: it is generated, never drawn.
    return this.adjOnward === null;
  }

  /**
   * A uniformly random step: the mover's movable pieces are listed with their neighbours as slots
   * (piece, neighbour), and slots are drawn without replacement until one holds a legal step (every
   * legal step equally likely, as the first found in a random order). A position with few legal
   * steps among many slots is answered too, without listing its moves; none found: no move.
   */
  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    const { start, first: next } = this.adj[c.player]!;
    const n = this.o.topology.n, owner = s.owner, p = c.player;
    let k = 0, total = 0;
    const origins = this.origins, firstSlot = this.firstSlot;
    const onlyType = this.o.onlyType ?? -1;
    for (let last = originEnd(this.o.origin, s, n), site = nextOwned(onlyType, s, c.player, originStart(this.o.origin, s), last); site < last; site = nextOwned(onlyType, s, c.player, site + 1, last)) {
      if (owner[site] !== p || !canMove(this.o, s, c, site)) continue;
      origins[k] = site;
      firstSlot[k++] = total;
      total += start[site + 1]! - start[site]!;
    }
    if (total === 0) return NONE;
    firstSlot[k] = total;
    const order = this.order;
    order.begin(total);
    for (let slot = order.next(s.rng); slot >= 0; slot = order.next(s.rng)) {
      let i = 0;
      while (firstSlot[i + 1]! <= slot) i++;
      const site = origins[i]!, t = next[start[site]! + slot - firstSlot[i]!]!;
      if (canMove(this.o, s, c, site) && (this.to === null ? owner[t] === EMPTY : ((c.to = t), this.to(s, c)))) {
        this.addRow(s, c, out, this.o.kind, site, t, c.piece);
        return SAMPLED;
      }
      order.discard();
    }
    return NONE;
  }

  /** The slots' bookkeeping of `sample`: each movable piece's first slot, and the order they are drawn in. */
  private readonly firstSlot: Int32Array;
  private readonly order = new SlotOrder();
  /** Scratch for `any` in the kinds of move built on the step's. */
  private anyBuf?: MoveBuffer;

  /** Whether the mover has a step, stopping at the first (what `no-moves` asks after every decision). */
  any(s: State, c: Ctx): boolean {
    // Kinds of move built on the step's (leaps, flights ...) have destinations of their own.
    if (!this.stepsOnly) {
      const buf = (this.anyBuf ??= new MoveBuffer(4, 64));
      buf.clear();
      this.generate(s, c, buf);
      return buf.size > 0;
    }
    const { start, first: next } = adjacencyNow(this.adj, this.adjOnward, s, c.player);
    const n = this.o.topology.n, owner = s.owner, p = c.player, to = this.to;
    const onlyType = this.o.onlyType ?? -1;
    for (let last = originEnd(this.o.origin, s, n), site = nextOwned(onlyType, s, c.player, originStart(this.o.origin, s), last); site < last; site = nextOwned(onlyType, s, c.player, site + 1, last)) {
      if (owner[site] !== p || !canMove(this.o, s, c, site)) continue;
      for (let k = start[site]!, end = start[site + 1]!; k < end; k++) {
        const t = next[k]!;
        if (to === null ? owner[t] === EMPTY : ((c.to = t), to(s, c))) return true;
      }
    }
    return false;
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const kind = this.o.kind;
    const { start, first: next } = adjacencyNow(this.adj, this.adjOnward, s, c.player);
    const n = this.o.topology.n, owner = s.owner;
    const p = c.player;
    const onlyType = this.o.onlyType ?? -1;
    for (let last = originEnd(this.o.origin, s, n), site = nextOwned(onlyType, s, c.player, originStart(this.o.origin, s), last); site < last; site = nextOwned(onlyType, s, c.player, site + 1, last)) {
      if (owner[site] !== p || !canMove(this.o, s, c, site)) continue;
      const type = c.piece;
      for (let k = start[site]!, end = start[site + 1]!; k < end; k++) this.land(s, c, out, kind, site, next[k]!, type);
    }
  }

  /**
   * Whether a step of `c.player` could end on the occupied `target`: the sites a step reaches it
   * from are read from the reverse of the player's neighbour table, and each is tried with the
   * step's own conditions.
   */
  lands(s: State, c: Ctx, target: number): boolean {
    if (this.to === null || this.adjOnward !== null) return false;
    const p = c.player, owner = s.owner;
    const { start, from } = this.reverse(p);
    const lo = originStart(this.o.origin, s), hi = originEnd(this.o.origin, s, this.o.topology.n);
    for (let k = start[target]!, end = start[target + 1]!; k < end; k++) {
      const site = from[k]!;
      if (site < lo || site >= hi || owner[site] !== p || !canMove(this.o, s, c, site)) continue;
      c.to = target;
      if (this.to(s, c)) return true;
    }
    return false;
  }

  /** Per player: for each site, the sites whose steps reach it (made on first use). */
  private reversed: ({ start: Int32Array; from: Int32Array } | undefined)[] = [];
  private reverse(p: number): { start: Int32Array; from: Int32Array } {
    return (this.reversed[p] ??= reverseAdjacency(this.adj[p]!, this.o.topology.n));
  }

  /** Adds the move from `site` to `t` when the destination allows it; landing on a piece captures it. */
  protected land(s: State, c: Ctx, out: MoveBuffer, kind: number, site: number, t: number, type: number): void {
    const to = this.to, owner = s.owner;
    if (to === null) {
      if (owner[t] !== EMPTY) return;
    } else {
      c.to = t;
      if (!to(s, c)) return;
    }
    this.addRow(s, c, out, kind, site, t, type);
  }

  /** Adds the step from `site` to `t` (allowed): it takes the piece on `t`, or on the site `captures` names. */
  private addRow(s: State, c: Ctx, out: MoveBuffer, kind: number, site: number, t: number, type: number): void {
    const owner = s.owner;
    // The whole pile travels: the move's count is its height.
    const row = out.add(this.id, kind, site, t, this.o.takeTop ? 1 : s.height[site]!, type);
    if (owner[t] !== EMPTY) {
      if (!this.o.stacks) out.setCapture(row, t);
    } else if (this.captures !== null) {
      c.from = site;
      c.to = t;
      const taken = this.captures(s, c);
      if (taken >= 0 && owner[taken] !== EMPTY) out.setCapture(row, taken);
    }
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const from = buf.from[row]!, to = buf.to[row]!;
    applyCtx(s, c, from, to);
    if (s.owner[to] !== EMPTY) {
      const hit = this.o.hit;
      if (hit !== undefined) for (const e of hit) e(s, c);
      if (s.owner[to] !== EMPTY && !this.o.stacks) s.clear(to);
    } else if (buf.capLen[row]) s.clear(buf.pool[buf.capStart[row]!]!);
    if (this.o.takeTop && s.height[from]! > 1) {
      // The top piece alone leaves the pile (a mixed stack's top level); the flags stay with the pile.
      c.count = 1;
      s.addPieces(to, s.owner[from]!, s.piece[from]!, 1);
      s.takePieces(from, 1);
    } else if (s.owner[to] !== EMPTY) {
      // Onto pieces that stay (capture:none, mixed stacks): the stack goes on top, level by level.
      const L = s.levels, base = from * L, h = s.height[from]!;
      for (let k = 0; k < h; k++) s.addPieces(to, s.levelOwner[base + k]!, s.levelPiece[base + k]!, 1);
      s.takePieces(from, h);
    } else s.relocate(from, to);
    for (const e of this.o.then) e(s, c);
  }

  /** `from-to`, or `fromxto` when the step captures by replacement. */
  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels;
    return `${l[buf.from[row]!]}${buf.capLen[row] ? "x" : "-"}${l[buf.to[row]!]}`;
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const l = this.o.topology.labels;
    const out: PrimitiveAction[] = buf.capLen[row] ? [{ op: "remove", at: l[buf.pool[buf.capStart[row]!]!]! }] : [];
    out.push({ op: "move", from: l[buf.from[row]!]!, to: l[buf.to[row]!]! });
    return [...out, ...this.o.describeThen(s, rowCtx(buf, row, s))];
  }
}

/** A rule context describing move `row` of `buf` about to be made by the player to act in `s`. */
export function rowCtx(buf: MoveBuffer, row: number, s: State): Ctx {
  const c = newCtx();
  c.player = s.mover;
  c.from = buf.from[row]!;
  c.to = buf.to[row]!;
  c.piece = buf.piece[row]!;
  // The moving pile, as the move's own context has it when it is made (applyCtx): `(count)`, `self`'s flags.
  if (c.from >= 0) {
    c.count = s.height[c.from]!;
    c.selfFlags = s.flags[c.from]!;
  }
  return c;
}

export type ChainRule = "none" | "must" | "may";

/**
 * A jump over an adjacent site to the next site on the same line, capturing what it jumps.
 * With a chain rule the same piece jumps again from its landing: `must` continues while any jump
 * is possible (only complete chains are moves), `may` makes every prefix a move too. During a
 * chain the jumper is lifted off its origin and each jumped piece is removed at once, so a piece is
 * never jumped twice and the origin may be crossed.
 */
export class JumpGenerator implements LeafGenerator {
  id = -1;
  rule = "";
  private readonly adj: Adjacency[];
  private readonly adjOnward: LastMoveAdjacency | null;
  /** The table of the generation under way (the player's, or the last move's direction). */
  private current: Adjacency;
  private readonly path: Int32Array;
  private readonly caps: Int32Array;
  // Saved contents of jumped sites, restored when the search backs up.
  private readonly savedOwner: Int8Array;
  private readonly savedPiece: Int8Array;
  private readonly savedHeight: Int32Array;
  private readonly savedFlags: Uint16Array;

  constructor(
    private readonly o: PieceMoveOptions,
    /** Condition on the jumped site (c.over) and landing (c.to). */
    private readonly over: Pred,
    /** Condition on the landing site; null: it must be empty. */
    private readonly land: Pred | null,
    private readonly chain: ChainRule,
  ) {
    const n = o.topology.n;
    this.adj = o.dirs.map((dirs) => adjacency(o.topology, dirs, 2));
    this.adjOnward = onwardAdjacency(o, 2);
    this.current = adjacency(o.topology, new Int32Array(0), 2);
    this.path = new Int32Array(n + 1);
    this.caps = new Int32Array(n + 1);
    this.savedOwner = new Int8Array(n + 1);
    this.savedPiece = new Int8Array(n + 1);
    this.savedHeight = new Int32Array(n + 1);
    this.savedFlags = new Uint16Array(n + 1);
  }

  /**
   * Whether the mover has a jump, stopping at the first (what `no-moves` asks after every
   * decision): a first jump, tested as search tests it, is a move or begins one.
   */
  any(s: State, c: Ctx): boolean {
    const { start, first: overs, second: lands } = adjacencyNow(this.adj, this.adjOnward, s, c.player);
    const n = this.o.topology.n, owner = s.owner, p = c.player;
    const onlyType = this.o.onlyType ?? -1;
    for (let last = originEnd(this.o.origin, s, n), site = nextOwned(onlyType, s, p, originStart(this.o.origin, s), last); site < last; site = nextOwned(onlyType, s, p, site + 1, last)) {
      if (owner[site] !== p || !canMove(this.o, s, c, site)) continue;
      for (let k = start[site]!, end = start[site + 1]!; k < end; k++) {
        const over = overs[k]!, land = lands[k]!;
        if (owner[over] === EMPTY) continue;
        if (this.land === null && owner[land] !== EMPTY && land !== site) continue;
        c.over = over;
        c.to = land;
        if (this.over(s, c) && (this.land === null || this.land(s, c))) return true;
      }
    }
    return false;
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const n = this.o.topology.n, owner = s.owner;
    const p = c.player;
    this.current = adjacencyNow(this.adj, this.adjOnward, s, p);
    this.steps = 0;
    const onlyType = this.o.onlyType ?? -1;
    for (let last = originEnd(this.o.origin, s, n), site = nextOwned(onlyType, s, c.player, originStart(this.o.origin, s), last); site < last && !out.overflow; site = nextOwned(onlyType, s, c.player, site + 1, last)) {
      if (owner[site] !== p || !canMove(this.o, s, c, site)) continue;
      const type = c.piece;
      try {
        this.search(s, c, out, site, site, 0);
      } catch (e) {
        // A condition stopped play (a play limit): the pieces lifted for the chain go back first.
        for (let d = this.jumpedNow - 1; d >= 0; d--) this.restoreJumped(s, this.caps[d]!, d);
        if (this.lifted) this.putBack(s, site, p, type);
        throw e;
      }
      if (this.lifted) this.putBack(s, site, p, type);
    }
  }

  /**
   * A jump without chains as code (see MoveSource.compile): each piece's jumps listed in one loop,
   * the conditions inlined. Chains (`must`, `may`) keep the closures' search.
   */
  compile(e: Emitter): CompiledSource | null {
    if (this.chain !== "none") return null;
    const o = this.o;
    // The origin counts as empty: the jumper has left it.
    const open = this.land === null ? `(owner[land] === ${EMPTY} || land === site)` : "true";
    const sites = { from: "site", over: "over", to: "land" };
    const land = this.land === null ? "" : `if (!${e.cond(this.land, "a jump's landing condition", sites)}) continue;\n`;
    const path = e.ref(this.path, "path"), caps = e.ref(this.caps, "caps");
    const generate = e.build<MoveSource["generate"]>(`${this.constructor.name}_generate`, "s, c, out",
      `const owner = s.owner, p = c.player;
${adjacencyNowSource(e, this.adj, this.adjOnward)}
${originLoop(
  e,
  o,
  `for (let k = start[site], end = start[site + 1]; k < end; k++) {
const over = first[k];
if (owner[over] === ${EMPTY}) continue;
const land = second[k];
if (!${open}) continue;
${e.set("over", "over")};
${e.set("to", "land")};
if (!${e.cond(this.over, "a jump's over: condition", sites)}) continue;
${land}${path}[0] = land;
${caps}[0] = over;
out.addChain(${e.int(this.id)}, ${e.int(o.kind)}, site, ${path}, ${caps}, 1, type);
}`,
  "out.overflow",
)}`,
    );
    return { generate };
  }

  /** Jumped pieces lifted off the board by the chain being searched (caps[0 .. jumpedNow)). */
  private jumpedNow = 0;

  /** Jumps tried by this generation, bounded by MAX_SEARCH_STEPS (chains can branch without end). */
  private steps = 0;

  // The jumper is lifted off its origin (raw writes, restored before generate returns, invisible
  // outside) only once a chain goes on past its first jump: most pieces have no jump at all.
  private lifted = false;
  private liftedHeight = 0;
  private liftedFlags = 0;

  private lift(s: State, site: number): void {
    this.lifted = true;
    this.liftedHeight = s.height[site]!;
    this.liftedFlags = s.flags[site]!;
    // Written past the board primitives: the board key is to be recomputed.
    s.boardKey[2] = 1;
    s.owner[site] = EMPTY;
    s.piece[site] = EMPTY;
  }

  private putBack(s: State, site: number, owner: number, type: number): void {
    this.lifted = false;
    s.owner[site] = owner;
    s.piece[site] = type;
    s.height[site] = this.liftedHeight;
    s.flags[site] = this.liftedFlags;
  }

  /** Depth-first search of jumps from `at`; returns whether any jump was possible there. */
  private search(s: State, c: Ctx, out: MoveBuffer, origin: number, at: number, depth: number): boolean {
    const kind = this.o.kind;
    const { start, first: overs, second: lands } = this.current;
    const owner = s.owner;
    let found = false;
    // Past a limit the search backs out at once, putting back every piece it lifted; the caller
    // reports the overflow. `true` keeps an unfinished `must` chain from being listed as a move.
    if (out.overflow) return true;
    if (++this.steps > MAX_SEARCH_STEPS) {
      out.markOverflow("search", this.id);
      return true;
    }
    for (let k = start[at]!, end = start[at + 1]!; k < end; k++) {
      const over = overs[k]!;
      if (owner[over] === EMPTY) continue;
      const land = lands[k]!;
      // The cheap inline test first: most candidate jumps fail on an occupied landing. The origin
      // counts as empty: the jumper has left it.
      if (this.land === null && owner[land] !== EMPTY && land !== origin) continue;
      c.over = over;
      c.to = land;
      if (!this.over(s, c)) continue;
      if (this.land !== null && !this.land(s, c)) continue;
      found = true;
      this.path[depth] = land;
      this.caps[depth] = over;
      if (this.chain === "none") {
        out.addChain(this.id, kind, origin, this.path, this.caps, depth + 1, c.piece);
        continue;
      }
      if (this.chain === "may") out.addChain(this.id, kind, origin, this.path, this.caps, depth + 1, c.piece);
      if (!this.lifted) this.lift(s, origin);
      this.liftJumped(s, over, depth);
      const more = this.search(s, c, out, origin, land, depth + 1);
      this.restoreJumped(s, over, depth);
      if (!more && this.chain === "must") out.addChain(this.id, kind, origin, this.path, this.caps, depth + 1, c.piece);
    }
    return found;
  }

  private liftJumped(s: State, site: number, depth: number): void {
    this.savedOwner[depth] = s.owner[site]!;
    this.savedPiece[depth] = s.piece[site]!;
    this.savedHeight[depth] = s.height[site]!;
    this.savedFlags[depth] = s.flags[site]!;
    s.owner[site] = EMPTY;
    s.piece[site] = EMPTY;
    this.jumpedNow = depth + 1;
  }

  private restoreJumped(s: State, site: number, depth: number): void {
    this.jumpedNow = depth;
    s.owner[site] = this.savedOwner[depth]!;
    s.piece[site] = this.savedPiece[depth]!;
    s.height[site] = this.savedHeight[depth]!;
    s.flags[site] = this.savedFlags[depth]!;
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const from = buf.from[row]!, to = buf.to[row]!;
    applyCtx(s, c, from, to);
    const cs = buf.capStart[row]!, cl = buf.capLen[row]!;
    for (let j = 0; j < cl; j++) s.clear(buf.pool[cs + j]!);
    if (from !== to) s.relocate(from, to);
    for (const e of this.o.then) e(s, c);
  }

  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels;
    let text = l[buf.from[row]!]!;
    const ps = buf.pathStart[row]!, pl = buf.pathLen[row]!;
    for (let j = 0; j < pl; j++) text += "x" + l[buf.pool[ps + j]!];
    return text;
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const l = this.o.topology.labels;
    const out: PrimitiveAction[] = [];
    const cs = buf.capStart[row]!, cl = buf.capLen[row]!;
    for (let j = 0; j < cl; j++) out.push({ op: "remove", at: l[buf.pool[cs + j]!]! });
    out.push({ op: "move", from: l[buf.from[row]!]!, to: l[buf.to[row]!]! });
    return [...out, ...this.o.describeThen(s, rowCtx(buf, row, s))];
  }
}

/**
 * A capture by jumping exactly `screens` pieces (of anyone, any state, unless a condition on them
 * says otherwise) along a line, with any number of empty sites before, between and after them, up
 * to a range; the target is the first piece beyond the last screen and the jumper lands on its site
 * (a xiangqi/banqi cannon; a janggi cannon, which neither jumps nor takes a cannon). Notation `fromxto`.
 */
export class ScreenJumpGenerator implements LeafGenerator {
  id = -1;
  rule = "";
  /** The screens of the line being looked at, by generation and by the attack test (which a condition may ask meanwhile). */
  private readonly screenSites: Int32Array;
  private readonly backScreens: Int32Array;

  constructor(
    private readonly o: PieceMoveOptions,
    private readonly screens: number,
    /** Condition on the target (c.to, with c.over the last screen). */
    private readonly target: Pred,
    /** Condition on each screen (c.over, with c.to the target), null: any piece. */
    private readonly over: Pred | null = null,
    /** Farthest distance of the target, in sites. */
    private readonly range: number = o.topology.n,
  ) {
    this.screenSites = new Int32Array(screens);
    this.backScreens = new Int32Array(screens);
  }

  /** Whether the screens (nearest the jumper first) and the target `t` pass the conditions (c.from set). */
  private accepts(s: State, c: Ctx, screens: Int32Array, t: number): boolean {
    c.to = t;
    if (this.over !== null) {
      for (let i = 0; i < this.screens; i++) {
        c.over = screens[i]!;
        if (!this.over(s, c)) return false;
      }
    }
    c.over = screens[this.screens - 1]!;
    c.to = t;
    return this.target(s, c);
  }

  /**
   * For the attack test: walking back from `target` along each direction, past `screens` pieces,
   * the next piece is the only one that could jump onto it that way.
   */
  lands(s: State, c: Ctx, target: number): boolean {
    const { topology } = this.o;
    const n = topology.n, step = topology.step, opposite = topology.opposite, owner = s.owner, p = c.player;
    const dirs = directionsNow(this.o, s, p);
    const lo = originStart(this.o.origin, s), hi = originEnd(this.o.origin, s, n);
    for (let k = 0; k < dirs.length; k++) {
      const d = dirs[k]!, back = opposite[d]!;
      if (back < 0) return generatesOnto(this, s, c, target);
      let passed = 0;
      for (let x = step[back * n + target]!, dist = 1; x >= 0 && dist <= this.range; x = step[back * n + x]!, dist++) {
        if (owner[x] === EMPTY) continue;
        if (passed < this.screens) {
          // Walking back, the screens come last first.
          this.backScreens[this.screens - 1 - passed++] = x;
          continue;
        }
        if (owner[x] === p && x >= lo && x < hi && canMove(this.o, s, c, x) && this.accepts(s, c, this.backScreens, target)) return true;
        break;
      }
    }
    return false;
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const { topology, kind } = this.o;
    const n = topology.n, step = topology.step, owner = s.owner;
    const p = c.player;
    const dirs = directionsNow(this.o, s, p);
    const onlyType = this.o.onlyType ?? -1;
    for (let last = originEnd(this.o.origin, s, n), site = nextOwned(onlyType, s, c.player, originStart(this.o.origin, s), last); site < last; site = nextOwned(onlyType, s, c.player, site + 1, last)) {
      if (owner[site] !== p || !canMove(this.o, s, c, site)) continue;
      const type = c.piece;
      for (let k = 0; k < dirs.length; k++) {
        const d = dirs[k]!;
        let passed = 0;
        for (let t = step[d * n + site]!, dist = 1; t >= 0 && dist <= this.range; t = step[d * n + t]!, dist++) {
          if (owner[t] === EMPTY) continue;
          if (passed < this.screens) {
            this.screenSites[passed++] = t;
            continue;
          }
          if (this.accepts(s, c, this.screenSites, t)) out.setCapture(out.add(this.id, kind, site, t, s.height[site]!, type), t);
          break;
        }
      }
    }
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const from = buf.from[row]!, to = buf.to[row]!;
    applyCtx(s, c, from, to);
    s.clear(to);
    s.relocate(from, to);
    for (const e of this.o.then) e(s, c);
  }

  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels;
    return `${l[buf.from[row]!]}x${l[buf.to[row]!]}`;
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const l = this.o.topology.labels;
    return [{ op: "remove", at: l[buf.to[row]!]! }, { op: "move", from: l[buf.from[row]!]!, to: l[buf.to[row]!]! }, ...this.o.describeThen(s, rowCtx(buf, row, s))];
  }
}

/** The first source that yields any move wins; later ones are not consulted (compulsory capture). */
export class PrioritySource implements MoveSource {
  /** Sampling can succeed only when the first tier samples (otherwise it would always give up). */
  readonly canSample: boolean;
  readonly parts: readonly MoveSource[];
  constructor(private readonly tiers: MoveSource[]) {
    this.canSample = tiers[0] !== undefined && sampleable(tiers[0]);
    this.parts = tiers;
  }
  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const start = out.size;
    for (const t of this.tiers) {
      t.generate(s, c, out);
      if (out.size > start) return;
    }
  }

  any(s: State, c: Ctx): boolean {
    for (const t of this.tiers) if (anyMove(t, s, c)) return true;
    return false;
  }

  compile(e: Emitter): CompiledSource {
    const tiers = this.tiers;
    const generate = e.build<MoveSource["generate"]>(`${this.constructor.name}_generate`, "s, c, out", `const start = out.size;\n${tiers.map((t) => `${generateCall(e, t)};\nif (out.size > start) return;`).join("\n")}`);
    const any = e.build<NonNullable<MoveSource["any"]>>(`${this.constructor.name}_any`, "s, c", `return ${tiers.map((t) => anyCall(e, t)).join(" || ") || "false"};`);
    const parts: CompiledSource = { generate, any };
    if (this.sample === PrioritySource.prototype.sample) {
      // Tiers in order until one that has a move; at the first that cannot sample, UNKNOWN.
      let body = "let r;\n";
      for (const t of tiers) {
        if (!t.sample) {
          body += `return ${UNKNOWN};\n`;
          break;
        }
        body += `r = ${e.ref(t, "part")}.sample(s, c, out);\nif (r !== ${NONE}) return r;\n`;
      }
      if (tiers.every((t) => t.sample)) body += `return ${NONE};`;
      parts.sample = e.build<NonNullable<MoveSource["sample"]>>(`${this.constructor.name}_sample`, "s, c, out", body);
    }
    return parts;
  }

  /** The first tier with a move decides; a tier that cannot tell whether it has one stops sampling. */
  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    for (const t of this.tiers) {
      if (!t.sample) return UNKNOWN;
      const r = t.sample(s, c, out);
      if (r !== NONE) return r;
    }
    return NONE;
  }
}

/** The moves of one source or another, by a condition on the state (a phase, a continuation). */
export class BranchSource implements MoveSource {
  readonly canSample: boolean;
  constructor(
    private readonly cond: Pred,
    private readonly yes: MoveSource,
    private readonly no: MoveSource,
  ) {
    // One sampleable branch is enough: the other answers UNKNOWN and the caller generates.
    this.canSample = sampleable(yes) || sampleable(no);
    this.parts = [yes, no];
  }
  readonly parts: readonly MoveSource[];
  generate(s: State, c: Ctx, out: MoveBuffer): void {
    (this.cond(s, c) ? this.yes : this.no).generate(s, c, out);
  }
  compile(e: Emitter): CompiledSource {
    const test = () => e.cond(this.cond, "a branch's condition");
    const { yes, no } = this;
    return {
      generate: e.build<MoveSource["generate"]>(`${this.constructor.name}_generate`, "s, c, out", `if (${test()}) ${generateCall(e, yes)};\nelse ${generateCall(e, no)};`),
      any: e.build<NonNullable<MoveSource["any"]>>(`${this.constructor.name}_any`, "s, c", `return ${test()} ? ${anyCall(e, yes)} : ${anyCall(e, no)};`),
      sample: e.build<NonNullable<MoveSource["sample"]>>(`${this.constructor.name}_sample`, "s, c, out", `return ${test()} ? ${sampleCall(e, yes)} : ${sampleCall(e, no)};`),
    };
  }
  any(s: State, c: Ctx): boolean {
    return anyMove(this.cond(s, c) ? this.yes : this.no, s, c);
  }
  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    const source = this.cond(s, c) ? this.yes : this.no;
    return source.sample && sampleable(source) ? source.sample(s, c, out) : UNKNOWN;
  }
}

function sampleable(m: MoveSource): boolean {
  return m.sample !== undefined && (m as { canSample?: boolean }).canSample !== false;
}

/*
 * Combinators as code: each part called from a call site of its own, so that every call sees one
 * function (a part's compiled code, or its class's method) and can be inlined, where one loop over
 * the parts would call many (each compiled rule is a function of its own) and inline none.
 */

/** `part.generate(s, c, out)` from a call site of its own. */
function generateCall(e: Emitter, part: MoveSource): string {
  return `${e.ref(part, "part")}.generate(s, c, out)`;
}

/** Whether `part` has a move, as anyMove asks it. */
function anyCall(e: Emitter, part: MoveSource): string {
  return part.any ? `${e.ref(part, "part")}.any(s, c)` : `${e.ref(anyMove, "anyMove")}(${e.ref(part, "part")}, s, c)`;
}

/** A sample of `part`, as BranchSource.sample asks it: UNKNOWN where it cannot sample. */
function sampleCall(e: Emitter, part: MoveSource): string {
  return sampleable(part) ? `${e.ref(part, "part")}.sample(s, c, out)` : String(UNKNOWN);
}

/**
 * All moves of every source. Where some of the sources are filters (`keep`), a random playout need
 * not test every move of theirs: `sample` draws among the slots of all the sources (see SlotDraw).
 * Without filters the caller lists the moves (the draw would cost as much), as before.
 *
 * Sources that make the same moves where they overlap (`sameAs`: the same rule but for where it may
 * be made, e.g. drops on each side of a board, which share the corners) list such a move once, so
 * random play does not pick it twice as often: a move of a later source equal to one an earlier
 * source of its group listed (kind, sites, piece, path and captures) is left out.
 */
export class UnionSource implements MoveSource {
  readonly canSample: boolean;
  private readonly draw: SlotDraw;
  /** Per part: the first part of its group of sources making the same moves, or -1 (none before it). */
  private readonly sameAs: Int32Array | null;
  /**
   * Per part: the rows it listed (start, end), for the parts after it to compare with; one table per
   * generation under way (a part's condition may list these moves again, into another buffer).
   */
  private readonly listed: Int32Array[] = [];
  private depth = 0;

  constructor(readonly parts: MoveSource[], sameAs: readonly number[] = []) {
    this.sameAs = sameAs.some((k) => k >= 0) ? Int32Array.from(parts, (_, i) => sameAs[i] ?? -1) : null;
    // A draw among slots would count a shared move once per source.
    this.canSample = this.sameAs === null && parts.some(isFilter);
    this.draw = new SlotDraw(parts);
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    if (this.sameAs !== null) return this.generateOnce(s, c, out);
    for (const p of this.parts) p.generate(s, c, out);
  }

  /** Every part's moves, a move already listed by an earlier part of its group left out. */
  generateOnce(s: State, c: Ctx, out: MoveBuffer): void {
    const listed = (this.listed[this.depth] ??= new Int32Array(2 * this.parts.length));
    this.depth++;
    try {
      this.listParts(s, c, out, listed);
    } finally {
      this.depth--;
    }
  }

  private listParts(s: State, c: Ctx, out: MoveBuffer, listed: Int32Array): void {
    const { parts, sameAs } = this;
    for (let i = 0; i < parts.length; i++) {
      const start = out.size;
      parts[i]!.generate(s, c, out);
      const group = sameAs![i]!;
      if (group >= 0 && !out.overflow) {
        let kept = start;
        for (let row = start; row < out.size; row++) {
          if (this.listedBefore(out, listed, row, group, i)) continue;
          if (kept !== row) out.copyRow(kept, row);
          kept++;
        }
        out.size = kept;
      }
      listed[2 * i] = start;
      listed[2 * i + 1] = out.size;
    }
  }

  /** Whether a part from `first` to before `part`, of the group that begins at `first`, listed `row`'s move. */
  private listedBefore(out: MoveBuffer, listed: Int32Array, row: number, first: number, part: number): boolean {
    const sameAs = this.sameAs;
    for (let j = first; j < part; j++) {
      if (j !== first && sameAs![j] !== first) continue;
      for (let r = listed[2 * j]!, end = listed[2 * j + 1]!; r < end; r++) if (out.sameMove(r, row)) return true;
    }
    return false;
  }

  compile(e: Emitter): CompiledSource {
    const generate = this.sameAs !== null
      ? `${e.ref(this, "union")}.generateOnce(s, c, out);`
      : this.parts.map((p) => `${generateCall(e, p)};`).join("\n");
    return {
      generate: e.build<MoveSource["generate"]>(`${this.constructor.name}_generate`, "s, c, out", generate),
      any: e.build<NonNullable<MoveSource["any"]>>(`${this.constructor.name}_any`, "s, c", `return ${this.parts.map((p) => anyCall(e, p)).join(" || ") || "false"};`),
    };
  }

  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    return this.canSample ? this.draw.sample(s, c, out) : UNKNOWN;
  }

  any(s: State, c: Ctx): boolean {
    for (const p of this.parts) if (anyMove(p, s, c)) return true;
    return false;
  }
}
