/**
 * `(hop ...)` over empty sites (`jumps:sites`, a chess alfil's leap) and over runs of sites
 * (`run:N`, `run:{LOW HIGH}`: several pieces taken by one hop, or a leap over N empty sites), as
 * Ludii's `(between (range MIN MAX) if:...)` on a hop; and that a hop asking for neither keeps the
 * common behaviour and its own generator.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { loadPosition } from "../src/engine/state/position.js";
import { HopGenerator } from "../src/engine/moves/hop.js";
import { HopRunGenerator } from "../src/engine/moves/hop-runs.js";
import type { Game } from "../src/engine/play/game.js";
import { build, errorsOf, man, move, notations, onlyError, play, site, text } from "./support/games.js";

const items = "(piece king) (flag captured) (flag tagged)";
const diagonals = "dirs:{NE SE SW NW}";
const row = "(square 7 1)";
const orthogonal = "dirs:{N E S W}";

const hopGenerators = (g: Game) => g.def.generators.filter((x) => x instanceof HopGenerator);

describe("hop jumps:sites", () => {
  const alfil = build({ board: "(square 5 5 diagonals:all)", items, play: `(hop jumps:sites capture:none ${diagonals})` });

  it("leaps over the diagonal neighbour whether it is empty or not, onto an empty site", () => {
    expect(notations(alfil, loadPosition(alfil, { sites: { a1: man("P1") }, mover: "P1" }))).toEqual(["a1-c3"]);
    const over = loadPosition(alfil, { sites: { a1: man("P1"), b2: man("P2") }, mover: "P1" });
    expect(notations(alfil, over)).toEqual(["a1-c3"]);
    const after = play(alfil, over, "a1-c3");
    expect(site(alfil, after, "b2")).toMatchObject({ piece: "man", owner: "P2" });
    expect(site(alfil, after, "c3")).toMatchObject({ piece: "man", owner: "P1" });
    // It lands only on an empty site.
    expect(notations(alfil, loadPosition(alfil, { sites: { a1: man("P1"), c3: man("P2") }, mover: "P1" }))).toEqual([]);
  });

  it("differs from the default, which jumps pieces only", () => {
    const pieces = build({ board: "(square 5 5 diagonals:all)", items, play: `(hop capture:none ${diagonals})` });
    expect(notations(pieces, loadPosition(pieces, { sites: { a1: man("P1") }, mover: "P1" }))).toEqual([]);
    expect(notations(pieces, loadPosition(pieces, { sites: { a1: man("P1"), b2: man("P2") }, mover: "P1" }))).toEqual(["a1-c3"]);
  });

  it("captures a piece it jumps but takes nothing from an empty site (notation and actions say which)", () => {
    const g = build({ board: "(square 5 5 diagonals:all)", items, play: `(hop jumps:sites ${diagonals} then:{(when (captured) then:{(set-flag to tagged)})})` });
    const empty = loadPosition(g, { sites: { a1: man("P1") }, mover: "P1" });
    const quiet = move(g, empty, "a1-c3");
    expect(quiet.captures).toBeUndefined();
    expect(quiet.actions).toEqual([{ op: "move", from: "a1", to: "c3" }]);
    expect(site(g, g.apply(empty, quiet), "c3")!.flags).toEqual([]);
    const full = loadPosition(g, { sites: { a1: man("P1"), b2: man("P2") }, mover: "P1" });
    const take = move(g, full, "a1xc3");
    expect(take.captures).toEqual(["b2"]);
    expect(take.actions.slice(0, 2)).toEqual([{ op: "remove", at: "b2" }, { op: "move", from: "a1", to: "c3" }]);
    const after = g.apply(full, take);
    expect(site(g, after, "b2")).toBeNull();
    expect(site(g, after, "c3")!.flags).toEqual(["tagged"]);
  });

  it("jumps the first site over: accepts, past empty sites it refuses (counted against before:)", () => {
    // Over an enemy only, but empty sites may be passed first: b1 and c1 empty, d1 the enemy.
    const far = (before: number) => build({ board: row, items, play: `(hop jumps:sites before:${before} over:(enemy over) ${orthogonal})` });
    const s = (g: Game) => loadPosition(g, { sites: { a1: man("P1"), d1: man("P2") }, mover: "P1" });
    expect(notations(far(2), s(far(2)))).toEqual(["a1xe1"]);
    expect(notations(far(1), s(far(1)))).toEqual([]);
    // A refused piece on the way ends the line.
    const g = far(2);
    expect(notations(g, loadPosition(g, { sites: { a1: man("P1"), b1: man("P1"), d1: man("P2") }, mover: "P1" })).filter((n) => n.startsWith("a1"))).toEqual([]);
  });
});

describe("hop run: over empty sites", () => {
  const three = build({ board: row, items, play: `(hop jumps:sites run:3 over:(empty over) capture:none ${orthogonal})` });

  it("leaps over exactly three empty sites", () => {
    const s = loadPosition(three, { sites: { a1: man("P1") }, mover: "P1" });
    expect(notations(three, s)).toEqual(["a1-e1"]);
    const m = move(three, s, "a1-e1");
    expect(m.captures).toBeUndefined();
    expect(m.actions[0]).toEqual({ op: "move", from: "a1", to: "e1" });
  });

  it("is blocked by a piece on any of the three, or on the landing site", () => {
    for (const blocker of ["b1", "c1", "d1", "e1"]) {
      const s = loadPosition(three, { sites: { a1: man("P1"), [blocker]: man("P2") }, mover: "P1" });
      expect(notations(three, s), blocker).toEqual([]);
    }
  });

  it("run:{2 3} leaps over two or three empty sites, each landing once", () => {
    const g = build({ board: row, items, play: `(hop jumps:sites run:{2 3} after:1 over:(empty over) capture:none ${orthogonal})` });
    // b1..f1 empty: over two (d1) or three (e1), and from beyond the three one further (f1);
    // d1+1 would be e1 again, not a second move.
    expect(notations(g, loadPosition(g, { sites: { a1: man("P1"), g1: man("P2") }, mover: "P1" }))).toEqual(["a1-d1", "a1-e1", "a1-f1"]);
    // A piece on d1 leaves a run of two and no landing beyond it.
    expect(notations(g, loadPosition(g, { sites: { a1: man("P1"), d1: man("P2") }, mover: "P1" }))).toEqual([]);
  });
});

describe("hop run: over pieces", () => {
  const upTo3 = (extra = "") => build({ board: row, items, play: `(hop run:{1 3} over:(enemy over) ${orthogonal} ${extra})` });

  it("takes a run of two enemy pieces at once: notation, captures and primitive actions list both", () => {
    const g = upTo3();
    const s = loadPosition(g, { sites: { a1: man("P1"), b1: man("P2"), c1: man("P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["a1xd1"]);
    const m = move(g, s, "a1xd1");
    expect(m.captures).toEqual(["b1", "c1"]);
    expect(m.actions).toEqual([{ op: "remove", at: "b1" }, { op: "remove", at: "c1" }, { op: "move", from: "a1", to: "d1" }]);
    const after = g.apply(s, m);
    expect(site(g, after, "b1")).toBeNull();
    expect(site(g, after, "c1")).toBeNull();
    expect(site(g, after, "d1")).toMatchObject({ piece: "man", owner: "P1" });
  });

  it("takes three, but a run of four is longer than allowed: no hop", () => {
    const g = upTo3();
    const three = loadPosition(g, { sites: { a1: man("P1"), b1: man("P2"), c1: man("P2"), d1: man("P2") }, mover: "P1" });
    expect(move(g, three, "a1xe1").captures).toEqual(["b1", "c1", "d1"]);
    const four = loadPosition(g, { sites: { a1: man("P1"), b1: man("P2"), c1: man("P2"), d1: man("P2"), e1: man("P2") }, mover: "P1" });
    expect(notations(g, four)).toEqual([]);
  });

  it("a run ended by a friendly piece gives no hop; run:2 asks for two at least", () => {
    const g = upTo3();
    expect(notations(g, loadPosition(g, { sites: { a1: man("P1"), b1: man("P2"), c1: man("P1") }, mover: "P1" })).filter((n) => n.startsWith("a1"))).toEqual([]);
    expect(notations(g, loadPosition(g, { sites: { a1: man("P1"), b1: man("P2"), c1: man("P2"), d1: man("P1") }, mover: "P1" })).filter((n) => n.startsWith("a1"))).toEqual([]);
    const two = build({ board: row, items, play: `(hop run:2 over:(enemy over) ${orthogonal})` });
    expect(notations(two, loadPosition(two, { sites: { a1: man("P1"), b1: man("P2") }, mover: "P1" }))).toEqual([]);
    expect(notations(two, loadPosition(two, { sites: { a1: man("P1"), b1: man("P2"), c1: man("P2") }, mover: "P1" }))).toEqual(["a1xd1"]);
  });

  it("flies to the run and beyond it with before: and after:", () => {
    const g = upTo3("before:any after:any");
    const s = loadPosition(g, { sites: { a1: man("P1"), c1: man("P2"), d1: man("P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["a1xe1", "a1xf1", "a1xg1"]);
    expect(move(g, s, "a1xg1").captures).toEqual(["c1", "d1"]);
  });

  it("with mark: flags every piece of the run, which stays on the board", () => {
    const g = upTo3("mark:captured");
    const s = loadPosition(g, { sites: { a1: man("P1"), b1: man("P2"), c1: man("P2") }, mover: "P1" });
    const m = move(g, s, "a1xd1");
    expect(m.actions).toEqual([
      { op: "flag", at: "b1", flag: "captured", set: true },
      { op: "flag", at: "c1", flag: "captured", set: true },
      { op: "move", from: "a1", to: "d1" },
    ]);
    const after = g.apply(s, m);
    for (const at of ["b1", "c1"]) expect(site(g, after, at)).toMatchObject({ piece: "man", owner: "P2", flags: ["captured"] });
  });

  it("with capture:none leaves the run, and over is the first site jumped", () => {
    const g = build({ board: row, items, play: `(hop run:{1 3} over:(enemy over) capture:none ${orthogonal} then:{(set-flag over tagged)})` });
    const s = loadPosition(g, { sites: { a1: man("P1"), b1: man("P2"), c1: man("P2") }, mover: "P1" });
    const m = move(g, s, "a1-d1");
    expect(m.captures).toBeUndefined();
    expect(m.actions[0]).toEqual({ op: "move", from: "a1", to: "d1" });
    const after = g.apply(s, m);
    expect(site(g, after, "b1")).toMatchObject({ piece: "man", owner: "P2", flags: ["tagged"] });
    expect(site(g, after, "c1")).toMatchObject({ piece: "man", owner: "P2", flags: [] });
  });

  it("chains from where the last hop landed with origin:last-to", () => {
    const hop = (origin: string, then: string) => `(hop origin:${origin} run:{1 3} over:(enemy over) ${orthogonal} then:{${then}})`;
    const again = `(when (can-move ${hop("last-to", "")}) then:{(move-again)})`;
    const g = build({ board: "(square 6 6)", items, play: `(branch (same-turn) ${hop("last-to", again)} ${hop("any", again)})` });
    const s0 = loadPosition(g, { sites: { a1: man("P1"), b1: man("P2"), c1: man("P2"), d2: man("P2"), d3: man("P2"), f6: man("P2") }, mover: "P1" });
    const s1 = play(g, s0, "a1xd1");
    expect(s1.mover).toBe(0);
    expect(notations(g, s1)).toEqual(["d1xd4"]);
    const s2 = play(g, s1, "d1xd4");
    expect(s2.mover).toBe(1);
    for (const at of ["b1", "c1", "d2", "d3"]) expect(site(g, s2, at), at).toBeNull();
    expect(site(g, s2, "d4")).toMatchObject({ piece: "man", owner: "P1" });
  });
});

describe("hop without run: or jumps:", () => {
  it("jumps only pieces, passing empty sites before them, even when over: holds of empty sites (a janggi cannon)", () => {
    const cannon = `(hop ${orthogonal} before:any after:any over:(not (is-piece over king)) capture:none)`;
    const g = build({ board: "(square 8 1)", items, play: cannon });
    expect(notations(g, loadPosition(g, { sites: { a1: man("P1"), d1: man("P2"), h1: man("P2") }, mover: "P1" }))).toEqual(["a1-e1", "a1-f1", "a1-g1"]);
    // The same condition with jumps:sites jumps the empty neighbour.
    const sites = build({ board: "(square 8 1)", items, play: cannon.replace("(hop", "(hop jumps:sites") });
    expect(notations(sites, loadPosition(sites, { sites: { a1: man("P1"), d1: man("P2"), h1: man("P2") }, mover: "P1" }))).toContain("a1-c1");
  });

  it("keeps the generator of the common hop; run: or jumps:sites take the general one", () => {
    const common = build({ board: row, items, play: `(hop over:(enemy over) ${orthogonal})` });
    expect(hopGenerators(common).map((x) => x.constructor)).toEqual([HopGenerator]);
    const explicit = build({ board: row, items, play: `(hop run:1 jumps:pieces over:(enemy over) ${orthogonal})` });
    expect(hopGenerators(explicit).map((x) => x.constructor)).toEqual([HopGenerator]);
    for (const extra of ["run:2", "run:{1 2}", "jumps:sites"]) {
      const g = build({ board: row, items, play: `(hop ${extra} over:(enemy over) ${orthogonal})` });
      expect(hopGenerators(g).map((x) => x.constructor), extra).toEqual([HopRunGenerator]);
    }
    for (const file of ["international-draughts", "janggi", "konane", "chinese-checkers", "quoridor"]) {
      const g = loadGame(`games/${file}.game`);
      expect(g.def.generators.some((x) => x instanceof HopRunGenerator), file).toBe(false);
    }
  });
});

describe("hop run: errors", () => {
  const src = (run: string) => text({ board: row, items, play: `(hop run:${run} over:(enemy over) ${orthogonal})` });

  it("refuses a range whose low end is above its high end", () => {
    const d = onlyError(src("{3 1}"), "M004", "{3 1}");
    expect(d.message).toContain("at least 3");
  });

  it("refuses runs of no site, lists of the wrong length and words other than any", () => {
    for (const bad of ["0", "{0 2}", "{1}", "{1 2 3}", "{1 many}", "{any 2}", "several"]) {
      const errors = errorsOf(src(bad));
      expect(errors.map((e) => e.code), bad).toEqual(["S001"]);
    }
  });

  it("accepts any as the high end", () => {
    const g = build({ board: row, items, play: `(hop run:{2 any} over:(enemy over) ${orthogonal})` });
    const s = loadPosition(g, { sites: { a1: man("P1"), b1: man("P2"), c1: man("P2"), d1: man("P2"), e1: man("P2") }, mover: "P1" });
    expect(move(g, s, "a1xf1").captures).toEqual(["b1", "c1", "d1", "e1"]);
  });
});
