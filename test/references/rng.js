// The random generator of the references: sfc32, the generator Ludex keeps in its game state
// (src/engine/state/rng.ts), with the same uniform integer draw, so that neither side of a comparison
// pays for a cheaper or dearer generator than the other.

/** A generator's four 32-bit words, seeded from a whole number (splitmix32 and murmur3's finaliser, as Ludex). */
export function newRng(seed) {
  const w = new Uint32Array(4);
  seedRng(w, seed);
  return w;
}

/** Sets the four words from a whole number seed. */
export function seedRng(w, seed) {
  let x = seed >>> 0;
  for (let i = 0; i < 4; i++) {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    w[i] = (z ^ (z >>> 16)) >>> 0;
  }
  for (let i = 0; i < 12; i++) nextU32(w);
}

/** Next 32-bit unsigned integer (sfc32). */
export function nextU32(w) {
  const a = w[0], b = w[1], c = w[2], d = w[3];
  const t = (((a + b) >>> 0) + d) >>> 0;
  w[3] = (d + 1) >>> 0;
  w[0] = b ^ (b >>> 9);
  w[1] = (c + (c << 3)) >>> 0;
  w[2] = ((((c << 21) | (c >>> 11)) >>> 0) + t) >>> 0;
  return t;
}

/** A uniform integer in [0, n). */
export function nextInt(w, n) {
  return Math.floor((nextU32(w) / 4294967296) * n);
}
