/**
 * Relations between coordinates: the site forms `ahead` and `where`, accepted wherever a rule
 * reads a site; the conditions `same-site`, `same-file`, `same-rank` and `sees`; the numbers
 * `rank` and `file`. Each is pinned down by small descriptions: the sites where a condition holds
 * (listed as the moves of a select), what happens on no site (off the board, a piece not there,
 * no last move), an en passant written with them, and the errors their misuse reports.
 */
import { describe, expect, it } from "vitest";
import { loadPosition, type Position } from "../src/engine/state/position.js";
import { at, build, counter, errorsOf, man, notations, onlyError, play, site, text, type Spec } from "./support/games.js";

/** A description whose seats face `forward` (P1's first), e.g. `{N S}`. */
function facing(sp: Spec, forward = "{N S}"): string {
  return text(sp).replace(`(players ${sp.players ?? 2})`, `(players ${sp.players ?? 2} forward:${forward})`);
}

/** The sites (sorted labels) where `cond` holds for the mover, listed as the moves of a select. */
function sitesWhere(cond: string, pos: Position, sp: Omit<Spec, "play"> = {}, forward?: string): string[] {
  const spec = { ...sp, play: `(select to:${cond})` };
  const g = build(forward ? facing(spec, forward) : spec);
  return notations(g, loadPosition(g, pos)).map((n) => n.replace(/^@/, ""));
}

const five = { board: "(square 5 5)" };
const fiveDiagonals = { board: "(square 5 5 diagonals:all)" };

