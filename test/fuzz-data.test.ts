/**
 * Mutated positions and game records: seeded edits of the JSON that every built-in game's own
 * positions and records are made of (values replaced by hostile ones, fields dropped, added or
 * renamed) must load as sound states, or be refused with the format's error naming the field --
 * never another exception. Positions that load play a few random decisions with the state checked.
 */
import { readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import type { Game } from "../src/engine/game.js";
import { checkInvariants } from "../src/engine/invariants.js";
import { loadPosition, PositionError, toPosition } from "../src/engine/position.js";
import { nextInt, seedRng } from "../src/engine/rng.js";
import { RecordError, readRecord } from "../src/record/format.js";
import { addMove, finishRecord, newRecord } from "../src/record/recorder.js";
import { replayRecord } from "../src/record/replay.js";

const builtins = readdirSync(new URL("../games/", import.meta.url))
  .filter((f) => f.endsWith(".game"))
  .map((f) => f.replace(/\.game$/, ""))
  .sort();
/** Mutants per game; LUDEX_FUZZ_SCALE and LUDEX_FUZZ_SEED as in fuzz.test.ts, for deeper runs. */
const SCALE = Math.max(1, Number(process.env.LUDEX_FUZZ_SCALE) || 1);
const SEED = Number(process.env.LUDEX_FUZZ_SEED) || 0;
const POSITION_MUTANTS = 400 * SCALE;
const RECORD_MUTANTS = 150 * SCALE;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Rng = Uint32Array;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[nextInt(rng, xs.length)]!;

/** Values a field may be replaced by: edges of every numeric limit, wrong types, names of object properties. */
const HOSTILE: Json[] = [-1, 0, 1, 1.5, 255, 256, 32768, 65536, 1e9, 2 ** 31, 2 ** 32, 2 ** 53, 1e308, -1e308, "", "x", "a1", "zz999", "P0", "P99", "__proto__", "constructor", null, true, [], {}, [1, 2], { piece: "x" }];
const KEYS = ["__proto__", "constructor", "toString", "sites", "supply", "x", "a1", ""];

/** With LUDEX_FUZZ_TRACE set, the mutant about to be tried is written out: a hang leaves it behind. */
function trace(what: object): void {
  if (process.env.LUDEX_FUZZ_TRACE) writeFileSync(join(tmpdir(), "ludex-fuzz-trace.json"), JSON.stringify(what));
}

/** Every path (list of keys) to a value inside `v`. */
function paths(v: Json, at: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === "object") for (const k of Object.keys(v)) paths(v[k]!, [...at, k], out);
  return out;
}

/** A seeded edit of a JSON value: a field replaced, dropped, added (own `__proto__` included) or renamed. */
function mutateJson(root: Json, rng: Rng): Json {
  const copy = JSON.parse(JSON.stringify(root)) as Json;
  const all = paths(copy);
  const path = pick(rng, all);
  if (path.length === 0) return pick(rng, HOSTILE);
  let parent = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, Json>;
  const key = path[path.length - 1]!;
  switch (nextInt(rng, 4)) {
    case 0:
      parent[key] = pick(rng, HOSTILE);
      break;
    case 1:
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      break;
    case 2: {
      // An own property, even `__proto__` (as JSON.parse makes it), beside the field.
      const target = Array.isArray(parent) || parent === null || typeof parent !== "object" ? undefined : parent;
      if (target) Object.defineProperty(target, pick(rng, KEYS), { value: pick(rng, HOSTILE), enumerable: true, configurable: true, writable: true });
      break;
    }
    default: {
      if (Array.isArray(parent)) parent.push(parent[key]!);
      else {
        const v = parent[key]!;
        delete parent[key];
        parent[`${String(key)}x`] = v;
      }
    }
  }
  return copy;
}

