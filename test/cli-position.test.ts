/**
 * Positions through the command line: what `ludex show --json` writes, `--position` reads back as
 * the same state (same drawing, same legal moves), for random positions of every game. Positions
 * are made by the library (toPosition of random play) and written to temporary files.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import type { Game } from "../src/engine/play/game.js";
import { loadPosition, toPosition } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";
import { MAX_POSITION_BYTES, MAX_TURN } from "../src/limits.js";
import { renderBoard, statusLine } from "../src/view/text.js";
import { ludex, noStackTrace, root, tempFile } from "./support/cli.js";

const gamesDir = join(root, "games");

interface Variant {
  name: string;
  file: string;
  options: string[];
  game: Game;
}

/** Every description in games/, and Beset with each other number of players it allows. */
function variants(): Variant[] {
  const out: Variant[] = [];
  for (const f of readdirSync(gamesDir).filter((x) => x.endsWith(".game")).sort()) {
    const file = join("games", f);
    out.push({ name: f, file, options: [], game: loadGame(join(gamesDir, f)) });
    if (f === "beset.game")
      for (const players of [3, 4, 5]) {
        out.push({ name: `${f} players=${players}`, file, options: ["--option", `players=${players}`], game: loadGame(join(gamesDir, f), { options: { players } }) });
      }
  }
  return out;
}

/** A state after `plies` random decisions (fewer if the game ends), chosen with a seeded rule. */
function playTo(game: Game, seed: number, plies: number): State {
  let s = game.newGame({ seed });
  let x = seed;
  for (let i = 0; i < plies && !s.over; i++) {
    const moves = game.legalMoves(s);
    if (moves.length === 0) break;
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    s = game.apply(s, moves[x % moves.length]!);
  }
  return s;
}

let files = 0;
const fileFor = (content: unknown) => tempFile(`pos-${++files}.json`, JSON.stringify(content, null, 2));

describe.concurrent("show --json, then --position: the same position", () => {
  // One position per variant, early in the game for half of them and late for the others. The
  // command writes what it read; what it wrote reads back (in the library, as every command reads
  // it) as the same state; the drawing and the legal moves of that file come from the command, for
  // alternate variants each (two runs a variant, not three: the suite runs some hundred commands).
  variants().forEach((v, i) => {
    const [seed, plies] = i % 2 === 0 ? [11, 60] : [5, 2000];
    it(`${v.name}, seed ${seed}, ${plies} plies`, async () => {
      const s = playTo(v.game, seed, plies);
      const written = fileFor(toPosition(v.game, s));
      const shown = await ludex(["show", v.file, ...v.options, "--position", written, "--json"]);
      expect(shown.code, shown.stderr).toBe(0);
      const position = JSON.parse(shown.stdout);
      expect(position).toEqual(JSON.parse(JSON.stringify(toPosition(v.game, s))));
      expect(toPosition(v.game, loadPosition(v.game, position))).toEqual(toPosition(v.game, s));

      const again = fileFor(position);
      if (i % 4 < 2) {
        const text = await ludex(["show", v.file, ...v.options, "--position", again]);
        expect(text.code, text.stderr).toBe(0);
        expect(text.stdout).toContain(renderBoard(v.game, s));
        expect(text.stdout).toContain(statusLine(v.game, s));
      } else {
        const legal = await ludex(["legal", v.file, ...v.options, "--position", again, "--json"]);
        expect(legal.code, legal.stderr).toBe(0);
        expect(JSON.parse(legal.stdout).map((m: { notation: string }) => m.notation)).toEqual(v.game.legalMoves(s).map((m) => m.notation));
      }
    });
  });
});

describe.concurrent("an observation written by show --as", () => {
  const blind = "games/blind-kings.game";
  const game = loadGame(join(gamesDir, "blind-kings.game"));

  it("reads back as that observation in show and legal", async () => {
    const s = playTo(game, 8, 9);
    const obs = game.observation(s, s.mover);
    const truth = fileFor(toPosition(game, s));
    const observed = await ludex(["show", blind, "--position", truth, "--as", `P${s.mover + 1}`, "--json"]);
    expect(observed.code, observed.stderr).toBe(0);
    const pos = JSON.parse(observed.stdout);
    expect(Object.values(pos.sites).some((p) => (p as { piece: string }).piece === "unknown")).toBe(true);
    const file = fileFor(pos);
    const [json, text, legal] = await Promise.all([
      ludex(["show", blind, "--position", file, "--json"]),
      ludex(["show", blind, "--position", file, "--as", "P1"]),
      ludex(["legal", blind, "--position", file, "--json"]),
    ]);
    expect(JSON.parse(json.stdout)).toEqual(pos);
    expect(text.stdout).toContain(renderBoard(game, obs));
    expect(JSON.parse(legal.stdout).map((m: { notation: string }) => m.notation)).toEqual(game.legalMoves(obs).map((m) => m.notation));
  });

  it("is refused by play, which needs every piece's identity, with a message naming a site", async () => {
    const start = await ludex(["show", blind, "--seed", "4", "--as", "P1", "--json"]);
    const file = fileFor(JSON.parse(start.stdout));
    const r = await ludex(["play", blind, "--position", file, "--p1", "random", "--p2", "random"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("position.sites.a1: 'unknown' is a face-down piece of an observation");
    expect(r.stderr).toContain("ludex show` without --as");
    noStackTrace(r);
  });
});

describe.concurrent("position files handed over hostile", () => {
  const start = { sites: { a1: { piece: "mark", owner: "P1" } }, mover: "P2" };

  it("a position that begins with a byte-order mark reads as without one", async () => {
    const [plain, bom] = await Promise.all([
      ludex(["legal", "tic-tac-toe", "--position", tempFile("plain-pos.json", JSON.stringify(start))]),
      ludex(["legal", "tic-tac-toe", "--position", tempFile("bom-pos.json", `\ufeff${JSON.stringify(start)}`)]),
    ]);
    expect(bom.code, bom.stderr).toBe(0);
    expect(bom.stdout).toBe(plain.stdout);
  });

  it("numbers out of range, nesting thousands deep and files beyond the size limit are refused (exit 1) with the field", async () => {
    const deepFlags = `{"sites": {"a1": {"piece": "mark", "owner": "P1", "flags": ${"[".repeat(20_000)}${"]".repeat(20_000)}}}}`;
    const [turn, deep, huge] = await Promise.all([
      ludex(["legal", "tic-tac-toe", "--position", fileFor({ ...start, turn: 1e300 })]),
      ludex(["show", "tic-tac-toe", "--position", tempFile("deep-pos.json", deepFlags)]),
      ludex(["show", "tic-tac-toe", "--position", tempFile("huge-pos.json", JSON.stringify({ ...start, x: " ".repeat(MAX_POSITION_BYTES) }))]),
    ]);
    expect(turn.stderr).toContain(`position.turn: must be a whole number from 0 to ${MAX_TURN}`);
    expect(deep.stderr).toMatch(/position\.sites\.a1\.flags(\[0\])+: nested deeper than 16 levels/);
    expect(huge.stderr).toMatch(new RegExp(`huge-pos\\.json': it is larger than ${MAX_POSITION_BYTES} bytes`));
    for (const r of [turn, deep, huge]) {
      expect(r.code, r.all).toBe(1);
      expect(r.all).not.toContain("internal error");
      noStackTrace(r);
    }
  });
});
