/**
 * Rules compiled to code (src/engine/compiled/) against their reference, the closures: every
 * library game is compiled both ways and played both ways from the same seeds, and at every
 * decision the two must list the same moves in the same order (every field of every row) and reach
 * the same position; fast playouts (sampling, no-moves answered by `any`) must end alike.
 */
import { describe, expect, it } from "vitest";
import { compileGame, loadGame } from "../src/compile/index.js";
import { readFileSync } from "node:fs";
import { builtinGamePath } from "../src/library/builtin.js";
import { builtinGameNames } from "../src/library/builtin.js";
import type { Game } from "../src/engine/play/game.js";
import type { MoveBuffer } from "../src/engine/moves/moves.js";
import type { State } from "../src/engine/state/state.js";
import { Emitter, sourceOf, withSource } from "../src/engine/compiled/emitter.js";
import { readsMovingPiece } from "../src/engine/compiled/pieces.js";
import { specializeRules } from "../src/engine/compiled/specialize.js";

/** One row of a move buffer as text: every field, its path and its captures. */
function rowText(b: MoveBuffer, r: number): string {
  const path = Array.from(b.pool.subarray(b.pathStart[r]!, b.pathStart[r]! + b.pathLen[r]!));
  const caps = Array.from(b.pool.subarray(b.capStart[r]!, b.capStart[r]! + b.capLen[r]!));
  return `${b.gen[r]}:${b.kind[r]}:${b.from[r]}>${b.to[r]}x${b.count[r]}p${b.piece[r]}e${b.extra[r]}d${b.die[r]}[${path}][${caps}]`;
}

function movesText(g: Game, s: State): string[] {
  const b = g.generate(s);
  const rows: string[] = [];
  for (let r = 0; r < b.size; r++) rows.push(rowText(b, r));
  return rows;
}

/** The state as the engine keeps it (board, counters, turn, generator), for comparing two runs. */
function stateText(g: Game, s: State): string {
  return `${g.hash(s)}|${s.mover}|${s.ply}|${s.over}|${g.winners(s)?.join(",") ?? "-"}`;
}

const SEEDS = 6;
const MAX_PLIES = 400;

describe("the emitter", () => {
  it("writes only integers into source; every other value is passed in", () => {
    const e = new Emitter();
    expect(e.int(-3)).toBe("(-3)");
    expect(() => e.int(0.5)).toThrow(/only inline integers/);
    expect(() => e.int(Number.NaN)).toThrow(/only inline integers/);
    const table = new Int32Array([4, 5, 6]);
    const name = e.ref(table, "t; alert(1)");
    expect(name).toMatch(/^k_\d+$/);
    expect(e.ref(table)).toBe(name);
    const f = e.build<(i: number) => number>("test; x", "i", `return ${name}[i] * 2;`);
    expect(f(2)).toBe(12);
    expect(f.name).toBe("compiled_test__x");
  });

  it("inlines a condition that has a source and calls one that has none", () => {
    const e = new Emitter();
    const known = withSource(() => true, () => "s.ply > 2");
    const opaque = () => false;
    expect(sourceOf(known)).toBeDefined();
    expect(e.cond(known)).toBe("(s.ply > 2)");
    expect(e.cond(opaque, "an opaque test")).toMatch(/^p_\d+\(s, c\)$/);
    expect(e.calls).toEqual(["an opaque test"]);
  });

  it("knows when code may read the moving piece's context", () => {
    expect(readsMovingPiece("c.to = t; if (s.owner[c.to] === -1) out.add(0, 0, site, t, 1, type);")).toBe(false);
    expect(readsMovingPiece("c.over = o; x = c.player;")).toBe(false);
    expect(readsMovingPiece("if ((c.selfFlags & 2) !== 0) continue;")).toBe(true);
    expect(readsMovingPiece("if (!p_3(s, c)) continue;")).toBe(true);
  });

  it("a condition folded to one part keeps that part's source: (and X true), (or X false)", () => {
    const text = readFileSync(builtinGamePath("tic-tac-toe")!, "utf8");
    for (const folded of ["(and (empty to) true)", "(or false (empty to))", "(and (or (empty to) false) (not false))"]) {
      const edited = text.replace("to:(empty to)", `to:${folded}`);
      expect(edited, folded).not.toBe(text);
      const { game } = compileGame(edited);
      const rules = game!.def.compilation!.rules;
      expect(rules.every((r) => r.compiled && r.closures.length === 0), `${folded}: ${JSON.stringify(rules)}`).toBe(true);
    }
  });

  it("a rule whose compilation fails keeps its closures and the report says why", () => {
    const game = loadGame("konane", { closures: true });
    const jump = game.def.generators.find((g) => g.constructor.name === "JumpGenerator")!;
    const before = jump.generate;
    jump.compile = () => {
      throw new Error("no source for this");
    };
    const report = specializeRules(game.def);
    // The report lists the rules in the order of def.generators.
    const mine = report.rules[game.def.generators.indexOf(jump)]!;
    expect(mine.compiled).toBe(false);
    expect(mine.closures.join()).toMatch(/its compilation failed: no source for this/);
    expect(jump.generate).toBe(before);
  });
});

describe("compiled rules play as their closures do", () => {
  const names = builtinGameNames();

  it("most library games have compiled rules, and closures: true leaves every rule on closures", () => {
    let compiled = 0;
    for (const name of names) {
      const report = loadGame(name).def.compilation;
      expect(report, name).toBeDefined();
      if (report!.rules.some((r) => r.compiled)) compiled++;
      // A compilation that throws falls back to closures quietly: in the library it is a bug.
      for (const r of report!.rules) expect(r.closures.join("; "), `${name}: ${r.rule}`).not.toMatch(/compilation failed/);
      expect(loadGame(name, { closures: true }).def.compilation).toBeUndefined();
    }
    expect(compiled).toBeGreaterThan(names.length / 2);
  });

  for (const name of names) {
    it(`${name}: the same moves, positions and results, decision by decision and in fast playouts`, () => {
      const fast = loadGame(name), reference = loadGame(name, { closures: true });
      for (let seed = 1; seed <= SEEDS; seed++) {
        const a = fast.newGame({ seed }), b = reference.newGame({ seed });
        for (let ply = 0; ply < MAX_PLIES && !a.over; ply++) {
          const ma = movesText(fast, a), mb = movesText(reference, b);
          expect(ma, `${name} seed ${seed} ply ${ply}`).toEqual(mb);
          if (ma.length === 0) break;
          // The same choice on both sides, drawn from the states' own (identical) generators.
          const row = (seed * 7919 + ply * 104729) % ma.length;
          fast.applyRow(a, fast.generate(a), row);
          reference.applyRow(b, reference.generate(b), row);
          expect(stateText(fast, a), `${name} seed ${seed} after ply ${ply}`).toBe(stateText(reference, b));
        }
        const pa = fast.newGame({ seed: 1000 + seed }), pb = reference.newGame({ seed: 1000 + seed });
        const na = fast.playout(pa, 2000), nb = reference.playout(pb, 2000);
        expect([na, stateText(fast, pa)], `${name} playout ${seed}`).toEqual([nb, stateText(reference, pb)]);
      }
    });
  }
});
