/**
 * Reading a `dirs:{...}` argument: the board's direction names, and player-relative ones
 * (`forward`, `forward-left` ...) that turn with each seat's forward direction, declared with
 * `(players ... forward:{N S})`. Absent: every direction of the board. In moves of a piece,
 * `onward` and `back` are the directions of the last decision's move and back along it, resolved
 * at play time, and `except:` removes directions.
 * Also the paths of steps a leap follows (`paths:{{N N E}}`), per seat, and the board's
 * symmetries that turn and mirror them (and shapes).
 */
import { BACK, LAST_MOVE_NAMES, LastMoveDirections, ONWARD, type LastMoveNames } from "../engine/moves/onward.js";
import { dirIndex, everyDirection, NO_SITE, ownDirections, planePositions, type Topology } from "../engine/board/topology.js";
import type { CompileContext } from "./context.js";

/**
 * Player-relative directions and where they point, in degrees counter-clockwise from forward:
 * `exact`, that turn; `between`, the quadrant (exclusive), and the ring of the board's directions
 * it is taken from (see relativeDirection).
 */
type Relative = { exact?: number; between?: [number, number]; ring?: "adjacent" | "diagonal" };
const RELATIVE: Record<string, Relative> = {
  forward: { exact: 0 },
  left: { exact: 90 },
  backward: { exact: 180 },
  right: { exact: -90 },
  "forward-left": { between: [0, 90], ring: "adjacent" },
  "backward-left": { between: [90, 180], ring: "adjacent" },
  "backward-right": { between: [-180, -90], ring: "adjacent" },
  "forward-right": { between: [-90, 0], ring: "adjacent" },
  "diagonal-forward-left": { between: [0, 90], ring: "diagonal" },
  "diagonal-backward-left": { between: [90, 180], ring: "diagonal" },
  "diagonal-backward-right": { between: [-180, -90], ring: "diagonal" },
  "diagonal-forward-right": { between: [-90, 0], ring: "diagonal" },
};

/** Absolute direction ids; a player-relative name here is an error (the caller has no seat). */
export function directionsIn(names: unknown, ptr: string, cx: CompileContext): number[] {
  const topology = cx.topology!;
  if (!Array.isArray(names)) return ownDirections(topology);
  const dirs: number[] = [];
  (names as string[]).forEach((d, i) => {
    const di = dirIndex(topology, d);
    if (di >= 0) dirs.push(di);
    else if (LAST_MOVE_NAMES.includes(d)) cx.fail("M004", `'${d}' (${lastMoveMeaning(d)}) is for moves of a piece; this form cannot use it`, `${ptr}/${i}`, `one of: ${topology.dirNames.join(" ")}`);
    else if (d in RELATIVE) cx.fail("M004", `'${d}' is a player-relative direction, which this form cannot use`, `${ptr}/${i}`, `one of: ${topology.dirNames.join(" ")}`);
    else cx.fail("M001", `the board has no direction '${d}'`, `${ptr}/${i}`, `one of: ${topology.dirNames.join(" ")}`);
  });
  return dirs;
}

/**
 * Direction ids per player. Board directions are the same for every seat; player-relative ones
 * are resolved against each seat's forward direction (a relative direction the board lacks for
 * a seat, e.g. `left` on a hex board facing a corner, is simply absent for it).
 */
export function directionsByPlayer(names: unknown, ptr: string, cx: CompileContext): Int32Array[] {
  const topology = cx.topology!;
  const players = cx.playerCount;
  if (!Array.isArray(names)) return new Array<Int32Array>(players).fill(Int32Array.from(ownDirections(topology)));
  const lists: number[][] = Array.from({ length: players }, () => []);
  const forward = forwardDirections(ptr, cx, names.some((d) => isRelative(topology, d)));
  (names as string[]).forEach((d, i) => {
    const di = dirIndex(topology, d);
    if (di >= 0) {
      for (const list of lists) list.push(di);
      return;
    }
    if (LAST_MOVE_NAMES.includes(d)) return; // resolved at play time (see moveDirections)
    seatDirection(d, `${ptr}/${i}`, cx, forward)?.forEach((r, p) => {
      if (r >= 0 && !lists[p]!.includes(r)) lists[p]!.push(r);
    });
  });
  // Seats whose lists are equal share one array (generators build one table per distinct list).
  const shared = new Map<string, Int32Array>();
  return lists.map((l) => {
    const key = l.join(",");
    if (!shared.has(key)) shared.set(key, Int32Array.from(l));
    return shared.get(key)!;
  });
}

