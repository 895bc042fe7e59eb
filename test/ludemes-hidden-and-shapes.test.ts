/**
 * The hidden-information, chase, ranking and shape ludemes (those Blind Kings and Beset brought),
 * each pinned down by a small description of its own, independently of those games: the seeded
 * deal and concealing flags with observations, swap-owners, screen-jump, chase-limit, ranked
 * outcomes and the numbers they use, shapes and remove-shapes, lift, flanked, count-near,
 * group-size, groups-count, some-player, each-player and the score/supply effects, and the
 * semantic errors these ludemes report.
 */
import { describe, it, expect } from "vitest";
import { shapePlacements } from "../src/compile/builders/equipment.js";
import { hexBoard, squareBoard } from "../src/engine/board/boards.js";
import type { Game } from "../src/engine/play/game.js";
import { checkInvariants } from "../src/engine/play/invariants.js";
import { UNKNOWN_OWNER, UNKNOWN_PIECE, type State } from "../src/engine/state/state.js";
import { loadPosition, toPosition, type Position, type SitePiece } from "../src/engine/state/position.js";
import { dirIndex, type Topology } from "../src/engine/board/topology.js";
import { at, block, build, counter, errorsOf, man, move, notations, onlyError, play, playAll, site, text, type Spec } from "./support/games.js";

// --- helpers ---

const piece = (name: string, owner?: string, flags: string[] = []): SitePiece => (owner ? { piece: name, owner, height: 1, flags } : { piece: name, height: 1, flags });

/** Labels of the occupied sites, sorted. */
const occupiedSites = (g: Game, s: State): string[] => Object.keys(toPosition(g, s).sites!).sort();

/** The sites (sorted labels) where `cond` holds for the mover, listed as the moves of a select. */
function sitesWhere(cond: string, pos: Position, sp: Omit<Spec, "play"> = {}): string[] {
  const g = build({ ...sp, play: `(select to:${cond})` });
  return notations(g, loadPosition(g, pos)).map((n) => n.replace(/^@/, ""));
}

/** The value of a number in a move's effects (the mover acting), in the position. */
function valueOf(expr: string, pos: Position, sp: Omit<Spec, "play"> = {}): number {
  const g = build({ ...sp, items: `${sp.items ?? ""} (counter v)`, play: `(select to:(in to a1) then:{(counter-set v ${expr})})` });
  return counter(g, play(g, loadPosition(g, pos), "@a1"), "v");
}

/** The winners when the game ends at once with `outcome` after the mover's (a select's) action. */
function winnersOf(outcome: string, pos: Position, sp: Omit<Spec, "play" | "end"> = {}): number[] | null {
  const g = build({ ...sp, play: "(select to:(in to a1))", end: `(if true ${outcome})` });
  return g.winners(play(g, loadPosition(g, pos), "@a1"));
}

// --- deal ---

describe("deal", () => {
  const items = "(flag hidden conceals:true) (flag king)";
  const dealGame = (deal: string, sp: Partial<Spec> = {}) => build({ board: "(square 4 4)", items, start: deal, play: "(select to:true)", ...sp });

  it("the same seed deals the same; different seeds deal differently", () => {
    const g = dealGame("(deal all flags:{hidden} man:4 block:4)");
    const deal = (seed: number) => JSON.stringify(toPosition(g, g.newGame({ seed })).sites);
    expect(deal(7)).toEqual(deal(7));
    expect(new Set([1, 2, 3, 4, 5, 6].map(deal)).size).toBe(6);
    // a separately compiled copy of the game deals the same for the same seed
    const again = dealGame("(deal all flags:{hidden} man:4 block:4)");
    expect(JSON.stringify(toPosition(again, again.newGame({ seed: 7 })).sites)).toEqual(deal(7));
  });

  it("gives every player n pieces of each type, with the flags, one per site", () => {
    const g = dealGame("(deal all flags:{hidden king} man:4 block:4)");
    for (const seed of [0, 1, 2]) {
      const s = g.newGame({ seed });
      const sites = toPosition(g, s).sites!;
      expect(Object.keys(sites)).toHaveLength(16);
      const tally: Record<string, number> = {};
      for (const p of Object.values(sites)) {
        expect(p.height).toBe(1);
        expect(p.flags).toEqual(["hidden", "king"]);
        tally[`${p.piece} ${p.owner}`] = (tally[`${p.piece} ${p.owner}`] ?? 0) + 1;
      }
      expect(tally).toEqual({ "man P1": 4, "man P2": 4, "block P1": 4, "block P2": 4 });
      expect(Array.from(s.pieceCount)).toEqual([8, 8]);
      expect(checkInvariants(g, s)).toEqual([]);
    }
  });

  it("fills the region's sites in its order, leaving the rest empty; no flags: none", () => {
    const g = build({ items, start: "(deal (rows 1 2) man:1 block:1)", play: "(select to:true)" });
    const s = g.newGame({ seed: 3 });
    expect(occupiedSites(g, s)).toEqual(["a1", "a2", "b1", "c1"]);
    for (const l of ["a1", "b1", "c1", "a2"]) expect(site(g, s, l)!.flags).toEqual([]);
    const tally = ["a1", "b1", "c1", "a2"].map((l) => `${site(g, s, l)!.piece} ${site(g, s, l)!.owner}`).sort();
    expect(tally).toEqual(["block P1", "block P2", "man P1", "man P2"]);
  });

  it("deals to every seat of a 3-player game", () => {
    const g = build({ players: 3, board: "(square 3 2)", start: "(deal all man:2)", play: "(select to:true)" });
    const s = g.newGame({ seed: 5 });
    const owners = Object.values(toPosition(g, s).sites!).map((p) => p.owner).sort();
    expect(owners).toEqual(["P1", "P1", "P2", "P2", "P3", "P3"]);
    expect(Array.from(s.pieceCount)).toEqual([2, 2, 2]);
  });

  it("M004: more pieces than sites (2 players x 2 men for 3 sites)", () => {
    const src = text({ start: "(deal (sites {a1 b1 c1}) man:2)", play: "(select to:true)" });
    const d = onlyError(src, "M004", "(deal (sites {a1 b1 c1}) man:2)");
    expect(d.message).toContain("4 pieces for 3 sites");
    // exactly as many pieces as sites is fine
    build({ start: "(deal (sites {a1 b1 c1 a2}) man:2)", play: "(select to:true)" });
  });

  it("M001: an unknown piece type, reported on its argument", () => {
    const src = text({ start: "(deal all soldier:1)", play: "(select to:true)" });
    const errors = errorsOf(src);
    expect(errors.map((d) => d.code)).toEqual(["M001"]);
    expect(errors[0]!.message).toContain("soldier");
    // (the span is the argument's value `1`; the name itself would be more precise)
    const { startOffset, endOffset } = errors[0]!.span!;
    const arg = src.indexOf("soldier:1");
    expect(startOffset).toBeGreaterThanOrEqual(arg);
    expect(endOffset).toBeLessThanOrEqual(arg + "soldier:1".length);
  });

  // Was a bug: deal overwrote an occupied site without clearing it, so the replaced owner's piece
  // count stayed too high.
  it("onto a site already occupied by place: the replaced piece's count is dropped (invariants hold)", () => {
    const g = build({ board: "(square 2 1)", start: "(place block P1 (sites {a1 b1})) (deal all man:1)", play: "(select to:true)" });
    const s = g.newGame();
    expect(occupiedSites(g, s)).toEqual(["a1", "b1"]);
    expect(Array.from(s.pieceCount)).toEqual([1, 1]);
    expect(checkInvariants(g, s)).toEqual([]);
  });
});

// --- concealing flags and observations ---

