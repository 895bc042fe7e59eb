/**
 * Boards' sides, the rhombus of hexagons, and `(connects SITE {REGIONS})`: the group of a piece
 * joins every region. Groups are kept in the state as a union-find while pieces are only put down,
 * and rebuilt once after a capture or a move; random games check both against a walk of the group.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { loadPosition } from "../src/engine/state/position.js";
import { boardSides } from "../src/engine/board/sides.js";
import type { Game } from "../src/engine/play/game.js";
import type { State } from "../src/engine/state/state.js";
import { neighbours } from "../src/engine/board/topology.js";
import { boardOutline, GroupWalker } from "../src/engine/structures/connection.js";
import { newCtx } from "../src/engine/play/rules.js";
import { at, build, man, onlyError, play, playAll, site, text } from "./support/games.js";

/** A position of men, each site's owner given. */
const loadPositionOf = (g: Game, sites: Record<string, string>): State => loadPosition(g, { sites: Object.fromEntries(Object.entries(sites).map(([l, p]) => [l, man(p)])), mover: "P1" });
const labels = (g: Game, sites: ArrayLike<number>) => Array.from(sites, (s) => g.topology.labels[s]).sort();
const sideOf = (g: Game, dir: string) => labels(g, boardSides(g.topology).get(dir) ?? []);

describe("(side D)", () => {
  it("on a square grid: the rows and columns of the edge, each corner also the side it faces alone", () => {
    const g = build({ board: "(square 4 3)", play: "(pass)" });
    expect(sideOf(g, "N")).toEqual(["a3", "b3", "c3", "d3"]);
    expect(sideOf(g, "W")).toEqual(["a1", "a2", "a3"]);
    expect(sideOf(g, "NE")).toEqual(["d3"]);
    expect(sideOf(g, "SW")).toEqual(["a1"]);
  });

  it("on Hex's rhombus: the four sides as Ludii names them, corners on both, and the top and bottom corners as N and S", () => {
    const g = build({ board: "(hex 5 shape:rhombus layout:columns)", play: "(pass)" });
    expect(sideOf(g, "SW")).toEqual(["a1", "a2", "a3", "a4", "a5"]);
    expect(sideOf(g, "NE")).toEqual(["e1", "e2", "e3", "e4", "e5"]);
    expect(sideOf(g, "SE")).toEqual(["a1", "b1", "c1", "d1", "e1"]);
    expect(sideOf(g, "NW")).toEqual(["a5", "b5", "c5", "d5", "e5"]);
    expect(sideOf(g, "N")).toEqual(["e5"]);
    expect(sideOf(g, "S")).toEqual(["a1"]);
  });

  it("on a hexhex board in rows: six sides of `size` cells, the top row facing N", () => {
    const g = build({ board: "(hex 3)", play: "(pass)" });
    expect(sideOf(g, "N")).toEqual(["a1", "a2", "a3"]);
    expect(sideOf(g, "S")).toEqual(["e1", "e2", "e3"]);
    expect(sideOf(g, "NW")).toEqual(["a1", "b1", "c1"]);
    expect(sideOf(g, "SE")).toEqual(["c5", "d4", "e3"]);
  });

  it("is a region like any other, and a name that is no compass direction is an error", () => {
    const g = build({ board: "(square 3 3)", items: "(region top (side N))", play: '(add piece:man to:(empty to) prefix:"")', end: "(if (in to top) (win mover))" });
    expect(play(g, g.newGame(), "a3").over).toBe(true);
    expect(play(g, g.newGame(), "a2").over).toBe(false);
    const d = onlyError(text({ board: "(square 3 3)", items: "(region top (side UP))", play: "(pass)" }), "M001", "UP");
    expect(d.message).toMatch(/no side facing 'UP'/);
  });
});

