// Chess move generation written by hand, with the rules of games/chess.game (see games/chess.md),
// for perft: the number of move sequences of a given length, the standard check and measure of a
// move generator. A 0x88 board (a square is rank * 16 + file; `sq & 0x88` is off the board), the
// moves of the side to move generated without regard to check, each one made in place, kept when
// the mover's king is not attacked after it, and unmade. Castling (king and rook unmoved, the
// squares between them empty, the king not in check, not crossing or reaching an attacked square),
// en passant right after the double step, promotion to a queen, rook, bishop or knight (one
// sequence each, as Ludex's perft counts a turn). A game drawn by the 100-decision rule has no
// more moves; Ludex counts a promotion as a second decision of the turn, so the clock stands at 1
// after one, not 0. Ludii's turn limit (2,500 turns) is beyond any perft and left out.

const PAWN = 1, KNIGHT = 2, BISHOP = 3, ROOK = 4, QUEEN = 5, KING = 6;
/** A piece is its kind, plus 8 when Black's: its colour is `piece >> 3` (0 White, 1 Black). */
const BLACK = 8;

const KNIGHT_STEPS = [33, 31, 18, 14, -14, -18, -31, -33];
const KING_STEPS = [1, 15, 16, 17, -1, -15, -16, -17];
const DIAGONALS = [15, 17, -15, -17];
const LINES = [1, -1, 16, -16];

// A move is one integer: from | to << 7 | promoted kind << 14 | special << 17.
const DOUBLE = 1, EN_PASSANT = 2, CASTLE = 3;
const move = (from, to, promo, special) => from | (to << 7) | (promo << 14) | (special << 17);

// Castling rights, one bit each: White's king side (h1 rook), queen side (a1), Black's likewise.
// A move from or to a square clears the rights of the king or rook standing there at the start.
const CASTLE_KEEP = new Uint8Array(128).fill(15);
CASTLE_KEEP[0x04] = 15 & ~3;
CASTLE_KEEP[0x07] = 15 & ~1;
CASTLE_KEEP[0x00] = 15 & ~2;
CASTLE_KEEP[0x74] = 15 & ~12;
CASTLE_KEEP[0x77] = 15 & ~4;
CASTLE_KEEP[0x70] = 15 & ~8;

