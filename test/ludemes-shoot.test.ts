/**
 * Lines of sight: `(slide range:any ...)` moves a piece any distance along a line, and
 * `(shoot ...)` puts a new piece on a site along a line from a piece without moving it (an arrow
 * shot from where a piece landed, after `(move-again)`).
 */
import { describe, expect, it } from "vitest";
import { loadPosition } from "../src/engine/state/position.js";
import { block, build, expectUniformDraws, man, notations, onlyError, play, site, text } from "./support/games.js";

describe("slide range:any", () => {
  const g = build({ board: "(square 5 5 diagonals:all)", play: "(slide range:any through:(empty site) to:(empty to))", end: "(if (no-moves next) (win mover))" });

  it("goes any distance over empty sites, stopping before the first piece", () => {
    const s = loadPosition(g, { sites: { a1: man("P1"), a4: block, c3: man("P2"), e1: man("P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["a1-a2", "a1-a3", "a1-b1", "a1-b2", "a1-c1", "a1-d1"]);
  });

  it("is a whole number or any", () => {
    const src = text({ play: "(slide range:far to:(empty to))" });
    const d = onlyError(src, "S001", "far");
    expect(d.message).toMatch(/'far' is not allowed here/);
    expect(d.expected).toBe("a whole number >= 1 or `any`");
  });
});

describe("shoot", () => {
  const arrows = build({
    board: "(square 4 4 diagonals:all)",
    play: "(branch (same-turn) (shoot shot:block owner:neutral origin:last-to) (step then:{(move-again)}))",
    end: "(if (no-moves next) (win mover))",
  });

  it("after a move, only the piece that moved shoots, along its lines over empty sites", () => {
    const s0 = loadPosition(arrows, { sites: { a1: man("P1"), d1: man("P1"), c3: man("P2") }, mover: "P1" });
    const s1 = play(arrows, s0, "a1-b2");
    expect(s1.mover).toBe(0);
    // From b2, every empty site of its eight lines up to the first piece: a1 (just left) ... d2, not c3 (a piece) nor d4 behind it.
    expect(notations(arrows, s1)).toEqual(["b2/a1", "b2/a2", "b2/a3", "b2/b1", "b2/b3", "b2/b4", "b2/c1", "b2/c2", "b2/d2"]);
    const s2 = play(arrows, s1, "b2/b4");
    expect(site(arrows, s2, "b4")).toEqual(block);
    expect(site(arrows, s2, "b2")).toEqual(man("P1"));
    expect(s2.mover).toBe(1);
    expect(arrows.def.presentation.neutralPieces).toEqual([1]);
  });

  it("to:, through: and range: choose the targets: the first enemy piece on each line, within two sites", () => {
    const g = build({
      board: "(square 5 1)",
      play: "(shoot kind:fire shot:man to:(enemy to) range:2 separator:\">\")",
      end: "(if (no-moves next) (win mover))",
    });
    const near = loadPosition(g, { sites: { a1: man("P1"), c1: man("P2"), d1: man("P2") }, mover: "P1" });
    expect(notations(g, near)).toEqual(["a1>c1"]);
    const after = play(g, near, "a1>c1");
    expect(site(g, after, "c1")).toEqual(man("P1"));
    const far = loadPosition(g, { sites: { a1: man("P1"), d1: man("P2") }, mover: "P1" });
    expect(notations(g, far)).toEqual([]);
    const screened = build({
      board: "(square 5 1)",
      play: "(shoot shot:block owner:neutral through:true)",
      end: "(if (no-moves next) (win mover))",
    });
    // Over any piece: every empty site of the line.
    expect(notations(screened, loadPosition(screened, { sites: { a1: man("P1"), b1: man("P2") }, mover: "P1" }))).toEqual(["a1/c1", "a1/d1", "a1/e1"]);
  });
});

describe("slides and shots drawn in fast playouts", () => {
  it("slides with conditions: a few slots tried, each legal slide as likely", () => {
    const g = build({ board: "(square 7 7)", play: "(slide range:any through:(empty site) to:(and (empty to) (not (in to (sites {d4})))))" });
    const s = loadPosition(g, { sites: { a1: man("P1"), d2: man("P1"), g6: man("P1"), d6: man("P2"), b4: block }, mover: "P1" });
    expect(expectUniformDraws(g, s, 6000)).toBeGreaterThan(20);
  });

  it("a crowded board (many slots, few slides): the draw gives up and the moves are listed, still uniform", () => {
    const g = build({ board: "(square 5 5)", play: "(slide range:any through:(empty site) to:(and (empty to) (not (in to (sites {a1})))))" });
    const sites: Record<string, ReturnType<typeof man>> = {};
    for (const f of "abcde") for (const r of "12345") if (!["c3", "e5"].includes(`${f}${r}`)) sites[`${f}${r}`] = man("P1");
    const s = loadPosition(g, { sites, mover: "P1" });
    expect(expectUniformDraws(g, s, 4000)).toBe(6); // the neighbours of c3 and e5
  });

  it("queens' slides over empty sites, and rooks' that take the first enemy piece: counted, one picked", () => {
    const queens = build({ board: "(square 6 6 diagonals:all)", play: "(slide range:any through:(empty site) to:(empty to))" });
    const s = loadPosition(queens, { sites: { a1: man("P1"), c4: man("P1"), e2: man("P2"), b5: block }, mover: "P1" });
    expect(expectUniformDraws(queens, s, 6000)).toBeGreaterThan(20);
    const rooks = build({ board: "(square 6 6)", play: "(slide range:any through:(empty site) to:(not (friend to)))" });
    const t = loadPosition(rooks, { sites: { a1: man("P1"), c4: man("P1"), c1: man("P2"), c6: man("P2"), f4: man("P2") }, mover: "P1" });
    expect(expectUniformDraws(rooks, t, 6000)).toBeGreaterThan(10);
  });

  it("shots along the lines of the piece that moved", () => {
    const arrows = build({
      board: "(square 5 5 diagonals:all)",
      play: "(branch (same-turn) (shoot shot:block owner:neutral origin:last-to) (step then:{(move-again)}))",
    });
    const s0 = loadPosition(arrows, { sites: { a1: man("P1"), d1: man("P1"), c4: man("P2"), e3: block }, mover: "P1" });
    expect(expectUniformDraws(arrows, play(arrows, s0, "a1-b2"), 6000)).toBeGreaterThan(10);
  });
});
