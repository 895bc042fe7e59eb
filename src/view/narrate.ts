/**
 * Narration: what a decision did beyond its notation, in words, for any game. Everything is read
 * from the states before and after the decision and from the move's structured fields; nothing
 * here knows a game.
 *
 * A decision is looked at in two phases: the move itself (its travel, captures and `then:`
 * consequences), then the consequences the rules run after every action (promotions, custodial
 * captures, scoring ...). Comparing the phases separately keeps pieces apart: a stone placed and
 * then scored away in the same action still shows as leaving the board, and a supply that both
 * gives a piece and takes pieces back is told as pieces returning.
 *
 * Narrating for a viewer compares that viewer's observations only, so nothing hidden from them
 * (a face-down piece's identity) is ever told.
 */
import { seatLabel } from "./seats.js";
import type { Game } from "../engine/play/game.js";
import { MoveBuffer, type Move } from "../engine/moves/moves.js";
import { newCtx } from "../engine/play/rules.js";
import { EMPTY, NEUTRAL, UNKNOWN_OWNER, type State } from "../engine/state/state.js";
import { seatName, seatPossessive, sideText } from "./seats.js";
import { SowGenerator } from "../engine/moves/sow.js";
import { siteIndex } from "../engine/board/topology.js";

/** No sites (a phase that tells every site it finds changed). */
const NO_SITES: ReadonlySet<number> = new Set();

/**
 * Lines telling what `move`, made in `before` and giving `after`, did: captures (which pieces),
 * reveals (and, at the first reveal, which pieces each player now plays), promotions, flags gained
 * and lost, pieces placed, removed or changing hands, scores, and pieces returning to supplies.
 * With `viewer`, only what that player's observation shows. Empty when there is nothing to add.
 */
export function narrateMove(game: Game, before: State, after: State, move: Move, viewer?: number): string[] {
  const see = (s: State) => (viewer === undefined ? s : game.observation(s, viewer));
  const mid = see(afterMoveItself(game, before, move));
  const b = see(before), a = see(after);
  const n = new Narrator(game, b, a);
  const sowing = sownBy(game, move);
  if (sowing) {
    // A sowing says where its seeds went; the pits it filled need no line each.
    const itself = n.phase(b, mid, null, sowing.pits), then = n.phase(mid, a, null);
    const count = move.actions.length;
    const told = `sows ${count} ${plural(game.def.pieces[move.code.piece]?.name ?? "piece", count)} from ${move.from}, the last into ${sowing.last}`;
    return [told, ...itself.lines, ...itself.supply, ...then.lines, ...n.scores(), ...then.supply];
  }
  if (move.actions[0]?.op === "exchange") {
    // Two pieces changing places: one line for both, then what the consequences did.
    const then = n.phase(mid, a, null);
    return [n.exchange(b, move.code.from, move.code.to), ...then.lines, ...n.scores(), ...then.supply];
  }
  const itself = n.phase(b, mid, move), then = n.phase(mid, a, null);
  return [...seatsExchanged(game, before, after), ...itself.lines, ...itself.supply, ...then.lines, ...n.scores(), ...then.supply];
}

/**
 * The last move told in one sentence, for a page: "White played e3xg5: captures Black's man on f4."
 * (the narration's clauses after the notation, joined with semicolons), or for a throw of the dice
 * "The dice show 4 and 6."
 */
export function tellMove(game: Game, before: State, after: State, move: Move, viewer?: number): string {
  if (game.isChance(before)) return `The dice show ${list(Array.from(after.dice, String))}.`;
  const clauses = narrateMove(game, before, after, move, viewer);
  return `${seatLabel(game, before.mover)} played ${move.notation}${clauses.length ? `: ${clauses.join("; ")}` : ""}.`;
}

