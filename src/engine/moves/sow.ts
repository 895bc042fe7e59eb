/**
 * Sowing, the move of the mancala games: the mover picks up every seed of one of their pits and
 * drops them one by one into the following pits of their track (`track`, usually a loop), skipping
 * the pits `skip:` names (the opponent's store), and the pit sown from on later laps where
 * `skip-origin:` says so; where `origin-first:` holds, the first seed goes back into the pit
 * itself. Then, at the last pit sown: the captures (`capture-if:` / `capture:`), repeated on the
 * pits before it while they hold (`backtrack:`, Oware's run of 2s and 3s), and the consequences
 * (`then:`: an extra turn in the store, relay sowing from the last pit).
 *
 * With `count:`, only that many seeds are taken up; the rest stay in the pit.
 *
 * The same sowing is also an effect (SowEffect: a move's consequences sow from a pit and with a count
 * the rules compute, e.g. the seeds a capture took, sown on at once); both share the class Sowing.
 *
 * The pits sown are worked out on the position before the sowing, when the moves are listed (the
 * last is the move's `to`, so that a continuation from `last-to` sows on from it) and again, alike,
 * when the move is made: the path is a walk along the track's table that changes nothing, and skip
 * conditions are asked of that position, as in Ludii. On an open track, a pit whose seeds would run
 * past the end cannot be sown.
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { addToTrail, newCtx, type Ctx, type Effect, type IntExpr, type LeafGenerator, type Pred } from "../play/rules.js";
import { EMPTY, type State } from "../state/state.js";
import type { Topology } from "../board/topology.js";
import type { Track } from "./track.js";

/** What a sowing does, the move's and the effect's alike (`c.player`'s track, the pits from the position before it). */
export interface SowingOptions {
  topology: Topology;
  track: Track;
  /** Pits passed over without a seed (`c.to`); null: none. */
  skip: Pred | null;
  /** Whether the pit sown from is passed over when the sowing comes round to it again. */
  skipOrigin: boolean;
  /**
   * When the last seed is the one sown right after passing over the pit sown from: whether the
   * move's last pit (`to`, for captures and consequences) is read as that pit of origin, as Ludii
   * 1.3.12 reads it (so, in Oware, such a sowing captures nothing), rather than the pit sown.
   */
  lastAfterOriginIsOrigin: boolean;
  /** Where the first seed goes back into the pit sown from (`c.from`); null: never. */
  originFirst: Pred | null;
  /**
   * Seeds dropped into each pit (`c.to` the pit, read on the position before the sowing; below 1
   * counts as 1), the last pit taking what is left; null: one.
   */
  perPit: IntExpr | null;
  /** At the last pit (`c.to`): whether the capture effects run; null with captures: always. */
  captureIf: Pred | null;
  capture: Effect[];
  /** After a capture, go on to the pit before, capturing while `captureIf` holds there. */
  backtrack: boolean;
  then: Effect[];
  /** Whether a rule reads the pits sown (`on-path`): then the sowing records them in the context's trail. */
  trail: { read: boolean };
}

/** The sowing move: the pits the mover may sow from, and how many of their seeds. */
export interface SowOptions extends SowingOptions {
  kind: number;
  /** Which pits the mover may sow from (`c.from`); pits without seeds never. */
  from: Pred;
  /**
   * The seeds taken up and sown (`c.from` the pit, `c.count` all it holds), at most those it holds;
   * the others stay in the pit. None: nothing is sown, and the pit itself is the last. Null: all.
   */
  count: IntExpr | null;
}

/**
 * A sowing along the track of the player the rule is read for (`c.player`), the move's and the
 * effect's alike: the walk that finds the pits, the seeds laid in them, the captures at the last pit
 * and the consequences.
 */
class Sowing<O extends SowingOptions> {
  /** Round a loop with nothing passed over: the sowing is arithmetic (see walk). */
  protected readonly plainLoop: boolean;

  constructor(protected readonly o: O) {
    this.plainLoop = o.track.loop && o.skip === null && !o.skipOrigin && o.perPit === null;
  }