describe("(hex N shape:rhombus)", () => {
  it("has N x N cells; in columns each has the neighbours Ludii gives it (N NE SE S SW NW)", () => {
    const g = build({ board: "(hex 4 shape:rhombus layout:columns)", play: "(pass)" });
    expect(g.topology.n).toBe(16);
    expect(g.topology.dirNames).toEqual(["N", "NE", "SE", "S", "SW", "NW"]);
    const around = (l: string) => labels(g, neighbours(g.topology, at(g, l)));
    expect(around("b2")).toEqual(["a1", "a2", "b1", "b3", "c2", "c3"]);
    expect(around("a1")).toEqual(["a2", "b1", "b2"]);
    expect(around("d1")).toEqual(["c1", "d2"]);
  });

  it("in rows lies on its side: row a at the top, each row half a cell further right", () => {
    const g = build({ board: "(hex 3 shape:rhombus)", play: "(pass)" });
    expect(g.topology.labels.slice(0, 3)).toEqual(["a1", "a2", "a3"]);
    expect(labels(g, neighbours(g.topology, at(g, "b2")))).toEqual(["a2", "a3", "b1", "b3", "c1", "c2"]);
  });
});

const hexLike = (end: string, items = "") =>
  build({
    board: "(hex 4 shape:rhombus layout:columns)",
    items: `(seat-regions near {(side SW) (side SE)}) (seat-regions far {(side NE) (side NW)}) ${items}`,
    play: '(add piece:man to:(empty to) prefix:"")',
    end,
  });

describe("(connects SITE {REGIONS})", () => {
  const g = hexLike("(if (connects to {(region-of near mover) (region-of far mover)}) (win mover))");

  it("holds when the group of the piece placed touches every region, each seat its own", () => {
    // P1 joins SW (column a) to NE (column d) along row 2; P2's stones sit elsewhere.
    const s = playAll(g, g.newGame(), ["a2", "a4", "b2", "b4", "c2", "c4"]);
    expect(s.over).toBe(false);
    const won = play(g, s, "d2");
    expect(won.over).toBe(true);
    expect(g.winners(won)).toEqual([0]);
  });

  it("does not hold for a group touching the other seat's regions, nor for one region alone", () => {
    // P2's row 1 joins SW (a1), SE and NE (d1): P1's two sides, but only one of P2's (SE and NW).
    const s = playAll(g, g.newGame(), ["b3", "a1", "c3", "b1", "b4", "c1", "c4"]);
    expect(s.over).toBe(false);
    const p2 = play(g, s, "d1");
    expect(p2.over).toBe(false);
    expect(site(g, p2, "d1")).toEqual(man("P2"));
  });

  it("joins two groups with the stone between them", () => {
    const s = playAll(g, g.newGame(), ["a3", "a1", "b3", "b1", "d3", "c1"]);
    expect(s.over).toBe(false);
    expect(play(g, s, "c3").over).toBe(true);
  });

  it("is false on an empty site or off the board", () => {
    // The site north of the placement: empty, then a piece of a group on SW; off the board past the top corner.
    const h = hexLike("(if (connects (ahead to N) {(side SW)}) (win mover))");
    expect(play(h, h.newGame(), "a1").over).toBe(false);
    expect(play(h, playAll(h, h.newGame(), ["b2", "c4"]), "a1").over).toBe(true);
    expect(play(h, h.newGame(), "d4").over).toBe(false);
    const last = hexLike("(if (connects last-from {(side SW)}) (win mover))");
    expect(play(last, last.newGame(), "a1").over).toBe(false);
  });

  it("dirs: groups joined only by the directions given (a hex board's diagonals: across the corners of cells)", () => {
    const game = (ends: string) =>
      build({
        board: "(hex 4 layout:columns diagonals:true)",
        play: '(add piece:man to:(empty to) prefix:"")',
        end: `(if (connects to {(sites {${ends}})} dirs:{NNE E SSE SSW W NNW}) (win mover))`,
      });
    const t = build({ board: "(hex 4 layout:columns diagonals:true)", play: "(pass)" }).topology;
    const line = (from: string, dir: string): string[] => {
      const d = t.dirNames.indexOf(dir), out = [from];
      for (let s = t.step[d * t.n + t.labels.indexOf(from)]!; s >= 0; s = t.step[d * t.n + s]!) out.push(t.labels[s]!);
      return out;
    };
    // A diagonal line across the board (E: two columns on at a time) joins its ends; a line of edge neighbours (N) does not.
    const across = line("a1", "E"), up = line("a1", "N");
    expect(across.length).toBeGreaterThanOrEqual(3);
    const ends = (list: string[]) => `${list[0]}}) (sites {${list[list.length - 1]}`;
    const g1 = game(ends(across));
    const s1 = loadPositionOf(g1, Object.fromEntries(across.slice(0, -1).map((l) => [l, "P1"])));
    expect(play(g1, s1, across[across.length - 1]!).over).toBe(true);
    const g2 = game(ends(up));
    const s2 = loadPositionOf(g2, Object.fromEntries(up.slice(0, -1).map((l) => [l, "P1"])));
    expect(play(g2, s2, up[up.length - 1]!).over).toBe(false);
  });

  it("dirs: one choice for the game (M004 on a second, different one)", () => {
    const two = text({
      board: "(hex 4 layout:columns diagonals:true)",
      play: '(add piece:man to:(empty to) prefix:"")',
      end: "(if (connects to {(sites {a1})} dirs:{NNE E}) (win mover)) (if (connects to {(sites {g1})}) (win mover))",
    });
    expect(onlyError(two, "M004", "(connects to {(sites {g1})})").message).toMatch(/same directions/);
  });

  it("counts the regions a game asks about: more than 31 is an error", () => {
    const many = Array.from({ length: 32 }, (_, i) => `(sites {${String.fromCharCode(97 + (i % 8))}${1 + Math.floor(i / 8)}})`).join(" ");
    const d = onlyError(text({ board: "(square 8 4)", play: '(add piece:man to:(empty to) prefix:"")', end: `(if (connects to {${many}}) (win mover))` }), "M004", "(sites {h4})");
    expect(d.message).toMatch(/more than 31/);
  });
});