/** A swap: who now plays which seat ("player 2 now plays P1 (Red), player 1 P2 (Blue)"). */
function seatsExchanged(game: Game, before: State, after: State): string[] {
  const moved: string[] = [];
  after.seatPlayer.forEach((p, seat) => {
    if (before.seatPlayer[seat] !== p) moved.push(`player ${p + 1} ${moved.length ? "" : "now plays "}${seatLabel(game, seat)}`);
  });
  return moved.length ? [`the players exchange seats: ${moved.join(", ")}`] : [];
}

/** A sowing move: the pits its seeds went into (the origin with them) and the last one; else null. */
function sownBy(game: Game, move: Move): { pits: Set<number>; last: string } | null {
  if (!(game.def.generators[move.code.gen] instanceof SowGenerator) || move.actions.length === 0) return null;
  const pits = new Set<number>([move.code.from]);
  let last = "";
  for (const a of move.actions) {
    if (a.op !== "transfer") return null;
    pits.add(siteIndex(game.topology, a.to));
    last = a.to;
  }
  return { pits, last };
}

/** `s` with only the move itself applied: no after-action consequences, no turn bookkeeping. */
function afterMoveItself(game: Game, s: State, move: Move): State {
  const t = s.clone();
  const buf = new MoveBuffer(4, 64);
  buf.load(move.code);
  const c = newCtx();
  c.player = t.mover;
  game.def.generators[move.code.gen]!.apply(t, buf, 0, c);
  return t;
}

/** What stands on a site. */
interface Content {
  owner: number;
  piece: number;
  height: number;
  flags: number;
}

function content(s: State, site: number): Content | null {
  const owner = s.owner[site]!;
  return owner === EMPTY ? null : { owner, piece: s.piece[site]!, height: s.height[site]!, flags: s.flags[site]! };
}

/** Lines that list sites: one line per key, the sites gathered in order of appearance. */
class Grouped {
  private readonly groups = new Map<string, { render: (sites: string[], first: boolean) => string; sites: string[]; clause?: string }>();
  /**
   * A site for the group `key`. Groups of one `clause` (a verb and an owner: "places Red's") make
   * one line, each group rendered after it: `first` for the one right after the clause, the rest
   * joined with "and" ("places Red's men on a1 and b2, and a man on a2 (crowned king)").
   */
  add(key: string, site: string, render: (sites: string[], first: boolean) => string, clause?: string): void {
    const g = this.groups.get(key);
    if (g) g.sites.push(site);
    else this.groups.set(key, { render, sites: [site], clause });
  }
  lines(): string[] {
    const order: Array<string | { clause: string; parts: string[] }> = [];
    const byClause = new Map<string, { clause: string; parts: string[] }>();
    for (const g of this.groups.values()) {
      if (g.clause === undefined) {
        order.push(g.render(g.sites, true));
        continue;
      }
      let entry = byClause.get(g.clause);
      if (!entry) {
        entry = { clause: g.clause, parts: [] };
        byClause.set(g.clause, entry);
        order.push(entry);
      }
      entry.parts.push(g.render(g.sites, entry.parts.length === 0));
    }
    return order.map((e) => (typeof e === "string" ? e : `${e.clause} ${e.parts.length === 1 ? e.parts[0] : `${e.parts.slice(0, -1).join(", ")}, and ${e.parts.at(-1)}`}`));
  }
}

class Narrator {
  private readonly labels: readonly string[];
  /** Flags narration talks about: neither bookkeeping nor face-down marks (those are reveals). */
  private readonly toldFlags: number;
  /**
   * Sites whose pieces the move itself captured: told once. A capture that only marks the piece
   * (a chain of hops') sees it leave the board in the consequences: not told again.
   */
  private readonly toldCaptured = new Set<number>();

  constructor(
    private readonly game: Game,
    private readonly first: State,
    private readonly last: State,
  ) {
    this.labels = game.topology.labels;
    this.toldFlags = ~(game.def.internalFlags | game.def.concealFlags) & 0xffff;
  }

