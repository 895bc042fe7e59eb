/**
 * A leap: a piece goes to the site at the end of a fixed path of single steps from it (a knight's
 * two north and one east), over whatever stands between unless a condition on the sites passed
 * (`through`) blocks it -- the Xiangqi horse's leg, the elephant's eye. Landing, capture by
 * replacement, consequences, notation and description are a step's (the generator extends
 * StepGenerator); only which destinations exist, and when, differs.
 *
 * Everything about the geometry is worked out once, when the game is compiled: per seat (paths
 * may be player-relative), per origin, the distinct destinations and, for each, the paths that
 * reach it as lists of the sites passed. Generating reads these flat tables and allocates nothing.
 */
import type { MoveBuffer } from "./moves.js";
import { nextInt } from "../state/rng.js";
import { NONE, SAMPLED, UNKNOWN, type Ctx, type Pred, type SampleResult } from "../play/rules.js";
import { EMPTY, type State } from "../state/state.js";
import type { Topology } from "../board/topology.js";
import { canMove, LAST_TO, nextOwned, originEnd, originStart, StepGenerator, type PieceMoveOptions } from "./generators.js";
import type { Emitter } from "../compiled/emitter.js";
import { originLoop, perSeat } from "../compiled/pieces.js";
import type { CompiledSource, MoveSource } from "../play/rules.js";

/** Random (origin, destination slot) pairs `sample` tries before leaving the choice to full generation. */
const SAMPLE_TRIES = 16;

/**
 * The leaps of one seat, as nested ranges of flat arrays:
 * - origin o's destinations are `dest[destStart[o] .. destStart[o+1]-1]` (each site once);
 * - destination entry k is reached by the paths `pathStart[k] .. pathStart[k+1]-1`;
 * - path j passes the sites `mids[midStart[j] .. midStart[j+1]-1]` (its origin and destination
 *   not included; an empty range: nothing in between can block it);
 * - target t is reached from the origins `from[fromStart[t] .. fromStart[t+1]-1]` (the reverse).
 */
interface LeapTable {
  destStart: Int32Array;
  dest: Int32Array;
  pathStart: Int32Array;
  midStart: Int32Array;
  mids: Int32Array;
  fromStart: Int32Array;
  from: Int32Array;
  /** The most destinations any origin has: the slots `sample` draws from. */
  maxDests: number;
}

/**
 * The table of a list of paths (direction ids) on a board. A path that leaves the board is
 * dropped at that origin; one that ends on its origin is no move; the origin counts as passed
 * over freely (the piece has left it). When one path to a destination passes nothing, the others
 * to it are dropped (it is always open).
 */
function leapTable(topo: Topology, paths: number[][]): LeapTable {
  const n = topo.n, step = topo.step;
  const destStart = new Int32Array(n + 1);
  const dest: number[] = [], pathStart: number[] = [], midStart: number[] = [], mids: number[] = [];
  let maxDests = 0;
  for (let o = 0; o < n; o++) {
    destStart[o] = dest.length;
    // Destination -> its distinct paths (lists of the sites passed), in the order paths reach it.
    const reached = new Map<number, Map<string, number[]>>();
    for (const path of paths) {
      let at = o;
      const passed: number[] = [];
      for (let j = 0; j < path.length && at >= 0; j++) {
        at = step[path[j]! * n + at]!;
        if (at >= 0 && j < path.length - 1 && at !== o) passed.push(at);
      }
      if (at < 0 || at === o) continue;
      let ways = reached.get(at);
      if (!ways) reached.set(at, (ways = new Map()));
      ways.set(passed.join(","), passed);
    }
    for (const [t, ways] of reached) {
      pathStart.push(midStart.length);
      dest.push(t);
      const list = [...ways.values()];
      for (const passed of list.some((p) => p.length === 0) ? [[]] : list) {
        midStart.push(mids.length);
        mids.push(...passed);
      }
    }
    maxDests = Math.max(maxDests, reached.size);
  }
  destStart[n] = dest.length;
  pathStart.push(midStart.length);
  midStart.push(mids.length);
  const { fromStart, from } = reverse(n, destStart, dest);
  return {
    destStart,
    dest: Int32Array.from(dest),
    pathStart: Int32Array.from(pathStart),
    midStart: Int32Array.from(midStart),
    mids: Int32Array.from(mids),
    fromStart,
    from,
    maxDests,
  };
}

