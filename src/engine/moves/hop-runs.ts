/**
 * Hops over runs, or over empty sites: the general form of `(hop ...)`, used only when a rule asks
 * for it (`run:` other than 1, or `jumps:sites`), so the common hop over one piece keeps its own
 * lean loop (hop.ts). Ludii's `(between (range MIN MAX) if:...)` on a hop, and `(between if:True)`
 * (a chess alfil's jump over any square).
 *
 * Along each line the piece passes at most `before` sites that `over` refuses (they must be
 * empty), then jumps a run of consecutive sites that `over` accepts -- with `jumps:sites` any site,
 * empty or not; with `jumps:pieces` only pieces -- of at least `least` and at most `most` sites. It
 * lands on the empty site just beyond the first j sites of the run, for each j from `least` to the
 * run's length (inside the run only where the run holds an empty site, so only with jumps:sites),
 * and from beyond the whole run on up to `after` further empty sites.
 *
 * A row keeps the first jumped site in `extra` (the consequences' `over`) and, when the hop
 * captures, every piece of the jumped part of the run in its capture list; empty sites of the run
 * are not captures. Nothing is allocated: a run is consecutive on its line, so it is walked again
 * from its first site rather than stored.
 */
import type { MoveBuffer } from "./moves.js";
import type { Ctx } from "../play/rules.js";
import { EMPTY, type State } from "../state/state.js";
import { adjacencyNow, nextOwned, originEnd, originStart } from "./generators.js";
import { HopGenerator, type HopOptions } from "./hop.js";

export interface HopRunOptions extends HopOptions {
  /** Whether empty sites may be jumped (`jumps:sites`): `over` is then asked of every site, and null accepts any. */
  sites: boolean;
  /** Fewest and most sites jumped in a row (`most` no more than the board's sites for `any`). */
  least: number;
  most: number;
}

export class HopRunGenerator extends HopGenerator {
  constructor(private readonly r: HopRunOptions) {
    super(r);
  }

  override generate(s: State, c: Ctx, out: MoveBuffer): void {
    const o = this.r, n = o.topology.n, owner = s.owner, p = c.player, pieces = o.pieces, from = o.from;
    const { start, first, dir } = adjacencyNow(this.lines, this.linesNow, s, p);
    const onlyType = o.onlyType ?? -1;
    for (let last = originEnd(o.origin, s, n), site = nextOwned(onlyType, s, p, originStart(o.origin, s), last); site < last; site = nextOwned(onlyType, s, p, site + 1, last)) {
      if (owner[site] !== p) continue;
      const type = s.piece[site]!;
      if (pieces !== null && pieces[type] === 0) continue;
      this.setPiece(s, c, site, type);
      if (from !== null && !from(s, c)) continue;
      for (let k = start[site]!, end = start[site + 1]!; k < end; k++) this.along(s, c, out, site, type, dir[k]! * n, first[k]!);
    }
  }

  /** The hops of the piece on `site` along one line: `base` is its direction's row of the step table, `t` the neighbour. */
  private along(s: State, c: Ctx, out: MoveBuffer, site: number, type: number, base: number, t: number): void {
    const o = this.r, owner = s.owner, step = o.topology.step;
    // The first site jumped: past at most `before` refused sites, each of them empty.
    for (let gap = 0; !this.accepts(s, c, base, t); gap++) {
      if (owner[t] !== EMPTY || gap === o.before) return;
      t = step[base + t]!;
      if (t < 0) return;
    }
    const head = t;
    let len = 1;
    for (let next = step[base + t]!; len < o.most && next >= 0 && this.accepts(s, c, base, next); next = step[base + next]!) len++;
    if (len < o.least) return;
    // Landings beyond the first j sites. The `after` landings are taken only beyond the whole run:
    // from a shorter part they would pass the rest of the run and repeat the same moves.
    let land = head;
    for (let j = 1; j <= len; j++) {
      land = step[base + land]!;
      if (land < 0) return;
      if (j < o.least || owner[land] !== EMPTY) continue;
      c.over = head;
      c.to = land;
      if (o.to === null || o.to(s, c)) this.addRun(s, out, site, land, type, base, head, j);
      if (j < len) continue;
      for (let further = 1, beyond = step[base + land]!; further <= o.after && beyond >= 0 && owner[beyond] === EMPTY; further++, beyond = step[base + beyond]!) {
        c.over = head;
        c.to = beyond;
        if (o.to === null || o.to(s, c)) this.addRun(s, out, site, beyond, type, base, head, j);
      }
    }
  }

  /** Whether `t` may be jumped; `to` is set to the site beyond it, where the piece would land. */
  private accepts(s: State, c: Ctx, base: number, t: number): boolean {
    const o = this.r;
    if (!o.sites && s.owner[t] === EMPTY) return false;
    if (o.over === null) return true;
    c.over = t;
    c.to = o.topology.step[base + t]!;
    return o.over(s, c);
  }

  /** A hop over the `count` sites from `head` on: the first kept in `extra`, the pieces among them captured. */
  private addRun(s: State, out: MoveBuffer, site: number, land: number, type: number, base: number, head: number, count: number): void {
    const row = out.add(this.id, this.r.kind, site, land, 1, type);
    out.extra[row] = head;
    if (!this.r.capture) return;
    const step = this.r.topology.step;
    for (let i = 0, t = head; i < count; i++, t = step[base + t]!) if (s.owner[t] !== EMPTY) out.pushCapture(row, t);
  }

  protected override overOf(buf: MoveBuffer, row: number): number {
    return buf.extra[row]!;
  }
}