  /** One phase of the decision, from `x` to `y`; `move` for the move itself, null for the consequences. */
  phase(x: State, y: State, move: Move | null, quiet: ReadonlySet<number> = NO_SITES): { lines: string[]; supply: string[] } {
    const lines: string[] = [];
    const code = move?.code;
    const from = code?.from ?? -1, to = code?.to ?? -1;
    const captured = new Set(code?.captures ?? []);
    // An added piece is the move itself (its notation says so); a selection's effects are not.
    const placedByMove = code && from < 0 && code.piece >= 0 ? to : -1;
    /** Pieces of each player that left the board in this phase (what their supply got back). */
    const left = new Map<number, Set<number>>();
    const leaves = (c: Content) => {
      if (c.owner < 0 || c.owner >= this.game.playerCount) return;
      if (!left.has(c.owner)) left.set(c.owner, new Set());
      left.get(c.owner)!.add(c.piece);
    };

    const captures = new Grouped();
    for (const site of captured) {
      const c = content(x, site);
      if (!c) continue;
      this.capture(captures, site, c);
      this.toldCaptured.add(site);
      leaves(c);
    }
    lines.push(...captures.lines());

    const told = new Grouped();
    const reveals: string[] = [];
    for (let site = 0; site < this.labels.length; site++) {
      if (site === placedByMove || (captured.has(site) && site !== to) || quiet.has(site)) continue;
      const now = content(y, site);
      let was = content(x, site);
      if (move && from >= 0 && site === from && !now) {
        // The piece moved away, or was lifted off by the move itself.
        if (to < 0 && was) leaves(was);
        continue;
      }
      if (move && from >= 0 && site === to && from !== to) was = this.arriving(x, from, to, captured);
      if (!was && !now) continue;
      if (was && !now) {
        // A piece marked captured (by a chain of hops, taken off when the turn ends) was told captured when marked.
        if (!this.toldCaptured.has(site) && !(was.flags & this.game.def.captureMarkFlags)) this.removed(told, site, was);
        leaves(was);
      } else if (!was && now) this.placed(told, site, now);
      else this.changed(told, reveals, site, was!, now!);
    }
    if (reveals.length) {
      if (!this.anyVisible(x) && this.anyVisible(y)) {
        const sides = Array.from({ length: this.game.playerCount }, (_, p) => `${seatName(this.game, p)}${p === 0 ? " now plays" : ""} ${sideText(this.game, p)}`);
        reveals[0] += ` (${sides.join(", ")})`;
      }
      lines.push(...reveals);
    }
    lines.push(...told.lines());

    const supply: string[] = [];
    for (let p = 0; p < this.game.playerCount; p++) {
      const back = y.supply[p]! - x.supply[p]!;
      if (back <= 0) continue;
      const types = [...(left.get(p) ?? [])];
      const what = types.length === 1 ? this.pieceName(types[0]!, back !== 1) : back === 1 ? "piece" : "pieces";
      supply.push(`${back} ${what} ${back === 1 ? "returns" : "return"} to ${this.whose(p)} supply (now ${y.supply[p]})`);
    }
    return { lines, supply };
  }

  /** `Red's king on e1 and Red's rook on h1 change places` (a piece the viewer cannot see is `a piece`). */
  exchange(x: State, a: number, b: number): string {
    const say = (site: number) => {
      const c = content(x, site);
      const what = !c ? "nothing" : this.hidden(c) ? "a piece" : `${this.whose(c.owner)} ${this.noun(c, false, true)}`;
      return `${what} on ${this.labels[site]}`;
    };
    return `${say(a)} and ${say(b)} change places`;
  }

  /** Score changes over the whole decision. */
  scores(): string[] {
    const out: string[] = [];
    for (let p = 0; p < this.game.playerCount; p++) {
      const d = this.last.score[p]! - this.first.score[p]!;
      const total = `(total ${this.last.score[p]})`;
      if (d > 0) out.push(`${seatName(this.game, p)} scores ${d} ${total}`);
      else if (d < 0) out.push(`${seatName(this.game, p)} loses ${-d} point${d === -1 ? "" : "s"} ${total}`);
    }
    return out;
  }

