/**
 * Rules compiled to code (src/engine/compiled/) against their reference, the closures: every
 * library game is compiled both ways and played both ways from the same seeds, and at every
 * decision the two must list the same moves in the same order (every field of every row) and reach
 * the same position; fast playouts (sampling, no-moves answered by `any`) must end alike.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { builtinGameNames } from "../src/library/builtin.js";
import type { Game } from "../src/engine/play/game.js";
import type { MoveBuffer } from "../src/engine/moves/moves.js";
import type { State } from "../src/engine/state/state.js";

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

describe("compiled rules play as their closures do", () => {
  const names = builtinGameNames();

  it("most library games have compiled rules, and closures: true leaves every rule on closures", () => {
    let compiled = 0;
    for (const name of names) {
      const report = loadGame(name).def.compilation;
      expect(report, name).toBeDefined();
      if (report!.rules.some((r) => r.compiled)) compiled++;
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
