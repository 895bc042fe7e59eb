/**
 * Two pieces changing places: the decision `(swap-pieces ... to:COND)` (a piece of the mover and
 * the piece on a site the condition accepts exchange sites: Senet, Chong's king, Quantum Leap's
 * opening) and the effect `(exchange A B)`. Nothing is captured; piles, stacks and flags travel
 * with their site's pieces.
 */
import { describe, expect, it } from "vitest";
import { loadPosition, type SitePiece } from "../src/engine/state/position.js";
import { build, man, notations, onlyError, play, site, text } from "./support/games.js";

const king = (owner: string, flags: string[] = []): SitePiece => ({ piece: "king", owner, height: 1, flags });
const items = "(piece king) (flag unmoved)";

describe("(swap-pieces ... to:COND)", () => {
  /** A king may change places with any of its own men (Shatranj al-Kabir's king, once: its unmoved flag). */
  const g = build({
    board: "(square 3 3)",
    items,
    play: "(swap-pieces piece:{king} from:(flag from unmoved) to:(friend to) then:{(clear-flag to unmoved)})",
  });

  it("offers one move per piece of the mover the condition accepts, the mover's piece named first", () => {
    const s = loadPosition(g, { mover: "P1", sites: { a1: king("P1", ["unmoved"]), b2: man("P1"), c3: man("P1"), a3: man("P2") } });
    expect(notations(g, s)).toEqual(["a1<>b2", "a1<>c3"]);
  });

  it("exchanges the two sites' pieces with their flags; nothing is captured and the counts stay", () => {
    const s0 = loadPosition(g, { mover: "P1", sites: { a1: king("P1", ["unmoved"]), b2: man("P1", 3), a3: man("P2") } });
    const s1 = play(g, s0, "a1<>b2");
    expect(site(g, s1, "b2")).toEqual(king("P1"));
    expect(site(g, s1, "a1")).toEqual(man("P1", 3));
    expect(site(g, s1, "a3")).toEqual(man("P2"));
    expect(Array.from(s1.pieceCount)).toEqual(Array.from(s0.pieceCount));
    expect(g.hash(s1)).not.toBe(g.hash(s0));
    // The king's flag went with it and was cleared there (king("P1") has none): no second exchange.
  });

  it("lists the exchange among the move's actions, then its consequences", () => {
    const h = build({ board: "(square 3 3)", items: `${items} (counter swaps)`, play: "(swap-pieces piece:{king} to:(friend to) then:{(counter-add swaps 1)})" });
    const s = loadPosition(h, { mover: "P1", sites: { a1: king("P1"), b2: man("P1") } });
    expect(h.legalMoves(s)[0]!.actions).toEqual([
      { op: "exchange", a: "a1", b: "b2" },
      { op: "counter", name: "swaps", change: "add", value: 1 },
    ]);
  });

  it("the condition may name the other piece by where it is from the mover's piece, and accept an enemy", () => {
    const h = build({ board: "(square 4 1)", play: "(swap-pieces to:(and (enemy to) (same-site to (ahead from E))))" });
    const s = loadPosition(h, { mover: "P1", sites: { a1: man("P1"), b1: man("P2"), d1: man("P2") } });
    expect(notations(h, s)).toEqual(["a1<>b1"]);
    const t = play(h, s, "a1<>b1");
    expect([site(h, t, "a1")?.owner, site(h, t, "b1")?.owner]).toEqual(["P2", "P1"]);
  });

  it("mixed stacks change places whole, each level keeping its owner", () => {
    const h = build({ board: "(square 2 1)", items: "(mixed-stacks max:3)", play: "(swap-pieces to:(occupied to))" });
    const s = loadPosition(h, {
      mover: "P1",
      sites: { a1: { ...man("P1"), height: 3, below: [{ piece: "man", owner: "P2" }, { piece: "man", owner: "P1" }] }, b1: man("P2") },
    });
    const t = play(h, s, "a1<>b1");
    expect(site(h, t, "a1")).toEqual(man("P2"));
    expect(site(h, t, "b1")).toEqual({ ...man("P1"), height: 3, below: [{ piece: "man", owner: "P2" }, { piece: "man", owner: "P1" }] });
    expect(Array.from(t.pieceCount)).toEqual([2, 2]);
  });

  it("needs to: (S001)", () => {
    onlyError(text({ play: "(swap-pieces piece:{man})" }), "S001", "(swap-pieces piece:{man})");
  });
});

describe("(exchange A B)", () => {
  /** A step, then the piece stepped and the enemy beyond it change places (a made-up rule). */
  const g = build({ board: "(square 4 1)", play: "(step dirs:{E} to:(empty to) then:{(exchange to (ahead to E))})" });

  it("exchanges two occupied sites' pieces after the move", () => {
    const s = play(g, loadPosition(g, { mover: "P1", sites: { a1: man("P1"), c1: man("P2") } }), "a1-b1");
    expect([site(g, s, "b1")?.owner, site(g, s, "c1")?.owner]).toEqual(["P2", "P1"]);
    expect(g.legalMoves(loadPosition(g, { mover: "P1", sites: { a1: man("P1"), c1: man("P2") } }))[0]!.actions).toEqual([
      { op: "move", from: "a1", to: "b1" },
      { op: "exchange", a: "b1", b: "c1" },
    ]);
  });

  it("with one site empty, the other's piece moves there; off the board it does nothing", () => {
    const s = play(g, loadPosition(g, { mover: "P1", sites: { a1: man("P1") } }), "a1-b1");
    expect(site(g, s, "b1")).toBeNull();
    expect(site(g, s, "c1")).toEqual(man("P1"));
    const t = play(g, loadPosition(g, { mover: "P1", sites: { c1: man("P1") } }), "c1-d1");
    expect(site(g, t, "d1")).toEqual(man("P1"));
  });
});
