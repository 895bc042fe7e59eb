/**
 * A number chosen by the player with the move: `(for-each-value min:A max:B MOVES)` and `(value)`
 * (Ludii's `(forEach Value min:A max:B ...)`): the moves once for each number, the number read by
 * their counts, conditions and consequences, carried by each move (notation `b1:5`, `value`, move
 * codes, records), and the descriptions the compiler refuses.
 */
import { describe, expect, it } from "vitest";
import type { Game } from "../src/engine/play/game.js";
import { PlayLimitError } from "../src/engine/play/play-limit.js";
import { loadPosition } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";
import { build, counter, move, notations, onlyError, play, site } from "./support/games.js";
import { MctsAgent } from "../src/ai/mcts.js";
import { NO_PICK, clickSite, moveLabel, targets } from "../src/view/pick.js";

/** Two rows of three pits round a loop, P1 sowing from the bottom row how many seeds it chooses (at least two). */
const sowing = (then = "", min = "2") =>
  build(`(game "T" (players 2)
    (equipment {(board (mancala 2 3)) (piece seed) (counter sown)
      (track round {(path a1 c1) (path c2 a2)} loop:true) (seat-regions side {(rows 1 1) (rows 2 2)})})
    (rules (start {(place seed neutral pits height:3)})
      (play (for-each-value min:${min} max:(max-over (in site (region-of side mover)) (count site))
        (sow round count:(value) from:(and (in from (region-of side mover)) (>= (count from) (value))) then:{${then}})))
      (end {})))`);

/** One step a1-b1, told apart by the number alone (1 to 3), which the step's consequence keeps: 3 wins, 1 or 2 loses. */
const stepping = () =>
  build(`(game "T" (players 2)
    (equipment {(board (square 2 1)) (piece man) (counter chosen)})
    (rules (start {(place man P1 a1)})
      (play (for-each-value min:1 max:3 (step to:(empty to) then:{(counter-set chosen (value))})))
      (end {(if (= (counter chosen) 3) (win mover)) (if (> (counter chosen) 0) (win next))})))`);

const heights = (g: Game, s: State): string => [...g.topology.labels].map((l) => `${l}:${site(g, s, l)?.height ?? 0}`).join(" ");

