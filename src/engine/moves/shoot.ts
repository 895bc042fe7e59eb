/**
 * Shooting: a piece of the mover puts a new piece (its own or a neutral one) on a site along a
 * straight line from where it stands, without moving itself -- a line of sight. The line goes on
 * from site to site while `through` holds for the site reached (by default: while it is empty)
 * and every site reached where `to` holds (by default: an empty one) is a move. With
 * `origin: LAST_TO` only the piece that the last decision moved may shoot (a second action of the
 * turn, after `(move-again)`).
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { newCtx, UNKNOWN, type Ctx, type Pred, type SampleResult } from "../play/rules.js";
import { RayDraw, rayTable, type RayTable } from "./rays.js";
import { directionsNow } from "./onward.js";
import { canMove, nextOwned, originEnd, originStart, type PieceMoveOptions } from "./generators.js";
import { EMPTY, NEUTRAL, type State } from "../state/state.js";
import type { CompiledSource, LeafGenerator, MoveSource } from "../play/rules.js";
import type { Emitter } from "../compiled/emitter.js";
import { originLoop, perSeat, sameDirections } from "../compiled/pieces.js";

export interface ShootOptions extends PieceMoveOptions {
  /** The piece type put down, and its name (for actions). */
  shot: number;
  shotName: string;
  /** A neutral piece (nobody's), or the mover's. */
  neutral: boolean;
  /** Farthest distance along the line (the board's size: no limit). */
  range: number;
  /** Condition on a site reached (c.to): it may receive the piece; null: it must be empty. */
  to: Pred | null;
  /** Condition for the line to go on past a site reached (c.site); null: it must be empty. */
  through: Pred | null;
  /** Written between the shooter's site and the target in the notation. */
  separator: string;
}

export class ShootGenerator implements LeafGenerator {
  id = -1;
  rule = "";

  constructor(private readonly o: ShootOptions) {
    const rays = o.dirs.map((dirs) => rayTable(o.topology, dirs, o.range));
    this.draw = !o.onward && rays.every((r) => r !== null)
      ? new RayDraw(o, rays as RayTable[], {
          movable: (s, c, site) => canMove(o, s, c, site),
          legal: (s, c, site, d, dist, target) => this.hits(s, c, site, d, dist, target),
          add: (_s, _c, out, site, target) => void out.add(this.id, o.kind, site, target, 1, o.shot),
        }, o.to === null && o.through === null ? { reach: o.range, takeEnemy: false } : null)
      : null;
    this.canSample = this.draw !== null;
  }

  /** The draw of one shot in a playout (see RayDraw), where this rule's shots are drawn. */
  private readonly draw: RayDraw | null;
  /** Whether `sample` can draw this rule's shots (else the caller generates them). */
  readonly canSample: boolean;

