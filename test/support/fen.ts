/**
 * Chess positions written in FEN (Forsyth-Edwards Notation), as published perft tests give them,
 * turned into Ludex positions of games/chess.game: castling rights become the `unmoved` flag of
 * the king and rooks concerned, the en passant square the last move (the double step that passed
 * it), the half-move clock the `quiet` counter.
 */
const NAMES: Record<string, string> = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };

export interface ChessPosition {
  sites: Record<string, { piece: string; owner: string; flags?: string[] }>;
  mover: string;
  last?: { from: string; to: string };
  counters?: Record<string, number>;
}

export function fromFen(fen: string): ChessPosition {
  const [board, side = "w", castling = "-", ep = "-", clock = "0"] = fen.trim().split(/\s+/);
  const sites: ChessPosition["sites"] = {};
  board!.split("/").forEach((row, i) => {
    const rank = 8 - i;
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else {
        sites[`${"abcdefgh"[file]}${rank}`] = { piece: NAMES[ch.toLowerCase()]!, owner: ch === ch.toUpperCase() ? "P1" : "P2" };
        file++;
      }
    }
  });
  const unmoved = (sq: string) => {
    const p = sites[sq];
    if (p) p.flags = ["unmoved"];
  };
  for (const right of castling === "-" ? "" : castling) {
    const white = right === right.toUpperCase(), rank = white ? 1 : 8;
    unmoved(`e${rank}`);
    unmoved(`${right.toLowerCase() === "k" ? "h" : "a"}${rank}`);
  }
  const pos: ChessPosition = { sites, mover: side === "w" ? "P1" : "P2", counters: { quiet: Number(clock) } };
  if (ep !== "-") {
    // The square passed over: the enemy pawn went from one rank behind it to one rank beyond it.
    const file = ep[0]!, rank = Number(ep[1]);
    const up = rank === 3; // a white pawn passed e3: e2-e4
    pos.last = { from: `${file}${up ? 2 : 7}`, to: `${file}${up ? 4 : 5}` };
  }
  return pos;
}
