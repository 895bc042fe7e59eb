/**
 * Chance, tracks and sowing: the dice (`dice`, `roll:`, `roll-if:`, `(pips)`, `(die N)`,
 * `(dice-left)`, `(for-each-die ...)`, the three ways of playing doubles) and the game API around a
 * throw (CHANCE, chanceOutcomes, drawChance, the seeded generator); tracks (`track`, `(path ...)`,
 * `(move-along ...)`: per-seat roads, loops, entering from the supply, bearing off, hits, piles);
 * mancala boards and `(sow ...)` with its options, and the ludemes around them (`(move-pieces ...)`,
 * `(count SITE)`, `(sum-over ...)`, `(site-of ...)`, `(along ...)`); `(passed)`, `(hold ...)` with
 * `(in-hand any ...)`, `(decisions)`; and the descriptions the compiler refuses.
 */
import { describe, expect, it } from "vitest";
import { CHANCE, type Game } from "../src/engine/game.js";
import { loadPosition, type Position, type SitePiece } from "../src/engine/position.js";
import type { State } from "../src/engine/state.js";
import { build, counter, errorsOf, move, notations, onlyError, play, playAll, site, text, type Spec } from "./support/games.js";

const P = (owner: string, height = 1, piece = "man"): SitePiece => ({ piece, owner, height });
/** A neutral pile of seeds. */
const seeds = (height: number): SitePiece => ({ piece: "seed", height });
/** How many pieces stand on each site (0 when empty), as `label:count`. */
const heights = (g: Game, s: State, labels: string[] = [...g.topology.labels]): string =>
  labels.map((l) => `${l}:${site(g, s, l)?.height ?? 0}`).join(" ");
/** The notations of the legal moves, in the order the game lists them. */
const listed = (g: Game, s: State): string[] => g.legalMoves(s).map((m) => m.notation);
const at = (g: Game, pos: Position): State => loadPosition(g, { mover: "P1", ...pos });

