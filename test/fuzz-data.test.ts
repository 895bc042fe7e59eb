/**
 * Mutated positions and game records: seeded edits of the JSON that every built-in game's own
 * positions and records are made of (values replaced by hostile ones or by values of another type,
 * fields dropped, added or renamed, values nested thousands deep, strings of a million characters,
 * records whose result lies, texts that begin with a byte-order mark) must load as sound states,
 * or be refused with the format's error naming the field, in a message of bounded size -- never
 * another exception. Positions that load play a few random decisions with the state checked.
 */
import { readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import type { Game } from "../src/engine/play/game.js";
import { checkInvariants } from "../src/engine/play/invariants.js";
import { loadPosition, PositionError, toPosition, type Position } from "../src/engine/state/position.js";
import { nextInt, seedRng } from "../src/engine/state/rng.js";
import { MAX_JSON_DEPTH, MAX_PROBLEMS } from "../src/limits.js";
import { nestedTooDeep, parseJson } from "../src/library/untrusted.js";
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

/**
 * A string far longer than any message may quote (a hundred thousand characters: longer ones cost
 * the fuzz time and test nothing more), and values nested far deeper than any record or position
 * (JSON.parse builds them without recursion).
 */
const HUGE = "x".repeat(100_000);
const DEEP: Json[] = [JSON.parse(`${"[".repeat(10_000)}"a1"${"]".repeat(10_000)}`), JSON.parse(`${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`)];

/** With LUDEX_FUZZ_TRACE set, the mutant about to be tried is written out: a hang leaves it behind. */
function trace(what: object): void {
  if (process.env.LUDEX_FUZZ_TRACE) writeFileSync(join(tmpdir(), "ludex-fuzz-trace.json"), preview(what, Infinity));
}

/** The start of a value's JSON for a failure message (a value nested thousands deep has none: JSON.stringify recurses). */
function preview(v: unknown, length = 300): string {
  try {
    return JSON.stringify(v).slice(0, length);
  } catch {
    return "(nested too deep to show)";
  }
}

/** A refusal's message stays readable whatever the input: at most MAX_PROBLEMS problems (and a line for the rest), none of them huge. */
function expectShortMessage(e: Error, where: () => string): void {
  const lines = e.message.split("\n").length;
  if (lines > MAX_PROBLEMS + 2 || e.message.length >= 20_000) expect.fail(`${where()}: a message of ${lines} lines, ${e.message.length} characters`);
}

/** Every path (list of keys) to a value inside `v`. */
function paths(v: Json, at: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === "object") for (const k of Object.keys(v)) paths(v[k]!, [...at, k], out);
  return out;
}

/** A value of another type than `v`, of a kind that keeps something of it (a list of it, its text, its first item ...). */
function retyped(v: Json, rng: Rng): Json {
  const options: Json[] = [String(v), [v], { v }, v === null ? 0 : null, typeof v === "number" ? -v : 0.5];
  if (Array.isArray(v)) options.push(v.length ? v[0]! : "", Object.fromEntries(v.map((x, i) => [String(i), x])));
  else if (v && typeof v === "object") options.push(Object.values(v), Object.keys(v));
  else if (typeof v === "string") options.push(Number(v.replace(/\D/g, "")) || 1, v.split(""));
  return pick(rng, options);
}

/**
 * A seeded edit of a JSON value: a field replaced (by a hostile value, a value of another type, a
 * value nested thousands deep or a huge string), dropped, added (own `__proto__` included) or
 * renamed (to a huge name, too).
 */
