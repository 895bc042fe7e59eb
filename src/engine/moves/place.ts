/**
 * Moves that pick a site rather than move a piece: adding a piece (from the mover's supply, or a
 * neutral piece such as a block) and selecting a site for the effects to act on (e.g. choosing a
 * starting point).
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { nextInt } from "../state/rng.js";
import { NONE, SAMPLED, UNKNOWN, type Ctx, type Effect, type LeafGenerator, type Pred, type SampleResult } from "../play/rules.js";
import { changeSupply, EMPTY, NEUTRAL, type State } from "../state/state.js";
import type { Topology } from "../board/topology.js";
import type { Emitter } from "../compiled/emitter.js";
import type { CompiledSource, MoveSource } from "../play/rules.js";
import { rowCtx } from "./generators.js";

export interface SiteChoiceOptions {
  topology: Topology;
  kind: number;
  /** Condition on the chosen site (c.to). */
  to: Pred;
  /** The sites a choice is made among (`at:`), null: every site of the board. */
  at: Int32Array | null;
  then: Effect[];
  /** Tells the consequences as primitive actions, for a choice about to be made in `s` (records, narration). */
  describeThen: (s: State, c: Ctx) => PrimitiveAction[];
  /** Written before the site in the notation (`*e3`, `#c2`, `@g2`). */
  prefix: string;
}

/** Random sites tried by `sample` before it leaves the choice to full generation. */
const SAMPLE_TRIES = 16;

/** Chooses a site; only the effects change the state. */
export class SelectGenerator implements LeafGenerator {
  id = -1;
  rule = "";

  /** A choice of site (or a piece put on an empty one) moves no piece onto another: it attacks nothing. */
  lands(): boolean {
    return false;
  }
  constructor(protected readonly o: SiteChoiceOptions) {}

  /** Whether the mover may act at all (e.g. has something in supply). */
  protected available(_s: State, _c: Ctx): boolean {
    return true;
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    if (!this.available(s, c)) return;
    this.resetCtx(c);
    const to = this.o.to, at = this.o.at, n = at === null ? this.o.topology.n : at.length, first = out.size;
    for (let i = 0; i < n; i++) {
      const site = at === null ? i : at[i]!;
      c.to = site;
      if (!to(s, c)) continue;
      const lands = this.landing(s, site);
      // Sites that fall to the same place are one move.
      if (lands !== site && this.merges() && this.listed(out, first, lands)) continue;
      out.add(this.id, this.o.kind, -1, lands, 1, this.pieceType());
    }
  }

  /** Whether a row from `first` on already lands on `site` (public for the compiled generate). */
  listed(out: MoveBuffer, first: number, site: number): boolean {
    for (let r = first; r < out.size; r++) if (out.to[r] === site) return true;
    return false;
  }

  /** Where a choice of `site` ends (an added piece may fall further, see AddOptions.falls). */
  protected landing(_s: State, site: number): number {
    return site;
  }

  /** Whether two sites chosen may end on the same one (then they are one move). */
  protected merges(): boolean {
    return false;
  }