describe("concealing flags and observation", () => {
  const items = "(flag hidden conceals:true) (flag king)";
  const reveal = '(select kind:reveal prefix:"?" to:(flag to hidden) then:{(clear-flag to hidden)})';
  const pos: Position = {
    sites: {
      a1: man("P1", 2, ["hidden", "king"]),
      b1: man("P2", 1, ["hidden"]),
      c1: { piece: "block", flags: ["hidden"] },
      a2: man("P1"),
      b2: man("P2", 1, ["king"]),
    },
  };

  it("hides the type and owner of concealed pieces (height and flags stay); visible pieces unchanged", () => {
    const g = build({ items, play: reveal });
    const s = loadPosition(g, pos, 9);
    const o = g.observation(s, 0);
    expect(site(g, o, "a1")).toEqual({ piece: "unknown", height: 2, flags: ["hidden", "king"] });
    expect(site(g, o, "b1")).toEqual({ piece: "unknown", height: 1, flags: ["hidden"] });
    expect(site(g, o, "c1")).toEqual({ piece: "unknown", height: 1, flags: ["hidden"] });
    expect([o.owner[at(g, "a1")], o.piece[at(g, "a1")]]).toEqual([UNKNOWN_OWNER, UNKNOWN_PIECE]);
    expect([o.owner[at(g, "c1")], o.piece[at(g, "c1")]]).toEqual([UNKNOWN_OWNER, UNKNOWN_PIECE]);
    expect(site(g, o, "a2")).toEqual(site(g, s, "a2"));
    expect(site(g, o, "b2")).toEqual(man("P2", 1, ["king"]));
    expect(site(g, o, "c3")).toBeNull();
    // piece counts of visible pieces only (the concealed neutral block counted for nobody)
    expect(Array.from(s.pieceCount)).toEqual([2, 2]);
    expect(Array.from(o.pieceCount)).toEqual([1, 1]);
    // the random generator is cleared in the observation, not in the state
    expect(Array.from(o.rng)).toEqual([0, 0, 0, 0]);
    expect(Array.from(s.rng).some((w) => w !== 0)).toBe(true);
    // the state itself is untouched, and both players observe the same (each marked as theirs)
    expect(site(g, s, "a1")).toEqual(man("P1", 2, ["hidden", "king"]));
    expect(o.observer).toBe(0);
    expect({ ...g.observation(s, 1).toJSON(), observer: 0 }).toEqual(o.toJSON());
  });

  it("select as a reveal: only concealed sites, no primitive action, then the piece is seen", () => {
    const g = build({ items, play: reveal });
    const s = loadPosition(g, pos);
    expect(notations(g, s)).toEqual(["?a1", "?b1", "?c1"]);
    const m = move(g, s, "?b1");
    expect(m).toMatchObject({ kind: "reveal", to: "b1", actions: [] });
    expect(m.from).toBeUndefined();
    const t = g.apply(s, m);
    expect(site(g, t, "b1")).toEqual(man("P2"));
    const o = g.observation(t, 0);
    expect(site(g, o, "b1")).toEqual(man("P2"));
    expect(Array.from(o.pieceCount)).toEqual([1, 2]);
    expect(t.mover).toBe(1);
    expect(notations(g, t)).toEqual(["?a1", "?c1"]);
  });

  it("a game without concealing flags observes an equal copy, but for the random generator (cleared: it holds the future)", () => {
    const g = build({ items: "(flag hidden) (flag king)", play: reveal });
    const s = loadPosition(g, pos, 9);
    const o = g.observation(s, 0);
    expect(o).not.toBe(s);
    expect(Array.from(s.rng).some((w) => w !== 0)).toBe(true);
    expect(o.toJSON()).toEqual({ ...s.toJSON(), rng: [0, 0, 0, 0], observer: 0 });
    expect(site(g, o, "a1")).toEqual(man("P1", 2, ["hidden", "king"]));
  });
});

// --- swap-owners ---

describe("swap-owners", () => {
  const pos: Position = { sites: { a1: man("P1"), b1: man("P1", 2), c1: man("P2"), b2: block } };

  it("swaps every piece of the two players and their piece counts; neutral pieces stay", () => {
    const g = build({ play: "(select to:(in to c3) then:{(swap-owners mover opponent)})" });
    const s = loadPosition(g, pos);
    expect(Array.from(s.pieceCount)).toEqual([2, 1]);
    const t = play(g, s, "@c3");
    expect(toPosition(g, t).sites).toEqual({ a1: man("P2"), b1: man("P2", 2), c1: man("P1"), b2: block });
    expect(Array.from(t.pieceCount)).toEqual([1, 2]);
    expect(checkInvariants(g, t)).toEqual([]);
  });

  it("the same player twice changes nothing", () => {
    for (const swap of ["(swap-owners mover P1)", "(swap-owners P1 P1)"]) {
      const g = build({ play: `(select to:(in to c3) then:{${swap}})` });
      const s = loadPosition(g, pos);
      const t = play(g, s, "@c3");
      expect(toPosition(g, t).sites).toEqual(toPosition(g, s).sites);
      expect(Array.from(t.pieceCount)).toEqual([2, 1]);
    }
  });

  it("with 3 players, the third player's pieces stay", () => {
    const g = build({ players: 3, play: "(select to:(in to c3) then:{(swap-owners P1 P3)})" });
    const t = play(g, loadPosition(g, { sites: { a1: man("P1"), b1: man("P2"), c1: man("P3"), a2: man("P3") } }), "@c3");
    expect(toPosition(g, t).sites).toEqual({ a1: man("P3"), b1: man("P2"), c1: man("P1"), a2: man("P1") });
    expect(Array.from(t.pieceCount)).toEqual([2, 1, 1]);
  });
});

// --- screen-jump ---

describe("screen-jump", () => {
  const row = "(square 8 1)";
  const items = "(piece cannon) (flag hidden)";
  const cannon = (args: string, to = "(enemy to)", board = row) => build({ board, items, play: `(screen-jump kind:attack piece:{cannon} ${args} to:${to})` });
  const c = (owner: string, flags: string[] = []) => piece("cannon", owner, flags);

  it("jumps exactly `screens` pieces (1 by default) and takes the first piece beyond them", () => {
    const pos: Position = { sites: { a1: c("P1"), b1: man("P2"), d1: man("P2"), f1: man("P2"), h1: man("P2") } };
    const taken = (args: string) => {
      const g = cannon(args);
      return notations(g, loadPosition(g, pos));
    };
    expect(taken("")).toEqual(["a1xd1"]);
    expect(taken("screens:1")).toEqual(["a1xd1"]);
    expect(taken("screens:2")).toEqual(["a1xf1"]);
    expect(taken("screens:3")).toEqual(["a1xh1"]);
    expect(taken("screens:4")).toEqual([]);
  });

  it("empty sites before, between and after the screens; lands on the target; notation x and captures", () => {
    const g = cannon("screens:2");
    // c1 -> (d1 empty) e1 screen (f1 empty) g1 screen, h1 target; westwards b1 is one screen, a1 nothing beyond
    const s = loadPosition(g, { sites: { c1: c("P1"), e1: man("P1"), g1: block, h1: man("P2"), b1: man("P2") } });
    expect(notations(g, s)).toEqual(["c1xh1"]);
    const m = move(g, s, "c1xh1");
    expect(m).toMatchObject({ kind: "attack", from: "c1", to: "h1", piece: "cannon", captures: ["h1"] });
    expect(m.actions).toEqual([
      { op: "remove", at: "h1" },
      { op: "move", from: "c1", to: "h1" },
    ]);
    const t = g.apply(s, m);
    expect(site(g, t, "c1")).toBeNull();
    expect(site(g, t, "h1")).toEqual(c("P1"));
    expect(site(g, t, "e1")).toEqual(man("P1"));
    expect(site(g, t, "g1")).toEqual(block);
    expect(Array.from(t.pieceCount)).toEqual([2, 1]);
    // one screen, with empty sites on both sides of it
    const one = cannon("");
    expect(notations(one, loadPosition(one, { sites: { a1: c("P1"), d1: man("P1"), h1: man("P2") } }))).toEqual(["a1xh1"]);
  });

  it("never takes an adjacent piece: it is the screen", () => {
    const g = cannon("");
    expect(notations(g, loadPosition(g, { sites: { a1: c("P1"), b1: man("P2") } }))).toEqual([]);
    expect(notations(g, loadPosition(g, { sites: { a1: c("P1"), b1: man("P2"), c1: man("P2") } }))).toEqual(["a1xc1"]);
  });

  it("the target must satisfy to:; a failing first piece beyond the screen blocks the line", () => {
    const g = cannon("");
    // the friend at c1 is the target (it fails), d1 is never reached
    expect(notations(g, loadPosition(g, { sites: { a1: c("P1"), b1: block, c1: man("P1"), d1: man("P2") } }))).toEqual([]);
    // screens may be anything (neutral, face down); the target here must be face up
    const faceUp = cannon("", "(and (enemy to) (not (flag to hidden)))");
    expect(notations(faceUp, loadPosition(faceUp, { sites: { a1: c("P1"), b1: man("P2", 1, ["hidden"]), c1: man("P2") } }))).toEqual(["a1xc1"]);
    expect(notations(faceUp, loadPosition(faceUp, { sites: { a1: c("P1"), b1: block, c1: man("P2", 1, ["hidden"]) } }))).toEqual([]);
  });

  it("every allowed direction; dirs:, piece: and from: restrict it", () => {
    const board = "(square 5 5)";
    const pos: Position = {
      sites: {
        c3: c("P1"),
        c4: man("P2"), c5: man("P2"), // N: taken
        c2: man("P1"), c1: man("P2"), // S: taken
        b3: block, a3: man("P2"), // W: taken
        d3: man("P2"), e3: man("P1"), // E: a friend beyond
      },
    };
    const all = cannon("", "(enemy to)", board);
    expect(notations(all, loadPosition(all, pos))).toEqual(["c3xa3", "c3xc1", "c3xc5"]);
    const north = cannon("dirs:{N S}", "(enemy to)", board);
    expect(notations(north, loadPosition(north, pos))).toEqual(["c3xc1", "c3xc5"]);
    // piece: only cannons; without it the man on c2 jumps too (c3 screen, c4 target)
    const anyPiece = build({ board, items, play: "(screen-jump to:(enemy to))" });
    expect(notations(anyPiece, loadPosition(anyPiece, pos))).toEqual(["c2xc4", "c3xa3", "c3xc1", "c3xc5"]);
    expect(move(anyPiece, loadPosition(anyPiece, pos), "c2xc4").kind).toBe("jump");
    const faceUpOnly = cannon("from:(not (flag from hidden))", "(enemy to)", board);
    const hidden = { sites: { ...pos.sites, c3: c("P1", ["hidden"]) } };
    expect(notations(faceUpOnly, loadPosition(faceUpOnly, hidden))).toEqual([]);
    expect(notations(faceUpOnly, loadPosition(faceUpOnly, pos))).toHaveLength(3);
  });
});

