/**
 * Go's concepts: `(liberties SITE)` (the empty points next to a group), `(enclose SITE do:{...})`
 * (groups next to a site left without a liberty get the effects), `(territory P)` (empty regions
 * bordered by P's pieces alone); and the draw of a random move among a filter's placements and a
 * pass without listing them (engine/moves/slot-draw.ts), which must stay uniform.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { loadPosition } from "../src/engine/state/position.js";
import type { Game } from "../src/engine/play/game.js";
import type { State } from "../src/engine/state/state.js";
import { at, build, man, notations, onlyError, play, site, text } from "./support/games.js";

/** A position of P1's (x) and P2's (o) men from rows of text, the top row first. */
function board(g: Game, rows: string[], mover = "P1", seed = 0): State {
  const sites: Record<string, ReturnType<typeof man>> = {};
  rows.forEach((row, r) => {
    [...row].forEach((ch, col) => {
      const label = `${String.fromCharCode(97 + col)}${rows.length - r}`;
      if (ch === "x") sites[label] = man("P1");
      if (ch === "o") sites[label] = man("P2");
    });
  });
  return loadPosition(g, { sites, mover, turn: 3 }, seed);
}

const goLike = (extra = "", size = 5) =>
  build({
    board: `(square ${size} ${size})`,
    play: `(keep (add piece:man to:(empty to) prefix:"" then:{(enclose to do:{(remove site) (add-score mover 1)})}) leaving:(> (liberties to) 0))`,
    end: extra,
  });

describe("(liberties SITE)", () => {
  const g = build({ board: "(square 5 5)", items: "(counter n)", play: "(pass)" });
  const libs = (s: State, label: string) => {
    const h = build({ board: "(square 5 5)", play: '(select to:(occupied to) prefix:"" then:{(add-score mover (liberties to))})' });
    return play(h, s, label).score[s.mover]!;
  };

  it("counts each empty point next to the group once, through the whole group", () => {
    const s = board(g, [".....", ".xx..", ".x...", ".....", "....."]);
    // b4 c4 b3: neighbours a4 b5 c5 d4 c3 a3 b2 -- seven distinct empty points.
    expect(libs(s, "b4")).toBe(7);
    expect(libs(s, "b3")).toBe(7);
  });

  it("counts only empty points: enemy stones and the edge take liberties away", () => {
    const s = board(g, ["xo...", "o....", ".....", ".....", "....."]);
    expect(libs(s, "a5")).toBe(0);
    expect(libs(s, "b5")).toBe(2);
  });

  it("answers a bound without counting everything: (> (liberties to) 0) and (>= (liberties to) 2) agree with the count", () => {
    const rows = ["x.o..", "xxo..", "oo...", ".....", "...xx"];
    const s = board(g, rows);
    for (const [cond, label, expected] of [
      ["(> (liberties to) 0)", "a5", true],
      ["(>= (liberties to) 2)", "a5", false],
      ["(<= (liberties to) 1)", "a5", true],
      ["(< (liberties to) 1)", "e1", false],
      ["(> (liberties to) 2)", "e1", true],
      ["(> (liberties to) 3)", "e1", false],
    ] as const) {
      const h = build({ board: "(square 5 5)", play: '(select to:(occupied to) prefix:"")', end: `(if ${cond} (win mover))` });
      expect(play(h, s, label).over, `${cond} at ${label}`).toBe(expected);
    }
  });
});

describe("(enclose SITE do:{...})", () => {
  const g = goLike();

  it("captures an enemy stone left without a liberty, and scores it", () => {
    const s = board(g, [".....", "..x..", ".xo..", "..x..", "....."]);
    const after = play(g, s, "d3");
    expect(site(g, after, "c3")).toBeNull();
    expect(after.score[0]).toBe(1);
  });

  it("captures a whole group at once, and two groups with one stone", () => {
    const s = board(g, ["ooox.", "xxx..", ".....", ".....", "....."]);
    const after = play(g, s, "e5");
    expect(after.score[0]).toBe(0);
    const s2 = board(g, ["ooo.o", "xxxxx", ".....", ".....", "....."]);
    const after2 = play(g, s2, "d5");
    expect(["a5", "b5", "c5", "e5"].map((l) => site(g, after2, l))).toEqual([null, null, null, null]);
    expect(after2.score[0]).toBe(4);
  });

  it("leaves a group that still has a liberty, and the mover's own groups", () => {
    const s = board(g, [".....", "..x..", ".xo..", ".....", "....."]);
    const after = play(g, s, "d3");
    expect(site(g, after, "c3")).toEqual(man("P2"));
    expect(after.score[0]).toBe(0);
  });

  it("makes a placement without a liberty legal when it captures, and refuses suicide otherwise", () => {
    // a5 has no empty neighbour; placing there captures b5 (whose only liberty it was).
    const s = board(g, [".ox..", "o.x..", "xx...", ".....", "....."]);
    expect(notations(g, s)).toContain("b4");
    const s2 = board(g, [".o...", "o....", ".....", ".....", "....."]);
    expect(notations(g, s2)).not.toContain("a5");
    const capturing = board(g, [".ox..", "ox...", "x....", ".....", "....."]);
    const after = play(g, capturing, "a5");
    expect(site(g, after, "b5")).toBeNull();
    expect(site(g, after, "a4")).toBeNull();
    expect(after.score[0]).toBe(2);
  });

  it("asks target: of the groups met, and its site must be a site form", () => {
    // With target:(friend site) the mover's own group next to the stone is looked at: b1 joins a1
    // into a group with no liberty (c1 is P2's), and both go; by default only P2's c1 is looked at.
    const spec = (target: string) => ({ board: "(square 4 1)", start: "(place man P1 a1) (place man P2 c1)", play: `(add piece:man to:(empty to) prefix:"" then:{(enclose to ${target} do:{(remove site)})})` });
    const own = build(spec("target:(friend site)"));
    const after = play(own, own.newGame(), "b1");
    expect([site(own, after, "a1"), site(own, after, "b1"), site(own, after, "c1")]).toEqual([null, null, man("P2")]);
    const plain = build(spec(""));
    expect(site(plain, play(plain, plain.newGame(), "b1"), "a1")).toEqual(man("P1"));
    onlyError(text({ play: '(add piece:man to:(empty to) then:{(enclose 3 do:{(remove site)})})' }), "S001", "3", "(enclose 3");
  });
});