function mutateJson(root: Json, rng: Rng): Json {
  const copy = JSON.parse(JSON.stringify(root)) as Json;
  const all = paths(copy);
  const path = pick(rng, all);
  if (path.length === 0) return pick(rng, [...HOSTILE, ...DEEP]);
  let parent = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, Json>;
  const key = path[path.length - 1]!;
  switch (nextInt(rng, 7)) {
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
    case 3:
      parent[key] = retyped(parent[key]!, rng);
      break;
    case 4:
      parent[key] = pick(rng, DEEP);
      break;
    case 5:
      if (Array.isArray(parent) || typeof parent[key] === "string" || nextInt(rng, 2) === 0) parent[key] = HUGE;
      else {
        const v = parent[key]!;
        delete parent[key];
        parent[HUGE] = v;
      }
      break;
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

/**
 * The value as a file would hand it over: half the time through its JSON text, which may begin
 * with a byte-order mark, read as the commands read it (parseJson); else as it is (as a library
 * caller passes it, nested beyond what JSON.stringify can write, too).
 */
function throughText(v: Json, rng: Rng): unknown {
  if (nextInt(rng, 2) === 0 || nestedTooDeep(v, "", 100)) return v;
  const text = JSON.stringify(v);
  const parsed = parseJson(nextInt(rng, 2) === 0 ? `\ufeff${text}` : text);
  if ("error" in parsed) expect.fail(`JSON written by JSON.stringify does not read back: ${parsed.error}`);
  return parsed.value;
}

/**
 * A record whose result lies, each field of the right type: other winners, another status, a draw
 * that was not, returns or scores changed, another reason. Reading it must end as for any record:
 * replayed, refused by replay, or refused with the format's error.
 */
function lyingResult(root: Json, players: number, rng: Rng): Json {
  const copy = JSON.parse(JSON.stringify(root)) as { result: Record<string, Json> };
  const r = copy.result;
  const seat = () => `P${1 + nextInt(rng, players)}`;
  switch (nextInt(rng, 6)) {
    case 0:
      r.winners = [seat()];
      r.draw = false;
      break;
    case 1:
      r.status = pick(rng, ["finished", "unfinished", "abandoned"]);
      break;
    case 2:
      r.winners = [];
      r.draw = true;
      break;
    case 3:
      r.returns = Array.from({ length: players }, () => pick(rng, [1, -1, 0, 0.5]));
      break;
    case 4:
      r.scores = Object.fromEntries(Array.from({ length: players }, (_, p) => [`P${p + 1}`, nextInt(rng, 100)]));
      break;
    default:
      r.reason = pick(rng, ["P1 resigned", "", HUGE]);
  }
  return copy as unknown as Json;
}

/** `sites.a1.flags[0]` for the path ["sites", "a1", "flags", 0], as the formats' messages write paths. */
function pathText(path: Array<string | number>): string {
  return path.map((k) => (typeof k === "number" ? `[${k}]` : `.${k}`)).join("");
}

/** `text` in a regular expression that matches it as written. */
function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** What `f` threw, if anything. */
function thrown(f: () => void): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** `v` with the value at `path` replaced by `by`. */
function replaced(v: Json, path: Array<string | number>, by: Json): Json {
  const copy = JSON.parse(JSON.stringify(v)) as Json;
  let parent = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, Json>;
  parent[path[path.length - 1]!] = by;
  return copy;
}

/** A position of the game some random decisions in, as the position format writes it. */
function somePosition(g: Game, rng: Rng): Json {
  const s = g.newGame({ seed: nextInt(rng, 1000) });
  // The engine's own random playout: it draws a move without listing them all (Quoridor's walls
  // would each search both pawns' paths), and these positions are only a start for mutation.
  g.playout(s, nextInt(rng, 40));
  return JSON.parse(JSON.stringify(toPosition(g, s))) as Json;
}

/**
 * Random decisions played from a position that loaded, the state checked after each: ten, the
 * decisions that first move and take what was loaded (twenty before, at twice the cost).
 */
const CHECKED_PLIES = 10;

function playChecked(g: Game, s: ReturnType<Game["newGame"]>, where: () => string): void {
  for (let ply = 0; ply < CHECKED_PLIES && !s.over; ply++) {
    const buf = g.generate(s);
    if (buf.size === 0) break;
    g.applyRow(s, buf, nextInt(s.rng, buf.size));
    const problems = checkInvariants(g, s, { conservation: false });
    if (problems.length) expect.fail(`${where()}, ply ${ply + 1}: ${problems.join("; ")}`);
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
        // Described only for a failure: writing out a huge or deep mutant takes longer than trying it.
        const where = () => `${name} position mutant ${m}: ${preview(pos)}`;
        let s;
        trace({ m, pos });
        try {
          s = loadPosition(g, throughText(pos, rng));
        } catch (e) {
          if (!(e instanceof PositionError)) expect.fail(`${where()} threw ${(e as Error).stack}`);
          if (!e.problems.length) expect.fail(`${where()}: refused without a problem`);
          expectShortMessage(e, where);
          seen.refused++;
          continue;
        }
        seen.loaded++;
        const problems = checkInvariants(g, s, { conservation: false });
        if (problems.length) expect.fail(`${where()} loaded unsound: ${problems.join("; ")}`);
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
      // A short recorded game, its moves chosen at random; its throws of the dice are the seed's
      // (a replay checks them against it).
      const s = g.newGame({ seed: 5 });
      const rec = newRecord(g, { seed: 5, seats: Array.from({ length: g.playerCount }, () => "random"), timestamps: false });
      for (let ply = 0; ply < 12 && !s.over; ply++) {
        const moves = g.legalMoves(s);
        if (!moves.length) break;
        const chosen = moves[nextInt(rng, moves.length)]!;
        const m = g.drawChance(s) ?? chosen;
        addMove(rec, g.currentPlayer(s), m);
        g.applyInPlace(s, m);
      }
      finishRecord(rec, g, s);
      const original = JSON.parse(JSON.stringify(rec)) as Json;
      const seen = { replayed: 0, refused: 0 };
      for (let m = 0; m < RECORD_MUTANTS; m++) {
        const data = nextInt(rng, 6) === 0 ? lyingResult(original, g.playerCount, rng) : mutateJson(original, rng);
        const where = () => `${name} record mutant ${m}: ${preview(data)}`;
        trace({ m, data });
        try {
          const read = readRecord(throughText(data, rng));
          const replay = replayRecord(g, read);
          if (replay.error) seen.refused++;
          else seen.replayed++;
          for (const st of replay.states) {
            const problems = checkInvariants(g, st, { conservation: false });
            if (problems.length) expect.fail(`${where()} replayed to an unsound state: ${problems.join("; ")}`);
          }
        } catch (e) {
          if (!(e instanceof RecordError)) expect.fail(`${where()} threw ${(e as Error).stack}`);
          expectShortMessage(e, where);
          seen.refused++;
        }
      }
      expect(seen.replayed, "records replayed").toBeGreaterThan(0);
      expect(seen.refused, "records refused").toBeGreaterThan(0);
    });
  }
});

