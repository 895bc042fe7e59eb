/**
 * Slides: a stack, or part of it, travels in a straight line, 1 to k sites, and lands on a site the
 * description allows. One generator covers moving a whole stack, merging onto a friendly stack and
 * splitting part of a stack off, told apart by how many pieces may travel (`take`) and by the
 * landing condition. Portals (per-player wrap edges, e.g. through an enemy wall) continue the path
 * at the far end of the grid line; a path that used one is a different move from a direct path to
 * the same site, and its notation says so.
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { addToTrail, UNKNOWN, type Ctx, type Effect, type LeafGenerator, type MovesBound, type Pred, type SampleResult } from "../play/rules.js";
import { EMPTY, type State } from "../state/state.js";
import { MAX_HEIGHT } from "../../limits.js";
import { big, PlayLimitError, positionWords } from "../play/play-limit.js";
import { lineDirection, type Topology } from "../board/topology.js";
import { canMove, generatesOnto, nextOwned, originEnd, originStart, type Origin } from "./generators.js";
import { directionsNow, type LastMoveDirections } from "./onward.js";
import type { Emitter } from "../compiled/emitter.js";
import type { CompiledSource, MoveSource } from "../play/rules.js";
import { RayDraw, rayTable, type RayTable } from "./rays.js";
import { movingPiece, originHead, perSeat, sameDirections } from "../compiled/pieces.js";

/** How many pieces of a stack of height h travel: all h, part (1..h-1) or any (1..h). */
export type TakeRule = "all" | "part" | "any";

export interface SlideOptions {
  topology: Topology;
  kind: number;
  pieces: Uint8Array | null;
  /** The one piece type allowed, if so (see PieceMoveOptions.onlyType). */
  onlyType?: number;
  /** Direction ids per player (see PieceMoveOptions.dirs). */
  dirs: Int32Array[];
  /** Set when the directions depend on the last move (`onward` ...; see PieceMoveOptions.onward). */
  onward?: LastMoveDirections | null;
  take: TakeRule;
  /** Farthest distance: the number of travelling pieces (`count`), or a fixed number of sites. */
  range: "count" | number;
  /** Condition on the source (c.from, c.selfFlags). */
  from: Pred | null;
  /** Which stacks may move: any of the mover's, or only the one where the last decision ended. */
  origin: Origin;
  /** Condition for passing over a site (c.site) to go further. */
  through: Pred | null;
  /** Condition on the landing site (c.to, with c.count and c.crossed set). */
  to: Pred;
  /** Per-player portal edges: portals[(player * dirs + d) * n + s], or null. */
  portals: Int32Array | null;
  /** Effects run before an enemy stack on the landing site is removed (c.to is that site). */
  onCapture: Effect[];
  then: Effect[];
  /** Written between the two sites in the notation (a capture writes `x`). */
  separator: string;
  /** Whether a rule reads the sites a slide went over (`on-path`): then `apply` records them in the context's trail. */
  trail: { read: boolean };
  /**
   * Set when `to` is `(empty to)` and `through` is `(empty site)` or absent with range 1 (a queen's
   * or rook's move): generation then tests emptiness inline rather than calling the conditions.
   */
  open?: boolean;
  /**
   * Set when `to` is `(not (friend to))` and the path as for `open` (a chess rook's or queen's
   * move): the ray also ends on the first piece not the mover's, capturing it, tested inline.
   */
  openTake?: boolean;
}

const CROSSED = 1;

export class SlideGenerator implements LeafGenerator {
  id = -1;
  rule = "";
  private readonly dirCount: number;

  constructor(private readonly o: SlideOptions) {
    this.dirCount = o.topology.dirNames.length;
    // Drawn in playouts: whole stacks, fixed directions and reach, no portals (see sample).
    const drawable = o.portals === null && !o.onward && o.take === "all" && typeof o.range === "number";
    const rays = o.dirs.map((dirs) => (drawable ? rayTable(o.topology, dirs, o.range as number) : null));
    this.inline = o.open === true || o.openTake === true;
    this.draw = drawable && rays.every((r) => r !== null)
      ? new RayDraw(o, rays as RayTable[], {
          movable: (s, c, site) => canMove(o, s, c, site),
          legal: (s, c, site, d, dist, target) => this.slidesOnto(s, c, site, d, dist, target),
          add: (s, c, out, site, target) => {
            const h = s.height[site]!;
            const row = out.add(this.id, o.kind, site, target, h, s.piece[site]!);
            out.extra[row] = h << 1;
            if (s.owner[target] !== EMPTY && s.owner[target] !== c.player) out.setCapture(row, target);
          },
        }, this.inline ? { reach: o.range as number, takeEnemy: o.openTake === true } : null)
      : null;
    this.canSample = this.draw !== null;
  }