describe("(territory P)", () => {
  const g = build({ board: "(square 5 5)", play: "(pass)", end: "(if (all-passed) (ranked {(territory player)}))" });
  const territory = (s: State, p: number) => {
    const h = build({ board: "(square 5 5)", play: `(select to:(empty to) prefix:"" then:{(add-score mover (territory P${p + 1}))})` });
    const empty = h.legalMoves(s)[0]!;
    return h.apply(s, empty).score[s.mover]!;
  };

  it("counts the empty regions walled by the player's pieces alone", () => {
    const s = board(g, ["..x..", "..x..", "xxx..", ".....", "....."]);
    // a5 b5 a4 b4 are walled by x alone; the rest touches nothing but x too.
    expect(territory(s, 0)).toBe(25 - 5);
    expect(territory(s, 1)).toBe(0);
  });

  it("gives nobody a region that touches both players' pieces", () => {
    const s = board(g, ["..x..", "..xo.", "xxxo.", "...o.", "...o."]);
    // a5 b5 a4 b4: x only. Right of x: d5 e5 ... touches o and x (d5 next to c5 and d4).
    expect(territory(s, 0)).toBe(4);
    expect(territory(s, 1)).toBe(0);
  });

  it("gives an empty board to every player (a region touching no piece), as Ludii counts it", () => {
    expect(territory(g.newGame(), 0)).toBe(25);
    expect(territory(g.newGame(), 1)).toBe(25);
  });
});

describe("a random move among a filter's placements and a pass (slot draw)", () => {
  it("is uniform over the legal moves, whatever the share of illegal placements", () => {
    // P1 to move on a 3 x 3 board where a1 is suicide (P2 holds a2 and b1): six placements and the pass.
    const g = build({
      board: "(square 3 3)",
      play: `(either (keep (add piece:man to:(empty to) prefix:"" then:{(enclose to do:{(remove site)})}) leaving:(> (liberties to) 0)) (pass))`,
      end: "(if (all-passed) draw)",
    });
    const rows = ["...", "o..", ".o."];
    const legal = notations(g, board(g, rows));
    expect(legal).toEqual(["a3", "b2", "b3", "c1", "c2", "c3", "pass"]);
    const counts = new Map<string, number>();
    const N = 7000;
    for (let seed = 1; seed <= N; seed++) {
      const s = board(g, rows, "P1", seed);
      g.playout(s, 1);
      const placed = legal.find((l) => l !== "pass" && s.owner[at(g, l)] === 0) ?? "pass";
      counts.set(placed, (counts.get(placed) ?? 0) + 1);
    }
    const expected = N / legal.length;
    for (const m of legal) expect(Math.abs(counts.get(m)! - expected), `${m}: ${counts.get(m)}`).toBeLessThan(4 * Math.sqrt(expected));
  });
});

describe("Go", () => {
  it("refuses the retake of a ko (it would bring back the board before), and allows it once the board has changed", () => {
    const go = loadGame("go", { options: { size: 9 } });
    let s = go.newGame();
    // Black a1 b2, White c2 d1 b1: Black takes b1 from c1; White retaking at b1 would recreate the board.
    for (const m of ["a1", "c2", "b2", "d1", "e9", "b1", "c1"]) s = play(go, s, m);
    expect(site(go, s, "b1")).toBeNull();
    expect(s.score[0]).toBe(1);
    expect(notations(go, s)).not.toContain("b1");
    expect(notations(go, s)).toContain("pass");
    // Elsewhere first, then the retake makes a board never seen.
    s = play(go, play(go, s, "f9"), "g9");
    expect(notations(go, s)).toContain("b1");
    const retaken = play(go, s, "b1");
    expect(site(go, retaken, "c1")).toBeNull();
  });
});
