/**
 * The swap (pie) rule, `(rules ... swap:true)`: at the second player's first decision the move
 * `swap` is offered besides the play rules' moves; the players exchange sides (pieces change
 * hands, supplies and scores are exchanged) and the first player moves next. Random playouts
 * draw it as one legal move among the others, on both playout paths.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { loadPosition } from "../src/engine/position.js";
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

  it("exchanges sides: the first piece changes hands, supplies follow, and the first player moves next", () => {
    const s0 = play(g, g.newGame(), "b2");
    expect(Array.from(s0.supply)).toEqual([3, 4]);
    const s1 = play(g, s0, "swap");
    expect(site(g, s1, "b2")).toEqual(man("P2"));
    expect(Array.from(s1.supply)).toEqual([4, 3]);
    expect(Array.from(s1.pieceCount)).toEqual([0, 1]);
    expect(s1.mover).toBe(0);
    expect(s1.turn).toBe(3);
    expect(s1.actionInTurn).toBe(1);
    expect(notations(g, s1)).toHaveLength(8);
    expect(notations(g, s1)).not.toContain("swap");
    const s2 = play(g, s1, "a1");
    expect(site(g, s2, "a1")).toEqual(man("P1"));
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
        if (s.mover === 0 && s.pieceCount[1] === 1 && s.pieceCount[0] === 0) swaps++;
      }
      // 1/169 of the games: about 18 of 3000 (99.9%: 5 to 35).
      expect(swaps).toBeGreaterThanOrEqual(5);
      expect(swaps).toBeLessThanOrEqual(35);
    }
  });
});