  /** Tested inline, as the open slides are generated: emptiness, and the enemy piece ending an open-take ray. */
  private readonly inline: boolean;
  /** The draw of one slide in a playout (see RayDraw), where this slide's moves are drawn. */
  private readonly draw: RayDraw | null;
  /** Whether `sample` can draw this slide's moves (else the caller generates them). */
  readonly canSample: boolean;

  /** A uniformly random slide, drawn without listing them all (see RayDraw.sample). */
  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    return this.draw === null ? UNKNOWN : this.draw.sample(s, c, out);
  }

  /**
   * Whether the whole stack on `site` (context set) slides `dist` sites along direction `d` onto
   * `target`: the sites before it passable, as generate passes them, and `target` a landing.
   */
  private slidesOnto(s: State, c: Ctx, site: number, d: number, dist: number, target: number): boolean {
    const o = this.o, n = o.topology.n, step = o.topology.step, owner = s.owner;
    let cur = site;
    if (this.inline) {
      for (let j = 1; j < dist; j++) {
        cur = step[d * n + cur]!;
        if (owner[cur] !== EMPTY) return false;
      }
      return owner[target] === EMPTY || (o.openTake === true && owner[target] !== c.player);
    }
    const through = o.through;
    if (through !== null) {
      for (let j = 1; j < dist; j++) {
        cur = step[d * n + cur]!;
        // As generate asks it: the site just reached is also `to`.
        c.to = cur;
        c.site = cur;
        if (!through(s, c)) return false;
      }
    }
    c.to = target;
    c.crossed = false;
    return o.to(s, c);
  }

  /** Whether the mover has a slide, stopping at the first (what `no-moves` asks after every decision). */
  any(s: State, c: Ctx): boolean {
    return this.slides(s, c, null);
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    this.slides(s, c, out);
  }

  /** Adds the mover's slides to `out`; without `out`, whether there is one (stopping at the first). */
  private slides(s: State, c: Ctx, out: MoveBuffer | null): boolean {
    if (this.inline && this.o.portals === null && this.o.take === "all") return this.openSlides(s, c, out);
    const o = this.o;
    const n = o.topology.n, step = o.topology.step, owner = s.owner, height = s.height;
    const portals = o.portals, to = o.to, through = o.through;
    const p = c.player;
    const dirs = directionsNow(o, s, p);
    const portalBase = p * this.dirCount;
    const onlyType = o.onlyType ?? -1;
    for (let last = originEnd(o.origin, s, n), site = nextOwned(onlyType, s, c.player, originStart(o.origin, s), last); site < last; site = nextOwned(onlyType, s, c.player, site + 1, last)) {
      if (owner[site] !== p) continue;
      const type = s.piece[site]!;
      if (o.pieces !== null && o.pieces[type] === 0) continue;
      c.from = site;
      c.piece = type;
      c.selfFlags = s.flags[site]!;
      const h = height[site]!;
      // In from:, (count) is the whole stack and nothing has crossed yet.
      c.count = h;
      c.crossed = false;
      if (o.from !== null && !o.from(s, c)) continue;
      const lo = o.take === "all" ? h : 1;
      const hi = o.take === "part" ? h - 1 : h;
      const firstRow = out === null ? 0 : out.size;
      // Past the move limit the buffer stops growing and the caller reports it: stop here too.
      for (let count = lo; count <= hi && !(out !== null && out.overflow); count++) {
        c.count = count;
        const maxDist = o.range === "count" ? count : o.range;
        for (let k = 0; k < dirs.length; k++) {
          const d = dirs[k]!;
          let cur = site;
          let crossed = false;
          for (let dist = 1; dist <= maxDist; dist++) {
            let next = step[d * n + cur]!;
            if (next < 0) {
              next = portals === null ? -1 : portals[(portalBase + d) * n + cur]!;
              if (next < 0) break;
              crossed = true;
            }
            // A slide never ends where it started (it may pass its origin after a portal).
            if (next !== site) {
              c.to = next;
              c.crossed = crossed;
              if (out === null) {
                if (to(s, c)) return true;
              } else if (to(s, c) && !(crossed && this.duplicate(out, firstRow, next, count))) {
                const row = out.add(this.id, o.kind, site, next, count, type);
                out.extra[row] = (crossed ? CROSSED : 0) | (h << 1);
                if (owner[next] !== EMPTY && owner[next] !== p) out.setCapture(row, next);
              }
            }
            if (through !== null) {
              c.site = next;
              if (!through(s, c)) break;
            }
            cur = next;
          }
        }
      }
    }
    return false;
  }

  /**
   * generate as code (see MoveSource.compile), without portals: the conditions inlined, the
   * directions, range and stack rule fixed. Slides through portals keep their closures.
   */
  compile(e: Emitter): CompiledSource | null {
    const o = this.o;
    if (o.portals !== null) return null;
    const n = o.topology.n;
    const dirs = o.onward
      ? `${e.ref(directionsNow, "directionsNow")}(${e.ref(o, "options")}, s, p)`
      : perSeat(e, o.dirs, "dirs", sameDirections);
    const loop = originHead(e, o);
    const pieces = o.pieces === null ? "" : `if (${e.ref(o.pieces, "pieces")}[type] === 0) continue;\n`;
    const range = (count: string) => (o.range === "count" ? count : e.int(o.range));
    const head = `const owner = s.owner, height = s.height, step = ${e.ref(o.topology.step, "step")}, p = c.player;
const ds = ${dirs};`;
    const open = (o.open === true || o.openTake === true) && o.take === "all";
    let body: string;
    if (open) {
      const from = o.from === null ? "" : `${movingPiece(e)}if (!${e.cond(o.from, "a slide's from: condition", { from: "site" })}) continue;\n`;
      const take = o.openTake !== true
        ? ""
        : `if (next >= 0 && dist <= maxDist && owner[next] !== p) {
const row = out.add(${e.int(this.id)}, ${e.int(o.kind)}, site, next, h, type);
out.extra[row] = h << 1;
out.setCapture(row, next);
}`;
      body = `${loop}
if (owner[site] !== p) continue;
const type = s.piece[site];
${pieces}const h = height[site];
${from}const maxDist = ${range("h")};
for (let k = 0; k < ds.length; k++) {
const base = ds[k] * ${e.int(n)};
let next = step[base + site], dist = 1;
for (; dist <= maxDist && next >= 0 && owner[next] === ${EMPTY}; dist++) {
const row = out.add(${e.int(this.id)}, ${e.int(o.kind)}, site, next, h, type);
out.extra[row] = h << 1;
next = step[base + next];
}
${take}
}
}`;
    } else {
      const from = o.from === null ? "" : `if (!${e.cond(o.from, "a slide's from: condition", { from: "site" })}) continue;\n`;
      const through = o.through === null ? "" : `${e.set("site", "next")};\nif (!${e.cond(o.through, "a slide's through: condition", { from: "site", site: "next" })}) break;\n`;
      const counts = o.take === "all" ? "h" : "1";
      const most = o.take === "part" ? "h - 1" : "h";
      body = `${loop}
if (owner[site] !== p) continue;
const type = s.piece[site];
${pieces}${e.set("from", "site")};
${e.set("piece", "type")};
${e.set("selfFlags", "s.flags[site]")};
const h = height[site];
${e.set("count", "h")};
${e.set("crossed", "false")};
${from}for (let count = ${counts}; count <= ${most} && !out.overflow; count++) {
${e.set("count", "count")};
const maxDist = ${range("count")};
for (let k = 0; k < ds.length; k++) {
const base = ds[k] * ${e.int(n)};
let cur = site;
for (let dist = 1; dist <= maxDist; dist++) {
const next = step[base + cur];
if (next < 0) break;
if (next !== site) {
${e.set("to", "next")};
${e.set("crossed", "false")};
if (${e.cond(o.to, "a slide's to: condition", { from: "site", to: "next" })}) {
const row = out.add(${e.int(this.id)}, ${e.int(o.kind)}, site, next, count, type);
out.extra[row] = h << 1;
if (owner[next] !== ${EMPTY} && owner[next] !== p) out.setCapture(row, next);
}
}
${through}cur = next;
}
}
}
}`;
    }
    return { generate: e.build<MoveSource["generate"]>(`${this.constructor.name}_generate`, "s, c, out", `${head}\n${body}`) };
  }

  /** Whole stacks onto empty sites over empty sites, no portals: the same moves as slides, tested inline. */
  private openSlides(s: State, c: Ctx, out: MoveBuffer | null): boolean {
    const o = this.o;
    const n = o.topology.n, step = o.topology.step, owner = s.owner, height = s.height;
    const p = c.player, id = this.id, kind = o.kind;
    const dirs = directionsNow(o, s, p);
    const onlyType = o.onlyType ?? -1;
    for (let last = originEnd(o.origin, s, n), site = nextOwned(onlyType, s, c.player, originStart(o.origin, s), last); site < last; site = nextOwned(onlyType, s, c.player, site + 1, last)) {
      if (owner[site] !== p) continue;
      const type = s.piece[site]!;
      if (o.pieces !== null && o.pieces[type] === 0) continue;
      const h = height[site]!;
      if (o.from !== null) {
        c.from = site;
        c.piece = type;
        c.selfFlags = s.flags[site]!;
        c.count = h;
        c.crossed = false;
        if (!o.from(s, c)) continue;
      }
      const maxDist = o.range === "count" ? h : o.range;
      const take = o.openTake === true;
      for (let k = 0; k < dirs.length; k++) {
        const base = dirs[k]! * n;
        let next = step[base + site]!, dist = 1;
        for (; dist <= maxDist && next >= 0 && owner[next] === EMPTY; dist++) {
          if (out === null) return true;
          const row = out.add(id, kind, site, next, h, type);
          out.extra[row] = h << 1;
          next = step[base + next]!;
        }
        // The first piece on the ray, when it is not the mover's, is taken.
        if (take && next >= 0 && dist <= maxDist && owner[next] !== p) {
          if (out === null) return true;
          const row = out.add(id, kind, site, next, h, type);
          out.extra[row] = h << 1;
          out.setCapture(row, next);
        }
      }
    }
    return false;
  }

  /**
   * Whether a slide of `c.player` could end on the occupied `target`: each direction's ray is
   * walked back from `target`, and every stack of the player met is tried with the slide's own
   * conditions; with sites passable only when empty (a rook's, a queen's) the first piece met ends
   * the ray.
   */
  lands(s: State, c: Ctx, target: number): boolean {
    const o = this.o;
    if (o.portals !== null) return generatesOnto(this, s, c, target);
    const n = o.topology.n, step = o.topology.step, opposite = o.topology.opposite, owner = s.owner, p = c.player;
    const dirs = directionsNow(o, s, p);
    const lo = originStart(o.origin, s), hi = originEnd(o.origin, s, n);
    const blocks = o.open === true || o.openTake === true;
    for (let k = 0; k < dirs.length; k++) {
      const d = dirs[k]!, back = opposite[d]!;
      // A board whose lines do not lead back: ask the slow way.
      if (back < 0) return generatesOnto(this, s, c, target);
      let cur = target;
      for (let dist = 1; dist < n; dist++) {
        const x = step[back * n + cur]!;
        if (x < 0 || step[d * n + x] !== cur) break;
        if (owner[x] !== EMPTY) {
          if (owner[x] === p && x >= lo && x < hi && this.reaches(s, c, x, d, dist, target)) return true;
          if (blocks) break;
        }
        cur = x;
      }
    }
    return false;
  }

  /** Whether the stack on `from` may slide `dist` sites in direction `d` to `target` (some part of it, as `take` allows). */
  private reaches(s: State, c: Ctx, from: number, d: number, dist: number, target: number): boolean {
    const o = this.o, n = o.topology.n, step = o.topology.step;
    const type = s.piece[from]!;
    if (o.pieces !== null && o.pieces[type] === 0) return false;
    const h = s.height[from]!;
    c.from = from;
    c.piece = type;
    c.selfFlags = s.flags[from]!;
    c.count = h;
    c.crossed = false;
    if (o.from !== null && !o.from(s, c)) return false;
    const lo = o.take === "all" ? h : 1, hi = o.take === "part" ? h - 1 : h;
    for (let count = hi; count >= lo; count--) {
      if (dist > (o.range === "count" ? count : o.range)) continue;
      c.count = count;
      let open = true;
      for (let x = step[d * n + from]!, i = 1; open && i < dist; i++, x = step[d * n + x]!) {
        if (o.through === null) continue;
        c.site = x;
        open = o.through(s, c);
      }
      if (!open) continue;
      c.to = target;
      if (o.to(s, c)) return true;
    }
    return false;
  }

  /**
   * The most moves one position can have, for `validate`'s warning: every piece (up to `pieces`)
   * in every direction as far as it may go, with every part of a stack up to `height` high.
   */
  movesBound(pieces: number, height: number): MovesBound {
    const dirs = Math.max(0, ...this.o.dirs.map((d) => d.length)) || this.dirCount;
    const n = this.o.topology.n;
    const far = Math.min(this.o.range === "count" ? height : this.o.range, n - 1);
    const parts = this.o.take === "all" ? 1 : height;
    return {
      moves: pieces * dirs * far * parts,
      how: `${big(pieces)} ${pieces === 1 ? "stack" : "stacks"} in ${dirs} directions up to ${big(far)} sites${parts > 1 ? `, each part of a stack up to ${big(height)} high` : ""}`,
    };
  }

  /** Two directions can reach one site through portals: the same move, listed once. */
  private duplicate(out: MoveBuffer, firstRow: number, to: number, count: number): boolean {
    for (let r = firstRow; r < out.size; r++) {
      if (out.to[r] === to && out.count[r] === count && (out.extra[r]! & CROSSED) !== 0) return true;
    }
    return false;
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const from = buf.from[row]!, to = buf.to[row]!, count = buf.count[row]!;
    const mover = s.owner[from]!, type = s.piece[from]!, flags = s.flags[from]!;
    c.from = from;
    c.to = to;
    c.count = count;
    c.piece = type;
    c.crossed = (buf.extra[row]! & CROSSED) !== 0;
    c.selfFlags = flags;
    if (this.o.trail.read && !c.crossed) this.recordTrail(c, from, to);
    const target = s.owner[to]!;
    if (target !== EMPTY && target !== mover) {
      for (const e of this.o.onCapture) e(s, c);
      s.clear(to);
    }
    const landsAlone = s.owner[to] === EMPTY;
    if (!landsAlone && s.height[to]! + count > MAX_HEIGHT) {
      const labels = this.o.topology.labels;
      throw new PlayLimitError(this.rule, `would stack ${big(s.height[to]! + count)} pieces on ${labels[to]}, above the ${big(MAX_HEIGHT)} a stack may hold`, positionWords(s));
    }
    // Through the board primitives, so that piece counts (and a mixed stack's levels) stay true.
    const L = s.levels;
    if (L) {
      // The top `count` pieces of the stack travel as they are, each with its owner and type.
      const base = from * L, h = s.height[from]!;
      for (let k = h - count; k < h; k++) s.addPieces(to, s.levelOwner[base + k]!, s.levelPiece[base + k]!, 1);
    } else s.addPieces(to, mover, type, count);
    s.flags[to] = landsAlone ? flags : s.flags[to]! | flags;
    s.takePieces(from, count);
    for (const e of this.o.then) e(s, c);
  }

  /**
   * The sites the slide went over, for `on-path`: along the board direction whose line from `from`
   * reaches `to`, every site after `from` up to `to`. (A path through a portal is not recorded.)
   */
  private recordTrail(c: Ctx, from: number, to: number): void {
    const topo = this.o.topology, n = topo.n, step = topo.step, d = lineDirection(topo, from, to);
    if (d < 0) return;
    for (let at = step[d * n + from]!; ; at = step[d * n + at]!) {
      addToTrail(c, at);
      if (at === to) return;
    }
  }

  /** `from-to`, `fromxto` for a capture, `^` after a path through a portal, `/n` when part of the stack travels. */
  notation(buf: MoveBuffer, row: number): string {
    const l = this.o.topology.labels;
    const extra = buf.extra[row]!;
    const count = buf.count[row]!;
    const sep = buf.capLen[row] ? "x" : this.o.separator;
    const via = extra & CROSSED ? "^" : "";
    const part = count !== extra >> 1 ? `/${count}` : "";
    return `${l[buf.from[row]!]}${sep}${l[buf.to[row]!]}${via}${part}`;
  }

  actions(buf: MoveBuffer, row: number): PrimitiveAction[] {
    const l = this.o.topology.labels;
    const out: PrimitiveAction[] = buf.capLen[row] ? [{ op: "remove", at: l[buf.to[row]!]! }] : [];
    out.push({ op: "transfer", from: l[buf.from[row]!]!, to: l[buf.to[row]!]!, count: buf.count[row]! });
    return out;
  }
}
