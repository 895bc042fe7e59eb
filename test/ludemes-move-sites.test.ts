/**
 * The sites some moves would reach or start from now (`sites-to`, `sites-from`; Ludii's `(sites To
 * ...)`, `(sites From ...)`): read by `in`, counted by `count-sites`, summed over by `sum-over`; the
 * moves generated, never made; `from:` keeps the moves from one site, read where the region is.
 */
import { describe, expect, it } from "vitest";
import { loadPosition } from "../src/engine/state/position.js";
import type { Game } from "../src/engine/play/game.js";
import { build, notations, onlyError, play, text } from "./support/games.js";

const men = (g: Game, sites: Record<string, string>, mover = "P1") =>
  loadPosition(g, { sites: Object.fromEntries(Object.entries(sites).map(([k, o]) => [k, { piece: "man", owner: o }])), mover });

describe("sites-to", () => {
  it("is where the mover's moves would end: a man is added only where one of the mover's could step", () => {
    const g = build({ board: "(square 4 4)", play: "(add piece:block owner:neutral to:(in to (sites-to (step dirs:{N E}))))" });
    // a1 steps to a2 (b1 is taken), b1 to b2, c1 to c2 and d1; the enemy on d4 does not count.
    expect(notations(g, men(g, { a1: "P1", c1: "P1", b1: "P1", d4: "P2" }))).toEqual(["*a2", "*b2", "*c2", "*d1"]);
    // for: another player's moves
    const h = build({ board: "(square 4 4)", play: "(add piece:block owner:neutral to:(in to (sites-to (step dirs:{N E}) for:next)))" });
    expect(notations(h, men(h, { a1: "P1", c3: "P2" }))).toEqual(["*c4", "*d3"]);
  });

  it("from: keeps the moves from one site, read where the region is, and counts distinct destinations", () => {
    // A man may be chosen when at least three knight's leaps are open from it (`to` inside the leap is the leap's own).
    const g = build({
      board: "(square 5 5)",
      play: "(select to:(and (owner to mover) (>= (count-sites (in site (sites-to (leap paths:{{N N E}} to:(not (friend to))) from:to))) 3)))",
    });
    // a1 reaches b3 and c2 (2); c3 seven (b5's enemy included, its own man on e4 not); e4 c5 and d2 (c3 is its own).
    expect(notations(g, men(g, { a1: "P1", c3: "P1", e4: "P1", b5: "P2" }))).toEqual(["@c3"]);
    // The enemy on b3 is open to a1's leap (not a friend): a1 has b3 and c2 -- still two.
    expect(notations(g, men(g, { a1: "P1", b3: "P2" }))).toEqual([]);
    // Two men reaching the same site count it once.
    const h = build({ board: "(square 3 3)", play: "(add piece:man to:(and (empty to) (= (count-sites (in site (sites-to (step dirs:{N})))) 1)))" });
    expect(notations(h, men(h, { a1: "P1", a3: "P1" }))).toHaveLength(7);
    expect(notations(h, men(h, { a1: "P1", b1: "P1" }))).toEqual([]);
  });

  it("follows the position the moves are asked in: the marked piece's leaps, turn after turn", () => {
    const g = build({
      board: "(square 5 5)",
      items: "(marker chosen)",
      play: `(branch (same-turn)
        (add piece:man to:(in to (sites-to (leap paths:{{N N E}} from:(marked chosen from mover)))))
        (select to:(owner to mover) then:{(mark chosen to mover) (move-again)}))`,
    });
    const s = play(g, men(g, { a1: "P1", e5: "P1" }), "@a1");
    expect(notations(g, s)).toEqual(["*b3", "*c2"]);
  });

  it("sum-over reads each site once; a site word in the region's from: is read at each site counted", () => {
    const g = build({ board: "(square 3 3)", play: "(add piece:man to:(and (empty to) (< (rank to) (sum-over (sites-to (step dirs:{N E})) 1))))" });
    // a1 reaches a2 and b1, b2 reaches b3 and c2: four sites, so ranks 1 to 3.
    expect(notations(g, men(g, { a1: "P1", b2: "P1" }))).toHaveLength(7);
    // a1 alone: a2 b1 (two), so rank 1 only.
    expect(notations(g, men(g, { a1: "P1" }))).toEqual(["*b1", "*c1"]);
    // (count-sites (in site (sites-to ... from:site))): no step ends where it starts.
    const h = build({ board: "(square 3 3)", play: "(add piece:man to:(and (empty to) (= (count-sites (in site (sites-to (step) from:site))) 0)))" });
    expect(notations(h, men(h, { a1: "P1" }))).toHaveLength(8);
  });
});

describe("sites-from", () => {
  it("is where the moves would start: the men that could capture", () => {
    const g = build({ board: "(square 5 5)", play: "(select to:(in to (sites-from (jump over:(enemy over)))))" });
    expect(notations(g, men(g, { a1: "P1", a2: "P2", e1: "P1", c5: "P1", d5: "P2" }))).toEqual(["@a1", "@c5"]);
    // Counted as a condition on each site (the moves generated for each).
    const h = build({ board: "(square 5 5)", play: "(add piece:man to:(and (empty to) (= (rank to) (count-sites (and (owner site mover) (in site (sites-from (step dirs:{N}))))))))" });
    // a1 and a5 (blocked by the edge): one man can step north, so rank 1.
    expect(notations(h, men(h, { a1: "P1", a5: "P1" }))).toHaveLength(4);
  });
});

