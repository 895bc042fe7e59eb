/**
 * The stack, flag, marker, supply and portal ludemes, each pinned down by a small description of
 * its own (independently of Benediction): legal-move notations and fields, resulting states,
 * winners, expansion of list-bodied defines, and the semantic errors these ludemes report.
 */
import { describe, it, expect } from "vitest";
import type { Game } from "../src/engine/play/game.js";
import type { State } from "../src/engine/state/state.js";
import { loadPosition, toPosition, type Position } from "../src/engine/state/position.js";
import { at, block, build, counter, errorsOf, man, move, notations, onlyError, play, playAll, site, text, type Spec } from "./support/games.js";

// --- helpers ---

/** The sites (sorted labels) where `cond` holds for the mover, listed as the moves of a select. */
function sitesWhere(cond: string, pos: Position, sp: Omit<Spec, "play"> = {}): string[] {
  const g = build({ ...sp, play: `(select to:${cond})` });
  return notations(g, loadPosition(g, pos)).map((n) => n.replace(/^@/, ""));
}

// --- slide ---

describe("slide: how many travel and how far", () => {
  const row = "(square 7 1)";

  it("take:all moves the whole stack 1..height sites, without /n", () => {
    const g = build({ board: row, play: "(slide take:all to:(empty to))" });
    const s = loadPosition(g, { sites: { c1: man("P1", 2) } });
    expect(notations(g, s)).toEqual(["c1-a1", "c1-b1", "c1-d1", "c1-e1"]);
    const m = move(g, s, "c1-e1");
    expect(m).toMatchObject({ kind: "slide", from: "c1", to: "e1", count: 2, piece: "man" });
    expect(m.actions).toEqual([{ op: "transfer", from: "c1", to: "e1", count: 2 }]);
    const t = g.apply(s, m);
    expect(site(g, t, "c1")).toBeNull();
    expect(site(g, t, "e1")).toEqual(man("P1", 2));
  });

  it("take:part moves 1..h-1 pieces, each as far as its count, written /n", () => {
    const g = build({ board: row, play: "(slide take:part to:(empty to))" });
    const s = loadPosition(g, { sites: { d1: man("P1", 3) } });
    expect(notations(g, s)).toEqual(["d1-b1/2", "d1-c1/1", "d1-c1/2", "d1-e1/1", "d1-e1/2", "d1-f1/2"]);
    expect(move(g, s, "d1-b1/2").count).toBe(2);
    // a single piece cannot be split
    expect(notations(g, loadPosition(g, { sites: { d1: man("P1", 1) } }))).toEqual([]);
  });

  it("take:any moves 1..h pieces; /n only when part of the stack travels", () => {
    const g = build({ board: row, play: "(slide take:any to:(empty to))" });
    const s = loadPosition(g, { sites: { d1: man("P1", 2) } });
    expect(notations(g, s)).toEqual(["d1-b1", "d1-c1", "d1-c1/1", "d1-e1", "d1-e1/1", "d1-f1"]);
    expect(move(g, s, "d1-c1").count).toBe(2);
    expect(move(g, s, "d1-c1/1").count).toBe(1);
    expect(notations(g, loadPosition(g, { sites: { d1: man("P1", 1) } }))).toEqual(["d1-c1", "d1-e1"]);
  });

  it("range: fixes the farthest distance, whatever the count", () => {
    const one = build({ board: row, play: "(slide take:all range:1 to:(empty to))" });
    expect(notations(one, loadPosition(one, { sites: { d1: man("P1", 3) } }))).toEqual(["d1-c1", "d1-e1"]);
    const three = build({ board: row, play: "(slide take:all range:3 to:(empty to))" });
    expect(notations(three, loadPosition(three, { sites: { d1: man("P1", 1) } }))).toEqual(["d1-a1", "d1-b1", "d1-c1", "d1-e1", "d1-f1", "d1-g1"]);
  });

  it("dirs: and piece: restrict the slide", () => {
    const g = build({ board: row, play: "(slide take:all dirs:{E} piece:{man} to:(empty to))" });
    const s = loadPosition(g, { sites: { c1: man("P1", 2), f1: { piece: "block", owner: "P1" } } });
    expect(notations(g, s)).toEqual(["c1-d1", "c1-e1"]);
  });

  it("the path passes over a site only while through: holds (landing is checked first)", () => {
    const free = build({ board: row, play: "(slide take:all to:(empty to))" });
    const blocked = build({ board: row, play: "(slide take:all through:(not (is-piece site block)) to:(empty to))" });
    const landOnBlock = build({ board: row, play: "(slide take:all through:(not (is-piece site block)) to:(or (empty to) (is-piece to block)))" });
    const withBlock: Position = { sites: { a1: man("P1", 3), c1: block } };
    expect(notations(free, loadPosition(free, withBlock))).toEqual(["a1-b1", "a1-d1"]);
    expect(notations(blocked, loadPosition(blocked, withBlock))).toEqual(["a1-b1"]);
    // the blocker itself may be a landing site (a neutral piece landed on is removed like an
    // enemy, written x); nothing beyond it is
    expect(notations(landOnBlock, loadPosition(landOnBlock, withBlock))).toEqual(["a1-b1", "a1xc1"]);
    // another stack is no blocker for this through:
    expect(notations(blocked, loadPosition(blocked, { sites: { a1: man("P1", 3), c1: man("P2") } }))).toEqual(["a1-b1", "a1-d1"]);
  });

  it("only the mover's stacks slide", () => {
    const g = build({ board: row, play: "(slide take:all to:(empty to))" });
    const s = loadPosition(g, { sites: { a1: man("P1"), g1: man("P2") }, mover: "P2" });
    expect(notations(g, s)).toEqual(["g1-f1"]);
  });
});

