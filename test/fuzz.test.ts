/**
 * Mutated descriptions: seeded byte- and token-level mutants of every built-in game must compile,
 * or be refused with diagnostics that point into the text -- never an exception. Mutants that
 * compile play a couple of short random playouts. The mutations are drawn from a seeded
 * generator, so a failure names a mutant that can be made again.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileGame } from "../src/compile/index.js";
import { nextInt, seedRng } from "../src/engine/rng.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const gamesDir = join(root, "games");
const builtins = readdirSync(gamesDir).filter((f) => f.endsWith(".game"));
const MUTANTS = 150;

/** Pieces a mutation may insert: brackets, numbers at the edges of the limits, names, parameters. */
const INSERTS = ["(", ")", "{", "}", '"', "#1", "$size", "0", "-1", "999999999999", "1e9", "(and #1 #1)", "__proto__:1", "x:", "//", "/*", "(game", "(define \"D\" (D))", "\\"];

function mutate(text: string, rng: Uint32Array): string {
  const at = nextInt(rng, text.length + 1);
  switch (nextInt(rng, 6)) {
    case 0: // delete a span
      return text.slice(0, at) + text.slice(at + 1 + nextInt(rng, 20));
    case 1: // insert a piece
      return text.slice(0, at) + INSERTS[nextInt(rng, INSERTS.length)]! + text.slice(at);
    case 2: {
      // duplicate a span
      const len = 1 + nextInt(rng, 60);
      return text.slice(0, at) + text.slice(at, at + len) + text.slice(at);
    }
    case 3: // truncate
      return text.slice(0, at);
    case 4: {
      // swap two words
      const words = text.split(/(\s+)/);
      const i = nextInt(rng, words.length), j = nextInt(rng, words.length);
      [words[i], words[j]] = [words[j]!, words[i]!];
      return words.join("");
    }
    default: {
      // replace a number by another
      return text.replace(/\d+/, () => String(nextInt(rng, 3) === 0 ? 0 : nextInt(rng, 100_000)));
    }
  }
}

describe("mutated descriptions never throw", () => {
  for (const file of builtins) {
    it(`${file}: ${MUTANTS} mutants compile or are refused with located errors`, () => {
      const original = readFileSync(join(gamesDir, file), "utf8");
      const rng = new Uint32Array(4);
      seedRng(rng, file.length * 7919 + original.length);
      const outcomes = { compiled: 0, refused: 0 };
      for (let m = 0; m < MUTANTS; m++) {
        let text = original;
        const edits = 1 + nextInt(rng, 3);
        for (let e = 0; e < edits; e++) text = mutate(text, rng);
        const where = `${file} mutant ${m}`;
        const r = compileGame(text, { file: join(gamesDir, file) });
        if (r.game) {
          outcomes.compiled++;
          const g = r.game;
          for (let seed = 1; seed <= 2; seed++) g.playout(g.newGame({ seed }), 300);
        } else {
          outcomes.refused++;
          const errors = r.diagnostics.filter((d) => d.severity === "error");
          expect(errors.length, where).toBeGreaterThan(0);
          for (const d of errors) expect(d.span, `${where}: ${d.code} ${d.message} has no location`).toBeDefined();
        }
      }
      // The mutants reach both ways out: some still compile (and play), some are refused.
      expect(outcomes.compiled, "mutants that compiled").toBeGreaterThan(0);
      expect(outcomes.refused, "mutants refused").toBeGreaterThan(0);
    });
  }
});
