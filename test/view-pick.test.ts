/**
 * Choosing moves by clicking sites (src/view/pick.ts): in every built-in game, through random
 * games, every legal move can be made by clicking its origin and landings (with a menu or a
 * "stop here" where clicks are shared), and no click sequence ever makes a move that is not legal.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import type { Move } from "../src/engine/moves/moves.js";
import { builtinGameNames } from "../src/library/builtin.js";
import { NO_PICK, clickSite, initialPick, landings, moveLabel, singleClicks, targets, type Pick, type PickResult } from "../src/view/pick.js";
import { seededChooser } from "./support/random.js";

/** The clicks a player makes for a move (null for a move no site names: a pass, made by a button). */
function clicksFor(m: Move): string[] | null {
  if (m.from === undefined) return m.to === undefined ? null : [m.to];
  return m.to === undefined ? [m.from] : [m.from, ...landings(m)];
}

/** Clicks the sites in turn; the moves the last click offers (played, chosen among, or stops). */
function offered(legal: Move[], clicks: string[]): Move[] {
  let pick: Pick = NO_PICK;
  let last: PickResult = { kind: "none" };
  for (const [i, site] of clicks.entries()) {
    last = clickSite(legal, pick, site);
    if (last.kind === "select") pick = last.pick;
    else if (i < clicks.length - 1) return [];
  }
  if (last.kind === "play") return [last.move];
  if (last.kind === "choose") return last.moves;
  if (last.kind === "select") {
    // The selected site again: the moves that only name it (when the site has others too).
    if (clicks.length === 1) {
      const again = clickSite(legal, last.pick, clicks[0]!);
      return again.kind === "play" ? [again.move] : again.kind === "choose" ? again.moves : [];
    }
    return last.stops;
  }
  return [];
}

/**
 * Moves of one ply clicked through, at most, spread over the list (first and last included): each
 * click looks at every legal move, so clicking all of Go's 361 costs the square of their number,
 * and moves of one kind (placements on empty points) differ only in their site.
 */
const CLICKED_PER_PLY = 48;

/** At most `k` of `list`, spread evenly over it. */
const spread = <T>(list: T[], k: number): T[] =>
  list.length <= k ? list : Array.from({ length: k }, (_, j) => list[Math.round((j * (list.length - 1)) / (k - 1))]!);

describe("moves by clicking", () => {
  for (const name of builtinGameNames()) {
    it(`${name}: every legal move is reachable by its clicks, and only legal moves are`, () => {
      const g = loadGame(name);
      const choose = seededChooser(7);
      let chains = 0;
      for (let game = 0; game < 3; game++) {
        let s = g.newGame({ seed: 11 + game });
        for (let ply = 0; ply < 80 && !s.over; ply++) {
          const legal = g.legalMoves(s);
          if (!legal.length) break;
          const legalNotations = new Set(legal.map((m) => m.notation));
          for (const m of spread(legal, CLICKED_PER_PLY)) {
            const clicks = clicksFor(m);
            if (!clicks) continue;
            if (landings(m).length > 1) chains++;
            const got = offered(legal, clicks);
            expect(got.map((x) => x.notation), `${name} ply ${ply}: ${m.notation} by ${clicks.join(" ")}`).toContain(m.notation);
            for (const x of got) expect(legalNotations.has(x.notation)).toBe(true);
          }
          // The highlighted targets after selecting a piece are exactly its moves' first landings.
          const from = legal.find((m) => m.from !== undefined && m.to !== undefined)?.from;
          if (from !== undefined) {
            const want = new Set(legal.filter((m) => m.from === from && landings(m).length).map((m) => landings(m)[0]!));
            expect(targets(legal, { from, path: [] })).toEqual(want);
          }
          s = g.apply(s, legal[choose(legal.length)]!);
        }
      }
      // Dablot's captures are chains of landings in one decision (draughts and Chinese checkers take a decision per hop).
      if (name === "dablot") expect(chains).toBeGreaterThan(0);
    });
  }

  it("a chain that may stop or go on offers the stop, and goes on with the next landing", () => {
    const mk = (path: string[]): Move => ({ kind: "hop", from: "a1", to: path[path.length - 1], path, notation: ["a1", ...path].join("x"), actions: [], code: null! });
    const short = mk(["c3"]), long = mk(["c3", "e5"]), other = mk(["c3", "a5"]);
    const legal = [short, long, other];
    const first = clickSite(legal, NO_PICK, "a1");
    expect(first).toEqual({ kind: "select", pick: { from: "a1", path: [] }, stops: [] });
    const second = clickSite(legal, { from: "a1", path: [] }, "c3");
    expect(second).toEqual({ kind: "select", pick: { from: "a1", path: ["c3"] }, stops: [short] });
    expect(targets(legal, { from: "a1", path: ["c3"] })).toEqual(new Set(["e5", "a5"]));
    expect(clickSite(legal, { from: "a1", path: ["c3"] }, "e5")).toEqual({ kind: "play", move: long });
    // The last landing straight after the piece: the chain that ends there.
    expect(clickSite(legal, { from: "a1", path: [] }, "a5")).toEqual({ kind: "play", move: other });
    // Every move of the piece is on offer at once: the piece is selected from the start.
    expect(initialPick(legal)).toEqual({ from: "a1", path: [] });
    expect(initialPick([...legal, { ...short, from: "b2", notation: "b2xc3" }])).toEqual(NO_PICK);
    // A site no move of the piece reaches, and no move starts from: nothing.
    expect(clickSite(legal, { from: "a1", path: [] }, "h8")).toEqual({ kind: "none" });
  });
});

describe("the sites one click decides on (highlighted before anything is selected)", () => {
  const after = (name: string, notations: string[]) => {
    const g = loadGame(name);
    let s = g.newGame();
    for (const n of notations) s = g.apply(s, g.legalMoves(s).find((m) => m.notation === n)!);
    return [...singleClicks(g.legalMoves(s))].sort();
  };

  it("are the sites of placements, choices and removals, and of pieces lifted where they stand; never a piece's origin", () => {
    // Konane opens with a stone lifted from the board: four sites.
    expect(after("konane", [])).toEqual(["a10", "e6", "f5", "j1"]);
    // Nine Men's Morris: every point to place on; after a mill, the men that may be removed.
    expect(after("nine-mens-morris", [])).toHaveLength(24);
    expect(after("nine-mens-morris", ["a1", "b2", "d1", "b4", "g1"])).toEqual(["b2", "b4"]);
    // Chess: every move is a piece's, from its origin: nothing is decided by one click.
    expect(after("chess", [])).toEqual([]);
  });
});

describe("moves named in menus and on buttons", () => {
  it("adds what a move does where its notation has signs of its own, not to plain steps and captures", () => {
    const labels = (name: string) => new Map(loadGame(name).legalMoves(loadGame(name).newGame({ seed: 1 })).map((m) => [m.notation, moveLabel(m)]));
    const benediction = labels("benediction");
    expect(benediction.get("#a1")).toBe("#a1: block");
    expect(benediction.get("d1-c1")).toBe("d1-c1");
    expect(labels("kings-trail").get("@a2")).toMatch(/^@a2: \w+/);
    expect(labels("tic-tac-toe").get("b2")).toBe("b2");
    expect(moveLabel({ kind: "pass", notation: "pass" } as Move)).toBe("pass");
    expect(moveLabel({ kind: "capture", notation: "e4xd5" } as Move)).toBe("e4xd5");
  });
});