describe("for-each-value: one move for each number, the number read by the moves", () => {
  it("lists a sowing for each pit and each number of seeds from min: to what the pit holds, written pit:number", () => {
    const g = sowing();
    const s = g.newGame();
    expect(notations(g, s)).toEqual(["a1:2", "a1:3", "b1:2", "b1:3", "c1:2", "c1:3"]);
    const m = move(g, s, "b1:2");
    expect(m).toMatchObject({ kind: "sow", from: "b1", to: "c2", count: 2, value: 2 });
    expect(m.code.value).toBe(2);
    // Two seeds of b1's three: c1 and c2 get one each, one stays; or all three, b2 getting the last.
    expect(heights(g, play(g, s, "b1:2"))).toBe("a1:3 b1:1 c1:4 a2:3 b2:3 c2:4");
    expect(heights(g, play(g, s, "b1:3"))).toBe("a1:3 b1:0 c1:4 a2:3 b2:4 c2:4");
  });

  it("offers nothing for a pit holding fewer than the number, and no numbers when max: is below min:", () => {
    const g = sowing();
    const s = loadPosition(g, { mover: "P1", sites: { a1: { piece: "seed", height: 4 }, b1: { piece: "seed", height: 1 }, c2: { piece: "seed", height: 2 } } });
    expect(notations(g, s)).toEqual(["a1:2", "a1:3", "a1:4"]);
    const none = loadPosition(g, { mover: "P1", sites: { a1: { piece: "seed", height: 1 }, c2: { piece: "seed", height: 2 } } });
    expect(notations(g, none)).toEqual([]);
  });

  it("lets the move's consequences read the number, when the move is made and when it is described", () => {
    const g = sowing("(counter-add sown (value))");
    const s = play(g, g.newGame(), "a1:3");
    expect(counter(g, s, "sown")).toBe(3);
    expect(counter(g, play(g, s, "a2:2"), "sown")).toBe(5);
    const steps = stepping();
    expect(move(steps, steps.newGame(), "a1-b1:2").actions).toContainEqual({ op: "counter", name: "chosen", change: "set", value: 2 });
    expect(counter(steps, play(steps, steps.newGame(), "a1-b1:2"), "chosen")).toBe(2);
  });

  it("parses the notation, and applies a move code only with its number", () => {
    const g = stepping();
    const s = g.newGame();
    expect(g.parseMove(s, "A1-B1:3")?.notation).toBe("a1-b1:3");
    expect(g.parseMove(s, "a1-b1")).toBeNull();
    const code = move(g, s, "a1-b1:1").code;
    const other = g.newGame();
    g.applyCode(other, { ...code, value: 3 });
    expect(other.over).toBe(true);
    expect(Array.from(other.returns)).toEqual([1, -1]);
    expect(() => g.applyCode(g.newGame(), { ...code, value: 9 })).toThrow(/not one of the legal moves/);
    expect(() => g.applyCode(g.newGame(), { ...code, value: undefined })).toThrow(/not one of the legal moves/);
  });

  it("keeps moves that differ only by the number apart in a search (MCTS keys)", () => {
    const g = stepping();
    const s = g.newGame();
    expect(notations(g, s)).toEqual(["a1-b1:1", "a1-b1:2", "a1-b1:3"]);
    const agent = new MctsAgent("mcts", { iterations: 300, c: 1.4, maxRollout: 40, captureBias: 0, earlyStop: false, discount: 1, seed: 1 });
    expect(agent.choose(g, s, g.legalMoves(s)).notation).toBe("a1-b1:3");
  });

  it("is picked in the browser by the pit and the pit the last seed reaches, a menu where two numbers end alike", () => {
    const g = sowing();
    // b1 holds 8: sowing 2 ends on c2, as does sowing 8 (round the loop of six again).
    const s = loadPosition(g, { mover: "P1", sites: { b1: { piece: "seed", height: 8 }, a2: { piece: "seed", height: 1 } } });
    const legal = g.legalMoves(s);
    const picked = clickSite(legal, NO_PICK, "b1");
    expect(picked.kind).toBe("select");
    if (picked.kind !== "select") return;
    expect([...targets(legal, picked.pick)].sort()).toEqual(["a1", "a2", "b1", "b2", "c1", "c2"]);
    const menu = clickSite(legal, picked.pick, "c2");
    expect(menu.kind).toBe("choose");
    if (menu.kind === "choose") expect(menu.moves.map(moveLabel)).toEqual(["b1:2", "b1:8"]);
    const one = clickSite(legal, picked.pick, "b2");
    expect(one.kind === "play" && one.move.notation).toBe("b1:3");
  });

  it("serves any move's numbers: pieces carried (transfer count:), steps along a track", () => {
    const g = build(`(game "T" (players 2)
      (equipment {(board (square 4 1)) (piece man) (track road {(path a1 d1)})})
      (rules (start {(place man P1 a1 height:3)})
        (play (either
          (for-each-value min:1 max:(count a1) (transfer from:(same-site from a1) to:(same-site to b1) count:(value)))
          (for-each-value min:2 max:3 (move-along road steps:(value) from:(same-site from a1)))))
        (end {})))`);
    const s = g.newGame();
    expect(notations(g, s)).toEqual(["a1-b1:1", "a1-b1:2", "a1-b1:3", "a1-c1:2", "a1-d1:3"]);
    expect(site(g, play(g, s, "a1-b1:2"), "b1")?.height).toBe(2);
  });

  it("is asked whether a player has a move (no-moves) number by number", () => {
    const g = build(`(game "T" (players 2)
      (equipment {(board (mancala 2 3)) (piece seed)
        (track round {(path a1 c1) (path c2 a2)} loop:true) (seat-regions side {(rows 1 1) (rows 2 2)})})
      (rules (start {(place seed neutral a1 height:2) (place seed neutral a2 height:1)})
        (play (priority (for-each-value min:2 max:5 (sow round count:(value) from:(and (in from (region-of side mover)) (>= (count from) (value))))) (pass)))
        (end {(if (no-moves next ignore-pass:true) (win mover))})))`);
    const s = g.newGame();
    expect(notations(g, s)).toEqual(["a1:2"]);
    // After a1:2 (b1 and c1 one each), P2 has no pit of two: no sowing for any number.
    const after = play(g, s, "a1:2");
    expect(after.over).toBe(true);
    expect(Array.from(after.returns)).toEqual([1, -1]);
  });

  it("is asked whether a piece attacks a site number by number (attacked)", () => {
    // P2's man on d1 attacks c1 only with a number of at least 1: asked before any move, as a whole.
    const g = build(`(game "T" (players 2)
      (equipment {(board (square 4 1)) (piece man)})
      (rules (start {(place man P1 a1) (place man P2 d1)})
        (play (branch (attacked c1 by:P2 as:man) (pass kind:alarm notation:"alarm")
          (for-each-value min:1 max:2 (step to:(and (not (friend to)) (>= (value) 1))))))
        (end {})))`);
    expect(notations(g, g.newGame())).toEqual(["alarm"]);
  });

  it("stops play with an error, not a hang, on a range of a billion numbers", () => {
    const huge = build(`(game "T" (players 2)
      (equipment {(board (square 2 1)) (piece man)})
      (rules (start {(place man P1 a1)}) (play (for-each-value min:1 max:1000000000 (step to:(and (empty to) (= (value) 3))))) (end {})))`);
    expect(() => huge.legalMoves(huge.newGame())).toThrow(PlayLimitError);
  });
});

describe("for-each-value: descriptions refused", () => {
  const game = (play: string) => `(game "T" (players 2)
  (equipment {(board (square 3 3)) (piece man)})
  (rules (start {(place man P1 a1 height:3)}) (play ${play}) (end {})))`;

  it("(value) outside the moves of a for-each-value (M004)", () => {
    const src = game("(transfer to:(empty to) count:(value))");
    onlyError(src, "M004", "(value)");
  });

  it("from, over or to in min: or max:, asked before any move exists (M004)", () => {
    const src = game("(for-each-value min:1 max:(count from) (transfer to:(empty to) count:(value)))");
    const d = onlyError(src, "M004", "from", "(count from)");
    expect(d.message).toMatch(/min: and max: are asked once/);
  });

  it("(value) in its own range (M004)", () => {
    onlyError(game("(for-each-value min:1 max:(+ (value) 1) (transfer to:(empty to) count:(value)))"), "M004", "(value)", "(+ (value) 1)");
  });

  it("a for-each-value inside another (M004): a move carries one number", () => {
    const src = game("(for-each-value min:1 max:2 (for-each-value min:1 max:2 (transfer to:(empty to) count:(value))))");
    const d = onlyError(src, "M004", "(for-each-value min:1 max:2 (transfer to:(empty to) count:(value)))");
    expect(d.message).toMatch(/inside another/);
  });

  it("min: or max: missing (a binding error)", () => {
    const src = game("(for-each-value max:2 (transfer to:(empty to) count:(value)))");
    expect(() => build(src)).toThrow(/min/);
  });
});