  /** What arrives on the move's destination: the travelling piece, merged with a friendly stack there. */
  private arriving(x: State, from: number, to: number, captured: Set<number>): Content | null {
    const moving = content(x, from);
    const under = content(x, to);
    if (!moving || !under || captured.has(to) || under.owner !== moving.owner) return moving;
    return { ...moving, height: moving.height + under.height, flags: moving.flags | under.flags };
  }

  private capture(g: Grouped, site: number, c: Content): void {
    if (c.owner === UNKNOWN_OWNER) return g.add("capture?", this.labels[site]!, (s) => `captures the face-down ${plural("piece", s.length)} on ${list(s)}`);
    const key = `capture ${c.owner} ${c.piece} ${c.height} ${c.flags & this.toldFlags}`;
    g.add(key, this.labels[site]!, (s) => `captures ${this.whose(c.owner)} ${this.noun(c, s.length > 1, true)} on ${list(s)}${this.flagNote(c)}`);
  }

  /** A piece gone without being the move's own capture: taken from another player, or leaving the board. */
  private removed(g: Grouped, site: number, c: Content): void {
    const label = this.labels[site]!;
    if (c.owner === UNKNOWN_OWNER) return g.add("removed?", label, (s) => `the face-down ${plural("piece", s.length)} on ${list(s)} ${s.length > 1 ? "are" : "is"} removed`);
    if (c.owner === NEUTRAL) return g.add(`removed# ${c.piece}`, label, (s) => `the ${this.pieceName(c.piece, s.length > 1)} on ${list(s)} ${s.length > 1 ? "are" : "is"} removed`);
    // Pieces that go while their owner's score stands still were taken (a custodial capture, say);
    // pieces going as their owner scores are a scored formation.
    if (this.last.score[c.owner]! <= this.first.score[c.owner]!) {
      const key = `captured ${c.owner} ${c.piece} ${c.height} ${c.flags & this.toldFlags}`;
      return g.add(key, label, (s) => `${this.whose(c.owner)} ${this.noun(c, s.length > 1, true)} on ${list(s)}${this.flagNote(c)} ${s.length > 1 ? "are" : "is"} captured`);
    }
    g.add(`leaves ${c.owner} ${c.piece} ${c.height > 1}`, label, (s) => `${this.whose(c.owner)} ${this.noun(c, s.length > 1, false)} on ${list(s)} ${s.length > 1 ? "leave" : "leaves"} the board`);
  }

  private placed(g: Grouped, site: number, c: Content): void {
    if (c.owner === UNKNOWN_OWNER) return g.add("placed?", this.labels[site]!, (s) => `places face-down ${plural("piece", s.length)} on ${list(s)}`);
    const key = `placed ${c.owner} ${c.piece} ${c.height} ${c.flags & this.toldFlags}`;
    // One line per owner: "places Red's men on a1 and a3, and a man on a2 (crowned king)".
    const render = (s: string[], first: boolean) => {
      const noun = this.noun(c, s.length > 1, true);
      return `${first || s.length > 1 ? "" : `${article(noun)} `}${noun} on ${list(s)}${this.flagNote(c)}`;
    };
    g.add(key, this.labels[site]!, render, `places ${this.whose(c.owner)}`);
  }

