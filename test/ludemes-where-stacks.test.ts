/**
 * Finding a piece anywhere in a mixed stack: `(where TYPE PLAYER)` looks at every level of every stack
 * in a game of `mixed-stacks` (Ludii's `where`, which scans stacks), a player's piece buried under
 * others too, and `(where TYPE neutral)` finds a neutral piece; a game without mixed stacks reads the
 * top pieces only. `(move-along ... owner:neutral)`: the mover moves a neutral piece along a track,
 * from whatever level it stands at, onto the top where it lands (Es-Sig's Ghoula, which drags the
 * pieces it leaves behind with `(move-pieces from to)`, one by one from the top). `(level-of TYPE
 * PLAYER)`: the level of such a piece in its stack (Ludii's `where Level`). And the descriptions the
 * compiler refuses.
 */
import { describe, expect, it } from "vitest";
import type { Game } from "../src/engine/play/game.js";
import { loadPosition, type SitePiece } from "../src/engine/state/position.js";
import { build, notations, onlyError, play, site } from "./support/games.js";

/** A stack as a position writes it: the top piece, the pieces below it bottom first, each `type:owner`. */
const stack = (top: string, ...below: string[]): SitePiece => {
  const piece = (p: string) => {
    const [type, owner] = p.split(":");
    return owner === "neutral" ? { piece: type! } : { piece: type!, owner: owner! };
  };
  return { ...piece(top), height: below.length + 1, flags: [], ...(below.length ? { below: below.map(piece) } : {}) } as SitePiece;
};

/** A game of three players on a row of five whose only move selects the site a `where` names. */
const selecting = (where: string, items = "(mixed-stacks max:6)") =>
  build(`(game "T" (players 3) (equipment {(board (square 5 1)) (piece stick) (piece ghoula) ${items}})
    (rules (start {}) (play (select to:(same-site to ${where}))) (end {})))`);

describe("(where TYPE PLAYER) in a game of mixed stacks", () => {
  // b1, bottom up: P2's stick, the neutral ghoula, P3's stick, P1's stick on top; d1: P2's ghoula.
  const sites = { b1: stack("stick:P1", "stick:P2", "ghoula:neutral", "stick:P3"), d1: stack("ghoula:P2") };

  it("finds a player's piece at any level, under other players' pieces", () => {
    for (const [where, found] of [
      ["(where stick P1)", ["@b1"]],
      ["(where stick P2)", ["@b1"]],
      ["(where stick P3)", ["@b1"]],
      ["(where stick mover)", ["@b1"]],
      ["(where ghoula P2)", ["@d1"]],
      ["(where ghoula P1)", []],
    ] as const) {
      const g = selecting(where);
      expect(notations(g, loadPosition(g, { mover: "P1", sites })), where).toEqual(found);
    }
  });

  it("neutral: a neutral piece, at any level (the top of a stack too)", () => {
    let g = selecting("(where ghoula neutral)");
    expect(notations(g, loadPosition(g, { mover: "P1", sites }))).toEqual(["@b1"]);
    expect(notations(g, loadPosition(g, { mover: "P1", sites: { c1: stack("ghoula:neutral", "stick:P1") } }))).toEqual(["@c1"]);
    expect(notations(g, loadPosition(g, { mover: "P1", sites: { c1: stack("stick:P1") } }))).toEqual([]);
    g = selecting("(where stick neutral)");
    expect(notations(g, loadPosition(g, { mover: "P1", sites }))).toEqual([]);
  });

  it("the first site in the board's order holding one, whatever its level", () => {
    const g = selecting("(where stick P2)");
    expect(notations(g, loadPosition(g, { mover: "P1", sites: { c1: stack("stick:P2"), a1: stack("stick:P1", "stick:P2") } }))).toEqual(["@a1"]);
  });
});

describe("(level-of TYPE PLAYER at:SITE)", () => {
  /** Whether each condition holds in the position (asked as the condition of selecting a1). */
  const holds = (conds: string[], sites: Record<string, SitePiece>, items = "(mixed-stacks max:6)") =>
    conds.map((cond) => {
      const g = build(`(game "T" (players 3) (equipment {(board (square 5 1)) (piece stick) (piece ghoula) ${items}})
        (rules (start {}) (play (select to:(and (same-site to a1) ${cond}))) (end {})))`);
      return notations(g, loadPosition(g, { mover: "P1", sites })).length === 1;
    });
  // b1, bottom up: P2's stick, the neutral ghoula, P3's stick, P1's stick on top, P3's stick again.
  const sites = { b1: stack("stick:P3", "stick:P2", "ghoula:neutral", "stick:P3", "stick:P1") };

  it("the level of a piece in its stack, 1 the bottom; the highest of several; 0 where there is none", () => {
    expect(holds([
      "(= (level-of stick P2) 1)", "(= (level-of ghoula neutral) 2)", "(= (level-of stick P1) 4)", "(= (level-of stick P3) 5)",
      "(= (level-of stick P1 at:c1) 0)", "(= (level-of ghoula P1) 0)", "(= (level-of stick mover at:b1) 4)",
    ], sites)).toEqual(Array(7).fill(true));
    // Read with the level forms: the piece just above the ghoula.
    expect(holds(["(owner (where ghoula neutral) P3 level:(+ (level-of ghoula neutral) 1))"], sites)).toEqual([true]);
  });

  it("without mixed stacks: the height of the player's pile, 0 elsewhere", () => {
    const pile = { b1: { piece: "stick", owner: "P2", height: 3, flags: [] } } as Record<string, SitePiece>;
    expect(holds(["(= (level-of stick P2) 3)", "(= (level-of stick P1) 0)", "(= (level-of stick P2 at:c1) 0)"], pile, "")).toEqual([true, true, true]);
  });
});