/** For each target, the origins that have it among their destinations (in increasing order). */
function reverse(n: number, destStart: Int32Array, dest: number[]): { fromStart: Int32Array; from: Int32Array } {
  const fromStart = new Int32Array(n + 1);
  for (const t of dest) fromStart[t + 1]!++;
  for (let t = 0; t < n; t++) fromStart[t + 1]! += fromStart[t]!;
  const from = new Int32Array(dest.length);
  const fill = fromStart.slice(0, n);
  for (let o = 0; o < n; o++) for (let k = destStart[o]!; k < destStart[o + 1]!; k++) from[fill[dest[k]!]!++] = o;
  return { fromStart, from };
}

export interface LeapRules {
  /** Condition on every site passed (c.site, with c.from and c.to), null: any site. */
  through: Pred | null;
  /** The condition is `(empty site)`: tested inline. */
  throughEmpty: boolean;
}

/** A leap along fixed paths of steps; by default the destination must be empty. */
export class LeapGenerator extends StepGenerator {
  /** Per seat; seats with the same paths share one table. */
  private readonly tables: LeapTable[];
  /** `originsOf` answers, made on first use per seat and target so that asking again allocates nothing. */
  private readonly originViews: (Int32Array | undefined)[][];

  constructor(
    o: PieceMoveOptions,
    /** Per seat, the paths as direction ids (turned and mirrored already, when they should be). */
    paths: number[][][],
    /** Condition on the destination (c.to), null: it must be empty. */
    to: Pred | null,
    private readonly rules: LeapRules,
  ) {
    super(o, to);
    const made = new Map<string, LeapTable>();
    this.tables = paths.map((list) => {
      const key = list.map((p) => p.join(",")).join(";");
      let table = made.get(key);
      if (!table) made.set(key, (table = leapTable(o.topology, list)));
      return table;
    });
    this.originViews = paths.map(() => []);
  }

  override generate(s: State, c: Ctx, out: MoveBuffer): void {
    const kind = this.o.kind, n = this.o.topology.n, owner = s.owner, p = c.player;
    const { destStart, dest } = this.tables[p]!;
    const onlyType = this.o.onlyType ?? -1;
    for (let last = originEnd(this.o.origin, s, n), site = nextOwned(onlyType, s, c.player, originStart(this.o.origin, s), last); site < last; site = nextOwned(onlyType, s, c.player, site + 1, last)) {
      if (owner[site] !== p || !canMove(this.o, s, c, site)) continue;
      const type = c.piece;
      for (let k = destStart[site]!, end = destStart[site + 1]!; k < end; k++) {
        if (this.open(s, c, p, k)) this.add(s, out, kind, site, dest[k]!, type);
      }
    }
  }

  /**
   * generate as code (see MoveSource.compile): the destination and path conditions inlined, the
   * seat's table fixed where every seat has the same. `sample` keeps its closures.
   */
  override compile(e: Emitter): CompiledSource {
    const o = this.o, to = this.to, { through, throughEmpty } = this.rules;
    const table = perSeat(e, this.tables, "leaps");
    const open = to === null ? `owner[t] === ${EMPTY}` : e.cond(to, "a leap's to: condition", { from: "site", to: "t" });
    // Some path to the destination passes only sites the condition allows (see open()).
    const path =
      through === null
        ? ""
        : `let clear = false;
for (let j = pathStart[k], lastPath = pathStart[k + 1]; j < lastPath && !clear; j++) {
clear = true;
for (let m = midStart[j], end2 = midStart[j + 1]; m < end2 && clear; m++) {
${throughEmpty ? `clear = owner[mids[m]] === ${EMPTY};` : `const mid = mids[m];\n${e.set("site", "mid")};\nclear = ${e.cond(through, "a leap's through: condition", { from: "site", to: "t", site: "mid" })};`}
}
}
if (!clear) continue;
`;
    const body = `const owner = s.owner, p = c.player;
const table = ${table};
const destStart = table.destStart, dest = table.dest, pathStart = table.pathStart, midStart = table.midStart, mids = table.mids;
${originLoop(
  e,
  o,
  `for (let k = destStart[site], end = destStart[site + 1]; k < end; k++) {
const t = dest[k];
${e.set("to", "t")};
if (!(${open})) continue;
${path}const row = out.add(${e.int(this.id)}, ${e.int(o.kind)}, site, t, 1, type);
if (owner[t] !== ${EMPTY}) out.setCapture(row, t);
}`,
)}`;
    return { generate: e.build<MoveSource["generate"]>(`${this.constructor.name}_generate`, "s, c, out", body) };
  }

