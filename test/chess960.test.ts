/**
 * Chess960 (test/fixtures/chess960.game): castling to given sites (`castle king-to: partner-to:`)
 * and the random start (`place-random`, `fill`, `mirror`), checked against chessops, a chess
 * library written independently of us, by perft: published Chess960 test positions, positions made
 * for the awkward castlings (the king moving away from its rook, the king and the rook changing
 * places, the king staying where it is), and random starts drawn by our own seeds.
 */
import { describe, expect, it } from "vitest";
import { Chess } from "chessops/chess";
import { parseFen } from "chessops/fen";
import { perft as theirPerft } from "chessops/debug";
import { loadGame } from "../src/compile/index.js";
import { Perft } from "../src/engine/play/perft.js";
import { loadPosition, type Position } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";

// Perft counts a promotion as one move per piece: the option that makes the choice part of the move.
const game = loadGame(new URL("./fixtures/chess960.game", import.meta.url).pathname, { options: { promotion: "in-move" } });
const ours = (s: State, depth: number) => new Perft(game).count(s, depth);
const theirs = (fen: string, depth: number) => theirPerft(Chess.fromSetup(parseFen(fen).unwrap()).unwrap(), depth, false);

const NAMES: Record<string, string> = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };
const FILES = "abcdefgh";

/**
 * A FEN with Chess960 castling rights (Shredder's file letters, or KQkq for the outermost rooks) as a
 * position of the game: each right gives its rook and its king the `unmoved` flag.
 */
function position(fen: string) {
  const [board, side, castling, ep, clock] = fen.split(" ");
  const sites: Record<string, { piece: string; owner: string; flags?: string[] }> = {};
  board!.split("/").forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else sites[`${FILES[file++]}${8 - i}`] = { piece: NAMES[ch.toLowerCase()]!, owner: ch === ch.toUpperCase() ? "P1" : "P2" };
    }
  });
  for (const right of castling === "-" ? "" : castling!) {
    const white = right === right.toUpperCase(), rank = white ? 1 : 8, owner = white ? "P1" : "P2";
    const on = (f: number) => sites[`${FILES[f]}${rank}`];
    const king = [...FILES].findIndex((_, f) => on(f)?.piece === "king" && on(f)?.owner === owner);
    const rooks = [...FILES].map((_, f) => f).filter((f) => on(f)?.piece === "rook" && on(f)?.owner === owner);
    const letter = right.toLowerCase();
    const rook = letter === "k" ? Math.max(...rooks) : letter === "q" ? Math.min(...rooks) : FILES.indexOf(letter);
    on(king)!.flags = ["unmoved"];
    on(rook)!.flags = ["unmoved"];
  }
  const pos: Position = { sites, mover: side === "w" ? "P1" : "P2", counters: { quiet: Number(clock) } };
  if (ep !== "-") {
    const up = ep![1] === "3";
    pos.last = { from: `${ep![0]}${up ? 2 : 7}`, to: `${ep![0]}${up ? 4 : 5}` };
  }
  return loadPosition(game, pos);
}

/** Our start of a seed, as a FEN (the castling rights: the outermost rooks, as every start has). */
function startFen(seed: number): string {
  const s = game.newGame({ seed });
  const row = (rank: number, upper: boolean) =>
    [...FILES].map((f) => {
      const i = game.topology.labels.indexOf(`${f}${rank}`), type = s.piece[i]!;
      const letter = { pawn: "p", knight: "n", bishop: "b", rook: "r", queen: "q", king: "k" }[game.def.pieces[type]!.name as "pawn"];
      return upper ? letter.toUpperCase() : letter;
    }).join("");
  return `${row(8, false)}/pppppppp/8/8/8/8/PPPPPPPP/${row(1, true)} w KQkq - 0 1`;
}

describe("castling to given sites", () => {
  const castlings = (fen: string) => game.legalMoves(position(fen)).filter((m) => m.kind === "castle").map((m) => m.notation).sort();

  it("writes the king's move and the rook's: the king's alone may be an ordinary step, or none", () => {
    expect(castlings("4k3/8/8/8/8/8/8/RK5R w HA - 0 1")).toEqual(["b1-c1,a1-d1", "b1-g1,h1-f1"]);
    expect(castlings("k7/8/8/8/8/8/8/5KR1 w G - 0 1")).toEqual(["f1-g1,g1-f1"]);
    expect(castlings("k7/8/8/8/8/8/8/6KR w H - 0 1")).toEqual(["g1-g1,h1-f1"]);
    expect(castlings("k7/8/8/8/8/8/8/4KR2 w F - 0 1")).toEqual(["e1-g1,f1-f1"]);
  });

  it("a rook already on its square stays there", () => {
    const start = position("k7/8/8/8/8/8/8/4KR2 w F - 0 1");
    const s = game.apply(start, game.legalMoves(start).find((m) => m.kind === "castle")!);
    const at = (label: string) => game.def.pieces[s.piece[game.topology.labels.indexOf(label)]!]?.name;
    expect([at("e1"), at("f1"), at("g1")]).toEqual([undefined, "rook", "king"]);
  });

  it("the king and the rook change places, each keeping what it is", () => {
    const s = game.apply(position("k7/8/8/8/8/8/8/5KR1 w G - 0 1"), game.legalMoves(position("k7/8/8/8/8/8/8/5KR1 w G - 0 1")).find((m) => m.kind === "castle")!);
    const at = (label: string) => game.def.pieces[s.piece[game.topology.labels.indexOf(label)]!]!.name;
    expect([at("f1"), at("g1")]).toEqual(["rook", "king"]);
  });
});

describe("Chess960 against chessops, by perft", () => {
  const positions: [string, string, number][] = [
    ["published position 1", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3],
    ["published position 2", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", 3],
    ["published position 3", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", 3],
    ["the king moves away from its rook (b1 to c1, a1 to d1) and far (b1 to g1)", "4k3/8/8/8/8/8/8/RK5R w HA - 0 1", 3],
    ["the king and the rook change places (f1 and g1)", "k7/8/8/8/8/8/8/5KR1 w G - 0 1", 3],
    ["the king stays on g1, the rook goes h1 to f1; Black the same", "6kr/8/8/8/8/8/8/6KR w Hh - 0 1", 3],
    ["castling out of check, through an attacked square, into check: none", "1r4k1/8/8/8/8/8/8/RK5R w HA - 0 1", 3],
    ["the rook already on its square: it stays, the king goes past it (e1 to g1 over f1)", "k7/8/8/8/8/8/8/4KR2 w F - 0 1", 3],
    ["the rook already on d1 queenside: the king goes e1 to c1 past it", "k7/8/8/8/8/8/8/3RK3 w D - 0 1", 3],
  ];
  for (const [name, fen, depth] of positions) {
    it(`${name}: ${fen}`, () => {
      const s = position(fen);
      const counts = Array.from({ length: depth }, (_, d) => d + 1);
      expect(counts.map((d) => ours(s, d))).toEqual(counts.map((d) => theirs(fen, d)));
    });
  }

  it("random starts of our own seeds, depth 3", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const fen = startFen(seed);
      expect([1, 2, 3].map((d) => ours(game.newGame({ seed }), d)), fen).toEqual([1, 2, 3].map((d) => theirs(fen, d)));
    }
  });
});
