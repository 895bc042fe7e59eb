/**
 * The `leap` move: a piece goes to the end of a fixed path of steps (a knight's leap), turned and
 * mirrored by the board's symmetries or as written (player-relative paths), over anything unless
 * `through:` says which sites it may pass. Covers the chess family's leapers (knight, Xiangqi
 * horse and elephant, Janggi elephant, alfil, Shogi knight, a pawn's double step), the options
 * every piece move has, random sampling and the reverse look-up an attack test will use.
 */
import { describe, expect, it, vi } from "vitest";
import { loadPosition } from "../src/engine/state/position.js";
import { LeapGenerator } from "../src/engine/moves/leap.js";
import { MoveBuffer } from "../src/engine/moves/moves.js";
import { newCtx, NONE, SAMPLED, UNKNOWN } from "../src/engine/play/rules.js";
import type { Game } from "../src/engine/play/game.js";
import { EMPTY, type State } from "../src/engine/state/state.js";
import { checkInvariants } from "../src/engine/play/invariants.js";
import { seededChooser } from "./support/random.js";
import { at, build, counter, errorsOf, man, move, notations, onlyError, play, site, text, type Spec } from "./support/games.js";

/** A piece of the given type and owner, for positions. */
const pc = (piece: string, owner: string) => ({ piece, owner });

/** A game whose only move is the given leap, on a square board with diagonals, with a few piece types. */
function leaper(play: string, more: Partial<Spec> = {}): Game {
  return build({ board: "(square 5 5 diagonals:all)", items: "(piece knight) (piece horse) (piece elephant) (counter leaps)", play, ...more });
}

/** Two players facing N and S (P1 north, P2 south) on the given board, with further equipment items. */
function facing(board: string, play: string, items = ""): Game {
  return build(`(game "T" (players 2 forward:{N S})
    (equipment {(board ${board}) (piece knight) (piece pawn) (piece elephant) ${items}})
    (rules (start {}) (play ${play}) (end {})))`);
}

/** The leap generator of a game whose play is a single leap. */
function generatorOf(g: Game): LeapGenerator {
  const gen = g.def.generators.find((x) => x instanceof LeapGenerator);
  if (!gen) throw new Error("no leap");
  return gen as LeapGenerator;
}

/** Every legal move as `from-to`, from the generator alone. */
function pairs(g: Game, s: State): Set<string> {
  const out = new MoveBuffer();
  const c = newCtx();
  c.player = s.mover;
  generatorOf(g).generate(s, c, out);
  const l = g.topology.labels;
  return new Set(Array.from({ length: out.size }, (_, i) => `${l[out.from[i]!]}-${l[out.to[i]!]}`));
}