  /**
   * A uniformly random leap: the mover's movable pieces are listed, then random (piece,
   * destination slot) pairs are drawn until one is a legal leap. Each legal move is exactly one
   * such pair (destinations are distinct per origin, however many paths reach them), so every
   * legal move is equally likely. When the tries run out the caller generates every move instead.
   */
  override sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    const n = this.o.topology.n, owner = s.owner, p = c.player, origins = this.origins;
    const { destStart, dest, maxDests } = this.tables[p]!;
    let k = 0;
    const onlyType = this.o.onlyType ?? -1;
    for (let last = originEnd(this.o.origin, s, n), site = nextOwned(onlyType, s, c.player, originStart(this.o.origin, s), last); site < last; site = nextOwned(onlyType, s, c.player, site + 1, last)) {
      if (owner[site] === p && canMove(this.o, s, c, site)) origins[k++] = site;
    }
    if (k === 0 || maxDests === 0) return NONE;
    for (let tries = 0; tries < SAMPLE_TRIES; tries++) {
      const site = origins[k === 1 ? 0 : nextInt(s.rng, k)]!;
      const slot = nextInt(s.rng, maxDests);
      if (slot >= destStart[site + 1]! - destStart[site]!) continue;
      // The listing above left the context on the last piece listed: set it for this one.
      if (!canMove(this.o, s, c, site)) continue;
      const entry = destStart[site]! + slot;
      if (!this.open(s, c, p, entry)) continue;
      this.add(s, out, this.o.kind, site, dest[entry]!, c.piece);
      return SAMPLED;
    }
    return UNKNOWN;
  }

  /**
   * Whether `generate` would make the leap from `from` to `to` for player c.player: the piece and
   * its origin, the destination condition and an open path, all as the generator itself judges
   * them (for an attack test that looks back from a target through `originsOf`). Sets c.
   */
  reaches(s: State, c: Ctx, from: number, to: number): boolean {
    const p = c.player;
    if (s.owner[from] !== p || (this.o.origin === LAST_TO && from !== s.lastTo)) return false;
    const { destStart, dest } = this.tables[p]!;
    for (let k = destStart[from]!, end = destStart[from + 1]!; k < end; k++) {
      if (dest[k] === to) return canMove(this.o, s, c, from) && this.open(s, c, p, k);
    }
    return false;
  }

  /** For the attack test: whether a leap of `c.player` could end on the occupied `target`, tried from each origin that could reach it. */
  override lands(s: State, c: Ctx, target: number): boolean {
    if (this.to === null) return false;
    const origins = this.originsOf(target, c.player);
    for (let i = 0; i < origins.length; i++) if (this.reaches(s, c, origins[i]!, target)) return true;
    return false;
  }

  /**
   * The sites from which a leap of `player` could land on `target`, whatever stands on the board:
   * the candidates `reaches` then confirms. A view of the table, not a copy; do not write to it.
   */
  originsOf(target: number, player: number): Int32Array {
    const views = this.originViews[player]!;
    let view = views[target];
    if (!view) {
      const { fromStart, from } = this.tables[player]!;
      views[target] = view = from.subarray(fromStart[target]!, fromStart[target + 1]!);
    }
    return view;
  }

  /** Whether destination entry k of seat p's table may be landed on now: `to:`, then any path open. */
  private open(s: State, c: Ctx, p: number, k: number): boolean {
    const { dest, pathStart, midStart, mids } = this.tables[p]!;
    const t = dest[k]!;
    c.to = t;
    if (this.to === null ? s.owner[t] !== EMPTY : !this.to(s, c)) return false;
    const { through, throughEmpty } = this.rules;
    if (through === null) return true;
    const owner = s.owner;
    for (let j = pathStart[k]!, last = pathStart[k + 1]!; j < last; j++) {
      let open = true;
      for (let m = midStart[j]!, end = midStart[j + 1]!; m < end && open; m++) {
        const site = mids[m]!;
        if (throughEmpty) open = owner[site] === EMPTY;
        else {
          c.site = site;
          open = through(s, c);
        }
      }
      if (open) return true;
    }
    return false;
  }

  /** Adds the leap; landing on a piece captures it (the destination condition allowed it). */
  private add(s: State, out: MoveBuffer, kind: number, from: number, to: number, type: number): void {
    const row = out.add(this.id, kind, from, to, 1, type);
    if (s.owner[to] !== EMPTY) out.setCapture(row, to);
  }
}