  protected ready(c: Ctx, from: number, s: State): void {
    c.from = from;
    c.over = -1;
    c.piece = s.piece[from]!;
    c.count = s.height[from]!;
    c.crossed = false;
    c.selfFlags = 0;
  }

  /**
   * The sowing of `c.count` seeds of `pit` along the player's track, on the position as it stands
   * (nothing is changed): calls `visit` with each pit a seed falls into, in order, and returns the
   * last (-1: no sowing, the seeds would run past the end of an open track). A plain loop, where
   * nothing is passed over, is worked out by arithmetic when no pit needs visiting.
   */
  protected walk(s: State, c: Ctx, pit: number, originFirst: boolean, visit?: (pit: number) => void): number {
    if (this.o.perPit !== null) return this.walkSeveral(s, c, pit, originFirst, visit);
    const o = this.o, sites = o.track.sites[c.player]!, L = sites.length;
    let seeds = c.count, last = -1;
    let i = o.track.position[c.player]![pit]!;
    this.lastPassedOrigin = false;
    if (originFirst) {
      visit?.(pit);
      seeds--;
      last = pit;
    }
    if (seeds > 0 && this.plainLoop && visit === undefined) return sites[(i + seeds) % L]!;
    // A track that passes over every pit would never end: after a lap of skips, the next pit is sown.
    let skipped = 0, passedOrigin = false;
    while (seeds > 0) {
      i++;
      if (i >= L) {
        if (!o.track.loop) return -1;
        i = 0;
      }
      const to = sites[i]!;
      if (skipped < L && o.skipOrigin && to === pit) {
        passedOrigin = true;
        skipped++;
        continue;
      }
      c.to = to;
      if (skipped < L && o.skip !== null && o.skip(s, c)) {
        skipped++;
        continue;
      }
      skipped = 0;
      visit?.(to);
      last = to;
      this.lastPassedOrigin = passedOrigin;
      passedOrigin = false;
      seeds--;
    }
    return last;
  }

  /** `walk` for a sowing of several seeds a pit (`per-pit:`), kept apart so that the common one-seed walk stays small. */
  private walkSeveral(s: State, c: Ctx, pit: number, originFirst: boolean, visit?: (pit: number) => void): number {
    const o = this.o, sites = o.track.sites[c.player]!, L = sites.length;
    let seeds = c.count, last = -1;
    let i = o.track.position[c.player]![pit]!;
    this.lastPassedOrigin = false;
    if (originFirst) {
      c.to = pit;
      for (let k = this.perPit(s, c); k > 0 && seeds > 0; k--) {
        visit?.(pit);
        seeds--;
      }
      last = pit;
    }
    // A track that passes over every pit would never end: after a lap of skips, the next pit is sown.
    let skipped = 0, passedOrigin = false;
    while (seeds > 0) {
      i++;
      if (i >= L) {
        if (!o.track.loop) return -1;
        i = 0;
      }
      const to = sites[i]!;
      if (skipped < L && o.skipOrigin && to === pit) {
        passedOrigin = true;
        skipped++;
        continue;
      }
      c.to = to;
      if (skipped < L && o.skip !== null && o.skip(s, c)) {
        skipped++;
        continue;
      }
      skipped = 0;
      for (let k = this.perPit(s, c); k > 0 && seeds > 0; k--) {
        visit?.(to);
        seeds--;
      }
      last = to;
      this.lastPassedOrigin = passedOrigin;
      passedOrigin = false;
    }
    return last;
  }

  /** The seeds a pit gets (`c.to`), at least one (with `per-pit:`). */
  private perPit(s: State, c: Ctx): number {
    return Math.max(1, this.o.perPit!(s, c));
  }

  /** Whether the last seed of the last walk was sown right after passing over the pit of origin. */
  private lastPassedOrigin = false;
  /** Every pit sown, in order, for `sow` (grown as needed). */
  private sown = new Int32Array(64);
  private sownCount = 0;
  private readonly collect = (to: number): void => {
    if (this.sownCount === this.sown.length) {
      const bigger = new Int32Array(this.sown.length * 2);
      bigger.set(this.sown);
      this.sown = bigger;
    }
    this.sown[this.sownCount++] = to;
  };

