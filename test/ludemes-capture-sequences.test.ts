/**
 * Ludemes of captures made one hop per decision: `(hop ...)` (near or flying, the jumped piece
 * removed or only marked), `(longest-sequence ...)` (only the moves that begin a longest sequence
 * of decisions in the turn: the majority capture rule) and `(at-edge ...)` (the far row).
 */
import { describe, expect, it } from "vitest";
import { loadPosition } from "../src/engine/state/position.js";
import type { SitePiece } from "../src/engine/state/position.js";
import { build, man, notations, onlyError, play, site, text } from "./support/games.js";

const king = (owner: string, flags: string[] = []): SitePiece => ({ piece: "king", owner, height: 1, flags });
const diagonals = "dirs:{NE SE SW NW}";
const items = "(piece king) (flag captured)";

describe("hop", () => {
  it("jumps an adjacent piece onto the empty site beyond and removes it at once by default", () => {
    const g = build({ board: "(square 5 5 diagonals:all)", items, play: `(hop ${diagonals} over:(enemy over))`, end: "(if (no-moves next) (win mover))" });
    const s = loadPosition(g, { sites: { b2: man("P1"), c3: man("P2"), a3: man("P2"), e5: man("P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["b2xd4"]);
    const m = g.legalMoves(s)[0]!;
    expect(m.captures).toEqual(["c3"]);
    expect(m.actions).toEqual([{ op: "remove", at: "c3" }, { op: "move", from: "b2", to: "d4" }]);
    const after = g.apply(s, m);
    expect(site(g, after, "c3")).toBeNull();
    expect(site(g, after, "d4")).toMatchObject({ piece: "man", owner: "P1" });
  });

  it("flies with before: and after:, over the first piece on the line, landing on the empty sites beyond up to the first occupied one", () => {
    const flying = `(hop ${diagonals} before:4 after:4 over:(enemy over))`;
    const g = build({ board: "(square 6 6 diagonals:all)", items, play: flying, end: "(if (no-moves next) (win mover))" });
    // a1 .. d4 (enemy) .. e5, f6: both landings; b6-c5-d4 is not a line through a1.
    const s = loadPosition(g, { sites: { a1: king("P1"), d4: man("P2"), a5: man("P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["a1xe5", "a1xf6"]);
    // An occupied site beyond the jumped piece ends the landings; two pieces in a row cannot be jumped.
    const blocked = loadPosition(g, { sites: { a1: king("P1"), c3: man("P2"), e5: man("P2"), f6: man("P2") }, mover: "P1" });
    expect(notations(g, blocked)).toEqual(["a1xd4"]);
    const twoInARow = loadPosition(g, { sites: { a1: king("P1"), c3: man("P2"), d4: man("P2") }, mover: "P1" });
    expect(notations(g, twoInARow)).toEqual([]);
    // A friendly piece first on the line stops the search: over: is asked only of the first piece.
    const friendFirst = loadPosition(g, { sites: { a1: king("P1"), b2: man("P1"), d4: man("P2") }, mover: "P1" });
    expect(notations(g, friendFirst).filter((n) => n.startsWith("a1"))).toEqual([]);
    // before: limits the empty sites before the jumped piece, after: the landings beyond the first.
    const near = build({ board: "(square 6 6 diagonals:all)", items, play: `(hop ${diagonals} before:1 after:0 over:(enemy over))`, end: "" });
    expect(notations(near, loadPosition(near, { sites: { a1: king("P1"), d4: man("P2") }, mover: "P1" }))).toEqual([]);
    expect(notations(near, loadPosition(near, { sites: { a1: king("P1"), c3: man("P2") }, mover: "P1" }))).toEqual(["a1xd4"]);
  });

  it("before:any and after:any fly as far as the line goes; capture:none leaves the jumped piece (a janggi cannon's move)", () => {
    const cannon = `(hop dirs:{N E S W} before:any after:any over:(not (is-piece over king)) capture:none)`;
    const g = build({ board: "(square 8 1)", items, play: cannon, end: "" });
    // a1 .. (empty) .. d1 jumped .. e1 f1 g1 landings, h1 occupied.
    const s = loadPosition(g, { sites: { a1: man("P1"), d1: man("P2"), h1: man("P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["a1-e1", "a1-f1", "a1-g1"]);
    const t = play(g, s, "a1-f1");
    expect(site(g, t, "d1")).toMatchObject({ piece: "man", owner: "P2" });
    // over: still decides which piece may be jumped: not a king.
    expect(notations(g, loadPosition(g, { sites: { a1: man("P1"), d1: king("P2") }, mover: "P1" }))).toEqual([]);
  });

  it("with mark: leaves the jumped piece on the board with the flag, which over: and landing can respect", () => {
    const hop = (origin: string, then: string) =>
      `(hop origin:${origin} ${diagonals} before:4 after:4 over:(and (enemy over) (not (flag over captured))) mark:captured then:{${then}})`;
    const again = `(when (can-move ${hop("last-to", "")}) then:{(move-again)})`;
    const g = build({
      board: "(square 6 6 diagonals:all)",
      items,
      play: `(branch (same-turn) ${hop("last-to", again)} ${hop("any", again)})`,
      end: "(if (no-moves next) (win mover))",
      rules: "after-turn:{(forall (flag site captured) {(remove site)})}",
    });
    const s0 = loadPosition(g, { sites: { a1: king("P1"), c3: man("P2"), e3: man("P2"), f6: man("P2") }, mover: "P1" });
    const m = g.legalMoves(s0).find((x) => x.notation === "a1xd4")!;
    expect(m.actions).toEqual([{ op: "flag", at: "c3", flag: "captured", set: true }, { op: "move", from: "a1", to: "d4" }]);
    const s1 = g.apply(s0, m);
    expect(site(g, s1, "c3")).toMatchObject({ piece: "man", owner: "P2", flags: ["captured"] });
    // The turn goes on: d4 over e3 to f2. Back over c3 (marked) is refused, and the marked piece
    // blocks the way: nothing lands on it or beyond it.
    expect(s1.mover).toBe(0);
    expect(notations(g, s1)).toEqual(["d4xf2"]);
    const s2 = play(g, s1, "d4xf2");
    // The turn is over: both jumped pieces leave the board.
    expect(s2.mover).toBe(1);
    expect(site(g, s2, "c3")).toBeNull();
    expect(site(g, s2, "e3")).toBeNull();
    expect(site(g, s2, "f2")).toMatchObject({ piece: "king", owner: "P1" });
  });

  it("reports an unknown mark flag where it is written", () => {
    const src = text({ board: "(square 5 5 diagonals:all)", items, play: "(hop over:(enemy over) mark:taken)", end: "" });
    onlyError(src, "M001", "taken");
  });
});

describe("longest-sequence", () => {
  // A man hops one piece per decision and goes on while it can; only the longest chains are legal.
  const hop = (origin: string, then: string) => `(hop origin:${origin} ${diagonals} over:(and (enemy over) (not (flag over captured))) mark:captured then:{${then}})`;
  const again = `(when (can-move ${hop("last-to", "")}) then:{(move-again)})`;
  const spec = (filter: boolean) => {
    const wrap = (m: string) => (filter ? `(longest-sequence ${m})` : m);
    return build({
      board: "(square 7 7 diagonals:all)",
      items,
      play: `(branch (same-turn) ${wrap(hop("last-to", again))} (priority ${wrap(hop("any", again))} (step ${diagonals})))`,
      end: "(if (no-moves next) (win mover))",
      rules: "after-turn:{(forall (flag site captured) {(remove site)})}",
    });
  };
  // a1 can take b2 (one hop, then stuck on c3); e1 can take f2 then f4 (two hops: g3, then e5).
  const sites = { a1: man("P1"), b2: man("P2"), e1: man("P1"), f2: man("P2"), f4: man("P2"), g7: man("P2") };

  it("keeps only the first hops of the longest sequences, counted in decisions", () => {
    const free = spec(false), majority = spec(true);
    const s = (g: typeof free) => loadPosition(g, { sites, mover: "P1" });
    expect(notations(free, s(free))).toEqual(["a1xc3", "e1xg3"]);
    expect(notations(majority, s(majority))).toEqual(["e1xg3"]);
    const s1 = play(majority, s(majority), "e1xg3");
    expect(s1.mover).toBe(0);
    expect(notations(majority, s1)).toEqual(["g3xe5"]);
    const s2 = play(majority, s1, "g3xe5");
    expect(s2.mover).toBe(1);
    expect(site(majority, s2, "f2")).toBeNull();
    expect(site(majority, s2, "f4")).toBeNull();
  });

  it("per:piece keeps each piece's own longest sequences: every piece that can capture may, along its best (Damas)", () => {
    const g = (per: string) =>
      build({
        board: "(square 7 7 diagonals:all)",
        items,
        play: `(branch (same-turn) (longest-sequence ${hop("last-to", again)}) (longest-sequence ${hop("any", again)} per:${per}))`,
        end: "(if (no-moves next) (win mover))",
        rules: "after-turn:{(forall (flag site captured) {(remove site)})}",
      });
    // a1 takes b2 (one hop); e1 takes d2 (one hop, to c3) or f2 then f4 (two hops, g3 then e5).
    const at = { ...sites, d2: man("P2") };
    const free = build({ board: "(square 7 7 diagonals:all)", items, play: hop("any", again), end: "" });
    expect(notations(free, loadPosition(free, { sites: at, mover: "P1" }))).toEqual(["a1xc3", "e1xc3", "e1xg3"]);
    const perPiece = g("piece"), all = g("all");
    expect(notations(perPiece, loadPosition(perPiece, { sites: at, mover: "P1" }))).toEqual(["a1xc3", "e1xg3"]);
    expect(notations(all, loadPosition(all, { sites: at, mover: "P1" }))).toEqual(["e1xg3"]);
    // The continuation is still one piece's longest: after e1xg3, g3xe5.
    expect(notations(perPiece, play(perPiece, loadPosition(perPiece, { sites: at, mover: "P1" }), "e1xg3"))).toEqual(["g3xe5"]);
    // Pieces with equally long sequences keep them all; a single move is left alone.
    const one = loadPosition(perPiece, { sites: { a1: man("P1"), b2: man("P2"), g7: man("P2") }, mover: "P1" });
    expect(notations(perPiece, one)).toEqual(["a1xc3"]);
  });

  it("per:piece over moves that move no piece on the board is an error where per: is written (M004)", () => {
    const src = text({ board: "(square 5 5)", items, play: "(longest-sequence (add piece:man to:(empty to)) per:piece)", end: "" });
    onlyError(src, "M004", "piece", "per:piece");
  });

  it("searches another player's sequences as that player's: (sites-from (longest-sequence ...) for:next)", () => {
    // P2 to move points at P1's men that begin a longest sequence (Damas's huffing): e1 only.
    const g = build({
      board: "(square 7 7 diagonals:all)",
      items,
      // The sequence's next hops are the play's own, as in a game where the select and the hops alternate.
      play: `(branch (same-turn) ${hop("last-to", again)} (select to:(in to (sites-from (longest-sequence ${hop("any", again)}) for:next))))`,
      end: "(if (no-moves next) (win mover))",
    });
    expect(notations(g, loadPosition(g, { sites, mover: "P2" }))).toEqual(["@e1"]);
  });

  it("keeps every move when they are equally long, and filters continuations too", () => {
    const g = spec(true);
    // From e1: over d2 to c3 and on (over b4 or over d4), or over f2 to g3 and no further.
    const s0 = loadPosition(g, { sites: { e1: man("P1"), d2: man("P2"), b4: man("P2"), d4: man("P2"), f2: man("P2"), g7: man("P2") }, mover: "P1" });
    expect(notations(g, s0)).toEqual(["e1xc3"]);
    const s1 = play(g, s0, "e1xc3");
    // From c3: over b4 to a5, or over d4 to e5: both end the chain, both stay.
    expect(notations(g, s1)).toEqual(["c3xa5", "c3xe5"]);
    // Quiet moves all count one decision: none is dropped.
    const quiet = loadPosition(g, { sites: { d4: man("P1"), a7: man("P2") }, mover: "P1" });
    expect(notations(g, quiet)).toHaveLength(4);
  });

  it("by:captures: the sequences taking the most pieces, a pile counting its height, however many decisions", () => {
    const take = (origin: string, then: string) => `(hop origin:${origin} ${diagonals} over:(enemy over) then:{${then}})`;
    const more = `(when (can-move ${take("last-to", "")}) then:{(move-again)})`;
    const g = build({
      board: "(square 7 7 diagonals:all)",
      items,
      play: `(branch (same-turn) (longest-sequence ${take("last-to", more)} by:captures) (priority (longest-sequence ${take("any", more)} by:captures) (step ${diagonals})))`,
      end: "(if (no-moves next) (win mover))",
    });
    // a1 takes a pile of three on b2 in one hop; e1 takes two single men in two hops.
    const s = loadPosition(g, { sites: { a1: man("P1"), b2: man("P2", 3), e1: man("P1"), f2: man("P2"), f4: man("P2"), g7: man("P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["a1xc3"]);
    // Two piles of two against a pile of three: the chain wins.
    const t = loadPosition(g, { sites: { a1: man("P1"), b2: man("P2", 3), e1: man("P1"), f2: man("P2", 2), f4: man("P2", 2), g7: man("P2") }, mover: "P1" });
    expect(notations(g, t)).toEqual(["e1xg3"]);
  });

  it("by:captures counts pieces a hop marks taken (removed when the turn ends) as taken", () => {
    const marking = (origin: string, then: string) => `(hop origin:${origin} ${diagonals} over:(and (enemy over) (not (flag over captured))) mark:captured then:{${then}})`;
    const more = `(when (can-move ${marking("last-to", "")}) then:{(move-again)})`;
    const g = build({
      board: "(square 7 7 diagonals:all)",
      items,
      play: `(branch (same-turn) (longest-sequence ${marking("last-to", more)} by:captures) (priority (longest-sequence ${marking("any", more)} by:captures) (step ${diagonals})))`,
      end: "(if (no-moves next) (win mover))",
      rules: "after-turn:{(forall (flag site captured) {(remove site)})}",
    });
    const s = loadPosition(g, { sites: { a1: man("P1"), b2: man("P2", 3), e1: man("P1"), f2: man("P2"), f4: man("P2"), g7: man("P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["a1xc3"]);
  });

  it("searches on scratch states: the position it is asked about is left as it was", () => {
    const g = spec(true);
    const s = loadPosition(g, { sites, mover: "P1" });
    const before = g.hash(s);
    g.legalMoves(s);
    expect(g.hash(s)).toBe(before);
    expect(s.ply).toBe(0);
  });
});

describe("at-edge", () => {
  it("tells the mover's far row with a player-relative direction, and any board edge with a board direction", () => {
    const g = build(`(game "T" (players 2 forward:{N S})
      (equipment {(board (square 4 4 diagonals:all)) (piece man) (piece king)})
      (rules (start {})
        (play (step dirs:{forward} then:{(when (at-edge to forward) then:{(promote to king)})}))
        (end {(if (at-edge to E) (win mover))})))`);
    const s = loadPosition(g, { sites: { b3: man("P1"), c2: man("P2") }, mover: "P1" });
    const s1 = play(g, s, "b3-b4");
    expect(site(g, s1, "b4")).toMatchObject({ piece: "king" });
    const s2 = play(g, s1, "c2-c1");
    expect(site(g, s2, "c1")).toMatchObject({ piece: "king", owner: "P2" });
    expect(s2.over).toBe(false);
    const edge = loadPosition(g, { sites: { d2: man("P1"), a4: man("P2") }, mover: "P1" });
    expect(play(g, edge, "d2-d3").over).toBe(true);
  });
});

describe("International Draughts, move by move with Ludii", () => {
  it("has Ludii's legal moves (their number at every decision), its chains and its ends in 30 of Ludii's random games", async () => {
    const { readFileSync } = await import("node:fs");
    const { loadGame } = await import("../src/compile/index.js");
    const g = loadGame("international-draughts");
    const games = readFileSync(new URL("./ludii/international-draughts-games.txt", import.meta.url), "utf8")
      .split("\n")
      .filter((l) => l.trim() && !l.startsWith("#"));
    expect(games).toHaveLength(30);
    for (const [i, line] of games.entries()) {
      const [moves, winner] = line.split(" | ");
      let s = g.newGame({ seed: 1 });
      for (const [d, item] of moves!.split(" ").entries()) {
        const [pick, count] = item.split(":");
        const legal = g.legalMoves(s);
        expect(legal.length, `game ${i + 1}, decision ${d + 1}`).toBe(Number(count));
        const m = legal.find((x) => `${x.from}-${x.to}` === pick);
        expect(m, `game ${i + 1}, decision ${d + 1}: ${pick}`).toBeDefined();
        s = g.apply(s, m!);
      }
      expect(s.over, `game ${i + 1} ends`).toBe(true);
      expect(`P${g.winners(s)![0]! + 1}`).toBe(winner);
    }
  });
});
