/**
 * Seeded choices for the tests' own decisions (which move to play, which ply to stop at), drawn
 * from the engine's generator but independent of any game state's: the same seed, the same
 * choices on every run.
 */
import { nextInt, seedRng } from "../../src/engine/state/rng.js";

/** A function giving whole numbers in 0..n-1, seeded. */
export function seededChooser(seed: number): (n: number) => number {
  const words = new Uint32Array(4);
  seedRng(words, seed >>> 0);
  return (n) => nextInt(words, n);
}