/** A position of the game some random decisions in, as the position format writes it. */
function somePosition(g: Game, rng: Rng): Json {
  const s = g.newGame({ seed: nextInt(rng, 1000) });
  for (let k = nextInt(rng, 40); k > 0 && !s.over; k--) {
    const buf = g.generate(s);
    if (buf.size === 0) break;
    g.applyRow(s, buf, nextInt(s.rng, buf.size));
  }
  return JSON.parse(JSON.stringify(toPosition(g, s))) as Json;
}

function playChecked(g: Game, s: ReturnType<Game["newGame"]>, where: string): void {
  for (let ply = 0; ply < 20 && !s.over; ply++) {
    const buf = g.generate(s);
    if (buf.size === 0) break;
    g.applyRow(s, buf, nextInt(s.rng, buf.size));
    const problems = checkInvariants(g, s, { conservation: false });
    if (problems.length) expect.fail(`${where}, ply ${ply + 1}: ${problems.join("; ")}`);
  }
}

describe("mutated positions load as sound states or are refused by field", () => {
  for (const name of builtins) {
    it(name, () => {
      const g = loadGame(name);
      const rng = new Uint32Array(4);
      seedRng(rng, 4242 + name.length + SEED * 1_000_003);
      const seen = { loaded: 0, refused: 0 };
      for (let m = 0; m < POSITION_MUTANTS; m++) {
        const pos = mutateJson(somePosition(g, rng), rng);
        const where = `${name} position mutant ${m}: ${JSON.stringify(pos).slice(0, 300)}`;
        let s;
        trace({ m, pos });
        try {
          s = loadPosition(g, pos);
        } catch (e) {
          if (!(e instanceof PositionError)) expect.fail(`${where} threw ${(e as Error).stack}`);
          expect(e.problems.length, where).toBeGreaterThan(0);
          seen.refused++;
          continue;
        }
        seen.loaded++;
        const problems = checkInvariants(g, s, { conservation: false });
        if (problems.length) expect.fail(`${where} loaded unsound: ${problems.join("; ")}`);
        playChecked(g, s, where);
      }
      expect(seen.loaded, "mutants that loaded").toBeGreaterThan(0);
      expect(seen.refused, "mutants refused").toBeGreaterThan(0);
    });
  }
});

describe("mutated records are read and replayed, or refused by field", () => {
  for (const name of builtins) {
    it(name, () => {
      const g = loadGame(name);
      const rng = new Uint32Array(4);
      seedRng(rng, 777 + name.length + SEED * 1_000_003);
      // A short recorded game, its moves chosen at random.
      const s = g.newGame({ seed: 5 });
      const rec = newRecord(g, { seed: 5, seats: Array.from({ length: g.playerCount }, () => "random"), timestamps: false });
      for (let ply = 0; ply < 12 && !s.over; ply++) {
        const moves = g.legalMoves(s);
        if (!moves.length) break;
        const m = moves[nextInt(rng, moves.length)]!;
        addMove(rec, g.currentPlayer(s), m);
        g.applyInPlace(s, m);
      }
      finishRecord(rec, g, s);
      const original = JSON.parse(JSON.stringify(rec)) as Json;
      const seen = { replayed: 0, refused: 0 };
      for (let m = 0; m < RECORD_MUTANTS; m++) {
        const data = mutateJson(original, rng);
        const where = `${name} record mutant ${m}: ${JSON.stringify(data).slice(0, 300)}`;
        trace({ m, data });
        try {
          const read = readRecord(data);
          const replay = replayRecord(g, read);
          if (replay.error) seen.refused++;
          else seen.replayed++;
          for (const st of replay.states) {
            const problems = checkInvariants(g, st, { conservation: false });
            if (problems.length) expect.fail(`${where} replayed to an unsound state: ${problems.join("; ")}`);
          }
        } catch (e) {
          if (!(e instanceof RecordError)) expect.fail(`${where} threw ${(e as Error).stack}`);
          seen.refused++;
        }
      }
      expect(seen.replayed, "records replayed").toBeGreaterThan(0);
      expect(seen.refused, "records refused").toBeGreaterThan(0);
    });
  }
});
