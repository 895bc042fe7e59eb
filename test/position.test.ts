import { describe, it, expect } from "vitest";
import { seededChooser } from "./support/random.js";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadGame } from "../src/compile/index.js";
import type { Game } from "../src/engine/play/game.js";
import { describeSite, loadPosition, PositionError, playerIndex, toPosition } from "../src/engine/state/position.js";
import { EMPTY, NEUTRAL, type State } from "../src/engine/state/state.js";
import { siteIndex } from "../src/engine/board/topology.js";
import { renderBoard, statusLine } from "../src/view/text.js";

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
      expect(p, String(height)).toEqual(["position.sites.a1.height: must be a whole number from 1 to 1073741823"]);
    }
  });

  it("refuses an unknown counter and a non-integer counter value", () => {
    expect(problemsOf({ counters: { nope: 1 } })[0]).toMatch(/^position\.counters\.nope: no such counter/);
    expect(problemsOf({ counters: { quiet: 1.5 } })).toEqual(["position.counters.quiet: must be a whole number (of at most 15 digits)"]);
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

// --- round trips: every game, random positions ---

const gamesDir = fileURLToPath(new URL("../games", import.meta.url));

/** Every description in games/, and Beset with each other number of players it allows. */
function variants(): { name: string; game: Game }[] {
  const out: { name: string; game: Game }[] = [];
  for (const file of readdirSync(gamesDir).filter((f) => f.endsWith(".game")).sort()) {
    const g = loadGame(join(gamesDir, file));
    out.push({ name: file, game: g });
    if (file === "beset.game") for (const players of [3, 4, 5]) out.push({ name: `${file} players=${players}`, game: loadGame(join(gamesDir, file), { options: { players } }) });
  }
  return out;
}


/**
 * States reached by random play: the start, positions at random plies (mid-turn ones included),
 * and a few played to the end (or to a cap, for games that may never end).
 */
function randomStates(game: Game, count: number): State[] {
  const out: State[] = [];
  for (let seed = 1; seed <= count; seed++) {
    const pick = seededChooser(seed * 7919);
    const plies = seed === 1 ? 0 : seed <= 3 ? 1500 : pick(120);
    let s = game.newGame({ seed });
    for (let i = 0; i < plies && !s.over; i++) {
      const moves = game.legalMoves(s);
      if (moves.length === 0) break;
      s = game.apply(s, moves[pick(moves.length)]!);
    }
    out.push(s);
  }
  return out;
}

/** What must survive the round trip: the legal moves, the drawing and status line, the hash. */
function looks(game: Game, s: State) {
  return {
    legal: game.legalMoves(s).map((m) => m.notation),
    board: renderBoard(game, s),
    status: statusLine(game, s),
    hash: game.hash(s),
    over: s.over,
    returns: Array.from(s.returns),
  };
}

describe("positions round-trip: toPosition -> JSON -> loadPosition", () => {
  for (const { name, game } of variants()) {
    it(name, () => {
      for (const s of randomStates(game, 12)) {
        const pos = JSON.parse(JSON.stringify(toPosition(game, s)));
        const back = loadPosition(game, pos);
        const at = `${name} at ply ${s.ply}`;
        expect(looks(game, back), at).toEqual(looks(game, s));
        expect(toPosition(game, back), at).toEqual(pos);
      }
    });
  }

  it("the random positions cover what a position must carry", () => {
    // Guards the test above: it would prove little if no state had these.
    const all = variants().flatMap(({ game }) => randomStates(game, 12).map((s) => ({ game, s, pos: toPosition(game, s) })));
    expect(all.some(({ s }) => s.over)).toBe(true);
    expect(all.some(({ s }) => s.preludeLeft > 0)).toBe(true);
    expect(all.some(({ s }) => s.turn === 1)).toBe(true);
    expect(all.some(({ s }) => s.actionInTurn > 1)).toBe(true);
    expect(all.some(({ pos }) => pos.memory !== undefined)).toBe(true);
    expect(all.some(({ pos }) => Object.values(pos.internalFlags ?? {}).some((flags) => flags.includes("moved")))).toBe(true);
    expect(all.some(({ pos }) => Object.values(pos.markers ?? {}).some((perPlayer) => Object.values(perPlayer).some((l) => l.length > 0)))).toBe(true);
  });
});

describe("positions: what is absent and what is carried", () => {
  const benediction = loadGame(join(gamesDir, "benediction.game"));
  const kingsTrail = loadGame(join(gamesDir, "kings-trail.game"));
  const blind = loadGame(join(gamesDir, "blind-kings.game"));
  const beset = loadGame(join(gamesDir, "beset.game"));
  const start = (g: Game, s: State, m: number, p: number) => g.topology.labels.filter((_, i) => s.markers[s.markerIndex(m, p, i)]);

  it("a marker set that is absent holds what the game's start gives it", () => {
    const s = loadPosition(benediction, { sites: { e3: { piece: "man", owner: "P1" } } });
    expect(start(benediction, s, 0, 0)).toEqual(["e2"]);
    expect(start(benediction, s, 0, 1)).toEqual(["e8"]);
    // So a drop next to the starting point is legal, and a man reaching it is crowned.
    const moves = benediction.legalMoves(s).map((m) => m.notation);
    expect(moves).toContain("*d2");
    expect(moves).toContain("e3-e2");
    const crowned = benediction.apply(s, benediction.parseMove(s, "e3-e2")!);
    expect(describeSite(benediction, crowned, siteIndex(benediction.topology, "e2"))!.flags).toContain("king");
  });

  it("a marker set that is given, even empty, replaces the start's; the other player's stays", () => {
    const s = loadPosition(benediction, { markers: { start: { P1: [] } } });
    expect(start(benediction, s, 0, 0)).toEqual([]);
    expect(start(benediction, s, 0, 1)).toEqual(["e8"]);
    const t = loadPosition(benediction, { markers: { start: { P1: ["c1", "g1"], P2: [] } } });
    expect(start(benediction, t, 0, 0)).toEqual(["c1", "g1"]);
    expect(start(benediction, t, 0, 1)).toEqual([]);
    // King's Trail's start gives no starting points (they are chosen): absent sets stay empty.
    const k = loadPosition(kingsTrail, {});
    expect(start(kingsTrail, k, 0, 0)).toEqual([]);
  });

  it("writes internal flags (a stack that moved this turn) apart from the sites, and reads them back", () => {
    let s = benediction.newGame();
    s = benediction.apply(s, benediction.parseMove(s, "e3-e4")!); // red's single opening action
    s = benediction.apply(s, benediction.parseMove(s, "e7-e6")!); // blue's first action
    const pos = toPosition(benediction, s);
    expect(pos.internalFlags).toEqual({ e6: ["moved"] });
    expect(pos.sites!.e6!.flags).toEqual([]); // as the board, and a scenario's sites, show it
    expect(pos).toMatchObject({ mover: "P2", actionInTurn: 2, actionsInTurn: 2, turn: 2 });
    const back = loadPosition(benediction, pos);
    expect(benediction.legalMoves(back).some((m) => m.from === "e6" && m.kind === "move")).toBe(false);
    const { internalFlags: _, ...forgetful } = pos;
    expect(benediction.legalMoves(loadPosition(benediction, forgetful)).some((m) => m.from === "e6" && m.kind === "move")).toBe(true);
  });

  it("refuses internal flags that are not internal, on empty sites or off the board", () => {
    const problems = (pos: unknown) => {
      try {
        loadPosition(benediction, pos);
      } catch (e) {
        return (e as PositionError).problems;
      }
      return [];
    };
    expect(problems({ sites: { e2: { piece: "man", owner: "P1" } }, internalFlags: { e2: ["king"], e5: ["moved"], z9: ["moved"] } })).toEqual([
      "position.internalFlags.e2: 'king' is not an internal flag of this game (moved, doomed)",
      "position.internalFlags.e5: the site is empty; only a piece carries flags",
      "position.internalFlags.z9: the board has no site 'z9'",
    ]);
  });

  it("carries the prelude and the first turn", () => {
    const pos = toPosition(kingsTrail, kingsTrail.newGame());
    expect(pos).toMatchObject({ turn: 0, preludeLeft: 2, mover: "P1", actionInTurn: 1, actionsInTurn: 1 });
    expect(kingsTrail.legalMoves(loadPosition(kingsTrail, pos)).every((m) => m.kind === "choose")).toBe(true);
    // Beset's first stone goes anywhere, on the first turn only.
    const first = loadPosition(beset, { turn: 1 });
    expect(beset.legalMoves(first)).toHaveLength(beset.topology.n);
    expect(beset.legalMoves(loadPosition(beset, {}))).toHaveLength(0);
    // Benediction's first turn has one action when the position does not say otherwise.
    expect(loadPosition(benediction, { turn: 1 }).actionsInTurn).toBe(1);
    expect(loadPosition(benediction, {}).actionsInTurn).toBe(2);
  });

  it("refuses a prelude and a turn that do not fit together, and a mover out of the prelude's order", () => {
    const problems = (g: Game, pos: unknown) => {
      try {
        loadPosition(g, pos);
      } catch (e) {
        return (e as PositionError).problems;
      }
      return [];
    };
    expect(problems(kingsTrail, { preludeLeft: 3 })[0]).toMatch(/^position\.preludeLeft: must be a whole number from 0 to 2/);
    expect(problems(kingsTrail, { preludeLeft: 2, turn: 3 })[0]).toMatch(/^position\.turn: must be 0 while the prelude goes on/);
    expect(problems(kingsTrail, { turn: 0 })[0]).toMatch(/^position\.turn: 0 is the prelude/);
    expect(problems(kingsTrail, { preludeLeft: 1, mover: "P1" })[0]).toMatch(/^position\.mover: the prelude decision 2 is P2's/);
    expect(problems(game, { memory: [1] })[0]).toBe("position.memory: Dablot keeps no rule memory");
    expect(problems(blind, { memory: [1, 2] })[0]).toMatch(/^position\.memory: must be a list of 8 whole numbers/);
    expect(problems(game, { result: "won" })[0]).toMatch(/^position\.result: expected "ongoing", "draw"/);
    expect(problems(game, { result: { winner: "P3" } })[0]).toMatch(/^position\.result: P3 is not a player/);
    expect(problems(game, { endRule: 0 })[0]).toMatch(/^position\.endRule: only a finished game/);
  });

  it("carries a chase limit's memory: the limit still holds after loading", () => {
    // P2's cannon flees along the top row, P1's king follows it; after three follows the fourth is refused.
    const pos = {
      sites: { a1: { piece: "king", owner: "P1" }, a3: { piece: "cannon", owner: "P2" }, h4: { piece: "soldier", owner: "P2" }, d4: { piece: "soldier", owner: "P1" } },
      mover: "P1",
    };
    let s = loadPosition(blind, pos);
    const line = ["a1-a2", "a3-b3", "a2-a3", "b3-c3", "a3-b3", "c3-d3", "b3-c3", "d3-e3"];
    for (const n of line) {
      const m = blind.parseMove(s, n);
      expect(m, n).not.toBeNull();
      s = blind.apply(s, m!);
    }
    expect(blind.legalMoves(s).map((m) => m.notation)).not.toContain("c3-d3");
    const back = loadPosition(blind, JSON.parse(JSON.stringify(toPosition(blind, s))));
    expect(blind.legalMoves(back).map((m) => m.notation)).not.toContain("c3-d3");
    expect(blind.hash(back)).toBe(blind.hash(s));
    // Without the memory, the same board allows the follow again.
    const { memory: _, ...forgetful } = toPosition(blind, s);
    expect(blind.legalMoves(loadPosition(blind, forgetful)).map((m) => m.notation)).toContain("c3-d3");
  });

  it("carries the result of a finished game", () => {
    const s = loadPosition(game, { sites: { c5: { piece: "soldier", owner: "P1" } }, result: { winner: "P1" }, endRule: 0 });
    expect(game.isTerminal(s)).toBe(true);
    expect(game.winners(s)).toEqual([0]);
    expect(game.legalMoves(s)).toEqual([]);
    expect(toPosition(game, s)).toMatchObject({ result: { winner: "P1" }, endRule: 0 });
    expect(game.returns(loadPosition(game, { result: "draw" }))).toEqual([0, 0]);
  });
});

describe("observations (show --as): loadable as observations, refused as positions", () => {
  const blind = loadGame(join(gamesDir, "blind-kings.game"));

  it("an observation reads back as the same observation when asked for", () => {
    for (const s of randomStates(blind, 10)) {
      const obs = blind.observation(s, s.mover);
      const pos = JSON.parse(JSON.stringify(toPosition(blind, obs)));
      const back = loadPosition(blind, pos, 0, { observation: true });
      expect(looks(blind, back)).toEqual(looks(blind, obs));
      expect(Array.from(back.concealedPool!)).toEqual(Array.from(obs.concealedPool!));
      expect(Array.from(back.pieceCount)).toEqual(Array.from(obs.pieceCount));
      expect(toPosition(blind, back)).toEqual(pos);
    }
  });

  it("the start's observation: every piece face down, none counted for a player", () => {
    const pos = toPosition(blind, blind.observation(blind.newGame({ seed: 4 }), 0));
    expect(Object.values(pos.sites!).every((p) => p.piece === "unknown" && p.owner === undefined)).toBe(true);
    expect(pos.concealed).toEqual({
      P1: { king: 1, cp6: 2, cp5: 2, cp4: 2, cp3: 2, cannon: 2, soldier: 5 },
      P2: { king: 1, cp6: 2, cp5: 2, cp4: 2, cp3: 2, cannon: 2, soldier: 5 },
    });
  });

  it("is refused where a position must give every piece, naming a site and saying why", () => {
    const pos = toPosition(blind, blind.observation(blind.newGame({ seed: 4 }), 0));
    let problems: string[] = [];
    try {
      loadPosition(blind, pos);
    } catch (e) {
      problems = (e as PositionError).problems;
    }
    expect(problems).toEqual([
      "position.sites.a1: 'unknown' is a face-down piece of an observation (so are 31 more: b1, c1, d1, e1, f1, ...); " +
        "a position must give every piece's identity (write it with `ludex show` without --as)",
    ]);
  });

  it("refuses an observation that does not account for its face-down pieces", () => {
    const pos = toPosition(blind, blind.observation(blind.newGame({ seed: 4 }), 0));
    const load = (p: unknown) => {
      try {
        loadPosition(blind, p, 0, { observation: true });
      } catch (e) {
        return (e as PositionError).problems;
      }
      return [];
    };
    const { concealed: _, ...noPool } = pos;
    expect(load(noPool)[0]).toMatch(/^position\.concealed: an observation with face-down pieces must say how many/);
    expect(load({ ...pos, concealed: { P1: { king: 1 } } })).toEqual(["position.concealed: counts 1 face-down pieces, but the board has 32"]);
    expect(load({ sites: { a1: { piece: "unknown", owner: "P1", flags: [] } }, concealed: { P1: { king: 1 } } })).toEqual([
      "position.sites.a1.owner: a face-down piece of an observation has no owner anyone can see",
      "position.sites.a1.flags: a face-down piece carries a concealing flag (hidden)",
    ]);
    expect(problemsOf({ sites: { a1: { piece: "unknown" } } })[0]).toMatch(/face-down piece of an observation/);
  });
});
