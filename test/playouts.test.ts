import { describe, it, expect } from "vitest";
import { seededChooser } from "./support/random.js";
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileGame, type CompileResult } from "../src/compile/index.js";
import { CHANCE, TERMINAL, type Game } from "../src/engine/play/game.js";
import type { Move } from "../src/engine/moves/moves.js";
import { checkInvariants } from "../src/engine/play/invariants.js";
import { EMPTY, NEUTRAL, type State } from "../src/engine/state/state.js";

const gamesDir = fileURLToPath(new URL("../games/", import.meta.url));
const gameFiles = readdirSync(gamesDir)
  .filter((f) => f.endsWith(".game"))
  .sort();

const PLAYOUTS = 30;
/** Playouts checked move by move (the notations of every legal move, see PARSED_PER_PLY); the rest check the chosen move. */
const FULL_CHECKS = 2;
/**
 * Plies of a fully checked playout whose legal moves' notations are checked: each move kind of a
 * game shows up well within them, and beyond them the check only repeats itself at a cost that grows
 * with the legal moves (a long Shogi game has tens of thousands of them).
 */
const FULL_CHECK_PLIES = 150;
/** And legal moves parsed back in a fully checked playout, at most. */
const FULL_CHECK_MOVES = 6_000;
/**
 * Legal moves of one checked ply parsed back, at most, spread evenly over the list (the first and
 * the last always). Each parse generates the position's moves again, so parsing all of them costs
 * the square of their number: Go's 361 moves a ply were nine tenths of its playouts' time, and used
 * up FULL_CHECK_MOVES within 17 plies. Every move's notation is still checked for ambiguity, also
 * as the parser reads it (case and spaces ignored), so a move left out could fail to parse back
 * only if generating the moves again gave other moves, which the sampled parses would most likely
 * show (and the same seed giving the same game, below). With at most 12 a ply, FULL_CHECK_MOVES
 * covers FULL_CHECK_PLIES plies of any game.
 */
const PARSED_PER_PLY = 12;
const MAX_PLIES = 3000;
/**
 * Plies the random games of one game may take in all: ten or so short games fit, the long
 * games of the chess family and Go (Shogi, Xiangqi, Go on 19 x 19: several hundred plies and more)
 * stop earlier, after at least four.
 */
const PLY_BUDGET = 600;
const MIN_PLAYOUTS = 4;

/**
 * Options whose rules differ enough to be played here too, each as a game of its own: a chess whose
 * promotion is chosen within the move (`promoting`), not as a second decision.
 */
const VARIANTS: { file: string; options: Record<string, string> }[] = [{ file: "chess.game", options: { promotion: "in-move" } }];

/** Compiles a game file, with quietDraw=100 when the game declares that option (so playouts end). */
function compileFile(file: string, chosen: Record<string, string> = {}): { result: CompileResult; game: Game; terminates: boolean } {
  const path = join(gamesDir, file);
  const text = readFileSync(path, "utf8");
  const first = compileGame(text, { file: path, options: chosen });
  const options: Record<string, string> = { ...chosen };
  if (first.options.some((o) => o.name === "quietDraw")) options.quietDraw = "100";
  const result = Object.keys(options).length > Object.keys(chosen).length ? compileGame(text, { file: path, options }) : first;
  if (!result.game) throw new Error(`${file} does not compile: ${result.diagnostics.map((d) => `${d.code} ${d.message}`).join("; ")}`);
  return { result, game: result.game, terminates: "quietDraw" in options };
}


