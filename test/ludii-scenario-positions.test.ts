/**
 * Checks the positions of the chess-family scenario files (test/scenarios/{xiangqi,shogi,minishogi,makruk}.json)
 * against Ludii 1.3.12: each scenario's position and every position its legal actions reach, Ludii's legal
 * moves (test/ludii/harness/LudiiPositions.java, in LudiiGames.java's notation) against ours, and once a game
 * has ended, Ludii's winner against ours. Run only where Ludii is built (see test/ludii/harness/README.md):
 *
 *   LUDII_POSITIONS_CP="/tmp/harness:$OUT/Core:..." [LUDII_POSITIONS_GAMES=shogi,makruk] npx vitest run --config test/vitest.config.ts test/ludii-scenario-positions.test.ts
 *
 * The position's turn number is given to Ludii as its turn count (State.numTurn), for its turn limit. Where Ludii and we differ the test fails with the scenario, the step and both lists.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import type { Game } from "../src/engine/play/game.js";
import { loadPosition, toPosition } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";
import { checkThen, matches } from "../src/scenario/runner.js";
import type { ScenarioFile } from "../src/scenario/format.js";
import { ludiiNotation } from "./support/ludii-replay.js";

const cp = process.env.LUDII_POSITIONS_CP;
/** Only these games (comma-separated), when set. */
const only = process.env.LUDII_POSITIONS_GAMES?.split(",");

interface Spec {
  lud: string;
  /** Ludii's component name of each of our pieces (without the player number). */
  names: Record<string, string>;
  /** Ludii's hand slot of each piece a hand may hold. */
  slots?: Record<string, number>;
  /** Ludii's piece state for a piece of ours (Makruk: the queen's right to jump). */
  state?: (piece: string, flags: string[]) => number | undefined;
  /** Our notation as Ludii's. */
  notation: (n: string) => string;
  /** Ludii's list as it compares with ours. */
  ludiiLegal?: (legal: string[]) => string[];
}

const shogiNames = {
  king: "Osho", gold: "Kinsho", silver: "Ginsho", knight: "Keima", lance: "Kyosha", bishop: "Kakugyo", rook: "Hisha", pawn: "Fuhyo",
  tokin: "Tokin", "promoted-silver": "Narigin", "promoted-knight": "Narikei", "promoted-lance": "Narikyo", horse: "Ryuma", dragon: "Ryuo",
};
const specs: Record<string, Spec> = {
  xiangqi: {
    lud: "Xiangqi.lud",
    names: { general: "Jiang", advisor: "Shi", elephant: "Xiang", horse: "Ma", chariot: "Ju", cannon: "Pao", soldier: "Zu" },
    notation: ludiiNotation(),
  },
  shogi: {
    lud: "Shogi.lud",
    names: shogiNames,
    slots: { pawn: 0, silver: 1, rook: 2, bishop: 3, knight: 4, lance: 5, gold: 6 },
    notation: ludiiNotation({
      P: "Fuhyo", S: "Ginsho", R: "Hisha", B: "Kakugyo", G: "Kinsho", N: "Keima", L: "Kyosha",
      T: "Tokin", V: "Narigin", M: "Narikei", U: "Narikyo", H: "Ryuma", D: "Ryuo",
    }),
  },
  minishogi: {
    lud: "Minishogi.lud",
    names: shogiNames,
    slots: { pawn: 0, silver: 1, rook: 2, bishop: 3, gold: 4 },
    notation: ludiiNotation({ P: "Fuhyo", S: "Ginsho", R: "Hisha", B: "Kakugyo", G: "Kinsho", T: "Tokin", N: "Narigin", H: "Ryuma", D: "Ryuo" }),
  },
  makruk: {
    lud: "Mak Ruk.lud",
    names: { pawn: "Pawn", knight: "Knight", bishop: "Bishop_noCross", rook: "Rook", queen: "Ferz_noCross", king: "King_noCross" },
    state: (piece, flags) => (piece === "queen" ? (flags.includes("jump") ? 1 : 0) : undefined),
    notation: ludiiNotation(),
    // White's queen that may still jump, on the seventh rank: Ludii lists its step twice (see games/makruk.md).
    ludiiLegal: (legal) => legal.filter((m, i) => m !== legal[i - 1]),
  },
};

