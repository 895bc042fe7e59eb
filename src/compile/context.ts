/**
 * What builders share while compiling one description: the diagnostics, the source spans of IR
 * nodes, and the names declared so far (board, pieces, counters, players, move kinds).
 */
import type { ChosenValue } from "../engine/moves/chosen-value.js";
import { GroupScan } from "../engine/structures/liberties.js";
import { neighbourLists } from "../engine/board/topology.js";
import type { Span } from "../lang/ast.js";
import type { Json } from "../lang/bind.js";
import { error, type Diagnostic, type DiagnosticCode } from "../lang/diagnostics.js";
import type { Ctx, DiceDef, LeafGenerator, MoveHook, MoveSource, PieceDef, Runtime } from "../engine/play/rules.js";
import type { MoveBuffer } from "../engine/moves/moves.js";
import type { State } from "../engine/state/state.js";
import type { Topology } from "../engine/board/topology.js";
import type { Track } from "../engine/moves/track.js";
import type { AgreementWords } from "../engine/moves/agreement.js";
import { boardOutline, GroupWalker, type BoardOutline } from "../engine/structures/connection.js";
import { AttackTest } from "../engine/filters/attack.js";
import { WorkBudget } from "../engine/play/work-budget.js";
import { MAX_WORK_PER_POSITION } from "../limits.js";
import { big } from "../engine/play/play-limit.js";
import { compilePlayer } from "./expression.js";

/** A bound ludeme object: `ludeme` plus its arguments. */
export type IrNode = { ludeme: string; [k: string]: Json };

/** Which sites and players an expression may name, by where it stands. */
export type Scope = "move" | "end" | "start";

export class CompileContext {
  diagnostics: Diagnostic[] = [];
  topology?: Topology;
  playerCount = 2;
  playerNames: string[] = [];
  /** Per seat, its team's number (`(players ... teams:)`); null when every seat plays for itself. */
  teamOf: Int32Array | null = null;
  /** Each seat's forward direction name (`(players ... forward:{...})`), for player-relative directions. */
  forwardNames: string[] = [];
  pieces: PieceDef[] = [];
  /** The state's counter slots by name: a game counter's name, a player's counter `name@P1` ... */
  counters: string[] = [];
  /** Declared counters: their first slot, whether they are one per player (a slot per seat from it), their `shown:` label. */
  counterInfo = new Map<string, { first: number; perPlayer: boolean; shown: string | null }>();
  flags: string[] = [];
  internalFlags = 0;
  markers: string[] = [];
  /** Pieces per player in all, when the game has a supply (-1: none). */
  supplyTotal = -1;
  /** Per-player portal edges (see SlideOptions.portals), created by the first (portal ...). */
  portals: Int32Array | null = null;
  concealFlags = 0;
  /** Flags a hop's `mark:` sets on the pieces it captures (see GameDef.captureMarkFlags). */
  captureMarkFlags = 0;
  /** Every placement of each named shape on the board: lists of cells. */
  shapes = new Map<string, Int32Array[]>();
  /** Rule memory words requested by rules (initial values), and hooks run after every move. */
  memoryInit: number[] = [];
  moveHooks: MoveHook[] = [];
  /** Hooks run at every decision before the move is made (see GameDef.decisionHooks). */
  decisionHooks: MoveHook[] = [];
  /** Set when a rule reads the last decision's sites (see GameDef.readsLastMove). */
  readsLastMove = false;
  /**
   * Whether some rule reads the sites a move went over (`on-path`): the moves that travel record
   * them only then. An object the generators keep, since `on-path` may be compiled after them.
   */
  readonly trail = { read: false };
  /**
   * The rules that ask about repetition, as compiled so far: `turn` for those that look within the
   * turn. A condition that turns out constant gives its uses back (see compileBoolC), so a rule an
   * option switches off costs nothing at play.
   */
  repetitionUses: ("game" | "turn")[] = [];
  /** Whether `player` (the player a `ranked` outcome is ranking) may be named here. */
  inRanking = false;
  /** How many enclosing forms bind the `site` variable (forall, exists, near, groups, slide through:). */
  siteBinders = 0;
  regions = new Map<string, Int32Array>();
  kinds: string[] = [];
  generators: LeafGenerator[] = [];
  /** Every move source compiled (leaves and combinators, those inside conditions too), for compiling them to code. */
  moveSources: MoveSource[] = [];
  /** Where each generator is in the IR (by id), for diagnostics about it. */
  generatorPtrs: string[] = [];
  /** Players' hands, when the equipment gives them. */
  hand: { captures: boolean } | null = null;
  /** Tracks by name: per seat the sites in order (null where a seat has none yet), whether it loops, where it was declared. */
  /** `failed`: a declaration already reported as wrong (rules naming the track say nothing more). */
  tracks = new Map<string, { sites: (Int32Array | null)[]; bends: (Uint8Array | null)[]; loop: boolean; ptr: string; failed?: boolean }>();
  /** The tracks' lookup tables, made once for the first rule that moves along each. */
  trackTables?: Map<string, Track>;
  /** Counters that start the game at a value other than 0: (index, value). */
  counterStarts: [number, number][] = [];
  /** The game's dice (equipment `(dice ...)`), or null. */
  dice: DiceDef | null = null;
  /**
   * Mixed stacks (equipment `(mixed-stacks ...)`): 0 without, -1 with the default bound (every
   * piece of the game, worked out once the start is known), else the bound given; then the levels
   * each site keeps.
   */
  stackLevels = 0;
  /** Site maps by name (equipment `(site-map ...)`): per site, the site it leads to, or -1. */
  siteMaps = new Map<string, Int32Array>();
  /** Pieces declared with `promotes:`, resolved once all are declared. */
  promotionLinks: { piece: number; ptr: string }[] = [];
  /** The attack test, made when a rule first asks for one and given the play rules once they are compiled. */
  attacks?: AttackTest;
  scope: Scope = "start";
  /** Engine services for rules; linked to the Game when it is built. */
  runtime = new RuntimeLink();