  /** A site occupied before and after: revealed, turned face down, changing hands or type, flags. */
  private changed(g: Grouped, reveals: string[], site: number, was: Content, now: Content): void {
    const label = this.labels[site]!;
    const wasHidden = this.hidden(was), nowHidden = this.hidden(now);
    if (wasHidden || nowHidden) {
      if (wasHidden && !nowHidden) reveals.push(`reveals ${this.whose(now.owner)} ${this.pieceName(now.piece, false)} on ${label}${this.flagNote(now)}`);
      else if (!wasHidden) g.add("concealed", label, (s) => `the ${plural("piece", s.length)} on ${list(s)} ${s.length > 1 ? "are" : "is"} turned face down`);
      return;
    }
    const player = (o: number) => o >= 0 && o < this.game.playerCount;
    if (was.owner !== now.owner) {
      if (player(was.owner) && player(now.owner)) {
        g.add(`owner ${was.owner} ${now.owner} ${was.piece}`, label, (s) => `${this.whose(was.owner)} ${this.noun(was, s.length > 1, false)} on ${list(s)} ${s.length > 1 ? "become" : "becomes"} ${this.whose(now.owner)}`);
      }
      return;
    }
    if (was.piece !== now.piece) {
      g.add(`piece ${was.owner} ${was.piece} ${now.piece}`, label, (s) => {
        const many = s.length > 1;
        const becomes = many ? this.pieceName(now.piece, true) : `${article(this.pieceName(now.piece, false))} ${this.pieceName(now.piece, false)}`;
        return `${this.whose(was.owner)} ${this.pieceName(was.piece, many)} on ${list(s)} ${many ? "become" : "becomes"} ${becomes}`;
      });
    }
    const diff = (was.flags ^ now.flags) & this.toldFlags;
    const words = this.game.def.presentation.flagWords;
    for (let bit = 0; bit < words.length; bit++) {
      if (!(diff & (1 << bit))) continue;
      const gained = (now.flags & (1 << bit)) !== 0;
      g.add(`flag ${bit} ${gained} ${now.owner} ${now.piece} ${now.height > 1}`, label, (s) => {
        const many = s.length > 1;
        return `${this.whose(now.owner)} ${this.noun(now, many, false)} on ${list(s)} ${many ? "are" : "is"}${gained ? "" : " no longer"} ${words[bit]}`;
      });
    }
  }

  /** Whether some player's piece on the board can be seen (not face down). */
  private anyVisible(s: State): boolean {
    for (let i = 0; i < s.owner.length; i++) {
      const o = s.owner[i]!;
      if (o >= 0 && o < this.game.playerCount && (s.flags[i]! & this.game.def.concealFlags) === 0) return true;
    }
    return false;
  }

  /** Face down: unknown to the viewer, or (narrating for nobody in particular) carrying a concealing flag. */
  private hidden(c: Content): boolean {
    return c.owner === UNKNOWN_OWNER || (c.flags & this.game.def.concealFlags) !== 0;
  }

  /** `Red's`, `P2's`, `Defenders'`; neutral pieces are `the`. */
  private whose(owner: number): string {
    return owner >= 0 && owner < this.game.playerCount ? seatPossessive(this.game, owner) : "the";
  }

  private pieceName(type: number, many: boolean): string {
    const name = this.game.def.pieces[type]?.name ?? "piece";
    return many ? plural(name, 2) : name;
  }

  /**
   * `man`, `men`, or for stacks `stack of 3 men` (`withHeight`) / `stack`: heights matter for what
   * is captured or placed, not for a flag changing.
   */
  private noun(c: Content, many: boolean, withHeight: boolean): string {
    if (c.height <= 1) return this.pieceName(c.piece, many);
    const stack = many ? "stacks" : "stack";
    return withHeight ? `${stack} of ${c.height} ${this.pieceName(c.piece, true)}` : stack;
  }

  /** ` (crowned king, blessed)`: the flags a captured or placed piece carries (face down, told to those who may see it). */
  private flagNote(c: Content): string {
    const words = this.game.def.presentation.flagWords.filter((_, bit) => c.flags & this.toldFlags & (1 << bit));
    if (c.flags & this.game.def.concealFlags) words.push("face down");
    return words.length ? ` (${words.join(", ")})` : "";
  }
}

/** `c3`, `c3 and e5`, `c3, e5 and g7`. */
function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The English plural of a piece name when `count` is not 1 (`man` -> `men`, `cp6` -> `cp6s`). */
function plural(word: string, count: number): string {
  if (count === 1) return word;
  if (/man$/i.test(word)) return word.replace(/man$/i, "men");
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}
