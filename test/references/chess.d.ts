// Types of chess.js, for the TypeScript that imports it (the tests).

export interface ChessReference {
  /** Puts a FEN's position on the board. */
  setFen(fen: string): void;
  /** The position as a FEN (full move number 1). */
  fen(): string;
  /** Sequences of `depth` moves from the position, which is left as it was. */
  perft(depth: number): number;
  /** The legal moves as integers: from | to << 7 | promoted kind << 14 | special << 17 (0x88 squares). */
  legalMoves(): number[];
  /** Makes a move (one of legalMoves') in place. */
  make(move: number): void;
}

export declare const START_FEN: string;
export declare const PERFT_POSITIONS: { name: string; fen: string; counts: number[] }[];
export declare function makeChess(fen?: string): ChessReference;
/** The same position as Ludex's loadPosition reads it. */
export declare function ludexPosition(fen: string): {
  sites: Record<string, { piece: string; owner: string; flags?: string[] }>;
  mover: string;
  last?: { from: string; to: string };
  counters: Record<string, number>;
};