  /**
   * A uniformly random legal site without looking at them all: random sites until one satisfies
   * the condition (each accepted site is equally likely). When the legal sites are few, the tries
   * run out and the caller generates them all instead.
   */
  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    if (!this.available(s, c)) return NONE;
    this.resetCtx(c);
    const to = this.o.to, at = this.o.at, n = at === null ? this.o.topology.n : at.length;
    for (let tries = 0; tries < SAMPLE_TRIES; tries++) {
      const i = nextInt(s.rng, n), site = at === null ? i : at[i]!;
      c.to = site;
      if (to(s, c)) {
        out.add(this.id, this.o.kind, -1, this.landing(s, site), 1, this.pieceType());
        return SAMPLED;
      }
    }
    return UNKNOWN;
  }

  /** One slot per site of the choice (see MoveSource.slotCount); none where sites may fall to one place. */
  slotCount(s: State, c: Ctx): number {
    if (this.merges()) return -1;
    if (!this.available(s, c)) return 0;
    return this.o.at === null ? this.o.topology.n : this.o.at.length;
  }

  trySlot(s: State, c: Ctx, k: number, out: MoveBuffer): boolean {
    this.resetCtx(c);
    const site = this.o.at === null ? k : this.o.at[k]!;
    c.to = site;
    if (!this.o.to(s, c)) return false;
    out.add(this.id, this.o.kind, -1, this.landing(s, site), 1, this.pieceType());
    return true;
  }

  protected pieceType(): number {
    return -1;
  }

  /**
   * generate, sample and trySlot as code (see MoveSource.compile): the site condition inlined, the
   * choice's options (supply, piece, falls) decided here. Each function's text is made just before
   * it is built (a text's locals are its function's).
   */
  compile(e: Emitter): CompiledSource {
    const at = this.o.at, n = at === null ? this.o.topology.n : at.length;
    const siteOf = (i: string) => (at === null ? i : `${e.ref(at, "at")}[${i}]`);
    const available = this.availableSource(e);
    const reset = () =>
      `${e.set("from", "-1")};\n${e.set("count", "1")};\n${e.set("crossed", "false")};\n${e.set("piece", e.int(this.pieceType()))};\n${e.set("selfFlags", e.int(this.selfFlags()))};`;
    const test = () => e.cond(this.o.to, "a choice's site condition", { to: "site" });
    const add = (lands: string) => `out.add(${e.int(this.id)}, ${e.int(this.o.kind)}, -1, ${lands}, 1, ${e.int(this.pieceType())})`;
    const merge = this.merges() ? `if (lands !== site && ${e.ref(this, "choice")}.listed(out, first, lands)) continue;\n` : "";
    const generate = e.build<MoveSource["generate"]>(`${this.constructor.name}_generate`, "s, c, out",
      `if (!(${available})) return;
${reset()}
const first = out.size;
for (let i = 0; i < ${e.int(n)}; i++) {
const site = ${siteOf("i")};
${e.set("to", "site")};
if (!${test()}) continue;
const lands = ${this.landingSource(e, "site")};
${merge}${add("lands")};
}`,
    );
    const trySlot = e.build<NonNullable<MoveSource["trySlot"]>>(`${this.constructor.name}_trySlot`, "s, c, k, out",
      `${reset()}
const site = ${siteOf("k")};
${e.set("to", "site")};
if (!${test()}) return false;
${add(this.landingSource(e, "site"))};
return true;`,
    );
    const sample = e.build<NonNullable<MoveSource["sample"]>>(`${this.constructor.name}_sample`, "s, c, out",
      `if (!(${available})) return ${NONE};
${reset()}
for (let tries = 0; tries < ${SAMPLE_TRIES}; tries++) {
const i = ${e.ref(nextInt, "nextInt")}(s.rng, ${e.int(n)}), site = ${siteOf("i")};
${e.set("to", "site")};
if (${test()}) {
${add(this.landingSource(e, "site"))};
return ${SAMPLED};
}
}
return ${UNKNOWN};`,
    );
    return { generate, sample, trySlot };
  }

  /** `available` as source (see compile). */
  protected availableSource(_e: Emitter): string {
    return "true";
  }

  /** `landing` of the site named `site` as source. */
  protected landingSource(_e: Emitter, site: string): string {
    return site;
  }

  /** The flags `resetCtx` gives `self`. */
  protected selfFlags(): number {
    return 0;
  }

  /** Nothing travels: no origin, no path; `self` is what would be put down. */
  protected resetCtx(c: Ctx): void {
    c.from = -1;
    c.count = 1;
    c.crossed = false;
    c.piece = this.pieceType();
    c.selfFlags = 0;
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    this.resetCtx(c);
    c.to = buf.to[row]!;
    this.place(s, c);
    for (const e of this.o.then) e(s, c);
  }

  protected place(_s: State, _c: Ctx): void {}

  notation(buf: MoveBuffer, row: number): string {
    return `${this.o.prefix}${this.o.topology.labels[buf.to[row]!]}`;
  }

  /** A choice changes nothing itself: its consequences, told. */
  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    return this.o.describeThen(s, rowCtx(buf, row, s));
  }
}

export interface AddOptions extends SiteChoiceOptions {
  piece: number;
  pieceName: string;
  /** The mover's piece, or a neutral one. */
  neutral: boolean;
  /** Taken from the mover's supply (impossible when it is empty). */
  fromSupply: boolean;
  /** Flags the new piece starts with. */
  flags: number;
  /**
   * A board direction (index) in which the piece falls from the chosen site, over empty sites, as
   * far as it can (a disc dropped into a column); -1: it stays where it is put.
   */
  falls: number;
}

/** Adds one piece on an empty site the condition allows. */
export class AddGenerator extends SelectGenerator {
  /**
   * Whether pieces falling from different sites of `at:` can never land on the same site (their
   * falls share no site: the top row of a grid falling down its columns). Then each landing is
   * one site's, and a random site is a random landing.
   */
  private readonly separateFalls: boolean;

  constructor(private readonly a: AddOptions) {
    super(a);
    this.separateFalls = a.falls < 0 || separateFalls(a);
  }

  protected override available(s: State, c: Ctx): boolean {
    return !this.a.fromSupply || s.supply[c.player]! > 0;
  }

  /** Where falls may meet, a random site would pick a landing as often as sites fall to it: then the moves are generated. */
  get canSample(): boolean {
    return this.separateFalls;
  }

  protected override merges(): boolean {
    return !this.separateFalls;
  }

  protected override landing(s: State, site: number): number {
    const d = this.a.falls;
    if (d < 0) return site;
    const step = this.a.topology.step, n = this.a.topology.n, owner = s.owner;
    for (let next = step[d * n + site]!; next >= 0 && owner[next] === EMPTY; next = step[d * n + site]!) site = next;
    return site;
  }

  protected override pieceType(): number {
    return this.a.piece;
  }

