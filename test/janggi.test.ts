/**
 * Janggi (games/janggi.game): perft against Ludii 1.3.12's own counts (no published ones exist),
 * and each piece's rule on a position: the palace lines of the general and guards, the blocked
 * elephant and horse, Ludii's chariot in a palace, the cannon that only moves by jumping and never
 * over or onto a cannon, soldiers, check by a cannon's screen, bikjang, checkmate and the forced
 * pass of a player without a move.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { Perft } from "../src/engine/play/perft.js";
import { loadPosition } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";
import { counter, notations, play, playAll } from "./support/games.js";

const janggi = loadGame("games/janggi.game");
type Piece = { piece: string; owner: string };
const cho = (piece: string): Piece => ({ piece, owner: "P1" });
const han = (piece: string): Piece => ({ piece, owner: "P2" });
const at = (sites: Record<string, Piece>, mover = "P1"): State => loadPosition(janggi, { sites, mover });
const movesFrom = (s: State, from: string) => notations(janggi, s).filter((n) => n.startsWith(from)).sort();
/** The generals on different files, so that they never face each other by accident. */
const generals = { e2: cho("general"), d9: han("general") };

describe("perft", () => {
  it("from the start: 31, 961, 30,353, as Ludii 1.3.12 counts them", () => {
    const s = janggi.newGame({ seed: 1 });
    expect([1, 2, 3].map((d) => new Perft(janggi).count(s, d))).toEqual([31, 961, 30353]);
  });
});

describe("the pieces", () => {
  it("the general and the guards move along the palace's lines: diagonally only from a corner or the centre", () => {
    expect(movesFrom(at({ ...generals }), "e2")).toEqual(["e2-d1", "e2-d2", "e2-d3", "e2-e1", "e2-e3", "e2-f1", "e2-f2", "e2-f3"]);
    expect(movesFrom(at({ e1: cho("general"), d9: han("general"), d1: cho("guard") }), "d1")).toEqual(["d1-d2", "d1-e2"]);
    expect(movesFrom(at({ ...generals, d2: cho("guard") }), "d2")).toEqual(["d2-d1", "d2-d3"]);
  });

  it("an elephant goes one point orthogonally then two diagonally, blocked on either point it crosses", () => {
    expect(movesFrom(at({ ...generals, e5: cho("elephant") }), "e5")).toEqual(["e5-b3", "e5-b7", "e5-c2", "e5-c8", "e5-g2", "e5-g8", "e5-h3", "e5-h7"]);
    // d7, its second point, blocks c8 only; f5, the first point, blocks both h7 and h3.
    const blocked = at({ ...generals, e5: cho("elephant"), d7: han("soldier"), f5: cho("soldier") });
    expect(movesFrom(blocked, "e5")).toEqual(["e5-b3", "e5-b7", "e5-c2", "e5-g2", "e5-g8"]);
  });

  it("a horse is blocked by a piece next to it on its first, orthogonal step", () => {
    expect(movesFrom(at({ ...generals, e5: cho("horse") }), "e5")).toHaveLength(8);
    const blocked = at({ ...generals, e5: cho("horse"), e6: han("soldier") });
    expect(movesFrom(blocked, "e5")).toEqual(["e5-c4", "e5-c6", "e5-d3", "e5-f3", "e5-g4", "e5-g6"]);
  });

  it("a chariot slides along ranks and files, and in a palace diagonally as Ludii lets it", () => {
    // On the corner d8: along the diagonal over the centre; nothing diagonal out of the palace.
    const corner = movesFrom(at({ e2: cho("general"), d10: han("general"), d8: cho("chariot") }), "d8");
    expect(corner).toEqual(expect.arrayContaining(["d8-e9", "d8-f10"]));
    expect(corner).not.toContain("d8-c7");
    // On a side's midpoint (no diagonal line there): diagonally to the next midpoints, and it
    // takes the enemy just outside the palace (f4), but never moves out of it otherwise (d4).
    const midpoint = movesFrom(at({ e1: cho("general"), d10: han("general"), e3: cho("chariot"), f4: han("soldier") }), "e3");
    expect(midpoint).toEqual(expect.arrayContaining(["e3-d2", "e3-f2", "e3xf4"]));
    expect(midpoint).not.toContain("e3-d4");
    // From the centre past an empty corner, two points at most.
    const centre = movesFrom(at({ e1: cho("general"), d10: han("general"), e2: cho("chariot"), g4: han("soldier"), c4: han("soldier") }), "e2");
    expect(centre).toEqual(expect.arrayContaining(["e2-f3", "e2xg4", "e2-d3", "e2xc4"]));
  });

  it("a cannon moves only by jumping one piece, never a cannon, and never takes a cannon", () => {
    expect(movesFrom(at({ ...generals, b3: cho("cannon") }), "b3")).toEqual([]);
    const s = at({ ...generals, b3: cho("cannon"), b5: han("soldier"), b8: han("horse"), b9: han("chariot"), e3: cho("cannon"), g3: han("soldier") });
    expect(movesFrom(s, "b3")).toEqual(["b3-b6", "b3-b7", "b3xb8"]);
    const cannonTarget = at({ ...generals, b3: cho("cannon"), b5: han("soldier"), b8: han("cannon") });
    expect(movesFrom(cannonTarget, "b3")).toEqual(["b3-b6", "b3-b7"]);
  });

  it("in a palace a cannon jumps from a corner over the centre to the opposite corner", () => {
    const s = at({ e2: cho("general"), f9: han("general"), d10: cho("cannon"), e9: han("guard"), f8: han("horse") });
    expect(movesFrom(s, "d10")).toEqual(["d10xf8"]);
    const overCannon = at({ e2: cho("general"), f9: han("general"), d10: cho("cannon"), e9: han("cannon"), f8: han("horse") });
    expect(movesFrom(overCannon, "d10")).toEqual([]);
  });

  it("a soldier steps forward or sideways, never diagonally, even in the enemy palace", () => {
    expect(movesFrom(at({ e2: cho("general"), f8: han("general"), e9: cho("soldier") }), "e9")).toEqual(["e9-d9", "e9-e10", "e9-f9"]);
    expect(movesFrom(at({ ...generals, c7: han("soldier") }, "P2"), "c7")).toEqual(["c7-b7", "c7-c6", "c7-d7"]);
  });
});

