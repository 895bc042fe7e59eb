/**
 * Ludemes of race games on the six-pointed star: the `star` board, per-seat regions
 * (`seat-regions`, `region-of`, `(place piece each name)`), hops over any piece one per decision
 * (`hop`, `visit`, `visited`), filling a region (`fills`), players finishing one by one
 * (`finish`), products (`*`), and defines chosen by option values (`("Name $option")`).
 */
import { describe, expect, it } from "vitest";
import { loadPosition } from "../src/engine/state/position.js";
import { build, counter, errorsOf, man, notations, play, playAll, site } from "./support/games.js";

describe("star", () => {
  it("builds the six-pointed star: 121 cells for points of 4 rows, six points of 10, a hexagon of 61", () => {
    const g = build({ board: "(star 4)", play: "(step)" });
    const t = g.topology;
    expect(t.n).toBe(121);
    for (const p of ["point-s", "point-se", "point-ne", "point-n", "point-nw", "point-sw"]) expect(t.regions.get(p)!.length).toBe(10);
    expect(t.regions.get("hexagon")!.length).toBe(61);
    const labels = (r: string) => [...t.regions.get(r)!].map((i) => t.labels[i]).sort();
    expect(labels("corners")).toEqual(["a5", "e1", "e13", "m17", "m5", "q13"]);
    expect(labels("centre")).toEqual(["i9"]);
    expect(labels("point-s")).toEqual(["e1", "e2", "e3", "e4", "f2", "f3", "f4", "g3", "g4", "h4"]);
  });

  it("joins each cell to its six neighbours on the skewed grid", () => {
    const g = build({ board: "(star 4)", play: "(step)", start: "(place man P1 (sites {i9 e1}))" });
    const s = g.newGame();
    expect(notations(g, s)).toEqual(["e1-e2", "e1-f2", "i9-h8", "i9-h9", "i9-i10", "i9-i8", "i9-j10", "i9-j9"]);
  });

  it("has other sizes: points of 1 row make a star of 13 cells", () => {
    expect(build({ board: "(star 1)", play: "(step)" }).topology.n).toBe(13);
  });
});

const seats = "(seat-regions home {point-s point-n}) (seat-regions target {point-n point-s})";

describe("seat-regions", () => {
  it("gives every seat its own region under one name", () => {
    const g = build({ board: "(star 4)", items: seats, start: "(place man each home)", play: "(step)" });
    const s = g.newGame();
    expect(site(g, s, "e1")).toEqual(man("P1"));
    expect(site(g, s, "m17")).toEqual(man("P2"));
    expect(s.pieceCount[0]).toBe(10);
    expect(s.pieceCount[1]).toBe(10);
  });

  it("needs one region per seat", () => {
    const errs = errorsOf(`(game "T" (players 3) (equipment {(board (star 2)) (piece man) (seat-regions home {point-s point-n})}) (rules (start {}) (play (step)) (end {})))`);
    expect(errs.map((e) => e.message)).toContain("2 regions for 3 players");
  });
});

describe("region-of", () => {
  it("is a seat's region, fixed with a seat and the player's own with mover", () => {
    const g = build({
      board: "(star 4)",
      items: seats,
      start: "(place man P1 (region-of home P2))",
      play: "(step to:(and (empty to) (in to (region-of home mover))))",
    });
    const s = g.newGame();
    expect(site(g, s, "m17")).toEqual(man("P1"));
    // P1's home is the south point: none of its pieces (in the north) may step into it.
    expect(notations(g, s)).toEqual([]);
  });

  it("that changes with the player is refused where a fixed region is needed", () => {
    const errs = errorsOf(`(game "T" (players 2) (equipment {(board (star 2)) (piece man) ${seats}}) (rules (start {(place man P1 (region-of home mover))}) (play (step)) (end {})))`);
    expect(errs[0]!.message).toMatch(/changes with the player/);
  });
});