/** One position as the harness's input: mover | pieces | hands. */
function ludiiPosition(game: Game, s: State, spec: Spec): string {
  const pos = toPosition(game, s);
  const pieces = Object.entries(pos.sites ?? {}).map(([site, p]) => {
    const owner = Number(p.owner!.slice(1));
    const state = spec.state?.(p.piece, p.flags ?? []);
    return `${site}:${spec.names[p.piece]}${owner}${state === undefined ? "" : `:${state}`}`;
  });
  const hands = Object.entries(pos.hands ?? {}).flatMap(([player, held]) =>
    Object.entries(held).map(([piece, n]) => `${player.slice(1)}:${spec.slots![piece]}:${spec.names[piece]}${player.slice(1)}:${n}`),
  );
  return `${s.mover + 1} | ${pieces.join(" ")} | ${hands.join(" ")}`;
}

/** What we expect Ludii to print for each position reached: sorted legal moves, or "over winner=W". */
function ours(game: Game, s: State, spec: Spec): string {
  if (s.over) return `over winner=${s.returns[0]! > 0 ? 1 : s.returns[1]! > 0 ? 2 : 0}`;
  return game.legalMoves(s).map((m) => spec.notation(m.notation)).sort().join(" ");
}

interface Walk { id: string; input: string; expected: string[] }

/** A scenario's positions: its start and the position after each of its legal actions. */
function walk(game: Game, file: ScenarioFile, spec: Spec): Walk[] {
  const walks: Walk[] = [];
  for (const sc of file.scenarios) {
    let s = sc.position ? loadPosition(game, sc.position) : game.newGame({ seed: 0 });
    const start = ludiiPosition(game, s, spec);
    const turn = s.turn;
    const expected = [ours(game, s, spec)];
    const moves: string[] = [];
    for (const step of sc.steps) {
      if (!("action" in step) || step.expect !== "legal") continue;
      const m = game.legalMoves(s).find((m) => matches(m, step.action) && (!step.then || !checkThen(game, game.apply(s, m), step.then).length));
      if (!m) throw new Error(`${sc.id}: no move for ${JSON.stringify(step.action)}`);
      moves.push(spec.notation(m.notation));
      s = game.apply(s, m);
      expected.push(ours(game, s, spec));
    }
    // Ludii's State.numTurn counts as our turn does (1 on the first turn, one more at each change of mover).
    walks.push({ id: sc.id, input: `${start} | ${moves.join(" ")} | ${turn}`, expected });
  }
  return walks;
}

describe.skipIf(!cp)("the chess-family scenarios' positions against Ludii 1.3.12", () => {
  for (const [name, spec] of Object.entries(specs)) {
    it.skipIf(only !== undefined && !only.includes(name))(name, () => {
      const game = loadGame(`games/${name}.game`);
      const file = JSON.parse(readFileSync(`test/scenarios/${name}.json`, "utf8")) as ScenarioFile;
      const walks = walk(game, file, spec);
      const out = execFileSync("java", ["-cp", cp!, "LudiiPositions", spec.lud], { input: walks.map((w) => w.input).join("\n") + "\n", encoding: "utf8", maxBuffer: 1 << 26 });
      const blocks = out.split("end\n").slice(0, -1);
      expect(blocks.length).toBe(walks.length);
      const differences: string[] = [];
      let positions = 0;
      walks.forEach((w, i) => {
        const lines = blocks[i]!.trim().split("\n").map((l) => l.replace(/^S\d+ ?/, ""));
        const theirs = lines.map((l) => (l.startsWith("over") ? l : (spec.ludiiLegal ?? ((x) => x))(l ? l.split(" ") : []).join(" ")));
        positions += w.expected.length;
        if (theirs.join("\n") !== w.expected.join("\n")) {
          for (let k = 0; k < Math.max(theirs.length, w.expected.length); k++) {
            if (theirs[k] === w.expected[k]) continue;
            const a = new Set((w.expected[k] ?? "").split(" ")), b = new Set((theirs[k] ?? "").split(" "));
            differences.push(`${w.id} (${w.input}), position ${k}: only ours [${[...a].filter((x) => !b.has(x)).join(" ")}], only Ludii's [${[...b].filter((x) => !a.has(x)).join(" ")}]`);
          }
        }
      });
      console.log(`${name}: ${walks.length} scenarios, ${positions} positions checked against Ludii, ${differences.length} differing`);
      expect(differences).toEqual([]);
    });
  }
});