describe("screen-jump over: and range:", () => {
  const board = "(square 6 6 diagonals:all)";
  const items = "(piece cannon)";
  const c = (owner: string) => piece("cannon", owner);
  const noCannon = "over:(not (is-piece over cannon)) to:(and (enemy to) (not (is-piece to cannon)))";

  it("over: is asked of every screen; a screen that fails it blocks the line", () => {
    const g = build({ board, items, play: `(screen-jump piece:{cannon} dirs:{N E S W} ${noCannon})` });
    // N: a cannon as screen blocks; E: a man as screen, a man beyond is taken.
    const pos: Position = { sites: { a1: c("P1"), a3: c("P2"), a5: man("P2"), c1: man("P2"), e1: man("P2") } };
    expect(notations(g, loadPosition(g, pos))).toEqual(["a1xe1"]);
    // with two screens, each must pass: a cannon second in the line blocks too
    const two = build({ board, items, play: `(screen-jump piece:{cannon} dirs:{E} screens:2 ${noCannon})` });
    expect(notations(two, loadPosition(two, { sites: { a1: c("P1"), b1: man("P1"), d1: man("P2"), f1: man("P2") } }))).toEqual(["a1xf1"]);
    expect(notations(two, loadPosition(two, { sites: { a1: c("P1"), b1: man("P1"), d1: c("P1"), f1: man("P2") } }))).toEqual([]);
  });

  it("to: sees the last screen as over, and the target must pass: a cannon is never taken", () => {
    const g = build({ board, items, play: `(screen-jump piece:{cannon} dirs:{E} ${noCannon})` });
    expect(notations(g, loadPosition(g, { sites: { a1: c("P1"), c1: man("P1"), e1: c("P2") } }))).toEqual([]);
    const overFriend = build({ board, items, play: "(screen-jump piece:{cannon} dirs:{E} to:(and (enemy to) (friend over)))" });
    expect(notations(overFriend, loadPosition(overFriend, { sites: { a1: c("P1"), c1: man("P1"), e1: man("P2") } }))).toEqual(["a1xe1"]);
    expect(notations(overFriend, loadPosition(overFriend, { sites: { a1: c("P1"), c1: man("P2"), e1: man("P2") } }))).toEqual([]);
  });

  it("range: limits how far the target may be", () => {
    const near = build({ board, items, play: "(screen-jump piece:{cannon} dirs:{NE} range:2 to:(enemy to))" });
    expect(notations(near, loadPosition(near, { sites: { a1: c("P1"), b2: man("P2"), c3: man("P2") } }))).toEqual(["a1xc3"]);
    expect(notations(near, loadPosition(near, { sites: { a1: c("P1"), b2: man("P2"), d4: man("P2") } }))).toEqual([]);
    expect(notations(near, loadPosition(near, { sites: { a1: c("P1"), c3: man("P2"), d4: man("P2") } }))).toEqual([]);
    const far = build({ board, items, play: "(screen-jump piece:{cannon} dirs:{NE} range:any to:(enemy to))" });
    expect(notations(far, loadPosition(far, { sites: { a1: c("P1"), b2: man("P2"), f6: man("P2") } }))).toEqual(["a1xf6"]);
  });

  it("the attack test follows over: and range:", () => {
    // P2's pieces that P1's cannon attacks, listed by a select of P2's.
    const g = build({ board, items, play: `(either (select to:(and (owner to mover) (attacked to by:P1))) (screen-jump piece:{cannon} dirs:{N} range:3 ${noCannon}))` });
    const attacked = (sites: Position["sites"]) => notations(g, loadPosition(g, { sites, mover: "P2" })).filter((n) => n.startsWith("@"));
    expect(attacked({ a1: c("P1"), a2: man("P1"), a4: man("P2") })).toEqual(["@a4"]);
    expect(attacked({ a1: c("P1"), a2: c("P1"), a4: man("P2") })).toEqual([]);
    expect(attacked({ a1: c("P1"), a2: man("P1"), a4: c("P2") })).toEqual([]);
    expect(attacked({ a1: c("P1"), a3: man("P1"), a5: man("P2") })).toEqual([]);
    expect(attacked({ a2: c("P1"), a3: man("P1"), a5: man("P2") })).toEqual(["@a5"]);
  });
});

// --- chase-limit ---

describe("chase-limit", () => {
  /** Men step (counted), scouts creep (not counted), anyone may wait at e5 (not counted). */
  const chase = (limit: number, sp: Partial<Spec> = {}) =>
    build({
      board: "(square 5 5)",
      items: "(piece scout)",
      play: `(chase-limit ${limit} kinds:{step}
               (either (step kind:step piece:{man} ${sp.board?.includes("diagonals") ? "dirs:{N E S W}" : ""})
                       (step kind:creep piece:{scout})
                       (select kind:wait prefix:"=" to:(in to e5))))`,
      ...sp,
    });
  // P1's man shadows P2's man, which shuttles between c3 and d3: every P1 move is a follow.
  const start: Position = { sites: { c2: man("P1"), c3: man("P2") }, mover: "P2" };
  const scout = (owner: string) => piece("scout", owner);

  it("a player may follow the same piece `limit` times in a row, then only other moves are legal", () => {
    const one = chase(1);
    let s = playAll(one, loadPosition(one, start), ["c3-d3"]);
    // both d2 and c3 end next to d3: follows, still allowed
    expect(notations(one, s)).toEqual(["=e5", "c2-b2", "c2-c1", "c2-c3", "c2-d2"]);
    s = playAll(one, s, ["c2-d2", "d3-c3"]);
    // c2 and d3 would follow c3 a second time
    expect(notations(one, s)).toEqual(["=e5", "d2-d1", "d2-e2"]);

    const two = chase(2);
    s = playAll(two, loadPosition(two, start), ["c3-d3", "c2-d2", "d3-c3"]);
    expect(notations(two, s)).toEqual(["=e5", "d2-c2", "d2-d1", "d2-d3", "d2-e2"]);
    s = playAll(two, s, ["d2-c2", "c3-d3"]);
    expect(notations(two, s)).toEqual(["=e5", "c2-b2", "c2-c1"]);
  });

  it("the streak is part of the state's hash: the same board with other legal moves hashes apart", () => {
    const one = chase(1);
    const chased = playAll(one, loadPosition(one, start), ["c3-d3", "c2-d2", "d3-c3"]);
    const fresh = loadPosition(one, { sites: { d2: man("P1"), c3: man("P2") }, mover: "P1" });
    expect(Array.from(fresh.owner)).toEqual(Array.from(chased.owner));
    expect(notations(one, fresh)).not.toEqual(notations(one, chased));
    expect(one.hash(fresh)).not.toBe(one.hash(chased));
  });

  it("limit 0 turns the rule off", () => {
    const off = chase(0);
    let s = loadPosition(off, start);
    for (let i = 0; i < 4; i++) {
      s = playAll(off, s, ["c3-d3", "c2-d2", "d3-c3"]);
      expect(notations(off, s)).toEqual(["=e5", "d2-c2", "d2-d1", "d2-d3", "d2-e2"]);
      s = play(off, s, "d2-c2");
    }
  });

  it("only the listed kinds count: the chaser's other kinds are never dropped", () => {
    const g = chase(1);
    // P1's scout on b4 creeps next to c3 (b3, c4): kept, while the man's follows are dropped
    const s = playAll(g, loadPosition(g, { sites: { ...start.sites, b4: scout("P1") }, mover: "P2" }), ["c3-d3", "c2-d2", "d3-c3"]);
    expect(notations(g, s)).toEqual(["=e5", "b4-a4", "b4-b3", "b4-b5", "b4-c4", "d2-d1", "d2-e2"]);
  });

  it("only the listed kinds count: a piece that fled by another kind is not followed", () => {
    const g = chase(1);
    const s = playAll(g, loadPosition(g, { sites: { c2: man("P1"), c3: scout("P2") }, mover: "P2" }), ["c3-d3", "c2-d2", "d3-c3"]);
    expect(notations(g, s)).toEqual(["=e5", "d2-c2", "d2-d1", "d2-d3", "d2-e2"]);
  });

  it("the streak goes on only while the previous player moves the same piece again", () => {
    const g = chase(1);
    // P2's second man on e4 moves instead: following it starts a new streak, allowed at once
    let s = playAll(g, loadPosition(g, { sites: { ...start.sites, e4: man("P2") }, mover: "P2" }), ["c3-d3", "c2-d2", "e4-e3"]);
    expect(notations(g, s)).toEqual(["=e5", "d2-c2", "d2-d1", "d2-e2"]);
    s = playAll(g, s, ["d2-e2", "e3-e4"]);
    // now e4's own streak is at the limit: e3 would follow it again
    expect(notations(g, s)).toEqual(["=e5", "e2-d2", "e2-e1"]);
  });

  it("another action ends the streak; the next follow starts a new one", () => {
    // Diagonal neighbours count for following, the men step orthogonally (so the chaser can catch up).
    const g = chase(1, { board: "(square 5 5 diagonals:all)" });
    let s = playAll(g, loadPosition(g, start), ["c3-d3", "c2-d2", "d3-d4"]);
    expect(notations(g, s)).toEqual(["=e5", "d2-c2", "d2-d1", "d2-e2"]);
    s = playAll(g, s, ["=e5", "d4-d3"]);
    // after the wait, following d3 is allowed again (c2 and e2 touch it diagonally)
    expect(notations(g, s)).toEqual(["=e5", "d2-c2", "d2-d1", "d2-e2"]);
    s = playAll(g, s, ["d2-c2", "d3-d4"]);
    expect(notations(g, s)).toEqual(["=e5", "c2-b2", "c2-c1", "c2-d2"]);
  });

  it("the first action after loading a position without rule memory is never a follow", () => {
    const g = chase(1);
    // P1's first move ends next to c3 (which did not just move): not a follow ...
    let s = playAll(g, loadPosition(g, { sites: { d2: man("P1"), c3: man("P2") } }), ["d2-c2", "c3-d3"]);
    // ... so the next one is the first follow of a streak, allowed
    expect(notations(g, s)).toEqual(["=e5", "c2-b2", "c2-c1", "c2-c3", "c2-d2"]);
    s = playAll(g, s, ["c2-d2", "d3-c3"]);
    expect(notations(g, s)).toEqual(["=e5", "d2-d1", "d2-e2"]);
    // a position written from this state keeps the streak (its rule memory); without it, it is forgotten
    expect(notations(g, loadPosition(g, toPosition(g, s)))).toEqual(["=e5", "d2-d1", "d2-e2"]);
    const { memory: _memory, ...forgetful } = toPosition(g, s);
    expect(notations(g, loadPosition(g, forgetful))).toEqual(["=e5", "d2-c2", "d2-d1", "d2-d3", "d2-e2"]);
  });

  it("with 3 players, the previous player is the seat before", () => {
    const g = chase(1, { players: 3 });
    // P1 chases P3's man; P2 moves in between
    let s = playAll(g, loadPosition(g, { sites: { c2: man("P1"), a5: man("P2"), c3: man("P3") }, mover: "P3" }), ["c3-d3", "c2-d2", "a5-a4", "d3-c3"]);
    expect(notations(g, s)).toEqual(["=e5", "d2-d1", "d2-e2"]);
    // P1 following P2's man (the seat after) never counts, however often
    s = playAll(g, loadPosition(g, { sites: { c2: man("P1"), c3: man("P2"), a5: man("P3") }, mover: "P2" }), ["c3-d3", "a5-a4", "c2-d2", "d3-c3", "a4-a5"]);
    expect(notations(g, s)).toEqual(["=e5", "d2-c2", "d2-d1", "d2-d3", "d2-e2"]);
  });

  // Was a bug: a counted move without a destination (a lift, to = -1) read a wrong neighbour
  // table entry and could count as a follow.
  it("a counted move without a destination (lift) is never a follow", () => {
    const g = build({ play: "(chase-limit 1 kinds:{step lift} (either (step kind:step) (lift from:(in from a3))))" });
    // P1's man follows P2's man to c1 (streak 1), which then flees to c2
    const s = playAll(g, loadPosition(g, { sites: { a1: man("P1"), a3: man("P1"), b1: man("P2") }, mover: "P2" }), ["b1-c1", "a1-b1", "c1-c2"]);
    // b1-b2 follows c2 again (dropped); lifting a3 ends next to nothing
    expect(notations(g, s)).toEqual(["-a3", "a3-a2", "a3-b3", "b1-a1"]);
  });
});

