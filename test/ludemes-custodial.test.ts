/**
 * Captures found from the site a piece just moved to: `(custodial ...)` (a target between the
 * moved piece and an anvil just beyond it) and `(surround ...)` (a target whose every neighbour
 * is the moved piece or hostile); and slides of any distance (`range:any`).
 */
import { describe, expect, it } from "vitest";
import { loadPosition } from "../src/engine/state/position.js";
import { block, build, man, onlyError, notations, play, site } from "./support/games.js";

/** Rook moves over empty squares, then a custodial capture against a friend or a corner. */
const custodial = build({
  board: "(square 5 5)",
  play: `(slide range:any through:(empty site) to:(empty to)
    then:{(custodial to target:(enemy site) anvil:(or (friend site) (in site corners)) do:{(remove site)})})`,
});

describe("slide range:any", () => {
  it("slides as far as the path allows, stopping before the first piece", () => {
    const s = loadPosition(custodial, { sites: { a1: man("P1"), a4: man("P2"), e5: man("P2") }, mover: "P1" });
    expect(notations(custodial, s)).toEqual(["a1-a2", "a1-a3", "a1-b1", "a1-c1", "a1-d1", "a1-e1"]);
  });

  it("rejects a word other than any, and a number below 1", () => {
    const base = (range: string) => `(game "T" (players 2) (equipment {(board (square 3 3)) (piece man)}) (rules (start {}) (play (slide range:${range} to:(empty to))) (end {})))`;
    expect(onlyError(base("far"), "S001", "far").expected).toBe("a whole number >= 1 or `any`");
    expect(onlyError(base("0"), "S001", "0", "range:0").message).toContain("too small");
    expect(() => build(base("2"))).not.toThrow();
  });
});

describe("custodial", () => {
  it("captures an enemy between the moved piece and a friend, along every line from it at once", () => {
    const s0 = loadPosition(custodial, {
      sites: { a3: man("P1"), c4: man("P2"), c5: man("P1"), d3: man("P2"), e3: man("P1"), c2: man("P2") },
      mover: "P1",
    });
    const s1 = play(custodial, s0, "a3-c3");
    expect(site(custodial, s1, "c4")).toBeNull();
    expect(site(custodial, s1, "d3")).toBeNull();
    // c2 has nothing hostile beyond it (c1 is empty): it stays.
    expect(site(custodial, s1, "c2")).toEqual(man("P2"));
  });

  it("uses the anvil condition: a corner counts, an empty square does not", () => {
    const s0 = loadPosition(custodial, { sites: { c1: man("P1"), b2: man("P2"), e5: man("P2") }, mover: "P1" });
    // c1-c2: b2 has a2, empty, beyond it.
    expect(site(custodial, play(custodial, s0, "c1-c2"), "b2")).toEqual(man("P2"));
    const s1 = loadPosition(custodial, { sites: { c3: man("P1"), b1: man("P2"), e5: man("P2") }, mover: "P1" });
    // c3-c1: b1 lies between c1 and the corner a1.
    expect(site(custodial, play(custodial, s1, "c3-c1"), "b1")).toBeNull();
  });

  it("takes only targets: never the mover's own pieces, nor a piece that moves in between two enemies", () => {
    const own = loadPosition(custodial, { sites: { e2: man("P1"), b2: man("P1"), a2: man("P1"), e5: man("P2") }, mover: "P1" });
    expect(site(custodial, play(custodial, own, "e2-c2"), "b2")).toEqual(man("P1"));
    const between = loadPosition(custodial, { sites: { a2: man("P2"), b1: man("P1"), b3: man("P1"), e5: man("P2") }, mover: "P2" });
    expect(site(custodial, play(custodial, between, "a2-b2"), "b2")).toEqual(man("P2"));
  });
});

describe("custodial run:", () => {
  const withRun = (run: string) =>
    build({
      board: "(square 6 1)",
      play: `(step dirs:{E W} to:(empty to) then:{(custodial to target:(enemy site) anvil:(friend site) do:{(remove site)} run:${run})})`,
    });
  // a1 steps to b1: c1, d1 and e1 are the opponent's, f1 the mover's
  const line = { a1: man("P1"), c1: man("P2"), d1: man("P2"), e1: man("P2"), f1: man("P1") };
  const after = (run: string) => {
    const g = withRun(run);
    const t = play(g, loadPosition(g, { sites: line, mover: "P1" }), "a1-b1");
    return ["c1", "d1", "e1"].filter((l) => site(g, t, l) !== null);
  };

  it("{1 any} takes a whole line of targets ended by an anvil; a run shorter or longer than asked takes none", () => {
    expect(after("{1 any}")).toEqual([]);
    expect(after("3")).toEqual([]);
    expect(after("{1 2}")).toEqual(["c1", "d1", "e1"]);
    expect(after("{4 any}")).toEqual(["c1", "d1", "e1"]);
    // one deep, the default, is no capture here either
    expect(after("1")).toEqual(["c1", "d1", "e1"]);
  });

  it("a run ended by an empty site or the board's edge takes nothing", () => {
    const g = withRun("{1 any}");
    const open = play(g, loadPosition(g, { sites: { a1: man("P1"), c1: man("P2"), d1: man("P2") }, mover: "P1" }), "a1-b1");
    expect(["c1", "d1"].map((l) => site(g, open, l))).toEqual([man("P2"), man("P2")]);
  });

  it("refuses a range whose least is above its most", () => {
    const src = `(game "T" (players 2) (equipment {(board (square 4 1)) (piece man)}) (rules (start {}) (play (step then:{(custodial to target:(enemy site) anvil:(friend site) do:{(remove site)} run:{3 2})})) (end {})))`;
    expect(onlyError(src, "M004", "{3 2}").message).toMatch(/at least 3 sites in a row but at most 2/);
  });
});