describe("leap: the knight", () => {
  const knight = leaper("(leap piece:{knight} paths:{{N N E}} to:(not (friend to)))");

  it("has its 8 leaps in the centre and 2 in the corner, from one path turned and mirrored", () => {
    const s = loadPosition(knight, { sites: { c3: pc("knight", "P1"), a1: pc("knight", "P1") }, mover: "P1" });
    expect(notations(knight, s)).toEqual(["a1-b3", "a1-c2", "c3-a2", "c3-a4", "c3-b1", "c3-b5", "c3-d1", "c3-d5", "c3-e2", "c3-e4"]);
  });

  it("needs no diagonals on the board: the turns of an orthogonal path are orthogonal", () => {
    const g = build({ board: "(square 5 5)", items: "(piece knight)", play: "(leap paths:{{N N E}})" });
    const s = loadPosition(g, { sites: { c3: pc("knight", "P1") }, mover: "P1" });
    expect(notations(g, s)).toHaveLength(8);
  });

  it("flies over pieces, its own and the enemy's", () => {
    const sites: Record<string, { piece: string; owner: string }> = { c3: pc("knight", "P1") };
    for (const l of ["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"]) sites[l] = pc("knight", l < "c" ? "P1" : "P2");
    const s = loadPosition(knight, { sites, mover: "P1" });
    expect(notations(knight, s).filter((m) => m.startsWith("c3"))).toHaveLength(8);
  });

  it("captures by replacement where to: allows it, and not its own pieces", () => {
    const s = loadPosition(knight, { sites: { c3: pc("knight", "P1"), d5: pc("horse", "P2"), b5: pc("horse", "P1") }, mover: "P1" });
    const ms = notations(knight, s);
    expect(ms).toContain("c3xd5");
    expect(ms.some((m) => m.endsWith("b5"))).toBe(false);
    const m = move(knight, s, "c3xd5");
    expect(m.captures).toEqual(["d5"]);
    expect(m.actions).toEqual([{ op: "remove", at: "d5" }, { op: "move", from: "c3", to: "d5" }]);
    const after = knight.apply(s, m);
    expect(site(knight, after, "d5")).toMatchObject({ piece: "knight", owner: "P1" });
    expect(site(knight, after, "c3")).toBeNull();
    expect(after.pieceCount[1]).toBe(0);
  });

  it("lands only on empty sites without to:, as a step", () => {
    const g = leaper("(leap paths:{{N N E}})");
    const s = loadPosition(g, { sites: { a1: pc("knight", "P1"), b3: pc("horse", "P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["a1-c2"]);
  });
});

describe("leap: blocked and flying leapers", () => {
  it("Xiangqi horse: blocked by a piece on its orthogonal first step, not on the diagonal", () => {
    const g = leaper("(leap piece:{horse} paths:{{N NE}} through:(empty site) to:(not (friend to)))");
    const open = loadPosition(g, { sites: { c3: pc("horse", "P1") }, mover: "P1" });
    expect(notations(g, open)).toEqual(["c3-a2", "c3-a4", "c3-b1", "c3-b5", "c3-d1", "c3-d5", "c3-e2", "c3-e4"]);
    // A piece of either side on c4 blocks both leaps north; one on d4 (a diagonal) blocks nothing.
    for (const owner of ["P1", "P2"]) {
      const legs = loadPosition(g, { sites: { c3: pc("horse", "P1"), c4: pc("knight", owner), d4: pc("knight", owner) }, mover: "P1" });
      expect(notations(g, legs).filter((m) => m.startsWith("c3"))).toEqual(["c3-a2", "c3-a4", "c3-b1", "c3-d1", "c3-e2", "c3-e4"]);
    }
    const east = loadPosition(g, { sites: { c3: pc("horse", "P1"), d3: pc("knight", "P2") }, mover: "P1" });
    expect(notations(g, east)).toEqual(["c3-a2", "c3-a4", "c3-b1", "c3-b5", "c3-d1", "c3-d5"]);
  });

  it("Xiangqi elephant: two diagonal steps, its eye empty, landing in its own half", () => {
    const g = facing(
      "(square 5 5 diagonals:all)",
      "(leap piece:{elephant} paths:{{NE NE}} through:(empty site) to:(and (not (friend to)) (in to (region-of home mover))))",
      "(seat-regions home {(rows 1 3) (rows 3 5)})",
    );
    const s = loadPosition(g, { sites: { c3: pc("elephant", "P1"), c1: pc("elephant", "P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["c3-a1", "c3-e1"]);
    // The eye d2 taken: only a1 is left. P2's home is rows 3 to 5.
    const eye = loadPosition(g, { sites: { c3: pc("elephant", "P1"), d2: pc("pawn", "P2") }, mover: "P1" });
    expect(notations(g, eye)).toEqual(["c3-a1"]);
    const p2 = loadPosition(g, { sites: { c3: pc("elephant", "P2"), e5: pc("pawn", "P1") }, mover: "P2" });
    expect(notations(g, p2)).toEqual(["c3-a5", "c3xe5"]);
  });

  it("Janggi elephant: one orthogonal then two diagonal steps, blocked anywhere on the way", () => {
    const g = build({ board: "(square 7 7 diagonals:all)", items: "(piece elephant)", play: "(leap paths:{{N NE NE}} through:(empty site) to:(not (friend to)))" });
    const s = loadPosition(g, { sites: { d4: pc("elephant", "P1") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["d4-a2", "d4-a6", "d4-b1", "d4-b7", "d4-f1", "d4-f7", "d4-g2", "d4-g6"]);
    // d5 is the first step of both leaps north; e6 only the second of the one to f7.
    const first = loadPosition(g, { sites: { d4: pc("elephant", "P1"), d5: pc("man", "P2") }, mover: "P1" });
    expect(notations(g, first)).not.toContain("d4-f7");
    expect(notations(g, first)).not.toContain("d4-b7");
    const second = loadPosition(g, { sites: { d4: pc("elephant", "P1"), e6: pc("man", "P2") }, mover: "P1" });
    expect(notations(g, second)).toEqual(["d4-a2", "d4-a6", "d4-b1", "d4-b7", "d4-f1", "d4-g2", "d4-g6"]);
  });

  it("Shatranj alfil: two diagonal steps over anything", () => {
    const g = build({ board: "(square 5 5 diagonals:all)", items: "(piece alfil)", play: "(leap piece:{alfil} paths:{{NE NE}} to:(not (friend to)))" });
    const s = loadPosition(g, { sites: { c3: pc("alfil", "P1"), b2: man("P1"), d2: man("P2"), b4: man("P2"), d4: man("P1"), e5: man("P2") }, mover: "P1" });
    expect(notations(g, s).filter((m) => m.startsWith("c3"))).toEqual(["c3-a1", "c3-a5", "c3-e1", "c3xe5"]);
  });
});

describe("leap: player-relative paths", () => {
  const shogi = facing("(square 5 5 diagonals:all)", "(leap piece:{knight} paths:{{forward forward-left} {forward forward-right}} turns:none to:(not (friend to)))");

  it("Shogi knight: only forward, which is north for P1 and south for P2", () => {
    const p1 = loadPosition(shogi, { sites: { c3: pc("knight", "P1") }, mover: "P1" });
    expect(notations(shogi, p1)).toEqual(["c3-b5", "c3-d5"]);
    const p2 = loadPosition(shogi, { sites: { c3: pc("knight", "P2"), b1: pc("knight", "P1") }, mover: "P2" });
    expect(notations(shogi, p2)).toEqual(["c3-d1", "c3xb1"]);
    // Near its far edge it has no move at all.
    const edge = loadPosition(shogi, { sites: { c4: pc("knight", "P1") }, mover: "P1" });
    expect(notations(shogi, edge)).toEqual([]);
  });

  it("a pawn's double step: forward twice over an empty site, from its start row only", () => {
    const g = facing(
      "(square 5 5)",
      "(leap kind:double piece:{pawn} paths:{{forward forward}} turns:none through:(empty site) from:(in from (region-of start mover)))",
      "(seat-regions start {(rows 2 2) (rows 4 4)})",
    );
    const s = loadPosition(g, { sites: { b2: pc("pawn", "P1"), c3: pc("pawn", "P1"), d2: pc("pawn", "P1"), d3: pc("pawn", "P2"), e2: pc("knight", "P1") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["b2-b4"]);
    expect(move(g, s, "b2-b4").kind).toBe("double");
    const p2 = loadPosition(g, { sites: { b4: pc("pawn", "P2"), c4: pc("pawn", "P2"), c2: pc("pawn", "P1") }, mover: "P2" });
    expect(notations(g, p2)).toEqual(["b4-b2"]);
  });

  it("turns:all turns a relative path too, the same for every seat", () => {
    const g = facing("(square 5 5 diagonals:all)", "(leap paths:{{forward forward-right}})");
    const p1 = loadPosition(g, { sites: { c3: pc("knight", "P1") }, mover: "P1" });
    const p2 = loadPosition(g, { sites: { c3: pc("knight", "P2") }, mover: "P2" });
    expect(notations(g, p1)).toHaveLength(8);
    expect(notations(g, p2)).toEqual(notations(g, p1));
  });
});

describe("leap: several paths to one site", () => {
  it("make one move, open when any of the paths is", () => {
    const g = leaper("(leap paths:{{N E} {E N}} turns:none through:(empty site))");
    const s = loadPosition(g, { sites: { b2: pc("knight", "P1") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["b2-c3"]);
    expect(notations(g, loadPosition(g, { sites: { b2: pc("knight", "P1"), b3: man("P2") }, mover: "P1" }))).toEqual(["b2-c3"]);
    expect(notations(g, loadPosition(g, { sites: { b2: pc("knight", "P1"), c2: man("P2") }, mover: "P1" }))).toEqual(["b2-c3"]);
    expect(notations(g, loadPosition(g, { sites: { b2: pc("knight", "P1"), b3: man("P2"), c2: man("P2") }, mover: "P1" }))).toEqual([]);
  });

  it("come from the turns of one path: on a hex board, a step and a turn reach each of 6 sites two ways", () => {
    const g = build({ board: "(hex 3)", items: "(piece knight)", play: "(leap paths:{{E NE}} through:(empty site))" });
    const s = loadPosition(g, { sites: { c3: pc("knight", "P1") }, mover: "P1" });
    const all = notations(g, s);
    expect(all).toEqual(["c3-a2", "c3-b1", "c3-b4", "c3-d1", "c3-d4", "c3-e2"]);
    expect(Array.from(generatorOf(g).originsOf(at(g, "c3"), 0), (o) => g.topology.labels[o]).sort()).toEqual(["a2", "b1", "b4", "d1", "d4", "e2"]);
    // Any one neighbour taken, every site is still reached the other way round.
    for (const neighbour of ["b2", "b3", "c2", "c4", "d2", "d3"]) {
      const blocked = loadPosition(g, { sites: { c3: pc("knight", "P1"), [neighbour]: man("P2") }, mover: "P1" });
      expect(notations(g, blocked), neighbour).toEqual(all);
    }
  });

  it("keeps a path that passes nothing over others to the same site", () => {
    const g = leaper("(leap paths:{{N E} {NE}} turns:none through:(empty site))");
    const s = loadPosition(g, { sites: { b2: pc("knight", "P1"), b3: man("P2"), c2: man("P2") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["b2-c3"]);
  });
});

describe("leap: the options of every piece move", () => {
  it("kind:, piece:, from: and then:", () => {
    const g = leaper("(leap kind:jump-ahead piece:{knight} paths:{{N N E}} from:(in from (rows 1 2)) then:{(counter-add leaps 1)})");
    const s = loadPosition(g, { sites: { a1: pc("knight", "P1"), c3: pc("knight", "P1"), b1: man("P1") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["a1-b3", "a1-c2"]);
    const m = move(g, s, "a1-c2");
    expect(m.kind).toBe("jump-ahead");
    expect(m.piece).toBe("knight");
    expect(m.actions).toContainEqual({ op: "counter", name: "leaps", change: "add", value: 1 });
    const after = play(g, s, "a1-c2");
    expect(counter(g, after, "leaps")).toBe(1);
  });

  it("origin:last-to: only the piece that just moved leaps again", () => {
    const g = leaper("(branch (same-turn) (leap origin:last-to paths:{{N N E}}) (leap paths:{{N N E}} then:{(move-again)}))");
    const s = loadPosition(g, { sites: { a1: pc("knight", "P1"), e1: pc("knight", "P1") }, mover: "P1" });
    const s1 = play(g, s, "a1-b3");
    expect(s1.mover).toBe(0);
    expect(notations(g, s1)).toEqual(["b3-a1", "b3-a5", "b3-c1", "b3-c5", "b3-d2", "b3-d4"]);
  });
});

describe("leap: random moves", () => {
  const g = leaper("(leap paths:{{N N E}} to:(not (friend to)))");

  /** How often `sample` draws each move in `draws` tries, checking each is legal (capturing as it should). */
  function frequencies(game: Game, s: State, draws: number): Map<string, number> {
    const legal = pairs(game, s);
    const gen = generatorOf(game);
    const c = newCtx();
    const out = new MoveBuffer();
    const seen = new Map<string, number>();
    const l = game.topology.labels;
    for (let i = 0; i < draws; i++) {
      out.clear();
      c.player = s.mover;
      if (gen.sample(s, c, out) !== SAMPLED) continue; // UNKNOWN: the caller would generate; rare here
      const key = `${l[out.from[0]!]}-${l[out.to[0]!]}`;
      expect(legal.has(key), key).toBe(true);
      expect(out.capLen[0]).toBe(s.owner[out.to[0]!] === EMPTY ? 0 : 1);
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect(new Set(seen.keys())).toEqual(legal);
    return seen;
  }

  /** Checks every move's share is within `slack` of an equal share. */
  function expectUniform(seen: Map<string, number>, draws: number, slack: number): void {
    const total = [...seen.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(draws * 0.9);
    for (const [key, n] of seen) expect(Math.abs(n / total - 1 / seen.size), key).toBeLessThan(slack);
  }

  it("draws only legal moves, each about as often as any other", () => {
    // Four knights, 12 leaps: some blocked by friends, one a capture. An equal share is 1/12 (0.083),
    // its standard error over 7,000 draws about 0.0033.
    const s = loadPosition(g, { sites: { a1: pc("knight", "P1"), d3: pc("knight", "P1"), b2: pc("knight", "P1"), e5: pc("horse", "P2"), c1: pc("knight", "P1") }, mover: "P1" });
    const seen = frequencies(g, s, 7000);
    expect(seen.size).toBe(12);
    expectUniform(seen, 7000, 0.02);
  });

  it("draws a site reached by two paths no more often than one reached by one", () => {
    const two = leaper("(leap paths:{{N E} {E N} {N}} turns:none)");
    const s = loadPosition(two, { sites: { b2: pc("knight", "P1") }, mover: "P1" });
    const seen = frequencies(two, s, 4000);
    expect([...seen.keys()].sort()).toEqual(["b2-b3", "b2-c3"]);
    // Drawn by path, c3 would come up 2 times in 3.
    expectUniform(seen, 4000, 0.04);
  });

  it("says when there is no piece to move, and leaves the choice to generation when every leap is blocked", () => {
    const knights = leaper("(leap piece:{knight} paths:{{N N E}})");
    const gen = generatorOf(knights);
    const c = newCtx();
    const out = new MoveBuffer();
    const none = loadPosition(knights, { sites: { a1: pc("knight", "P2"), c3: pc("horse", "P1") }, mover: "P1" });
    expect(gen.sample(none, c, out)).toBe(NONE);
    // The knight's two leaps land on horses: it has pieces, but no move it can find by drawing.
    const walled = loadPosition(knights, { sites: { a1: pc("knight", "P1"), b3: pc("horse", "P1"), c2: pc("horse", "P2") }, mover: "P1" });
    const before = knights.hash(walled);
    c.player = 0;
    expect(gen.sample(walled, c, out)).toBe(UNKNOWN);
    expect(out.size).toBe(0);
    expect(knights.hash(walled)).toBe(before);
    expect(knights.legalMoves(walled)).toEqual([]);
  });

  it("plays whole random games through sampling with the invariants kept", () => {
    const race = leaper("(leap paths:{{N N E}} to:(not (friend to)))", {
      start: "(place knight P1 (sites {a1 e1})) (place knight P2 (sites {a5 e5}))",
      end: "(if (no-pieces next) (win mover))",
    });
    const drawn = vi.spyOn(generatorOf(race), "sample");
    let ended = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const s = race.newGame({ seed });
      race.playout(s, 400);
      expect(checkInvariants(race, s)).toEqual([]);
      if (s.over) {
        ended++;
        expect(race.winners(s)).toHaveLength(1);
      }
    }
    expect(drawn).toHaveBeenCalled();
    expect(ended).toBeGreaterThan(0);
  });
});

describe("leap: looking back from a target", () => {
  const g = leaper("(leap piece:{knight horse} paths:{{N NE}} through:(not (enemy site)) to:(not (friend to)))");
  const gen = generatorOf(g);

  it("originsOf lists the sites a leap could come from, whatever stands on the board", () => {
    const n = g.topology.n;
    for (let t = 0; t < n; t++) {
      const expected: number[] = [];
      for (let o = 0; o < n; o++) {
        const alone = loadPosition(g, { sites: { [g.topology.labels[o]!]: pc("knight", "P1") }, mover: "P1" });
        if (pairs(g, alone).has(`${g.topology.labels[o]}-${g.topology.labels[t]}`)) expected.push(o);
      }
      expect(Array.from(gen.originsOf(t, 0)), g.topology.labels[t]).toEqual(expected);
      expect(gen.originsOf(t, 0)).toBe(gen.originsOf(t, 0));
    }
  });

  it("reaches agrees with the generated moves on random positions", () => {
    const pick = seededChooser(21);
    const types = ["knight", "horse", "man", "elephant"];
    const n = g.topology.n;
    for (let round = 0; round < 40; round++) {
      const sites: Record<string, { piece: string; owner: string }> = {};
      for (let i = 0; i < n; i++) if (pick(3) === 0) sites[g.topology.labels[i]!] = pc(types[pick(4)]!, pick(2) ? "P1" : "P2");
      const mover = pick(2) ? "P1" : "P2";
      const s = loadPosition(g, { sites, mover });
      const moves = pairs(g, s);
      const c = newCtx();
      c.player = s.mover;
      for (let from = 0; from < n; from++) {
        for (let to = 0; to < n; to++) {
          const key = `${g.topology.labels[from]}-${g.topology.labels[to]}`;
          if (gen.reaches(s, c, from, to) !== moves.has(key)) expect.fail(`${key} in ${JSON.stringify(sites)} for ${mover}`);
        }
      }
    }
  });
});

describe("leap: descriptions", () => {
  it("names the step that is no direction of the board", () => {
    const src = text({ board: "(square 5 5)", items: "(piece knight)", play: "(leap paths:{{N N E} {N Q}})" });
    const d = onlyError(src, "M001", "Q", "{N Q}");
    expect(d.message).toBe("the board has no direction 'Q'");
  });

  it("refuses player-relative steps without forward directions, onward, and an empty path", () => {
    expect(errorsOf(text({ items: "(piece knight)", play: "(leap paths:{{forward forward-left}} turns:none)" })).map((d) => [d.code, d.message])).toEqual([
      ["M004", "player-relative directions need each seat's forward direction"],
    ]);
    expect(errorsOf(text({ items: "(piece knight)", play: "(leap paths:{{N onward}})" })).map((d) => d.code)).toEqual(["M004"]);
    onlyError(text({ items: "(piece knight)", play: "(leap paths:{{N E} {}})" }), "M004", "{}", "{{N E} {}}");
  });
});