// --- ranked and the numbers it uses ---

describe("ranked outcomes", () => {
  const items = "(piece gen cp:5) (piece pawn cp:2)";
  const bySites = "(ranked {(count-sites (owner site player))})";

  it("count-sites: the player with the most wins; all tied is a draw", () => {
    expect(winnersOf(bySites, { sites: { a2: man("P1"), b2: man("P1"), c2: man("P1"), a3: man("P2"), b3: man("P2") } })).toEqual([0]);
    expect(winnersOf(bySites, { sites: { a2: man("P1"), a3: man("P2"), b3: man("P2") } })).toEqual([1]);
    const g = build({ play: "(select to:(in to a1))", end: `(if true ${bySites})` });
    const t = play(g, loadPosition(g, { sites: { a2: man("P1"), a3: man("P2") } }), "@a1");
    expect(g.winners(t)).toEqual([]);
    expect(g.returns(t)).toEqual([0, 0]);
  });

  it("with three players every place counts: second is worth 0, players tied share their places", () => {
    const g = build({ players: 3, play: "(select to:(in to a1))", end: `(if true ${bySites})` });
    const end = (sites: Position["sites"]) => play(g, loadPosition(g, { sites }), "@a1");
    // P1 three sites (the a1 it selects is empty), P3 two, P2 one
    let t = end({ a2: man("P1"), b2: man("P1"), c2: man("P1"), a3: man("P2"), b3: man("P3"), c3: man("P3") });
    expect(g.winners(t)).toEqual([0]);
    expect(g.returns(t)).toEqual([1, -1, 0]);
    // P1 and P3 tie first: places 1 and 2 shared (0.5 each); P2 last
    t = end({ a2: man("P1"), b2: man("P1"), a3: man("P2"), b3: man("P3"), c3: man("P3") });
    expect(g.winners(t)).toEqual([0, 2]);
    expect(g.returns(t)).toEqual([0.5, -1, 0.5]);
  });

  it("max-over breaks ties on the first key; the first key decides before it", () => {
    const both = "(ranked {(count-sites (owner site player)) (max-over (owner site player) (attr cp site))})";
    expect(winnersOf(both, { sites: { a2: man("P1"), b2: piece("pawn", "P1"), a3: piece("gen", "P2"), b3: man("P2") } }, { items })).toEqual([1]);
    expect(winnersOf(both, { sites: { a2: man("P1"), b2: piece("pawn", "P1"), c2: man("P1"), a3: piece("gen", "P2"), b3: man("P2") } }, { items })).toEqual([0]);
  });

  it("max-over is 0 when no site satisfies the condition, even when every value is negative", () => {
    expect(winnersOf("(ranked {(max-over (owner site player) (- 0 5))})", { sites: { a2: man("P1") } })).toEqual([1]);
    expect(winnersOf("(ranked {(max-over (owner site player) (attr cp site))})", { sites: { a2: piece("gen", "P1") } }, { items })).toEqual([0]);
    expect(valueOf("(max-over (owner site P2) (attr cp site))", { sites: { a2: piece("gen", "P1") } }, { items })).toBe(0);
    expect(valueOf("(max-over (owner site P1) (attr cp site))", { sites: { a2: piece("gen", "P1"), b2: piece("pawn", "P1") } }, { items })).toBe(5);
  });

  it("min-over: the smallest value over the sites, 0 when none", () => {
    expect(valueOf("(min-over (owner site P1) (attr cp site))", { sites: { a2: piece("gen", "P1"), b2: piece("pawn", "P1") } }, { items })).toBe(2);
    expect(valueOf("(min-over (owner site P2) (attr cp site))", { sites: { a2: piece("gen", "P1") } }, { items })).toBe(0);
    expect(valueOf("(min-over (owner site P1) (- 0 (attr cp site)))", { sites: { a2: piece("gen", "P1"), b2: piece("pawn", "P1") } }, { items })).toBe(-5);
    // The player whose weakest piece is weaker ranks lower.
    expect(winnersOf("(ranked {(min-over (owner site player) (attr cp site))})", { sites: { a2: piece("gen", "P1"), a3: piece("pawn", "P2"), b3: piece("gen", "P2") } }, { items })).toEqual([0]);
  });

  it("mod (non-negative, 0 for a zero divisor) as a key", () => {
    const byMod = "(ranked {(mod (score player) 3)})";
    expect(winnersOf(byMod, { scores: { P1: 4, P2: 5 } })).toEqual([1]);
    expect(winnersOf(byMod, { scores: { P1: -1, P2: 1 } })).toEqual([0]);
    expect(winnersOf("(ranked {(mod (score player) 0)})", { scores: { P1: 4, P2: 5 } })).toEqual([]);
    expect([valueOf("(mod 7 3)", {}), valueOf("(mod (- 0 7) 3)", {}), valueOf("(mod 7 0)", {})]).toEqual([1, 2, 0]);
  });

  it("if-int and same-player: player against mover (who just acted), next, opponent and a seat", () => {
    const key = (who: string) => `(ranked {(if-int (same-player player ${who}) 1 0)})`;
    expect(winnersOf(key("mover"), {})).toEqual([0]);
    expect(winnersOf(key("mover"), { mover: "P2" })).toEqual([1]);
    expect(winnersOf(key("next"), {})).toEqual([1]);
    expect(winnersOf(key("opponent"), {})).toEqual([1]);
    expect(winnersOf(key("P2"), { mover: "P2" })).toEqual([1]);
    expect(winnersOf(key("P1"), { mover: "P2" })).toEqual([0]);
    expect(valueOf("(if-int (occupied to) 10 20)", {})).toBe(20);
  });

  it("with 3 players: tied leaders share the win (and places 1 and 2), ties among them go to the next key, all tied is a draw", () => {
    const sp = { players: 3 };
    const g = build({ ...sp, play: "(select to:(in to a1))", end: "(if true (ranked {(score player)}))" });
    const shared = play(g, loadPosition(g, { scores: { P1: 2, P2: 2, P3: 1 } }), "@a1");
    expect(g.winners(shared)).toEqual([0, 1]);
    expect(g.returns(shared)).toEqual([0.5, 0.5, -1]);
    const draw = play(g, loadPosition(g, { scores: { P1: 1, P2: 1, P3: 1 } }), "@a1");
    expect(g.winners(draw)).toEqual([]);
    expect(g.returns(draw)).toEqual([0, 0, 0]);
    // P3's many pieces do not count: it is out after the first key
    const twoKeys = "(ranked {(score player) (count-sites (owner site player))})";
    expect(winnersOf(twoKeys, { scores: { P1: 2, P2: 2, P3: 1 }, sites: { b1: man("P1"), a3: man("P3"), b3: man("P3"), c3: man("P3") } }, sp)).toEqual([0]);
    expect(winnersOf(twoKeys, { scores: { P1: 2, P2: 2, P3: 1 }, sites: { b1: man("P1"), c1: man("P2") } }, sp)).toEqual([0, 1]);
  });

  it("M004: player outside ranked and some-player", () => {
    onlyError(text({ play: "(select to:true)", end: "(if (> (score player) 0) (win mover))" }), "M004", "player", "(score player)");
    onlyError(text({ play: "(select to:(> (count-sites (owner site player)) 0))" }), "M004", "player", "(owner site player)");
    onlyError(text({ play: "(select to:true)", end: "(if true (win player))" }), "M004", "player", "(win player)");
  });
});

