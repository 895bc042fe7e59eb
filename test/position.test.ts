import { describe, it, expect } from "vitest";
import { fileURLToPath } from "node:url";
import { loadGame } from "../src/compile/index.js";
import { describeSite, loadPosition, PositionError, playerIndex, toPosition } from "../src/engine/position.js";
import { EMPTY, NEUTRAL } from "../src/engine/state.js";
import { siteIndex } from "../src/engine/topology.js";

const dablotPath = fileURLToPath(new URL("../games/dablot.game", import.meta.url));
const game = loadGame(dablotPath);
const at = (label: string) => {
  const s = siteIndex(game.topology, label);
  if (s < 0) throw new Error(label);
  return s;
};

/** The problems of a position that must be refused. */
function problemsOf(pos: unknown): string[] {
  try {
    loadPosition(game, pos);
  } catch (e) {
    expect(e).toBeInstanceOf(PositionError);
    return (e as PositionError).problems;
  }
  throw new Error(`position accepted: ${JSON.stringify(pos)}`);
}

const valid = {
  sites: {
    k7: { piece: "king", owner: "P1" },
    a7: { piece: "king", owner: "P2" },
    c5: { piece: "soldier", owner: "P2" },
    d4: { piece: "prince", owner: "P1", height: 1 },
  },
  mover: "P2",
  counters: { quiet: 7 },
};

describe("loadPosition: valid positions", () => {
  it("puts the pieces, the mover and the counters in the state", () => {
    const s = loadPosition(game, valid);
    expect(describeSite(game, s, at("k7"))).toEqual({ piece: "king", owner: "P1", height: 1, flags: [] });
    expect(describeSite(game, s, at("a7"))).toEqual({ piece: "king", owner: "P2", height: 1, flags: [] });
    expect(describeSite(game, s, at("c5"))).toEqual({ piece: "soldier", owner: "P2", height: 1, flags: [] });
    expect(describeSite(game, s, at("d4"))).toEqual({ piece: "prince", owner: "P1", height: 1, flags: [] });
    expect(describeSite(game, s, at("a1"))).toBeNull();
    expect(s.owner[at("e5")]).toBe(EMPTY);
    expect(Array.from(s.pieceCount)).toEqual([2, 2]);
    expect(s.mover).toBe(1);
    expect(game.currentPlayer(s)).toBe(1);
    expect(s.counters[0]).toBe(7);
    expect(s.over).toBe(false);
    expect(s.actionInTurn).toBe(1);
    expect(s.actionsInTurn).toBe(1);
  });

  it("gives the mover's legal moves (compulsory capture applies)", () => {
    const s = loadPosition(game, valid);
    // P2's soldier on c5 touches P1's prince on d4 but may not jump it (a soldier jumps soldiers only): steps only.
    const moves = game.legalMoves(s).map((m) => m.notation);
    expect(moves.every((m) => m.startsWith("c5-") || m.startsWith("a7-"))).toBe(true);
    expect(moves).toContain("c5-e5");
    // a soldier of P1 next to P2's soldier with an empty landing behind: P1 must jump
    const p1 = loadPosition(game, { sites: { c5: { piece: "soldier", owner: "P1" }, d6: { piece: "soldier", owner: "P2" }, a13: { piece: "king", owner: "P2" } }, mover: "P1" });
    expect(game.legalMoves(p1).map((m) => m.notation)).toEqual(["c5xe7"]);
  });

  it("defaults the mover to P1 and accepts an empty object", () => {
    const s = loadPosition(game, {});
    expect(s.mover).toBe(0);
    expect(Array.from(s.pieceCount)).toEqual([0, 0]);
    expect(toPosition(game, s).sites).toEqual({});
  });

  it("round-trips through toPosition", () => {
    const s = loadPosition(game, valid);
    const pos = toPosition(game, s);
    expect(pos.mover).toBe("P2");
    expect(pos.counters).toEqual({ quiet: 7 });
    expect(Object.keys(pos.sites!).sort()).toEqual(["a7", "c5", "d4", "k7"]);
    expect(pos.sites!.d4).toEqual({ piece: "prince", owner: "P1", height: 1, flags: [] });
    const again = loadPosition(game, JSON.parse(JSON.stringify(pos)));
    expect(game.hash(again)).toBe(game.hash(s));
    expect(toPosition(game, again)).toEqual(pos);
  });

  it("round-trips the start position of a new game", () => {
    const s = game.newGame();
    const pos = toPosition(game, s);
    expect(Object.keys(pos.sites!)).toHaveLength(60);
    const again = loadPosition(game, pos);
    expect(game.hash(again)).toBe(game.hash(s));
    expect(Array.from(again.owner)).toEqual(Array.from(s.owner));
    expect(Array.from(again.piece)).toEqual(Array.from(s.piece));
    expect(Array.from(again.pieceCount)).toEqual([30, 30]);
    expect(game.legalMoves(again).map((m) => m.notation)).toEqual(game.legalMoves(s).map((m) => m.notation));
  });

  it("treats a piece without owner as neutral", () => {
    const s = loadPosition(game, { sites: { e7: { piece: "soldier" } } });
    expect(s.owner[at("e7")]).toBe(NEUTRAL);
    expect(Array.from(s.pieceCount)).toEqual([0, 0]);
    expect(describeSite(game, s, at("e7"))).toEqual({ piece: "soldier", height: 1, flags: [] });
  });

  it("accepts labels in upper case", () => {
    const s = loadPosition(game, { sites: { K7: { piece: "king", owner: "P1" } } });
    expect(describeSite(game, s, at("k7"))?.piece).toBe("king");
  });

  it("knows seat names", () => {
    expect(playerIndex(game, "P1")).toBe(0);
    expect(playerIndex(game, "P2")).toBe(1);
    expect(playerIndex(game, "P3")).toBe(-1);
    expect(playerIndex(game, "P0")).toBe(-1);
    expect(playerIndex(game, 1)).toBe(-1);
  });
});

