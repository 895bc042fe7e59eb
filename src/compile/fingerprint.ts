/**
 * A description's fingerprint: a hash of its bound IR (after defines, options and extends are
 * expanded), so comments, layout and define names do not change it but any rule or option value
 * does. Game records carry it, so a replay can tell that a description changed since the game was
 * played. FNV-1a 64 in plain JavaScript: the same value in Node and in a browser.
 */
const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

export function fnv1a64(text: string): string {
  let h = FNV_OFFSET;
  // UTF-16 code units, fed as two bytes each: deterministic for any string.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h = ((h ^ BigInt(c & 0xff)) * FNV_PRIME) & MASK;
    h = ((h ^ BigInt(c >>> 8)) * FNV_PRIME) & MASK;
  }
  return h.toString(16).padStart(16, "0");
}

/** `fnv1a64:<16 hex digits>` of the IR's canonical JSON. */
export function descriptionHash(ir: unknown): string {
  return `fnv1a64:${fnv1a64(JSON.stringify(ir))}`;
}