describe("some-player", () => {
  it("holds when the condition holds for some player (with player bound)", () => {
    const g = build({ players: 3, play: "(select to:(in to a1))", end: "(if (some-player (>= (score player) 3)) (win P2))" });
    expect(g.winners(play(g, loadPosition(g, { scores: { P1: 0, P2: 0, P3: 3 } }), "@a1"))).toEqual([1]);
    expect(g.isTerminal(play(g, loadPosition(g, { scores: { P1: 2, P2: 2, P3: 2 } }), "@a1"))).toBe(false);
    // in a move's condition too
    expect(sitesWhere("(and (in to a1) (some-player (= (count-sites (owner site player)) 0)))", { sites: { b1: man("P1") } })).toEqual(["a1"]);
    expect(sitesWhere("(and (in to a1) (some-player (= (count-sites (owner site player)) 0)))", { sites: { b1: man("P1"), c1: man("P2") } })).toEqual([]);
  });
});

// --- shapes ---

/** Axial (q, r) of a label of `(hex size layout:rows)`: rows a.. from the top, cells from the left. */
function hexAxial(label: string, size: number): [number, number] {
  const R = size - 1;
  const r = label.charCodeAt(0) - 97 - R;
  return [Math.max(-R, -R - r) + Number(label.slice(1)) - 1, r];
}

function hexLabel(q: number, r: number, size: number): string | undefined {
  const R = size - 1;
  if (Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) > R) return undefined;
  return `${String.fromCharCode(97 + r + R)}${q - Math.max(-R, -R - r) + 1}`;
}

/** Every placement (as sorted label lists, joined) of a hex shape given by axial offsets, by brute force. */
function hexPlacementsByGeometry(offsets: [number, number][], size: number): Set<string> {
  const R = size - 1;
  const rotate = ([q, r]: [number, number]): [number, number] => [-r, q + r];
  const mirror = ([q, r]: [number, number]): [number, number] => [r, q];
  const out = new Set<string>();
  for (const reflect of [false, true]) {
    let cells = offsets.map((o) => (reflect ? mirror(o) : o));
    for (let k = 0; k < 6; k++) {
      for (let q0 = -R; q0 <= R; q0++) {
        for (let r0 = -R; r0 <= R; r0++) {
          const labels = cells.map(([q, r]) => hexLabel(q + q0, r + r0, size));
          if (labels.every((l) => l !== undefined)) out.add(labels.sort().join(","));
        }
      }
      cells = cells.map(rotate);
    }
  }
  return out;
}

/** Placements the engine finds for direction paths, as sorted label lists joined. */
function enginePlacements(topo: Topology, paths: string[][]): string[] {
  const placements = shapePlacements(topo, paths.map((p) => p.map((d) => dirIndex(topo, d))));
  return placements.map((cells) => Array.from(cells, (c) => topo.labels[c]!).sort().join(","));
}

/** The number of distinct placements up to translation (orientations), from cell coordinates. */
function orientations(placements: string[], coords: (label: string) => [number, number]): number {
  const classes = new Set<string>();
  for (const p of placements) {
    const cells = p.split(",").map(coords);
    const minQ = Math.min(...cells.map((c) => c[0])), minR = Math.min(...cells.map((c) => c[1]));
    classes.add(cells.map(([q, r]) => `${q - minQ}:${r - minR}`).sort().join(" "));
  }
  return classes.size;
}

const BESET_SHAPES: Record<string, { paths: string[][]; offsets: [number, number][]; orientations: number }> = {
  triangle: { paths: [[], ["E"], ["SE"]], offsets: [[0, 0], [1, 0], [0, 1]], orientations: 2 },
  diamond: { paths: [[], ["E"], ["SE"], ["E", "SE"]], offsets: [[0, 0], [1, 0], [0, 1], [1, 1]], orientations: 3 },
  hourglass: { paths: [[], ["E"], ["NE"], ["W"], ["SW"]], offsets: [[0, 0], [1, 0], [1, -1], [-1, 0], [-1, 1]], orientations: 3 },
  trapezoid: { paths: [[], ["E"], ["E", "E"], ["SE"], ["SE", "E"]], offsets: [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1]], orientations: 6 },
};

describe("shape placements", () => {
  const hex5 = hexBoard(5, "rows");

  it("hex labels and axial coordinates agree with the board's directions", () => {
    expect(hex5.n).toBe(61);
    for (let s = 0; s < hex5.n; s++) {
      const [q, r] = hexAxial(hex5.labels[s]!, 5);
      expect(hexLabel(q, r, 5)).toBe(hex5.labels[s]);
      const e = hex5.step[dirIndex(hex5, "E") * hex5.n + s]!;
      const se = hex5.step[dirIndex(hex5, "SE") * hex5.n + s]!;
      expect(e < 0 ? undefined : hex5.labels[e]).toBe(hexLabel(q + 1, r, 5));
      expect(se < 0 ? undefined : hex5.labels[se]).toBe(hexLabel(q, r + 1, 5));
    }
    expect(hexAxial("e5", 5)).toEqual([0, 0]);
  });

  for (const [name, shape] of Object.entries(BESET_SHAPES)) {
    it(`${name}: every rotation and reflection on (hex 5 layout:rows), once per cell set`, () => {
      const found = enginePlacements(hex5, shape.paths);
      expect(new Set(found).size).toBe(found.length);
      expect(new Set(found)).toEqual(hexPlacementsByGeometry(shape.offsets, 5));
      expect(orientations(found, (l) => hexAxial(l, 5))).toBe(shape.orientations);
    });
  }

  it("the number of placements on the 61-cell board", () => {
    const counts = Object.fromEntries(Object.entries(BESET_SHAPES).map(([name, s]) => [name, enginePlacements(hex5, s.paths).length]));
    expect(counts).toEqual({ triangle: 96, diamond: 132, hourglass: 111, trapezoid: 240 });
  });

  it("at an interior cell: triangles, diamonds, hourglasses and trapezoids containing it", () => {
    // Every shape cell can be the one on e5 in every orientation: placements containing e5 are
    // orientations x cells, all distinct on an interior cell far enough from the edge.
    const containing = (name: string) => enginePlacements(hex5, BESET_SHAPES[name]!.paths).filter((p) => p.split(",").includes("e5")).length;
    expect(containing("triangle")).toBe(2 * 3);
    expect(containing("diamond")).toBe(3 * 4);
    expect(containing("hourglass")).toBe(3 * 5);
    expect(containing("trapezoid")).toBe(6 * 5);
  });

  const square = squareBoard(4, 4, "none");
  const xy = (l: string): [number, number] => [l.charCodeAt(0) - 97, Number(l.slice(1)) - 1];

  it("on a square board: 4 rotations and their mirrors", () => {
    // L tetromino: 8 orientations, each 6 times on 4x4
    const l = enginePlacements(square, [[], ["N"], ["N", "N"], ["E"]]);
    expect(orientations(l, xy)).toBe(8);
    expect(l).toHaveLength(48);
    expect(l).toContain("a1,a2,a3,b1");
    expect(l).toContain("a1,b1,b2,b3"); // mirrored and turned
    // S tetromino: S and Z (the mirror), each in 2 rotations
    const s = enginePlacements(square, [[], ["E"], ["N", "E"], ["N", "E", "E"]]);
    expect(orientations(s, xy)).toBe(4);
    expect(s).toHaveLength(24);
    // the square and a line of three: symmetric shapes are counted once per cell set
    expect(enginePlacements(square, [[], ["E"], ["N"], ["N", "E"]])).toHaveLength(9);
    expect(enginePlacements(square, [[], ["E"], ["E", "E"]])).toHaveLength(16);
    // with diagonal neighbours the turns are still quarter turns: no L at 45 degrees
    const l8 = enginePlacements(squareBoard(4, 4, "all"), [[], ["N"], ["N", "N"], ["E"]]);
    expect(new Set(l8)).toEqual(new Set(l));
  });

  it("on a square board with diagonals: quarter turns (a diagonal pair stays diagonal)", () => {
    const diag = squareBoard(3, 3, "all");
    const pairs = enginePlacements(diag, [[], ["NE"]]);
    expect(pairs.sort()).toEqual(["a1,b2", "a2,b1", "a2,b3", "a3,b2", "b1,c2", "b2,c1", "b2,c3", "b3,c2"]);
  });
});

