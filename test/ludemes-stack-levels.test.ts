/**
 * Reading a stack level by level: `(owner SITE PLAYER level:L)`, `(friend SITE level:L)`, `(enemy
 * SITE level:L)` and `(is-piece SITE TYPE level:L)` (Ludii's `(who at: level:)`, `(is Friend (who
 * at: level:))`, `(what at: level:)`), levels counted from 1, the bottom piece, up to
 * `(height SITE)`, the top; `(count SITE of:PLAYER piece:{TYPES})`, a stack's pieces of a player or of
 * some types, at every level (Pyrga's majority, its one piece of each shape); the same on piles of
 * one owner (a game without mixed stacks); and the descriptions the compiler refuses.
 */
import { describe, expect, it } from "vitest";
import type { Game } from "../src/engine/play/game.js";
import { loadPosition, type SitePiece } from "../src/engine/state/position.js";
import { build, notations, onlyError } from "./support/games.js";

/** A stack as a position writes it: the top piece, the pieces below it bottom first, each `type:owner`. */
const stack = (top: string, ...below: string[]): SitePiece => {
  // A neutral piece has no owner.
  const piece = (p: string) => {
    const [type, owner] = p.split(":");
    return owner === "neutral" ? { piece: type! } : { piece: type!, owner: owner! };
  };
  return { ...piece(top), height: below.length + 1, flags: [], ...(below.length ? { below: below.map(piece) } : {}) } as SitePiece;
};

/**
 * Which of the conditions hold in a position (a game of three players, discs and squares, and a
 * neutral block): condition i is asked of the placement on the i-th site of the top row.
 */
function holding(conds: string[], sites: Record<string, SitePiece>, items = "(mixed-stacks max:6)"): boolean[] {
  const row = ["a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"];
  const g: Game = build(`(game "T" (players 3) (equipment {(board (square 8 4)) (piece disc) (piece square) (piece block) ${items}})
    (rules (start {}) (play (add piece:disc to:(or ${conds.map((c, i) => `(and (same-site to ${row[i]}) ${c})`).join(" ")}))) (end {})))`);
  const s = loadPosition(g, { mover: "P1", sites });
  const legal = notations(g, s);
  return conds.map((_, i) => legal.includes(`*${row[i]}`));
}

describe("a stack's levels", () => {
  // Bottom up: P3's square, a neutral block, P2's disc, P1's disc on top.
  const tower = { a1: stack("disc:P1", "square:P3", "block:neutral", "disc:P2") };

  it("(owner SITE PLAYER level:L): the owner of the piece at a level, 1 the bottom, the height the top; none past the top", () => {
    expect(holding(["(owner a1 P3 level:1)", "(owner a1 P3 level:2)", "(owner a1 P2 level:3)", "(owner a1 P1 level:4)", "(owner a1 P1 level:5)", "(owner a1 P1)"], tower)).toEqual([
      true, false, true, true, false, true,
    ]);
    // any: anyone's piece, not a neutral one; a level read from the stack itself (the piece under the top).
    expect(holding(["(owner a1 any level:1)", "(owner a1 any level:2)", "(owner a1 any level:5)", "(owner a1 P2 level:(- (height a1) 1))", "(owner a2 any level:1)"], tower)).toEqual([
      true, false, false, true, false,
    ]);
  });

  it("(friend SITE level:L), (enemy SITE level:L): the piece at a level is the mover's, another player's (a neutral one neither)", () => {
    expect(holding(["(friend a1 level:4)", "(friend a1 level:3)", "(enemy a1 level:3)", "(enemy a1 level:2)", "(friend a1 level:2)", "(enemy a1 level:1)", "(enemy a1 level:5)"], tower)).toEqual([
      true, false, true, false, false, true, false,
    ]);
  });

  it("(is-piece SITE TYPE level:L): the type of the piece at a level", () => {
    expect(holding(["(is-piece a1 square level:1)", "(is-piece a1 block level:2)", "(is-piece a1 disc level:3)", "(is-piece a1 square level:4)", "(is-piece a1 disc level:5)", "(is-piece a1 disc)"], tower)).toEqual([
      true, true, true, false, false, true,
    ]);
  });

  it("(count SITE of:PLAYER piece:{TYPES}): a stack's pieces of a player, of some types, or both, at every level", () => {
    const n = (expr: string, k: number) => `(= ${expr} ${k})`;
    expect(holding([n("(count a1)", 4), n("(count a1 of:P1)", 1), n("(count a1 of:P3)", 1), n("(count a1 of:any)", 3), n("(count a1 piece:{disc})", 2), n("(count a1 piece:{disc square})", 3), n("(count a1 of:P2 piece:{disc})", 1), n("(count a2 of:P1)", 0)], tower)).toEqual(
      Array(8).fill(true),
    );
    // The player the rule is asked for: the mover (P1), and a stack held by majority.
    expect(holding(["(> (* 2 (count a1 of:mover)) (height a1))", "(> (* 2 (count b1 of:mover)) (height b1))"], { ...tower, b1: stack("square:P2", "disc:P1", "square:P1") })).toEqual([false, true]);
  });

  it("a pile (no mixed stacks) is its owner's and type's at every level it reaches", () => {
    const pile = { a1: { piece: "disc", owner: "P2", height: 3, flags: [] } };
    expect(holding(["(owner a1 P2 level:1)", "(owner a1 P2 level:3)", "(owner a1 P2 level:4)", "(is-piece a1 disc level:2)", "(= (count a1 of:P2) 3)", "(= (count a1 of:P1 piece:{disc}) 0)"], pile, "")).toEqual([
      true, true, false, true, true, true,
    ]);
    // Counting sites by a level is not counting the player's sites (the engine's count of them).
    expect(holding(["(= (count-sites (owner site P2 level:3)) 1)", "(= (count-sites (owner site P2 level:4)) 0)"], { ...pile, b1: { piece: "disc", owner: "P2", height: 1, flags: [] } }, "")).toEqual([true, true]);
  });
});

describe("descriptions refused", () => {
  const game = (cond: string) =>
    `(game "T" (players 2) (equipment {(board (square 3 3)) (piece man) (mixed-stacks)}) (rules (start {}) (play (add piece:man to:${cond})) (end {})))`;
  it("M004: a level below 1 (Ludii counts from 0; here the bottom piece is level 1)", () => {
    const d = onlyError(game("(owner to mover level:0)"), "M004", "0", "level:0");
    expect(d.message).toContain("count from 1");
    onlyError(game("(is-piece to man level:(- 1 3))"), "M004", "(- 1 3)");
  });
  it("M004: (count ... of:) or piece: without a site; piece:{} naming no type", () => {
    const d = onlyError(game("(> (count of:mover) 0)"), "M004", "mover", "of:mover");
    expect(d.message).toContain("no site is named");
    onlyError(game("(> (count to piece:{}) 0)"), "M004", "{}", "piece:{}");
  });
  it("M001 and M002: a type or a player the game lacks", () => {
    onlyError(game("(= (count to piece:{man king}) 0)"), "M001", "king");
    onlyError(game("(= (count to of:P3) 0)"), "M002", "P3");
    onlyError(game("(is-piece to king level:1)"), "M001", "king");
  });
});