  constructor(
    private readonly spans: ReadonlyMap<string, Span>,
    /** The define calls each pointer's node was expanded from: an error there names the use too. */
    private readonly origins: ReadonlyMap<string, { message: string; span: Span }[]> = new Map(),
  ) {}

  /** The define calls the node at `ptr` (or the nearest node holding it) was expanded from. */
  private originsOf(ptr: string): { related: { message: string; span: Span }[] } | Record<string, never> {
    let p = ptr;
    for (;;) {
      const o = this.origins.get(p);
      if (o) return { related: o };
      if (this.spans.has(p) || p === "") return {};
      p = p.slice(0, p.lastIndexOf("/"));
    }
  }

  spanOf(ptr: string): Span | undefined {
    let p = ptr;
    for (;;) {
      const s = this.spans.get(p);
      if (s || p === "") return s;
      p = p.slice(0, p.lastIndexOf("/"));
    }
  }

  /**
   * The rule at `ptr` as play-time errors name it: `(slide ...) at games/x.game:12:7`, or just
   * `(slide ...)` for a description compiled without spans.
   */
  ruleAt(ptr: string, ludeme: string): string {
    const s = this.spanOf(ptr);
    return s ? `(${ludeme} ...) at ${s.file}:${s.line}:${s.col}` : `(${ludeme} ...)`;
  }

  fail(code: DiagnosticCode, message: string, ptr: string, expected?: string): void {
    this.report({ ...error(code, message, this.spanOf(ptr), expected), ...this.originsOf(ptr) });
  }

  /** A warning: the description compiles, but something in it cannot work as written. */
  warn(code: DiagnosticCode, message: string, ptr: string, expected?: string): void {
    this.report({ ...error(code, message, this.spanOf(ptr), expected), severity: "warning", ...this.originsOf(ptr) });
  }

  /**
   * Adds a diagnostic unless the same one is already there: a rule compiled twice (a define used
   * twice from one place, a rule asked for each seat) says its mistake once.
   */
  private report(d: Diagnostic): void {
    const key = JSON.stringify([d.code, d.severity, d.message, d.span?.startOffset, d.span?.file, d.related?.map((r) => [r.span.startOffset, r.span.file])]);
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.diagnostics.push(d);
  }
  private readonly reported = new Set<string>();