describe("remove-shapes", () => {
  const shapes = "(shape square {{} {E} {N} {N E}}) (shape line {{} {E} {E E}}) (shape domino {{} {E}})";
  const items = `${shapes} (counter cells) (counter formations)`;
  /** On @d4: remove the listed shapes from P1's (mover's) groups. */
  const remover = (list: string, of = "(owner site mover)") =>
    build({
      board: "(square 4 4)",
      items,
      play: `(select to:(in to d4) then:{(remove-shapes {${list}} of:${of}
               each:{(counter-add cells 1) (remove site)}
               once:{(counter-add formations 1) (add-score mover 1)})})`,
    });
  const run = (g: Game, pos: Position) => play(g, loadPosition(g, pos), "@d4");
  const block2x2: Position = { sites: { a1: man("P1"), b1: man("P1"), a2: man("P1"), b2: man("P1") } };

  it("the first shape in list order that fits wins; each: runs per cell, once: once", () => {
    const g = remover("square line domino");
    const t = run(g, block2x2);
    expect(occupiedSites(g, t)).toEqual([]);
    expect([counter(g, t, "cells"), counter(g, t, "formations"), t.score[0]]).toEqual([4, 1, 1]);
    const d = remover("domino square");
    const u = run(d, block2x2);
    expect([counter(d, u, "cells"), counter(d, u, "formations"), u.score[0]]).toEqual([2, 1, 1]);
    const left = occupiedSites(d, u);
    expect(left).toHaveLength(2);
    // what is left is a domino too (the other half of the square)
    expect(enginePlacements(d.topology, [[], ["E"]])).toContain(left.join(","));
  });

  it("a shape inside a larger group, in any orientation", () => {
    const g = remover("square line domino");
    // an L of four (a1 b1 c1 c2): no square, a line of three
    const t = run(g, { sites: { a1: man("P1"), b1: man("P1"), c1: man("P1"), c2: man("P1") } });
    expect(occupiedSites(g, t)).toEqual(["c2"]);
    // a vertical line
    const v = run(g, { sites: { b1: man("P1"), b2: man("P1"), b3: man("P1") } });
    expect(occupiedSites(g, v)).toEqual([]);
    expect(counter(g, v, "cells")).toBe(3);
  });

  it("one formation per group; every group gets its own", () => {
    const g = remover("domino");
    // a line of four is one group: one domino goes
    const t = run(g, { sites: { a1: man("P1"), b1: man("P1"), c1: man("P1"), d1: man("P1") } });
    expect([counter(g, t, "cells"), counter(g, t, "formations")]).toEqual([2, 1]);
    expect(occupiedSites(g, t)).toHaveLength(2);
    // two groups: two dominoes, two scores
    const u = run(g, { sites: { a1: man("P1"), b1: man("P1"), a3: man("P1"), b3: man("P1") } });
    expect([counter(g, u, "cells"), counter(g, u, "formations"), u.score[0]]).toEqual([4, 2, 2]);
    expect(occupiedSites(g, u)).toEqual([]);
  });

  it("groups are made by of: (other players' pieces split them); nothing fits, nothing happens", () => {
    const g = remover("domino");
    const t = run(g, { sites: { a1: man("P1"), b1: man("P2"), c1: man("P1"), a3: man("P2"), b3: man("P2") } });
    expect(occupiedSites(g, t)).toEqual(["a1", "a3", "b1", "b3", "c1"]);
    expect([counter(g, t, "cells"), counter(g, t, "formations"), t.score[0]]).toEqual([0, 0, 0]);
    // of: any occupied site: mixed owners make groups, mover still P1 in once:
    const any = remover("domino", "(occupied site)");
    const u = run(any, { sites: { a1: man("P1"), b1: man("P2") } });
    expect(occupiedSites(any, u)).toEqual([]);
    expect(Array.from(u.score)).toEqual([1, 0]);
  });

  it("each-player runs it for every seat, with mover meaning that seat (the Beset way)", () => {
    const g = build({
      board: "(square 4 4)",
      items: shapes,
      play: "(select to:(in to d4))",
      rules: `after-action:{(each-player {(remove-shapes {domino} of:(owner site mover)
                                              each:{(remove site)} once:{(add-score mover 1)})})}`,
    });
    const t = play(g, loadPosition(g, { sites: { a1: man("P1"), b1: man("P1"), a3: man("P2"), b3: man("P2"), d1: man("P2") } }), "@d4");
    expect(occupiedSites(g, t)).toEqual(["d1"]);
    expect(Array.from(t.score)).toEqual([1, 1]);
  });

  it("the Beset shapes on a hex board: the largest formation of a group, in a turned orientation", () => {
    const paths = (p: string[][]) => `{${p.map((c) => `{${c.join(" ")}}`).join(" ")}}`;
    const hexShapes = Object.entries(BESET_SHAPES).map(([name, s]) => `(shape ${name} ${paths(s.paths)})`).join(" ");
    const g = build({
      board: "(hex 5 layout:rows)",
      items: `${hexShapes} (counter cells)`,
      play: "(select to:(in to a1))",
      rules: `after-action:{(each-player {(remove-shapes {hourglass trapezoid diamond triangle} of:(owner site mover)
                each:{(counter-add cells 1) (remove site)} once:{(add-score mover 1)})})}`,
    });
    // P1: a trapezoid turned by 180 degrees around e5: (0,0) (-1,0) (-2,0) (0,-1) (-1,-1)
    const trapezoid = ([[0, 0], [-1, 0], [-2, 0], [0, -1], [-1, -1]] as const).map(([q, r]) => hexLabel(q, r, 5)!);
    expect(trapezoid.sort()).toEqual(["d3", "d4", "e3", "e4", "e5"]);
    // P2: a diamond (contains two triangles) and, apart, a line of three (contains no formation)
    const sites: Record<string, SitePiece> = {};
    for (const l of trapezoid) sites[l] = man("P1");
    for (const l of ["g4", "g5", "h4", "h5"]) sites[l] = man("P2");
    for (const l of ["b4", "b5", "b6"]) sites[l] = man("P2");
    const t = play(g, loadPosition(g, { sites }), "@a1");
    expect(occupiedSites(g, t)).toEqual(["b4", "b5", "b6"]);
    expect(counter(g, t, "cells")).toBe(9);
    expect(Array.from(t.score)).toEqual([1, 1]);
    expect(enginePlacements(g.topology, BESET_SHAPES.diamond!.paths)).toContain("g4,g5,h4,h5");
  });
});

// --- lift ---

describe("lift", () => {
  const items = "(supply 5) (flag promoted) (counter n)";
  const pos: Position = { sites: { a1: man("P1", 2), b1: man("P1", 1, ["promoted"]), c1: man("P2") } };

  it("takes a mover's stack where from: holds back to the supply; notation -site; then: sees it", () => {
    const g = build({ items, play: "(lift kind:return from:(not (flag from promoted)) to-supply:true then:{(counter-add n (count))})" });
    const s = loadPosition(g, pos);
    expect(Array.from(s.supply)).toEqual([2, 4]);
    expect(notations(g, s)).toEqual(["-a1"]);
    const m = move(g, s, "-a1");
    expect(m).toMatchObject({ kind: "return", from: "a1", count: 2, piece: "man" });
    expect(m.to).toBeUndefined();
    expect(m.actions).toEqual([{ op: "remove", at: "a1" }, { op: "counter", name: "n", change: "add", value: 2 }]);
    const t = g.apply(s, m);
    expect(site(g, t, "a1")).toBeNull();
    expect(Array.from(t.supply)).toEqual([4, 4]);
    expect(Array.from(t.pieceCount)).toEqual([1, 1]);
    expect(counter(g, t, "n")).toBe(2);
    expect(checkInvariants(g, t)).toEqual([]);
    // P2's turn: only its own piece
    expect(notations(g, t)).toEqual(["-c1"]);
  });

  it("without to-supply: the piece just leaves; default kind lift; prefix:", () => {
    const g = build({ items, play: '(lift from:true prefix:"^")' });
    const s = loadPosition(g, pos);
    expect(notations(g, s)).toEqual(["^a1", "^b1"]);
    expect(move(g, s, "^b1").kind).toBe("lift");
    const t = play(g, s, "^b1");
    expect(site(g, t, "b1")).toBeNull();
    expect(Array.from(t.supply)).toEqual([2, 4]);
    // neutral pieces are nobody's to lift
    expect(notations(g, loadPosition(g, { sites: { a1: block } }))).toEqual([]);
  });

  it("M001: to-supply:true without a (supply ...)", () => {
    onlyError(text({ play: "(lift from:true to-supply:true)" }), "M001", "true", "to-supply:true");
  });
});

// --- conditions and numbers on neighbours and groups ---