describe("forall over the sites of some moves", () => {
  it("acts at each site once, the sites found before any effect", () => {
    // After each placement, every man of the opponent that could step north is taken off.
    const g = build({ board: "(square 4 4)", play: "(add piece:man to:(empty to) then:{(forall (in site (sites-from (step dirs:{N}) for:next)) {(remove site)})})" });
    const s = play(g, men(g, { a1: "P2", a2: "P2", c4: "P2", d1: "P2" }), "*b1");
    // a2 could step north, a1 could not (a2 stood there), c4 is at the edge; d1 could.
    expect([...g.topology.labels].filter((_, i) => s.owner[i]! >= 0).sort()).toEqual(["a1", "b1", "c4"]);
    // and the sites a move reaches, marked
    const h = build({ board: "(square 4 4)", items: "(marker reach)", play: "(add piece:man to:(empty to) then:{(forall (in site (sites-to (step) from:to)) {(mark reach site mover)})})" });
    const t = play(h, men(h, {}), "*b2");
    expect([...h.topology.labels].filter((_, i) => t.markers[i]! === 1).sort()).toEqual(["a2", "b1", "b3", "c2"]);
  });
});

describe("sites-to and sites-from where a region is built with the board", () => {
  it("are refused with their place", () => {
    const region = text({ items: "(region r (sites-to (step)))", play: "(add piece:man to:(in to r))" });
    expect(onlyError(region, "M004", "(sites-to (step))").message).toMatch(/changes with the position/);
    const at = text({ play: "(select at:(sites-from (step)) to:(empty to))" });
    expect(onlyError(at, "M004", "(sites-from (step))").message).toMatch(/only \(in SITE \.\.\.\)/);
    const seat = text({ play: "(add piece:man to:(in to (sites-to (step) for:nobody)))" });
    expect(onlyError(seat, "M002", "nobody")).toBeDefined();
  });
});

describe("sites-ahead", () => {
  it("is every site along the lines from a site to the edge, whatever stands between; the site itself left out", () => {
    // A man goes anywhere north or east of the last one placed (Pyrga's triangle pointing on).
    const g = build({
      board: "(square 4 4)",
      play: "(branch (= (turn) 1) (add piece:man to:(empty to)) (add piece:man to:(and (empty to) (in to (sites-ahead last-to dirs:{N E})))))",
    });
    const s = play(g, play(g, g.newGame(), "*b2"), "*b4");
    // From b4 (b2, placed before, does not count): north nothing, east c4 d4.
    expect(notations(g, s)).toEqual(["*c4", "*d4"]);
    // A piece on the line does not stop it: from b2, north b3 (b4 taken) and east c2 d2.
    expect(notations(g, play(g, g.newGame(), "*b2"))).toEqual(["*b3", "*b4", "*c2", "*d2"]);
  });

  it("through: stops a line before the first site where it fails; range: after so many steps; counted and summed", () => {
    // Chosen: a man with at least three empty sites in a rook's lines.
    const g = build({
      board: "(square 4 4)",
      play: "(select to:(and (owner to mover) (>= (count-sites (in site (sites-ahead to dirs:{N E S W} through:(empty site)))) 3)))",
    });
    // a1: a2 (a3 taken) and b1 c1 (d1 taken): three. c3: c4, d3, b3, a3 is taken... c2 c1: five.
    expect(notations(g, men(g, { a1: "P1", a3: "P1", d1: "P2", b3: "P2" }))).toEqual(["@a1"]);
    expect(notations(g, men(g, { a1: "P1", a2: "P2", b1: "P2", c3: "P1" }))).toEqual(["@c3"]);
    // range: one step along each line (the board's directions, orthogonal): a site's neighbours.
    const h = build({ board: "(square 4 4)", play: "(add piece:man to:(and (empty to) (= (sum-over (sites-ahead to range:1) 1) 2)))" });
    // The corners have two.
    expect(notations(h, g.newGame())).toEqual(["*a1", "*a4", "*d1", "*d4"]);
    // included: the site itself too.
    const k = build({ board: "(square 4 4)", play: "(add piece:man to:(and (empty to) (= (sum-over (sites-ahead to range:1 included:true) 1) 3)))" });
    expect(notations(k, g.newGame())).toEqual(["*a1", "*a4", "*d1", "*d4"]);
  });

  it("player-relative directions turn with the player; a forall acts on each site once", () => {
    const g = build(`(game "T" (players 2 forward:{N S}) (equipment {(board (square 3 4)) (piece man)})
      (rules (start {}) (play (add piece:man to:(empty to) then:{(forall (in site (sites-ahead to dirs:{forward})) {(remove site)})}))
        (end {(if (no-moves next) (win mover))})))`);
    // P1 adds on b2: forward is north, so b3 and b4 go; b1 stays.
    const t = play(g, men(g, { b4: "P2", b3: "P2", b1: "P2" }), "*b2");
    expect([...g.topology.labels].filter((_, i) => t.owner[i]! >= 0).sort()).toEqual(["b1", "b2"]);
    // P2 adds on b3: forward is south, so b2 and b1 go.
    const u = play(g, men(g, { b4: "P1", b2: "P1", b1: "P1" }, "P2"), "*b3");
    expect([...g.topology.labels].filter((_, i) => u.owner[i]! >= 0).sort()).toEqual(["b3", "b4"]);
  });

  it("is refused where a region is built with the board", () => {
    const region = text({ items: "(region r (sites-ahead a1 dirs:{N}))", play: "(add piece:man to:(in to r))" });
    expect(onlyError(region, "M004", "(sites-ahead a1 dirs:{N})").message).toMatch(/changes with the position/);
    const dir = text({ play: "(add piece:man to:(in to (sites-ahead last-to dirs:{up})))" });
    expect(onlyError(dir, "M001", "up")).toBeDefined();
  });
});
