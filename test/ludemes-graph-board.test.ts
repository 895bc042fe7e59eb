/**
 * Boards given as points and drawn lines (`(graph ...)`), moves to any site (`(fly ...)`), and
 * counting a player's sites without a scan (`(count-sites (owner site P))`).
 */
import { describe, expect, it } from "vitest";
import { loadPosition } from "../src/engine/state/position.js";
import { seedRng } from "../src/engine/state/rng.js";
import { renderBoard } from "../src/view/text.js";
import { dirIndex, NO_SITE, siteIndex } from "../src/engine/board/topology.js";
import { build, man, notations, onlyError, play, text } from "./support/games.js";

/** Three concentric squares joined at their midpoints, on a 7 x 7 lattice (24 points, 16 lines of three). */
const SQUARES = `(graph
  {a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7}
  lines:{{a7 d7 g7} {b6 d6 f6} {c5 d5 e5} {a4 b4 c4} {e4 f4 g4} {c3 d3 e3} {b2 d2 f2} {a1 d1 g1}
         {a1 a4 a7} {b2 b4 b6} {c3 c4 c5} {d1 d2 d3} {d5 d6 d7} {e3 e4 e5} {f2 f4 f6} {g1 g4 g7}})`;

const go = (g: ReturnType<typeof build>, from: string, dir: string): string | null => {
  const t = g.topology;
  const to = t.step[dirIndex(t, dir) * t.n + siteIndex(t, from)]!;
  return to === NO_SITE ? null : t.labels[to]!;
};