describe("check", () => {
  it("no piece may become the screen of an enemy cannon aimed at its own general", () => {
    // Cho's cannon on a9 sees Han's general on e9 along the rank with nothing between.
    const s = at({ d1: cho("general"), e9: han("general"), c7: han("horse"), a9: cho("cannon") }, "P2");
    expect(movesFrom(s, "c7")).toEqual(["c7-a6", "c7-a8", "c7-b5", "c7-d5", "c7-e6", "c7-e8"]);
  });

  it("a cannon gives no check over a cannon", () => {
    const s = at({ d1: cho("general"), e9: han("general"), e4: cho("cannon"), e6: han("cannon"), a7: han("soldier") }, "P2");
    expect(notations(janggi, s)).toContain("a7-a6");
  });
});

describe("bikjang and the end", () => {
  it("a reply that leaves the generals facing each other draws; one that breaks it does not", () => {
    const s = at({ e2: cho("general"), e9: han("general"), e5: cho("soldier"), a7: han("soldier") });
    const faced = play(janggi, s, "e5-d5");
    expect(faced.over).toBe(false);
    expect(counter(janggi, faced, "facing")).toBe(1);
    const drawn = play(janggi, faced, "a7-a6");
    expect(drawn.over).toBe(true);
    expect([...drawn.returns]).toEqual([0, 0]);
    const broken = play(janggi, faced, "e9-d9");
    expect(broken.over).toBe(false);
    expect(counter(janggi, broken, "facing")).toBe(0);
  });

  it("checkmate wins", () => {
    const s = at({ d2: cho("general"), e10: han("general"), a9: cho("chariot"), b1: cho("chariot") });
    const t = play(janggi, s, "b1-b10");
    expect(t.over).toBe(true);
    expect([...t.returns]).toEqual([1, -1]);
  });

  it("a player without a legal move passes; two passes in a row draw", () => {
    const stalemate = at({ d2: cho("general"), e10: han("general"), a9: cho("chariot"), d5: cho("chariot"), f5: cho("chariot") }, "P2");
    expect(notations(janggi, stalemate)).toEqual(["pass"]);
    expect(play(janggi, stalemate, "pass").over).toBe(false);
    const full: Record<string, Piece> = { e2: cho("general"), e9: han("general") };
    for (const p of ["d1", "e1", "f1", "d2", "f2", "d3", "e3", "f3"]) full[p] = cho("guard");
    for (const p of ["d8", "e8", "f8", "d9", "f9", "d10", "e10", "f10"]) full[p] = han("guard");
    const stuck = playAll(janggi, at(full), ["pass", "pass"]);
    expect(stuck.over).toBe(true);
    expect([...stuck.returns]).toEqual([0, 0]);
  });
});