  protected override availableSource(_e: Emitter): string {
    return this.a.fromSupply ? `s.supply[c.player] > 0` : "true";
  }

  protected override landingSource(e: Emitter, site: string): string {
    return this.a.falls < 0 ? site : `${e.ref(this, "add")}.landing(s, ${site})`;
  }

  protected override selfFlags(): number {
    return this.a.flags;
  }

  protected override resetCtx(c: Ctx): void {
    super.resetCtx(c);
    c.selfFlags = this.a.flags;
  }

  /**
   * Puts the piece down, replacing whatever stood there if the condition allowed an occupied site
   * (with mixed stacks, on top of it).
   */
  protected override place(s: State, c: Ctx): void {
    const owner = this.a.neutral ? NEUTRAL : c.player;
    if (s.levels && s.owner[c.to] !== EMPTY) s.addPieces(c.to, owner, this.a.piece, 1);
    else {
      s.clear(c.to);
      s.put(c.to, owner, this.a.piece, 1, this.a.flags);
    }
    if (this.a.fromSupply) s.supply[c.player]!--;
  }

  override actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    return [{ op: "add", at: this.a.topology.labels[buf.to[row]!]!, piece: this.a.pieceName, count: 1 }, ...this.a.describeThen(s, rowCtx(buf, row, s))];
  }
}

export interface LiftOptions {
  topology: Topology;
  kind: number;
  /** Condition on the site (c.from). */
  from: Pred;
  toSupply: boolean;
  /** The pieces each player owns (see changeSupply). */
  supplyTotal: number;
  then: Effect[];
  /** Tells the consequences as primitive actions (records, narration). */
  describeThen: (s: State, c: Ctx) => PrimitiveAction[];
  prefix: string;
}

/** Takes one of the mover's pieces off the board (back to the supply, if so). */
export class LiftGenerator implements LeafGenerator {
  id = -1;
  rule = "";

  /** Lifting a piece off the board moves it onto no site: it attacks nothing. */
  lands(): boolean {
    return false;
  }
  constructor(private readonly o: LiftOptions) {}

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const n = this.o.topology.n, owner = s.owner, p = c.player;
    c.to = -1;
    c.crossed = false;
    for (let site = 0; site < n; site++) {
      if (owner[site] !== p) continue;
      c.from = site;
      c.piece = s.piece[site]!;
      c.count = s.height[site]!;
      c.selfFlags = s.flags[site]!;
      if (this.o.from(s, c)) out.add(this.id, this.o.kind, site, -1, s.levels ? 1 : s.height[site]!, s.piece[site]!);
    }
  }

  /** generate as code (see MoveSource.compile): the condition on the site inlined. */
  compile(e: Emitter): CompiledSource {
    const o = this.o;
    const body = `const owner = s.owner, p = c.player;
${e.set("to", "-1")};
${e.set("crossed", "false")};
for (let site = 0; site < ${e.int(o.topology.n)}; site++) {
if (owner[site] !== p) continue;
${e.set("from", "site")};
${e.set("piece", "s.piece[site]")};
${e.set("count", "s.height[site]")};
${e.set("selfFlags", "s.flags[site]")};
if (${e.cond(o.from, "a lift's from: condition", { from: "site" })}) out.add(${e.int(this.id)}, ${e.int(o.kind)}, site, -1, s.levels ? 1 : s.height[site], s.piece[site]);
}`;
    return { generate: e.build<MoveSource["generate"]>(`${this.constructor.name}_generate`, "s, c, out", body) };
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const site = buf.from[row]!;
    c.from = site;
    c.to = -1;
    c.piece = s.piece[site]!;
    c.count = s.height[site]!;
    c.selfFlags = s.flags[site]!;
    c.crossed = false;
    // In a game of mixed stacks only the mover's piece on top leaves; the pieces under it stay.
    const k = s.levels ? 1 : s.height[site]!;
    if (this.o.toSupply) changeSupply(s, s.owner[site]!, k, this.o.supplyTotal, this.rule);
    s.takePieces(site, k);
    for (const e of this.o.then) e(s, c);
  }

  notation(buf: MoveBuffer, row: number): string {
    return `${this.o.prefix}${this.o.topology.labels[buf.from[row]!]}`;
  }

  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const at = this.o.topology.labels[buf.from[row]!]!;
    return [s.levels ? { op: "remove", at, count: 1 } : { op: "remove", at }, ...this.o.describeThen(s, rowCtx(buf, row, s))];
  }
}

/** Whether the falls from the sites of `at:` (the whole board without it) share no site. */
function separateFalls(a: AddOptions): boolean {
  const { step, n } = a.topology, d = a.falls;
  const seen = new Uint8Array(n);
  const sites = a.at ?? Int32Array.from({ length: n }, (_, i) => i);
  for (const from of sites) {
    for (let site = from, guard = 0; site >= 0 && guard <= n; site = step[d * n + site]!, guard++) {
      if (seen[site]) return false;
      seen[site] = 1;
    }
  }
  return true;
}
