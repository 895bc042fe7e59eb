/**
 * Ludemes of the turn: another decision for the same player (`(move-again)`), continuing from
 * where the last decision ended (`origin:last-to`, `last-to`, `last-from`), asking whether a
 * continuation exists (`(can-move ...)`), and moves chosen by a condition (`(branch ...)`,
 * `(same-turn)`).
 */
import { describe, expect, it } from "vitest";
import { loadPosition, toPosition } from "../src/engine/state/position.js";
import { build, counter, expectUniformDraws, man, notations, play, playAll } from "./support/games.js";

/** A piece steps, then (if it can) the same piece must step once more in the same turn. */
const doubleStep = build({
  board: "(square 4 4)",
  play: "(branch (same-turn) (step origin:last-to) (step then:{(when (can-move (step origin:last-to)) then:{(move-again)})}))",
  end: "(if (no-moves next) (win mover))",
});

describe("move-again and origin:last-to", () => {
  it("gives the mover a second decision, in which only the piece that just moved may move", () => {
    const s0 = loadPosition(doubleStep, { sites: { a1: man("P1"), d1: man("P1"), d4: man("P2") }, mover: "P1" });
    const s1 = play(doubleStep, s0, "a1-b1");
    expect(s1.mover).toBe(0);
    expect(s1.actionInTurn).toBe(2);
    expect(notations(doubleStep, s1)).toEqual(["b1-a1", "b1-b2", "b1-c1"]);
    const s2 = play(doubleStep, s1, "b1-b2");
    expect(s2.mover).toBe(1);
    expect(s2.turn).toBe(s0.turn + 1);
    expect(s2.actionInTurn).toBe(1);
  });

  it("continues only when (can-move ...) finds the continuation in the state after the move", () => {
    // A step, then a capture by the same piece if one is open from where it landed.
    const jump = "(jump origin:last-to over:(enemy over))";
    const g = build({
      board: "(square 4 1)",
      play: `(branch (same-turn) ${jump} (step then:{(when (can-move ${jump}) then:{(move-again)})}))`,
      end: "(if (no-moves next) (win mover))",
    });
    const open = play(g, loadPosition(g, { sites: { a1: man("P1"), c1: man("P2") }, mover: "P1" }), "a1-b1");
    expect(open.mover).toBe(0);
    expect(notations(g, open)).toEqual(["b1xd1"]);
    const closed = play(g, loadPosition(g, { sites: { a1: man("P1"), d1: man("P2") }, mover: "P1" }), "a1-b1");
    expect(closed.mover).toBe(1);
    expect(closed.actionInTurn).toBe(1);
  });

  it("gives one more decision however many of a move's consequences say so, and again at the next decision", () => {
    // Every placement asks twice; a placement on the top row asks a third time.
    const g = build({
      board: "(square 3 3)",
      play: "(add piece:man to:(empty to) then:{(move-again) (move-again) (when (in to (rows 3 3)) then:{(move-again)})})",
    });
    const s1 = play(g, g.newGame(), "*a3");
    expect([s1.mover, s1.actionInTurn, s1.actionsInTurn]).toEqual([0, 2, 2]);
    const s2 = play(g, s1, "*b1");
    expect([s2.mover, s2.actionInTurn, s2.actionsInTurn]).toEqual([0, 3, 3]);
  });

  it("keeps where the last decision moved in saved positions and in the hash", () => {
    const s0 = loadPosition(doubleStep, { sites: { a1: man("P1"), d1: man("P1"), d4: man("P2") }, mover: "P1" });
    const s1 = play(doubleStep, s0, "a1-b1");
    const pos = toPosition(doubleStep, s1);
    expect(pos.last).toEqual({ from: "a1", to: "b1" });
    const back = loadPosition(doubleStep, pos);
    expect(notations(doubleStep, back)).toEqual(notations(doubleStep, s1));
    expect(doubleStep.hash(back)).toBe(doubleStep.hash(s1));
    const elsewhere = loadPosition(doubleStep, { ...pos, last: { from: "c1", to: "d1" } });
    expect(doubleStep.hash(elsewhere)).not.toBe(doubleStep.hash(s1));
    expect(notations(doubleStep, elsewhere)).toEqual(["d1-c1", "d1-d2"]);
  });

  it("reports a bad last field in a position", () => {
    expect(() => loadPosition(doubleStep, { sites: {}, last: { to: "z9" } })).toThrow(/position\.last\.to: the board has no site 'z9'/);
    expect(() => loadPosition(doubleStep, { sites: {}, last: { where: "a1" } as never })).toThrow(/position\.last\.where: unknown field/);
  });

  it("a game that never reads the last move leaves it out of positions", () => {
    const g = build({ board: "(square 3 3)", play: "(step)", end: "(if (no-moves next) (win mover))" });
    const s = play(g, loadPosition(g, { sites: { a1: man("P1"), c3: man("P2") }, mover: "P1" }), "a1-b1");
    expect(toPosition(g, s).last).toBeUndefined();
  });
});

