// Types of index.js, for the TypeScript that imports it (the CLI, the tests).

/** Plays random playouts of one game; `winner` is that of the last one: 0-based player, -1 a draw, -2 unfinished. */
export interface ReferencePlayer {
  winner: number;
  /** One random playout from the start with the generator `rng`; returns its plies, cut at `maxPlies`. */
  playout(rng: Uint32Array, maxPlies: number): number;
}

export interface Reference {
  name: string;
  /** A player with the game's default options. */
  make(): ReferencePlayer;
}

export declare const references: Record<string, Reference>;

/** A reference that counts perft: `make()` gives its count of `depth` moves from position `i`. */
export interface PerftReference {
  name: string;
  depth: number;
  /** Each position as the reference reads it (`fen`) and as Ludex's loadPosition does. */
  positions: { name: string; fen: string; position: unknown }[];
  make(): (i: number, depth: number) => number;
}

export declare const perftReferences: Record<string, PerftReference>;
export declare function newRng(seed: number): Uint32Array;
export declare function seedRng(w: Uint32Array, seed: number): void;
/** A uniform integer in [0, n). */
export declare function nextInt(w: Uint32Array, n: number): number;