describe("dice: the throw as a chance decision", () => {
  const stepper = (dice: string, roll = "roll:each-turn", extra = "") =>
    build({ items: `(dice ${dice})`, start: "(place man P1 a1) (place man P2 c3)", play: "(step)", rules: `${roll} ${extra}` });

  it("lists the outcomes in order, the first die varying fastest, all equally likely (2 stick dice: 4; 2 d6: 36)", () => {
    const sticks = stepper("2 faces:{0 1}");
    const s = sticks.newGame();
    const out = sticks.chanceOutcomes(s);
    expect(out.map((o) => o.move.notation)).toEqual(["roll 0,0", "roll 1,0", "roll 0,1", "roll 1,1"]);
    expect(out.map((o) => o.probability)).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(out[1]!.move).toMatchObject({ kind: "roll", dice: [1, 0], actions: [{ op: "roll", dice: [1, 0] }] });
    // The chance node's legal moves are the same throws.
    expect(listed(sticks, s)).toEqual(out.map((o) => o.move.notation));
    const d6 = stepper("2");
    const all = d6.chanceOutcomes(d6.newGame());
    expect(all).toHaveLength(36);
    expect(all.slice(0, 3).map((o) => o.move.notation)).toEqual(["roll 1,1", "roll 2,1", "roll 3,1"]);
    expect(all[35]!.move.notation).toBe("roll 6,6");
    expect(all.every((o) => o.probability === 1 / 36)).toBe(true);
    expect(all.reduce((a, o) => a + o.probability, 0)).toBeCloseTo(1, 12);
    expect(new Set(all.map((o) => o.move.notation)).size).toBe(36);
  });

  it("currentPlayer is CHANCE before the throw and the mover after it; nothing else is legal before it", () => {
    const g = stepper("1 faces:{1 2}");
    let s = g.newGame();
    expect(g.currentPlayer(s)).toBe(CHANCE);
    expect(g.isChance(s)).toBe(true);
    expect(s.mover).toBe(0);
    expect(listed(g, s)).toEqual(["roll 1", "roll 2"]);
    s = play(g, s, "roll 2");
    expect(g.currentPlayer(s)).toBe(0);
    expect(g.isChance(s)).toBe(false);
    expect(g.chanceOutcomes(s)).toEqual([]);
    expect(g.drawChance(s)).toBeNull();
    expect(Array.from(s.dice)).toEqual([2]);
    expect(notations(g, s)).toEqual(["a1-a2", "a1-b1"]);
    // The next player's turn begins with its own throw.
    s = play(g, s, "a1-a2");
    expect(g.currentPlayer(s)).toBe(CHANCE);
    expect(s.mover).toBe(1);
  });

  it("a throw is a ply of its own, but the player who moved last stays the last mover", () => {
    const g = stepper("1 faces:{1 2}");
    let s = playAll(g, g.newGame(), ["roll 1", "a1-a2"]);
    expect({ ply: s.ply, lastMover: s.lastMover, mover: s.mover }).toEqual({ ply: 2, lastMover: 0, mover: 1 });
    s = play(g, s, "roll 2");
    expect({ ply: s.ply, lastMover: s.lastMover, mover: s.mover, turn: s.turn }).toEqual({ ply: 3, lastMover: 0, mover: 1, turn: 2 });
    s = play(g, s, "c3-c2");
    expect({ ply: s.ply, lastMover: s.lastMover }).toEqual({ ply: 4, lastMover: 1 });
  });

  it("roll:each-turn keeps the throw through (move-again); roll:each-decision throws again", () => {
    const relay = (roll: string) =>
      build({
        items: "(dice 1 faces:{1 2})",
        start: "(place man P1 a1) (place man P2 c3)",
        play: "(step dirs:{N E} then:{(when (in to (sites {a2})) then:{(move-again)})})",
        rules: `roll:${roll}`,
      });
    const turn = relay("each-turn");
    let s = playAll(turn, turn.newGame(), ["roll 2", "a1-a2"]);
    expect(turn.currentPlayer(s)).toBe(0);
    expect(Array.from(s.dice)).toEqual([2]);
    expect(notations(turn, s)).toEqual(["a2-a3", "a2-b2"]);
    s = play(turn, s, "a2-a3");
    expect(turn.currentPlayer(s)).toBe(CHANCE);
    expect(s.mover).toBe(1);
    const decision = relay("each-decision");
    let t = playAll(decision, decision.newGame(), ["roll 2", "a1-a2"]);
    expect(decision.currentPlayer(t)).toBe(CHANCE);
    expect(t.mover).toBe(0);
    t = play(decision, t, "roll 1");
    expect(Array.from(t.dice)).toEqual([1]);
    expect(decision.currentPlayer(t)).toBe(0);
  });

  it("roll-if: no throw where it does not hold for the player about to decide", () => {
    const g = stepper("1 faces:{1 2 3}", "roll:each-turn", "roll-if:(> (turn) 2)");
    let s = g.newGame();
    expect(g.currentPlayer(s)).toBe(0);
    expect(g.isChance(s)).toBe(false);
    expect(g.chanceOutcomes(s)).toEqual([]);
    expect(g.drawChance(s)).toBeNull();
    expect(notations(g, s)).toEqual(["a1-a2", "a1-b1"]);
    s = play(g, s, "a1-a2");
    expect(g.currentPlayer(s)).toBe(1);
    s = play(g, s, "c3-c2");
    expect(s.turn).toBe(3);
    expect(g.currentPlayer(s)).toBe(CHANCE);
    expect(listed(g, s)).toEqual(["roll 1", "roll 2", "roll 3"]);
  });

  it("drawChance leaves the state as it was; making the drawn throw advances the generator, as the same throw from the list does", () => {
    const g = stepper("2");
    const s = g.newGame({ seed: 42 });
    const before = JSON.stringify(g.serialize(s)), hash = g.hash(s);
    const drawn = g.drawChance(s)!;
    expect(drawn.kind).toBe("roll");
    expect(JSON.stringify(g.serialize(s))).toBe(before);
    expect(g.hash(s)).toBe(hash);
    expect(g.drawChance(s)!.notation).toBe(drawn.notation);
    const a = g.apply(s, drawn);
    const b = g.apply(s, move(g, s, drawn.notation));
    expect(JSON.stringify(g.serialize(a))).toBe(JSON.stringify(g.serialize(b)));
    expect(Array.from(a.rng)).not.toEqual(Array.from(s.rng));
    expect(a.dice.join(",")).toBe(drawn.dice!.join(","));
    // Any outcome advances the generator alike: one number per die, whichever faces show.
    const other = g.legalMoves(s).find((m) => m.notation !== drawn.notation)!;
    expect(Array.from(g.apply(s, other).rng)).toEqual(Array.from(a.rng));
  });

  it("the same seed gives the same game: throws drawn from the state's own generator", () => {
    const g = build({
      board: "(square 12 2)",
      items: "(dice 2) (track race {(path a1 l1)} seat:P1) (track race {(path a2 l2)} seat:P2)",
      start: "(place man P1 (sites {a1 b1})) (place man P2 (sites {a2 b2}))",
      play: "(priority (for-each-die (move-along race steps:(pips))) (pass))",
      rules: "roll:each-turn",
    });
    const record = (seed: number): string[] => {
      let s = g.newGame({ seed });
      const out: string[] = [];
      while (out.length < 24) {
        const m = g.isChance(s) ? g.drawChance(s)! : g.legalMoves(s)[0]!;
        out.push(m.notation);
        s = g.apply(s, m);
      }
      return out;
    };
    const first = record(7);
    expect(record(7)).toEqual(first);
    expect(first.filter((n) => n.startsWith("roll")).length).toBeGreaterThanOrEqual(6);
    expect(record(8)).not.toEqual(first);
  });

  it("doubles:once lets each die of a double be used once (2 moves); doubles:twice twice, (dice-left) 4", () => {
    const race = (doubles: string) =>
      build({
        board: "(square 10 1)",
        items: `(dice 2 faces:{1 2 3} doubles:${doubles}) (counter left) (track race {(path a1 j1)})`,
        start: "(place man P1 (sites {a1 b1}))",
        play: "(for-each-die (move-along race steps:(pips) then:{(counter-set left (dice-left)) (when (> (dice-left) 0) then:{(move-again)})}))",
        rules: "roll:each-turn",
      });
    const playOut = (g: Game, s: State) => {
      const seen: string[] = [];
      while (s.mover === 0 && !g.isChance(s)) {
        const m = g.legalMoves(s)[0]!;
        s = g.apply(s, m);
        seen.push(`${m.notation} left ${counter(g, s, "left")} [${Array.from(s.diceLeft)}]`);
      }
      return seen;
    };
    const once = race("once");
    const s1 = play(once, once.newGame(), "roll 2,2");
    expect(Array.from(s1.diceLeft)).toEqual([1, 1]);
    expect(playOut(once, s1)).toEqual(["a1-c1 left 1 [0,1]", "b1-d1 left 0 [0,0]"]);
    const twice = race("twice");
    const s2 = play(twice, twice.newGame(), "roll 2,2");
    expect(Array.from(s2.diceLeft)).toEqual([2, 2]);
    expect(playOut(twice, s2)).toEqual(["a1-c1 left 3 [1,2]", "b1-d1 left 2 [0,2]", "c1-e1 left 1 [0,1]", "d1-f1 left 0 [0,0]"]);
    // Not a double: one use each, either way.
    expect(Array.from(play(twice, twice.newGame(), "roll 1,2").diceLeft)).toEqual([1, 1]);
    // A position gives the dice; their uses default to the throw's.
    expect(Array.from(at(twice, { sites: { a1: P("P1") }, dice: [3, 3] }).diceLeft)).toEqual([2, 2]);
    expect(Array.from(at(twice, { sites: { a1: P("P1") }, dice: [3, 3], diceLeft: [0, 1] }).diceLeft)).toEqual([0, 1]);
    expect(() => at(twice, { sites: { a1: P("P1") }, dice: [3, 4] })).toThrow(/position\.dice/);
  });

  it("for-each-die: a double's moves once, each move using a die (the first still unused); other dice each give theirs", () => {
    const g = build({
      board: "(square 10 1)",
      items: "(dice 2 faces:{1 2 3}) (track race {(path a1 j1)})",
      start: "(place man P1 (sites {a1 b1}))",
      play: "(for-each-die (move-along race steps:(pips) then:{(when (> (dice-left) 0) then:{(move-again)})}))",
      rules: "roll:each-turn",
    });
    const double = play(g, g.newGame(), "roll 2,2");
    const moves = g.legalMoves(double);
    expect(moves.map((m) => m.notation)).toEqual(["a1-c1", "b1-d1"]);
    expect(moves.map((m) => m.code.die)).toEqual([0, 0]);
    const after = g.apply(double, moves[0]!);
    expect(Array.from(after.diceLeft)).toEqual([0, 1]);
    expect(listed(g, after)).toEqual(["b1-d1", "c1-e1"]);
    expect(g.legalMoves(after).map((m) => m.code.die)).toEqual([1, 1]);
    const mixed = play(g, g.newGame(), "roll 1,3");
    expect(g.legalMoves(mixed).map((m) => `${m.notation}/${m.code.die}`)).toEqual(["b1-c1/0", "a1-d1/1", "b1-e1/1"]);
    const t = play(g, mixed, "a1-d1");
    expect(Array.from(t.diceLeft)).toEqual([1, 0]);
    expect(listed(g, t)).toEqual(["b1-c1", "d1-e1"]);
  });

  it("(pips) is the die's number inside for-each-die and the sum outside; (die N) reads die N", () => {
    const g = build({
      board: "(square 10 1)",
      items: "(dice 2 faces:{1 2 3}) (track race {(path a1 j1)})",
      start: "(place man P1 a1)",
      play: `(either (for-each-die (move-along race steps:(pips)))
                     (move-along race steps:(pips) kind:sum)
                     (move-along race steps:(* 2 (die 2)) kind:second))`,
      rules: "roll:each-turn",
    });
    const s = play(g, g.newGame(), "roll 1,3");
    expect(g.legalMoves(s).map((m) => `${m.notation} ${m.kind}`)).toEqual(["a1-b1 move", "a1-d1 move", "a1-e1 sum", "a1-g1 second"]);
    // Inside a move's consequences (pips) still reads the die the move used.
    const h = build({
      board: "(square 10 1)",
      items: "(dice 2 faces:{1 2 3}) (counter used) (track race {(path a1 j1)})",
      start: "(place man P1 a1)",
      play: "(for-each-die (move-along race steps:(pips) then:{(counter-set used (+ (* 10 (pips)) (die 1)))}))",
      rules: "roll:each-turn",
    });
    const u = play(h, play(h, h.newGame(), "roll 1,3"), "a1-d1");
    expect(counter(h, u, "used")).toBe(31);
  });

  it("(pips), (die N) and (dice-left) read 0 before the first throw", () => {
    const g = build({
      items: "(dice 2) (counter seen)",
      start: "(place man P1 a1)",
      play: "(step then:{(counter-set seen (+ (pips) (die 2) (dice-left) 1))})",
      rules: "roll:each-turn roll-if:(> (turn) 1)",
    });
    expect(counter(g, play(g, g.newGame(), "a1-a2"), "seen")).toBe(1);
  });
});