describe("last-to and last-from in conditions", () => {
  it("restrict a decision to sites next to where the last one ended (a removal beside the opponent's)", () => {
    const g = build({
      board: "(square 3 3)",
      start: "(place man P1 (sites {a1 c1 a3 c3})) (place man P2 (sites {b1 a2 c2 b3}))",
      play: "(lift from:(and (friend from) (adjacent from last-to)))",
      end: "(if (no-moves next) (win mover))",
    });
    const s = loadPosition(g, { sites: { a1: man("P1"), c3: man("P1"), b1: man("P2"), a2: man("P2"), c2: man("P2") }, mover: "P2", last: { from: "a1", to: "a1" } });
    expect(notations(g, s)).toEqual(["-a2", "-b1"]);
  });
});

describe("branch and same-turn", () => {
  it("chooses the moves by a condition on the state: a placement phase while the supply lasts", () => {
    const g = build({
      board: "(square 3 3)",
      items: "(supply 2)",
      play: "(branch (> (supply mover) 0) (add piece:man from-supply:true to:(empty to) prefix:\"\") (step))",
      end: "(if (no-moves next) (win mover))",
    });
    let s = g.newGame();
    expect(notations(g, s)).toHaveLength(9);
    s = playAll(g, s, ["a1", "c3", "a2", "c2"]);
    // Both placed: now the pieces step (orthogonally on this board).
    expect(notations(g, s)).toEqual(["a1-b1", "a2-a3", "a2-b2"]);
  });

  it("without else: no moves when the condition fails", () => {
    const g = build({ board: "(square 3 3)", play: "(branch (same-turn) (step))", end: "" });
    const s = loadPosition(g, { sites: { a1: man("P1") }, mover: "P1" });
    expect(notations(g, s)).toEqual([]);
  });
});

describe("either then:", () => {
  /** Steps and jumps count every move; a pass beside them (a forced one) counts nothing. */
  const g = build({
    board: "(square 4 1)",
    items: "(counter moves) (counter jumps)",
    play: `(priority
      (either
        (step dirs:{E})
        (either (jump dirs:{E} over:(occupied over)) then:{(counter-add jumps 1)})
        then:{(counter-add moves 1) (when (captured) then:{(counter-add moves 10)})})
      (pass))`,
    end: "(if (all-passed) draw)",
  });
  const counters = (s: ReturnType<typeof g.newGame>) => toPosition(g, s).counters;

  it("runs after every move of its sources, inner eithers' consequences first, and not after a pass", () => {
    const s0 = loadPosition(g, { sites: { a1: man("P1"), b1: man("P2") }, mover: "P1" });
    expect(notations(g, s0)).toEqual(["a1xc1"]);
    const s1 = play(g, s0, "a1xc1");
    // the jump's own consequence, then the outer one, which sees the capture
    expect(counters(s1)).toEqual({ moves: 11, jumps: 1 });
    expect(notations(g, s1)).toEqual(["pass"]);
    const s2 = play(g, s1, "pass");
    expect(counters(s2)).toEqual({ moves: 11, jumps: 1 });
    const s3 = play(g, s2, "c1-d1");
    expect(counters(s3)).toEqual({ moves: 12, jumps: 1 });
  });
});

describe("either: a move two sources make is listed once", () => {
  /** A disc dropped on any side of the board, one rule per side: the corners are on two sides. */
  const sides = (thenN = "") =>
    build(`(game "Sides" (players 2)
      (equipment {(board (square 3 3)) (piece disc) (hand) (counter n)})
      (rules
        (start {(hold {disc} P1 count:4) (hold {disc} P2 count:4)})
        (play (either
          (drop to:(and (empty to) (in to (side N)))${thenN})
          (drop to:(and (empty to) (in to (side S))))
          (drop to:(and (empty to) (in to (side E))))
          (drop to:(and (empty to) (in to (side W))))))
        (end {(if (no-moves next) (win mover))})))`);

  it("lists a drop on a corner once, though two sides' rules make it", () => {
    const g = sides();
    const s = g.newGame({ seed: 1 });
    const listed = g.legalMoves(s).map((m) => m.notation);
    expect(listed.sort()).toEqual(["D*a1", "D*a2", "D*a3", "D*b1", "D*b3", "D*c1", "D*c2", "D*c3"]);
    // the closures (the reference for compiled rules) agree
    const closures = build(`(game "Sides" (players 2)
      (equipment {(board (square 3 3)) (piece disc) (hand)})
      (rules (start {(hold {disc} P1 count:4)})
        (play (either (drop to:(and (empty to) (in to (side N)))) (drop to:(and (empty to) (in to (side W))))))
        (end {(if (no-moves next) (win mover))})))`, { closures: true });
    expect(notations(closures, closures.newGame({ seed: 1 }))).toEqual(["D*a1", "D*a2", "D*a3", "D*b3", "D*c3"]);
  });

  it("draws every move alike in random play, the corners included", () => {
    const g = sides();
    expect(expectUniformDraws(g, g.newGame({ seed: 1 }), 4000)).toBe(8);
  });

  it("keeps both where the rules do different things (here, other consequences)", () => {
    const g = sides(" then:{(counter-add n 1)}");
    const listed = notations(g, g.newGame({ seed: 1 }));
    // a3 and c3 are on the north side, whose drop counts: two moves of one notation each
    expect(listed.filter((n) => n === "D*a3")).toHaveLength(2);
    expect(listed.filter((n) => n === "D*a1")).toHaveLength(1);
    expect(listed).toHaveLength(10);
  });
});

