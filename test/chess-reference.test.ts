/**
 * The hand-written chess move generator (test/references/chess.js), the bench's reference for
 * `ludex perft chess`: its counts are the published ones (Chess Programming Wiki, positions 1-6,
 * small depths here: every count to depth 5 was checked by hand, some 470 million sequences), and
 * the same as Ludex's on those positions and on positions reached by random play, so that the two
 * count the same rules when the bench sets their speeds side by side.
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { Perft } from "../src/engine/play/perft.js";
import { loadPosition } from "../src/engine/state/position.js";
import { ludexPosition, makeChess, PERFT_POSITIONS } from "./references/chess.js";
import { newRng, nextInt } from "./references/index.js";
import { fromFen } from "./support/fen.js";

const chess = loadGame("games/chess.game");
const ludexPerft = (fen: string, depth: number) => new Perft(chess).count(loadPosition(chess, ludexPosition(fen)), depth);

describe("the hand-written chess reference", () => {
  it("counts the published perft figures (up to some 200,000 sequences a position)", () => {
    const ref = makeChess();
    for (const { name, fen, counts } of PERFT_POSITIONS) {
      ref.setFen(fen);
      const depths = counts.map((_, i) => i + 1).filter((d) => counts[d - 1]! <= 200_000);
      expect(depths.map((d) => ref.perft(d)), name).toEqual(depths.map((d) => counts[d - 1]));
      expect(ref.fen(), `${name}: the position is left as it was`).toBe(fen.replace(/\d+$/, "1"));
    }
  });

  it("gives Ludex the positions test/support/fen.ts gives the chess tests", () => {
    for (const { fen } of PERFT_POSITIONS) expect(ludexPosition(fen)).toEqual(fromFen(fen));
  });

  it("counts what Ludex counts on the published positions (up to 10,000 sequences)", () => {
    const ref = makeChess();
    for (const { name, fen, counts } of PERFT_POSITIONS) {
      ref.setFen(fen);
      for (let d = 1; counts[d - 1]! <= 10_000; d++) expect(ludexPerft(fen, d), `${name} depth ${d}`).toBe(ref.perft(d));
    }
  });

  it("counts what Ludex counts two moves on from 40 positions of random play", () => {
    const ref = makeChess(), rng = newRng(35);
    for (let i = 0; i < 40; i++) {
      const { fen } = PERFT_POSITIONS[i % PERFT_POSITIONS.length]!;
      ref.setFen(fen);
      for (let plies = nextInt(rng, 40); plies > 0; plies--) {
        const legal = ref.legalMoves();
        if (!legal.length) break;
        ref.make(legal[nextInt(rng, legal.length)]!);
      }
      const at = ref.fen();
      expect(ludexPerft(at, 2), at).toBe(ref.perft(2));
    }
  });

  it("ends sequences where the 100-decision rule draws, as Ludex does", () => {
    const ref = makeChess();
    // Quiet moves at 99 end the game at once; pawn moves and captures go on (the counts without the rule differ).
    for (const fen of ["4k3/1P6/8/8/8/8/6p1/R3K3 w Q - 99 1", "4k3/1P6/8/3p4/4N3/8/8/R3K3 w Q - 98 1"]) {
      ref.setFen(fen);
      for (const d of [1, 2, 3]) expect(ludexPerft(fen, d), `${fen} depth ${d}`).toBe(ref.perft(d));
    }
  });
});
