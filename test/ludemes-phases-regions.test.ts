/**
 * Phases of play and motions of a region's contents:
 * - `(phases {(phase NAME MOVES next: when: for:)})`: each seat plays the moves of its own phase and
 *   moves on after a decision of it (when `when:` holds; every seat at once with `for:all`);
 *   `(in-phase NAME P)` reads where a seat is; a position carries it.
 * - `(turn-region REGIONS by: ways:)` and `(flip-region REGIONS axes:)`: the pieces of one region go
 *   where a rotation or a reflection of the board's geometry carries their sites.
 * - `(line N of:P)` without a site: a row anywhere on the board.
 */
import { describe, expect, it } from "vitest";
import { loadPosition, toPosition } from "../src/engine/state/position.js";
import { build, man, notations, onlyError, play, playAll, site, text } from "./support/games.js";

describe("(phases ...)", () => {
  // Two men each placed from the supply, then men step; a seat moves on once its supply is empty.
  const g = build({
    items: "(supply 2)",
    play: '(phases {(phase place (add piece:man from-supply:true to:(empty to) prefix:"") next:move when:(= (supply mover) 0)) (phase move (step dirs:{N E S W}))})',
    end: "(if (no-moves next) (win mover))",
  });

  it("gives each seat the moves of its own phase, and moves a seat on when the phase's condition holds after its decision", () => {
    let s = playAll(g, g.newGame(), ["a1", "c3"]);
    // P1 has placed one of two: still placing.
    expect(notations(g, s)).toEqual(["a2", "a3", "b1", "b2", "b3", "c1", "c2"]);
    s = play(g, s, "b2");
    // P1's supply is empty now, P2's is not: P2 still places, then P1 moves.
    expect(notations(g, s)).toEqual(["a2", "a3", "b1", "b3", "c1", "c2"]);
    s = play(g, s, "a3");
    expect(notations(g, s)).toEqual(["a1-a2", "a1-b1", "b2-a2", "b2-b1", "b2-b3", "b2-c2"]);
  });

  it("reads (passed) in when: about the decision just made, not the one before it", () => {
    // A seat moves on after its first placement, not after a pass (Ludii's `(nextPhase Mover (not (was Pass)) ...)`).
    const h = build({
      play: '(phases {(phase wait (either (add piece:man to:(empty to) prefix:"") (pass)) next:move when:(not (passed))) (phase move (either (step dirs:{N E S W}) (pass)))})',
      end: "(if (all-passed) draw)",
    });
    // P1 passes and stays; P2's placement, right after that pass, moves P2 on.
    let s = playAll(h, h.newGame(), ["pass", "a1"]);
    expect(toPosition(h, s).phases).toEqual({ P1: "wait", P2: "move" });
    // P1's placement after P2's: P1 moves on too.
    s = play(h, s, "c3");
    expect(toPosition(h, s).phases).toEqual({ P1: "move", P2: "move" });
  });

  it("(in-phase NAME P) tells where a seat is", () => {
    const asks = build({
      items: "(supply 1) (counter moving-p2)",
      play: '(phases {(phase place (add piece:man from-supply:true to:(empty to) prefix:"") next:move) (phase move (step dirs:{N E S W}))})',
      rules: "after-action:{(when (in-phase move P2) {(counter-set moving-p2 1)})}",
    });
    let s = play(asks, asks.newGame(), "a1");
    expect(s.counters[0]).toBe(0);
    s = play(asks, s, "c3");
    expect(s.counters[0]).toBe(1);
  });

  it("moves every seat on at once with for:all", () => {
    const all = build({
      items: "(supply 3)",
      play: '(phases {(phase place (add piece:man from-supply:true to:(empty to) prefix:"") next:move for:all) (phase move (step dirs:{N E S W}))})',
    });
    const s = play(all, all.newGame(), "a1");
    // P1's placement moved P2 on too: P2 has no man to step with yet, so no move.
    expect(notations(all, s)).toEqual([]);
  });

  it("keeps each seat's phase in the position, by name", () => {
    const s = playAll(g, g.newGame(), ["a1", "c3", "b2"]);
    const written = toPosition(g, s);
    expect(written.phases).toEqual({ P1: "move", P2: "place" });
    expect(toPosition(g, g.newGame()).phases).toBeUndefined();
    expect(() => loadPosition(g, { sites: {}, phases: { P1: "mvoe" } })).toThrow(/position.phases.P1: '?mvoe'? is not a phase \(place, move\)/);
    expect(() => loadPosition(g, { sites: {}, phases: { P3: "move" } })).toThrow(/position.phases.P3: not a seat/);
    const back = loadPosition(g, JSON.parse(JSON.stringify(written)));
    expect(notations(g, back)).toEqual(notations(g, s));
    expect(notations(g, play(g, back, "a3"))).toEqual(["a1-a2", "a1-b1", "b2-a2", "b2-b1", "b2-b3", "b2-c2"]);
  });

  it("refuses a next: that names no phase, and two phases of one name", () => {
    const src = text({ play: "(phases {(phase place (add piece:man to:(empty to)) next:mvoe) (phase move (step))})" });
    expect(onlyError(src, "M001", "mvoe").message).toContain("no phase 'mvoe'");
    const twice = text({ play: "(phases {(phase place (add piece:man to:(empty to))) (phase place (step))})" });
    expect(onlyError(twice, "M001", "place", "place (step)").message).toContain("two phases are named 'place'");
  });

  it("refuses (in-phase ...) without phases, naming what is missing", () => {
    const src = text({ play: "(step)", end: "(if (in-phase move) (win mover))" });
    expect(onlyError(src, "M001", "move", "move)").message).toContain("no (phases ...)");
  });
});