function sameCode(a: Move["code"], b: Move["code"]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Everything observable of a state, to detect mutation. */
function snapshot(game: Game, s: State): string {
  return JSON.stringify({
    hash: game.hash(s),
    owner: Array.from(s.owner),
    piece: Array.from(s.piece),
    height: Array.from(s.height),
    flags: Array.from(s.flags),
    pieceCount: Array.from(s.pieceCount),
    supply: Array.from(s.supply),
    score: Array.from(s.score),
    counters: Array.from(s.counters),
    markers: Array.from(s.markers),
    rng: Array.from(s.rng),
    turn: [s.mover, s.actionInTurn, s.actionsInTurn, s.turn, s.ply, s.lastMover, s.over],
    returns: Array.from(s.returns),
  });
}

/**
 * What `snapshot` covers, copied into one array without writing it out: the hash, the turn's
 * numbers and every array of the state. Taken before and after every apply of a playout to check
 * that apply left its input alone, where the JSON of it all cost more than generating the moves
 * (some 40% of the time of Chinese Checkers' 3,000-ply games; this costs a fifth as much).
 */
function fingerprint(game: Game, s: State): Float64Array {
  const parts: ArrayLike<number>[] = [
    [game.hash(s), s.mover, s.actionInTurn, s.actionsInTurn, s.turn, s.ply, s.lastMover, s.over ? 1 : 0],
    s.owner, s.piece, s.height, s.flags, s.pieceCount, s.supply, s.score, s.counters, s.markers, s.rng, s.returns,
  ];
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Two fingerprints alike (NaN alike, as snapshot's JSON writes it). */
function sameFingerprint(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !(Number.isNaN(a[i]) && Number.isNaN(b[i]))) return false;
  return true;
}

/** A cheap assertion for hot loops (vitest's expect is too slow to call per site and per move). */
function check(cond: boolean, message: () => string): void {
  if (!cond) expect.fail(message());
}

/** pieceCount must equal the number of sites each player occupies (with mixed stacks, of pieces each has on the board). */
function expectCountsConsistent(game: Game, s: State): void {
  const counts = new Array<number>(game.playerCount).fill(0);
  for (let i = 0; i < s.owner.length; i++) {
    const o = s.owner[i]!;
    if (o === EMPTY) {
      check(s.piece[i] === EMPTY && s.height[i] === 0, () => `empty site ${game.topology.labels[i]} holds piece data`);
      continue;
    }
    if (o === NEUTRAL) continue;
    check(o >= 0 && o < game.playerCount, () => `bad owner ${o} on ${game.topology.labels[i]}`);
    check(s.piece[i]! >= 0 && s.height[i]! >= 1, () => `occupied site ${game.topology.labels[i]} without piece`);
    counts[o]!++;
  }
  // With mixed stacks the engine counts each player's pieces, wherever they stand in a stack.
  if (s.levels) {
    counts.fill(0);
    for (let i = 0; i < s.owner.length; i++) for (let k = 0; k < s.height[i]!; k++) if (s.levelOwner[i * s.levels + k]! >= 0) counts[s.levelOwner[i * s.levels + k]!]!++;
  }
  check(counts.every((c, p) => s.pieceCount[p] === c), () => `pieceCount ${Array.from(s.pieceCount)} but the board shows ${counts}`);
}

/** How far a light playout goes. */
const LIGHT_PLIES = 600;

/** The random game `playout` plays from `seed`, over its first LIGHT_PLIES plies, checking nothing: for comparing games. */
function lightPlayout(game: Game, seed: number): PlayoutRecord {
  const pick = seededChooser(seed);
  let s = game.newGame({ seed });
  const notations: string[] = [];
  while (!game.isTerminal(s) && notations.length < LIGHT_PLIES) {
    const moves = game.legalMoves(s);
    const m = moves[pick(moves.length)]!;
    notations.push(m.notation);
    s = game.apply(s, m);
  }
  return { notations, final: s };
}

interface PlayoutRecord {
  notations: string[];
  final: State;
}

/**
 * One random playout through the object API, checking invariants at every decision.
 * `full`: check every legal move's notation and round-trip a sample of them (costly), else only the chosen one's.
 */
function playout(game: Game, seed: number, full: boolean, onMove?: (before: State, m: Move, after: State) => void): PlayoutRecord {
  const pick = seededChooser(seed);
  let s = game.newGame({ seed });
  const notations: string[] = [];
  let parsed = 0;
  expectCountsConsistent(game, s);
  while (!game.isTerminal(s) && notations.length < MAX_PLIES) {
    const moves = game.legalMoves(s);
    check(moves.length > 0, () => `no legal move in a running game after ${notations.join(" ")}`);
    if (game.isChance(s)) {
      // A throw of the dice: a chance node whose outcomes are the legal moves, their chances adding up to 1.
      check(game.currentPlayer(s) === CHANCE, () => "currentPlayer is not CHANCE where a throw is due");
      const outcomes = game.chanceOutcomes(s);
      check(outcomes.length === moves.length && Math.abs(outcomes.reduce((a, o) => a + o.probability, 0) - 1) < 1e-9, () => "the throw's outcomes are not the legal moves, or their chances do not add up to 1");
    } else check(game.currentPlayer(s) === s.mover, () => "currentPlayer is not the mover");
    if (full && notations.length < FULL_CHECK_PLIES && parsed < FULL_CHECK_MOVES) {
      const texts = moves.map((m) => m.notation);
      check(new Set(texts).size === texts.length, () => `ambiguous notations: ${texts.join(" ")}`);
      // As game.parseMove compares notations: case and spaces ignored.
      check(new Set(texts.map((t) => t.toLowerCase().replace(/\s+/g, ""))).size === texts.length, () => `notations alike but for case or spaces: ${texts.join(" ")}`);
      const n = moves.length, k = Math.min(n, PARSED_PER_PLY);
      parsed += k;
      for (let j = 0; j < k; j++) {
        const m = moves[k === 1 ? 0 : Math.round((j * (n - 1)) / (k - 1))]!;
        const back = game.parseMove(s, m.notation);
        check(back?.notation === m.notation && sameCode(back.code, m.code), () => `${m.notation} parses back as ${back?.notation}`);
      }
    }
    const m = moves[pick(moves.length)]!;
    const again = game.parseMove(s, ` ${m.notation.toUpperCase()} `);
    check(again?.notation === m.notation && sameCode(again.code, m.code), () => `${m.notation} (upper case) parses back as ${again?.notation}`);

    const before = fingerprint(game, s);
    const ply = s.ply, thrown = game.isChance(s);
    const next = game.apply(s, m);
    check(sameFingerprint(fingerprint(game, s), before), () => `apply mutated its input (${m.notation})`);
    // A throw of the dice is a ply, but the last player to decide is still the one before it.
    check(next !== s && next.ply === ply + 1 && next.lastMover === (thrown ? s.lastMover : s.mover), () => `bad bookkeeping after ${m.notation}`);
    if (thrown) check(!game.isChance(next) && next.mover === s.mover, () => `after the throw ${m.notation} the mover does not decide`);
    expectCountsConsistent(game, next);
    const broken = checkInvariants(game, next);
    check(broken.length === 0, () => `invariants broken after ${m.notation}: ${broken.join("; ")}`);
    onMove?.(s, m, next);
    notations.push(m.notation);
    s = next;
  }
  return { notations, final: s };
}

function expectFinished(game: Game, s: State): void {
  expect(game.isTerminal(s)).toBe(true);
  expect(game.currentPlayer(s)).toBe(TERMINAL);
  expect(game.legalMoves(s)).toEqual([]);
  expect(game.generate(s).size).toBe(0);
  const returns = game.returns(s);
  const winners = game.winners(s)!;
  expect(winners).not.toBeNull();
  if (winners.length === 0) expect(returns.every((r) => r === 0)).toBe(true);
  else if ((game.def.placeWord ?? -1) >= 0) {
    // Players who finish one by one: returns by place, +1 for the first to -1 for the last, the winners first.
    const best = Math.max(...returns);
    expect(returns.map((r, p) => (r === best ? p : -1)).filter((p) => p >= 0)).toEqual(winners);
    expect(Math.abs(returns.reduce((a, r) => a + r, 0))).toBeLessThan(1e-9);
    expect(Math.min(...returns)).toBe(-1);
  } else returns.forEach((r, p) => expect(r).toBe(winners.includes(p) ? 1 : -1));
}

it("finds the game descriptions", () => {
  expect(gameFiles).toContain("dablot.game");
});

for (const { file, options } of [...gameFiles.map((file) => ({ file, options: {} as Record<string, string> })), ...VARIANTS]) {
  const name = basename(file, ".game");
  const chosen = Object.entries(options).map(([k, v]) => ` ${k}=${v}`).join("");

  describe(`playouts: ${file}${chosen}`, () => {
    const { game, terminates } = compileFile(file, options);

    it("starts with moves for the first player", () => {
      const s = game.newGame();
      expect(s.over).toBe(false);
      expect(s.ply).toBe(0);
      expect(s.mover).toBe(0);
      // Or the throw of the dice before P1's first decision.
      expect(game.currentPlayer(s)).toBe(game.isChance(s) ? CHANCE : 0);
      expect(game.legalMoves(s).length).toBeGreaterThan(0);
      expectCountsConsistent(game, s);
    });

    it(`plays ${PLAYOUTS} random games keeping the invariants (fewer long ones: ${PLY_BUDGET} plies in all)`, () => {
      let finished = 0, played = 0, plies = 0;
      for (let seed = 1; seed <= PLAYOUTS && (seed <= MIN_PLAYOUTS || plies < PLY_BUDGET); seed++) {
        const { final, notations } = playout(game, seed, seed <= FULL_CHECKS);
        played++;
        plies += notations.length;
        if (game.isTerminal(final)) {
          expectFinished(game, final);
          finished++;
        }
      }
      if (terminates) expect(finished).toBe(played);
    });

    it("plays the same game from the same seed", () => {
      // (The invariants are checked by the playouts above: these only compare the games, over their first LIGHT_PLIES plies.)
      for (const seed of [7, 1234]) {
        const a = lightPlayout(game, seed);
        const b = lightPlayout(game, seed);
        expect(b.notations).toEqual(a.notations);
        expect(game.hash(b.final)).toBe(game.hash(a.final));
        expect(Array.from(b.final.returns)).toEqual(Array.from(a.final.returns));
      }
      // different seeds give different games (a weak check that the choices are random at all)
      expect(lightPlayout(game, 7).notations).not.toEqual(lightPlayout(game, 8).notations);
    });

    it("serialises states mid-game and reads them back", () => {
      const pick = seededChooser(5);
      let s = game.newGame({ seed: 5 });
      for (let i = 0; i < 80 && !game.isTerminal(s); i++) {
        if (i % 10 === 0) {
          const text = JSON.stringify(game.serialize(s));
          const back = game.deserialize(JSON.parse(text));
          expect(snapshot(game, back)).toBe(snapshot(game, s));
          expect(game.legalMoves(back).map((m) => m.notation)).toEqual(game.legalMoves(s).map((m) => m.notation));
          // the random future is part of the state
          const a = back.clone(), b = s.clone();
          game.playout(a, 20);
          game.playout(b, 20);
          expect(game.hash(a)).toBe(game.hash(b));
        }
        const moves = game.legalMoves(s);
        s = game.apply(s, moves[pick(moves.length)]!);
      }
      const bad = { ...game.serialize(s), shape: { ...s.shape, sites: s.shape.sites + 1 } };
      expect(() => game.deserialize(bad)).toThrow();
    });

    it("applies moves alike through apply, applyInPlace and applyCode", () => {
      const pick = seededChooser(99);
      let s = game.newGame({ seed: 99 });
      for (let i = 0; i < 60 && !game.isTerminal(s); i++) {
        const moves = game.legalMoves(s);
        const m = moves[pick(moves.length)]!;
        const viaApply = game.apply(s, m);
        const inPlace = s.clone();
        game.applyInPlace(inPlace, m);
        const viaCode = s.clone();
        game.applyCode(viaCode, structuredClone(m.code));
        expect(snapshot(game, inPlace)).toBe(snapshot(game, viaApply));
        expect(snapshot(game, viaCode)).toBe(snapshot(game, viaApply));
        s = viaApply;
      }
    });

    it("runs the fast-path playout within the cap, deterministically", () => {
      const cap = 5000;
      for (const seed of [1, 2, 3]) {
        const start = game.newGame({ seed });
        const before = snapshot(game, start);
        const a = start.clone();
        const plies = game.playout(a, cap);
        expect(snapshot(game, start)).toBe(before);
        expect(plies).toBeGreaterThan(0);
        expect(plies).toBeLessThanOrEqual(cap);
        // Throws of the dice are decisions (plies) too, but not players' decisions (what playout counts).
        if (game.def.dice) expect(a.ply).toBeGreaterThan(plies);
        else expect(a.ply).toBe(plies);
        expectCountsConsistent(game, a);
        if (terminates) {
          expect(a.over, `seed ${seed}: unfinished after ${plies} plies`).toBe(true);
          expectFinished(game, a);
        }
        const b = start.clone();
        expect(game.playout(b, cap)).toBe(plies);
        expect(game.hash(b)).toBe(game.hash(a));
        // the cap is honoured
        const short = start.clone();
        expect(game.playout(short, 3)).toBe(Math.min(3, plies));
      }
    });

    if (name === "dablot") {
      it("dablot: ends every playout with quietDraw=100 and never adds pieces", () => {
        expect(terminates).toBe(true);
        expect(game.def.options).toMatchObject({ quietDraw: 100 });
        const quiet = game.def.counters.indexOf("quiet");
        const at = (label: string) => game.topology.labels.indexOf(label);
        expect(quiet).toBeGreaterThanOrEqual(0);
        for (let seed = 101; seed <= 110; seed++) {
          const startTotal = 60;
          expect(Array.from(game.newGame({ seed }).pieceCount)).toEqual([30, 30]);
          const { final } = playout(game, seed, false, (before, m, after) => {
            const total = (st: State) => st.pieceCount[0]! + st.pieceCount[1]!;
            expect(total(after)).toBeLessThanOrEqual(total(before));
            expect(total(after)).toBeLessThanOrEqual(startTotal);
            const mover = before.mover, other = 1 - mover;
            // only the opponent loses pieces, one per capture
            expect(after.pieceCount[mover]).toBe(before.pieceCount[mover]);
            expect(after.pieceCount[other]).toBe(before.pieceCount[other]! - (m.captures?.length ?? 0));
            if (m.kind === "jump") {
              expect(m.captures!.length).toBeGreaterThan(0);
              // Ruling 8: every jumped piece has a rank at most the jumper's
              const rank = game.def.attrTables.get("rank")!;
              const jumper = rank[before.piece[at(m.from!)]!]!;
              for (const c of m.captures!) expect(rank[before.piece[at(c)]!]!).toBeLessThanOrEqual(jumper);
              // Ruling 6: a chain is complete: the jumper has no further jump from its landing
              if (!after.over) {
                const again = after.clone();
                again.mover = before.mover;
                again.touch();
                expect(game.legalMoves(again).filter((x) => x.kind === "jump" && x.from === m.to)).toEqual([]);
              }
              expect(m.path).toHaveLength(m.captures!.length);
              expect(m.notation).toBe([m.from, ...m.path!].join("x"));
              expect(after.counters[quiet]).toBe(0);
            } else {
              expect(m.kind).toBe("step");
              expect(m.captures).toBeUndefined();
              expect(m.notation).toBe(`${m.from}-${m.to}`);
              expect(after.counters[quiet]).toBe(before.counters[quiet]! + 1);
            }
            // compulsory capture: a step is legal only when no jump is
            if (m.kind === "step") expect(game.legalMoves(before).every((x) => x.kind === "step")).toBe(true);
          });
          expectFinished(game, final);
          const winners = game.winners(final)!;
          if (winners.length === 0) expect(final.counters[quiet]).toBe(100);
          else expect(winners).toEqual([final.lastMover]);
        }
      });

      it("dablot: the fast-path playout finishes within the cap with quietDraw=100", () => {
        for (let seed = 1; seed <= 20; seed++) {
          const s = game.newGame({ seed }).clone();
          const plies = game.playout(s, 10000);
          expect(s.over, `seed ${seed}`).toBe(true);
          expect(plies).toBeLessThan(10000);
        }
      });
    }
  });
}