describe("graph", () => {
  const g = build({ board: SQUARES, play: "(step)", end: "(if (no-moves next) (win mover))" });

  it("places points by their lattice labels and joins them along the drawn lines, in compass directions", () => {
    const t = g.topology;
    expect(t.n).toBe(24);
    expect(t.dirNames).toEqual(["N", "E", "S", "W"]);
    expect(go(g, "a1", "E")).toBe("d1");
    expect(go(g, "d1", "E")).toBe("g1");
    expect(go(g, "g1", "E")).toBeNull();
    expect(go(g, "d1", "N")).toBe("d2");
    expect(go(g, "d3", "N")).toBeNull(); // the middle is not a point
    expect(go(g, "b4", "W")).toBe("a4");
    let joins = 0;
    for (let i = 0; i < t.step.length; i++) if (t.step[i] !== NO_SITE) joins++;
    expect(joins).toBe(64); // 32 joins, each both ways
    expect(Array.from(t.regions.get("corners")!, (s) => t.labels[s]).sort()).toEqual(["a1", "a7", "b2", "b6", "c3", "c5", "e3", "e5", "f2", "f6", "g1", "g7"]);
    expect(Array.from(t.regions.get("centre")!, (s) => t.labels[s]).sort()).toEqual(["c4", "d3", "d5", "e4"]);
  });

  it("steps follow the joins only", () => {
    const s = loadPosition(g, { sites: { d2: man("P1"), d6: man("P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["d2-b2", "d2-d1", "d2-d3", "d2-f2"]);
  });

  it("lines run straight along joins of one direction, and stop where the drawn line stops", () => {
    const lines = build({ board: SQUARES, play: "(add piece:man to:(empty to) prefix:\"\")", end: "(if (line 3 to exact:true) (win mover))" });
    const won = (sites: string[], last: string) => {
      const s = loadPosition(lines, { sites: Object.fromEntries(sites.map((l) => [l, man("P1")])), mover: "P1" });
      return play(lines, s, last).over;
    };
    expect(won(["a1", "d1"], "g1")).toBe(true);
    expect(won(["d1", "d2"], "d3")).toBe(true);
    expect(won(["d3", "d2"], "d1")).toBe(true);
    // Round a corner is no line, nor across the middle.
    expect(won(["d1", "g1"], "g4")).toBe(false);
    expect(won(["c4", "b4"], "e4")).toBe(false);
    expect(won(["d2", "d3"], "d5")).toBe(false);
  });

  it("takes positions from at: when the labels are not lattice labels", () => {
    const tri = build({ board: "(graph {top left right mid} lines:{{left mid right} {top mid}} at:{{2 2} {0 0} {4 0} {2 0}})", play: "(step)", end: "" });
    expect(tri.topology.dirNames).toEqual(["N", "E", "S", "W"]);
    expect(go(tri, "left", "E")).toBe("mid");
    expect(go(tri, "mid", "N")).toBe("top");
    // Diagonal joins get diagonal directions.
    const diag = build({ board: "(graph {a1 b2 c3 c1} lines:{{a1 b2 c3} {b2 c1}})", play: "(step)", end: "" });
    expect(diag.topology.dirNames).toEqual(["NE", "SE", "SW", "NW"]);
    expect(go(diag, "a1", "NE")).toBe("b2");
    expect(go(diag, "b2", "NE")).toBe("c3");
    expect(go(diag, "c1", "NW")).toBe("b2");
  });

  it("names directions on the 16-point compass where two lines of a point fall in one of the eight (a hexagram's tip)", () => {
    // From the tip, lines leave 30 degrees apart (W, then 210 and 240 degrees): on eight points the last two are both SW.
    const tip = build({
      board: "(graph {tip w wsw ssw ene} lines:{{ene tip wsw} {tip w} {tip ssw}} at:{{0 0} {-100 0} {-87 -50} {-50 -87} {87 50}})",
      play: "(step)",
      end: "",
    });
    expect([...tip.topology.dirNames].sort()).toEqual(["E", "ENE", "NNE", "SSW", "W", "WSW"]);
    expect([go(tip, "tip", "W"), go(tip, "tip", "WSW"), go(tip, "tip", "SSW")]).toEqual(["w", "wsw", "ssw"]);
    // The line ene-tip-wsw runs straight on through the tip.
    expect(go(tip, "ene", "WSW")).toBe("tip");
    expect(go(tip, "tip", "ENE")).toBe("ene");
    // Boards whose lines meet at 45 or 90 degrees keep the eight points.
    expect(build({ board: SQUARES, play: "(step)", end: "" }).topology.dirNames).toEqual(["N", "E", "S", "W"]);
  });

  it("builds Jeson Zam's hexagram from Ludii's own coordinates: nine straight lines of five through 19 points", () => {
    const board = `(graph {p0 p1 p2 p3 p4 p5 p6 p7 p8 p9 p10 p11 p12 p13 p14 p15 p16 p17 p18}
      lines:{{p1 p13 p17 p7 p2} {p2 p12 p9 p11 p0} {p0 p10 p15 p14 p1} {p5 p13 p8 p14 p4} {p5 p7 p18 p12 p3}
             {p3 p11 p16 p10 p4} {p0 p16 p6 p17 p5} {p4 p15 p6 p18 p2} {p3 p9 p6 p8 p1}}
      at:{{283 -192} {1150 308} {283 808} {50 308} {917 -192} {917 808} {600 300} {600 625} {915 300} {285 300}
          {600 -10} {285 172} {285 438} {915 438} {915 172} {750 75} {450 75} {750 535} {450 535}})`;
    const g = build({ board, play: "(add piece:man to:(empty to))", end: "(if (line 5 to) (win mover))" });
    expect(g.topology.n).toBe(19);
    expect(g.topology.dirNames.some((d) => d.length === 3)).toBe(true);
    // Each drawn line runs straight: walking one direction from its first point visits its five points.
    for (const line of [["p1", "p13", "p17", "p7", "p2"], ["p0", "p16", "p6", "p17", "p5"], ["p3", "p9", "p6", "p8", "p1"]]) {
      const t = g.topology, d = t.dirNames.findIndex((_, k) => t.step[k * t.n + siteIndex(t, line[0]!)] === siteIndex(t, line[1]!));
      const walked = [line[0]!];
      for (let at = t.step[d * t.n + siteIndex(t, line[0]!)]!; at !== NO_SITE; at = t.step[d * t.n + at]!) walked.push(t.labels[at]!);
      expect(walked).toEqual(line);
    }
  });

  it("reports a line naming an unknown point where it is written", () => {
    const src = text({ board: "(graph {a1 b1 c1} lines:{{a1 b1 z9}})", play: "(step)", end: "" });
    const d = onlyError(src, "M001", "z9");
    expect(d.message).toMatch(/'z9', which is not one of the board's points/);
  });

  it("reports two joins leaving a point in the same direction", () => {
    const src = text({ board: "(graph {a1 b1 c1} lines:{{a1 b1} {a1 c1}})", play: "(step)", end: "" });
    const d = onlyError(src, "M004", "c1", "{a1 c1}");
    expect(d.message).toMatch(/a1 is joined to both b1 and c1 in one direction \(E\)/);
    // Lines 10 degrees apart share a direction even on the 16-point compass: the message names the eight-point one.
    const close = text({ board: "(graph {o p q} lines:{{o p} {o q}} at:{{0 0} {100 0} {98 17}})", play: "(step)", end: "" });
    expect(onlyError(close, "M004", "q", "{o q}").message).toMatch(/o is joined to both p and q in one direction \(E\)/);
  });

  it("reports labels without positions, repeated points and a missing position", () => {
    onlyError(text({ board: "(graph {top a1} lines:{{top a1}})", play: "(step)", end: "" }), "M004", "top");
    onlyError(text({ board: "(graph {a1 b1 a1} lines:{{a1 b1}})", play: "(step)", end: "" }), "M003", "a1", "b1 a1");
    onlyError(text({ board: "(graph {p q} lines:{{p q}} at:{{0 0}})", play: "(step)", end: "" }), "M004", "{{0 0}}");
  });

  it("draws the points where they stand, with a map of their labels", () => {
    const s = loadPosition(g, { sites: { a7: man("P1"), d1: man("P2") }, mover: "P1" });
    const lines = renderBoard(g, s).split("\n");
    expect(lines[0]).toMatch(/^m {5}\. {5}\. {5}a7 {7}d7 {7}g7$/);
    expect(lines[6]).toMatch(/^\. {5}M {5}\. {5}a1 {7}d1 {7}g1$/);
  });

  it("draws a board given in positions far apart (thousandths) on a screen: its rows and columns in order", () => {
    const fine = build({ board: "(graph {p q r} lines:{{p q r}} at:{{0 0} {1000 1000} {2000 2000}})", play: "(step)", end: "" });
    const lines = renderBoard(fine, fine.newGame()).split("\n").filter((l) => l.trim() !== "" && !l.startsWith("Turn"));
    expect(lines).toHaveLength(3);
    // r is the highest point, p the lowest and leftmost.
    expect(lines[0]!.trim().endsWith("r")).toBe(true);
    expect(lines[2]!.indexOf("p")).toBeLessThan(lines[0]!.indexOf("r"));
  });
});

describe("fly", () => {
  const g = build({
    board: "(square 3 3)",
    play: "(fly then:{(when (line 3 to) then:{(move-again)})})",
    end: "(if (no-moves next) (win mover))",
  });

  it("moves a piece of the mover to any empty site, however far", () => {
    const s = loadPosition(g, { sites: { a1: man("P1"), b2: man("P2"), c3: man("P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["a1-a2", "a1-a3", "a1-b1", "a1-b3", "a1-c1", "a1-c2"]);
    const after = play(g, s, "a1-c1");
    expect(after.owner[siteIndex(g.topology, "c1")]).toBe(0);
    expect(after.owner[siteIndex(g.topology, "a1")]).toBe(-1);
  });

  it("runs its consequences with the piece landed on `to`", () => {
    const s = loadPosition(g, { sites: { a1: man("P1"), a2: man("P1"), c1: man("P1"), b2: man("P2") }, mover: "P1" });
    expect(play(g, s, "c1-a3").mover).toBe(0); // a1 a2 a3: a line, another decision
    expect(play(g, s, "c1-c2").mover).toBe(1);
  });

  it("with a to: condition allowing it, captures on landing; from: and piece: choose who flies", () => {
    const h = build({ board: "(square 3 1)", play: "(fly piece:{man} from:(not (in from c1)) to:(enemy to))", end: "" });
    const s = loadPosition(h, { sites: { a1: man("P1"), c1: man("P1"), b1: man("P2") }, mover: "P1" });
    expect(notations(h, s)).toEqual(["a1xb1"]);
    const after = play(h, s, "a1xb1");
    expect(after.pieceCount[1]).toBe(0);
  });

  it("draws uniformly random moves in fast playouts, as many as it generates", () => {
    const h = build({ board: "(square 3 3)", play: "(fly)", end: "" });
    const s = loadPosition(h, { sites: { a1: man("P1"), b1: man("P1") }, mover: "P1" });
    const seen = new Map<string, number>();
    for (let seed = 1; seed <= 7000; seed++) {
      const t = s.clone();
      seedRng(t.rng, seed);
      h.playout(t, 1);
      const key = t.owner.join(",");
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    // 2 pieces x 7 empty sites = 14 moves, 500 each expected.
    expect(seen.size).toBe(14);
    for (const k of seen.values()) expect(Math.abs(k - 500)).toBeLessThan(120);
  });
});

describe("count-sites", () => {
  it("counts a player's sites from the kept piece count, as a scan would", () => {
    const g = build({ board: "(square 3 3)", play: "(step)", end: "(if (>= (count-sites (owner site mover)) 3) (win mover))" });
    const s = loadPosition(g, { sites: { a1: man("P1"), b1: man("P1"), c1: man("P1", 2), a3: man("P2") }, mover: "P1" });
    expect(play(g, s, "a1-a2").over).toBe(true);
    const t = loadPosition(g, { sites: { a1: man("P1"), b1: man("P1"), a3: man("P2") }, mover: "P1" });
    expect(play(g, t, "a1-a2").over).toBe(false);
  });
});