describe("(turn-region ...) and (flip-region ...)", () => {
  const quarters = "(region low (rows 1 2)) (region left (intersection (columns a b) (rows 1 2)))";
  const g = build({ board: "(square 4 4)", items: quarters, start: "(place man P1 (sites {a1 b1})) (place man P2 a2)", play: "(turn-region {left})" });

  it("turns a region's pieces about its centre, clockwise or anticlockwise, one move per region and way", () => {
    const s = g.newGame();
    expect(notations(g, s)).toEqual(["left-acw", "left-cw"]);
    // Clockwise on the board as drawn: a2 (top left of the block) goes to b2, b2 to b1, b1 to a1, a1 to a2.
    const cw = play(g, s, "left-cw");
    expect([site(g, cw, "a1"), site(g, cw, "a2"), site(g, cw, "b2"), site(g, cw, "b1")]).toEqual([man("P1"), man("P1"), man("P2"), null]);
    const acw = play(g, s, "left-acw");
    expect([site(g, acw, "a1"), site(g, acw, "a2"), site(g, acw, "b2"), site(g, acw, "b1")]).toEqual([man("P2"), null, man("P1"), man("P1")]);
    expect(acw.pieceCount[0]).toBe(2);
  });

  it("names the move by the site at the region's centre when there is one", () => {
    const three = build({ board: "(square 3 3)", items: "(region whole (rows 1 3))", start: "(place man P1 a1)", play: "(turn-region {whole} by:180 ways:{clockwise})" });
    const s = play(three, three.newGame(), "b2cw");
    expect(site(three, s, "c3")).toEqual(man("P1"));
    expect(site(three, s, "a1")).toBeNull();
  });

  it("turns a hexagon by 60 degrees", () => {
    const hex = build({ board: "(hex 2)", items: "(region whole (sites {a1 a2 b1 b2 b3 c1 c2}))", start: "(place man P1 a1)", play: "(turn-region {whole} by:60)" });
    const s = hex.newGame();
    expect(notations(hex, s)).toEqual(["b2acw", "b2cw"]);
    // a1, the top row's left cell, turns to its right neighbour clockwise and down to b1 anticlockwise.
    expect(site(hex, play(hex, s, "b2cw"), "a2")).toEqual(man("P1"));
    expect(site(hex, play(hex, s, "b2acw"), "b1")).toEqual(man("P1"));
    expect(site(hex, play(hex, s, "b2acw"), "a1")).toBeNull();
  });

  it("flips a region in an axis through its centre", () => {
    const flips = build({ board: "(square 4 4)", items: quarters, start: "(place man P1 (sites {a1 b1})) (place man P2 a2)", play: "(flip-region {left} axes:{N E NE})" });
    const s = flips.newGame();
    expect(notations(flips, s)).toEqual(["left-flipE", "left-flipN", "left-flipNE"]);
    // N: left and right change places; E: top and bottom; NE: the diagonal through a1 and b2 stays.
    const n = play(flips, s, "left-flipN");
    expect([site(flips, n, "a1"), site(flips, n, "b1"), site(flips, n, "a2"), site(flips, n, "b2")]).toEqual([man("P1"), man("P1"), null, man("P2")]);
    const e = play(flips, s, "left-flipE");
    expect([site(flips, e, "a1"), site(flips, e, "b1"), site(flips, e, "a2"), site(flips, e, "b2")]).toEqual([man("P2"), null, man("P1"), man("P1")]);
    const ne = play(flips, s, "left-flipNE");
    expect([site(flips, ne, "a1"), site(flips, ne, "b1"), site(flips, ne, "a2"), site(flips, ne, "b2")]).toEqual([man("P1"), man("P2"), man("P1"), null]);
  });

  it("refuses a region the motion does not carry onto itself, naming a site it carries away", () => {
    const src = text({ board: "(square 4 4)", items: "(region low (rows 1 2))", play: "(turn-region {low})" });
    expect(onlyError(src, "M001", "low", "low})").message).toMatch(/clockwise turn by 90 degrees carries [a-d][12] out of region 'low'/);
    const unknown = text({ board: "(square 4 4)", items: "(region low (rows 1 2))", play: "(turn-region {lwo})" });
    expect(onlyError(unknown, "M001", "lwo").message).toContain("no region 'lwo'");
  });
});