describe("loadPosition: malformed positions", () => {
  it("refuses an unknown site label", () => {
    expect(problemsOf({ sites: { z9: { piece: "king", owner: "P1" } } })).toEqual(["position.sites.z9: the board has no site 'z9'"]);
    // b1 is not a point of the Dablot lattice
    expect(problemsOf({ sites: { b1: { piece: "king", owner: "P1" } } })[0]).toMatch(/^position\.sites\.b1: /);
  });

  it("refuses an unknown piece type", () => {
    const p = problemsOf({ sites: { a1: { piece: "queen", owner: "P1" } } });
    expect(p).toHaveLength(1);
    expect(p[0]).toMatch(/^position\.sites\.a1\.piece: 'queen' is not a piece/);
    expect(p[0]).toContain("soldier, prince, king");
  });

  it("refuses an owner that is not a seat", () => {
    const p = problemsOf({ sites: { a1: { piece: "king", owner: "P3" } } });
    expect(p).toHaveLength(1);
    expect(p[0]).toMatch(/^position\.sites\.a1\.owner: 'P3'/);
    expect(p[0]).toContain("P1..P2");
  });

  it("refuses a bad height", () => {
    for (const height of [0, -1, 1.5, "2"]) {
      const p = problemsOf({ sites: { a1: { piece: "king", owner: "P1", height } } });
      expect(p, String(height)).toEqual(["position.sites.a1.height: must be a whole number >= 1"]);
    }
  });

  it("refuses an unknown counter and a non-integer counter value", () => {
    expect(problemsOf({ counters: { nope: 1 } })[0]).toMatch(/^position\.counters\.nope: no such counter/);
    expect(problemsOf({ counters: { quiet: 1.5 } })).toEqual(["position.counters.quiet: must be a whole number"]);
    expect(problemsOf({ counters: [1] })[0]).toMatch(/^position\.counters: /);
  });

  it("refuses unknown fields at the top level and on a site", () => {
    const p = problemsOf({ foo: 1 });
    expect(p).toHaveLength(1);
    expect(p[0]).toMatch(/^position\.foo: unknown field/);
    expect(problemsOf({ sites: { a1: { piece: "king", owner: "P1", colour: "red" } } })[0]).toMatch(/^position\.sites\.a1\.colour: unknown field/);
  });

  it("refuses a position that is not an object", () => {
    for (const v of [5, "x", [], null, true]) {
      expect(problemsOf(v), JSON.stringify(v)).toEqual(["the position must be a JSON object"]);
    }
  });

  it("refuses a bad mover, bad sites and bad per-player fields", () => {
    expect(problemsOf({ mover: "P3" })[0]).toMatch(/^position\.mover: 'P3'/);
    expect(problemsOf({ mover: 2 })[0]).toMatch(/^position\.mover: /);
    expect(problemsOf({ sites: [] })[0]).toMatch(/^position\.sites: /);
    expect(problemsOf({ sites: { a1: "king" } })[0]).toMatch(/^position\.sites\.a1: /);
    expect(problemsOf({ supply: { P3: 1 } })[0]).toMatch(/^position\.supply\.P3: /);
    expect(problemsOf({ scores: { P1: "x" } })[0]).toMatch(/^position\.scores\.P1: /);
    expect(problemsOf({ markers: { m: { P1: ["a1"] } } })[0]).toMatch(/^position\.markers\.m: /);
    expect(problemsOf({ actionInTurn: 2 })[0]).toMatch(/^position\.actionInTurn: /);
    expect(problemsOf({ actionsInTurn: 0 })[0]).toMatch(/^position\.actionsInTurn: /);
  });

  // Was a bug: `a1` and `A1` were both accepted and put twice on one site (pieceCount [1, 1]).
  it("refuses a site given twice under labels differing in case", () => {
    const p = problemsOf({ sites: { a1: { piece: "king", owner: "P1" }, A1: { piece: "soldier", owner: "P2" } } });
    expect(p).toHaveLength(1);
    expect(p[0]).toMatch(/^position\.sites\.A1: /);
    expect(p[0]).toContain("a1");
  });

  it("reports every problem of a position at once", () => {
    const p = problemsOf({
      sites: { z9: { piece: "king", owner: "P1" }, a1: { piece: "queen", owner: "P1" }, c1: { piece: "king", owner: "P7" } },
      mover: "P9",
      counters: { nope: 3 },
      extra: true,
    });
    expect(p).toHaveLength(6);
    for (const path of ["position.extra", "position.sites.z9", "position.sites.a1.piece", "position.sites.c1.owner", "position.mover", "position.counters.nope"]) {
      expect(p.some((x) => x.startsWith(path + ":")), path).toBe(true);
    }
    const e = (() => {
      try {
        loadPosition(game, { foo: 1, mover: "P3" });
      } catch (err) {
        return err as PositionError;
      }
      return undefined;
    })();
    expect(e?.message).toBe(e?.problems.join("\n"));
  });
});