describe("(where TYPE PLAYER) without mixed stacks", () => {
  it("reads the sites' pieces: a player's, or a neutral one", () => {
    const pieces = { b1: { piece: "stick", owner: "P2", height: 2, flags: [] }, d1: { piece: "ghoula", height: 1, flags: [] } } as Record<string, SitePiece>;
    for (const [where, found] of [
      ["(where stick P2)", ["@b1"]],
      ["(where stick P1)", []],
      ["(where ghoula neutral)", ["@d1"]],
    ] as const) {
      const g = selecting(where, "");
      expect(notations(g, loadPosition(g, { mover: "P1", sites: pieces })), where).toEqual(found);
    }
  });
});

describe("(move-along ... owner:neutral)", () => {
  /** Two players, a row of six; the neutral ghoula moves 2 along the row, P1's sticks 1. */
  const game = (rule: string): Game =>
    build(`(game "T" (players 2) (equipment {(board (square 6 1)) (piece stick) (piece ghoula) (mixed-stacks max:6) (track row {(path a1 f1)})})
      (rules (start {}) (play (either (move-along row steps:1 piece:{stick} to:true) ${rule})) (end {})))`);

  it("the mover moves a neutral piece from its level of a stack onto the top where it lands", () => {
    const g = game("(move-along row steps:2 piece:{ghoula} owner:neutral to:true)");
    const s = loadPosition(g, { mover: "P2", sites: { a1: stack("stick:P1", "stick:P2", "ghoula:neutral"), c1: stack("stick:P1") } });
    // P2's stick at level 1 of 3, the ghoula at level 2: their own levels, counted from 1 (the top unwritten).
    expect(notations(g, s)).toEqual(["a1:1-b1", "a1:2-c1"]);
    const after = play(g, s, "a1:2-c1");
    expect(site(g, after, "a1")).toEqual(stack("stick:P1", "stick:P2"));
    expect(site(g, after, "c1")).toEqual(stack("ghoula:neutral", "stick:P1"));
    // A neutral piece moves for whoever is to move: P1 too.
    expect(notations(g, loadPosition(g, { mover: "P1", sites: { d1: stack("ghoula:neutral") } }))).toEqual(["d1-f1"]);
  });

  it("dragging the pieces left behind: (move-pieces from to) takes them one by one from the top", () => {
    const g = game("(move-along row steps:2 piece:{ghoula} owner:neutral to:true then:{(move-pieces from to)})");
    const s = loadPosition(g, { mover: "P1", sites: { b1: stack("stick:P2", "stick:P1", "ghoula:neutral", "stick:P1"), d1: stack("stick:P2") } });
    const after = play(g, s, "b1:2-d1");
    expect(site(g, after, "b1")).toBeNull();
    // On d1: P2's stick, the ghoula, then the pieces it left, the top first (as Ludii's forEach Level FromTop).
    expect(site(g, after, "d1")).toEqual(stack("stick:P1", "stick:P2", "ghoula:neutral", "stick:P2", "stick:P1"));
  });

  it("a neutral piece borne off scores for nobody", () => {
    const g = game("(move-along row steps:2 piece:{ghoula} owner:neutral off:beyond)");
    const s = play(g, loadPosition(g, { mover: "P1", sites: { e1: stack("ghoula:neutral") } }), "e1-off");
    expect([...s.score]).toEqual([0, 0]);
    expect(site(g, s, "e1")).toBeNull();
  });
});

describe("descriptions refused", () => {
  it("M002: (where ...) of `any`, which names no one player", () => {
    const d = onlyError(
      `(game "T" (players 2) (equipment {(board (square 3 1)) (piece stick) (mixed-stacks)}) (rules (start {}) (play (select to:(same-site to (where stick any)))) (end {})))`,
      "M002", "any",
    );
    expect(d.message).toContain("or a neutral piece");
  });
  it("M002: (level-of ...) of `any`", () => {
    onlyError(
      `(game "T" (players 2) (equipment {(board (square 3 1)) (piece stick) (mixed-stacks)}) (rules (start {}) (play (select to:(> (level-of stick any) 1))) (end {})))`,
      "M002", "any",
    );
  });
  it("M004: owner:neutral with enter: (a neutral piece has no supply to enter from)", () => {
    onlyError(
      `(game "T" (players 2) (equipment {(board (square 3 1)) (piece ghoula) (mixed-stacks) (supply 3) (track t {(path a1 c1)})}) (rules (start {}) (play (move-along t steps:1 owner:neutral enter:ghoula)) (end {})))`,
      "M004", "ghoula", "enter:ghoula",
    );
  });
});