/** The region bits of the group of `site`, found by walking it (what the union-find must give). */
function walked(g: Game, s: State, site: number): number {
  const bits = g.def.groupLinks!.bits;
  const owner = s.owner[site]!;
  const seen = new Set([site]);
  const todo = [site];
  let mask = 0;
  while (todo.length) {
    const at = todo.pop()!;
    mask |= bits[at]!;
    for (const t of neighbours(g.topology, at)) if (!seen.has(t) && s.owner[t] === owner) seen.add(t), todo.push(t);
  }
  return mask;
}

function expectGroupsTrue(g: Game, games: number): number {
  let checked = 0;
  for (let seed = 1; seed <= games; seed++) {
    let s = g.newGame({ seed });
    for (let ply = 0; ply < 300 && !s.over; ply++) {
      const moves = g.legalMoves(s);
      if (!moves.length) break;
      s = g.apply(s, moves[(seed * 7919 + ply * 104729) % moves.length]!);
      for (let x = 0; x < s.owner.length; x++) {
        if (s.owner[x]! < 0) continue;
        expect(s.groupRegions(x), `seed ${seed}, ply ${ply}, ${g.topology.labels[x]}`).toBe(walked(g, s, x));
        checked++;
      }
      // A copy keeps the groups; a state read back from data rebuilds them.
      if (ply % 17 === 0) s = g.deserialize(JSON.parse(JSON.stringify(s.toJSON())));
    }
  }
  return checked;
}

describe("groups kept in the state", () => {
  it("agree with a walk of the group at every site of random Hex games (pieces only put down)", () => {
    expect(expectGroupsTrue(loadGame("hex", { options: { size: 6 } }), 20)).toBeGreaterThan(1000);
  });

  it("agree after captures and moves too (rebuilt once the board changed otherwise than by a placement)", () => {
    const g = build({
      board: "(square 5 5)",
      items: "(region sides (union (side W) (side E)))",
      start: "(place man P1 (rows 1 1)) (place man P2 (rows 5 5))",
      play: '(either (step to:(not (friend to))) (add piece:man to:(empty to) prefix:"+"))',
      end: "(if (connects to {(side W) (side E)}) (win mover))",
    });
    expect(expectGroupsTrue(g, 20)).toBeGreaterThan(500);
  });
});