describe("ahead", () => {
  it("steps n sites in a board direction, for every seat alike", () => {
    const pos = { sites: { c3: man("P2") } };
    expect(sitesWhere("(owner (ahead to N) P2)", pos, five)).toEqual(["c2"]);
    expect(sitesWhere("(owner (ahead to N 2) P2)", pos, five)).toEqual(["c1"]);
    expect(sitesWhere("(owner (ahead to SW) P2)", pos, fiveDiagonals)).toEqual(["d4"]);
    expect(sitesWhere("(owner (ahead to N) P2)", { ...pos, mover: "P2" }, five)).toEqual(["c2"]);
  });

  it("turns player-relative directions with the player the rule is evaluated for", () => {
    const pos = { sites: { c3: man("P2") } };
    // P1 faces N, P2 faces S: P1's forward-left is NW, P2's is SE.
    expect(sitesWhere("(owner (ahead to forward) P2)", pos, five, "{N S}")).toEqual(["c2"]);
    expect(sitesWhere("(owner (ahead to forward) P2)", { ...pos, mover: "P2" }, five, "{N S}")).toEqual(["c4"]);
    expect(sitesWhere("(owner (ahead to backward 2) P2)", pos, five, "{N S}")).toEqual(["c5"]);
    expect(sitesWhere("(owner (ahead to forward-left) P2)", pos, fiveDiagonals, "{N S}")).toEqual(["d2"]);
    expect(sitesWhere("(owner (ahead to forward-left) P2)", { ...pos, mover: "P2" }, fiveDiagonals, "{N S}")).toEqual(["b4"]);
    // a diagonal the board does not have is no site for anyone
    expect(sitesWhere("(empty (ahead to forward-left))", {}, five, "{N S}")).toEqual([]);
  });

  it("nests: the site ahead of a site ahead", () => {
    expect(sitesWhere("(owner (ahead (ahead to N) E) P2)", { sites: { c3: man("P2") } }, five)).toEqual(["b2"]);
  });

  it("is no site off the board: a condition on it is false, its negation true", () => {
    const top = ["a3", "b3", "c3"];
    expect(sitesWhere("(empty (ahead to forward))", {}, {}, "{N S}")).toEqual(["a1", "a2", "b1", "b2", "c1", "c2"]);
    expect(sitesWhere("(not (empty (ahead to forward)))", {}, {}, "{N S}")).toEqual(top);
    for (const cond of ["(occupied (ahead to N))", "(friend (ahead to N))", "(owner (ahead to N) any)", "(is-piece (ahead to N) man)", "(in (ahead to N) all)", "(adjacent to (ahead to N 5))"]) {
      expect(sitesWhere(`(and (in to (rows 3 3)) ${cond})`, { sites: { a1: man("P1"), b2: man("P1") } }), cond).toEqual([]);
    }
    expect(sitesWhere("(= (height (ahead to N)) 0)", {})).toEqual(["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]);
  });

  it("makes an effect on no site do nothing", () => {
    const g = build({ play: "(step dirs:{N} then:{(remove (ahead to N)) (put (ahead to N) block mover)})" });
    const s0 = loadPosition(g, { sites: { a1: man("P1"), a3: man("P2"), b2: man("P1") } });
    const s1 = play(g, s0, "b2-b3");
    expect(site(g, s1, "b3")).toMatchObject({ piece: "man", owner: "P1" });
    expect(s1.pieceCount[0]).toBe(2);
    expect(s1.pieceCount[1]).toBe(1);
    // on the board it acts: a1-a2 removes the P2 man ahead on a3 and puts a block there
    const s2 = play(g, s0, "a1-a2");
    expect(site(g, s2, "a3")).toMatchObject({ piece: "block", owner: "P1" });
    expect(s2.pieceCount[1]).toBe(0);
  });
});

describe("where", () => {
  it("is the site of the player's piece of that type, the first in the board's order", () => {
    const pos = { sites: { c3: man("P2"), b2: man("P2"), a1: man("P1") } };
    expect(sitesWhere("(same-site to (where man P2))", pos)).toEqual(["b2"]);
    expect(sitesWhere("(same-site to (where man mover))", pos)).toEqual(["a1"]);
    expect(sitesWhere("(same-site to (where man opponent))", { ...pos, mover: "P2" })).toEqual(["a1"]);
  });

  it("is no site when the player has no such piece", () => {
    const pos = { sites: { a1: man("P1") } };
    expect(sitesWhere("(same-site to (where man P2))", pos)).toEqual([]);
    expect(sitesWhere("(occupied (where man P2))", pos)).toEqual([]);
    expect(sitesWhere("(not (same-site to (where man P2)))", pos)).toHaveLength(9);
    expect(sitesWhere("(same-site to (where block P1))", pos)).toEqual([]);
  });

  it("reads in end rules: a man reaching its last rank wins", () => {
    const g = build(facing({ board: "(square 3 4)", play: "(step dirs:{forward})", end: "(if (= (rank (where man mover) of:mover) 4) (win mover))" }));
    const s0 = loadPosition(g, { sites: { a3: man("P1"), c3: man("P2") } });
    const s1 = play(g, s0, "a3-a4");
    expect(s1.over).toBe(true);
    expect(Array.from(s1.returns)).toEqual([1, -1]);
  });
});

describe("same-site", () => {
  it("holds for one and the same site, never for no site", () => {
    expect(sitesWhere("(same-site to to)", {})).toHaveLength(9);
    expect(sitesWhere("(same-site (ahead to N) (ahead to N))", {})).toEqual(["a1", "a2", "b1", "b2", "c1", "c2"]);
    expect(sitesWhere("(same-site to last-to)", { last: { from: "a1", to: "b2" } })).toEqual(["b2"]);
    expect(sitesWhere("(same-site (ahead to S) last-from)", { last: { from: "a1", to: "b2" } })).toEqual(["a2"]);
    // before any move there is no last site
    expect(sitesWhere("(same-site to last-to)", {})).toEqual([]);
  });

  it("an en passant: onto the site an enemy pawn just passed over, taking that pawn", () => {
    const enPassant = `(either
      (step kind:advance dirs:{forward})
      (slide kind:double dirs:{forward} range:2 from:(= (rank from of:mover) 2) through:(empty site) to:(and (empty to) (= (rank to of:mover) 4)))
      (step kind:en-passant dirs:{forward-left forward-right}
        to:(and (empty to) (is-piece last-to man) (enemy last-to)
                (same-site last-from (ahead to forward)) (same-site last-to (ahead to backward)))
        then:{(remove (ahead to backward))}))`;
    const g = build(facing({ board: "(square 4 6 diagonals:all)", play: enPassant }));
    const s0 = loadPosition(g, { sites: { b2: man("P1"), c4: man("P2"), a5: man("P2") } });
    expect(notations(g, s0)).toEqual(["b2-b3", "b2-b4"]);
    const s1 = play(g, s0, "b2-b4");
    expect(s1.lastFrom).toBe(at(g, "b2"));
    // P2 (facing S) may take en passant onto b3, the site b2-b4 passed over; a5 double-steps to a3.
    expect(notations(g, s1)).toEqual(["a5-a3", "a5-a4", "c4-b3", "c4-c3"]);
    const ep = g.legalMoves(s1).find((m) => m.notation === "c4-b3")!;
    expect(ep.kind).toBe("en-passant");
    const s2 = g.apply(s1, ep);
    expect(site(g, s2, "b4")).toBeNull();
    expect(site(g, s2, "b3")).toMatchObject({ piece: "man", owner: "P2" });
    expect(s2.pieceCount[0]).toBe(0);

    // a single step onto b4 passed over nothing: no en passant
    const s3 = play(g, loadPosition(g, { sites: { b3: man("P1"), c4: man("P2") } }), "b3-b4");
    expect(notations(g, s3)).toEqual(["c4-c3"]);
    // nor is there one before any move
    expect(notations(g, loadPosition(g, { sites: { b4: man("P1"), c4: man("P2") }, mover: "P2" }))).toEqual(["c4-c3"]);
  });
});

describe("same-file", () => {
  it("holds for two sites with the same letters", () => {
    const pos = { sites: { b2: man("P2") } };
    expect(sitesWhere("(same-file to (where man P2))", pos)).toEqual(["b1", "b2", "b3"]);
    expect(sitesWhere("(same-file to (where man P1))", pos)).toEqual([]);
    expect(sitesWhere("(same-file to (ahead to N))", {})).toEqual(["a1", "a2", "b1", "b2", "c1", "c2"]);
  });
});

describe("same-rank", () => {
  it("holds for two sites with the same number", () => {
    const pos = { sites: { b2: man("P2") } };
    expect(sitesWhere("(same-rank to (where man P2))", pos)).toEqual(["a2", "b2", "c2"]);
    expect(sitesWhere("(same-rank to (ahead to N))", {})).toEqual([]);
    expect(sitesWhere("(same-rank to (ahead to E))", {})).toEqual(["a1", "a2", "a3", "b1", "b2", "b3"]);
  });
});

describe("sees", () => {
  const pos = { sites: { a1: man("P1"), a3: man("P2"), c3: man("P2") } };

  it("sees along the board's lines up to and including the first piece, not past it", () => {
    expect(sitesWhere("(sees (where man P1) to)", pos, five)).toEqual(["a2", "a3", "b1", "c1", "d1", "e1"]);
    expect(sitesWhere("(sees (where man P1) to)", pos, fiveDiagonals)).toEqual(["a2", "a3", "b1", "b2", "c1", "c3", "d1", "e1"]);
    // what stands on the two ends does not matter; sites off every line are not seen
    expect(sitesWhere("(sees to (where man P1))", pos, five)).toEqual(["a2", "a3", "b1", "c1", "d1", "e1"]);
  });

  it("keeps to the directions given, player-relative ones turning with the player", () => {
    expect(sitesWhere("(sees (where man P1) to dirs:{N})", pos, five)).toEqual(["a2", "a3"]);
    expect(sitesWhere("(sees (where man P1) to dirs:{forward})", pos, five, "{N S}")).toEqual(["a2", "a3"]);
    expect(sitesWhere("(sees (where man P1) to dirs:{forward})", { ...pos, mover: "P2" }, five, "{N S}")).toEqual([]);
    expect(sitesWhere("(sees (where man P1) to dirs:{backward})", { ...pos, mover: "P2" }, five, "{N S}")).toEqual(["a2", "a3"]);
  });

  it("the flying general: two pieces facing on an open file", () => {
    const generals = (between: Position["sites"]) => sitesWhere("(and (same-site to (where man mover)) (sees (where man mover) (where man opponent)))", { sites: { c1: man("P1"), c5: man("P2"), ...between } }, five);
    expect(generals({})).toEqual(["c1"]);
    expect(generals({ c3: man("P1") })).toEqual([]);
    expect(generals({ d3: man("P1") })).toEqual(["c1"]);
    // not aligned
    expect(sitesWhere("(sees (where man P1) (where man P2))", { sites: { a1: man("P1"), b3: man("P2") } }, five)).toEqual([]);
  });

  it("is false for no site and for a site and itself", () => {
    expect(sitesWhere("(sees (where man P2) to)", { sites: { a1: man("P1") } }, five)).toEqual([]);
    expect(sitesWhere("(sees to to)", {}, five)).toEqual([]);
  });
});

describe("rank", () => {
  it("is the label's number, or counted from the player's side with of:", () => {
    expect(sitesWhere("(= (rank to) 2)", {})).toEqual(["a2", "b2", "c2"]);
    expect(sitesWhere("(= (rank to of:mover) 1)", {}, {}, "{N S}")).toEqual(["a1", "b1", "c1"]);
    expect(sitesWhere("(= (rank to of:mover) 1)", { mover: "P2" }, {}, "{N S}")).toEqual(["a3", "b3", "c3"]);
    expect(sitesWhere("(= (rank to of:P2) 2)", { sites: {} }, { board: "(square 3 8)" }, "{N S}")).toEqual(["a7", "b7", "c7"]);
    expect(sitesWhere("(= (rank to of:opponent) 3)", {}, {}, "{N S}")).toEqual(["a1", "b1", "c1"]);
  });

  it("counts the files for a seat facing along the ranks", () => {
    expect(sitesWhere("(= (rank to of:mover) 1)", {}, { board: "(square 4 2)" }, "{E W}")).toEqual(["a1", "a2"]);
    expect(sitesWhere("(= (rank to of:mover) 1)", { mover: "P2" }, { board: "(square 4 2)" }, "{E W}")).toEqual(["d1", "d2"]);
  });

  it("is 0 for no site", () => {
    expect(sitesWhere("(= (rank (ahead to N) of:mover) 0)", {}, {}, "{N S}")).toEqual(["a3", "b3", "c3"]);
    expect(sitesWhere("(= (rank (where man P2)) 0)", {})).toHaveLength(9);
  });
});

describe("file", () => {
  it("is the label's letters as a number, a = 1", () => {
    expect(sitesWhere("(= (file to) 3)", {})).toEqual(["c1", "c2", "c3"]);
    expect(sitesWhere("(= (file to) 27)", {}, { board: "(square 28 1)" })).toEqual(["aa1"]);
    expect(sitesWhere("(= (file (ahead to E)) 0)", {})).toEqual(["c1", "c2", "c3"]);
  });
});

describe("site readers with no last move", () => {
  it("find nothing at last-to before the first move (no site, not a neighbour of the edge)", () => {
    expect(sitesWhere("(adjacent to last-to)", {})).toEqual([]);
    expect(sitesWhere("(near last-to (empty site))", {})).toEqual([]);
    expect(sitesWhere("(= (count-near last-to (empty site)) 0)", {})).toHaveLength(9);
    expect(sitesWhere("(adjacent to last-to)", { last: { to: "a1" } })).toEqual(["a2", "b1"]);
  });
});

describe("site forms: misuse", () => {
  const graph = "(graph {p q r} lines:{{p q r}} at:{{0 0} {1 0} {2 0}})";

  it("same-file, same-rank, rank and file need labels with a file and a rank", () => {
    for (const form of ["(same-file to from)", "(same-rank to from)", "(= (rank to) 1)", "(= (file to) 1)"]) {
      const inner = form.startsWith("(=") ? form.slice(3, -3) : form;
      const d = onlyError(text({ board: graph, play: `(step to:${form})` }), "M004", inner);
      expect(d.message).toContain("'p' is not named by a file and a rank");
    }
  });

  it("rank of: needs each seat's forward direction, and one across ranks or files", () => {
    const src = text({ play: "(step to:(= (rank to of:mover) 1))" });
    expect(onlyError(src, "M004", "mover", "of:mover").message).toContain("forward direction");
    // NE crosses the ranks: they are counted along it
    const diagonal = build(facing({ board: "(square 3 3 diagonals:all)", play: "(select to:(= (rank to of:mover) 1))" }, "{NE SW}"));
    expect(notations(diagonal, loadPosition(diagonal, {}))).toEqual(["@a1", "@b1", "@c1"]);
    // a row of points has no direction N to face
    const row = facing({ board: "(graph {a1 b1 c1} lines:{{a1 b1 c1}})", play: "(step to:(= (rank to of:mover) 1))" });
    expect(errorsOf(row).map((d) => `${d.code} ${d.message}`)).toEqual(["M001 the board has no direction 'N' (forward of P1)"]);
  });

  it("ahead onward: the way the move goes, from from to to (a slide stopping against a piece, and what it hits)", () => {
    // A man slides as far as it can, to the last empty site before a piece or the edge; a piece it stops against is removed.
    const g = build({
      board: "(square 5 5 diagonals:all)",
      play: "(slide range:any through:(empty site) to:(and (empty to) (not (empty (ahead to onward)))) then:{(when (occupied (ahead to onward)) then:{(remove (ahead to onward))})})",
    });
    const s = loadPosition(g, { mover: "P1", sites: { a1: man("P1"), a4: man("P2"), d4: man("P2") } });
    // N stops at a3 against a4; NE at c3 against d4; E at e1, the edge.
    expect(notations(g, s)).toEqual(["a1-a3", "a1-c3", "a1-e1"]);
    expect(site(g, play(g, s, "a1-c3"), "d4")).toBeNull();
    expect(site(g, play(g, s, "a1-e1"), "a4")).toEqual(man("P2"));
  });

  it("ahead: relative directions need forward, unknown directions are refused", () => {
    expect(onlyError(text({ play: "(step to:(empty (ahead to forward)))" }), "M004", "forward").message).toContain("forward direction");
    onlyError(text({ play: "(step to:(empty (ahead to up)))" }), "M001", "up");
    onlyError(text({ play: "(step to:(empty (ahead to N 0)))" }), "S001", "0");
    // the site it starts from is checked where it stands
    onlyError(text({ play: "(step to:(empty (ahead site N)))" }), "M004", "site", "(ahead site");
  });

  it("sees: onward is refused, unknown directions too", () => {
    onlyError(text({ play: "(step to:(sees from to dirs:{N onward}))" }), "M004", "onward");
    onlyError(text({ play: "(step to:(sees from to dirs:{N up}))" }), "M001", "up");
  });

  it("where: an unknown piece or player", () => {
    onlyError(text({ play: "(step to:(same-site to (where king mover)))" }), "M001", "king");
    onlyError(text({ play: "(step to:(same-site to (where man P3)))" }), "M002", "P3");
  });

  it("sites are not numbers, and self is no site", () => {
    const d = onlyError(text({ play: "(step to:(= (ahead to N) 1))" }), "B004", "ahead");
    expect(d.message).toContain("'site' ludeme, not an 'int'");
    const e = onlyError(text({ play: "(step to:(empty self))" }), "M004", "self");
    expect(e.message).toContain("`self` is the moving piece");
    expect(e.expected).toContain("last-to");
    expect(onlyError(text({ play: "(step to:(empty (rank to)))" }), "B004", "rank").message).toContain("'int' ludeme, not a 'site'");
    // self stays a site of flag and attr, beside site forms
    expect(() => build({ items: "(flag king)", play: "(step to:(and (flag self king) (not (flag (ahead to N) king))))" })).not.toThrow();
    // ... and a site's label, as other site readers take (Chatur's "e8 still holds an unmoved king")
    expect(() => build({ items: "(flag king)", play: "(step to:(and (flag self king) (flag c3 king)))" })).not.toThrow();
    expect(onlyError(text({ items: "(flag king)", play: "(step to:(flag z9 king))" }), "M001", "z9").message).toContain("neither a site of the board");
  });
});

describe("distance", () => {
  const value = (board: string, expr: string, dirs = "") =>
    build({ board, items: "(counter d)", play: `(add piece:man to:(empty to) then:{(counter-set d ${expr.replace("DIRS", dirs)})})` });
  const after = (board: string, expr: string, move: string, dirs = "") => {
    const g = value(board, expr, dirs);
    return counter(g, play(g, g.newGame({ seed: 1 }), move), "d");
  };

  it("counts the fewest steps along the board's own directions, pieces or not", () => {
    expect(after("(square 5 5)", "(distance to e5)", "*a1")).toBe(8);
    expect(after("(square 5 5 diagonals:all)", "(distance to e5)", "*a1")).toBe(4);
    expect(after("(square 5 5 diagonals:all)", "(distance to e5 dirs:{N E S W})", "*a1")).toBe(8);
    // across a hexhex of side 3, corner to opposite corner
    expect(after("(hex 3)", "(distance to e3)", "*a1")).toBe(4);
    expect(after("(hex 3)", "(distance to (where man mover))", "*c3")).toBe(0);
  });

  it("is 1000000 between sites no path joins", () => {
    expect(after("(graph {a1 b1 c1 d1} lines:{{a1 b1} {c1 d1}})", "(distance to d1)", "*a1")).toBe(1000000);
    expect(after("(graph {a1 b1 c1 d1} lines:{{a1 b1} {c1 d1}})", "(distance to d1)", "*c1")).toBe(1);
  });
});
