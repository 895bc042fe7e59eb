/**
 * Numbers kept for each player: a counter declared `per:player` (Ludii's `(value Player ...)` and
 * `(set Value ...)`), read and changed with `of:`. Ludii's Shiva, written with one, replays
 * Ludii's own games in test/ludii-fixtures-replay.test.ts.
 */
import { describe, expect, it } from "vitest";
import { loadPosition, toPosition } from "../src/engine/state/position.js";
import { statusLine } from "../src/view/text.js";
import { build, errorsOf, onlyError, play, playAll, text } from "./support/games.js";

/** Each placement on the top row scores for the player who made it; three such win. */
const spec = {
  board: "(square 3 3)",
  items: '(counter tops per:player shown:"tops") (counter turns)',
  play: "(add piece:man to:(empty to) then:{(counter-add turns 1) (when (in to (side N)) then:{(counter-add tops 1)})})",
  end: "(if (= (counter tops of:mover) 2) (win mover))",
};

describe("counter per:player", () => {
  it("keeps a number for each player, changed for the mover by default and read for any player", () => {
    const g = build(spec);
    const s = playAll(g, g.newGame({ seed: 1 }), ["*a3", "*a1", "*b1", "*b3"]);
    expect(toPosition(g, s).counters).toEqual({ "tops@P1": 1, "tops@P2": 1, turns: 4 });
    // P1's second top ends the game for P1, not P2's one
    const won = play(g, s, "*c3");
    expect(won.over).toBe(true);
    expect(g.winners(won)).toEqual([0]);
  });

  it("is changed and read for the player `of:` names", () => {
    const g = build({
      ...spec,
      play: "(add piece:man to:(empty to) then:{(counter-add tops 2 of:next) (counter-set turns (counter tops of:P2))})",
      end: "",
    });
    const s = play(g, g.newGame({ seed: 1 }), "*b2");
    expect(toPosition(g, s).counters).toEqual({ "tops@P1": 0, "tops@P2": 2, turns: 2 });
  });

  it("is read from and written to positions as name@P1, name@P2, and shown under each player's name", () => {
    const g = build(spec);
    const s = loadPosition(g, { sites: {}, mover: "P2", counters: { "tops@P2": 1 } });
    expect(toPosition(g, s).counters).toEqual({ "tops@P1": 0, "tops@P2": 1, turns: 0 });
    expect(statusLine(g, s)).toContain("P2 tops 1");
    expect(() => loadPosition(g, { sites: {}, mover: "P1", counters: { tops: 1 } })).toThrow(/tops@P1, tops@P2/);
    // The end rule's reason names the player whose counter it read
    const won = play(g, loadPosition(g, { sites: {}, mover: "P2", counters: { "tops@P2": 1 } }), "*a3");
    expect(g.endReason(won)?.text).toMatch(/P2's tops/);
  });

  it("refuses a player's value of a counter kept for the whole game, and an unknown counter, naming the counters", () => {
    const src = text({ ...spec, play: "(add piece:man to:(empty to) then:{(counter-add turns 1 of:mover)})" });
    const d = onlyError(src, "M004", "mover", "turns 1 of:mover");
    expect(d.message).toMatch(/counter 'turns' is one for the whole game/);
    expect(d.expected).toMatch(/per:player/);
    const unknown = errorsOf(text({ ...spec, end: "(if (= (counter top of:mover) 2) (win mover))" }));
    expect(unknown.map((e) => e.message)).toEqual(["no counter 'top'"]);
    expect(unknown[0]!.expected).toBe("one of: tops, turns");
    expect(errorsOf(text({ ...spec, items: "(counter tops per:seat)" })).map((e) => e.code)).toEqual(["S001"]);
  });
});