/** Whether a name is a player-relative direction (and not one of the board's own). */
function isRelative(topology: Topology, d: unknown): boolean {
  return typeof d === "string" && dirIndex(topology, d) < 0 && d in RELATIVE;
}

/**
 * A direction name's id for each seat (-1 for a seat whose board lacks that relative direction),
 * or null after reporting a name that is no direction. `forward` is undefined when the seats'
 * forward directions are unknown (already reported): relative names then resolve to nothing.
 */
function seatDirection(d: string, ptr: string, cx: CompileContext, forward: number[] | undefined): number[] | null {
  const topology = cx.topology!;
  const di = dirIndex(topology, d);
  if (di >= 0) return new Array<number>(cx.playerCount).fill(di);
  const rel = RELATIVE[d];
  if (!rel) {
    const relative = cx.forwardNames.length ? Object.keys(RELATIVE) : [];
    cx.fail("M001", `the board has no direction '${d}'`, ptr, `one of: ${[...topology.dirNames, ...relative].join(" ")}`);
    return null;
  }
  if (!forward) return null;
  return forward.map((f) => relativeDirection(topology, f, rel));
}

/**
 * The paths of a leap as direction ids, per seat: each path a list of single steps, board
 * directions or player-relative ones (resolved against each seat's forward direction). With
 * `turned`, every path also in each orientation the board's symmetries give (`boardSymmetries`).
 * A path with a relative step that a seat's board lacks is absent for that seat; duplicates are
 * kept once. Errors (a name that is no direction, `onward`, an empty path) are reported.
 */
export function pathsByPlayer(paths: string[][], turned: boolean, ptr: string, cx: CompileContext): number[][][] {
  const topology = cx.topology!;
  const forward = forwardDirections(ptr, cx, paths.some((path) => path.some((d) => isRelative(topology, d))));
  const resolved = paths.map((path, i) => {
    if (path.length === 0) cx.fail("M004", "an empty path goes nowhere", `${ptr}/${i}`, "at least one step, e.g. {N N E}");
    return path.map((d, j) => {
      if (LAST_MOVE_NAMES.includes(d) && dirIndex(topology, d) < 0) {
        cx.fail("M004", `'${d}' (${lastMoveMeaning(d)}) cannot be a step of a leap's path`, `${ptr}/${i}/${j}`, `one of: ${topology.dirNames.join(" ")}`);
        return null;
      }
      return seatDirection(d, `${ptr}/${i}/${j}`, cx, forward);
    });
  });
  const symmetries = turned ? boardSymmetries(topology) : [Int32Array.from(topology.dirNames, (_, d) => d)];
  return Array.from({ length: cx.playerCount }, (_, p) => {
    const seen = new Set<string>();
    const out: number[][] = [];
    for (const path of resolved) {
      if (path.length === 0) continue;
      const steps = path.map((ids) => (ids === null ? -1 : ids[p]!));
      if (steps.includes(-1)) continue;
      for (const map of symmetries) {
        const turnedPath = steps.map((d) => map[d]!);
        const key = turnedPath.join(",");
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(turnedPath);
      }
    }
    return out;
  });
}

/**
 * The board's symmetries as maps of direction ids (`map[d]`: where d turns to), the identity
 * first: every turn and mirror of the directions in their cyclic order around a site -- by one
 * step on hex boards, by two on square and hex boards with diagonals, so that orthogonal directions stay
 * orthogonal (a knight's `{N N E}` gives its 8 leaps, a horse's `{N NE}` keeps its leg orthogonal).
 */
export function boardSymmetries(topo: Topology): Int32Array[] {
  const order = cyclicDirections(topo);
  const k = order.length;
  // A square with diagonals (8) and a hex board with diagonals (12) turn by two: edges stay edges.
  const turn = k === 8 || k === 12 ? 2 : 1;
  const position = new Int32Array(topo.dirNames.length);
  order.forEach((d, i) => (position[d] = i));
  const maps: Int32Array[] = [];
  for (let r = 0; r < k; r += turn) {
    for (const mirror of [false, true]) {
      maps.push(
        Int32Array.from(topo.dirNames, (_, d) => {
          // Another name of the board's joins (clockwise round a wheel) stays itself.
          if (d >= k) return d;
          const i = position[d]!;
          return order[((((mirror ? -i : i) + r) % k) + k) % k]!;
        }),
      );
    }
  }
  return maps;
}

