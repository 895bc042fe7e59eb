/**
 * The direction `onward` in `dirs:` of a piece move: only the way the last decision's move went
 * (from `last-from` towards `last-to`), resolved at play time. It makes a capture line that must
 * keep its direction, taken one hop per decision with `(move-again)`.
 */
import { describe, expect, it } from "vitest";
import { loadPosition, toPosition } from "../src/engine/state/position.js";
import { build, errorsOf, man, notations, play, text } from "./support/games.js";

/** A hop over an enemy piece; then, while the same piece can hop on in the same direction, it may (or pass). */
const hopLine = build({
  board: "(square 5 5)",
  play: `(branch (same-turn)
    (either (jump origin:last-to dirs:{onward} over:(enemy over) then:{(when (can-move (jump origin:last-to dirs:{onward} over:(enemy over))) then:{(move-again)})}) (pass))
    (jump over:(enemy over) then:{(when (can-move (jump origin:last-to dirs:{onward} over:(enemy over))) then:{(move-again)})}))`,
  end: "(if (no-moves next) (lose next))",
});

describe("dirs:{onward}", () => {
  it("continues a hop only in the direction of the last one", () => {
    // a1 hops east over b1 to c1; from c1 it could hop east (d1) or north (c2): only east is onward.
    const s0 = loadPosition(hopLine, { sites: { a1: man("P1"), b1: man("P2"), d1: man("P2"), c2: man("P2"), e5: man("P2") }, mover: "P1" });
    const s1 = play(hopLine, s0, "a1xc1");
    expect(s1.mover).toBe(0);
    expect(notations(hopLine, s1)).toEqual(["c1xe1", "pass"]);
    const s2 = play(hopLine, s1, "c1xe1");
    // e1 is the edge: no onward hop, so the turn ended with that hop.
    expect(s2.mover).toBe(1);
  });

  it("gives no continuation when the only further hop turns", () => {
    const s0 = loadPosition(hopLine, { sites: { a1: man("P1"), b1: man("P2"), c2: man("P2"), e5: man("P2") }, mover: "P1" });
    const s1 = play(hopLine, s0, "a1xc1");
    expect(s1.mover).toBe(1);
    expect(s1.actionInTurn).toBe(1);
  });

  it("follows every direction of the board, diagonals included, and a step as well as a jump", () => {
    const g = build({
      board: "(square 4 4 diagonals:all)",
      play: "(branch (same-turn) (step origin:last-to dirs:{onward}) (step then:{(move-again)}))",
      end: "",
    });
    const s0 = loadPosition(g, { sites: { b2: man("P1"), d4: man("P2") }, mover: "P1" });
    expect(notations(g, play(g, s0, "b2-c3"))).toEqual([]); // d4 is taken: nothing onward
    expect(notations(g, play(g, s0, "b2-a1"))).toEqual([]); // the edge
    expect(notations(g, play(g, s0, "b2-c2"))).toEqual(["c2-d2"]);
    expect(notations(g, play(g, s0, "b2-a3"))).toEqual([]);
    expect(notations(g, play(g, s0, "b2-b3"))).toEqual(["b3-b4"]);
  });

  it("slides on in the direction of the last move", () => {
    const g = build({
      board: "(square 5 1)",
      play: "(branch (same-turn) (slide origin:last-to dirs:{onward} range:4 to:(empty to)) (slide range:1 to:(empty to) then:{(move-again)}))",
      end: "",
    });
    const s0 = loadPosition(g, { sites: { b1: man("P1") }, mover: "P1" });
    expect(notations(g, play(g, s0, "b1-c1"))).toEqual(["c1-d1", "c1-e1"]);
    expect(notations(g, play(g, s0, "b1-a1"))).toEqual([]);
  });

  it("has no direction without a last move along a line: at the start, after a pass", () => {
    const g = build({ board: "(square 3 3)", play: "(either (step dirs:{onward}) (pass))", end: "" });
    const s0 = loadPosition(g, { sites: { b2: man("P1"), a1: man("P2") }, mover: "P1" });
    expect(notations(g, s0)).toEqual(["pass"]);
    // The last move is read from the position: P2 went a1-a2, so P1's b2 may step north only.
    const after = loadPosition(g, { sites: { b2: man("P1"), a2: man("P2") }, mover: "P1", last: { from: "a1", to: "a2" } });
    expect(notations(g, after)).toEqual(["b2-b3", "pass"]);
    // A lift (no destination) gives no direction.
    const lifted = loadPosition(g, { sites: { b2: man("P1") }, mover: "P1", last: { from: "a1" } });
    expect(notations(g, lifted)).toEqual(["pass"]);
    expect(notations(g, play(g, after, "pass"))).toEqual(["pass"]);
  });

  it("makes the last move part of the position (saved positions, the hash)", () => {
    const s0 = loadPosition(hopLine, { sites: { a1: man("P1"), b1: man("P2"), d1: man("P2"), e5: man("P2") }, mover: "P1" });
    const s1 = play(hopLine, s0, "a1xc1");
    expect(toPosition(hopLine, s1).last).toEqual({ from: "a1", to: "c1" });
    const back = loadPosition(hopLine, toPosition(hopLine, s1));
    expect(hopLine.hash(back)).toBe(hopLine.hash(s1));
    expect(notations(hopLine, back)).toEqual(notations(hopLine, s1));
  });

  it("is only for moves of a piece (with other directions it adds one: see ludemes-directions-back)", () => {
    const elsewhere = errorsOf(text({ play: "(add piece:man to:(and (empty to) (outflanks to dirs:{onward})))" }));
    expect(elsewhere.map((d) => [d.code, d.message])).toEqual([["M004", "'onward' (the direction of the last move) is for moves of a piece; this form cannot use it"]]);
  });

  it("is a board direction's own name when the board has one called onward", () => {
    const g = build({ board: "(hex 2 dirs:{onward b c d e f})", play: "(step dirs:{onward})", end: "" });
    const s0 = loadPosition(g, { sites: { b1: man("P1") }, mover: "P1" });
    expect(notations(g, s0)).toHaveLength(1);
  });
});