export const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** The Chess Programming Wiki's perft positions and their published counts (depth 1 first). */
export const PERFT_POSITIONS = [
  { name: "start", fen: START_FEN, counts: [20, 400, 8902, 197281, 4865609, 119060324] },
  { name: "kiwipete", fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", counts: [48, 2039, 97862, 4085603, 193690690] },
  { name: "position 3", fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", counts: [14, 191, 2812, 43238, 674624, 11030083] },
  { name: "position 4", fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", counts: [6, 264, 9467, 422333, 15833292] },
  { name: "position 5", fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", counts: [44, 1486, 62379, 2103487, 89941194] },
  { name: "position 6", fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", counts: [46, 2079, 89890, 3894594, 164075551] },
];

const LETTERS = " pnbrqk";
const MAX_PLY = 64;

/** A chess position with perft; `setFen` puts a position on it (the start when none is given). */
export function makeChess(initial = START_FEN) {
  const board = new Int8Array(128);
  const kings = new Int32Array(2); // each side's king square
  let side = 0, rights = 0, ep = -1, clock = 0, ply = 0;
  // Moves of every ply on one stack; what each made move must give back to be unmade.
  const moves = new Int32Array(MAX_PLY * 256);
  const undoCaptured = new Int8Array(MAX_PLY), undoRights = new Int8Array(MAX_PLY);
  const undoEp = new Int16Array(MAX_PLY), undoClock = new Int16Array(MAX_PLY);

  /** Whether `sq` is attacked by a piece of `by` (0 White, 1 Black): looked for from the square outwards. */
  function attacked(sq, by) {
    const own = by << 3;
    // A pawn of `by` attacks from one rank behind the square, as seen from its side.
    const behind = by === 0 ? -16 : 16;
    for (const d of [behind - 1, behind + 1]) {
      const from = sq + d;
      if (!(from & 0x88) && board[from] === (PAWN | own)) return true;
    }
    for (const d of KNIGHT_STEPS) {
      const from = sq + d;
      if (!(from & 0x88) && board[from] === (KNIGHT | own)) return true;
    }
    for (const d of KING_STEPS) {
      const from = sq + d;
      if (!(from & 0x88) && board[from] === (KING | own)) return true;
    }
    // Sliders: the first piece along each line.
    for (const d of LINES) {
      for (let from = sq + d; !(from & 0x88); from += d) {
        const p = board[from];
        if (p === 0) continue;
        if (p === (ROOK | own) || p === (QUEEN | own)) return true;
        break;
      }
    }
    for (const d of DIAGONALS) {
      for (let from = sq + d; !(from & 0x88); from += d) {
        const p = board[from];
        if (p === 0) continue;
        if (p === (BISHOP | own) || p === (QUEEN | own)) return true;
        break;
      }
    }
    return false;
  }

  /** Appends the moves of the side to move, legal or leaving its king attacked, from `n`; returns the new end. */
  function generate(n) {
    const us = side, own = us << 3, them = us ^ 1;
    const up = us === 0 ? 16 : -16, startRank = us === 0 ? 1 : 6, lastRank = us === 0 ? 7 : 0;
    /** Whether `to` is on the board and empty or an enemy's: a piece may go there. */
    const open = (to) => !(to & 0x88) && (board[to] === 0 || board[to] >> 3 === them);
    for (let sq = 0; sq < 120; sq++) {
      if (sq & 0x88) {
        sq += 7; // the 8 off-board columns of the row
        continue;
      }
      const p = board[sq];
      if (p === 0 || p >> 3 !== us) continue;
      const kind = p & 7;
      if (kind === PAWN) {
        const one = sq + up;
        const promoting = one >> 4 === lastRank;
        if (board[one] === 0) {
          if (promoting) for (let k = QUEEN; k >= KNIGHT; k--) moves[n++] = move(sq, one, k, 0);
          else {
            moves[n++] = move(sq, one, 0, 0);
            if (sq >> 4 === startRank && board[one + up] === 0) moves[n++] = move(sq, one + up, 0, DOUBLE);
          }
        }
        for (const to of [one - 1, one + 1]) {
          if (to & 0x88) continue;
          if (board[to] !== 0 && board[to] >> 3 === them) {
            if (promoting) for (let k = QUEEN; k >= KNIGHT; k--) moves[n++] = move(sq, to, k, 0);
            else moves[n++] = move(sq, to, 0, 0);
          } else if (to === ep) moves[n++] = move(sq, to, 0, EN_PASSANT);
        }
      } else if (kind === KNIGHT || kind === KING) {
        for (const d of kind === KNIGHT ? KNIGHT_STEPS : KING_STEPS) if (open(sq + d)) moves[n++] = move(sq, sq + d, 0, 0);
        if (kind === KING) {
          // Castling: the rook's corner and the king's start square are implied by the rights.
          const home = us === 0 ? 0x04 : 0x74, kingSide = us === 0 ? 1 : 4, queenSide = us === 0 ? 2 : 8;
          if (sq === home && rights & (kingSide | queenSide) && !attacked(sq, them)) {
            if (rights & kingSide && board[sq + 1] === 0 && board[sq + 2] === 0 && !attacked(sq + 1, them) && !attacked(sq + 2, them))
              moves[n++] = move(sq, sq + 2, 0, CASTLE);
            if (rights & queenSide && board[sq - 1] === 0 && board[sq - 2] === 0 && board[sq - 3] === 0 && !attacked(sq - 1, them) && !attacked(sq - 2, them))
              moves[n++] = move(sq, sq - 2, 0, CASTLE);
          }
        }
      } else {
        const dirs = kind === BISHOP ? DIAGONALS : kind === ROOK ? LINES : KING_STEPS; // a queen goes all eight ways
        for (const d of dirs) {
          for (let to = sq + d; !(to & 0x88); to += d) {
            const q = board[to];
            if (q === 0) moves[n++] = move(sq, to, 0, 0);
            else {
              if (q >> 3 === them) moves[n++] = move(sq, to, 0, 0);
              break;
            }
          }
        }
      }
    }
    return n;
  }

  /** Makes move `m` in place (what unmake needs is kept at this ply). */
  function make(m) {
    const from = m & 127, to = (m >> 7) & 127, promo = (m >> 14) & 7, special = m >> 17;
    const p = board[from], own = side << 3, up = side === 0 ? 16 : -16;
    undoCaptured[ply] = board[to];
    undoRights[ply] = rights;
    undoEp[ply] = ep;
    undoClock[ply] = clock;
    const quiet = board[to] === 0 && (p & 7) !== PAWN;
    board[to] = promo ? promo | own : p;
    board[from] = 0;
    if (special === EN_PASSANT) {
      undoCaptured[ply] = board[to - up];
      board[to - up] = 0;
    } else if (special === CASTLE) {
      // The rook comes from its corner to the square the king crossed.
      const corner = to > from ? to + 1 : to - 2, crossed = (from + to) >> 1;
      board[crossed] = board[corner];
      board[corner] = 0;
    }
    if ((p & 7) === KING) kings[side] = to;
    rights &= CASTLE_KEEP[from] & CASTLE_KEEP[to];
    ep = special === DOUBLE ? from + up : -1;
    clock = quiet ? clock + 1 : promo ? 1 : 0;
    side ^= 1;
    ply++;
  }

  /** Unmakes `m`, the last move made. */
  function unmake(m) {
    ply--;
    side ^= 1;
    const from = m & 127, to = (m >> 7) & 127, promo = (m >> 14) & 7, special = m >> 17;
    const own = side << 3;
    board[from] = promo ? PAWN | own : board[to];
    if (special === EN_PASSANT) {
      board[to] = 0;
      board[to - (side === 0 ? 16 : -16)] = undoCaptured[ply];
    } else {
      board[to] = undoCaptured[ply];
      if (special === CASTLE) {
        const corner = to > from ? to + 1 : to - 2, crossed = (from + to) >> 1;
        board[corner] = board[crossed];
        board[crossed] = 0;
      }
    }
    if ((board[from] & 7) === KING) kings[side] = from;
    rights = undoRights[ply];
    ep = undoEp[ply];
    clock = undoClock[ply];
  }

  /** Sequences of `depth` moves from the position (left as it was). */
  function perft(depth) {
    if (depth === 0) return 1;
    const start = ply * 256, end = generate(start), us = side;
    let nodes = 0;
    for (let i = start; i < end; i++) {
      const m = moves[i];
      make(m);
      // A game drawn by the 100-decision rule ends there: no sequence goes on from it.
      if (!attacked(kings[us], us ^ 1)) nodes += depth === 1 ? 1 : clock >= 100 ? 0 : perft(depth - 1);
      unmake(m);
    }
    return nodes;
  }

  /** The legal moves, as integers (see `move`). */
  function legalMoves() {
    const start = ply * 256, end = generate(start), us = side, legal = [];
    for (let i = start; i < end; i++) {
      make(moves[i]);
      if (!attacked(kings[us], us ^ 1)) legal.push(moves[i]);
      unmake(moves[i]);
    }
    return legal;
  }

  /** Puts the position of a FEN on the board. */
  function setFen(text) {
    const [placement, turn = "w", castling = "-", passed = "-", halfMoves = "0"] = text.trim().split(/\s+/);
    board.fill(0);
    placement.split("/").forEach((row, i) => {
      let sq = (7 - i) * 16;
      for (const ch of row) {
        if (ch >= "1" && ch <= "8") sq += Number(ch);
        else {
          const p = LETTERS.indexOf(ch.toLowerCase()) | (ch === ch.toLowerCase() ? BLACK : 0);
          board[sq] = p;
          if ((p & 7) === KING) kings[p >> 3] = sq;
          sq++;
        }
      }
    });
    side = turn === "w" ? 0 : 1;
    rights = 0;
    for (const c of castling) rights |= { K: 1, Q: 2, k: 4, q: 8 }[c] ?? 0;
    ep = passed === "-" ? -1 : (Number(passed[1]) - 1) * 16 + passed.charCodeAt(0) - 97;
    clock = Number(halfMoves);
    ply = 0;
  }

  /** The position as a FEN (the full move number is not kept: 1). */
  function fen() {
    const rows = [];
    for (let r = 7; r >= 0; r--) {
      let row = "", gap = 0;
      for (let f = 0; f < 8; f++) {
        const p = board[r * 16 + f];
        if (p === 0) gap++;
        else {
          if (gap) row += gap;
          gap = 0;
          const letter = LETTERS[p & 7];
          row += p & BLACK ? letter : letter.toUpperCase();
        }
      }
      rows.push(gap ? row + gap : row);
    }
    const castling = ["K", "Q", "k", "q"].filter((_, i) => rights & (1 << i)).join("") || "-";
    const passed = ep < 0 ? "-" : "abcdefgh"[ep & 7] + ((ep >> 4) + 1);
    return `${rows.join("/")} ${side === 0 ? "w" : "b"} ${castling} ${passed} ${clock} 1`;
  }

  setFen(initial);
  return { setFen, fen, perft, legalMoves, make };
}

const NAMES = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };

/**
 * The same position as Ludex reads it (`ludex perft chess --position`, loadPosition), so that
 * the bench counts from the same positions on both sides: castling rights become the `unmoved`
 * flag of the king and rook concerned, the en passant square the double step that passed it, the
 * half-move clock the `quiet` counter (as test/support/fen.ts does for the tests).
 */
export function ludexPosition(fen) {
  const [placement, turn = "w", castling = "-", passed = "-", halfMoves = "0"] = fen.trim().split(/\s+/);
  const sites = {};
  placement.split("/").forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (ch >= "1" && ch <= "8") file += Number(ch);
      else sites[`${"abcdefgh"[file++]}${8 - i}`] = { piece: NAMES[ch.toLowerCase()], owner: ch === ch.toUpperCase() ? "P1" : "P2" };
    }
  });
  for (const right of castling === "-" ? "" : castling) {
    const rank = right === right.toUpperCase() ? 1 : 8;
    for (const sq of [`e${rank}`, `${right.toLowerCase() === "k" ? "h" : "a"}${rank}`]) if (sites[sq]) sites[sq].flags = ["unmoved"];
  }
  const position = { sites, mover: turn === "w" ? "P1" : "P2", counters: { quiet: Number(halfMoves) } };
  if (passed !== "-") {
    const up = passed[1] === "3"; // a white pawn passed e3: e2-e4
    position.last = { from: `${passed[0]}${up ? 2 : 7}`, to: `${passed[0]}${up ? 4 : 5}` };
  }
  return position;
}
