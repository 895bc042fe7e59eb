/**
 * Directions relative to the last decision's move beside `onward`: `back`, the way back along it
 * (Ludii's OppositeDirection), and `except:`, directions removed from a move's `dirs:` -- a king's
 * next jump in Dama (Comoros) goes any way but straight back (`except:{back}`, Ludii's
 * `(difference Orthogonal OppositeDirection)`).
 */
import { describe, expect, it } from "vitest";
import { loadPosition } from "../src/engine/state/position.js";
import { build, errorsOf, man, notations, onlyError, play, text } from "./support/games.js";

/** One step, then the same piece steps again in the directions given (`dirs:` and `except:` of the second step). */
const again = (second: string, board = "(square 4 4)") =>
  build({ board, play: `(branch (same-turn) (step origin:last-to ${second}) (step then:{(move-again)}))`, end: "" });

describe("back and except: in a move's directions", () => {
  const s0 = (g: ReturnType<typeof again>) => loadPosition(g, { sites: { b2: man("P1"), d4: man("P2") }, mover: "P1" });

  it("except:{back}: any way but straight back the way the last move came", () => {
    const g = again("except:{back}");
    expect(notations(g, play(g, s0(g), "b2-b3")).sort()).toEqual(["b3-a3", "b3-b4", "b3-c3"]);
    expect(notations(g, play(g, s0(g), "b2-c2")).sort()).toEqual(["c2-c1", "c2-c3", "c2-d2"]);
  });

  it("dirs:{back} goes only back, and mixes with onward and board directions", () => {
    const back = again("dirs:{back}");
    expect(notations(back, play(back, s0(back), "b2-b3"))).toEqual(["b3-b2"]);
    const line = again("dirs:{onward back}");
    expect(notations(line, play(line, s0(line), "b2-b3")).sort()).toEqual(["b3-b2", "b3-b4"]);
    const mixed = again("dirs:{E onward}");
    expect(notations(mixed, play(mixed, s0(mixed), "b2-b3")).sort()).toEqual(["b3-b4", "b3-c3"]);
  });

  it("except:{onward}: any way but straight on", () => {
    const g = again("except:{onward}");
    expect(notations(g, play(g, s0(g), "b2-b3")).sort()).toEqual(["b3-a3", "b3-b2", "b3-c3"]);
  });

  it("follows the board's diagonals too", () => {
    const g = again("except:{back}", "(square 4 4 diagonals:all)");
    const after = notations(g, play(g, s0(g), "b2-c3"));
    expect(after).not.toContain("c3-b2");
    expect(after.sort()).toEqual(["c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3"]);
  });

  it("without a last move along a line, back is no direction: except:{back} removes nothing", () => {
    const g = build({ board: "(square 3 3)", play: "(step dirs:{N E S W} except:{back})", end: "" });
    const start = loadPosition(g, { sites: { b2: man("P1") }, mover: "P1" });
    expect(notations(g, start)).toHaveLength(4);
    // P2 went a1-a2 (north): back is south for P1's move.
    const after = loadPosition(g, { sites: { b2: man("P1"), a2: man("P2") }, mover: "P1", last: { from: "a1", to: "a2" } });
    expect(notations(g, after).sort()).toEqual(["b2-b3", "b2-c2"]);
    const only = build({ board: "(square 3 3)", play: "(either (step dirs:{back}) (pass))", end: "" });
    expect(notations(only, loadPosition(only, { sites: { b2: man("P1") }, mover: "P1" }))).toEqual(["pass"]);
  });

  it("a flying hop that may not turn straight back (Dama's king)", () => {
    const hops = (except: string) =>
      build({
        board: "(square 7 7)",
        play: `(branch (same-turn)
          (hop origin:last-to ${except} before:any after:any over:(enemy over))
          (hop before:any after:any over:(enemy over) then:{(move-again)}))`,
        end: "",
      });
    // c4 jumps east over e4 to f4; from f4 an enemy lies north (f6) and, back west past the square
    // it came from, b4.
    const sites = { c4: man("P1"), e4: man("P2"), b4: man("P2"), f6: man("P2") };
    const g = hops("except:{back}");
    expect(notations(g, play(g, loadPosition(g, { sites, mover: "P1" }), "c4xf4"))).toEqual(["f4xf7"]);
    const free = hops("");
    expect(notations(free, play(free, loadPosition(free, { sites, mover: "P1" }), "c4xf4")).sort()).toEqual(["f4xa4", "f4xf7"]);
  });

  it("removes fixed directions at compile time, player-relative ones per seat", () => {
    const g = build(text({ board: "(square 3 3)", play: "(step dirs:{N E S W} except:{backward})", end: "" }).replace("(players 2)", "(players 2 forward:{N S})"));
    const p1 = loadPosition(g, { sites: { b2: man("P1") }, mover: "P1" });
    expect(notations(g, p1).sort()).toEqual(["b2-a2", "b2-b3", "b2-c2"]);
    const p2 = loadPosition(g, { sites: { b2: man("P2") }, mover: "P2" });
    expect(notations(g, p2).sort()).toEqual(["b2-a2", "b2-b1", "b2-c2"]);
  });

  it("(ahead to back): the site behind the move's destination, back towards where it came from", () => {
    const g = build({ board: "(square 4 4)", play: "(slide range:any to:(and (empty to) (not (same-site (ahead to back) from))))", end: "" });
    // Slides of one square are left out: the site back from their end is their start.
    const s = loadPosition(g, { sites: { a1: man("P1") }, mover: "P1" });
    expect(notations(g, s).sort()).toEqual(["a1-a3", "a1-a4", "a1-c1", "a1-d1"]);
  });

  it("errors: back outside moves of a piece, in a leap, an except: of a direction dirs: never allows", () => {
    onlyError(text({ play: "(step to:(sees from to dirs:{N back}))" }), "M004", "back");
    const leap = errorsOf(text({ play: "(leap paths:{{N back}})" }));
    expect(leap.map((d) => [d.code, d.message])).toEqual([["M004", "'back' (the direction back along the last move) cannot be a step of a leap's path"]]);
    const fly = errorsOf(text({ play: "(fly except:{back})" }));
    expect(fly.map((d) => [d.code, d.message])).toEqual([["M004", "'back' (the direction back along the last move) is for moves along the board's lines; (fly ...) does not move along one"]]);
    onlyError(text({ play: "(step dirs:{N E} except:{S})" }), "M004", "S", "except:{S}");
    onlyError(text({ play: "(step except:{up})" }), "M001", "up");
    const group = errorsOf(text({ play: "(add piece:man to:(and (empty to) (outflanks to dirs:{back})))" }));
    expect(group.map((d) => [d.code, d.message])).toEqual([["M004", "'back' (the direction back along the last move) is for moves of a piece; this form cannot use it"]]);
  });
});