/** The board's directions in cyclic order around a site, from their drawing vectors. */
function cyclicDirections(topo: Topology): number[] {
  const angle = (d: number): number => {
    for (let s = 0; s < topo.n; s++) {
      const t = topo.step[d * topo.n + s]!;
      if (t >= 0) return Math.atan2(topo.drawY[s]! - topo.drawY[t]!, topo.drawX[t]! - topo.drawX[s]!);
    }
    return 0;
  };
  return ownDirections(topo).sort((a, b) => angle(a) - angle(b));
}

/**
 * Refuses `onward` and `back` (with an error naming `form`) in the directions of a form that is not
 * a move of a piece, which directionsByPlayer would leave out silently; true when one was there. A
 * board with a direction of that name keeps it.
 */
export function refusesOnward(names: unknown, ptr: string, form: string, cx: CompileContext): boolean {
  if (!Array.isArray(names)) return false;
  const at = (names as string[]).findIndex((d) => isLastMoveName(cx.topology!, d));
  if (at < 0) return false;
  const d = (names as string[])[at]!;
  cx.fail("M004", `'${d}' (${lastMoveMeaning(d)}) is for moves of a piece; (${form} ...) cannot use it`, `${ptr}/${at}`, "a board direction or a player-relative one (forward ...)");
  return true;
}

/** What a name of the last move's directions means, for messages. */
function lastMoveMeaning(d: string): string {
  return d === ONWARD ? "the direction of the last move" : "the direction back along the last move";
}

/** Whether a name is `onward` or `back` (and not a board direction of that name). */
function isLastMoveName(topology: Topology, d: unknown): d is string {
  return typeof d === "string" && LAST_MOVE_NAMES.includes(d) && dirIndex(topology, d) < 0;
}

/** Each seat's forward direction id, or undefined (with an error when `needed`). */
export function forwardDirections(ptr: string, cx: CompileContext, needed: boolean): number[] | undefined {
  if (!needed) return undefined;
  const topology = cx.topology!;
  if (cx.forwardNames.length === 0) {
    cx.fail("M004", "player-relative directions need each seat's forward direction", ptr, "(players N forward:{...}), e.g. forward:{N S}");
    return undefined;
  }
  if (cx.forwardNames.length !== cx.playerCount) return undefined; // reported with (players ...)
  const ids = cx.forwardNames.map((name) => dirIndex(topology, name));
  const bad = ids.findIndex((d) => d < 0);
  if (bad >= 0) {
    cx.fail("M001", `the board has no direction '${cx.forwardNames[bad]}' (forward of P${bad + 1})`, "/players/forward", `one of: ${topology.dirNames.join(" ")}`);
    return undefined;
  }
  return ids;
}

/**
 * The board direction at the given turn from `forward`, or -1, on the board as it truly stands
 * (planePositions: a hex grid's lines at their true 60 degrees). An exact turn (`left` ...) is the
 * direction at that angle, whatever it is. A quadrant's (`forward-left` ...) is, as Ludii's FL, FR,
 * BL and BR, the direction in it nearest the way the seat faces (forward, or backward for the
 * backward ones), among the ring of the board's directions: `adjacent` (Ludii's default relation),
 * the steps to a cell sharing a side or a corner -- on a hex board with diagonals the six across a
 * side, not the diagonals; `diagonal` (the `diagonal-` names, Ludii's `of:Diagonal`), the steps
 * longer than the board's shortest -- a square board's diagonals, a hex board's six diagonals. So a
 * De Vasa pawn facing a corner of its hexagon (forward:{NNE SSW}) steps forward-left and
 * forward-right (N and NE, across the sides either side of forward) and captures
 * diagonal-forward-left and diagonal-forward-right (NNW and E), as Ludii reads its directions.
 */
function relativeDirection(topology: Topology, forward: number, rel: Relative): number {
  const geometry = directionGeometry(topology);
  const base = geometry.angle[forward]!;
  let best = -1, bestScore = Infinity;
  for (let d = 0; d < everyDirection(topology); d++) {
    const a = geometry.angle[d]!;
    if (Number.isNaN(a)) continue;
    let turn = a - base;
    while (turn > 180) turn -= 360;
    while (turn <= -180) turn += 360;
    if (rel.exact !== undefined) {
      const off = Math.abs(turn - rel.exact) % 360;
      if (Math.min(off, 360 - off) < 1) return d;
      continue;
    }
    const [lo, hi] = rel.between!;
    if (!(turn > lo + 1 && turn < hi - 1)) continue;
    const length = geometry.length[d]!;
    if (rel.ring === "adjacent" ? length > 1.5 * geometry.shortest : length < 1.2 * geometry.shortest) continue;
    // Nearest forward for the forward quadrants, nearest backward for the backward ones.
    const score = Math.abs(lo) === 180 || Math.abs(hi) === 180 ? 180 - Math.abs(turn) : Math.abs(turn);
    if (score < bestScore) [best, bestScore] = [d, score];
  }
  return best;
}

