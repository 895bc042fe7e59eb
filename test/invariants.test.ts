/** The invariant checker reports broken states (so the playout checks that rely on it can fail). */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { checkInvariants } from "../src/engine/play/invariants.js";

const game = loadGame(new URL("../games/benediction.game", import.meta.url).pathname);

describe("checkInvariants", () => {
  it("accepts the start position", () => {
    expect(checkInvariants(game, game.newGame())).toEqual([]);
  });

  it("reports a piece count out of step with the board", () => {
    const s = game.newGame();
    s.pieceCount[0] = 3;
    expect(checkInvariants(game, s).join()).toContain("P1: piece count 3 but 7 sites owned");
  });

  it("reports checkers created from nothing and a negative supply", () => {
    const s = game.newGame();
    s.supply[1] = -1;
    const e3 = game.topology.labels.indexOf("e3");
    s.height[e3] = 9;
    const problems = checkInvariants(game, s).join("\n");
    expect(problems).toContain("P2: negative supply -1");
    expect(problems).toContain("P1: 15 on board + 5 in supply + 0 scored exceeds the 12 owned");
  });

  it("reports a supply above the total; conservation may be left out, soundness may not", () => {
    const s = game.newGame();
    s.supply[0] = 13;
    expect(checkInvariants(game, s).join("\n")).toContain("P1: supply 13 above the 12 owned");
    const t = game.newGame();
    t.score[0] = 5; // a description may score for other things than pieces taken off
    expect(checkInvariants(game, t).join()).toContain("exceeds the 12 owned");
    expect(checkInvariants(game, t, { conservation: false })).toEqual([]);
    t.pieceCount[0] = 0;
    expect(checkInvariants(game, t, { conservation: false }).join()).toContain("P1: piece count 0");
  });

  it("reports an empty site with leftovers", () => {
    const s = game.newGame();
    const a1 = game.topology.labels.indexOf("a1");
    s.flags[a1] = 1;
    expect(checkInvariants(game, s).join()).toContain("a1: empty but has piece -1, height 0, flags 1");
  });
});
