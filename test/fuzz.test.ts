/**
 * Mutated descriptions: seeded byte-level, token-level and hostile mutants of every built-in game
 * must compile, or be refused with diagnostics that point into the text -- never an exception,
 * never a freeze. Mutants that compile play short random playouts with the state's invariants
 * checked after every decision. The mutations come from a seeded generator, so a failure names a
 * mutant that can be made again; what once failed is kept in test/fuzz-corpus/.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileGame } from "../src/compile/index.js";
import type { Game } from "../src/engine/play/game.js";
import { checkInvariants } from "../src/engine/play/invariants.js";
import { nextInt, seedRng } from "../src/engine/state/rng.js";
import { byteMutant, HOSTILE, tokenMutant } from "./support/mutants.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const gamesDir = join(root, "games");
const corpusDir = join(root, "test", "fuzz-corpus");
const builtins = readdirSync(gamesDir).filter((f) => f.endsWith(".game")).sort();

/**
 * Mutants per game: byte-level and token-level ones, and rounds of every hostile shape. The
 * library's games differ mostly in their ludemes, so many games with fewer mutants each reach more
 * than a few with many. A deeper search, outside `npm test`: LUDEX_FUZZ_SCALE=20 multiplies them,
 * LUDEX_FUZZ_SEED=n draws others.
 */
const SCALE = Math.max(1, Number(process.env.LUDEX_FUZZ_SCALE) || 1);
const SEED = Number(process.env.LUDEX_FUZZ_SEED) || 0;
const BYTE_MUTANTS = 24 * SCALE;
const TOKEN_MUTANTS = 28 * SCALE;
const HOSTILE_ROUNDS = 1 * SCALE;
/**
 * Playouts of an accepted mutant, their length, and the legal moves they may look at in all: a
 * mutant may be a legitimately huge game (a 10,000-site board with thousands of moves a turn), so
 * its playouts are bounded by work, not time.
 */
const PLAYOUTS = 2;
const PLIES = 80;
const MOVES_BUDGET = 50_000;
/**
 * CPU time one mutant may take to compile (or be refused). A net for freezes (the cases this test
 * was written for ran for minutes), far above the milliseconds a description takes: CPU time of
 * this process, so a loaded machine does not make it fail.
 */
const CPU_BOUND_MS = 5_000;

type Outcome = "compiled" | "refused";
const tally: Record<string, Record<Outcome, number>> = {};
/** The slowest mutants to compile (CPU ms), of each outcome, for the summary. */
const slowest: Record<Outcome, Array<{ ms: number; what: string }>> = { compiled: [], refused: [] };

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Plays an accepted mutant at random, checking the invariants after every decision. */
function playChecked(g: Game, where: string): void {
  let moves = 0;
  for (let seed = 1; seed <= PLAYOUTS; seed++) {
    const s = g.newGame({ seed });
    for (let ply = 0; ply < PLIES && !s.over && moves < MOVES_BUDGET; ply++) {
      const buf = g.generate(s);
      moves += buf.size;
      if (buf.size === 0) break;
      g.applyRow(s, buf, nextInt(s.rng, buf.size));
      const problems = checkInvariants(g, s, { conservation: false });
      if (problems.length) expect.fail(`${where}, seed ${seed}, ply ${ply + 1}: ${problems.join("; ")}`);
    }
  }
}

/** Compiles (and plays) one mutant; asserts the outcome is located diagnostics or a sound game. */
function tryMutant(text: string, file: string, kind: string, where: string): Outcome {
  try {
    return checkMutant(text, file, kind, where);
  } catch (e) {
    // A failing mutant is written out, to be looked at (and kept in the corpus once fixed).
    const keep = join(tmpdir(), `ludex-fuzz-failed-${process.pid}.game`);
    writeFileSync(keep, text);
    throw new Error(`${(e as Error).message} (its text: ${keep})`, { cause: e });
  }
}

function checkMutant(text: string, file: string, kind: string, where: string): Outcome {
  const start = cpuMs();
  const r = compileGame(text, { file });
  const ms = cpuMs() - start;
  let outcome: Outcome;
  if (r.game) {
    outcome = "compiled";
    playChecked(r.game, where);
  } else {
    outcome = "refused";
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    if (errors.length === 0) expect.fail(`${where}: refused without an error`);
    for (const d of errors) if (!d.span) expect.fail(`${where}: ${d.code} ${d.message} has no location`);
  }
  const top = slowest[outcome];
  top.push({ ms, what: where });
  top.sort((a, b) => b.ms - a.ms).splice(3);
  if (ms > CPU_BOUND_MS) expect.fail(`${where} took ${Math.round(ms)} ms of CPU to compile`);
  (tally[kind] ??= { compiled: 0, refused: 0 })[outcome]++;
  return outcome;
}