describe("doubles:ludii, as Ludii 1.3.12 plays a double", () => {
  // Each seat races along its own row; a move onto c1 ends P1's turn, whatever dice are left.
  const g = build({
    board: "(square 20 2)",
    items: "(dice 2 doubles:ludii) (track race {(path a1 t1)} seat:P1) (track race {(path a2 t2)} seat:P2)",
    start: "(place man P1 a1) (place man P2 a2)",
    play: "(for-each-die (move-along race steps:(pips) then:{(when (and (> (dice-left) 0) (not (in to (sites {c1})))) then:{(move-again)})}))",
    rules: "roll:each-turn",
  });
  const dice = (s: State) => ({ dice: Array.from(s.dice), left: Array.from(s.diceLeft), held: s.heldDouble });

  it("a double played out gives four moves, and nothing is remembered after", () => {
    let s = play(g, at(g, { sites: { b1: P("P1"), a2: P("P2") } }), "roll 2,2");
    expect(dice(s)).toEqual({ dice: [2, 2], left: [1, 1], held: 0 });
    const seen: string[] = [];
    while (s.mover === 0) {
      const m = g.legalMoves(s)[0]!;
      s = g.apply(s, m);
      seen.push(`${m.notation} [${Array.from(s.diceLeft)}]`);
    }
    expect(seen).toEqual(["b1-d1 [0,1]", "d1-f1 [1,1]", "f1-h1 [0,1]", "h1-j1 [0,0]"]);
    expect(s.heldDouble).toBe(0);
    s = play(g, s, "roll 3,5");
    expect(listed(g, s)).toEqual(["a2-d2", "a2-f2"]);
    s = play(g, s, "a2-d2");
    expect(dice(s)).toEqual({ dice: [3, 5], left: [0, 1], held: 0 });
    expect(listed(g, s)).toEqual(["d2-i2"]);
  });

  it("a double whose turn ends after its first move is remembered: the next player's dice all turn to its number after their first move", () => {
    let s = play(g, g.newGame(), "roll 2,2");
    s = play(g, s, "a1-c1");
    expect(s.mover).toBe(1);
    expect(dice(s)).toEqual({ dice: [2, 2], left: [0, 1], held: 2 });
    s = play(g, s, "roll 3,5");
    expect(dice(s)).toEqual({ dice: [3, 5], left: [1, 1], held: 2 });
    expect(listed(g, s)).toEqual(["a2-d2", "a2-f2"]);
    s = play(g, s, "a2-d2");
    // Both dice show 2 again, both unused: two more moves of 2 (three moves in all, none of 5).
    expect(dice(s)).toEqual({ dice: [2, 2], left: [1, 1], held: 2 });
    expect(listed(g, s)).toEqual(["d2-f2"]);
    s = play(g, s, "d2-f2");
    expect(dice(s)).toEqual({ dice: [2, 2], left: [0, 1], held: 0 });
    s = play(g, s, "f2-h2");
    expect(dice(s)).toEqual({ dice: [2, 2], left: [0, 0], held: 0 });
    expect(g.currentPlayer(s)).toBe(CHANCE);
    expect(s.mover).toBe(0);
  });
});

