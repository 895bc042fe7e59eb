// Usage: node jacquet-doubles-filter.mjs LUDII_FILE.txt KEPT.txt (see README.md, Jacquet de Versailles).
// Keeps the games of a Ludii Jacquet de Versailles file in which Ludii's per-player double counter
// (starting at -1, left where it was by a pass) gave every double n exactly n moves (or a pass came first).
import { readFileSync, writeFileSync } from "node:fs";
const lines = readFileSync(process.argv[2], "utf8").split("\n");
const head = [], games = []; let cur = null;
for (const l of lines) {
  if (l.startsWith("# game ")) { cur = { lines: [l] }; games.push(cur); continue; }
  if (!cur) { head.push(l); continue; }
  if (l.startsWith("# summary")) { cur = null; continue; }
  cur.lines.push(l);
}
const keep = []; let doubles = 0, off = 0;
for (const g of games) {
  const dec = g.lines.filter((l) => /^\d+ \|/.test(l)).map((l) => { const p = l.split(" | "); return { mover: +p[0], chosen: p[1], dice: (p[3] ?? "").match(/dice=([\d,]+)/)?.[1] }; });
  const c = [-1, -1, -1]; let ok = true;
  for (let i = 0; i < dec.length; ) {
    let j = i; while (j < dec.length && dec[j].mover === dec[i].mover) j++;
    const run = dec.slice(i, j), [a, b] = run[0].dice.split(",").map(Number);
    if (a === b) {
      doubles++;
      const n = a, p = run[0].mover;
      let cc = c[p], L = 0; for (;;) { L++; if (cc < n - 1) cc = cc < 0 ? 1 : cc + 1; else { cc = 0; break; } }
      const m = run.filter((d) => d.chosen !== "forced-pass").length, passed = run[run.length - 1].chosen === "forced-pass";
      if (!(L === n || (passed && m < Math.min(L, n)))) { ok = false; off++; }
      for (const d of run) if (d.chosen !== "forced-pass") c[p] = c[p] < n - 1 ? (c[p] < 0 ? 1 : c[p] + 1) : 0;
    }
    i = j;
  }
  if (ok) keep.push(g);
}
console.error(`games ${games.length}, kept ${keep.length}, doubles ${doubles}, doubles off ${off}`);
writeFileSync(process.argv[3], [...head.filter((l) => l !== ""), ...keep.flatMap((g) => g.lines.filter((l) => l !== ""))].join("\n") + "\n");