describe("(line N of:P) without a site", () => {
  const g = build({
    board: "(square 4 4 diagonals:all)",
    start: "(place man P1 (sites {a1 b2 c3})) (place man P2 (sites {a4 b4 c4}))",
    play: '(add piece:man to:(empty to) prefix:"")',
    end: '(if (line 4 of:opponent) (win opponent) reason:"{opponent} has a row") (if (line 4 of:mover) (win mover))',
  });

  it("sees a row anywhere on the board, not only through the last move's site", () => {
    // P1 completes the diagonal; a row of P2's made elsewhere would count the same way.
    const s = play(g, g.newGame(), "d4");
    expect(s.over).toBe(true);
    expect(g.winnerSeats(s)).toEqual([0]);
    const far = play(g, g.newGame(), "a2");
    expect(far.over).toBe(false);
  });

  it("counts exact rows with exact:true", () => {
    const exact = build({ board: "(square 5 1)", start: "(place man P1 (sites {a1 b1 c1 d1}))", play: '(add piece:man to:(empty to) prefix:"")', end: "(if (line 4 of:P1 exact:true) (win P1))" });
    expect(exact.newGame().over).toBe(false);
    // Start positions are not judged: the first placement, a fifth man in the row, makes it five, not four.
    const s = play(exact, exact.newGame(), "e1");
    expect(s.over).toBe(false);
  });
});

describe("a row anywhere, against a look at every site", () => {
  it("finds the same rows as asking every site, on random boards, for rows of 2 to 6, exact or not", async () => {
    const { anyLine, boardLines, hasLineOfExactly, lineAxes, longestLine } = await import("../src/engine/structures/lines.js");
    const g = build({ board: "(square 7 6 diagonals:all)", play: '(add piece:man to:(empty to) prefix:"")' });
    const axes = lineAxes(g.topology), lines = boardLines(g.topology, axes);
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    let found = 0;
    for (let board = 0; board < 300; board++) {
      const s = g.newGame();
      const fill = random();
      for (let site = 0; site < g.topology.n; site++) {
        const r = random();
        if (r < fill) s.put(site, r < fill / 2 ? 0 : 1, 0);
      }
      for (const owner of [0, 1]) {
        for (let length = 2; length <= 6; length++) {
          for (const exact of [false, true]) {
            let expected = false;
            for (let site = 0; site < g.topology.n && !expected; site++) {
              expected = exact ? hasLineOfExactly(g.topology, s, site, owner, axes, length) : longestLine(g.topology, s, site, owner, axes) >= length;
            }
            expect(anyLine(lines, s, owner, length, exact), `board ${board}, P${owner + 1}, ${exact ? "exactly " : ""}${length}`).toBe(expected);
            if (expected) found++;
          }
        }
      }
    }
    // The boards hold rows and miss them both.
    expect(found).toBeGreaterThan(500);
    expect(found).toBeLessThan(300 * 2 * 5 * 2 - 500);
  });
});
