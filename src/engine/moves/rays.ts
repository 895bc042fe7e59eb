/**
 * The rays of a board along a list of directions, laid out once per board, directions and reach:
 * from each site, every site a straight move could reach on an empty board, as (direction,
 * distance, site) entries. Slides and shots that draw one random move in a playout number their
 * possible moves by these entries (RayDraw): a drawn entry is then tested, not every move listed.
 */
import type { Topology } from "../board/topology.js";
import { NONE, SAMPLED, UNKNOWN, type Ctx, type SampleResult } from "../play/rules.js";
import { EMPTY, type State } from "../state/state.js";
import { nextInt } from "../state/rng.js";
import type { MoveBuffer } from "./moves.js";
import { nextOwned, originEnd, originStart, type Origin } from "./generators.js";
import { SlotOrder } from "./slot-draw.js";

export interface RayTable {
  /** The entries of site s are start[s] .. start[s + 1]. */
  readonly start: Int32Array;
  /** Per entry: the direction (an index into the direction list, not a direction id), the distance and the site reached. */
  readonly dir: Int32Array;
  readonly dist: Int32Array;
  readonly site: Int32Array;
}

const made = new WeakMap<Topology, Map<string, RayTable | null>>();

/**
 * The rays from every site along `dirs`, each up to `reach` sites; null when some ray comes back
 * to a site it passed (a line round a ring), which these entries cannot number.
 */
export function rayTable(topo: Topology, dirs: Int32Array, reach: number): RayTable | null {
  let byKey = made.get(topo);
  if (!byKey) made.set(topo, (byKey = new Map()));
  const key = `${reach}:${dirs.join(",")}`;
  if (!byKey.has(key)) byKey.set(key, makeRays(topo, dirs, reach));
  return byKey.get(key)!;
}

function makeRays(topo: Topology, dirs: Int32Array, reach: number): RayTable | null {
  const n = topo.n, step = topo.step;
  const start = new Int32Array(n + 1);
  const dir: number[] = [], dist: number[] = [], site: number[] = [];
  const seen = new Int32Array(n).fill(-1);
  for (let s = 0; s < n; s++) {
    start[s] = site.length;
    for (let k = 0; k < dirs.length; k++) {
      const base = dirs[k]! * n;
      const mark = s * dirs.length + k;
      seen[s] = mark;
      for (let t = step[base + s]!, d = 1; t >= 0 && d <= reach; t = step[base + t]!, d++) {
        if (seen[t] === mark) return null;
        seen[t] = mark;
        dir.push(k);
        dist.push(d);
        site.push(t);
      }
    }
  }
  start[n] = site.length;
  return { start, dir: Int32Array.from(dir), dist: Int32Array.from(dist), site: Int32Array.from(site) };
}

/** Slots a draw tries before it leaves the move to a count or a listing (see RayDraw.sample). */
const DRAW_TRIES = 16;

/** What a ray draw asks of the rule it draws for (a slide's, a shot's). */
export interface RayRule {
  /** Whether the piece on `site` may move, its context set as the rule's generation sets it. */
  movable(s: State, c: Ctx, site: number): boolean;
  /** Whether the move from `site` (context set), `dist` sites along direction id `d`, onto `target` is legal. */
  legal(s: State, c: Ctx, site: number, d: number, dist: number, target: number): boolean;
  /** Adds that move to `out`. */
  add(s: State, c: Ctx, out: MoveBuffer, site: number, target: number): void;
}

/**
 * Moves that are the runs of empty sites along the rays (up to `reach` sites), and, with
 * `takeEnemy`, the enemy piece ending a run: countable without being listed (see RayDraw.sample).
 */
export interface RayRuns {
  reach: number;
  takeEnemy: boolean;
}

/**
 * Draws one move of a rule whose moves go along rays (slides, shots) in a random playout, without
 * listing them all. Every ray entry (direction, distance) from each of the mover's movable pieces
 * is a slot; slots are drawn without replacement until one holds a legal move -- every legal move
 * equally likely, as the first found in a random order -- each tested alone (the sites before it
 * passable, its site a landing). After DRAW_TRIES illegal slots (a crowded board), moves that are
 * runs are counted ray by ray and one is picked by its number; others are left to a listing. The
 * slots tried were all illegal, so either way the move is as uniform as one drawn here.
 */