/**
 * Whether the piece on `site` closes a ring, as the rule says it: some neighbour off the boundary
 * from which a flood through sites without the owner's pieces never reaches the boundary (one
 * flood per neighbour, nothing shared: what the walker's pruned search must agree with).
 */
function ringByFloods(g: Game, s: State, site: number): boolean {
  const { start, list, boundary } = boardOutline(g.topology);
  const owner = s.owner[site]!;
  if (owner < 0) return false;
  let own = 0;
  for (let k = start[site]!; k < start[site + 1]!; k++) if (s.owner[list[k]!] === owner) own++;
  if (own < 2) return false;
  for (let k = start[site]!; k < start[site + 1]!; k++) {
    const first = list[k]!;
    if (boundary[first]) continue;
    const seen = new Set([first]), todo = [first];
    let open = false;
    while (todo.length && !open) {
      const at = todo.pop()!;
      if (boundary[at]) open = true;
      for (let j = start[at]!; j < start[at + 1]!; j++) {
        const t = list[j]!;
        if (!seen.has(t) && s.owner[t] !== owner) seen.add(t), todo.push(t);
      }
    }
    if (!open) return true;
  }
  return false;
}

/** Random boards of stones put down on a hexhex board until full, every position given to `check`. */
function fillRandomly(g: Game, games: number, check: (s: State) => void): void {
  for (let seed = 1; seed <= games; seed++) {
    let s = g.newGame({ seed });
    for (let ply = 0; !s.over; ply++) {
      const moves = g.legalMoves(s);
      if (!moves.length) break;
      s = g.apply(s, moves[(seed * 7919 + ply * 104729) % moves.length]!);
      check(s);
    }
  }
}

