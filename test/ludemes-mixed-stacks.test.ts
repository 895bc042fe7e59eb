/**
 * Mixed stacks, site maps and teams: `(mixed-stacks ...)` (pieces of several players on one site,
 * in order, the top standing for the site), `(stack ...)` at the start, `move-along` moving any of
 * the mover's pieces out of a stack and landing on top, the effects that take pieces off the top,
 * positions and keys that carry a stack's order; `(site-map ...)` with `move-along divert:` and
 * `(mapped ...)`; `(players ... teams:)` with `friend`, `enemy`, `(win ...)` and `(team-score ...)`;
 * `(lookup ...)`; and the descriptions the compiler refuses.
 */
import { describe, expect, it } from "vitest";
import type { Game } from "../src/engine/play/game.js";
import { loadPosition, toPosition, type Position, type SitePiece } from "../src/engine/state/position.js";
import { PlayLimitError } from "../src/engine/play/play-limit.js";
import type { State } from "../src/engine/state/state.js";
import { build, notations, onlyError, play, site } from "./support/games.js";
import { compileGame } from "../src/compile/index.js";

const man = (owner: string): { piece: string; owner: string } => ({ piece: "man", owner });
/** A mixed stack as a position writes it: the top piece, the height, and the pieces below it, bottom first. */
const stack = (top: string, ...below: string[]): SitePiece => ({ piece: "man", owner: top, height: below.length + 1, flags: [], ...(below.length ? { below: below.map(man) } : {}) });
const at = (g: Game, pos: Position): State => loadPosition(g, { mover: "P1", ...pos });


function raceWithCounter(moveAlong = "", items = "") {
  return build({
    players: 3,
    items: `(mixed-stacks) (supply 4) (counter k start:1) (track road {(path a1 c1) (path a2 c2) (path a3 c3)}) ${items}`,
    start: "(stack a1 {{man P3} {man P2} {man P1}})",
    play: `(move-along road steps:(counter k) to:true ${moveAlong})`,
  });
}