  /** A uniformly random shot, drawn without listing them all (see RayDraw.sample). */
  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    return this.draw === null ? UNKNOWN : this.draw.sample(s, c, out);
  }

  /** Whether the piece on `site` (context set) may shoot `dist` sites along direction `d` onto `target`, as generate tests it. */
  private hits(s: State, c: Ctx, site: number, d: number, dist: number, target: number): boolean {
    const o = this.o, n = o.topology.n, step = o.topology.step, owner = s.owner;
    for (let j = 1, cur = site; j < dist; j++) {
      cur = step[d * n + cur]!;
      if (o.through === null) {
        if (owner[cur] !== EMPTY) return false;
      } else {
        // As generate asks it: the site just reached is also `to`.
        if (o.to !== null) c.to = cur;
        c.site = cur;
        if (!o.through(s, c)) return false;
      }
    }
    if (o.to === null) return owner[target] === EMPTY;
    c.to = target;
    return o.to(s, c);
  }

  /** Whether the mover has a shot, stopping at the first (what `no-moves` asks after every decision). */
  any(s: State, c: Ctx): boolean {
    return this.shots(s, c, null);
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    this.shots(s, c, out);
  }

  /** Adds the mover's shots to `out`; without `out`, whether there is one (stopping at the first). */
  private shots(s: State, c: Ctx, out: MoveBuffer | null): boolean {
    const o = this.o;
    const n = o.topology.n, step = o.topology.step, owner = s.owner;
    const p = c.player, to = o.to, through = o.through, range = o.range, id = this.id, kind = o.kind, shot = o.shot;
    const dirs = directionsNow(o, s, p);
    const onlyType = o.onlyType ?? -1;
    for (let last = originEnd(o.origin, s, n), site = nextOwned(onlyType, s, c.player, originStart(o.origin, s), last); site < last; site = nextOwned(onlyType, s, c.player, site + 1, last)) {
      if (owner[site] !== p || !canMove(o, s, c, site)) continue;
      for (let k = 0; k < dirs.length; k++) {
        const base = dirs[k]! * n;
        let t = step[base + site]!;
        for (let dist = 1; t >= 0 && dist <= range; dist++) {
          let hit: boolean;
          if (to === null) hit = owner[t] === EMPTY;
          else {
            c.to = t;
            hit = to(s, c);
          }
          if (hit) {
            if (out === null) return true;
            out.add(id, kind, site, t, 1, shot);
          }
          if (through === null) {
            if (owner[t] !== EMPTY) break;
          } else {
            c.site = t;
            if (!through(s, c)) break;
          }
          t = step[base + t]!;
        }
      }
    }
    return false;
  }

  /** generate as code (see MoveSource.compile): the conditions inlined, the directions and range fixed. */
  compile(e: Emitter): CompiledSource {
    const o = this.o, n = o.topology.n;
    const dirs = o.onward ? `${e.ref(directionsNow, "directionsNow")}(${e.ref(o, "options")}, s, p)` : perSeat(e, o.dirs, "dirs", sameDirections);
    const add = `out.add(${e.int(this.id)}, ${e.int(o.kind)}, site, t, 1, ${e.int(o.shot)})`;
    const land = o.to === null ? `if (owner[t] === ${EMPTY}) ${add};` : `${e.set("to", "t")};\nif (${e.cond(o.to, "a shot's to: condition", { from: "site", to: "t" })}) ${add};`;
    const on = o.through === null ? `if (owner[t] !== ${EMPTY}) break;` : `${e.set("site", "t")};\nif (!${e.cond(o.through, "a shot's through: condition", { from: "site", site: "t" })}) break;`;
    const body = `const owner = s.owner, step = ${e.ref(o.topology.step, "step")}, p = c.player;
const ds = ${dirs};
${originLoop(
  e,
  o,
  `for (let k = 0; k < ds.length; k++) {
const base = ds[k] * ${e.int(n)};
let t = step[base + site];
for (let dist = 1; t >= 0 && dist <= ${e.int(o.range)}; dist++) {
${land}
${on}
t = step[base + t];
}
}`,
)}`;
    return { generate: e.build<MoveSource["generate"]>(`${this.constructor.name}_generate`, "s, c, out", body) };
  }

  /** Puts the piece down (replacing what stands there, if `to` allowed an occupied site). */
  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const from = buf.from[row]!, to = buf.to[row]!;
    c.from = from;
    c.to = to;
    c.piece = s.piece[from]!;
    c.selfFlags = s.flags[from]!;
    c.count = 1;
    c.crossed = false;
    if (s.owner[to] !== EMPTY) s.clear(to);
    s.put(to, this.o.neutral ? NEUTRAL : c.player, this.o.shot, 1, 0);
    for (const e of this.o.then) e(s, c);
  }

  /** `from/to` (the separator given): the shooter's site, then where the piece lands. */
  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels;
    return `${l[buf.from[row]!]}${this.o.separator}${l[buf.to[row]!]}`;
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const l = this.o.topology.labels;
    const at = l[buf.to[row]!]!;
    const out: PrimitiveAction[] = s.owner[buf.to[row]!] !== EMPTY ? [{ op: "remove", at }] : [];
    out.push({ op: "add", at, piece: this.o.shotName, count: 1 });
    const c = newCtx();
    c.player = s.mover;
    c.from = buf.from[row]!;
    c.to = buf.to[row]!;
    c.piece = s.piece[c.from]!;
    return [...out, ...this.o.describeThen(s, c)];
  }
}
