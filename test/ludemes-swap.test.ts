/**
 * The swap (pie) rule, `(rules ... swap:true)`: at the second player's first decision the move
 * `swap` is offered besides the play rules' moves; the players exchange seats (nothing on the
 * board changes) and the second seat acts again, now played by the first player, as Ludii plays it. Random playouts
 * draw it as one legal move among the others, on both playout paths.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { loadPosition, toPosition } from "../src/engine/state/position.js";
import { endInfo } from "../src/view/end.js";
import { build, man, notations, onlyError, play, site, text } from "./support/games.js";

const placing = { board: "(square 3 3)", items: "(supply 4)", play: '(add piece:man from-supply:true to:(empty to) prefix:"")', end: "(if (no-moves next) (win mover))", rules: "swap:true" };

describe("swap:true", () => {
  const g = build(placing);

  it("offers the swap at the second player's first decision only", () => {
    let s = g.newGame();
    expect(notations(g, s)).not.toContain("swap");
    s = play(g, s, "b2");
    expect(s.mover).toBe(1);
    expect(notations(g, s)).toEqual(["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3", "swap"]);
    s = play(g, s, "a1");
    expect(notations(g, s)).not.toContain("swap");
    s = play(g, s, "c3");
    expect(notations(g, s)).not.toContain("swap");
  });

  it("exchanges the players' seats: nothing on the board changes, and the second seat acts again, played by the first player", () => {
    const s0 = play(g, g.newGame(), "b2");
    const s1 = play(g, s0, "swap");
    expect(site(g, s1, "b2")).toEqual(man("P1"));
    expect(Array.from(s1.supply)).toEqual([3, 4]);
    expect(Array.from(s1.seatPlayer)).toEqual([1, 0]);
    expect(s1.mover).toBe(1);
    expect(g.currentPlayer(s1)).toBe(0);
    expect(s1.turn).toBe(2);
    expect(notations(g, s1)).toHaveLength(8);
    expect(notations(g, s1)).not.toContain("swap");
    const s2 = play(g, s1, "a1");
    expect(site(g, s2, "a1")).toEqual(man("P2"));
    expect(s2.mover).toBe(0);
    expect(g.currentPlayer(s2)).toBe(1);
    expect(g.hash(s1)).not.toBe(g.hash(play(g, g.newGame(), "b2")));
  });

  it("gives each player the result of the seat they sit at", () => {
    // The first seat wins when the second has no move left: after the swap that is the second player's win.
    const small = build({ ...placing, board: "(square 2 1)", items: "(supply 1)" });
    const s = play(small, play(small, play(small, small.newGame(), "a1"), "swap"), "b1");
    expect(s.over).toBe(true);
    expect(Array.from(s.returns)).toEqual([-1, 1]);
    expect(small.returns(s)).toEqual([1, -1]);
    expect(small.winners(s)).toEqual([0]);
    // What views show names the seat that won: P2's, played by the first player.
    expect(endInfo(small, s)!.winners).toEqual(["P2"]);
  });

  it("survives saving and loading: who sits where is part of the saved state", () => {
    const s1 = play(g, play(g, g.newGame(), "b2"), "swap");
    const back = g.deserialize(JSON.parse(JSON.stringify(s1.toJSON())));
    expect(Array.from(back.seatPlayer)).toEqual([1, 0]);
    expect(g.currentPlayer(back)).toBe(0);
  });

  it("survives writing and reading a position: seats, and a result by player", () => {
    const s1 = play(g, play(g, g.newGame(), "b2"), "swap");
    const pos = toPosition(g, s1);
    expect(pos.seats).toEqual({ P1: "P2", P2: "P1" });
    const back = loadPosition(g, JSON.parse(JSON.stringify(pos)));
    expect(Array.from(back.seatPlayer)).toEqual([1, 0]);
    expect(g.currentPlayer(back)).toBe(0);
    expect(toPosition(g, play(g, g.newGame(), "b2")).seats).toBeUndefined();
    // The second seat wins when the first has no move left; after the swap the first player sits there.
    const small = build({ ...placing, board: "(square 2 1)", items: "(supply 1)" });
    const over = play(small, play(small, play(small, small.newGame(), "a1"), "swap"), "b1");
    const written = toPosition(small, over);
    expect(written.result).toEqual({ winner: "P1" });
    const read = loadPosition(small, JSON.parse(JSON.stringify(written)));
    expect(Array.from(read.returns)).toEqual(Array.from(over.returns));
    expect(small.winners(read)).toEqual([0]);
  });

  it("refuses seats that are not a seating of the players", () => {
    expect(() => loadPosition(g, { sites: {}, seats: { P1: "P2" } })).toThrow(/P2 sits at two seats/);
    expect(() => loadPosition(g, { sites: {}, seats: { P1: "P3", P2: "P1" } })).toThrow(/'?P3'? is not a player/);
    expect(() => loadPosition(g, { sites: {}, seats: { P1: "P1", P2: "P1" } })).toThrow(/P1 already sits at another seat/);
    expect(() => loadPosition(g, { sites: {}, seats: ["P2", "P1"] })).toThrow(/position.seats: an object/);
  });

  it("is offered in a loaded position of the second turn, and not in a later one", () => {
    const second = loadPosition(g, { sites: { a1: man("P1") }, mover: "P2", turn: 2 });
    expect(notations(g, second)).toContain("swap");
    const later = loadPosition(g, { sites: { a1: man("P1"), b1: man("P2") }, mover: "P1", turn: 3 });
    expect(notations(g, later)).not.toContain("swap");
  });

  it("is absent without swap:true", () => {
    const plain = build({ ...placing, rules: "" });
    expect(notations(plain, play(plain, plain.newGame(), "b2"))).not.toContain("swap");
  });

  it("is a rule of two-player games", () => {
    const d = onlyError(text({ ...placing, players: 3 }), "M002", "true", "swap:true");
    expect(d.message).toMatch(/two-player/);
  });

  it("is drawn uniformly among the legal moves, on both playout paths (Havannah, 168 placements and the swap)", () => {
    const h = loadGame("havannah", { options: { swap: true } });
    const games = 3000;
    for (const fast of [false, true]) {
      let swaps = 0;
      for (let seed = 1; seed <= games; seed++) {
        const s = h.newGame({ seed });
        h.playout(s, 1, fast ? undefined : { branching: 0 });
        expect(h.generate(s).size).toBe(169);
        h.playout(s, 1, fast ? undefined : { branching: 0 });
        if (s.seatPlayer[0] === 1) swaps++;
      }
      // 1/169 of the games: about 18 of 3000 (99.9%: 5 to 35).
      expect(swaps).toBeGreaterThanOrEqual(5);
      expect(swaps).toBeLessThanOrEqual(35);
    }
  });
});
