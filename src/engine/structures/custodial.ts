/**
 * Captures found from one site -- usually where a piece just landed -- by looking only at its
 * neighbours and theirs, never by scanning the board:
 *
 * - custodial: a target next to the site, along a direction, with a hostile site ("anvil") just
 *   beyond it on the same line (the piece is sandwiched between the moved piece and the anvil);
 * - intervention: two targets next to the site on opposite sides (the piece lands between them);
 * - surround: a target next to the site whose every neighbour is the site itself or hostile.
 *
 * Both only find the sites (into a caller's buffer); the rules decide what happens to them.
 */
import type { Ctx, Pred } from "../play/rules.js";
import type { State } from "../state/state.js";
import type { Topology } from "../board/topology.js";

/**
 * The targets custodially flanked from `at`, one deep: for each direction d of `dirs`, the
 * neighbour b of `at` when `target` holds for it and `anvil` holds for the next site beyond b
 * along d (both evaluated with `c.site` bound to the site looked at). Writes them into `out`,
 * returns how many.
 */
export function flankedFrom(topo: Topology, dirs: Int32Array, s: State, c: Ctx, at: number, target: Pred, anvil: Pred, out: Int32Array): number {
  const n = topo.n, step = topo.step;
  let k = 0;
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i]! * n;
    const between = step[d + at]!;
    if (between < 0) continue;
    const far = step[d + between]!;
    if (far < 0) continue;
    c.site = between;
    if (!target(s, c)) continue;
    c.site = far;
    if (anvil(s, c)) out[k++] = between;
  }
  return k;
}

/**
 * flankedFrom for runs (`run:`): for each direction, the run of sites next to `at` for which
 * `target` holds, when it is `least` to `most` long and `anvil` holds for the site just beyond it.
 * Writes them into `out` (room for every direction's longest run), returns how many.
 */
export function flankedRun(topo: Topology, dirs: Int32Array, s: State, c: Ctx, at: number, target: Pred, anvil: Pred, out: Int32Array, least: number, most: number): number {
  const n = topo.n, step = topo.step;
  let k = 0;
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i]! * n;
    let run = 0, next = step[d + at]!;
    // The run of targets, no longer than `most` (a line back to `at` round a ring ends it).
    while (next >= 0 && next !== at && run < most) {
      c.site = next;
      if (!target(s, c)) break;
      out[k + run++] = next;
      next = step[d + next]!;
    }
    if (run < least || next < 0 || next === at) continue;
    c.site = next;
    if (anvil(s, c)) k += run;
  }
  return k;
}

/**
 * The targets intervened from `at` (the moved piece landing between two of them): for each line
 * through `at` along `dirs` (a direction and its opposite, each line once), both neighbours when
 * `target` holds for each (evaluated with `c.site` bound). Writes them into `out`, returns how many.
 */
export function intervenedFrom(topo: Topology, dirs: Int32Array, s: State, c: Ctx, at: number, target: Pred, _other: Pred, out: Int32Array): number {
  const n = topo.n, step = topo.step, opposite = topo.opposite;
  let k = 0;
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i]!, o = opposite[d]!;
    // Each line once: from the direction listed first of the two.
    if (o < 0 || (o !== d && dirs.indexOf(o) >= 0 && dirs.indexOf(o) < i)) continue;
    const a = step[d * n + at]!, b = step[o * n + at]!;
    if (a < 0 || b < 0 || a === b) continue;
    c.site = a;
    if (!target(s, c)) continue;
    c.site = b;
    if (!target(s, c)) continue;
    out[k++] = a;
    out[k++] = b;
  }
  return k;
}

/**
 * The targets surrounded from `at`: each neighbour b of `at` along `dirs` for which `target`
 * holds and every neighbour of b along `dirs` is `at` or satisfies `hostile` (directions leading
 * off the board from b do not count). Writes them into `out`, returns how many.
 */
export function surroundedFrom(topo: Topology, dirs: Int32Array, s: State, c: Ctx, at: number, target: Pred, hostile: Pred, out: Int32Array): number {
  const n = topo.n, step = topo.step;
  let k = 0;
  for (let i = 0; i < dirs.length; i++) {
    const b = step[dirs[i]! * n + at]!;
    if (b < 0) continue;
    c.site = b;
    if (!target(s, c)) continue;
    let enclosed = true;
    for (let j = 0; j < dirs.length && enclosed; j++) {
      const t = step[dirs[j]! * n + b]!;
      if (t < 0 || t === at) continue;
      c.site = t;
      enclosed = hostile(s, c);
    }
    if (enclosed) out[k++] = b;
  }
  return k;
}