  /**
   * Sows `c.count` seeds (one or more) of `pit`, the context made ready for it, then runs the
   * captures at the last pit and the consequences. Nothing happens when the seeds would run past
   * the end of an open track (a move is then never listed).
   */
  protected sow(s: State, c: Ctx, pit: number): void {
    const o = this.o, owner = s.owner[pit]!, piece = s.piece[pit]!, seeds = c.count;
    // Asked of the pit before its seeds are taken up (`(count from)` is what it held).
    const first = this.originFirst(s, c);
    let sown: number;
    if (this.plainLoop) {
      sown = this.walk(s, c, pit, first);
      // Whole laps and a remainder: each pit's share at once.
      const sites = o.track.sites[c.player]!, L = sites.length, i = o.track.position[c.player]![pit]!;
      const rest = first ? seeds - 1 : seeds, laps = Math.floor(rest / L), extra = rest % L;
      s.takePieces(pit, seeds);
      if (first) s.addPieces(pit, owner, piece, 1);
      if (o.trail.read && first) addToTrail(c, pit);
      for (let k = 1; k <= L; k++) {
        const share = laps + (k <= extra ? 1 : 0);
        if (share === 0) continue;
        s.addPieces(sites[(i + k) % L]!, owner, piece, share);
        if (o.trail.read) addToTrail(c, sites[(i + k) % L]!);
      }
    } else {
      // The pits are found on the position before the sowing, as the move was listed.
      this.sownCount = 0;
      sown = this.walk(s, c, pit, first, this.collect);
      if (sown < 0) return;
      s.takePieces(pit, seeds);
      for (let k = 0; k < this.sownCount; k++) s.addPieces(this.sown[k]!, owner, piece, 1);
      if (o.trail.read) for (let k = 0; k < this.sownCount; k++) addToTrail(c, this.sown[k]!);
    }
    // The pit the rules read as the last: the one sown, or (Ludii's reading) the pit of origin.
    const last = this.lastPassedOrigin && o.lastAfterOriginIsOrigin ? pit : sown;
    c.to = last;
    if (last >= 0 && o.capture.length) this.captures(s, c, pit, last);
    c.to = last;
    for (const e of o.then) e(s, c);
  }

  /** Nothing to sow (a count of none): no seed falls, no capture; the consequences read the pit itself as the last. */
  protected sowNone(s: State, c: Ctx, pit: number): void {
    c.to = pit;
    for (const e of this.o.then) e(s, c);
  }

  protected originFirst(s: State, c: Ctx): boolean {
    return this.o.originFirst !== null && this.o.originFirst(s, c);
  }

  /** The captures at the last pit, and back along the track while they go on (`backtrack:`). */
  private captures(s: State, c: Ctx, pit: number, last: number): void {
    const o = this.o, sites = o.track.sites[c.player]!, L = sites.length;
    let i = o.track.position[c.player]![last]!;
    for (let n = 0; n < L; n++) {
      c.to = sites[i]!;
      if (o.captureIf !== null && !o.captureIf(s, c)) return;
      for (const e of o.capture) e(s, c);
      if (!o.backtrack) return;
      i = i === 0 ? (o.track.loop ? L - 1 : -1) : i - 1;
      if (i < 0 || sites[i] === pit) return;
    }
  }

  /** One seed from the pit to each pit sown, in order, the context made ready (the captures and consequences are not listed). */
  protected seedsSown(s: State, c: Ctx, pit: number, out: PrimitiveAction[]): PrimitiveAction[] {
    const l = this.o.topology.labels;
    this.walk(s, c, pit, this.originFirst(s, c), (to) => out.push({ op: "transfer", from: l[pit]!, to: l[to]!, count: 1 }));
    return out;
  }

  protected readonly scratchCtx = newCtx();
}

