/**
 * A move along a line of exactly as many sites as there are pieces on that whole line (Lines of
 * Action's move), both ways from the piece and the piece itself included.
 */
import { EMPTY, type State } from "../state/state.js";
import type { Topology } from "../board/topology.js";
import type { MoveBuffer } from "./moves.js";
import { UNKNOWN, type CompiledSource, type Ctx, type MoveSource, type Pred, type SampleResult } from "../play/rules.js";
import { canMove, generatesOnto, nextOwned, originEnd, originStart, StepGenerator, type PieceMoveOptions } from "./generators.js";
import { directionsNow } from "./onward.js";
import type { Emitter } from "../compiled/emitter.js";
import { originLoop, perSeat, sameDirections } from "../compiled/pieces.js";

/**
 * The line move. The sites passed over must satisfy `through` (as `site`); the landing site `to`
 * (null: it must be empty). Landing on a piece captures it, as a step does: the applying,
 * notation and actions are a step's.
 */
export class LineCountGenerator extends StepGenerator {
  /** The pieces on each line of the board, counted once per generation (null: the steps make no lines). */
  private readonly counts: LineCounts | null;

  constructor(
    o: PieceMoveOptions,
    to: Pred | null,
    /** Condition on each site passed over (c.site), null: any. */
    private readonly through: Pred | null,
  ) {
    super(o, to);
    this.counts = lineCounts(o.topology);
  }

  override get canSample(): boolean {
    return false;
  }

  override sample(): SampleResult {
    return UNKNOWN;
  }

  /** A line move's reach depends on the whole line: the attack test generates its moves instead. */
  override lands(s: State, c: Ctx, target: number): boolean {
    return generatesOnto(this, s, c, target);
  }

  override generate(s: State, c: Ctx, out: MoveBuffer): void {
    const { topology, kind } = this.o;
    const n = topology.n, step = topology.step, opposite = topology.opposite, owner = s.owner;
    const p = c.player, through = this.through, counts = this.counts;
    const dirs = directionsNow(this.o, s, p);
    // The pieces on every line, counted once: a piece's distance is then a look-up.
    counts?.count(owner);
    const onlyType = this.o.onlyType ?? -1;
    for (let last = originEnd(this.o.origin, s, n), site = nextOwned(onlyType, s, c.player, originStart(this.o.origin, s), last); site < last; site = nextOwned(onlyType, s, c.player, site + 1, last)) {
      if (owner[site] !== p || !canMove(this.o, s, c, site)) continue;
      const type = c.piece;
      for (let k = 0; k < dirs.length; k++) {
        const d = dirs[k]!, back = opposite[d]!;
        if (back < 0) continue;
        const axis = counts === null ? -1 : counts.axisOf[d]!;
        const distance = axis >= 0 ? counts!.pieces[counts!.lineOf[site * counts!.axes + axis]!]! : 1 + occupiedFrom(topology, s, site, d) + occupiedFrom(topology, s, site, back);
        let t = site;
        let open = true;
        for (let i = 1; i <= distance && open; i++) {
          t = step[d * n + t]!;
          if (t < 0) open = false;
          else if (i < distance && through !== null) {
            c.site = t;
            open = through(s, c);
          }
        }
        if (open) this.land(s, c, out, kind, site, t, type);
      }
    }
  }

  /**
   * generate as code (see MoveSource.compile): the conditions inlined, the lines counted as in
   * generate. Moves that take a piece other than the one landed on keep their closures.
   */
  override compile(e: Emitter): CompiledSource | null {
    const o = this.o;
    if (this.captures !== null || o.onward) return null;
    const n = o.topology.n;
    const step = e.ref(o.topology.step, "step"), opposite = e.ref(o.topology.opposite, "opposite");
    const counts = this.counts;
    const distance =
      counts === null
        ? `1 + ${e.ref(occupiedFrom, "occupiedFrom")}(${e.ref(o.topology, "topology")}, s, site, d) + ${e.ref(occupiedFrom, "occupiedFrom")}(${e.ref(o.topology, "topology")}, s, site, back)`
        : `(axisOf[d] >= 0 ? pieces[lineOf[site * ${e.int(counts.axes)} + axisOf[d]]] : 1 + ${e.ref(occupiedFrom, "occupiedFrom")}(${e.ref(o.topology, "topology")}, s, site, d) + ${e.ref(occupiedFrom, "occupiedFrom")}(${e.ref(o.topology, "topology")}, s, site, back))`;
    const pass =
      this.through === null
        ? ""
        : `else if (i < distance) {
${e.set("site", "t")};
open = ${e.cond(this.through, "a line move's through: condition", { from: "site", site: "t" })};
}`;
    const land = this.to === null ? `owner[t] === ${EMPTY}` : `(${e.set("to", "t")}, ${e.cond(this.to, "a line move's to: condition", { from: "site", to: "t" })})`;
    const head = counts === null
      ? ""
      : `const lines = ${e.ref(counts, "lines")}, axisOf = lines.axisOf, lineOf = lines.lineOf, pieces = lines.pieces;
lines.count(owner);`;
    const body = `const owner = s.owner, p = c.player;
const ds = ${perSeat(e, o.dirs, "dirs", sameDirections)};
${head}
${originLoop(
  e,
  o,
  `for (let k = 0; k < ds.length; k++) {
const d = ds[k], back = ${opposite}[d];
if (back < 0) continue;
const distance = ${distance};
let t = site, open = true;
for (let i = 1; i <= distance && open; i++) {
t = ${step}[d * ${e.int(n)} + t];
if (t < 0) open = false;
${pass}
}
if (!open || !${land}) continue;
const row = out.add(${e.int(this.id)}, ${e.int(o.kind)}, site, t, 1, type);
if (owner[t] !== ${EMPTY}) out.setCapture(row, t);
}`,
)}`;
    return { generate: e.build<MoveSource["generate"]>(`${this.constructor.name}_generate`, "s, c, out", body) };
  }
}