describe("place", () => {
  it("with each names seat regions, not sites", () => {
    const errs = errorsOf(`(game "T" (players 2) (equipment {(board (star 2)) (piece man) ${seats}}) (rules (start {(place man each (sites {e1}))}) (play (step)) (end {})))`);
    expect(errs[0]!.message).toMatch(/name seat regions here/);
  });
});

/** Hops one per decision: the chain goes on while a hop to a cell not visited this turn exists. */
const chain = {
  board: "(star 4)",
  items: "(flag unused)",
  play: `(branch (same-turn)
    (either (hop origin:last-to capture:none to:(and (empty to) (not (visited to))) then:{(visit from) (visit to) ("More")}) (pass))
    (either (hop capture:none to:(and (empty to) (not (visited to))) then:{(visit from) (visit to) ("More")}) (step)))`,
  end: "",
};
const more = `(define "More" (when (can-move (hop origin:last-to capture:none to:(and (empty to) (not (visited to))))) {(move-again)}))`;
const chainGame = () =>
  build(`(game "T" (players 2) ${more}
    (equipment {(board ${chain.board}) (piece man) (piece block)})
    (rules (start {}) (play ${chain.play}) (end {})))`);

describe("hop", () => {
  it("goes over any adjacent piece, anyone's, to the empty cell beyond, capturing nothing", () => {
    const g = build({ board: "(star 4)", play: "(hop capture:none)" });
    const s = loadPosition(g, { sites: { i9: man("P1"), j10: man("P2"), h9: man("P1"), j9: man("P2"), k9: man("P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["i9-g9", "i9-k11"]);
    const after = play(g, s, "i9-k11");
    expect(site(g, after, "j10")).toEqual(man("P2"));
    expect(site(g, after, "k11")).toEqual(man("P1"));
  });

  it("takes conditions on the hopped site and the landing", () => {
    const g = build({ board: "(star 4)", play: "(hop over:(enemy over) capture:none to:(and (empty to) (in to point-n)))" });
    const s = loadPosition(g, { sites: { k13: man("P1"), l14: man("P2"), k12: man("P1"), l13: man("P1") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["k13-m15", "l13-l15"]);
  });
});

describe("visit and visited", () => {
  it("a chain of hops goes on one decision at a time and never lands where it has been this turn", () => {
    const g = chainGame();
    const s0 = loadPosition(g, { sites: { i9: man("P1"), j9: man("P2"), j10: man("P2"), k10: man("P2"), a5: man("P2") }, mover: "P1" });
    const s1 = play(g, s0, "i9-k9");
    expect(s1.mover).toBe(0);
    expect(notations(g, s1)).toEqual(["k9-k11", "pass"]);
    const s2 = play(g, s1, "k9-k11");
    // From k11 the only hop would land on i9, where the chain began: the turn is over.
    expect(s2.mover).toBe(1);
    // The next turn starts with nothing visited: i9 is open again.
    expect(notations(g, play(g, s2, "a5-b6"))).toContain("k11-i9");
  });
});

describe("fills", () => {
  it("holds when every site of the region holds a piece of the player", () => {
    const g = build({ board: "(star 4)", items: seats, play: "(step)", end: "(if (fills mover (region-of target mover)) (win mover))" });
    const north = { k14: man("P1"), l14: man("P1"), m14: man("P1"), k15: man("P1"), l15: man("P1"), m15: man("P1"), l16: man("P1"), m16: man("P1"), m17: man("P1") };
    const s = loadPosition(g, { sites: { ...north, j13: man("P1"), e1: man("P2") }, mover: "P1" });
    expect(play(g, s, "j13-i13").over).toBe(false);
    expect(g.winners(play(g, s, "j13-j14"))).toEqual([0]);
  });

  it("is never true of an empty region", () => {
    const g = build({ board: "(star 4)", play: "(step)", end: "(if (fills mover (difference point-n point-n)) (win mover))" });
    const s = loadPosition(g, { sites: { i9: man("P1") }, mover: "P1" });
    expect(play(g, s, "i9-j9").over).toBe(false);
  });
});

describe("finish", () => {
  const race = (players: number) =>
    build({
      players,
      board: "(square 5 1)",
      start: `(place man P1 a1) (place man P2 (sites {c1})) ${players > 2 ? "(place man P3 (sites {e1}))" : ""}`,
      items: players > 2 ? "(seat-regions goal {b1 d1 d1})" : "(seat-regions goal {b1 d1})",
      play: "(priority (step) (pass))",
      end: "(if (fills mover (region-of goal mover)) (finish mover)) (if (> (turn) 20) draw)",
    });

  it("with two players finishing is winning", () => {
    const g = race(2);
    const s = play(g, g.newGame(), "a1-b1");
    expect(g.winners(s)).toEqual([0]);
    expect(g.returns(s)).toEqual([1, -1]);
  });

  it("with more players the finisher leaves the turn order and the others play on; a draw later keeps its place", () => {
    const g = race(3);
    let s = play(g, g.newGame(), "a1-b1");
    expect(s.over).toBe(false);
    expect(s.mover).toBe(1);
    s = play(g, s, "c1-d1");
    // P2 finished second: only P3 is left, who takes the last place.
    expect(s.over).toBe(true);
    expect(g.returns(s)).toEqual([1, 0, -1]);
    expect(g.winners(s)).toEqual([0]);
  });

  it("skips finished players and ends a draw with the places taken", () => {
    const g = race(3);
    let s = play(g, g.newGame(), "a1-b1");
    // P2 keeps off its goal, P3 steps or passes: P1 never acts again.
    for (let i = 0; i < 30 && !s.over; i++) {
      expect(s.mover).not.toBe(0);
      const moves = g.legalMoves(s).filter((m) => m.to !== "d1");
      s = g.apply(s, moves[0] ?? g.legalMoves(s)[0]!);
    }
    expect(g.winners(s)).toEqual([0]);
    expect(g.returns(s)[0]).toBe(1);
  });
});

describe("eliminate", () => {
  /** Three players, a man each on a row; a player left without a man is out. */
  const g = build({
    players: 3,
    board: "(square 5 1)",
    start: "(place man P1 a1) (place man P2 b1) (place man P3 e1)",
    play: "(priority (step dirs:{E W} to:(not (friend to))) (pass))",
    end: "(if (no-pieces next) (eliminate next))",
  });

  it("takes the worst place left and leaves the turn order; the others play on; the last one left takes the best place left", () => {
    // P1 takes P2's man: P2, due to act next, is out with the worst place, and P3 acts instead.
    let s = play(g, g.newGame(), "a1xb1");
    expect(s.over).toBe(false);
    expect(s.mover).toBe(2);
    s = playAll(g, s, ["e1-d1", "b1-c1"]);
    // P3 takes P1's man: P1 is out second (place 2), and P3, alone, takes the first place.
    s = play(g, s, "d1xc1");
    expect(s.over).toBe(true);
    expect(g.returns(s)).toEqual([0, -1, 1]);
    expect(g.winners(s)).toEqual([2]);
  });

  it("finishing after an elimination takes the best place, not the one after the places taken", () => {
    const h = build({
      players: 3,
      board: "(square 5 1)",
      start: "(place man P1 a1) (place man P2 b1) (place man P3 d1)",
      play: "(priority (step dirs:{E W} to:(not (friend to))) (pass))",
      end: "(if (no-pieces next) (eliminate next)) (if (same-site to e1) (finish mover))",
    });
    // P2 is out (place 3); P3 reaches e1 and finishes first; P1, left alone, takes place 2.
    const s = playAll(h, h.newGame(), ["a1xb1", "d1-e1"]);
    expect(s.over).toBe(true);
    expect(h.returns(s)).toEqual([0, -1, 1]);
  });

  it("(playing P) says who is still in the game", () => {
    const h = build({
      players: 3,
      board: "(square 5 1)",
      items: "(counter out)",
      start: "(place man P1 a1) (place man P2 b1) (place man P3 e1)",
      play: "(priority (step dirs:{E W} to:(not (friend to)) then:{(when (not (playing P2)) then:{(counter-add out 1)})}) (pass))",
      end: "(if (no-pieces next) (eliminate next))",
    });
    const s = play(h, h.newGame(), "a1xb1");
    expect(counter(h, s, "out")).toBe(0);
    expect(counter(h, play(h, s, "e1-d1"), "out")).toBe(1);
  });

  it("(for-each-player ...): players out in the same decision share their places", () => {
    // Four players place men; one on a1 puts P2 and P3 out together, one on b1 wins.
    const h = build({
      players: 4,
      board: "(square 4 1)",
      items: "(counter hit)",
      play: "(priority (add piece:man to:(empty to) then:{(when (same-site to a1) then:{(counter-set hit 1)})}) (pass))",
      end: `(for-each-player (and (> (counter hit) 0) (or (same-player player P2) (same-player player P3))) (eliminate player) reason:"{player} was hit")
            (if (same-site last-to b1) (win mover))`,
    });
    const s = play(h, h.newGame(), "*a1");
    expect(s.over).toBe(false);
    expect(s.mover).toBe(3);
    // P2 and P3 share places 3 and 4 (worth -1/3 and -1): -2/3 each; P4 wins, P1 takes place 2.
    const done = play(h, s, "*b1");
    expect(done.over).toBe(true);
    expect(h.returns(done).map((r) => Math.round(r * 300) / 300)).toEqual([1 / 3, -2 / 3, -2 / 3, 1].map((r) => Math.round(r * 300) / 300));
  });

  it("(for-each-player ...) others:true leaves out the player who acted; {player} names the player in its reason", () => {
    const h = build({
      players: 3,
      board: "(square 4 1)",
      play: "(add piece:man to:(empty to))",
      end: '(for-each-player (> (count-sites (occupied site)) 0) (eliminate player) others:true reason:"{player} saw a man placed")',
    });
    // P1 places: P2 and P3 go out together, and P1, left alone, wins.
    const s = play(h, h.newGame(), "*a1");
    expect(s.over).toBe(true);
    expect(h.returns(s)).toEqual([1, -0.5, -0.5]);
    expect(h.endReason(s)?.text).toBe("P3 saw a man placed");
  });

  it("with two players being eliminated is losing", () => {
    const two = build({ board: "(square 3 1)", start: "(place man P1 a1) (place man P2 b1)", play: "(priority (step dirs:{E W} to:(not (friend to))) (pass))", end: "(if (no-pieces next) (eliminate next))" });
    const s = play(two, two.newGame(), "a1xb1");
    expect(s.over).toBe(true);
    expect(two.returns(s)).toEqual([1, -1]);
  });
});

describe("*", () => {
  it("multiplies, folded when constant", () => {
    const g = build({ board: "(square 3 1)", start: "(place man P1 a1)", play: "(step)", end: "(if (> (turn) (* 1 2)) draw)" });
    const s = playAll(g, g.newGame(), ["a1-b1"]);
    expect(s.over).toBe(false);
  });
});

describe("defines chosen by option values", () => {
  const src = (call: string) => `(game "T" (option n default:2 values:{2 3}) (players $n)
    (define "Start 2" {(place man P1 a1)}) (define "Start 3" {(place man P1 c1)})
    (equipment {(board (square 3 1)) (piece man)})
    (rules (start {${call}}) (play (step)) (end {})))`;

  it("call the define named with the options' values", () => {
    expect(site(build(src(`("Start $n")`)), build(src(`("Start $n")`)).newGame(), "a1")).toEqual(man("P1"));
    const g3 = build(src(`("Start $n")`), { options: { n: 3 } });
    expect(site(g3, g3.newGame(), "c1")).toEqual(man("P1"));
  });

  it("report a missing define or an unknown option", () => {
    expect(errorsOf(src(`("Start $n x")`)).map((e) => e.message)).toContain("(Start $n x ...) names the define 'Start 2 x' with these option values, and there is none");
    expect(errorsOf(src(`("Start $m")`))[0]!.message).toMatch(/unknown option '\$m'/);
  });
});