  /** Set while compiling the consequences of a move that leaves a piece on `to` (a piece move, an add). */
  afterLanding = false;
  /**
   * Set while compiling after-action and after-turn effects: they run in the "end" scope (no move
   * sites, `mover` the player who acted) but before the next player is chosen, so `next` is not
   * yet the player to act.
   */
  beforeNextMover = false;
  /** Whether a move follows a track passing a site more than once, each piece's place on it kept (StateShape.trackPlaces). */
  trackPlaces = false;
  /** Whether some rule chooses who plays next (`(next-turn P)`): `next` is then not simply the other seat. */
  choosesNextTurn = false;
  /** Set while compiling the consequences of a move that records the sites it goes over (see `trail`): a sowing, a move along a track. */
  recordsPath = false;
  /**
   * Set while compiling an effect: what runs once, when a move is made. Only there may a number be
   * drawn at random (`(random ...)`): a move's conditions and the end rules are asked any number of
   * times, in any order, and must give the same answer each time.
   */
  inEffect = false;
  /**
   * Compiling what is asked once of the position to choose which moves are listed, before any move
   * exists -- a `(branch COND ...)`'s condition, a `(for-each-value ...)`'s range -- so `from`, `over`
   * and `to` name nothing there: the words saying which (for the error), or null elsewhere.
   */
  choosingRules: string | null = null;
  /** Compiling the moves of a `(for-each-value ...)`: `(value)` reads the number chosen. */
  valueBound = false;
  /** The number `(value)` reads (GameDef.chosenValue), made by the first `(for-each-value ...)`; null without one. */
  chosenValue: ChosenValue | null = null;

  pieceIndex(name: string, ptr: string): number {
    const i = this.pieces.findIndex((p) => p.name === name);
    if (i < 0) this.fail("M001", `no piece type '${name}'`, ptr, this.pieces.length ? `one of: ${this.pieces.map((p) => p.name).join(", ")}` : "a piece declared with (piece ...)");
    return i;
  }

  /**
   * The counter `name`'s slot in the state's counters: for a game counter (which has no `of`) a
   * number, for a counter per player a function of the player (`of`, default the mover).
   */
  counterSlot(name: string, of: string | undefined, ptr: string): number | ((s: State, c: Ctx) => number) {
    const counter = this.counterInfo.get(name);
    if (!counter) {
      this.fail("M001", `no counter '${name}'`, `${ptr}/name`, this.counterInfo.size ? `one of: ${[...this.counterInfo.keys()].join(", ")}` : "a counter declared with (counter ...)");
      return 0;
    }
    const first = counter.first;
    if (!counter.perPlayer) {
      if (of !== undefined) this.fail("M004", `counter '${name}' is one for the whole game: it has no player's value`, `${ptr}/of`, `(counter ${name} per:player) to keep one for each player, or no of:`);
      return first;
    }
    const who = compilePlayer(of ?? "mover", `${ptr}/of`, this);
    return (s, c) => first + who(s, c);
  }

  flagBit(name: string, ptr: string): number {
    const i = this.flags.indexOf(name);
    if (i < 0) this.fail("M001", `no flag '${name}'`, ptr, this.flags.length ? `one of: ${this.flags.join(", ")}` : "a flag declared with (flag ...)");
    return i < 0 ? 0 : 1 << i;
  }

  markerIndex(name: string, ptr: string): number {
    const i = this.markers.indexOf(name);
    if (i < 0) this.fail("M001", `no marker '${name}'`, ptr, this.markers.length ? `one of: ${this.markers.join(", ")}` : "a marker declared with (marker ...)");
    return Math.max(0, i);
  }

  /** The game's attack test (one per compiled game; it learns the play rules when they are compiled). */
  attackTest(): AttackTest {
    return (this.attacks ??= new AttackTest());
  }

  /** Compiles `f` with the `site` variable bound. */
  withSite<T>(f: () => T): T {
    this.siteBinders++;
    try {
      return f();
    } finally {
      this.siteBinders--;
    }
  }

  /** The work budget of the game's conditions (engine/play/work-budget.ts), shared by every walk compiled. */
  readonly work = new WorkBudget();
  /**
   * While compiling a walk's own condition: how many times it may be asked for one position
   * because of the walks around it (the product of their sizes), and those walks in words.
   */
  private walkTimes = 1;
  private walkWhy: string[] = [];
  /** Warnings given about walks so far (a walk inside one warned about is the cause: only it is told). */
  private walkWarnings = 0;
  /** Sites the move rule being compiled tries its condition on, when fewer than the board (`at:`). */
  private movesTried: number | null = null;

