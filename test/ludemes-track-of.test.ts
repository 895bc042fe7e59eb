/**
 * Another player's road: `of:` of the forms that read a track written per seat -- `(along ...)`,
 * `(first-along ...)`, `(distance ... along:)` -- reads the road of the player it names instead of
 * the one the rule is read for (Ludii's track ludemes with a role or player argument, e.g. Ketch-Dolt's
 * rule about the opponent's point of a die's number; test/fixtures/ludii/ketch-dolt.game).
 */
import { describe, expect, it } from "vitest";
import type { Game } from "../src/engine/play/game.js";
import { loadPosition, type Position, type SitePiece } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";
import { loadGame } from "../src/compile/index.js";
import { build, counter, onlyError, play, text } from "./support/games.js";

const P = (owner: string, height = 1, piece = "man"): SitePiece => ({ piece, owner, height });
const listed = (g: Game, s: State): string[] => g.legalMoves(s).map((m) => m.notation);
const at = (g: Game, pos: Position): State => loadPosition(g, { mover: "P1", ...pos });

/** Two roads on a 4 x 2 board: P1's along the bottom row rightwards, P2's along the top row leftwards. */
const ROADS = "(track t {(path a1 d1)} seat:P1) (track t {(path d2 a2)} seat:P2)";

describe("(along TRACK SITE N of:PLAYER): the site N on along another player's road", () => {
  const pick = (site: string, n: number, of: string, mover = "P1", items = ROADS) => {
    const g = build({ board: "(square 4 2)", items, play: `(select to:(same-site to (along t ${site} ${n}${of ? ` of:${of}` : ""})))` });
    return listed(g, at(g, { mover }));
  };

  it("of:opponent reads the other seat's road, whoever moves; without of:, the mover's own", () => {
    expect(pick("d2", 1, "")).toEqual([]);
    expect(pick("d2", 1, "opponent")).toEqual(["@c2"]);
    expect(pick("a1", 1, "opponent", "P2")).toEqual(["@b1"]);
    expect(pick("a1", 1, "", "P2")).toEqual([]);
    // of:mover is the default, the mover's own road.
    expect(pick("a1", 2, "mover")).toEqual(["@c1"]);
  });

  it("of:P2 reads P2's road for every mover; of:next the next player's; off that road, or past its end, no site", () => {
    expect(pick("c2", -2, "P2", "P1")).toEqual([]);
    expect(pick("b2", -2, "P2", "P1")).toEqual(["@d2"]);
    expect(pick("b2", -2, "P2", "P2")).toEqual(["@d2"]);
    expect(pick("c2", 1, "next")).toEqual(["@b2"]);
    expect(pick("b1", 1, "P2")).toEqual([]);
    expect(pick("b2", 2, "P2")).toEqual([]);
  });

  it("of: in an end rule: the opponent's first point holds a piece", () => {
    const g = build({
      board: "(square 4 2)",
      items: `${ROADS} (seat-regions start {(sites {a1}) (sites {d2})})`,
      play: "(add piece:man to:(empty to))",
      end: '(if (occupied (along t (site-of (region-of start opponent)) 0 of:opponent)) (win mover) reason:"{mover} reached the opponent\'s first point")',
    });
    expect(play(g, at(g, {}), "*a1").over).toBe(false);
    const s = play(g, at(g, {}), "*d2");
    expect(s.over).toBe(true);
    expect(g.returns(s)).toEqual([1, -1]);
  });

  it("is refused on a track every seat shares, and names no seat the game lacks", () => {
    const shared = (of: string) => text({ board: "(square 4 2)", items: "(track t {(path a1 d1)})", play: `(select to:(same-site to (along t a1 1 of:${of})))` });
    const d = onlyError(shared("opponent"), "M004", "opponent", "of:opponent");
    expect(d.message).toBe("track 't' is one road every seat shares, so of:opponent reads no other");
    onlyError(text({ board: "(square 4 2)", items: ROADS, play: "(select to:(same-site to (along t a1 1 of:P3)))" }), "M002", "P3");
    onlyError(text({ board: "(square 4 2)", items: ROADS, play: "(select to:(same-site to (along t a1 1 of:player)))" }), "M004", "player", "of:player");
  });
});