/** The sowing move: the mover picks a pit and sows its seeds (or `count:` of them). */
export class SowGenerator extends Sowing<SowOptions> implements LeafGenerator {
  id = -1;
  rule = "";

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const o = this.o, p = c.player, sites = o.track.sites[p]!, position = o.track.position[p]!;
    for (let i = 0; i < sites.length; i++) {
      const pit = sites[i]!;
      if (s.owner[pit] === EMPTY || position[pit] !== i) continue;
      this.ready(c, pit, s);
      if (!o.from(s, c)) continue;
      // (Kept out of the walk, which the common sowing runs hot.)
      if (o.count !== null && this.takesNone(s, c)) {
        out.add(this.id, o.kind, pit, pit, 0, s.piece[pit]!);
        continue;
      }
      const last = this.walk(s, c, pit, this.originFirst(s, c));
      c.to = -1;
      if (last >= 0) out.add(this.id, o.kind, pit, last, c.count, s.piece[pit]!);
    }
  }

  /** With `count:`: sets `c.count` to the seeds the sowing takes up, and tells whether that is none. */
  private takesNone(s: State, c: Ctx): boolean {
    c.count = Math.max(0, Math.min(c.count, this.o.count!(s, c)));
    return c.count === 0;
  }

  apply(s: State, buf: MoveBuffer, row: number, c: Ctx): void {
    const pit = buf.from[row]!;
    this.ready(c, pit, s);
    if (this.o.count !== null && this.takesNone(s, c)) this.sowNone(s, c, pit);
    else this.sow(s, c, pit);
  }

  notation(buf: MoveBuffer, row: number): string {
    return this.o.topology.labels[buf.from[row]!]!;
  }

  /** One seed from the pit to each pit sown, in order (the captures and consequences are not listed). */
  actions(buf: MoveBuffer, row: number, s: State): PrimitiveAction[] {
    const pit = buf.from[row]!, c = this.scratchCtx;
    c.player = s.mover;
    this.ready(c, pit, s);
    if (this.o.count !== null && this.takesNone(s, c)) return [];
    return this.seedsSown(s, c, pit, []);
  }
}

/**
 * A sowing as an effect, in a move's consequences (Ludii's `sow` in a `then` or a capture's
 * `apply`): the seeds of a pit the rules name (`count` of them, -1 for all it holds) sown along the
 * track of the player the rule is read for, with the captures and consequences of the sowing move.
 * The move's sites are put back once it is done (its own rules read `from` and `to` as its pit and
 * its last pit). Nothing happens when the pit is no site, off the player's track, or the seeds
 * would run past the end of an open track; with nothing to sow (an empty pit, a count of none),
 * the consequences run, reading the pit as the last.
 */
export class SowEffect extends Sowing<SowingOptions> {
  run(s: State, c: Ctx, pit: number, count: number): void {
    if (pit < 0 || this.o.track.position[c.player]![pit]! < 0) return;
    const from = c.from, over = c.over, to = c.to, piece = c.piece, held = c.count, crossed = c.crossed, selfFlags = c.selfFlags;
    this.take(s, c, pit, count);
    if (c.count === 0) this.sowNone(s, c, pit);
    else this.sow(s, c, pit);
    c.from = from;
    c.over = over;
    c.to = to;
    c.piece = piece;
    c.count = held;
    c.crossed = crossed;
    c.selfFlags = selfFlags;
  }

  /** The seeds that would fall, on the position as it stands (for the move's description). */
  describe(s: State, c: Ctx, pit: number, count: number): PrimitiveAction[] {
    if (pit < 0 || this.o.track.position[c.player]![pit]! < 0) return [];
    const scratch = this.scratchCtx;
    scratch.player = c.player;
    this.take(s, scratch, pit, count);
    return scratch.count === 0 ? [] : this.seedsSown(s, scratch, pit, []);
  }

  /** Makes the context ready for a sowing of `count` seeds of `pit` (all it holds when -1, never more). */
  private take(s: State, c: Ctx, pit: number, count: number): void {
    this.ready(c, pit, s);
    if (count >= 0) c.count = Math.min(c.count, count);
  }
}