describe("mixed stacks", () => {
  it("(stack ...) puts the pieces bottom first; the top stands for the site; a position lists the pieces below", () => {
    const g = raceWithCounter();
    const s = g.newGame();
    expect(site(g, s, "a1")).toEqual(stack("P1", "P3", "P2"));
    expect(toPosition(g, s).sites!.a1).toEqual(stack("P1", "P3", "P2"));
    // The start's pieces count for their owners (4 each, one on the board).
    expect([...s.supply]).toEqual([3, 3, 3]);
  });

  it("move-along moves the mover's piece out of the stack, wherever it is, and lands it on top; those above close up", () => {
    const g = raceWithCounter();
    let s = at(g, { sites: { a1: stack("P2", "P1", "P3"), b1: stack("P3") }, counters: { k: 1 } });
    // P1's man is the bottom one: written with its place in the stack, counted from 1.
    expect(notations(g, s)).toEqual(["a1:1-b1"]);
    s = play(g, s, "a1:1-b1");
    expect(site(g, s, "a1")).toEqual(stack("P2", "P3"));
    expect(site(g, s, "b1")).toEqual(stack("P1", "P3"));
    // With mixed stacks the engine counts pieces, wherever they stand: P3's two are both under others.
    expect([...s.pieceCount]).toEqual([1, 1, 2]);
  });

  it("a run of the mover's alike pieces in a stack moves once (from its top); pieces apart in the stack each move", () => {
    const g = raceWithCounter();
    const s = at(g, { sites: { a1: stack("P1", "P1", "P2", "P1") }, counters: { k: 1 } });
    // Bottom up: P1, P2, P1, P1. The top two are P1's side by side: one move, from the top; the bottom one is apart.
    expect(notations(g, s)).toEqual(["a1-b1", "a1:1-b1"]);
  });

  it("landing never captures by itself; hit: effects take the top piece only", () => {
    const plain = raceWithCounter();
    let s = at(plain, { sites: { a1: stack("P1"), b1: stack("P2", "P3") }, counters: { k: 1 } });
    s = play(plain, s, "a1-b1");
    expect(site(plain, s, "b1")).toEqual(stack("P1", "P3", "P2"));
    const hitting = raceWithCounter("hit:{(return-to-supply to) (remove to)}");
    s = at(hitting, { sites: { a1: stack("P1"), b1: stack("P2", "P3") }, counters: { k: 1 } });
    s = play(hitting, s, "a1-b1");
    // P2's man, the top one, went back to P2's supply; P3's stays under P1's.
    expect(site(hitting, s, "b1")).toEqual(stack("P1", "P3"));
    expect([...s.supply]).toEqual([3, 4, 3]);
  });

  it("(move-pieces ...) moves pieces one by one off the top, each keeping its owner", () => {
    const g = raceWithCounter("then:{(move-pieces to (site-of home) count:2)}", "(region home (sites {c3}))");
    let s = at(g, { sites: { a1: stack("P1"), b1: stack("P3", "P2") }, counters: { k: 1 } });
    s = play(g, s, "a1-b1");
    // P1 landed on top; the top two went to c3 in turn: P1's first, then P3's on it.
    expect(site(g, s, "b1")).toEqual(stack("P2"));
    expect(site(g, s, "c3")).toEqual(stack("P3", "P1"));
  });

  it("positions: below round-trips, the height must agree, and a game without mixed stacks has no below", () => {
    const g = raceWithCounter();
    const s = at(g, { sites: { b2: stack("P2", "P1", "P3", "P1") }, counters: { k: 1 } });
    expect(toPosition(g, loadPosition(g, toPosition(g, s))).sites!.b2).toEqual(stack("P2", "P1", "P3", "P1"));
    expect(() => at(g, { sites: { b2: { ...stack("P2", "P1"), height: 3 } } })).toThrow(/height: 3, but the stack holds 2 pieces/);
    expect(() => at(g, { sites: { b2: { piece: "man", owner: "P2", below: [{ piece: "man", owner: "P9" }] } } })).toThrow(/below\[0\]\.owner: 'P9' is not a player/);
    const plain = build({ play: "(step)" });
    expect(() => loadPosition(plain, { mover: "P1", sites: { a1: { piece: "man", owner: "P1", below: [man("P2")] } } })).toThrow(/unknown field \(owner, piece, height, flags\)/);
  });

  it("a stack's order is part of the position: the same pieces in another order hash otherwise", () => {
    const g = raceWithCounter();
    const a = at(g, { sites: { b2: stack("P2", "P1", "P3") } });
    const b = at(g, { sites: { b2: stack("P2", "P3", "P1") } });
    expect(g.hash(a)).not.toBe(g.hash(b));
    expect(g.hash(a)).toBe(g.hash(at(g, { sites: { b2: stack("P2", "P1", "P3") } })));
  });

  it("a site holds every piece of the game by default; max: bounds it, and play past it stops with a clear error", () => {
    expect(raceWithCounter().shape.levels).toBe(12);
    const g = build({
      players: 2,
      items: "(mixed-stacks max:2) (supply 3) (counter k start:1) (track road {(path a1 c1) (path a2 c2) (path a3 c3)})",
      start: "(stack b1 {{man P2} {man P2}}) (place man P1 a1)",
      play: "(move-along road steps:(counter k) to:true)",
    });
    const s = g.newGame();
    expect(() => g.apply(s, g.legalMoves(s)[0]!)).toThrow(PlayLimitError);
    expect(() => g.apply(s, g.legalMoves(s)[0]!)).toThrow(/would stack 3 pieces .* more than the 2 a stack may hold \(its max:, or without max: every piece the game starts with/);
  });

  it("the default counts neutral pieces too: a stack of every piece the game starts with is allowed", () => {
    const g = build({
      players: 2,
      items: "(mixed-stacks) (piece ghoula)",
      start: "(stack a1 {{ghoula neutral} {man P2} {man P1}})",
      play: "(pass)",
    });
    expect(g.shape.levels).toBe(3);
    expect(site(g, g.newGame(), "a1")).toMatchObject({ owner: "P1", height: 3 });
  });
});

describe("lift on a mixed stack", () => {
  it("takes only the mover's piece on top; the pieces under it stay, with their owners", () => {
    const g = build({ board: "(square 2 1)", items: "(mixed-stacks max:4) (supply 3)", play: "(lift from:(friend from) to-supply:true)" });
    // Bottom up: P1, P2, then P1 on top.
    const s0 = at(g, { sites: { a1: stack("P1", "P1", "P2") }, supply: { P1: 0, P2: 0 } });
    expect(g.legalMoves(s0).map((m) => [m.notation, m.count, m.actions])).toEqual([["-a1", 1, [{ op: "remove", at: "a1", count: 1 }]]]);
    const s1 = play(g, s0, "-a1");
    expect(site(g, s1, "a1")).toEqual(stack("P2", "P1"));
    expect([...s1.pieceCount]).toEqual([1, 1]);
    expect([...s1.supply]).toEqual([1, 0]);
  });
});

describe("a slide taking part of a mixed stack", () => {
  // Was a bug: the slide wrote heights itself, so the pieces kept their counts where they had left
  // (no-pieces never held) and the pieces moved all became the mover's.
  it("carries the top pieces as they are, each with its owner, and the counts follow", () => {
    const g = build({ board: "(square 3 1)", items: "(mixed-stacks max:4)", play: "(priority (slide take:any range:1 to:(empty to) from:(friend from)) (pass))" });
    // Bottom up on a1: P1, P2, P1 (on top, so P1 moves it).
    const s0 = at(g, { sites: { a1: stack("P1", "P1", "P2") } });
    const s1 = play(g, s0, "a1-b1/2");
    expect(site(g, s1, "a1")).toEqual(stack("P1"));
    expect(site(g, s1, "b1")).toEqual(stack("P1", "P2"));
    expect([...s1.pieceCount]).toEqual([2, 1]);
    // P2 has no piece on top: it passes; P1's top piece goes on, leaving P2's alone on b1.
    const s2 = play(g, play(g, s1, "pass"), "b1-c1/1");
    expect([site(g, s2, "b1"), site(g, s2, "c1")]).toEqual([stack("P2"), stack("P1")]);
    expect([...s2.pieceCount]).toEqual([2, 1]);
  });
});

describe("move-pieces under:true", () => {
  /** A hop over an enemy column takes its top piece under the jumping column (Lasca). */
  const g = build({
    board: "(square 5 1)",
    items: "(mixed-stacks max:4)",
    play: "(hop dirs:{E} over:(enemy over) capture:none then:{(move-pieces over to count:1 under:true)})",
  });

  it("puts the pieces under the pile on the destination, the others moving up; the jumped pile keeps the rest", () => {
    const s = play(g, at(g, { sites: { a1: stack("P1", "P1"), b1: stack("P2", "P1", "P2") } }), "a1-c1");
    // a1's column (P1 over P1) landed on c1, and b1's top piece (P2) went under it.
    expect(site(g, s, "c1")).toEqual(stack("P1", "P2", "P1"));
    expect(site(g, s, "b1")).toEqual(stack("P2", "P1"));
    expect([...s.pieceCount]).toEqual([3, 2]);
  });

  it("several go under in their order; on an empty site they make a pile of their own", () => {
    const h = build({
      board: "(square 3 1)",
      items: "(mixed-stacks max:4)",
      play: "(select to:(in to c1) then:{(move-pieces a1 b1 count:2 under:true) (move-pieces a1 c1 under:true)})",
    });
    const s = play(h, at(h, { sites: { a1: stack("P1", "P2", "P2", "P1"), b1: stack("P2") } }), "@c1");
    // a1 bottom up: P2, P2, P1, P1. Its top two (P1 on P1) go under b1's P2, then the rest to the empty c1.
    expect(site(h, s, "b1")).toEqual(stack("P2", "P1", "P1"));
    // Two of one player's pieces, alike: a plain pile of two.
    expect(site(h, s, "c1")).toEqual({ piece: "man", owner: "P2", height: 2, flags: [] });
    expect(site(h, s, "a1")).toBeNull();
  });
});

describe("site maps", () => {
  it("divert: a move ending on a site the map leads from ends where it leads, in one move; passing over it is nothing", () => {
    const g = raceWithCounter("divert:ladders", "(site-map ladders {{b1 b3} {c2 a1}})");
    let s = at(g, { sites: { a1: stack("P1") }, counters: { k: 1 } });
    expect(notations(g, s)).toEqual(["a1-b3"]);
    s = at(g, { sites: { a1: stack("P1") }, counters: { k: 2 } });
    expect(notations(g, s)).toEqual(["a1-c1"]);
    // A snake back onto a stack: the piece lands on top there.
    s = at(g, { sites: { b2: stack("P1"), a1: stack("P2", "P3") }, counters: { k: 1 } });
    s = play(g, s, "b2-a1");
    expect(site(g, s, "a1")).toEqual(stack("P1", "P3", "P2"));
  });

  it("(mapped MAP SITE): where a site leads, or the site itself", () => {
    const g = raceWithCounter("then:{(move-pieces to (mapped ladders to))}", "(site-map ladders {{c1 c3}})");
    let s = at(g, { sites: { b1: stack("P1"), a2: stack("P2") }, counters: { k: 1 } });
    s = play(g, s, "b1-c1");
    expect(site(g, s, "c3")).toEqual(stack("P1"));
    expect(site(g, s, "c1")).toBeNull();
  });
});

describe("teams", () => {
  it("a partner's piece is a friend, not an enemy; the other team's is an enemy", () => {
    const text = (teams: string, cond: string) => `(game "T" (players 4 ${teams})
      (equipment {(board (square 5 1)) (piece man)})
      (rules (start {(place man P2 a1) (place man P3 d1)}) (play (add piece:man to:(and (empty to) (exists (and ${cond} (adjacent site to)))))) (end {})))`;
    const near = (teams: string, cond: string) => {
      const g = build(text(teams, cond));
      return notations(g, g.newGame());
    };
    // From P1's seat, with P3 a partner: only P2's piece on a1 is an enemy.
    expect(near("teams:{{P1 P3} {P2 P4}}", "(friend site)")).toEqual(["*c1", "*e1"]);
    expect(near("teams:{{P1 P3} {P2 P4}}", "(enemy site)")).toEqual(["*b1"]);
    // Without teams every other player's piece is an enemy, and only one's own a friend.
    expect(near("", "(enemy site)")).toEqual(["*b1", "*c1", "*e1"]);
    expect(near("", "(friend site)")).toEqual([]);
  });

  it("(win P) is a win for P's team; (team-score P) adds the team's scores", () => {
    const g = build(`(game "T" (players 4 teams:{{P1 P3} {P2 P4}})
      (equipment {(board (square 4 1)) (piece man)})
      (rules (start {}) (play (add piece:man to:(empty to) then:{(add-score mover 1)})) (end {(if (>= (team-score mover) 2) (win mover))})))`);
    let s = g.newGame();
    s = play(g, s, "*a1");
    s = play(g, s, "*b1");
    expect(s.over).toBe(false);
    s = play(g, s, "*c1");
    // P1 and P3 have a point each: P3's move wins for both.
    expect(g.winners(s)).toEqual([0, 2]);
    expect([...g.returns(s)]).toEqual([1, -1, 1, -1]);
  });

  it("(lookup INDEX {VALUES} default:): the number at a place, the default outside", () => {
    const g = build(`(game "T" (players 2) (equipment {(board (square 4 1)) (piece man) (counter k start:1)})
      (rules (start {}) (play (add piece:man to:(and (empty to) (= (file to) (lookup (counter k) {4 2 3} default:1))))) (end {})))`);
    const s = g.newGame();
    expect(notations(g, s)).toEqual(["*b1"]);
    s.counters[0] = 7;
    s.touch();
    expect(notations(g, s)).toEqual(["*a1"]);
  });
});

describe("descriptions refused", () => {
  const src = (items: string, start = "", moveAlong = "") =>
    `(game "T" (players 2) (equipment {(board (square 3 3)) (piece man) (track road {(path a1 c1)}) ${items}})
  (rules (start {${start}}) (play (move-along road steps:1 ${moveAlong})) (end {})))`;

  it("W001: a hit that counts the piece back into the supply but leaves it standing under the one landing", () => {
    const r = compileGame(src("(mixed-stacks) (supply 2)", "", "to:true hit:{(return-to-supply to)}"), { file: "t.game" });
    expect(r.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(["warning W001"]);
    expect(r.diagnostics[0]!.message).toContain("leaves it on the board");
    // taken off too: no warning; without mixed stacks the landing captures it anyway
    expect(compileGame(src("(mixed-stacks) (supply 2)", "", "to:true hit:{(return-to-supply to) (remove to)}"), { file: "t.game" }).diagnostics).toEqual([]);
    expect(compileGame(src("(supply 2)", "", "to:true hit:{(return-to-supply to)}"), { file: "t.game" }).diagnostics).toEqual([]);
  });
  it("M001: (stack ...) without mixed stacks", () => {
    onlyError(src("", "(stack a1 {{man P1} {man P2}})"), "M001", "(stack a1 {{man P1} {man P2}})");
  });
  it("M004: a piece of a stack that is not {type owner}", () => {
    onlyError(src("(mixed-stacks)", "(stack a1 {{man P1 P2}})"), "M004", "{man P1 P2}");
  });
  it("M003: two (mixed-stacks); a site map declared twice; a site leading to two", () => {
    onlyError(src("(mixed-stacks) (mixed-stacks max:9)"), "M003", "(mixed-stacks max:9)");
    onlyError(src("(site-map m {{a1 b1}}) (site-map m {{b1 c1}})"), "M003", "(site-map m {{b1 c1}})");
    onlyError(src("(site-map m {{a1 b1} {a1 c1}})"), "M003", "{a1 c1}");
  });
  it("M004 and M001: a pair that is not two sites; a site the board lacks; a site leading to itself", () => {
    onlyError(src("(site-map m {{a1 b1 c1}})"), "M004", "{a1 b1 c1}");
    onlyError(src("(site-map m {{a1 z9}})"), "M001", "z9");
    onlyError(src("(site-map m {{a1 a1}})"), "M004", "{a1 a1}");
  });
  it("M001: divert: or (mapped ...) naming no site map", () => {
    onlyError(src("", "", "divert:ladders"), "M001", "ladders");
  });
  it("teams: a seat in two teams (M003) or in none (M002); (team-score ...) without teams (M001)", () => {
    const game = (teams: string, end = "") =>
      `(game "T" (players 4 ${teams}) (equipment {(board (square 3 3)) (piece man)}) (rules (start {}) (play (add piece:man to:(empty to))) (end {${end}})))`;
    onlyError(game("teams:{{P1 P3} {P2 P3 P4}}"), "M003", "P3", "P2 P3 P4");
    onlyError(game("teams:{{P1 P3} {P2}}"), "M002", "{{P1 P3} {P2}}");
    onlyError(game("", "(if (= (team-score mover) 2) (win mover))"), "M001", "(team-score mover)");
  });
});
