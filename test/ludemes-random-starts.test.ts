/**
 * Random starts under constraints: `(place-random ...)` draws each piece's site among the sites a
 * region still has empty, so that a sequence of them builds a start whose pieces depend on each
 * other; `(fill ...)` puts pieces in order on the sites left; `(mirror ...)` gives the other side
 * the same start facing it. Chess960's start is the example: every one of its 960 positions, and
 * only those, comes from a seed.
 */
import { describe, expect, it } from "vitest";
import type { Game } from "../src/engine/play/game.js";
import type { State } from "../src/engine/state/state.js";
import { build, counter, onlyError, site, text } from "./support/games.js";

const chess960 = build(`(game "Chess960 start" (players 2)
  (equipment {(board (square 8 8)) (piece king) (piece queen) (piece rook) (piece bishop) (piece knight) (piece pawn)})
  (rules
    (start {
      (place-random bishop P1 (intersection (rows 1 1) (colour-of a1)))
      (place-random bishop P1 (difference (rows 1 1) (colour-of a1)))
      (place-random queen P1 (rows 1 1))
      (place-random knight P1 (rows 1 1) count:2)
      (fill {rook king rook} P1 (rows 1 1))
      (place pawn P1 (rows 2 2))
      (mirror P1 P2)})
    (play (pass))
    (end {})))`);

const files = "abcdefgh";
/** The back rank of a player, as letters from a to h (k, q, r, b, n). */
const backRank = (g: Game, s: State, rank: number, owner: string): string =>
  [...files]
    .map((f) => {
      const p = site(g, s, `${f}${rank}`);
      return p && p.owner === owner ? (p.piece === "knight" ? "n" : p.piece[0]!) : ".";
    })
    .join("");

describe("a Chess960 start: place-random, fill and mirror", () => {
  it("every start keeps the rules: bishops on both colours, the king between the rooks, black facing white", () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 3000; seed++) {
      const s = chess960.newGame({ seed });
      const white = backRank(chess960, s, 1, "P1");
      expect(white.split("").sort().join("")).toBe("bbknnqrr");
      const bishops = [...white].flatMap((p, i) => (p === "b" ? [i] : []));
      expect((bishops[0]! + bishops[1]!) % 2).toBe(1);
      expect(white.indexOf("r")).toBeLessThan(white.indexOf("k"));
      expect(white.lastIndexOf("r")).toBeGreaterThan(white.indexOf("k"));
      expect(backRank(chess960, s, 8, "P2")).toBe(white);
      expect(backRank(chess960, s, 2, "P1")).toBe("pppppppp");
      expect(backRank(chess960, s, 7, "P2")).toBe("pppppppp");
      seen.add(white);
    }
    // 3,000 draws of 960 equally likely starts leave about 41 unseen; far fewer would mean a bias.
    expect(seen.size).toBeGreaterThan(900);
  });

  it("same seed, same start", () => {
    expect(backRank(chess960, chess960.newGame({ seed: 7 }), 1, "P1")).toBe(backRank(chess960, chess960.newGame({ seed: 7 }), 1, "P1"));
  });
});

describe("place-random, fill and mirror on their own", () => {
  it("place-random places no more pieces than the region has empty sites; fill stops when the sites run out", () => {
    const g = build({ board: "(square 3 1)", start: "(place man P1 a1) (place-random man P2 (rows 1 1) count:5) (fill {block block} neutral (rows 1 1))", play: "(pass)" });
    const s = g.newGame({ seed: 3 });
    expect(["a1", "b1", "c1"].map((l) => site(g, s, l)?.owner)).toEqual(["P1", "P2", "P2"]);
  });

  it("mirror across the files and through the centre", () => {
    const across = build({ board: "(square 3 3)", start: "(place man P1 (sites {a1 b2})) (mirror P1 P2 axis:files)", play: "(pass)" });
    const s = across.newGame();
    expect(site(across, s, "c1")?.owner).toBe("P2");
    // b2's mirror is b2 itself, already taken: no twin.
    expect(site(across, s, "b2")?.owner).toBe("P1");
    const turned = build({ board: "(square 3 3)", start: "(place man P1 a1) (mirror P1 P2 axis:centre)", play: "(pass)" });
    expect(site(turned, turned.newGame(), "c3")?.owner).toBe("P2");
  });

  it("mirror needs sites named by file and rank", () => {
    onlyError(text({ board: "(mancala 2 3 stores:true)", start: "(mirror P1 P2)", play: "(pass)" }), "M004", "(mirror P1 P2)");
  });
});

describe("(random LOW HIGH)", () => {
  /** Each step draws a number from 1 to 6 into a counter (a die thrown as a consequence). */
  const g = build({ items: "(counter k)", start: "(place man P1 (sites {b2}))", play: "(step then:{(counter-set k (random 1 6))})" });
  const drawn = (seed: number) => {
    const s = g.apply(g.newGame({ seed }), g.legalMoves(g.newGame({ seed })).find((m) => m.notation === "b2-b3")!);
    return counter(g, s, "k");
  };

  it("draws every number of its range, and only those, from the game's seeded generator", () => {
    const seen = new Set<number>();
    for (let seed = 1; seed <= 200; seed++) seen.add(drawn(seed));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("the same seed and moves draw the same number; listing the moves (and what they do) draws nothing", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const s = g.newGame({ seed });
      const before = Array.from(s.rng);
      const moves = g.legalMoves(s);
      expect(moves[0]!.actions).toContainEqual(expect.objectContaining({ op: "counter", name: "k", change: "set" }));
      expect(Array.from(s.rng)).toEqual(before);
      const a = g.apply(s, moves.find((m) => m.notation === "b2-b3")!);
      expect(a.counters[0]).toBe(drawn(seed));
    }
  });

  it("an empty range gives its low end", () => {
    const h = build({ items: "(counter k)", play: "(add piece:man to:(empty to) then:{(counter-set k (random 4 2))})" });
    expect(h.apply(h.newGame({ seed: 3 }), h.legalMoves(h.newGame({ seed: 3 }))[0]!).counters[0]).toBe(4);
  });

  it("belongs in effects: not in a move's conditions or the end rules (M004)", () => {
    onlyError(text({ play: "(add piece:man to:(< (random 1 6) 4))" }), "M004", "(random 1 6)");
    onlyError(text({ play: "(add piece:man to:(empty to))", end: "(if (= (random 1 6) 6) (win mover))" }), "M004", "(random 1 6)");
  });
});