describe("step: a pile", () => {
  // Was a bug: the move was listed with a count of 1 while the whole pile went.
  it("moves the whole pile, and says so in its count", () => {
    const g = build({ play: "(step dirs:{E})" });
    const s = loadPosition(g, { sites: { a1: man("P1", 3) }, mover: "P1" });
    const m = move(g, s, "a1-b1");
    expect(m.count).toBe(3);
    expect(site(g, play(g, s, "a1-b1"), "b1")).toMatchObject({ owner: "P1", height: 3 });
  });

  it("take:top moves the top piece alone (count 1), the rest and the flags staying; a lone piece moves as ever", () => {
    const g = build({ items: "(flag tired)", play: "(step dirs:{E} take:top to:(not (friend to)))" });
    const s = loadPosition(g, { sites: { a1: { ...man("P1", 3), flags: ["tired"] }, b2: man("P1") }, mover: "P1" });
    expect(move(g, s, "a1-b1").count).toBe(1);
    const t = play(g, s, "a1-b1");
    expect(site(g, t, "a1")).toMatchObject({ owner: "P1", height: 2, flags: ["tired"] });
    expect(site(g, t, "b1")).toMatchObject({ owner: "P1", height: 1, flags: [] });
    // Without mixed stacks a player's count is of the sites held: a1, b1 and b2.
    expect([...t.pieceCount]).toEqual([3, 0]);
    expect(site(g, play(g, s, "b2-c2"), "c2")).toMatchObject({ owner: "P1", height: 1 });
  });

  it("capture:none (mixed stacks) goes on top of the pieces stepped onto, which stay; without mixed stacks it is refused", () => {
    const g = build({ items: "(mixed-stacks max:6)", play: "(step dirs:{E} take:top capture:none to:true)" });
    const s = loadPosition(g, { sites: { a1: { piece: "man", owner: "P1", height: 2, below: [{ piece: "block" }] }, b1: { piece: "block", height: 2, below: [{ piece: "block" }] } }, mover: "P1" });
    const m = move(g, s, "a1-b1");
    expect(m.captures ?? []).toEqual([]);
    const t = play(g, s, "a1-b1");
    expect(site(g, t, "a1")).toMatchObject({ piece: "block", height: 1 });
    expect(site(g, t, "b1")).toMatchObject({ owner: "P1", piece: "man", height: 3 });
    onlyError(text({ play: "(step capture:none to:true)" }), "M004", "none");
  });

  it("take:top in a mixed stack moves its top level with its owner and type; a hop with capture:top takes one level", () => {
    const g = build({ items: "(mixed-stacks max:6)", play: "(either (step dirs:{E} take:top) (hop dirs:{N} over:(enemy over) capture:top))" });
    // a1 bottom up: P2, P1 (top); a2: two of P2's, hopped over from a1... by P1's piece on top of a1.
    const s = loadPosition(g, { sites: { a1: { piece: "man", owner: "P1", height: 2, below: [{ piece: "man", owner: "P2" }] }, a2: { piece: "man", owner: "P2", height: 2, below: [{ piece: "man", owner: "P2" }] } }, mover: "P1" });
    const t = play(g, s, "a1-b1");
    expect([site(g, t, "a1"), site(g, t, "b1")]).toMatchObject([{ owner: "P2", height: 1 }, { owner: "P1", height: 1 }]);
    const u = play(g, s, "a1xa3");
    expect(site(g, u, "a2")).toMatchObject({ owner: "P2", height: 1 });
    expect(site(g, u, "a3")).toMatchObject({ owner: "P1" });
    expect([...u.pieceCount]).toEqual([1, 2]);
  });
});

describe("slide: landing on stacks", () => {
  const items = "(flag king) (flag blessed) (counter taken) (counter blessedTaken) (supply 10)";

  it("captures an enemy stack by replacement, running on-capture: first; notation x", () => {
    const g = build({
      board: "(square 4 1)",
      items,
      play: `(slide take:all separator:"~" to:(or (empty to) (enemy to))
               on-capture:{(return-to-supply to) (counter-add taken (height to))
                           (when (flag to blessed) {(counter-add blessedTaken 1)})})`,
    });
    const s = loadPosition(g, { sites: { a1: man("P1", 2, ["king"]), b1: man("P2", 3, ["blessed"]) } });
    expect(Array.from(s.supply)).toEqual([8, 7]);
    expect(notations(g, s)).toEqual(["a1xb1", "a1~c1"]);
    const m = move(g, s, "a1xb1");
    expect(m).toMatchObject({ kind: "slide", from: "a1", to: "b1", count: 2, captures: ["b1"] });
    expect(m.actions).toEqual([
      { op: "remove", at: "b1" },
      { op: "transfer", from: "a1", to: "b1", count: 2 },
    ]);
    const t = g.apply(s, m);
    expect(site(g, t, "a1")).toBeNull();
    // the captured stack's flags do not pass to the capturer
    expect(site(g, t, "b1")).toEqual(man("P1", 2, ["king"]));
    expect(Array.from(t.supply)).toEqual([8, 10]);
    expect(counter(g, t, "taken")).toBe(3);
    expect(counter(g, t, "blessedTaken")).toBe(1);
    expect(Array.from(t.pieceCount)).toEqual([1, 0]);
    // the quiet move captures nothing
    expect(move(g, s, "a1~c1").captures).toBeUndefined();
  });

  it("merging onto a friendly stack adds the heights and ORs the flags", () => {
    const g = build({ board: "(square 4 1)", items, play: '(slide take:all separator:"+" to:(friend to))' });
    const s = loadPosition(g, { sites: { a1: man("P1", 2, ["king"]), b1: man("P1", 1, ["blessed"]) } });
    expect(notations(g, s)).toEqual(["a1+b1", "b1+a1"]);
    const t = play(g, s, "a1+b1");
    expect(site(g, t, "a1")).toBeNull();
    expect(site(g, t, "b1")).toEqual(man("P1", 3, ["king", "blessed"]));
    expect(Array.from(t.pieceCount)).toEqual([1, 0]);
    expect(move(g, s, "a1+b1").captures).toBeUndefined();
  });

  it("a part merging leaves the rest (with its flags) behind and brings its flags along", () => {
    const g = build({ board: "(square 4 1)", items, play: '(slide take:any separator:"+" to:(friend to))' });
    const s = loadPosition(g, { sites: { a1: man("P1", 2, ["king"]), b1: man("P1", 1, ["blessed"]) } });
    expect(notations(g, s)).toEqual(["a1+b1", "a1+b1/1", "b1+a1"]);
    const t = play(g, s, "a1+b1/1");
    expect(site(g, t, "a1")).toEqual(man("P1", 1, ["king"]));
    expect(site(g, t, "b1")).toEqual(man("P1", 2, ["king", "blessed"]));
  });

  it("a split makes a new stack with the source's flags and leaves the rest behind", () => {
    const g = build({ board: "(square 4 1)", items, play: "(slide take:part to:(empty to))" });
    const s = loadPosition(g, { sites: { a1: man("P1", 3, ["king"]) } });
    const t = play(g, s, "a1-c1/2");
    expect(site(g, t, "a1")).toEqual(man("P1", 1, ["king"]));
    expect(site(g, t, "c1")).toEqual(man("P1", 2, ["king"]));
    expect(Array.from(t.pieceCount)).toEqual([2, 0]);
    expect(move(g, s, "a1-c1/2").actions).toEqual([{ op: "transfer", from: "a1", to: "c1", count: 2 }]);
  });

  it("(count) in to: is the number of travelling pieces", () => {
    const g = build({ board: "(square 4 1)", items, play: '(slide take:any separator:"+" to:(and (friend to) (<= (+ (count) (height to)) 3)))' });
    const s = loadPosition(g, { sites: { a1: man("P1", 3), b1: man("P1", 1) } });
    // 3 + 1 > 3: neither the whole a1 stack nor b1 onto a1
    expect(notations(g, s)).toEqual(["a1+b1/1", "a1+b1/2"]);
  });

  it("(flag self ...) in then: is the moving part as it was, even after to's flags change", () => {
    const g = build({
      board: "(square 4 1)",
      items: "(flag king) (flag crowned) (counter selfKing)",
      play: `(slide take:any separator:"+" to:(friend to)
               then:{(clear-flag to king) (clear-flag from king)
                     (when (flag self king) {(set-flag to crowned) (counter-add selfKing 1)})})`,
    });
    const s = loadPosition(g, { sites: { a1: man("P1", 2, ["king"]), b1: man("P1") } });
    const t = play(g, s, "a1+b1/1");
    expect(site(g, t, "a1")).toEqual(man("P1", 1));
    expect(site(g, t, "b1")).toEqual(man("P1", 2, ["crowned"]));
    expect(counter(g, t, "selfKing")).toBe(1);
    // a stack without the flag: self is not king
    const u = play(g, s, "b1+a1");
    expect(site(g, u, "a1")).toEqual(man("P1", 3));
    expect(counter(g, u, "selfKing")).toBe(0);
  });
});

