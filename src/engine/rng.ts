/**
 * The seeded random generator kept in the game state (sfc32: four 32-bit words, fast, good
 * enough for playouts and shuffles). Its state is a Uint32Array inside the State, so cloning or
 * serialising a state clones its random future too: same seed, same game.
 */

export function seedRng(words: Uint32Array, seed: number): void {
  // splitmix32 spreads a small integer seed over the four words.
  let x = seed >>> 0;
  // Seeds of 2^32 and above (up to 2^53) mix their high part in, so they never replay a smaller
  // seed; below 2^32 nothing changes (recorded games keep their sequences).
  const high = Number.isFinite(seed) && Math.abs(seed) >= 4294967296 ? Math.floor(Math.abs(seed) / 4294967296) >>> 0 : 0;
  for (let i = 0; i < 4; i++) {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    words[i] = (z ^ (z >>> 16)) >>> 0;
    if (high !== 0) words[i] = (words[i]! ^ Math.imul(high + i + 1, 0x27d4eb2f)) >>> 0;
  }
  for (let i = 0; i < 12; i++) nextU32(words);
}

/** Next 32-bit unsigned integer. */
export function nextU32(w: Uint32Array): number {
  const a = w[0]!, b = w[1]!, c = w[2]!, d = w[3]!;
  const t = (((a + b) >>> 0) + d) >>> 0;
  w[3] = (d + 1) >>> 0;
  w[0] = b ^ (b >>> 9);
  w[1] = (c + (c << 3)) >>> 0;
  w[2] = ((c << 21) | (c >>> 11)) >>> 0;
  w[2] = (w[2]! + t) >>> 0;
  return t;
}

/** Uniform integer in [0, n). */
export function nextInt(w: Uint32Array, n: number): number {
  return Math.floor((nextU32(w) / 4294967296) * n);
}

/** Fisher-Yates shuffle in place. */
export function shuffle<T>(w: Uint32Array, items: T[] | Int32Array): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(w, i + 1);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
}
