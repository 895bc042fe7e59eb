/**
 * The map of Ludii's ludemes against Ludex's (test/ludii/coverage-map.json) and the report written
 * from it (grammar/ludii-coverage.md, by test/ludii/coverage.mjs).
 *
 * Without Ludii: the map may only name ludemes the catalog has, so it cannot claim a counterpart we
 * do not have. With Ludii's library (`LUDII_ROOT`, holding src/Common/res/lud/board): the script
 * runs, every ludeme key it sees must have an entry, and the committed report must be what it
 * writes now, so neither the map nor the report goes stale unseen. Skipped, with a warning,
 * without the library.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ludemeNames } from "../src/lang/catalog.js";
import { root, runScript, tmp } from "./support/cli.js";

interface Entry {
  ludex: string[] | string | null;
  note?: string;
  partial?: string;
  ignore?: string;
  group?: string;
}

const mapFile = join(root, "test", "ludii", "coverage-map.json");
const map = JSON.parse(readFileSync(mapFile, "utf8")) as Record<string, Entry | string>;
const entries = Object.entries(map).filter((e): e is [string, Entry] => e[0] !== "$comment");

/** The ludeme names an entry claims: its list, or the `(name` forms of its "via ..." sentence. */
function claimed(e: Entry): string[] {
  if (Array.isArray(e.ludex)) return e.ludex;
  if (typeof e.ludex === "string") return [...e.ludex.matchAll(/\(([^\s()]+)/g)].map((m) => m[1]!);
  return [];
}

describe("the Ludii coverage map (test/ludii/coverage-map.json)", () => {
  const names = new Set(ludemeNames());

  it("has a few hundred keys, the most used ones among them", () => {
    expect(entries.length).toBeGreaterThan(300);
    for (const k of ["game", "move Step", "is Line", "sites Occupied", "forEach Piece", "sow"]) expect(map, k).toHaveProperty([k]);
  });

  it("names only ludemes the catalog has", () => {
    const unknown: string[] = [];
    for (const [k, e] of entries) for (const n of claimed(e)) if (!names.has(n)) unknown.push(`${k}: ${n}`);
    expect(unknown).toEqual([]);
  });

  it("gives every key one standing: a counterpart (maybe partial), missing with a note (maybe in a group), or ignored with a reason", () => {
    const bad: string[] = [];
    for (const [k, e] of entries) {
      const has = e.ludex !== null && e.ludex !== undefined;
      if (has && Array.isArray(e.ludex) && e.ludex.length === 0) bad.push(`${k}: empty ludex list`);
      if (has && typeof e.ludex === "string" && !e.ludex.startsWith("via ")) bad.push(`${k}: a sentence must start "via "`);
      if (has && e.ignore) bad.push(`${k}: a counterpart and ignored`);
      if (!has && !e.ignore && !e.note?.trim()) bad.push(`${k}: missing without a note`);
      if (e.partial !== undefined && (!has || !e.partial.trim())) bad.push(`${k}: partial needs a counterpart and a text`);
      if (e.group !== undefined && (has || e.ignore || !e.group.trim())) bad.push(`${k}: only a missing ludeme has a group`);
    }
    expect(bad).toEqual([]);
  });
});

describe("the coverage script (test/ludii/coverage.mjs) on a small library of its own", () => {
  /** Writes `files` (path -> text) under a fresh folder of the test's temporary folder. */
  function tree(name: string, files: Record<string, string>): string {
    const dir = join(tmp, name);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  }

  it("reads default options, expands defines, leaves metadata out, keys dispatched ludemes by their first word and some by the form they are in", async () => {
    const dir = tree("mini", {
      // Ludii's source, as far as the keys need it: a class dispatching on an enum.
      "src/Core/src/game/rules/Move.java":
        "public final class Move {\n  public static Moves construct\n  (\n    final MoveStepType moveType,\n    @Opt final Direction dirs\n  ) { return null; }\n}\n",
      "src/Core/src/game/rules/MoveStepType.java": "public enum MoveStepType\n{\n  /** A step. */\n  Step,\n}\n",
      "src/Core/src/game/rules/Set.java":
        "public final class Set {\n  public static Moves construct\n  (\n    final SetSiteType setType,\n    final IntFunction value\n  ) { return null; }\n}\n",
      "src/Core/src/game/rules/SetSiteType.java": "public enum SetSiteType\n{\n  /** A pile's count. */\n  Count,\n}\n",
      "src/def/Steps.def": '// a shared define\n(define "StepToEmpty" (move Step #1 (to if:(is Empty (to)))))\n',
      "src/lud/board/war/Mini.lud": [
        '(define "Win" (result #1 Win))',
        '(game "Mini" (players 2)',
        "  (equipment {(board <Board>) (piece \"Disc\" Each (\"StepToEmpty\" ~))})",
        "  (rules (start (set Count 2 to:(sites Board)))",
        "    (play (do (forEach Piece) ifAfterwards:(> 3 (max 1 2)) (then (custodial (from (last To)) (between (max 1)) (to if:True)))))",
        '    (end (if (no Moves Next) ("Win" Mover)))))',
        '// (option "commented out" <X> args:{<a>} {(item "a" <(sowing)> "no")})',
        '(option "Board" <Board> args:{ <shape> }',
        '  { (item "Small" <(square 3)> "first, not marked")',
        '    (item "Cut" <(remove (square 5) vertices:{0})> "marked twice: the default")**',
        '    (item "Hex" <(hex 4)> "marked once")* })',
        '(rulesets { (ruleset "Ruleset/Hex" { "Board/Hex" })* })',
        '(metadata (info { (rules "a \\"quoted\\" // not a comment") }) (graphics { (piece Scale 0.5) }))',
      ].join("\n"),
    });
    const json = join(dir, "out.json");
    const run = await runScript(join(root, "test", "ludii", "coverage.mjs"), [
      join(dir, "src", "lud"),
      "--src",
      join(dir, "src"),
      "--out",
      join(dir, "out.md"),
      "--json",
      json,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const data = JSON.parse(readFileSync(json, "utf8")) as {
      games: { name: string; category: string; keys: Record<string, number> }[];
    };
    expect(data.games).toHaveLength(1);
    const game = data.games[0]!;
    expect(game.name).toBe("Mini");
    expect(game.category).toBe("board/war");
    // The twice-marked item's board; a define's ludemes counted where it is called; no metadata.
    // do by its form (ifAfterwards:); set Count in the start rules and max bounding a run by the form round them.
    expect(Object.keys(game.keys).sort()).toEqual(
      [
        "board", "end", "equipment", "forEach", "game", "if", "is", "move Step", "no", "piece", "play", "players",
        "remove (graph)", "result", "rules", "square", "to", "start", "set Count (start)", "sites", "do ifAfterwards",
        ">", "max", "then", "custodial", "from", "last", "between", "max (between)",
      ].sort(),
    );
    expect(readFileSync(join(dir, "out.md"), "utf8")).toContain("Board games read: **1**");
  });
});

const ludiiRoot = process.env.LUDII_ROOT;
const ludDir = ludiiRoot ? join(ludiiRoot, "src", "Common", "res", "lud") : "";
const haveLudii = ludDir !== "" && existsSync(join(ludDir, "board"));
if (!haveLudii) {
  console.warn(
    "SKIPPED the Ludii coverage report check: set LUDII_ROOT to a Ludii 1.3.12 checkout (with src/Common/res/lud/board).",
  );
}

describe.skipIf(!haveLudii)("the Ludii coverage report (grammar/ludii-coverage.md) against Ludii's library", () => {
  it("maps every ludeme key of the board games, and the committed report is what the script writes now", async () => {
    const out = join(tmp, "ludii-coverage.md");
    const json = join(tmp, "ludii-coverage.json");
    const run = await runScript(join(root, "test", "ludii", "coverage.mjs"), [ludDir, "--out", out, "--json", json]);
    expect(run.code, run.stderr).toBe(0);
    const data = JSON.parse(readFileSync(json, "utf8")) as { unmapped: string[]; games: unknown[] };
    expect(data.games).toHaveLength(1056);
    expect(data.unmapped).toEqual([]);
    const committed = readFileSync(join(root, "grammar", "ludii-coverage.md"), "utf8");
    expect(readFileSync(out, "utf8"), "regenerate with the command in the report's header").toBe(committed);
  });
});