export class RayDraw {
  /** Each movable piece's site, its first slot (then the total), and the order slots are drawn in. */
  private readonly origins: Int32Array;
  private readonly firstSlot: Int32Array;
  private readonly order = new SlotOrder();
  /** The moves per (movable piece, direction) of a count, in listing order (made on first use). */
  private counts?: Int32Array;

  constructor(
    private readonly o: { topology: Topology; dirs: Int32Array[]; origin: Origin; onlyType?: number },
    /** Per seat: the rays of its directions. */
    private readonly rays: RayTable[],
    private readonly rule: RayRule,
    /** Set where the moves are runs. */
    private readonly runs: RayRuns | null,
  ) {
    this.origins = new Int32Array(o.topology.n);
    this.firstSlot = new Int32Array(o.topology.n + 1);
  }

  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    const o = this.o, n = o.topology.n, owner = s.owner, p = c.player, rule = this.rule;
    const rays = this.rays[p]!, origins = this.origins, firstSlot = this.firstSlot;
    let k = 0, total = 0;
    const onlyType = o.onlyType ?? -1;
    for (let last = originEnd(o.origin, s, n), site = nextOwned(onlyType, s, p, originStart(o.origin, s), last); site < last; site = nextOwned(onlyType, s, p, site + 1, last)) {
      if (owner[site] !== p || !rule.movable(s, c, site)) continue;
      origins[k] = site;
      firstSlot[k++] = total;
      total += rays.start[site + 1]! - rays.start[site]!;
    }
    if (total === 0) return NONE;
    firstSlot[k] = total;
    const order = this.order, dirs = o.dirs[p]!;
    order.begin(total);
    for (let slot = order.next(s.rng), tries = 0; slot >= 0 && tries < DRAW_TRIES; slot = order.next(s.rng), tries++) {
      let i = 0;
      while (firstSlot[i + 1]! <= slot) i++;
      const site = origins[i]!, e = rays.start[site]! + slot - firstSlot[i]!, target = rays.site[e]!;
      // The context of the piece drawn (listing left it on the last one listed).
      if (rule.movable(s, c, site) && rule.legal(s, c, site, dirs[rays.dir[e]!]!, rays.dist[e]!, target)) {
        rule.add(s, c, out, site, target);
        return SAMPLED;
      }
      order.discard();
    }
    if (order.exhausted) return NONE;
    return this.runs !== null ? this.countAndPick(s, c, out, this.runs) : UNKNOWN;
  }

  /** The moves counted run by run, and one picked by its number (one random number). */
  private countAndPick(s: State, c: Ctx, out: MoveBuffer, runs: RayRuns): SampleResult {
    const o = this.o, n = o.topology.n, step = o.topology.step, owner = s.owner, p = c.player, rule = this.rule;
    const dirs = o.dirs[p]!, D = dirs.length, reach = runs.reach;
    const origins = this.origins, counts = (this.counts ??= new Int32Array(n * o.topology.dirNames.length));
    let k = 0, total = 0;
    const onlyType = o.onlyType ?? -1;
    for (let last = originEnd(o.origin, s, n), site = nextOwned(onlyType, s, p, originStart(o.origin, s), last); site < last; site = nextOwned(onlyType, s, p, site + 1, last)) {
      if (owner[site] !== p || !rule.movable(s, c, site)) continue;
      for (let j = 0; j < D; j++) {
        const base = dirs[j]! * n;
        let next = step[base + site]!, dist = 1;
        for (; dist <= reach && next >= 0 && owner[next] === EMPTY; dist++) next = step[base + next]!;
        const moves = dist - 1 + (runs.takeEnemy && next >= 0 && dist <= reach && owner[next] !== p ? 1 : 0);
        counts[k * D + j] = moves;
        total += moves;
      }
      origins[k++] = site;
    }
    if (total === 0) return NONE;
    let r = nextInt(s.rng, total), g = 0;
    while (r >= counts[g]!) r -= counts[g++]!;
    const site = origins[Math.floor(g / D)]!, base = dirs[g % D]! * n;
    let target = step[base + site]!;
    for (; r > 0; r--) target = step[base + target]!;
    rule.add(s, c, out, site, target);
    return SAMPLED;
  }
}