describe("a value nested thousands deep at any field is refused by its path, before anything walks it", () => {
  for (const name of builtins) {
    it(name, () => {
      const g = loadGame(name);
      const rng = new Uint32Array(4);
      seedRng(rng, 99 + name.length + SEED * 1_000_003);
      const pos = somePosition(g, rng);
      for (const path of paths(pos).filter((p) => p.length > 0))
        for (const deep of DEEP) {
          const where = `${name} position with ${pathText(path)} nested deep`;
          const e = thrown(() => loadPosition(g, replaced(pos, path, deep)));
          if (!(e instanceof PositionError)) expect.fail(`${where} ${e ? `threw ${(e as Error).stack}` : "was accepted"}`);
          expect(e.problems, where).toEqual([expect.stringMatching(new RegExp(`^position${escaped(pathText(path))}\\S*: nested deeper than ${MAX_JSON_DEPTH} levels`))]);
        }
      // A record from that position, with a few moves and its result: every field a record has.
      const s = loadPosition(g, pos, 3);
      const rec = newRecord(g, { seed: 3, seats: Array.from({ length: g.playerCount }, () => "random"), start: pos as Position, timestamps: false });
      for (let ply = 0; ply < 4 && !s.over; ply++) {
        const moves = g.legalMoves(s);
        if (!moves.length) break;
        const m = moves[nextInt(rng, moves.length)]!;
        addMove(rec, g.currentPlayer(s), m);
        g.applyInPlace(s, m);
      }
      finishRecord(rec, g, s);
      const record = JSON.parse(JSON.stringify(rec)) as Json;
      for (const path of paths(record).filter((p) => p.length > 0))
        for (const deep of DEEP) {
          const where = `${name} record with ${pathText(path)} nested deep`;
          const e = thrown(() => readRecord(replaced(record, path, deep)));
          if (!(e instanceof RecordError)) expect.fail(`${where} ${e ? `threw ${(e as Error).stack}` : "was accepted"}`);
          expect(e.problems, where).toEqual([expect.stringMatching(new RegExp(`^${escaped(pathText(path).replace(/^\./, ""))}\\S*: nested deeper than ${MAX_JSON_DEPTH} levels`))]);
        }
    });
  }
});