/**
 * The lines of a board along its axes (a direction and its opposite make one axis), and the
 * pieces on each line once `count` has run: line `lineOf[site * axes + axisOf[d]]` is the one
 * through `site` along direction `d`.
 */
export interface LineCounts {
  readonly axes: number;
  /** Per direction: its axis, or -1 where the direction's steps do not make lines (see directionLines). */
  readonly axisOf: Int32Array;
  readonly lineOf: Int32Array;
  readonly pieces: Int32Array;
  count(owner: Int8Array): void;
}

/** The board's lines along every axis its steps make (null: none). */
function lineCounts(topo: Topology): LineCounts | null {
  const n = topo.n, D = topo.dirNames.length;
  const axisOf = new Int32Array(D).fill(-1);
  const perAxis: Int32Array[] = [];
  let lines = 0;
  for (let d = 0; d < D; d++) {
    const along = directionLines(topo, d);
    if (along === null) continue;
    // Lines along a direction are those along its opposite, walked the other way.
    const back = topo.opposite[d]!;
    if (axisOf[back]! >= 0) {
      axisOf[d] = axisOf[back]!;
      continue;
    }
    axisOf[d] = perAxis.length;
    perAxis.push(along.lineOf.map((line) => line + lines));
    lines += along.lines;
  }
  const axes = perAxis.length;
  if (axes === 0) return null;
  const lineOf = new Int32Array(n * axes);
  for (let site = 0; site < n; site++) for (let a = 0; a < axes; a++) lineOf[site * axes + a] = perAxis[a]![site]!;
  const pieces = new Int32Array(lines);
  return {
    axes,
    axisOf,
    lineOf,
    pieces,
    count(owner) {
      pieces.fill(0);
      for (let site = 0; site < n; site++) {
        if (owner[site] === EMPTY) continue;
        for (let a = 0, base = site * axes; a < axes; a++) pieces[lineOf[base + a]!]!++;
      }
    },
  };
}

/**
 * Each site's line along direction `d` and its opposite, and how many lines there are. Null when
 * the direction has no opposite, or its steps do not form lines (a step back along the opposite
 * does not return, as on some graph boards; a line closes on itself).
 */
function directionLines(topo: Topology, d: number): { lineOf: Int32Array; lines: number } | null {
  const n = topo.n, step = topo.step, back = topo.opposite[d]!;
  if (back < 0) return null;
  for (let site = 0; site < n; site++) {
    const t = step[d * n + site]!;
    if (t >= 0 && step[back * n + t] !== site) return null;
  }
  const lineOf = new Int32Array(n).fill(-1);
  let lines = 0;
  for (let site = 0; site < n; site++) {
    if (lineOf[site]! >= 0) continue;
    // Back to the line's first site, then along it. A line that closes on itself has no first site.
    let first = site, guard = 0;
    for (; step[back * n + first]! >= 0 && guard <= n; guard++) first = step[back * n + first]!;
    if (guard > n) return null;
    for (let t = first; t >= 0; t = step[d * n + t]!) lineOf[t] = lines;
    lines++;
  }
  return { lineOf, lines };
}

/** Occupied sites (any piece) on the line from `site`, not counting it, in direction `d`. */
function occupiedFrom(topo: Topology, s: State, site: number, d: number): number {
  const n = topo.n;
  let count = 0;
  // A line round a ring (a wheel's clockwise) comes back to `site`: it ends there.
  for (let t = topo.step[d * n + site]!; t >= 0 && t !== site; t = topo.step[d * n + t]!) if (s.owner[t] !== EMPTY) count++;
  return count;
}