describe("same-turn asked for another player", () => {
  it("is false for the next player in a move's consequences: that player's turn has not begun", () => {
    // The second placement of a turn asks whether the next player could pass now (only a turn's later decision may).
    const g = build({
      items: "(counter x)",
      play: "(branch (same-turn) (add piece:man to:(empty to) then:{(counter-set x (if-int (can-move (branch (same-turn) (pass) (add piece:man to:false)) for:next) 1 0))}) (add piece:man to:(empty to) then:{(move-again)}))",
    });
    const s = play(g, play(g, g.newGame(), "*a1"), "*b1");
    expect(counter(g, s, "x")).toBe(0);
    // Asked for the mover itself in the same place, it holds.
    const own = build({
      items: "(counter x)",
      play: "(branch (same-turn) (add piece:man to:(empty to) then:{(counter-set x (if-int (can-move (branch (same-turn) (pass) (add piece:man to:false))) 1 0))}) (add piece:man to:(empty to) then:{(move-again)}))",
    });
    expect(counter(own, play(own, play(own, own.newGame(), "*a1"), "*b1"), "x")).toBe(1);
  });
});

describe("next", () => {
  it("in moves: whoever acts after the mover's turn, past a player who has left", () => {
    // P2 has no piece and leaves after the first decision; P1 then steps onto the next player's piece: P3's.
    const g = build({
      players: 3,
      board: "(square 3 1)",
      start: "(place man P1 (sites {a1})) (place man P3 (sites {b1}))",
      play: "(branch (<= (decisions) 1) (pass) (either (step to:(owner to next)) (pass)))",
      end: "(for-each-player (no-pieces player) (eliminate player) others:true)",
    });
    let s = play(g, g.newGame(), "pass");
    // P2's turn goes to P3, counted once: turn 2 (it was counted twice, turn 3).
    expect([s.mover, s.turn]).toEqual([2, 2]);
    s = play(g, s, "pass");
    expect([s.mover, s.turn]).toEqual([0, 3]);
    expect(notations(g, s)).toEqual(["a1xb1", "pass"]);
  });

  it("in after-action and after-turn effects: the player whose turn comes next, not the one who acted", () => {
    const g = build({
      items: "(counter p1-next) (counter p2-next)",
      play: "(add piece:man to:(empty to))",
      rules: "after-action:{(when (same-player next P1) then:{(counter-add p1-next 1)}) (when (same-player next P2) then:{(counter-add p2-next 1)})}",
    });
    const s = play(g, play(g, play(g, g.newGame(), "*a1"), "*b1"), "*c1");
    // After P1, P2, P1 acted: P2 came next twice, P1 once.
    expect([counter(g, s, "p1-next"), counter(g, s, "p2-next")]).toEqual([1, 2]);
  });
});

describe("next-turn", () => {
  /** Three players; a placement on the top row hands the next turn to P3, one on b1 plays again first. */
  const g = build({
    players: 3,
    board: "(square 3 3)",
    play: "(add piece:man to:(empty to) then:{(when (in to (rows 3 3)) then:{(next-turn P3)}) (when (same-site to b1) then:{(move-again)})})",
  });

  it("gives the next turn to the player named, and the turn order goes on from there", () => {
    const s = play(g, g.newGame({ seed: 1 }), "*a3");
    expect(s.mover).toBe(2);
    expect(play(g, s, "*c1").mover).toBe(0);
    // without it, seat order
    expect(play(g, g.newGame({ seed: 1 }), "*a1").mover).toBe(1);
  });

  it("is taken when the turn ends: another decision of the same turn comes first", () => {
    const s = play(g, g.newGame({ seed: 1 }), "*b3");
    expect(s.mover).toBe(2);
    const t = play(g, play(g, g.newGame({ seed: 1 }), "*b1"), "*c3");
    expect(t.mover).toBe(2);
    const u = play(g, g.newGame({ seed: 1 }), "*b1");
    expect([u.mover, u.actionInTurn]).toEqual([0, 2]);
  });

  // Was a bug: with two players `next` was always the other seat, the choice made or not.
  it("is who `next` names in the rest of the move's consequences, with two players too", () => {
    const two = build({
      items: "(counter keeps)",
      play: "(add piece:man to:(empty to) then:{(when (in to (rows 3 3)) then:{(next-turn mover)}) (when (same-player next mover) then:{(counter-add keeps 1)})})",
    });
    const s = play(two, two.newGame({ seed: 1 }), "*a3");
    expect([s.mover, counter(two, s, "keeps")]).toEqual([0, 1]);
    const t = play(two, two.newGame({ seed: 1 }), "*a1");
    expect([t.mover, counter(two, t, "keeps")]).toEqual([1, 0]);
  });
});
