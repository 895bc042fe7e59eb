/**
 * Turning or flipping a region's contents as a whole (Pentago's quarter turn): every piece of the
 * region goes to the site a rotation (or a reflection) of the board's geometry carries its site to.
 * The maps are worked out once, when the description is compiled (compile/region-motion.ts); a move
 * is a permutation of the region's sites applied through the board primitives, so piece counts,
 * groups and the board's key stay true.
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import type { Ctx, Effect, LeafGenerator } from "../play/rules.js";
import { EMPTY, type State } from "../state/state.js";
import type { Topology } from "../board/topology.js";

/** One way of moving one region: where each of its sites goes. */
export interface RegionMotion {
  /** The region's sites, and the site each one's contents go to (same order). */
  readonly sites: Int32Array;
  readonly images: Int32Array;
  /** The site the move names and is clicked at: the region's centre, or -1 when no site stands there. */
  readonly centre: number;
  /** How the move is written: the centre's label (or the region's name) and the way, e.g. `b2cw`. */
  readonly notation: string;
}

export class RegionTurnGenerator implements LeafGenerator {
  id = -1;
  rule = "";
  /** Scratch for a region's contents while they move (sized for the largest region). */
  private readonly owner: Int32Array;
  private readonly piece: Int32Array;
  private readonly height: Int32Array;
  private readonly flags: Int32Array;

  constructor(
    private readonly topology: Topology,
    private readonly kind: number,
    private readonly motions: readonly RegionMotion[],
    private readonly then: Effect[],
  ) {
    const most = Math.max(1, ...motions.map((m) => m.sites.length));
    this.owner = new Int32Array(most);
    this.piece = new Int32Array(most);
    this.height = new Int32Array(most);
    this.flags = new Int32Array(most);
  }

  /** Turning moves no piece onto another's: it attacks nothing. */
  lands(): boolean {
    return false;
  }

  /** One move per region and way, whatever stands in the region (turning an empty one is a move too). */
  generate(_s: State, _c: Ctx, out: MoveBuffer): void {
    for (let k = 0; k < this.motions.length; k++) {
      const m = this.motions[k]!;
      const row = out.add(this.id, this.kind, -1, m.centre >= 0 ? m.centre : m.sites[0]!, 0);
      out.extra[row] = k;
    }
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const m = this.motions[buf.extra[row]!]!;
    const { sites, images } = m;
    c.from = -1;
    c.to = buf.to[row]!;
    // Lift everything, then put each piece down where its site goes: a permutation has cycles, so no
    // order of single moves would do.
    for (let i = 0; i < sites.length; i++) {
      const at = sites[i]!;
      this.owner[i] = s.owner[at]!;
      this.piece[i] = s.piece[at]!;
      this.height[i] = s.height[at]!;
      this.flags[i] = s.flags[at]!;
      s.clear(at);
    }
    for (let i = 0; i < sites.length; i++) if (this.owner[i] !== EMPTY) s.put(images[i]!, this.owner[i]!, this.piece[i]!, this.height[i]!, this.flags[i]!);
    for (const e of this.then) e(s, c);
    s.touch();
  }

  notation(buf: MoveBuffer, row: number): string {
    return this.motions[buf.extra[row]!]!.notation;
  }

  /** The pieces that change place, each as a move (all made at once). */
  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const { sites, images } = this.motions[buf.extra[row]!]!;
    const l = this.topology.labels, out: PrimitiveAction[] = [];
    for (let i = 0; i < sites.length; i++) if (s.owner[sites[i]!] !== EMPTY && sites[i] !== images[i]) out.push({ op: "move", from: l[sites[i]!]!, to: l[images[i]!]! });
    return out;
  }
}