/** Each direction's angle (counter-clockwise from east) and step length on the true plane, from the first site that has the step. */
const geometries = new WeakMap<Topology, { angle: Float64Array; length: Float64Array; shortest: number }>();
function directionGeometry(topology: Topology): { angle: Float64Array; length: Float64Array; shortest: number } {
  let g = geometries.get(topology);
  if (g) return g;
  const n = topology.n, { x, y } = planePositions(topology);
  const angle = new Float64Array(topology.dirNames.length).fill(NaN), length = new Float64Array(topology.dirNames.length).fill(NaN);
  let shortest = Infinity;
  for (let d = 0; d < topology.dirNames.length; d++) {
    for (let s = 0; s < n; s++) {
      const t = topology.step[d * n + s]!;
      if (t === NO_SITE) continue;
      angle[d] = (Math.atan2(y[t]! - y[s]!, x[t]! - x[s]!) * 180) / Math.PI;
      length[d] = Math.hypot(x[t]! - x[s]!, y[t]! - y[s]!);
      if (d < everyDirection(topology)) shortest = Math.min(shortest, length[d]!);
      break;
    }
  }
  geometries.set(topology, (g = { angle, length, shortest }));
  return g;
}

/**
 * The directions of a move of a piece: `dirs:` per seat (board and player-relative names), less
 * those `except:` names; with `onward` or `back` in either (the last decision's move's direction and
 * the way back along it), also the play-time lists (`onward`), which then replace `dirs`. A move
 * that names neither pays nothing at play time: `except:` of fixed directions is removed here.
 * `follows`: whether the form moves along directions at all (a leap, a fly and a swap do not, so
 * they may not name the last move's).
 */
export function moveDirections(dirNames: unknown, exceptNames: unknown, ptr: string, cx: CompileContext, form: string, follows = true): { dirs: Int32Array[]; onward: LastMoveDirections | null } {
  const topology = cx.topology!;
  const dirs = directionsByPlayer(dirNames, `${ptr}/dirs`, cx);
  const named = (names: unknown): LastMoveNames => ({
    onward: Array.isArray(names) && names.some((d) => d === ONWARD && isLastMoveName(topology, d)),
    back: Array.isArray(names) && names.some((d) => d === BACK && isLastMoveName(topology, d)),
  });
  const add = named(dirNames), drop = named(exceptNames);
  if (!follows) {
    for (const [key, names] of [["dirs", dirNames], ["except", exceptNames]] as const) {
      const at = Array.isArray(names) ? (names as unknown[]).findIndex((d) => isLastMoveName(topology, d)) : -1;
      if (at >= 0) {
        const d = (names as string[])[at]!;
        cx.fail("M004", `'${d}' (${lastMoveMeaning(d)}) is for moves along the board's lines; (${form} ...) does not move along one`, `${ptr}/${key}/${at}`, "board directions, or a step, slide, jump or hop");
      }
    }
    return { dirs, onward: null };
  }
  if (exceptNames === undefined) {
    if (!add.onward && !add.back) return { dirs, onward: null };
    return { dirs, onward: new LastMoveDirections(topology, dirs, add, dirs.map(() => new Int32Array(0)), drop) };
  }
  const except = directionsByPlayer(exceptNames, `${ptr}/except`, cx);
  // A board direction removed that dirs: never allowed is a slip (player-relative ones may be absent for a seat).
  if (Array.isArray(dirNames) && Array.isArray(exceptNames)) {
    (exceptNames as string[]).forEach((d, i) => {
      const di = dirIndex(topology, d);
      if (di >= 0 && !dirs.some((list) => list.includes(di)) && !add.onward && !add.back) {
        cx.fail("M004", `except: removes '${d}', which dirs: does not allow`, `${ptr}/except/${i}`, `one of: ${(dirNames as string[]).join(" ")}`);
      }
    });
  }
  if (add.onward || add.back || drop.onward || drop.back) return { dirs, onward: new LastMoveDirections(topology, dirs, add, except, drop) };
  // Fixed directions only: removed once, here; seats whose lists are equal keep sharing one array.
  const shared = new Map<string, Int32Array>();
  return {
    dirs: dirs.map((list, p) => {
      const kept = Int32Array.from([...list].filter((d) => !except[p]!.includes(d)));
      const key = kept.join(",");
      if (!shared.has(key)) shared.set(key, kept);
      return shared.get(key)!;
    }),
    onward: null,
  };
}
