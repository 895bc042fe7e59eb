/**
 * The seeded random generator kept in the game state (sfc32: four 32-bit words, fast, good
 * enough for playouts and shuffles). Its state is a Uint32Array inside the State, so cloning or
 * serialising a state clones its random future too: same seed, same game.
 */

/**
 * A game's seed: a whole number (0 to 2^53 - 1, easy to type and to quote), or a secret seed
 * written `0x` and up to 32 hex digits (128 bits). Games with face-down pieces are dealt from a
 * secret seed drawn from the system's random source (see `secretSeed`): a number seed has too
 * few values, and a search over them, checked against a few revealed pieces, would find the deal.
 */
export type Seed = number | string;

const SECRET_SEED = /^0x[0-9a-f]{1,32}$/;

/** Whether `v` is a seed: a whole number in 0..2^53-1 or `0x` and 1 to 32 lower-case hex digits. */
export function isSeed(v: unknown): v is Seed {
  return typeof v === "string" ? SECRET_SEED.test(v) : Number.isSafeInteger(v) && (v as number) >= 0;
}

/** A seed as typed (`42`, `0x9f3c...`), or undefined when the text is not one. */
export function parseSeed(text: string): Seed | undefined {
  const t = text.trim().toLowerCase();
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    return Number.isSafeInteger(n) ? n : undefined;
  }
  return SECRET_SEED.test(t) ? t : undefined;
}

/** 128 bits from the system's cryptographic random source (Node and browsers alike), as a secret seed. */
export function secretSeed(): string {
  const words = globalThis.crypto.getRandomValues(new Uint32Array(4));
  return `0x${Array.from(words, (w) => w.toString(16).padStart(8, "0")).join("")}`;
}

/**
 * A 32-bit number derived from a seed, for seeding what is not the game itself (agents' own
 * generators). A number seed keeps its low 32 bits, so existing derivations are unchanged.
 */
export function seedWord(seed: Seed): number {
  if (typeof seed === "number") return seed >>> 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Sets the four words of a generator from a seed (see `Seed`). */
export function seedRng(words: Uint32Array, seed: Seed): void {
  if (typeof seed === "string") return seedFromSecret(words, seed);
  // splitmix32 spreads a small integer seed over the four words.
  let x = seed >>> 0;
  // Seeds of 2^32 and above (up to 2^53) mix their high part in, so they never replay a smaller
  // seed; below 2^32 nothing changes (recorded games keep their sequences).
  const high = Number.isFinite(seed) && Math.abs(seed) >= 4294967296 ? Math.floor(Math.abs(seed) / 4294967296) >>> 0 : 0;
  for (let i = 0; i < 4; i++) {
    x = (x + 0x9e3779b9) >>> 0;
    words[i] = mix32(x);
    if (high !== 0) words[i] = (words[i]! ^ Math.imul(high + i + 1, 0x27d4eb2f)) >>> 0;
  }
  for (let i = 0; i < 12; i++) nextU32(words);
}

/**
 * A secret seed's 128 bits become the generator's four words, each mixed with its neighbours, so
 * that every bit of the seed reaches every word; the words a number seed can give are a tiny
 * part of this space, and the two kinds never meet by design (`0x2a` is not `42`).
 */
function seedFromSecret(words: Uint32Array, seed: string): void {
  const hex = seed.slice(2).padStart(32, "0");
  for (let i = 0; i < 4; i++) words[i] = parseInt(hex.slice(8 * i, 8 * i + 8), 16) >>> 0;
  for (let round = 0; round < 4; round++) {
    for (let i = 0; i < 4; i++) words[i] = mix32((words[i]! + 0x9e3779b9 * (round * 4 + i + 1) + words[(i + 3) & 3]!) >>> 0);
  }
  words[3] = (words[3]! ^ 0x5ec2e7) >>> 0;
  for (let i = 0; i < 16; i++) nextU32(words);
}

/** A 32-bit finaliser (murmur3's): every input bit changes about half the output bits. */
function mix32(z: number): number {
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
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
