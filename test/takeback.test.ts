/** Fair take-backs (src/record/takeback.ts), shared by `ludex play` and the browser app. */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import type { Game } from "../src/engine/play/game.js";
import { EMPTY, type State } from "../src/engine/state/state.js";
import { revealedBy, takeBack } from "../src/record/takeback.js";

/** Pieces on the board under a concealing flag (face down). */
function faceDown(g: Game, s: State): number {
  let n = 0;
  for (let site = 0; site < g.topology.n; site++) if (s.owner[site] !== EMPTY && s.flags[site]! & g.def.concealFlags) n++;
  return n;
}

describe("takeBack", () => {
  it("goes back to before the last person's decision, with the agents' replies after it", () => {
    const h = (human: boolean) => ({ human, revealed: false });
    expect(takeBack([h(true), h(false), h(true), h(false), h(false)], [])).toEqual({ keep: 2 });
    expect(takeBack([h(false), h(false)], [])).toEqual({ refused: "Nothing to undo." });
  });

  it("is refused when a decision it would take back revealed something, naming it", () => {
    const back = takeBack([{ human: true, revealed: false }, { human: true, revealed: false }, { human: false, revealed: true }], ["a", "b", "c"]);
    expect(back).toEqual({ refused: expect.stringMatching(/^Cannot undo: move 3 \(c\) revealed hidden pieces/) });
    // Earlier reveals do not matter: the decisions taken back revealed nothing.
    expect(takeBack([{ human: false, revealed: true }, { human: true, revealed: false }], [])).toEqual({ keep: 1 });
  });

  it("revealedBy: a face-down piece turned up or taken is a reveal; a game without hidden pieces never reveals", () => {
    const g = loadGame("blind-kings");
    let s = g.newGame({ seed: 2 });
    let reveals = 0, quiet = 0;
    for (let ply = 0; ply < 60 && !s.over; ply++) {
      const legal = g.legalMoves(s);
      const next = g.apply(s, legal[(ply * 31) % legal.length]!);
      // Counted on the full state, apart from observations: fewer face-down pieces on the board.
      const shrank = faceDown(g, next) < faceDown(g, s);
      expect(revealedBy(g, s, next), `ply ${ply}: ${legal[(ply * 31) % legal.length]!.notation}`).toBe(shrank);
      if (shrank) reveals++;
      else quiet++;
      s = next;
    }
    expect(reveals).toBeGreaterThan(0);
    expect(quiet).toBeGreaterThan(0);
    const ttt = loadGame("tic-tac-toe");
    const t0 = ttt.newGame({ seed: 1 });
    expect(revealedBy(ttt, t0, ttt.apply(t0, ttt.legalMoves(t0)[0]!))).toBe(false);
  });
});