  /**
   * A condition at `ptr` that walks up to `sites` sites each time it is asked: returns its name
   * for the WorkLimitError play would stop with, after compiling its own parts (`inner`, asked
   * for each of those sites). Warns (W002) where the walks around it, and a move's condition
   * being asked for each site a move may be tried on (move rules try their conditions site by
   * site: the board's, or a placement's `at:`), can be seen to take one position past
   * MAX_WORK_PER_POSITION.
   */
  walk<T>(ptr: string, ludeme: string, sites: number, inner: () => T): { rule: string; parts: T } {
    const rule = this.ruleAt(ptr, ludeme);
    const times = this.walkTimes, why = this.walkWhy, warned = this.walkWarnings;
    if (sites > 1) {
      this.walkTimes = times * sites;
      this.walkWhy = [...why, `each of the ${big(sites)} sites of ${rule}`];
    }
    let parts: T;
    try {
      parts = inner();
    } finally {
      this.walkTimes = times;
      this.walkWhy = why;
    }
    const perMove = this.scope === "move" ? Math.max(1, this.movesTried ?? this.topology?.n ?? 1) : 1;
    const total = sites * times * perMove;
    if (total > MAX_WORK_PER_POSITION && this.walkWarnings === warned) {
      const reasons = [...why].reverse();
      if (perMove > 1) reasons.push(`each of the ${big(perMove)} sites a move may be tried on`);
      this.walkWarnings++;
      this.warn(
        "W002",
        `this (${ludeme} ...) examines up to ${big(sites)} sites each time it is asked, and is asked for ${reasons.join(" and ")}: up to ${big(total)} sites for one position; play stops with an error beyond ${big(MAX_WORK_PER_POSITION)}`,
        ptr,
        "a condition that walks fewer sites (a region, `near`, `count-near`), or a smaller board",
      );
    }
    return { rule, parts };
  }

  /** Compiles a move's condition that is tried on `sites` sites only (a placement's `at:`), for `walk`'s estimate. */
  triedOn<T>(sites: number, f: () => T): T {
    const saved = this.movesTried;
    this.movesTried = sites;
    try {
      return f();
    } finally {
      this.movesTried = saved;
    }
  }

  /** Compiles `f` with `player` (the player being ranked or tested) bound. */
  withSubject<T>(f: () => T): T {
    return this.within("inRanking", true, f);
  }

  /** Compiles `f` with one setting of the context changed, restoring it afterwards. */
  within<K extends "scope" | "afterLanding" | "recordsPath" | "inRanking" | "inEffect" | "beforeNextMover" | "choosingRules" | "valueBound", T>(key: K, value: this[K], f: () => T): T {
    const prev = this[key];
    this[key] = value;
    try {
      return f();
    } finally {
      this[key] = prev;
    }
  }

  /** The rule-memory word counting passes in a row (see engine/moves/pass.ts), or -1 before a `(pass)` exists. */
  passWord = -1;
  /** The phases of `(phases ...)` by name, and the first of the rule-memory words holding each seat's phase. */
  phaseNames: string[] = [];
  phaseWord = -1;
  /** Move kinds that are passes: any other move resets the count. */
  readonly passKinds = new Set<number>();

  /** Proposals and votes (engine/moves/agreement.ts): their memory words, made on first use. */
  private agreementWords?: AgreementWords;

  /** The index of an agreement name (`end`, `no`), with the memory words made on first use; -1 past 31 names. */
  agreement(name: string): { words: AgreementWords; index: number } {
    if (!this.agreementWords) {
      const proposals = this.memoryInit.length;
      this.memoryInit.push(0, 0);
      const votes = this.memoryInit.length;
      for (let p = 0; p < this.playerCount; p++) this.memoryInit.push(0);
      this.agreementWords = { names: [], proposals, decided: proposals + 1, votes, players: this.playerCount };
    }
    const w = this.agreementWords;
    let index = w.names.indexOf(name);
    if (index < 0 && w.names.length < 31) index = w.names.push(name) - 1;
    return { words: w, index };
  }

  /**
   * The pass counter's memory words, made (with the hook that resets them) on first use: at
   * `passWord` the turns in a row that were a pass and nothing else, at `passWord + 1` whether the
   * last decision was a pass (see engine/moves/pass.ts).
   */
  passCounter(): number {
    if (this.passWord >= 0) return this.passWord;
    this.passWord = this.memoryInit.length;
    this.memoryInit.push(0, 0);
    const word = this.passWord, kinds = this.passKinds;
    // Before the move: its consequences (a phase's `when:`) then read this decision, not the last one.
    this.decisionHooks.push((s, kind) => {
      if (kinds.has(kind)) return;
      s.memory[word] = 0;
      s.memory[word + 1] = 0;
    });
    return word;
  }

  private walker?: GroupWalker;
  private outline?: BoardOutline;

  /** The directions that join the groups `connects` asks about (null dirs: every direction of the board), once one asked. */
  connectionDirs?: { key: string; dirs: readonly number[] | null };
  /** The regions `connects` asks about, each a bit of the groups' region masks (see State.groupRegions). */
  connectionRegions: Int32Array[] = [];