describe("slide: portals", () => {
  // A column a1..a3; P1 steps north off a3 (and from a1, which has a north neighbour) to the far end.
  const items = "(portal P1 (sites {a1 a3}) dirs:{N}) (flag blessed) (flag cursed)";
  const then = "then:{(when (crossed) {(set-flag to blessed)} else:{(set-flag to cursed)})}";

  it("a step off the board from a portal site arrives at the far end; ^ marks it; the direct path is another move", () => {
    const g = build({ board: "(square 1 3)", items, play: `(slide take:all range:3 portals:true to:(empty to) ${then})` });
    const s = loadPosition(g, { sites: { a3: man("P1") } });
    // N: a3 -> a1^ -> a2^ -> (a3, its origin: never a landing); S: a2, a1, then off the board (no S portal)
    expect(notations(g, s)).toEqual(["a3-a1", "a3-a1^", "a3-a2", "a3-a2^"]);
    const crossing = move(g, s, "a3-a1^");
    expect(crossing).toMatchObject({ from: "a3", to: "a1", count: 1 });
    expect(site(g, g.apply(s, crossing), "a1")).toEqual(man("P1", 1, ["blessed"]));
    expect(site(g, play(g, s, "a3-a1"), "a1")).toEqual(man("P1", 1, ["cursed"]));
    expect(site(g, play(g, s, "a3-a2^"), "a2")).toEqual(man("P1", 1, ["blessed"]));
  });

  it("a path that passes its origin again makes no new move", () => {
    const g = build({ board: "(square 1 3)", items, play: "(slide take:all range:4 portals:true to:(empty to))" });
    // dist 4 northwards reaches a1 through the portal a second time: listed once
    expect(notations(g, loadPosition(g, { sites: { a3: man("P1") } }))).toEqual(["a3-a1", "a3-a1^", "a3-a2", "a3-a2^"]);
    // from a1: north to a2, a3, through the portal past a1 (its origin, no landing) to a2 again,
    // which is a new move (a2^); no portal southwards
    expect(notations(g, loadPosition(g, { sites: { a1: man("P1") } }))).toEqual(["a1-a2", "a1-a2^", "a1-a3"]);
  });

  it("no portal for the other player, nor without portals:true", () => {
    const g = build({ board: "(square 1 3)", items, play: "(slide take:all range:3 portals:true to:(empty to))" });
    expect(notations(g, loadPosition(g, { sites: { a3: man("P2") }, mover: "P2" }))).toEqual(["a3-a1", "a3-a2"]);
    const plain = build({ board: "(square 1 3)", items, play: "(slide take:all range:3 to:(empty to))" });
    expect(notations(plain, loadPosition(plain, { sites: { a3: man("P1") } }))).toEqual(["a3-a1", "a3-a2"]);
  });

  it("(crossed) in to:, ^ with /n and with a capture", () => {
    const onlyCrossing = build({ board: "(square 1 3)", items, play: "(slide take:any range:3 portals:true to:(and (crossed) (not (friend to))))" });
    const s = loadPosition(onlyCrossing, { sites: { a3: man("P1", 2), a1: man("P2") } });
    expect(notations(onlyCrossing, s)).toEqual(["a3-a2^", "a3-a2^/1", "a3xa1^", "a3xa1^/1"]);
    const t = play(onlyCrossing, s, "a3xa1^/1");
    expect(site(onlyCrossing, t, "a3")).toEqual(man("P1", 1));
    expect(site(onlyCrossing, t, "a1")).toEqual(man("P1", 1));
  });

  it("(crossed) is false in the effects of a move that is not a slide (no stale value)", () => {
    // Was a bug: only slides set Ctx.crossed, so other moves saw the last slide's value. Here the
    // slide's last landing test (northwards, through the portal) leaves it true.
    const g = build({
      board: "(square 1 3)",
      items,
      play: "(either (slide take:all range:3 dirs:{S N} portals:true to:(empty to)) (add piece:man to:(empty to) then:{(when (crossed) {(set-flag to blessed)})}))",
    });
    const s = loadPosition(g, { sites: { a3: man("P1") } });
    expect(notations(g, s)).toEqual(["*a1", "*a2", "a3-a1", "a3-a1^", "a3-a2", "a3-a2^"]);
    expect(site(g, play(g, s, "*a1"), "a1")).toEqual(man("P1"));
  });

  it("portal sites leave only in the portal's directions (a row of a 3x3 board)", () => {
    const g = build({ items: "(portal P1 edge-top dirs:{N})", play: "(slide take:all range:3 portals:true to:(empty to))" });
    const s = loadPosition(g, { sites: { b3: man("P1") } });
    // N wraps to b1; E and W stop at the board's side
    expect(notations(g, s)).toEqual(["b3-a3", "b3-b1", "b3-b1^", "b3-b2", "b3-b2^", "b3-c3"]);
  });
});

// --- add and select ---