// The first compile of a process builds the parser, the schema validator and the suggestion
// tables: done here, so the CPU times measured are the descriptions' own.
beforeAll(() => {
  for (const name of builtins) compileGame(readFileSync(join(gamesDir, name), "utf8"), { file: join(gamesDir, name) });
  compileGame(`(game "T" (players 2) (equipment {(board (square 3 3 x:1)) (piece man)}) (rules (start {}) (play (add piece:man to:(empty to))) (end {})))`);
});

describe("mutated descriptions never throw", () => {
  for (const name of builtins) {
    it(`${name}: byte, token and hostile mutants compile or are refused with located errors`, () => {
      const file = join(gamesDir, name);
      const original = readFileSync(file, "utf8");
      const rng = new Uint32Array(4);
      seedRng(rng, name.length * 7919 + original.length + SEED * 1_000_003);
      const seen = { compiled: 0, refused: 0 };
      const run = (text: string, kind: string, where: string) => seen[tryMutant(text, file, kind, `${name} ${where}`)]++;
      for (let m = 0; m < BYTE_MUTANTS; m++) {
        let text = original;
        for (let e = 1 + nextInt(rng, 3); e > 0; e--) text = byteMutant(text, rng);
        run(text, "byte", `byte mutant ${m}`);
      }
      for (let m = 0; m < TOKEN_MUTANTS; m++) {
        let text = original;
        for (let e = 1 + nextInt(rng, 3); e > 0; e--) text = tokenMutant(text, rng);
        run(text, "token", `token mutant ${m}`);
      }
      for (let round = 0; round < HOSTILE_ROUNDS; round++) {
        for (const shape of HOSTILE) run(shape.make(original, rng, file), shape.name, `${shape.name} (round ${round})`);
      }
      // The mutants reach both ways out: some still compile (and play), some are refused.
      expect(seen.compiled, "mutants that compiled").toBeGreaterThan(0);
      expect(seen.refused, "mutants refused").toBeGreaterThan(0);
    });
  }
});

/** Option values as a command line may give them: out of range, not numbers, huge, names of object properties. */
describe("hostile option values are refused with diagnostics or compile", () => {
  const VALUES = ["-1", "0", "1", "2", "7", "65", "1000000000", "9".repeat(400), "1e309", "0.5", "", " ", "abc", "true", "__proto__", "constructor", "NaN", "Infinity"];
  for (const name of builtins) {
    it(name, () => {
      const file = join(gamesDir, name);
      const text = readFileSync(file, "utf8");
      const declared = compileGame(text, { file }).options.map((o) => o.name);
      for (const option of [...declared, "__proto__", "unknownOption"]) {
        for (const value of VALUES) {
          const r = compileGame(text, { file, options: JSON.parse(JSON.stringify({ [option]: value })) as Record<string, string> });
          const where = `${name} with ${option}=${JSON.stringify(value.slice(0, 20))}`;
          if (r.game) continue;
          const errors = r.diagnostics.filter((d) => d.severity === "error");
          expect(errors.length, where).toBeGreaterThan(0);
          // Errors about the value itself come from the caller (no place in the text); all others point into it.
          for (const d of errors) if (!d.span && d.code !== "X002" && d.code !== "X003") expect.fail(`${where}: ${d.code} ${d.message} has no location`);
        }
      }
    });
  }
});

/**
 * Descriptions that once froze, exhausted or crashed the compiler, each with the error codes it
 * must now get (`// expect: L004 M005`) or `// expect: compiles`.
 */
describe("the regression corpus", () => {
  const cases = readdirSync(corpusDir).filter((f) => f.endsWith(".game")).sort();
  it("has cases", () => expect(cases.length).toBeGreaterThan(10));
  for (const name of cases) {
    it(name, () => {
      const file = join(corpusDir, name);
      const text = readFileSync(file, "utf8");
      const expected = /^\/\/ expect: (.+)$/m.exec(text)?.[1]?.trim().split(/\s+/);
      expect(expected, "the case says what it expects").toBeDefined();
      const outcome = tryMutant(text, file, "corpus", `corpus ${name}`);
      if (expected![0] === "compiles") return expect(outcome).toBe("compiled");
      const codes = compileGame(text, { file }).diagnostics.filter((d) => d.severity === "error").map((d) => d.code);
      for (const code of expected!) expect(codes, `${name} gets ${code}`).toContain(code);
    });
  }
});

afterAll(() => {
  const lines = Object.entries(tally).map(([kind, t]) => `  ${kind}: ${t.compiled} compiled, ${t.refused} refused`);
  const total = Object.values(tally).reduce((n, t) => n + t.compiled + t.refused, 0);
  const slow = (o: Outcome) => slowest[o].map((x) => `  ${Math.round(x.ms)} ms of CPU: ${x.what}`).join("\n");
  console.log(`fuzz: ${total} descriptions; outcomes by kind of mutant:\n${lines.join("\n")}\nslowest refused:\n${slow("refused")}\nslowest compiled:\n${slow("compiled")}`);
});