  /** The bit of a connection region (the same sites, the same bit); 0 once the 31 bits are used up (reported). */
  connectionBit(sites: Int32Array, ptr: string): number {
    const same = (a: Int32Array) => a.length === sites.length && a.every((x, i) => x === sites[i]);
    let k = this.connectionRegions.findIndex(same);
    if (k < 0) {
      if (this.connectionRegions.length === 31) {
        this.fail("M004", "more than 31 distinct regions to connect in one game", ptr, "at most 31 regions across the game's (connects ...) rules");
        return 0;
      }
      k = this.connectionRegions.push(sites) - 1;
    }
    return 1 << k;
  }

  /**
   * Bits for several regions at once, as connectionBit gives them, or null (nothing taken) when
   * they would not all fit in the 31: a caller that can do without the groups' masks then does.
   */
  connectionBits(regions: Int32Array[]): number[] | null {
    const same = (a: Int32Array, b: Int32Array) => a.length === b.length && a.every((x, i) => x === b[i]);
    const fresh: Int32Array[] = [];
    for (const r of regions) if (!this.connectionRegions.some((k) => same(k, r)) && !fresh.some((k) => same(k, r))) fresh.push(r);
    if (this.connectionRegions.length + fresh.length > 31) return null;
    return regions.map((r) => this.connectionBit(r, ""));
  }

  private scans = new Map<string, GroupScan>();

  /**
   * The group scanner over the given directions (all of the board's when none are given), shared
   * by the ludemes of Go's family (liberties, enclose, territory): made once per set of directions.
   */
  groupScan(dirs: readonly number[]): GroupScan {
    const key = dirs.join(",");
    let scan = this.scans.get(key);
    if (!scan) {
      const { start, list } = neighbourLists(this.topology!, dirs);
      scan = new GroupScan(start, list);
      this.scans.set(key, scan);
    }
    return scan;
  }

  /** The board's outline and a group walker, shared by the connection ludemes (made once). */
  groupWalker(): GroupWalker {
    this.walker ??= new GroupWalker(this.boardOutline());
    return this.walker;
  }

  /** The board's outline: neighbours, boundary, corners and sides (made once). */
  boardOutline(): BoardOutline {
    this.outline ??= boardOutline(this.topology!);
    return this.outline;
  }

  kindIndex(name: string): number {
    const i = this.kinds.indexOf(name);
    if (i >= 0) return i;
    this.kinds.push(name);
    return this.kinds.length - 1;
  }

  /** A seat name `P1`..`Pn` as a player index, or -1 with a diagnostic. */
  seat(name: string, ptr: string): number {
    const m = /^P(\d+)$/i.exec(name);
    const i = m ? Number(m[1]) - 1 : this.playerNames.indexOf(name);
    if (i < 0 || i >= this.playerCount) {
      this.fail("M002", `no player '${name}' in a ${this.playerCount}-player game`, ptr, `P1..P${this.playerCount}`);
      return -1;
    }
    return i;
  }
}

/** The type each piece type counts as in hand: the type that promotes to it, else itself. */
export function handBaseTypes(cx: CompileContext): Int32Array {
  const base = Int32Array.from(cx.pieces, (_, i) => i);
  cx.pieces.forEach((p, i) => {
    if ((p.promotes ?? -1) >= 0) base[p.promotes!] = i;
  });
  return base;
}

export function isNode(v: Json): v is IrNode {
  return !!v && typeof v === "object" && !Array.isArray(v) && typeof v.ludeme === "string";
}

/** Forwards rule queries to the engine, which exists only after compilation. */
export class RuntimeLink implements Runtime {
  target?: Runtime;
  hasMoves(s: State, player: number, ignorePass = false): boolean {
    return this.target!.hasMoves(s, player, ignorePass);
  }
  hasMovesWithinMove(s: State, player: number, ignorePass = false): boolean {
    return this.target!.hasMovesWithinMove(s, player, ignorePass);
  }
  seatAfter(s: State, p: number): number {
    return this.target!.seatAfter(s, p);
  }
  movesInto(s: State, out: MoveBuffer): void {
    this.target!.movesInto(s, out);
  }
  applyInTurn(s: State, buf: MoveBuffer, row: number): boolean {
    return this.target!.applyInTurn(s, buf, row);
  }
  get drawing(): boolean {
    return this.target!.drawing;
  }
  repetitions(s: State, board: boolean, inTurn: boolean): number {
    return this.target!.repetitions(s, board, inTurn);
  }
}