describe("flanked", () => {
  // (hex 3 layout:rows): c3 is the centre; its lines are c2-c4 (W-E), b3-d2 (NE-SW), b2-d3 (NW-SE)
  const hex = { board: "(hex 3 layout:rows)" };
  const flankedByEnemies = "(and (occupied to) (flanked to (enemy site)))";

  it("on each of the three lines of a hex cell, not across two lines", () => {
    for (const [a, b] of [["c2", "c4"], ["b3", "d2"], ["b2", "d3"]] as const) {
      expect(sitesWhere(flankedByEnemies, { sites: { c3: man("P1"), [a]: man("P2"), [b]: man("P2") } }, hex)).toEqual(["c3"]);
    }
    expect(sitesWhere(flankedByEnemies, { sites: { c3: man("P1"), c2: man("P2"), b2: man("P2") } }, hex)).toEqual([]);
    expect(sitesWhere(flankedByEnemies, { sites: { c3: man("P1"), c2: man("P2"), d3: man("P2") } }, hex)).toEqual([]);
  });

  it("enemy, friend and mover are the flanked piece's owner's point of view, whoever evaluates", () => {
    const p2centre: Position = { sites: { c3: man("P2"), c2: man("P1"), c4: man("P1") } };
    expect(sitesWhere(flankedByEnemies, p2centre, hex)).toEqual(["c3"]);
    expect(sitesWhere(flankedByEnemies, { ...p2centre, mover: "P2" }, hex)).toEqual(["c3"]);
    expect(sitesWhere(flankedByEnemies, { sites: { c3: man("P1"), c2: man("P1"), c4: man("P1") } }, hex)).toEqual([]);
    const own: Position = { sites: { c3: man("P2"), c2: man("P2"), c4: man("P2") } };
    expect(sitesWhere("(and (occupied to) (flanked to (owner site mover)))", own, hex)).toEqual(["c3"]);
    expect(sitesWhere("(and (occupied to) (flanked to (friend site)))", own, hex)).toEqual(["c3"]);
    // a neutral flanker is no enemy
    expect(sitesWhere(flankedByEnemies, { sites: { c3: man("P1"), c2: block, c4: man("P2") } }, hex)).toEqual([]);
  });

  it("with 3 players, flankers of two different opponents count", () => {
    const sp = { ...hex, players: 3 };
    expect(sitesWhere(flankedByEnemies, { sites: { c3: man("P1"), c2: man("P2"), c4: man("P3") } }, sp)).toEqual(["c3"]);
    expect(sitesWhere("(and (occupied to) (flanked to (owner site P2)))", { sites: { c3: man("P1"), c2: man("P2"), c4: man("P3") } }, sp)).toEqual([]);
    expect(sitesWhere(flankedByEnemies, { sites: { c3: man("P3"), b3: man("P1"), d2: man("P2") } }, sp)).toEqual(["c3"]);
  });

  it("a line leaving the board flanks nothing; square boards use their own lines", () => {
    // c1 is on the edge: each of its lines has a neighbour missing
    expect(sitesWhere(flankedByEnemies, { sites: { c1: man("P1"), c2: man("P2"), b1: man("P2"), d1: man("P2") } }, hex)).toEqual([]);
    const diagonal: Position = { sites: { b2: man("P1"), a1: man("P2"), c3: man("P2") } };
    expect(sitesWhere(flankedByEnemies, diagonal)).toEqual([]);
    expect(sitesWhere(flankedByEnemies, diagonal, { board: "(square 3 3 diagonals:all)" })).toEqual(["b2"]);
    expect(sitesWhere(flankedByEnemies, { sites: { b2: man("P1"), a2: man("P2"), c2: man("P2") } })).toEqual(["b2"]);
  });
});

describe("count-near, group-size, groups-count", () => {
  it("count-near counts the neighbours satisfying the condition", () => {
    const pos: Position = { sites: { a2: man("P1"), b1: man("P2") } };
    expect(sitesWhere("(= (count-near to (occupied site)) 2)", pos)).toEqual(["a1", "b2"]);
    expect(sitesWhere("(= (count-near to (owner site P2)) 1)", pos)).toEqual(["a1", "b2", "c1"]);
    // a hex interior cell has six neighbours, an edge corner three
    const ring: Position = { sites: Object.fromEntries(["c2", "c4", "b2", "b3", "d2", "d3"].map((l) => [l, man("P1")])) };
    expect(sitesWhere("(= (count-near to (occupied site)) 6)", ring, { board: "(hex 3 layout:rows)" })).toEqual(["c3"]);
    expect(valueOf("(count-near to true)", {}, { board: "(hex 3 layout:rows)" })).toBe(3);
  });

  it("group-size counts the site itself, whatever stands on it, and what joins through it", () => {
    const pos: Position = { sites: { a1: man("P1"), b1: man("P1"), d1: man("P1"), e1: man("P2") } };
    const size = (n: number) => sitesWhere(`(= (group-size to (owner site mover)) ${n})`, pos, { board: "(square 5 1)" });
    expect(size(1)).toEqual(["d1"]);
    expect(size(2)).toEqual(["a1", "b1", "e1"]);
    expect(size(4)).toEqual(["c1"]);
    expect(size(3)).toEqual([]);
  });

  it("groups-count counts groups, with having: only those holding such a site", () => {
    const sp = { items: "(flag promoted)" };
    const pos: Position = { sites: { a1: man("P1"), b1: man("P1"), a3: man("P1", 1, ["promoted"]), c3: man("P1"), c1: man("P2", 1, ["promoted"]) } };
    expect(valueOf("(groups-count (owner site mover))", pos, sp)).toBe(3);
    expect(valueOf("(groups-count (owner site mover) having:(flag site promoted))", pos, sp)).toBe(1);
    expect(valueOf("(groups-count (owner site P2) having:(flag site promoted))", pos, sp)).toBe(1);
    expect(valueOf("(groups-count (occupied site))", pos, sp)).toBe(3);
    expect(valueOf("(groups-count (owner site mover) having:false)", pos, sp)).toBe(0);
    expect(valueOf("(groups-count (owner site P2))", {}, sp)).toBe(0);
  });

  it("groups-count min: counts only groups of at least that many sites", () => {
    const sp = { items: "(flag promoted)" };
    const pos: Position = { sites: { a1: man("P1"), b1: man("P1"), c1: man("P1"), a3: man("P1", 1, ["promoted"]), c3: man("P1") } };
    expect(valueOf("(groups-count (owner site mover) min:2)", pos, sp)).toBe(1);
    expect(valueOf("(groups-count (owner site mover) min:1)", pos, sp)).toBe(3);
    expect(valueOf("(groups-count (owner site mover) min:4)", pos, sp)).toBe(0);
    expect(valueOf("(groups-count (owner site mover) min:1 having:(flag site promoted))", pos, sp)).toBe(1);
    expect(valueOf("(groups-count (owner site mover) min:2 having:(flag site promoted))", pos, sp)).toBe(0);
  });

  it("largest-group gives the size of the largest group, rank: the next ones, equal sizes each taking a rank", () => {
    const sp = { board: "(square 5 5)" };
    // P1: {a1 b1 c1} 3, {e1 e2 e3} 3, {a3 a4} 2, {c5} 1, {e5} 1; P2: {c3} 1
    const pos: Position = {
      sites: Object.fromEntries([
        ...["a1", "b1", "c1", "e1", "e2", "e3", "a3", "a4", "c5", "e5"].map((l) => [l, man("P1")]),
        ["c3", man("P2")],
      ]),
    };
    const rank = (r: number, who = "mover") => valueOf(`(largest-group (owner site ${who}) rank:${r})`, pos, sp);
    expect(valueOf("(largest-group (owner site mover))", pos, sp)).toBe(3);
    expect([1, 2, 3, 4, 5, 6, 7, 26].map((r) => rank(r))).toEqual([3, 3, 2, 1, 1, 0, 0, 0]);
    expect([1, 2].map((r) => rank(r, "P2"))).toEqual([1, 0]);
    expect(valueOf("(largest-group (occupied site) rank:(counter v))", pos, sp)).toBe(0);
    expect(valueOf("(largest-group (empty site))", {}, sp)).toBe(25);
    expect(valueOf("(largest-group (owner site P2))", {}, sp)).toBe(0);
    // Ludii's Product: the product of the two largest groups
    expect(valueOf("(* (largest-group (owner site mover)) (largest-group (owner site mover) rank:2))", pos, sp)).toBe(9);
    onlyError(text({ play: "(select to:(> (largest-group (owner site mover) rank:0) 0))" }), "M004", "0", "rank:0");
  });

  it("largest-group with a counter raised by while compares two players' groups from the largest down, pairing them one to one", () => {
    // P1's groups 3, 2, 2; P2's 3, 2, 1: the first rank where they differ is the third (2 against 1), as
    // Ludii's (difference (sizes Group P1) (sizes Group P2)) leaves P1 a group of 2 and P2 one of 1.
    const pos: Position = {
      sites: Object.fromEntries([
        ...["a1", "b1", "c1", "a3", "b3", "e3", "e4"].map((l) => [l, man("P1")]),
        ...["a5", "b5", "c5", "c3", "d3", "e1"].map((l) => [l, man("P2")]),
      ]),
    };
    const at = "(counter k)";
    const g = build({
      board: "(square 5 5)",
      items: "(counter k)",
      play: `(select to:(in to a1) then:{(counter-set k 1)
        (while (and (= (largest-group (owner site P1) rank:${at}) (largest-group (owner site P2) rank:${at})) (> (largest-group (owner site P1) rank:${at}) 0))
          {(counter-add k 1)})})`,
    });
    expect(counter(g, play(g, loadPosition(g, pos), "@a1"), "k")).toBe(3);
    // every group paired: the counter goes one past the last rank
    const paired: Position = { sites: Object.fromEntries([["a1", man("P1")], ["c1", man("P1")], ["a5", man("P2")], ["c5", man("P2")]]) };
    expect(counter(g, play(g, loadPosition(g, paired), "@a1"), "k")).toBe(3);
  });
});

describe("max, min, to-edge", () => {
  it("max and min pick among their numbers, folded when known", () => {
    expect(valueOf("(max 3 (count-sites (occupied site)) 1)", { sites: { a1: man("P1") } })).toBe(3);
    expect(valueOf("(min 3 (count-sites (occupied site)) 1)", { sites: { a1: man("P1") } })).toBe(1);
    expect(valueOf("(max (count-sites (occupied site)) 0)", { sites: { a1: man("P1"), b1: man("P2") } })).toBe(2);
  });

  it("to-edge counts the sites beyond a site in a direction, up to the board's edge", () => {
    expect(valueOf("(to-edge a1 N)", {})).toBe(2);
    expect(valueOf("(to-edge b2 E)", {})).toBe(1);
    expect(valueOf("(to-edge c3 NE)", {}, { board: "(square 3 3 diagonals:all)" })).toBe(0);
    expect(valueOf("(to-edge a1 NE)", {}, { board: "(square 3 3 diagonals:all)" })).toBe(2);
    onlyError(text({ play: "(step to:(> (to-edge to NNE) 0))" }), "M001", "NNE");
  });
});