describe("tracks and move-along", () => {
  it("each seat follows its own track; (path A B) lists the sites from A to B in that order", () => {
    const g = build({
      board: "(square 3 2)",
      items: "(track t {(path c1 a1) (path a2 c2)} seat:P1) (track t {(path a2 c2) (path c1 a1)} seat:P2)",
      play: "(move-along t steps:2)",
    });
    // P1: c1 b1 a1 a2 b2 c2; P2: a2 b2 c2 c1 b1 a1.
    expect(listed(g, at(g, { sites: { b1: P("P1"), b2: P("P2") } }))).toEqual(["b1-a2"]);
    expect(listed(g, at(g, { sites: { b1: P("P1"), b2: P("P2") }, mover: "P2" }))).toEqual(["b2-c1"]);
    // The moves come in the order of the mover's track.
    expect(listed(g, at(g, { sites: { a2: P("P1"), c1: P("P1") } }))).toEqual(["c1-a1", "a2-c2"]);
  });

  it("a loop goes round from its last site to its first, as often as the steps take it; an open track stops at its end", () => {
    const loop = (steps: number, isLoop = true) =>
      build({ board: "(square 3 2)", items: `(track t {(path a1 c1) (path c2 a2)} loop:${isLoop})`, play: `(move-along t steps:${steps})` });
    // a1 b1 c1 c2 b2 a2, then a1 again.
    expect(listed(loop(3), at(loop(3), { sites: { b2: P("P1"), a2: P("P1") } }))).toEqual(["b2-b1", "a2-c1"]);
    expect(listed(loop(7), at(loop(7), { sites: { b2: P("P1") } }))).toEqual(["b2-a2"]);
    expect(listed(loop(3, false), at(loop(3, false), { sites: { b2: P("P1"), a1: P("P1") } }))).toEqual(["a1-c2"]);
  });

  /** A race along the bottom row (P1) or the top row leftwards (P2), by one die. */
  const race = (args: string, supply = 6) =>
    build({
      board: "(square 4 2)",
      items: `(dice 1) (supply ${supply}) (counter hits) (track t {(path a1 d1)} seat:P1) (track t {(path d2 a2)} seat:P2)`,
      play: `(move-along t steps:(pips) ${args})`,
      rules: "roll:each-turn",
    });
  const thrown = (g: Game, die: number, sites: Position["sites"], mover = "P1") => at(g, { sites, dice: [die], mover });

  it("moves exactly the steps thrown, onto an empty site by default; a move of 0 or less is none", () => {
    const g = race("");
    expect(listed(g, thrown(g, 2, { a1: P("P1"), b1: P("P1") }))).toEqual(["a1-c1", "b1-d1"]);
    expect(listed(g, thrown(g, 1, { a1: P("P1"), b1: P("P1") }))).toEqual(["b1-c1"]);
    expect(listed(g, thrown(g, 4, { a1: P("P1") }))).toEqual([]);
    const zero = build({ board: "(square 4 1)", items: "(track t {(path a1 d1)})", play: "(move-along t steps:(- 1 2))" });
    expect(listed(zero, at(zero, { sites: { a1: P("P1") } }))).toEqual([]);
  });

  it("enter: a piece from the supply lands on the track's N-th site (*x), one less in the supply", () => {
    const g = race("enter:man", 4);
    expect(listed(g, thrown(g, 1, {}))).toEqual(["*a1"]);
    expect(listed(g, thrown(g, 4, {}))).toEqual(["*d1"]);
    expect(listed(g, thrown(g, 5, {}))).toEqual([]);
    expect(listed(g, thrown(g, 2, {}, "P2"))).toEqual(["*c2"]);
    const s = thrown(g, 2, { a1: P("P1") });
    expect(listed(g, s)).toEqual(["a1-c1", "*b1"]);
    const m = move(g, s, "*b1");
    expect(m).toMatchObject({ kind: "enter", to: "b1", piece: "man", actions: [{ op: "add", at: "b1", piece: "man", owner: "P1", count: 1 }] });
    expect(m.from).toBeUndefined();
    expect(Array.from(s.supply)).toEqual([3, 4]);
    const t = g.apply(s, m);
    expect(site(g, t, "b1")).toMatchObject({ piece: "man", owner: "P1", height: 1 });
    expect(Array.from(t.supply)).toEqual([2, 4]);
    // An empty supply enters nothing.
    expect(listed(g, at(g, { sites: { a1: P("P1") }, dice: [2], supply: { P1: 0, P2: 4 } }))).toEqual(["a1-c1"]);
  });

  it("off:exact bears a piece off by the exact count only (one past the end), scoring for its owner", () => {
    const g = race("off:exact");
    expect(listed(g, thrown(g, 1, { c1: P("P1") }))).toEqual(["c1-d1"]);
    expect(listed(g, thrown(g, 2, { c1: P("P1") }))).toEqual(["c1-off"]);
    expect(listed(g, thrown(g, 3, { c1: P("P1") }))).toEqual([]);
    const s = thrown(g, 2, { c1: P("P1") });
    const m = move(g, s, "c1-off");
    expect(m).toMatchObject({ kind: "off", from: "c1", actions: [{ op: "remove", at: "c1", count: 1 }] });
    expect(m.to).toBeUndefined();
    const t = g.apply(s, m);
    expect(site(g, t, "c1")).toBeNull();
    expect(Array.from(t.score)).toEqual([1, 0]);
    // Borne off is not back in the supply.
    expect(Array.from(t.supply)).toEqual(Array.from(s.supply));
  });

  it("off:beyond bears off past the end by any count: c1-off when one past, c1-off/5 when more", () => {
    const g = race("off:beyond");
    expect(listed(g, thrown(g, 1, { c1: P("P1") }))).toEqual(["c1-d1"]);
    expect(listed(g, thrown(g, 2, { c1: P("P1") }))).toEqual(["c1-off"]);
    expect(listed(g, thrown(g, 5, { c1: P("P1") }))).toEqual(["c1-off/5"]);
    const t = play(g, thrown(g, 5, { c1: P("P1"), d1: P("P1") }), "c1-off/5");
    expect(Array.from(t.score)).toEqual([1, 0]);
    expect(site(g, t, "d1")).toMatchObject({ owner: "P1" });
    expect(g.parseMove(thrown(g, 5, { c1: P("P1") }), "C1-OFF/5")?.notation).toBe("c1-off/5");
  });

  it("off-if: where bearing off is allowed", () => {
    const g = build({ board: "(square 5 1)", items: "(track t {(path a1 e1)})", play: "(move-along t steps:2 off:exact off-if:(in from (sites {d1})))" });
    expect(listed(g, at(g, { sites: { c1: P("P1"), d1: P("P1") } }))).toEqual(["c1-e1", "d1-off"]);
    const h = build({ board: "(square 5 1)", items: "(track t {(path a1 e1)})", play: "(move-along t steps:2 off:exact off-if:(in from (sites {c1})))" });
    expect(listed(h, at(h, { sites: { c1: P("P1"), d1: P("P1") } }))).toEqual(["c1-e1"]);
  });

  it("first:true moves only the piece nearest the track's start among those with a move", () => {
    // Backgammon's bearing off past the end: the rearmost piece able to.
    const off = race("off:beyond first:true to:false");
    expect(listed(off, thrown(off, 3, { b1: P("P1"), c1: P("P1"), d1: P("P1") }))).toEqual(["b1-off"]);
    const g = race("off:beyond first:true");
    expect(listed(g, thrown(g, 1, { a1: P("P1"), c1: P("P1"), d1: P("P1") }))).toEqual(["a1-b1"]);
    // b1 and c1 are blocked: the first piece with a move is d1.
    expect(listed(g, thrown(g, 1, { b1: P("P1"), c1: P("P1"), d1: P("P1") }))).toEqual(["d1-off"]);
    const all = race("off:beyond");
    expect(listed(all, thrown(all, 1, { a1: P("P1"), c1: P("P1"), d1: P("P1") }))).toEqual(["a1-b1", "d1-off"]);
  });

  it("from: restricts which pieces move", () => {
    const g = race("from:(in from (sites {a1 b1}))");
    expect(listed(g, thrown(g, 1, { a1: P("P1"), c1: P("P1") }))).toEqual(["a1-b1"]);
    const h = race("");
    expect(listed(h, thrown(h, 1, { a1: P("P1"), c1: P("P1") }))).toEqual(["a1-b1", "c1-d1"]);
  });

  it("hit: runs before landing on another player's pieces (seeing them there); what is still there is captured", () => {
    const g = race("to:true hit:{(return-to-supply to) (counter-add hits (count to))}");
    const s = thrown(g, 2, { a1: P("P1"), c1: P("P2", 2) });
    expect(Array.from(s.supply)).toEqual([5, 4]);
    const m = move(g, s, "a1xc1");
    expect(m.captures).toEqual(["c1"]);
    expect(m.actions).toEqual([{ op: "transfer", from: "a1", to: "c1", count: 1 }]);
    const t = g.apply(s, m);
    expect(site(g, t, "c1")).toMatchObject({ piece: "man", owner: "P1", height: 1 });
    expect(site(g, t, "a1")).toBeNull();
    expect(Array.from(t.supply)).toEqual([5, 6]);
    expect(counter(g, t, "hits")).toBe(2);
    // hit: moving them away (to a bar): nothing left to capture.
    const bar = race("to:true hit:{(move-pieces to (site-of b2))}");
    const u = play(bar, thrown(bar, 2, { a1: P("P1"), c1: P("P2", 2) }), "a1xc1");
    expect(site(bar, u, "c1")).toMatchObject({ owner: "P1", height: 1 });
    expect(site(bar, u, "b2")).toMatchObject({ owner: "P2", height: 2 });
    expect(Array.from(u.supply)).toEqual([5, 4]);
    // Without hit: the pieces are captured, and not returned to the supply.
    const plain = race("to:true");
    const w = play(plain, thrown(plain, 2, { a1: P("P1"), c1: P("P2", 2) }), "a1xc1");
    expect(site(plain, w, "c1")).toMatchObject({ owner: "P1", height: 1 });
    expect(Array.from(w.supply)).toEqual([5, 4]);
    // The default to: (empty to) allows no hit at all.
    const none = race("");
    expect(listed(none, thrown(none, 2, { a1: P("P1"), c1: P("P2", 2) }))).toEqual([]);
  });

  it("piles: one piece leaves the top of a pile; moving onto one's own pile adds to it, and is no hit", () => {
    const g = race("to:(not (enemy to)) hit:{(counter-add hits 1)}");
    const s = thrown(g, 2, { a1: P("P1", 3), c1: P("P1", 2) });
    expect(listed(g, s)).toEqual(["a1-c1"]);
    const m = move(g, s, "a1-c1");
    expect(m.captures).toBeUndefined();
    expect(m.count).toBe(1);
    const t = g.apply(s, m);
    expect(site(g, t, "a1")).toMatchObject({ owner: "P1", height: 2 });
    expect(site(g, t, "c1")).toMatchObject({ owner: "P1", height: 3 });
    expect(counter(g, t, "hits")).toBe(0);
    // The last piece of a pile leaves the site empty.
    const u = play(g, thrown(g, 1, { a1: P("P1") }), "a1-b1");
    expect(site(g, u, "a1")).toBeNull();
  });
});