describe("add", () => {
  it("from-supply: takes from the mover's supply and is impossible with an empty supply", () => {
    const g = build({ board: "(square 3 1)", items: "(supply 2)", play: "(add piece:man from-supply:true to:(empty to))" });
    const s = loadPosition(g, { sites: { a1: man("P1") } });
    expect(Array.from(s.supply)).toEqual([1, 2]);
    expect(notations(g, s)).toEqual(["*b1", "*c1"]);
    const m = move(g, s, "*b1");
    expect(m).toMatchObject({ kind: "add", to: "b1", piece: "man", count: 1 });
    expect(m.from).toBeUndefined();
    expect(m.actions).toEqual([{ op: "add", at: "b1", piece: "man", count: 1 }]);
    const t = g.apply(s, m);
    expect(site(g, t, "b1")).toEqual(man("P1"));
    expect(Array.from(t.supply)).toEqual([0, 2]);
    expect(notations(g, loadPosition(g, { sites: { a1: man("P1") }, supply: { P1: 0, P2: 2 } }))).toEqual([]);
    expect(notations(g, loadPosition(g, { sites: { a1: man("P1") }, supply: { P1: 0, P2: 2 }, mover: "P2" }))).toEqual(["*b1", "*c1"]);
  });

  it("without from-supply: the supply is untouched", () => {
    const g = build({ board: "(square 3 1)", items: "(supply 2)", play: "(add piece:man to:(empty to))" });
    const t = play(g, loadPosition(g, { supply: { P1: 0, P2: 0 } }), "*a1");
    expect(site(g, t, "a1")).toEqual(man("P1"));
    expect(Array.from(t.supply)).toEqual([0, 0]);
  });

  it("owner:neutral adds nobody's piece; prefix: and kind: name the move", () => {
    const g = build({ board: "(square 3 1)", items: "(supply 2)", play: '(add kind:block piece:block owner:neutral prefix:"#" to:(empty to))' });
    const s = loadPosition(g, {});
    expect(notations(g, s)).toEqual(["#a1", "#b1", "#c1"]);
    expect(move(g, s, "#b1")).toMatchObject({ kind: "block", to: "b1", piece: "block" });
    const t = play(g, s, "#b1");
    expect(site(g, t, "b1")).toEqual(block);
    expect(Array.from(t.supply)).toEqual([2, 2]);
    expect(Array.from(t.pieceCount)).toEqual([0, 0]);
  });

  it("(put SITE TYPE neutral) in a consequence makes nobody's piece: a jumped piece turning neutral", () => {
    const g = build({
      board: "(square 4 1)",
      play: "(hop over:(enemy over) capture:none to:(empty to) then:{(remove over) (put over block neutral)})",
    });
    const t = play(g, loadPosition(g, { sites: { a1: man("P1"), b1: man("P2") } }), "a1-c1");
    expect(site(g, t, "b1")).toEqual(block);
    expect(Array.from(t.pieceCount)).toEqual([1, 0]);
    const supply = text({ board: "(square 4 1)", items: "(supply 2)", play: "(hop over:(enemy over) to:(empty to) then:{(put over block neutral from-supply:true)})" });
    expect(onlyError(supply, "M004", "true", "from-supply:true").message).toMatch(/neutral piece comes from no player's supply/);
  });

  it("flags: the new piece carries them, and they are the moving part's (self) in then:", () => {
    const g = build({
      board: "(square 3 1)",
      items: "(flag king) (counter k)",
      play: "(add piece:man flags:{king} to:(empty to) then:{(when (flag self king) {(counter-add k 1)})})",
    });
    const t = play(g, loadPosition(g, {}), "*c1");
    expect(site(g, t, "c1")).toEqual(man("P1", 1, ["king"]));
    expect(counter(g, t, "k")).toBe(1);
  });

  it("onto an occupied site (to: allows it) keeps the replaced owner's piece count true", () => {
    // Was a bug: the piece was put over the old one, so the replaced owner's piece count stayed
    // too high and (no-pieces P2) false.
    const g = build({ board: "(square 3 1)", play: "(add piece:man to:(enemy to))", end: "(if (no-pieces next) (win mover))" });
    const s = loadPosition(g, { sites: { b1: man("P2") } });
    const t = play(g, s, "*b1");
    expect(site(g, t, "b1")).toEqual(man("P1"));
    expect(g.winners(t)).toEqual([0]);
  });
});

describe("select", () => {
  it("only its effects change the state", () => {
    const idle = build({ board: "(square 3 1)", items: "(supply 3)", play: "(select to:(empty to))" });
    const s = loadPosition(idle, { sites: { a1: man("P2") } });
    expect(notations(idle, s)).toEqual(["@b1", "@c1"]);
    const m = move(idle, s, "@b1");
    expect(m).toMatchObject({ kind: "select", to: "b1", actions: [] });
    expect(m.from).toBeUndefined();
    expect(m.piece).toBeUndefined();
    const t = idle.apply(s, m);
    expect(toPosition(idle, t).sites).toEqual(toPosition(idle, s).sites);
    expect(Array.from(t.supply)).toEqual(Array.from(s.supply));
    expect(t.mover).toBe(1);

    const acting = build({ board: "(square 3 1)", items: "(supply 3)", play: '(select kind:choose prefix:"!" to:(empty to) then:{(put to man mover from-supply:true)})' });
    const u = play(acting, loadPosition(acting, {}), "!c1");
    expect(site(acting, u, "c1")).toEqual(man("P1"));
    expect(Array.from(u.supply)).toEqual([2, 3]);
  });
});

// --- conditions ---

describe("conditions", () => {
  it("near via adjacent, line-ends and both (3x3 square board)", () => {
    const pos: Position = { sites: { a1: block } };
    expect(sitesWhere("(near to (is-piece site block))", pos)).toEqual(["a2", "b1"]);
    expect(sitesWhere("(near to (is-piece site block) via:adjacent)", pos)).toEqual(["a2", "b1"]);
    expect(sitesWhere("(near to (is-piece site block) via:line-ends)", pos)).toEqual(["a3", "c1"]);
    expect(sitesWhere("(near to (is-piece site block) via:both)", pos)).toEqual(["a2", "a3", "b1", "c1"]);
    // the centre has no line ends; a side has one
    expect(sitesWhere("(near to (is-piece site block) via:line-ends)", { sites: { b2: block } })).toEqual([]);
    expect(sitesWhere("(near to (is-piece site block) via:line-ends)", { sites: { b1: block } })).toEqual(["b3"]);
    // a general condition on the neighbour (not the inline piece test)
    expect(sitesWhere("(near to (owner site P2) via:line-ends)", { sites: { a3: man("P2") } })).toEqual(["a1", "c3"]);
    expect(sitesWhere("(near to (and (owner site P2) (= (height site) 2)) via:both)", { sites: { a3: man("P2", 2), c1: man("P2") } })).toEqual(["a1", "a2", "b3", "c3"]);
  });

  it("lineEnd: a1's line ends on a 3x3 board are a3 (S) and c1 (W); diagonals add c3 (SW)", () => {
    const g = build({ play: "(select to:(empty to))" });
    const t = g.topology, a1 = at(g, "a1");
    const ends = t.dirNames.map((d, i) => [d, t.lineEnd[i * t.n + a1]! < 0 ? null : t.labels[t.lineEnd[i * t.n + a1]!]]);
    expect(ends).toEqual([["N", null], ["E", null], ["S", "a3"], ["W", "c1"]]);
    expect(sitesWhere("(near to (is-piece site block) via:line-ends)", { sites: { a1: block } }, { board: "(square 3 3 diagonals:all)" })).toEqual(["a3", "c1", "c3"]);
  });

  it("exists binds site over the whole board (with the move's to still visible), adjacent", () => {
    const cond = "(and (empty to) (exists (and (is-piece site block) (adjacent site to))))";
    expect(sitesWhere(cond, { sites: { b2: block } })).toEqual(["a2", "b1", "b3", "c2"]);
    expect(sitesWhere(cond, { sites: { b2: man("P2") } })).toEqual([]);
    expect(sitesWhere("(exists (flag site king))", { sites: { c3: man("P2", 1, ["king"]) } }, { items: "(flag king)" })).toHaveLength(9);
    expect(sitesWhere("(exists (flag site king))", { sites: { c3: man("P2") } }, { items: "(flag king)" })).toEqual([]);
  });

  it("adjacent in a slide's to: keeps only the first step", () => {
    const g = build({ board: "(square 3 3 diagonals:all)", play: "(slide take:all range:2 to:(and (empty to) (adjacent from to)))" });
    expect(notations(g, loadPosition(g, { sites: { a1: man("P1") } }))).toEqual(["a1-a2", "a1-b1", "a1-b2"]);
  });

  it("marked with a player, opponent, and any (the default)", () => {
    const sp = { items: "(marker start) (marker other)" };
    const markers = { start: { P1: ["a1"], P2: ["c3"] }, other: { P1: ["b2"] } };
    expect(sitesWhere("(marked start to mover)", { markers }, sp)).toEqual(["a1"]);
    expect(sitesWhere("(marked start to mover)", { markers, mover: "P2" }, sp)).toEqual(["c3"]);
    expect(sitesWhere("(marked start to P2)", { markers }, sp)).toEqual(["c3"]);
    expect(sitesWhere("(marked start to opponent)", { markers }, sp)).toEqual(["c3"]);
    expect(sitesWhere("(marked start to any)", { markers }, sp)).toEqual(["a1", "c3"]);
    expect(sitesWhere("(marked start to)", { markers }, sp)).toEqual(["a1", "c3"]);
    expect(sitesWhere("(marked other to)", { markers }, sp)).toEqual(["b2"]);
  });

  it("in with shift (sites whose step leaves the board drop out) and union", () => {
    expect(sitesWhere("(in to (shift edge-bottom N))", {})).toEqual(["a2", "b2", "c2"]);
    expect(sitesWhere("(in to (shift edge-right E))", {})).toEqual([]);
    expect(sitesWhere("(in to (shift (sites {a1 c3}) E))", {})).toEqual(["b1"]);
    expect(sitesWhere("(in to (shift (shift a1 N) N))", {})).toEqual(["a3"]);
    expect(sitesWhere("(in to (union (shift edge-left E) a1))", {})).toEqual(["a1", "b1", "b2", "b3"]);
  });

  it("owner (mover, opponent, a seat, any), occupied, is-piece, friend, enemy, empty", () => {
    const pos: Position = { sites: { a1: man("P1"), b1: man("P2"), c1: block } };
    expect(sitesWhere("(owner to any)", pos)).toEqual(["a1", "b1"]);
    expect(sitesWhere("(owner to mover)", pos)).toEqual(["a1"]);
    expect(sitesWhere("(owner to opponent)", pos)).toEqual(["b1"]);
    expect(sitesWhere("(owner to P2)", pos)).toEqual(["b1"]);
    expect(sitesWhere("(occupied to)", pos)).toEqual(["a1", "b1", "c1"]);
    expect(sitesWhere("(is-piece to block)", pos)).toEqual(["c1"]);
    expect(sitesWhere("(friend to)", pos)).toEqual(["a1"]);
    expect(sitesWhere("(enemy to)", pos)).toEqual(["b1"]);
    expect(sitesWhere("(and (empty to) (in to edge-bottom))", pos)).toEqual([]);
  });

  it("height and supply as numbers", () => {
    const pos: Position = { sites: { a1: man("P1", 3), b1: man("P2", 2) }, supply: { P1: 4, P2: 0 } };
    expect(sitesWhere("(= (height to) 2)", pos)).toEqual(["b1"]);
    expect(sitesWhere("(> (height to) (- (supply mover) 2))", pos, { items: "(supply 9)" })).toEqual(["a1"]);
    expect(sitesWhere("(and (occupied to) (= (supply opponent) 0))", pos, { items: "(supply 9)" })).toEqual(["a1", "b1"]);
  });
});

// --- effects ---

describe("effects", () => {
  const onA1 = (then: string) => `(select to:(in to a1) then:{${then}})`;

  it("forall finds every site first, then runs the effects", () => {
    const count = build({ items: "(counter n)", play: onA1("(forall (= (counter n) 0) {(counter-add n 1)})") });
    expect(counter(count, play(count, loadPosition(count, {}), "@a1"), "n")).toBe(9);
    // the chosen sites are those with no P1 neighbour before any piece is put
    const fill = build({ play: onA1("(forall (not (near site (owner site mover))) {(put site man mover)})") });
    const t = play(fill, loadPosition(fill, { sites: { a1: man("P1") } }), "@a1");
    const occupied = ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"].filter((l) => site(fill, t, l) !== null);
    expect(occupied).toEqual(["a1", "a3", "b2", "b3", "c1", "c2", "c3"]);
  });

  it("groups: every player's connected groups touching all listed regions", () => {
    const both = build({ board: "(square 4 3)", items: "(flag bridge)", play: onA1("(groups {edge-bottom edge-top} {(set-flag site bridge)})") });
    const pos: Position = {
      sites: {
        a1: man("P1"), a2: man("P1"), a3: man("P1"), b2: man("P1"), // P1 bridge (b2 joins by a2)
        c1: man("P1"), // P1, alone on the bottom edge
        d1: man("P2"), d2: man("P2"), d3: man("P2"), c3: man("P2"), // P2 bridge
        b3: block, // neutral: never in a group
      },
    };
    const bridged = (g: Game, s: State) => Object.entries(toPosition(g, s).sites!).filter(([, p]) => p.flags!.includes("bridge")).map(([l]) => l).sort();
    expect(bridged(both, play(both, loadPosition(both, pos), "@a1"))).toEqual(["a1", "a2", "a3", "b2", "c3", "d1", "d2", "d3"]);
    const top = build({ board: "(square 4 3)", items: "(flag bridge)", play: onA1("(groups {edge-top} {(set-flag site bridge)})") });
    expect(bridged(top, play(top, loadPosition(top, pos), "@a1"))).toEqual(["a1", "a2", "a3", "b2", "c3", "d1", "d2", "d3"]);
    const bottomRight = build({ board: "(square 4 3)", items: "(flag bridge)", play: onA1("(groups {edge-bottom (sites {c1})} {(set-flag site bridge)})") });
    expect(bridged(bottomRight, play(bottomRight, loadPosition(bottomRight, pos), "@a1"))).toEqual(["c1"]);
    // pieces of different players never connect
    const column = build({ board: "(square 1 3)", items: "(flag bridge)", play: onA1("(groups {edge-bottom edge-top} {(set-flag site bridge)})") });
    const mixed = { sites: { a1: man("P1"), a2: man("P2"), a3: man("P1") } };
    expect(bridged(column, play(column, loadPosition(column, mixed), "@a1"))).toEqual([]);
  });

  it("when runs then: or else:", () => {
    const g = build({ items: "(counter n)", play: "(select to:true then:{(when (occupied to) {(counter-add n 1)} else:{(counter-add n 10)})})" });
    const s = loadPosition(g, { sites: { a1: man("P2") } });
    expect(counter(g, play(g, s, "@a1"), "n")).toBe(1);
    expect(counter(g, play(g, s, "@b1"), "n")).toBe(10);
  });

  it("set-flag does nothing on an empty site; clear-flag clears", () => {
    const g = build({ items: "(flag king)", play: "(select to:true then:{(set-flag to king)})" });
    const s = loadPosition(g, { sites: { a1: man("P1") } });
    expect(site(g, play(g, s, "@a1"), "a1")).toEqual(man("P1", 1, ["king"]));
    expect(site(g, play(g, s, "@b1"), "b1")).toBeNull();
    const c = build({ items: "(flag king)", play: "(select to:true then:{(clear-flag to king)})" });
    expect(site(c, play(c, loadPosition(c, { sites: { a1: man("P1", 1, ["king"]) } }), "@a1"), "a1")).toEqual(man("P1"));
  });

  it("mark adds the site to a player's marker set", () => {
    const g = build({ items: "(marker start)", play: "(select to:(empty to) then:{(mark start to mover) (mark start to opponent)})" });
    const s = loadPosition(g, { mover: "P2", markers: { start: { P1: ["c3"] } } });
    const t = play(g, s, "@b2");
    const marked = (p: number) => g.topology.labels.filter((_, i) => t.markers[t.markerIndex(0, p, i)] === 1);
    expect(marked(0)).toEqual(["b2", "c3"]);
    expect(marked(1)).toEqual(["b2"]);
    // and the marked condition sees it
    const after = build({ items: "(marker start)", play: "(select to:(marked start to P2))" });
    expect(notations(after, loadPosition(after, { markers: { start: { P2: ["b2"] } } }))).toEqual(["@b2"]);
  });

  it("unmark takes the site out of a player's marker set, and nothing when it is not in it", () => {
    const g = build({ items: "(marker owned)", play: "(select to:true then:{(unmark owned to opponent)})" });
    const s = loadPosition(g, { markers: { owned: { P1: ["a1"], P2: ["a1", "b2"] } } });
    const marked = (t: typeof s, p: number) => g.topology.labels.filter((_, i) => t.markers[t.markerIndex(0, p, i)] === 1);
    const t = play(g, s, "@a1");
    expect([marked(t, 0), marked(t, 1)]).toEqual([["a1"], ["b2"]]);
    const u = play(g, s, "@c3");
    expect([marked(u, 0), marked(u, 1)]).toEqual([["a1"], ["a1", "b2"]]);
  });

  it("put: a one-piece stack on an empty site, from the supply if any is left, with flags", () => {
    const g = build({ items: "(supply 2) (flag king)", play: "(select to:true then:{(put to man mover from-supply:true flags:{king})})" });
    const s = loadPosition(g, { sites: { a1: man("P2") } });
    expect(Array.from(s.supply)).toEqual([2, 1]);
    const t = play(g, s, "@b1");
    expect(site(g, t, "b1")).toEqual(man("P1", 1, ["king"]));
    expect(Array.from(t.supply)).toEqual([1, 1]);
    // occupied: nothing
    const u = play(g, s, "@a1");
    expect(site(g, u, "a1")).toEqual(man("P2"));
    expect(Array.from(u.supply)).toEqual([2, 1]);
    // empty supply: nothing
    const empty = loadPosition(g, { supply: { P1: 0, P2: 0 } });
    const v = play(g, empty, "@b1");
    expect(site(g, v, "b1")).toBeNull();
    expect(Array.from(v.supply)).toEqual([0, 0]);
    // not from the supply: always, and the supply is untouched; owner may be a seat
    const free = build({ items: "(supply 2)", play: "(select to:true then:{(put to block P2)})" });
    const w = play(free, loadPosition(free, { supply: { P1: 0, P2: 0 } }), "@c3");
    expect(site(free, w, "c3")).toEqual({ piece: "block", owner: "P2", height: 1, flags: [] });
    expect(Array.from(w.supply)).toEqual([0, 0]);
  });

  it("return-to-supply adds the stack's height to its owner's supply; the stack stays", () => {
    const g = build({ items: "(supply 10)", play: "(select to:(occupied to) then:{(return-to-supply to)})" });
    const s = loadPosition(g, { sites: { a1: man("P2", 3), b1: block, c1: man("P1", 2) } });
    expect(Array.from(s.supply)).toEqual([8, 7]);
    const t = play(g, s, "@a1");
    expect(Array.from(t.supply)).toEqual([8, 10]);
    expect(site(g, t, "a1")).toEqual(man("P2", 3));
    expect(Array.from(play(g, s, "@c1").supply)).toEqual([10, 7]);
    expect(Array.from(play(g, s, "@b1").supply)).toEqual([8, 7]);
  });

  it("a supply stays within 0 and its total: add-supply, return-to-supply and lift to-supply never wrap past them", () => {
    const g = build({ items: "(supply 4)", play: "(select to:(occupied to) then:{(add-supply mover -3) (return-to-supply to)})" });
    const s = loadPosition(g, { sites: { a1: man("P1", 3) }, supply: { P1: 1, P2: 4 } });
    // takes 3 from a supply of 1 (nothing below 0), then returns 3 (up to the total of 4)
    expect(Array.from(play(g, s, "@a1").supply)).toEqual([3, 4]);
    const full = build({ items: "(supply 4)", play: "(select to:(occupied to) then:{(add-supply mover 10)})" });
    expect(Array.from(play(full, loadPosition(full, { sites: { a1: man("P1") }, supply: { P1: 2, P2: 0 } }), "@a1").supply)).toEqual([4, 0]);
    // pieces put from nothing (put without from-supply) and lifted back: the supply stops at the total
    const lift = build({ items: "(supply 2)", play: "(either (lift from:true to-supply:true) (select to:(empty to) then:{(put to man mover)}))" });
    let t = loadPosition(lift, { sites: {}, supply: { P1: 2, P2: 2 } });
    t = play(lift, t, "@a1");
    t = play(lift, t, "@c3");
    expect(Array.from(play(lift, t, "-a1").supply)).toEqual([2, 2]);
  });
});

// --- rules: after-action, after-turn, turn-start end rules, prelude ---

describe("rules", () => {
  it("after-action runs after every decision, before the end rules, with mover = who acted", () => {
    const g = build({
      items: "(flag seen)",
      play: "(add piece:man to:(empty to))",
      rules: "after-action:{(forall (owner site mover) {(set-flag site seen)})}",
      end: "(if (exists (and (owner site P2) (flag site seen))) (win P2))",
    });
    let s = g.newGame();
    s = play(g, s, "*a1");
    expect(site(g, s, "a1")).toEqual(man("P1", 1, ["seen"]));
    expect(g.isTerminal(s)).toBe(false);
    s = play(g, s, "*b1");
    expect(site(g, s, "b1")).toEqual(man("P2", 1, ["seen"]));
    expect(g.winners(s)).toEqual([1]);
  });

  const counting = {
    items: "(counter acts) (counter ended) (counter snap)",
    play: "(add piece:man to:(empty to))",
    turns: "turns:(turns 2 first:1)",
    after: "after-action:{(counter-add acts 1)} after-turn:{(counter-add ended 1) (counter-set snap (counter acts))}",
  };

  it("after-turn runs only when a turn ends, after the after-action effects", () => {
    const g = build({ items: counting.items, play: counting.play, rules: `${counting.turns} ${counting.after}` });
    let s = g.newGame();
    expect([s.mover, s.turn, s.actionInTurn, s.actionsInTurn]).toEqual([0, 1, 1, 1]);
    const c = () => [counter(g, s, "acts"), counter(g, s, "ended"), counter(g, s, "snap")];
    s = play(g, s, "*a1"); // P1's one-action first turn ends
    expect(c()).toEqual([1, 1, 1]);
    expect([s.mover, s.turn, s.actionInTurn, s.actionsInTurn]).toEqual([1, 2, 1, 2]);
    s = play(g, s, "*b1"); // P2's first action: the turn goes on
    expect(c()).toEqual([2, 1, 1]);
    expect([s.mover, s.turn, s.actionInTurn, s.actionsInTurn]).toEqual([1, 2, 2, 2]);
    s = play(g, s, "*c1"); // P2's second action ends the turn
    expect(c()).toEqual([3, 2, 3]);
    expect([s.mover, s.turn, s.actionInTurn, s.actionsInTurn]).toEqual([0, 3, 1, 2]);
  });

  it("at:turn-start end rules are checked only after a decision that begins a turn; next is whose turn begins", () => {
    const rules = `${counting.turns} ${counting.after}`;
    const atStart = build({ items: counting.items, play: counting.play, rules, end: "(if (>= (counter acts) 2) (win next) at:turn-start)" });
    let s = playAll(atStart, atStart.newGame(), ["*a1", "*b1"]);
    expect(counter(atStart, s, "acts")).toBe(2);
    expect(atStart.isTerminal(s)).toBe(false);
    s = play(atStart, s, "*c1");
    expect(atStart.winners(s)).toEqual([0]);

    const every = build({ items: counting.items, play: counting.play, rules, end: "(if (>= (counter acts) 2) (win mover))" });
    const t = playAll(every, every.newGame(), ["*a1", "*b1"]);
    expect(every.winners(t)).toEqual([1]);
  });

  const choose = (seat: string, prefix: string) => `(decide ${seat} (select kind:pick prefix:"${prefix}" to:(and (empty to) (in to edge-bottom)) then:{(put to man mover)}))`;

  it("prelude decisions come in their order before turn 1 and are not actions of any turn", () => {
    const g = build({
      items: counting.items,
      play: counting.play,
      rules: `${counting.turns} ${counting.after} prelude:{${choose("P1", "!")} ${choose("P2", "?")}}`,
    });
    let s = g.newGame();
    expect([s.mover, s.turn, s.preludeLeft]).toEqual([0, 0, 2]);
    expect(notations(g, s)).toEqual(["!a1", "!b1", "!c1"]);
    expect(move(g, s, "!b1").kind).toBe("pick");
    s = play(g, s, "!b1");
    expect([s.mover, s.turn, s.preludeLeft]).toEqual([1, 0, 1]);
    expect(notations(g, s)).toEqual(["?a1", "?c1"]);
    s = play(g, s, "?c1");
    expect([s.mover, s.turn, s.preludeLeft, s.actionInTurn, s.actionsInTurn, s.ply]).toEqual([0, 1, 0, 1, 1, 2]);
    expect(site(g, s, "b1")).toEqual(man("P1"));
    expect(site(g, s, "c1")).toEqual(man("P2"));
    // after-action ran for both decisions; no turn ended
    expect([counter(g, s, "acts"), counter(g, s, "ended")]).toEqual([2, 0]);
    // turn 1 is P1's ordinary one-action turn
    expect(notations(g, s)).toHaveLength(7);
    s = play(g, s, "*a3");
    expect([s.mover, s.turn, s.actionInTurn, s.actionsInTurn]).toEqual([1, 2, 1, 2]);
    expect(counter(g, s, "ended")).toBe(1);
  });

  it("the prelude follows the listed order of its decisions (here P2 first)", () => {
    const g = build({ play: counting.play, rules: `prelude:{${choose("P2", "?")} ${choose("P1", "!")}}` });
    let s = g.newGame();
    expect(s.mover).toBe(1);
    s = play(g, s, "?a1");
    expect(s.mover).toBe(0);
    s = play(g, s, "!b1");
    expect([s.mover, s.turn, s.preludeLeft]).toEqual([0, 1, 0]);
  });

  it("the last prelude decision begins turn 1 (turn-start end rules are checked then, not before)", () => {
    const atStart = build({ play: counting.play, rules: `prelude:{${choose("P1", "!")} ${choose("P2", "?")}}`, end: "(if (exists (owner site P1)) (win P1) at:turn-start)" });
    let s = play(atStart, atStart.newGame(), "!a1");
    expect(atStart.isTerminal(s)).toBe(false);
    s = play(atStart, s, "?b1");
    expect(atStart.winners(s)).toEqual([0]);
    const every = build({ play: counting.play, rules: `prelude:{${choose("P1", "!")} ${choose("P2", "?")}}`, end: "(if (exists (owner site P1)) (win P1))" });
    expect(every.winners(play(every, every.newGame(), "!a1"))).toEqual([0]);
  });
});

// --- start, positions, internal flags, supply ---

describe("start, positions and supply", () => {
  it("place height: and flags:, mark; internal flags are kept but not shown", () => {
    const g = build({
      items: "(flag king) (flag moved internal:true) (marker start) (supply 5)",
      start: "(place man P1 a1 height:2 flags:{king moved}) (place man P2 (sites {c2 c3})) (mark start P2 (sites {c3 b3}))",
      play: "(select to:(flag to moved))",
    });
    const s = g.newGame();
    expect(site(g, s, "a1")).toEqual(man("P1", 2, ["king"]));
    expect(toPosition(g, s).sites).toEqual({ a1: man("P1", 2, ["king"]), c2: man("P2"), c3: man("P2") });
    expect(Array.from(s.supply)).toEqual([3, 3]);
    // the internal flag is still there for the rules
    expect(notations(g, s)).toEqual(["@a1"]);
    expect(g.topology.labels.filter((_, i) => s.markers[s.markerIndex(0, 1, i)] === 1)).toEqual(["b3", "c3"]);
    expect(g.topology.labels.filter((_, i) => s.markers[s.markerIndex(0, 0, i)] === 1)).toEqual([]);
  });

  it("a position without supply derives it from (supply N) minus heights on board and scores", () => {
    const g = build({ items: "(supply 10)", play: "(select to:true)" });
    const sites = { a1: man("P1", 3), b1: man("P2"), c1: block };
    expect(Array.from(loadPosition(g, { sites }).supply)).toEqual([7, 9]);
    expect(Array.from(loadPosition(g, { sites, scores: { P1: 2 } }).supply)).toEqual([5, 9]);
    expect(Array.from(loadPosition(g, { sites, supply: { P1: 4, P2: 0 } }).supply)).toEqual([4, 0]);
    expect(toPosition(g, loadPosition(g, { sites })).supply).toEqual({ P1: 7, P2: 9 });
    // a game without a supply has none to derive
    const none = build({ play: "(select to:true)" });
    expect(Array.from(loadPosition(none, { sites }).supply)).toEqual([0, 0]);
  });
});

// --- expansion ---

describe("expansion: list-bodied defines", () => {
  const parent = `(game "Parent" (players 2)
  (define "ExtraItems" {(flag king) (counter n)})
  (define "AfterAdd" {(counter-add n 1) (set-flag to king)})
  (define "Ends" {})
  (equipment {(board (square 3 1)) (piece man) ("ExtraItems") (flag blessed)})
  (rules
    (start {})
    (play (add piece:man to:(empty to) then:{("AfterAdd") (set-flag to blessed)}))
    (end {("Ends") (if (no-moves next) (win mover))})))`;
  const child = `(game "Child"
  (extends "parent.game")
  (define "ExtraItems" {})
  (define "AfterAdd" {}))`;
  const files: Record<string, string> = { "parent.game": parent, "child.game": child };
  const readFile = (path: string) => (path in files ? { path, text: files[path]! } : undefined);

  it("splices the define's items into the list where it is called", () => {
    const g = build(parent, { file: "parent.game" });
    expect(g.def.flags).toEqual(["king", "blessed"]);
    expect(g.def.counters).toEqual(["n"]);
    expect(g.def.end).toHaveLength(1);
    const s = play(g, g.newGame(), "*b1");
    expect(site(g, s, "b1")).toEqual(man("P1", 1, ["king", "blessed"]));
    expect(counter(g, s, "n")).toBe(1);
  });

  it("a child overriding it with {} adds nothing", () => {
    const g = build(child, { file: "child.game", readFile });
    expect(g.name).toBe("Child");
    expect(g.def.flags).toEqual(["blessed"]);
    expect(g.def.counters).toEqual([]);
    const s = play(g, g.newGame(), "*b1");
    expect(site(g, s, "b1")).toEqual(man("P1", 1, ["blessed"]));
  });
});

// --- semantic errors ---

describe("semantic errors", () => {
  const game = (sp: Spec) => text(sp);

  it("M001: an unknown flag (effect, condition, place, add)", () => {
    const d = onlyError(game({ items: "(flag king)", play: "(select to:true then:{(set-flag to kingg)})" }), "M001", "kingg");
    expect(d.message).toContain("kingg");
    expect(d.expected).toContain("king");
    onlyError(game({ items: "(flag king)", play: "(select to:(flag to kinq))" }), "M001", "kinq");
    onlyError(game({ items: "(flag king)", start: "(place man P1 a1 flags:{kink})", play: "(select to:true)" }), "M001", "kink");
    onlyError(game({ play: "(add piece:man flags:{king} to:(empty to))" }), "M001", "king");
  });

  it("M001: an unknown marker", () => {
    onlyError(game({ items: "(marker start)", play: "(select to:(marked strat to))" }), "M001", "strat");
    onlyError(game({ items: "(marker start)", play: "(select to:true then:{(mark strt to mover)})" }), "M001", "strt");
    onlyError(game({ play: "(select to:(marked start to))" }), "M001", "start", "(marked start to)");
  });

  it("M001: portals:true without a (portal ...)", () => {
    const d = onlyError(game({ play: "(slide take:all portals:true to:(empty to))" }), "M001", "true");
    expect(d.message).toContain("portal");
  });

  it("M001: from-supply:true without a (supply ...)", () => {
    const d = onlyError(game({ play: "(add piece:man from-supply:true to:(empty to))" }), "M001", "true");
    expect(d.message).toContain("supply");
  });

  it("M004: site outside forall, exists, near, groups or a slide's through:", () => {
    onlyError(game({ items: "(flag king)", play: "(select to:true then:{(set-flag site king)})" }), "M004", "site");
    onlyError(game({ play: "(slide take:all to:(empty site))" }), "M004", "site");
    onlyError(game({ items: "(flag king)", play: "(select to:true)", end: "(if (flag site king) (win mover))" }), "M004", "site");
    // the same forms are fine where site is bound
    build({ items: "(flag king)", play: "(slide take:all through:(empty site) to:(empty to) then:{(forall (flag site king) {(clear-flag site king)})})", end: "(if (exists (flag site king)) (win mover))" });
  });

  it("M004: (crossed) and (count) outside a move", () => {
    onlyError(game({ play: "(select to:true)", end: "(if (crossed) (win mover))" }), "M004", "(crossed)");
    onlyError(game({ play: "(select to:true)", end: "(if (> (count) 0) (win mover))" }), "M004", "(count)");
    onlyError(game({ items: "(counter n)", play: "(select to:true)", rules: "after-action:{(when (crossed) {(counter-add n 1)})}" }), "M004", "(crossed)");
    onlyError(game({ items: "(counter n)", play: "(select to:true)", rules: "after-turn:{(counter-add n (count))}" }), "M004", "(count)");
    // inside a move they are fine
    build({ items: "(counter n)", play: "(slide take:any to:(or (crossed) (> (count) 0)) then:{(counter-add n (count))})" });
  });
});