describe("intervene", () => {
  const g = build({
    board: "(square 3 2)",
    play: "(step dirs:{S} to:(empty to) then:{(intervene to target:(enemy site) do:{(remove site)} dirs:{E W})})",
  });

  it("takes both enemies the moved piece lands between on a line, and nothing with a single one", () => {
    const t = play(g, loadPosition(g, { sites: { a1: man("P2"), c1: man("P2"), b2: man("P1") }, mover: "P1" }), "b2-b1");
    expect([site(g, t, "a1"), site(g, t, "c1")]).toEqual([null, null]);
    const one = play(g, loadPosition(g, { sites: { a1: man("P2"), c1: man("P1"), b2: man("P1") }, mover: "P1" }), "b2-b1");
    expect([site(g, one, "a1"), site(g, one, "c1")]).toEqual([man("P2"), man("P1")]);
  });
});

describe("at-once", () => {
  /** A piece stepping to c1: d1 and b1 are enemies on either side, a1 the mover's beyond b1. */
  const board = { sites: { a1: man("P1"), b1: man("P2"), d1: man("P2"), c2: man("P1") }, mover: "P1" };
  const rules = (then: string) => build({ board: "(square 4 2)", play: `(step dirs:{S} to:(empty to) then:{${then}})` });
  const intervene = "(intervene to target:(enemy site) do:{(remove site)} dirs:{E W})";
  const custodial = "(custodial to target:(enemy site) anvil:(friend site) do:{(remove site)} dirs:{E W})";
  const left = (then: string) => {
    const g = rules(then);
    const t = play(g, loadPosition(g, board), "c2-c1");
    return ["b1", "d1"].filter((l) => site(g, t, l) !== null);
  };

  it("finds every capture on the position the move made, then makes them all", () => {
    expect(left(`(at-once {${intervene} ${custodial}})`)).toEqual([]);
    expect(left(`(at-once {${custodial} ${intervene}})`)).toEqual([]);
  });

  it("without it, the first capture changes what the second finds", () => {
    // custodial first takes b1 (against a1); then c1 no longer stands between two enemies
    expect(left(`${custodial} ${intervene}`)).toEqual(["d1"]);
    // intervention first takes b1 and d1; custodial finds nothing left
    expect(left(`${intervene} ${custodial}`)).toEqual([]);
  });
});

describe("surround", () => {
  /** A king is taken when every neighbour of it on the board is an enemy piece or the centre. */
  const surround = build({
    board: "(square 5 5)",
    items: "(piece king)",
    play: `(slide range:any through:(empty site) to:(empty to)
      then:{(surround to target:(and (enemy site) (is-piece site king)) hostile:(or (friend site) (in site centre)) do:{(remove site)})})`,
  });
  const king = (owner: string) => ({ piece: "king", owner, height: 1, flags: [] });

  it("captures when the moved piece closes the last side, and not before", () => {
    const sites = { b2: king("P2"), a2: man("P1"), c2: man("P1"), b1: man("P1"), e3: man("P1"), e5: man("P2") };
    expect(site(surround, play(surround, loadPosition(surround, { sites, mover: "P1" }), "e3-b3"), "b2")).toBeNull();
    const { b1: _gap, ...rest } = sites;
    const open = loadPosition(surround, { sites: { ...rest, d1: man("P1") }, mover: "P1" });
    expect(site(surround, play(surround, open, "e3-b3"), "b2")).toEqual(king("P2"));
  });

  it("counts the hostile condition's squares (here the centre) as enclosing", () => {
    const s0 = loadPosition(surround, { sites: { b3: king("P2"), a3: man("P1"), b2: man("P1"), d4: man("P1"), e5: man("P2") }, mover: "P1" });
    expect(site(surround, play(surround, s0, "d4-b4"), "b3")).toBeNull();
  });

  it("ignores sides off the board: a king on the edge has three", () => {
    const s0 = loadPosition(surround, { sites: { a3: king("P2"), a2: man("P1"), a4: man("P1"), c1: man("P1"), e5: man("P2") }, mover: "P1" });
    expect(site(surround, play(surround, s0, "c1-c3"), "a3")).toEqual(king("P2"));
    expect(site(surround, play(surround, play(surround, play(surround, s0, "c1-b1"), "e5-e4"), "b1-b3"), "a3")).toBeNull();
  });

  it("needs the target next to the moved piece, and an enemy target", () => {
    const s0 = loadPosition(surround, { sites: { b3: king("P1"), a3: man("P1"), b2: man("P1"), b4: man("P1"), e3: man("P1"), e5: block }, mover: "P1" });
    expect(site(surround, play(surround, s0, "e3-c3"), "b3")).toEqual(king("P1"));
  });
});