describe("while", () => {
  it("runs its effects again while the condition holds, asking it first", () => {
    const g = build({
      items: "(counter k)",
      play: "(select to:(in to a1) then:{(while (< (counter k) 5) {(counter-add k 2)})})",
    });
    const s = play(g, g.newGame(), "@a1");
    expect(counter(g, s, "k")).toBe(6);
    const never = build({ items: "(counter k)", play: "(select to:(in to a1) then:{(while false {(counter-add k 1)})})" });
    expect(counter(never, play(never, never.newGame(), "@a1"), "k")).toBe(0);
  });

  it("a loop that never ends stops play with an error naming the rule", () => {
    const g = build({ items: "(counter k)", play: "(select to:(in to a1) then:{(while true {(counter-add k 1)})})" });
    expect(() => play(g, g.newGame(), "@a1")).toThrow(/while/);
  });
});

// --- effects and numbers ---

describe("each-player, add-score, add-supply, remove, turn, div", () => {
  it("each-player runs its effects for every seat in order, as mover; mover is restored after", () => {
    const g = build({
      players: 3,
      items: "(counter order)",
      play: "(select to:(in to c3))",
      rules: `after-action:{
        (each-player {(add-score mover (count-sites (owner site mover)))})
        (each-player {(counter-add order 1) (add-score mover (+ (counter order) (counter order) (counter order) (counter order) (counter order) (counter order) (counter order) (counter order) (counter order) (counter order)))})
        (add-score mover 100)
        (each-player {(when (same-player mover P2) {(add-score opponent 1000)})})}`,
    });
    // P2 acts; pieces: P1 2, P2 1, P3 none
    const t = play(g, loadPosition(g, { sites: { a1: man("P1"), b1: man("P1"), a2: man("P2") }, mover: "P2" }), "@c3");
    // P1: 2 + 10; P2: 1 + 20 + 100 (the real mover); P3: 0 + 30 + 1000 (opponent of P2 in the loop)
    expect(Array.from(t.score)).toEqual([12, 121, 1030]);
    expect(counter(g, t, "order")).toBe(3);
  });

  it("each-player as:player names each seat player, keeping mover and next (Triad's third player gets the piece)", () => {
    const g = build({
      players: 3,
      play: `(select to:(empty to) then:{
        (each-player {(when (and (not (same-player player mover)) (not (same-player player next))) then:{(put to man player)})
                      (add-score player (+ (count-sites (owner site player)) 10))} as:player)})`,
    });
    // P2 acts: next is P3, so the piece is P1's; the scores are each seat's pieces after it, plus 10.
    const t = play(g, loadPosition(g, { sites: { a1: man("P1"), b1: man("P3") }, mover: "P2" }), "@c3");
    expect(site(g, t, "c3")).toMatchObject({ owner: "P1" });
    expect(Array.from(t.score)).toEqual([12, 10, 11]);
    // `player` outside it is still refused, with the places it is known named.
    onlyError(text({ players: 3, play: "(select to:(empty to) then:{(each-player {(put to man player)})})" }), "M004", "player", "man player");
  });

  it("add-score and add-supply add (or take, when negative) for the player", () => {
    const g = build({ items: "(supply 6)", play: "(select to:(in to c3) then:{(add-score mover 2) (add-score P2 -1) (add-supply mover -1) (add-supply opponent 3)})" });
    const s = loadPosition(g, { sites: { a1: man("P1") }, supply: { P1: 5, P2: 2 } });
    const t = play(g, s, "@c3");
    expect(Array.from(t.score)).toEqual([2, -1]);
    expect(Array.from(t.supply)).toEqual([4, 5]);
    // a supply never goes past the total (6) the player owns: P2 takes 1 and gives P1 3 (7, kept at 6), then P1 takes 1 and gives P2 3
    expect(Array.from(play(g, play(g, t, "@c3"), "@c3").supply)).toEqual([5, 6]);
  });

  it("remove empties the site without touching the supply; piece counts follow", () => {
    const g = build({ items: "(supply 6)", play: "(select to:(occupied to) then:{(remove to)})" });
    const s = loadPosition(g, { sites: { a1: man("P1", 3), b1: man("P2"), c1: block } });
    const t = play(g, s, "@a1");
    expect(site(g, t, "a1")).toBeNull();
    expect(Array.from(t.supply)).toEqual(Array.from(s.supply));
    expect(Array.from(t.pieceCount)).toEqual([0, 1]);
    const u = play(g, s, "@c1");
    expect(site(g, u, "c1")).toBeNull();
    expect(Array.from(u.pieceCount)).toEqual([1, 1]);
    expect(checkInvariants(g, t)).toEqual([]);
  });

  it("turn is 1 in a new game's first turn, then counts turns; a loaded position is turn 2", () => {
    const g = build({ items: "(counter v)", play: "(select to:true then:{(counter-set v (turn))})" });
    let s = play(g, g.newGame(), "@a1");
    expect(counter(g, s, "v")).toBe(1);
    s = play(g, s, "@a1");
    expect(counter(g, s, "v")).toBe(2);
    expect(counter(g, play(g, loadPosition(g, {}), "@a1"), "v")).toBe(2);
    // the first-turn rule of Beset's placement
    const first = build({ play: "(add piece:man to:(and (empty to) (or (= (turn) 1) (near to (occupied site)))))" });
    expect(notations(first, first.newGame())).toHaveLength(9);
    expect(notations(first, loadPosition(first, { sites: { a1: man("P2") } }))).toEqual(["*a2", "*b1"]);
  });

  it("div rounds down, and is 0 for a zero divisor", () => {
    expect([valueOf("(div 7 2)", {}), valueOf("(div 6 3)", {}), valueOf("(div (- 0 7) 2)", {}), valueOf("(div 7 0)", {})]).toEqual([3, 2, -4, 0]);
    expect(valueOf("(div (supply mover) 3)", { supply: { P1: 11, P2: 0 } }, { items: "(supply 12)" })).toBe(3);
  });
});

// --- semantic errors ---

describe("semantic errors", () => {
  it("M001: an unknown shape in remove-shapes", () => {
    const d = onlyError(
      text({ items: "(shape pair {{} {E}})", play: "(select to:true then:{(remove-shapes {pair piar} of:(owner site mover))})" }),
      "M001",
      "piar",
    );
    expect(d.message).toContain("piar");
    expect(d.expected).toContain("pair");
  });

  it("M001: an unknown direction in a shape (a square board without diagonals has no NE)", () => {
    const d = onlyError(text({ items: "(shape bent {{} {E} {E NE}})", play: "(select to:true)" }), "M001", "NE", "{E NE}");
    expect(d.expected).toContain("N E S W");
  });

  it("M001: an unknown kind in chase-limit's kinds", () => {
    const d = onlyError(text({ play: "(chase-limit 2 kinds:{step stpe} (step kind:step))" }), "M001", "stpe");
    expect(d.expected).toContain("step");
  });

  it("M004: site in once: (it is bound only in of: and each:)", () => {
    onlyError(
      text({ items: "(shape pair {{} {E}})", play: "(select to:true then:{(remove-shapes {pair} of:(owner site mover) once:{(remove site)})})" }),
      "M004",
      "site",
      "(remove site)",
    );
  });
});

describe("formed", () => {
  /** Placing pieces; a player wins with a 2 x 2 square (any orientation is the same square) or an L of three. */
  const g = build({
    board: "(square 4 4)",
    items: "(shape square {{} {N} {E} {N E}}) (shape ell {{} {N} {N N} {E}})",
    play: "(add piece:man to:(empty to))",
    end: "(if (formed square at:to of:(owner site mover)) (win mover)) (if (formed ell of:(owner site mover)) (win mover))",
  });

  it("holds where the shape stands through the site, every cell satisfying of:", () => {
    const s = loadPosition(g, { sites: { a1: man("P1"), a2: man("P1"), b2: man("P1"), d4: man("P2") }, mover: "P1" });
    const won = play(g, s, "*b1");
    expect(won.over).toBe(true);
    expect(g.endReason(won)?.rule).toBe(0);
    // a square with an enemy piece in it is no square
    const mixed = loadPosition(g, { sites: { a1: man("P1"), a2: man("P2"), b2: man("P1"), d4: man("P2") }, mover: "P1" });
    expect(play(g, mixed, "*b1").over).toBe(false);
  });

  it("finds a shape in any turn or reflection the board allows, anywhere without at:", () => {
    // an L turned and mirrored: d4 d3 d2 and c2
    const s = loadPosition(g, { sites: { d4: man("P1"), d3: man("P1"), a1: man("P2") }, mover: "P1" });
    const t = play(g, s, "*c2");
    expect(t.over).toBe(false);
    const u = play(g, play(g, t, "*a2"), "*d2");
    expect(u.over).toBe(true);
    expect(g.endReason(u)?.rule).toBe(1);
  });

  it("names an unknown shape with the shapes there are", () => {
    const d = onlyError(text({ items: "(shape square {{} {N} {E} {N E}})", play: "(add piece:man to:(empty to))", end: "(if (formed sqare of:(owner site mover)) (win mover))" }), "M001", "sqare");
    expect(d.expected).toBe("one of: square");
  });
});