describe("(first-along TRACK SITE COND of:PLAYER) and (distance A B along:TRACK of:PLAYER)", () => {
  it("first-along goes round the named player's road", () => {
    const g = build({ board: "(square 4 2)", items: ROADS, play: "(select to:(same-site to (first-along t d2 (empty site) of:opponent)))" });
    expect(listed(g, at(g, { sites: { d2: P("P2"), c2: P("P2") } }))).toEqual(["@b2"]);
    // P2 reading its own road (of:mover) finds the same site.
    const h = build({ board: "(square 4 2)", items: ROADS, play: "(select to:(same-site to (first-along t d2 (empty site) of:mover)))" });
    expect(listed(h, at(h, { sites: { d2: P("P2"), c2: P("P2") }, mover: "P2" }))).toEqual(["@b2"]);
  });

  it("distance along the opponent's road: how far on its road a site comes", () => {
    const counted = (of: string) =>
      build({ board: "(square 4 2)", items: `${ROADS} (counter d)`, play: `(add piece:man to:(empty to) then:{(counter-set d (distance d2 to along:t${of}))})` });
    const theirs = counted(" of:opponent");
    expect(counter(theirs, play(theirs, at(theirs, {}), "*a2"), "d")).toBe(3);
    // On the mover's own road (P1's bottom row) a2 is never reached.
    const own = counted("");
    expect(counter(own, play(own, at(own, {}), "*a2"), "d")).toBe(1000000);
  });

  it("of: of a distance along directions, or on a shared track, is refused", () => {
    const src = text({ board: "(square 4 2)", items: `${ROADS} (counter d)`, play: "(add piece:man to:(empty to) then:{(counter-set d (distance d2 to of:opponent))})" });
    expect(onlyError(src, "M004", "opponent", "of:opponent").message).toMatch(/goes along directions, not along a track/);
    const shared = text({ board: "(square 4 2)", items: "(track t {(path a1 d1)}) (counter d)", play: "(add piece:man to:(empty to) then:{(counter-set d (distance a1 to along:t of:P2))})" });
    onlyError(shared, "M004", "P2", "of:P2");
    const fa = text({ board: "(square 4 2)", items: "(track t {(path a1 d1)})", play: "(select to:(same-site to (first-along t a1 (empty site) of:next)))" });
    onlyError(fa, "M004", "next", "of:next");
  });
});

describe("Ketch-Dolt (test/fixtures/ludii/ketch-dolt.game): the opponent's point of a die's number", () => {
  const g = loadGame(new URL("./fixtures/ludii/ketch-dolt.game", import.meta.url).pathname);
  const disc = (owner: string, height = 1): SitePiece => ({ piece: "disc", owner, height });

  it("a lone piece on the opponent's point of a die's number may be sent back to its hand, counted along the opponent's road", () => {
    // P2's road runs m2 (1) to h2 (6): its point 3 is k2, holding one P2 piece; its point 1 holds two.
    const s = at(g, { sites: { k2: disc("P2"), m2: disc("P2", 2), l1: disc("P1") }, dice: [3, 1], supply: { P1: 14, P2: 12 } });
    expect(listed(g, s).sort()).toEqual(["*k1", "*m1", "l1-i1", "l1-k1", "xk2"]);
    const t = play(g, s, "xk2");
    expect(t.over).toBe(false);
    expect(t.supply[1]).toBe(13);
  });

  it("using that die any other way loses at once (dolted); the other die is free", () => {
    const s = at(g, { sites: { k2: disc("P2"), m2: disc("P2", 2), l1: disc("P1") }, dice: [3, 1], supply: { P1: 14, P2: 12 } });
    const dolted = play(g, s, "*k1");
    expect(dolted.over).toBe(true);
    expect(g.returns(dolted)).toEqual([-1, 1]);
    expect(play(g, s, "*m1").over).toBe(false);
  });

  it("the first to bear off all fifteen wins", () => {
    const s = at(g, { sites: { h1: disc("P1") }, dice: [2, 5], supply: { P1: 0, P2: 15 }, scores: { P1: 14 } });
    const t = play(g, s, "h1-off/5");
    expect(t.over).toBe(true);
    expect(g.returns(t)).toEqual([1, -1]);
  });
});