describe("(closes-ring SITE)", () => {
  it("agrees with one flood per neighbour at every stone of randomly filled boards, rings around own stones included", () => {
    const g = build({ board: "(hex 5)", play: '(add piece:man to:(empty to) prefix:"")' });
    const walker = new GroupWalker(boardOutline(g.topology));
    let rings = 0, checked = 0;
    fillRandomly(g, 12, (s) => {
      for (let x = 0; x < s.owner.length; x++) {
        const ring = ringByFloods(g, s, x);
        expect(walker.closesRing(s, x), `${g.topology.labels[x]} after ${s.ply} stones`).toBe(ring);
        if (ring) rings++;
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(5000);
    expect(rings).toBeGreaterThan(100);
  });
});

describe("(group-sides SITE), (group-corners SITE)", () => {
  it("count what a walk of the group touches, read from the groups the state keeps", () => {
    const counts = [0, 1, 2, 3, 4, 5, 6];
    const rules = counts.flatMap((k) => [`(if (= (group-sides to) ${k}) (win mover))`, `(if (= (group-corners to) ${k}) (win mover))`]);
    const g = build({ board: "(hex 5)", play: '(add piece:man to:(empty to) prefix:"")', end: rules.join(" ") });
    const walker = new GroupWalker(boardOutline(g.topology));
    const c = newCtx();
    const said = (s: State, rule: number) => counts.filter((k) => g.def.end[2 * k + rule]!.when(s, c));
    let touching = 0;
    // The end rules stop a game at once: their conditions are asked here of positions of a game without them.
    const free = build({ board: "(hex 5)", play: '(add piece:man to:(empty to) prefix:"")' });
    fillRandomly(free, 6, (position) => {
      const s = g.deserialize(JSON.parse(JSON.stringify(position.toJSON())));
      for (let x = 0; x < s.owner.length; x++) {
        c.to = x;
        const sides = walker.touches(s, x, "side"), corners = walker.touches(s, x, "corner");
        expect(said(s, 0), `sides of ${g.topology.labels[x]}`).toEqual([sides]);
        expect(said(s, 1), `corners of ${g.topology.labels[x]}`).toEqual([corners]);
        if (sides >= 3) touching++;
      }
    });
    expect(touching).toBeGreaterThan(100);
  });
});

describe("(wheel {RINGS})", () => {
  it("joins a centre to every point of its ring, and each ring point to its two neighbours", () => {
    const g = build({ board: "(wheel {1 8})", play: "(pass)" });
    expect(g.topology.n).toBe(9);
    const around = (l: string) => labels(g, neighbours(g.topology, at(g, l)));
    expect(around("c3")).toEqual(["a3", "b2", "b4", "c1", "c5", "d2", "d4", "e3"]);
    expect(around("c5")).toEqual(["b4", "c3", "d4"]);
    expect(labels(g, g.topology.regions.get("ring-2")!)).toEqual(["a3", "b2", "b4", "c1", "c5", "d2", "d4", "e3"]);
    expect(labels(g, g.topology.regions.get("centre")!)).toEqual(["c3"]);
  });

  it("joins rings of the same size point to point, and a ring to one of twice its points every other point", () => {
    const g = build({ board: "(wheel {4 4 8})", play: "(pass)" });
    expect(g.topology.n).toBe(16);
    const ring = (k: number) => Array.from(g.topology.regions.get(`ring-${k}`)!);
    const [inner, middle, outer] = [ring(1), ring(2), ring(3)];
    const joined = (a: number, b: number) => neighbours(g.topology, a).includes(b);
    inner.forEach((s, i) => expect(joined(s, middle[i]!)).toBe(true));
    middle.forEach((s, i) => expect(joined(s, outer[2 * i]!)).toBe(true));
    expect(outer.filter((s, i) => i % 2 === 1 && neighbours(g.topology, s).some((t) => middle.includes(t)))).toEqual([]);
  });

  describe("turning directions: clockwise, anticlockwise, inward, outward", () => {
    const step = (g: Game, from: string, dir: string): string | null => {
      const t = g.topology, to = t.step[t.dirNames.indexOf(dir) * t.n + at(g, from)]!;
      return to < 0 ? null : t.labels[to]!;
    };

    it("go round each ring and along the spokes (none outward from the centre, none inward from a point without a spoke)", () => {
      const g = build({ board: "(wheel {1 8})", play: "(pass)" });
      // c5 is the top, d4 the next point clockwise (to the right), b4 the next anticlockwise.
      expect([step(g, "c5", "clockwise"), step(g, "c5", "anticlockwise")]).toEqual(["d4", "b4"]);
      expect([step(g, "e3", "clockwise"), step(g, "a3", "clockwise")]).toEqual(["d2", "b4"]);
      expect([step(g, "c5", "inward"), step(g, "c3", "outward"), step(g, "c5", "outward")]).toEqual(["c3", null, null]);
      const wide = build({ board: "(wheel {4 8})", play: "(pass)" });
      const [inner, outer] = [1, 2].map((k) => Array.from(wide.topology.regions.get(`ring-${k}`)!, (x) => wide.topology.labels[x]!));
      inner.forEach((l, i) => expect([step(wide, l, "outward"), step(wide, outer[2 * i]!, "inward")]).toEqual([outer[2 * i], l]));
      outer.filter((_, i) => i % 2 === 1).forEach((l) => expect(step(wide, l, "inward")).toBeNull());
    });

    it("are used only where a rule names them: every direction stays the compass ones", () => {
      const g = build({ board: "(wheel {1 8})", play: "(step to:(empty to))", end: "(if (no-moves next) (win mover))" });
      expect(g.topology.dirNames.slice(-4)).toEqual(["clockwise", "anticlockwise", "inward", "outward"]);
      // Each join once: the centre's 8 neighbours, a ring point's 3.
      expect(neighbours(g.topology, at(g, "c3"))).toHaveLength(8);
      const top = loadPositionOf(g, { c5: "P1" });
      expect(g.legalMoves(top).map((m) => m.notation).sort()).toEqual(["c5-b4", "c5-c3", "c5-d4"]);
    });

    it("move pieces round the ring, wrapping past the top, and a slide stops short of coming back to its start", () => {
      const g = build({ board: "(wheel {1 8})", play: "(either (step dirs:{clockwise} to:(empty to)) (slide dirs:{anticlockwise} range:any through:(empty site) to:(empty to)))", end: "" });
      const s = loadPositionOf(g, { b4: "P1", e3: "P2" });
      const moves = g.legalMoves(s).map((m) => m.notation).sort();
      // Clockwise from b4 (up and right) is the top, c5; anticlockwise it slides a3, b2, c1, d2 and stops before e3.
      expect(moves).toEqual(["b4-a3", "b4-b2", "b4-c1", "b4-c5", "b4-d2"]);
      const alone = g.legalMoves(loadPositionOf(g, { b4: "P1" })).map((m) => m.notation);
      // Alone on the ring, the slide goes round to every other point of it, never back to b4.
      expect(new Set(alone.filter((m) => m.startsWith("b4")).map((m) => m.slice(-2)))).toEqual(new Set(["a3", "b2", "c1", "d2", "e3", "d4", "c5"]));
    });

    it("make no rows: a full ring of a player's pieces is no row, and counting stops where the ring closes", () => {
      for (const end of ["(if (line 4 of:mover) (win mover))", "(if (line 4 to) (win mover))"]) {
        const g = build({ board: "(wheel {1 8})", play: "(add piece:man to:(empty to))", end });
        const ring = ["a3", "b2", "b4", "c1", "c5", "d2", "d4", "e3"];
        const full = loadPositionOf(g, Object.fromEntries(ring.map((l) => [l, "P1"])));
        const [centre] = g.legalMoves(full);
        expect(centre?.notation).toBe("*c3");
        // Lines through the centre hold three points; the ring of eight, followed clockwise, would be a row.
        expect(g.apply(full, centre!).over, end).toBe(false);
      }
    });
  });

  it("puts its rings on true circles and its spokes on straight lines", () => {
    const g = build({ board: "(wheel {1 12 12 12})", play: "(pass)" });
    const t = g.topology, centre = at(g, "h9");
    const distance = (x: number) => Math.hypot(t.drawX[x]! - t.drawX[centre]!, t.drawY[x]! - t.drawY[centre]!);
    const rings = [2, 3, 4].map((k) => Array.from(t.regions.get(`ring-${k}`)!));
    rings.forEach((ring, k) => ring.forEach((x) => expect(distance(x), t.labels[x]).toBeCloseTo(3 * (k + 1), 9)));
    // From the centre, each of the 12 directions of its spokes runs straight out through the three
    // rings: the same direction leads on from ring to ring, so a jump along any spoke exists.
    const spokes = t.dirNames.map((_, d) => d).filter((d) => t.step[d * t.n + centre]! >= 0);
    expect(spokes).toHaveLength(12);
    for (const d of spokes) {
      const path = [centre];
      for (let k = 0; k < 3; k++) path.push(t.step[d * t.n + path[k]!]!);
      expect(path.slice(1).map((x, k) => rings[k]!.indexOf(x)), t.dirNames[d]).toEqual(Array(3).fill(rings[0]!.indexOf(path[1]!)));
    }
    // Round the octagon of (wheel {1 8}), the two ring lines of every point meet at its corner's
    // 135 degrees by their compass names, as drawn: never named as one straight line.
    const w = build({ board: "(wheel {1 8})", play: "(pass)" }).topology;
    const compass16 = ["E", "ENE", "NE", "NNE", "N", "NNW", "NW", "WNW", "W", "WSW", "SW", "SSW", "S", "SSE", "SE", "ESE"];
    for (const x of w.regions.get("ring-2")!) {
      const ringDirs = w.dirNames.slice(0, w.ownDirs).filter((_, d) => { const y = w.step[d * w.n + x]!; return y >= 0 && y !== 0; });
      expect(ringDirs, w.labels[x]).toHaveLength(2);
      const [a, b] = ringDirs.map((name) => compass16.indexOf(name) * 22.5);
      expect((b! - a! + 360) % 360, `${w.labels[x]}: ${ringDirs.join(" ")}`).toSatisfy((turn: number) => turn === 135 || turn === 225);
    }
  });

  it("refuses rings that make no wheel", () => {
    for (const [rings, why] of [["{1 1}", /only the innermost ring may be a centre/], ["{4 6}", /not a multiple/], ["{2}", /two points/]] as const) {
      const d = onlyError(text({ board: `(wheel ${rings})`, play: "(pass)" }), "M004", rings);
      expect(d.message).toMatch(why);
    }
  });
});
