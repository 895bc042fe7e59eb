/**
 * Replays Ludii 1.3.12's own random games move by move (the files test/ludii/<game>-games.txt.gz,
 * written by test/ludii/harness/LudiiGames.java; its header says the format). At every decision of
 * every game: the player to move here is Ludii's mover, the legal moves here are Ludii's (the whole
 * sorted list, or its count and 32-bit FNV-1a hash where the file holds those), then Ludii's chosen
 * move is made; each game must end where Ludii's ended, with Ludii's winner or a draw.
 *
 * Our notation is turned into Ludii's by each game's `ludiiNotation` (a capture `x` is Ludii's `-`, a
 * hand piece's letter its Ludii name, a declined promotion Ludii's `pass`, ...), then compared. The
 * moves are generated with the engine's fast path (`generate`, `rowNotation`, `applyRow`)
 * rather than `legalMoves`, which also builds every move's actions: the same moves, in about half the
 * time. Most of what remains is the engine's own work (for the chess family, making every candidate
 * move on a copy of the state to see whether it leaves the king attacked).
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { expect } from "vitest";
import type { Game } from "../../src/engine/play/game.js";
import type { MoveBuffer } from "../../src/engine/moves/moves.js";
import type { State } from "../../src/engine/state/state.js";
import { diceOfMove } from "../../src/engine/play/dice.js";

export interface LudiiDecision {
  mover: number;
  chosen: string;
  /** What Ludii's chosen move did, when Ludii lists its notation more than once. */
  did?: string;
  /** Ludii's legal moves, sorted (file written with `--legal full`). */
  legal?: string[];
  /** Their number and FNV-1a hash (file written with `--legal hash`). */
  count?: number;
  hash?: string;
  /** In games with dice: what the dice showed when Ludii listed the legal moves (its throw for this decision). */
  dice?: number[];
}

export interface LudiiGame {
  decisions: LudiiDecision[];
  /** Ludii's winner: 1 or 2, 0 for a draw. */
  winner: number;
  /** Ludii's `# result` line. */
  result: string;
}

/** Reads a file written by LudiiGames.java (gzip-compressed when its name ends in .gz). */
export function readLudiiGames(file: URL): LudiiGame[] {
  const raw = readFileSync(file);
  const text = (file.pathname.endsWith(".gz") ? gunzipSync(raw) : raw).toString("utf8");
  const games: LudiiGame[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("# game")) games.push({ decisions: [], winner: -1, result: "" });
    else if (line.startsWith("# result")) {
      const game = games.at(-1)!;
      game.winner = Number(/winner=(\d+)/.exec(line)![1]);
      game.result = line.slice(2);
    } else if (line.trim() && !line.startsWith("#")) {
      const [mover, chosen, legal, extra] = line.split(" | ");
      const [, move, did] = /^(\S+)(?: \{(.*)\})?$/.exec(chosen!)!;
      const d: LudiiDecision = { mover: Number(mover), chosen: move! };
      if (did !== undefined) d.did = did;
      const hashed = /^(\d+):([0-9a-f]{8})$/.exec(legal!);
      if (hashed) {
        d.count = Number(hashed[1]);
        d.hash = hashed[2];
      } else d.legal = legal!.split(" ");
      const dice = extra === undefined ? null : /^dice=([\d,-]+)/.exec(extra);
      if (dice) d.dice = dice[1]!.split(",").map(Number);
      games.at(-1)!.decisions.push(d);
    }
  }
  return games;
}

/** 32-bit FNV-1a of a string's UTF-8 bytes, 8 hex digits (as LudiiGames.java writes it). */
export function fnv1a32(text: string): string {
  let h = 0x811c9dc5;
  for (const b of Buffer.from(text, "utf8")) h = Math.imul(h ^ b, 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * Our notation as Ludii's, given Ludii's names of our piece letters (`P: "Fuhyo"`): a capture `b1xb5` is
 * `b1-b5`, a drop `P*c3` is `Fuhyo*c3`, a promotion `c5=T` is `c5=Tokin`, a declined promotion `=` is `pass`.
 */
export function ludiiNotation(names: Record<string, string> = {}): (notation: string) => string {
  const name = (letter: string) => names[letter] ?? `?${letter}`;
  return (n) => {
    if (n === "=") return "pass";
    if (n[1] === "*") return `${name(n[0]!)}${n.slice(1)}`;
    const move = n.replace("x", "-");
    const promotion = move.indexOf("=");
    return promotion < 0 ? move : `${move.slice(0, promotion + 1)}${name(move.slice(promotion + 1))}`;
  };
}

export interface ReplaySpec {
  /** Our move's notation written as Ludii writes it (in state `s`, before the move). */
  ludiiNotation: (notation: string, s: State) => string;
  /**
   * Ludii's sorted legal moves as they should compare with ours, for a Ludii quirk a game chooses
   * not to follow (see the game's test); by default unchanged. Files with whole lists only.
   */
  ludiiLegal?: (legal: string[], s: State, game: Game) => string[];
  /**
   * After a move Ludii chose among several of its own with the same notation (the file says what
   * Ludii's did, e.g. `{MoveTopPiece SetState}`), brings our state to Ludii's: a game whose test
   * declares none fails there.
   */
  ludiiChoice?: (s: State, game: Game, chosen: string, did: string) => void;
  /**
   * Instead of ludiiChoice, for games whose moves of one Ludii notation are told apart before they
   * are made: which of ours (by our notation, among `candidates`, those with Ludii's notation) did
   * what Ludii's did, judged from the state before the move.
   */
  ludiiResolve?: (s: State, game: Game, candidates: string[], did: string) => string;
  /**
   * Ludii's forced pass is a move of ours too (the game's rules make a player without a legal move
   * pass, as Janggi's do; `ludiiNotation` writes our pass `forced-pass`), not where our game ended.
   */
  forcedPassIsMove?: boolean;
  /**
   * The legal moves compared as sets of notations, Ludii's and ours each once per notation: for a game
   * where Ludii lists a move once per piece that could make it (every piece of a pile, of a hand) and
   * once per die allowing it, and ours once per die (a bearing off that either of two dice allows,
   * `h1-off` and `h1-off/6`, both Ludii's `h1-off`). The chosen move's die is still matched (`UseDie`).
   */
  distinct?: boolean;
  /**
   * Ludii lists a move by a die once for each unused die showing its number (and a move by dice
   * combined once for each set of unused dice showing its numbers); ours once: each of ours is
   * counted as often as Ludii's, so the lists compare whole (duplicates included) or by hash.
   */
  diceCopies?: boolean;
}

/** What the replayed games held, by Ludii's decisions. */
export interface ReplayTally {
  games: number;
  decisions: number;
  /** Passes the rules offer (e.g. a declined promotion). */
  passes: number;
  /** Passes Ludii forces on a player without a legal move (where our game has ended already, but for ReplaySpec.forcedPassIsMove). */
  forcedPasses: number;
  /** Separate promotion decisions (`e8=Queen`). */
  promotions: number;
  /** Pieces placed from a hand (`Fuhyo*e5`). */
  drops: number;
  /** Legal moves compared, over all decisions. */
  legalMoves: number;
  /** Decisions whose legal moves were compared as a whole list (the rest by count and hash). */
  listed: number;
  /** Ludii's chosen moves whose notation Ludii listed more than once (see ReplaySpec.ludiiChoice). */
  ambiguous: number;
  /** Throws of the dice made (Ludii's values, before the decisions they were thrown for). */
  throws: number;
  /** Games Ludii stopped at its turn limit, where ours go on (counted only where some were). */
  turnLimits?: number;
  /** Game results: Ludii's winner 1, 2 (p3, p4 ... in games of more players), or 0 for a draw. */
  results: { p1: number; p2: number; draws: number; [winner: string]: number };
}

/** Our legal moves in Ludii's notation, sorted, with the buffer row of each. */
function ourMoves(game: Game, s: State, spec: ReplaySpec): { buf: MoveBuffer; names: string[]; rows: Map<string, number> } {
  const buf = game.generate(s);
  const names: string[] = [];
  const rows = new Map<string, number>();
  for (let i = 0; i < buf.size; i++) {
    const name = spec.ludiiNotation(game.rowNotation(buf, i), s);
    for (let k = spec.diceCopies ? diceCopies(s, buf.die[i]!) : 1; k > 0; k--) names.push(name);
    if (!rows.has(name)) rows.set(name, i);
  }
  names.sort();
  return { buf, names: spec.distinct ? [...new Set(names)] : names, rows };
}

/**
 * How many sets of the unused dice show the numbers of the dice a move uses (`die`, see diceOfMove):
 * for each number, the ways to choose as many dice showing it as the move uses among those unused.
 */
function diceCopies(s: State, die: number): number {
  const used = diceOfMove(die);
  let copies = 1;
  for (const v of new Set(used.map((d) => s.dice[d]!))) {
    const k = used.filter((d) => s.dice[d] === v).length;
    let n = 0;
    for (let e = 0; e < s.dice.length; e++) if (s.diceLeft[e]! > 0 && s.dice[e] === v) n++;
    for (let j = 0; j < k; j++) copies = (copies * (n - j)) / (j + 1);
  }
  return copies;
}

/**
 * Replays every game (failing the test at the first difference, with where it is and both lists or
 * our list and Ludii's count and hash) and returns what the games held.
 */
export function replayLudiiGames(game: Game, games: LudiiGame[], spec: ReplaySpec): ReplayTally {
  const t: ReplayTally = {
    games: games.length, decisions: 0, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0, legalMoves: 0, listed: 0, ambiguous: 0,
    results: { p1: 0, p2: 0, draws: 0 },
  };
  for (const [g, ludii] of games.entries()) {
    const s = game.newGame({ seed: 1 });
    for (const [d, { mover, chosen, did, legal, count, hash, dice }] of ludii.decisions.entries()) {
      const where = () => `game ${g + 1}, decision ${d + 1} (Ludii: ${ludii.result})`;
      t.decisions++;
      // A throw of the dice due here: Ludii's throw is made (a decision of chance, not one of Ludii's).
      if (game.isChance(s)) {
        if (!dice) expect.fail(`${where()}: our game waits for a throw of the dice, Ludii's file has none`);
        // The throws as rows of the move buffer (no Move objects: six cowries have 64 outcomes).
        const buf = game.generate(s), want = `roll ${dice.join(",")}`;
        let row = -1;
        for (let i = 0; i < buf.size && row < 0; i++) if (game.rowNotation(buf, i) === want) row = i;
        if (row < 0) expect.fail(`${where()}: no throw of ours shows Ludii's dice ${dice.join(",")}`);
        game.applyRow(s, buf, row);
        t.throws++;
      }
      // Ludii makes a player without a legal move pass, then ends the game; ours ended on the move before
      // (unless the game's own rules make that player pass).
      if (chosen === "forced-pass") {
        t.forcedPasses++;
        if (!spec.forcedPassIsMove) {
          if (!s.over || d !== ludii.decisions.length - 1) expect.fail(`${where()}: Ludii's forced pass, but our game goes on`);
          break;
        }
      }
      if (s.over) expect.fail(`${where()}: our game is over, Ludii's goes on`);
      if (s.mover + 1 !== mover) expect(s.mover + 1, `${where()}: the mover`).toBe(mover);
      if (chosen === "pass") t.passes++;
      else if (chosen.includes("=")) t.promotions++;
      else if (chosen.includes("*")) t.drops++;
      const ours = ourMoves(game, s, spec);
      if (legal) {
        const listed = spec.ludiiLegal ? spec.ludiiLegal(legal, s, game) : legal;
        const theirs = spec.distinct ? [...new Set(listed)] : listed;
        t.listed++;
        t.legalMoves += theirs.length;
        if (ours.names.join(" ") !== theirs.join(" ")) expect(ours.names, `${where()}: the legal moves`).toEqual(theirs);
      } else {
        t.legalMoves += count!;
        const joined = ours.names.join(" ");
        if (ours.names.length !== count || fnv1a32(joined) !== hash)
          expect.fail(
            `${where()}: our ${ours.names.length} legal moves (hash ${fnv1a32(joined)}) are not Ludii's ${count} (hash ${hash});` +
              ` ours: ${joined}  (list Ludii's with LudiiGames.java ... --legal full --from ${g + 1})`,
          );
      }
      // Ludii's move used a die it names (UseDie1, UseDie2): of ours with that notation, the one using that die;
      // or dice (UseDie1 UseDie3, dice combined): the one using those, else dice showing the same numbers.
      const usedDice = did === undefined ? [] : [...did.matchAll(/UseDie(\d+)/g)].map((m) => Number(m[1]) - 1);
      // Ludii's chosen move rewritten as its list is (see ludiiLegal).
      const chosenHere = spec.ludiiLegal ? spec.ludiiLegal([chosen], s, game)[0]! : chosen;
      let row = ours.rows.get(chosenHere);
      if (usedDice.length > 0 && row !== undefined) {
        const numbers = (dice: number[]) => dice.map((d) => s.dice[d]).sort().join(",");
        const want = usedDice.join(","), wantNumbers = numbers(usedDice);
        let same = -1, alike = -1;
        for (let i = 0; i < ours.buf.size; i++) {
          if (spec.ludiiNotation(game.rowNotation(ours.buf, i), s) !== chosenHere) continue;
          const dice = diceOfMove(ours.buf.die[i]!);
          if (dice.join(",") === want) same = i;
          else if (alike < 0 && numbers(dice) === wantNumbers) alike = i;
        }
        if (same >= 0) row = same;
        else if (alike >= 0) row = alike;
      }
      if (row === undefined) expect.fail(`${where()}: Ludii's move ${chosen} is not among ours`);
      if (did !== undefined && spec.ludiiResolve) {
        const notationOf = (i: number) => game.rowNotation(ours.buf, i);
        const candidates: number[] = [];
        for (let i = 0; i < ours.buf.size; i++) if (spec.ludiiNotation(notationOf(i), s) === chosenHere) candidates.push(i);
        const pick = spec.ludiiResolve(s, game, candidates.map(notationOf), did);
        row = candidates.find((i) => notationOf(i) === pick);
        if (row === undefined) expect.fail(`${where()}: none of our moves ${chosen} did what Ludii's did (${did})`);
        game.applyRow(s, ours.buf, row);
        t.ambiguous++;
        continue;
      }
      game.applyRow(s, ours.buf, row);
      if (did !== undefined) {
        if (!spec.ludiiChoice) expect.fail(`${where()}: Ludii chose one of several moves ${chosen} (it did ${did})`);
        spec.ludiiChoice(s, game, chosen, did);
        t.ambiguous++;
      }
    }
    // Ludii stops a game at its turn limit (a draw). A game whose rules have that limit too (Xiangqi)
    // ends there as a draw as well; in one whose rules have none, the game goes on, counted apart.
    if (/endType=TurnLimit/.test(ludii.result) && !s.over) {
      t.turnLimits = (t.turnLimits ?? 0) + 1;
      continue;
    }
    if (!s.over) expect.fail(`game ${g + 1}: Ludii's game ended (${ludii.result}), ours goes on`);
    // A draw is 0 for all; a win 1 for the winner and -1 for the others; with more than two players,
    // Ludii's ranking (places 1..N, players tied sharing the average of their places) gives +1 for
    // the first to -1 for the last, as Ludii's own utilities do.
    const N = game.playerCount, ranking = /ranking=([\d.,]+)/.exec(ludii.result)?.[1]?.split(",").map(Number);
    // A team's players share Ludii's first place (ranking=1,3,1,3): they all win, the others lose.
    const team = N > 2 && ranking !== undefined && game.def.teamOf !== null && ludii.winner !== 0;
    const ranked = N > 2 && ranking !== undefined && !team;
    const returns = Array.from({ length: N }, (_, p) =>
      ranked ? 1 - (2 * (ranking[p]! - 1)) / (N - 1) : team ? (ranking![p] === Math.min(...ranking!) ? 1 : -1) : ludii.winner === 0 ? 0 : ludii.winner === p + 1 ? 1 : -1,
    );
    expect([...s.returns], `game ${g + 1}: the result (Ludii: ${ludii.result})`).toEqual(returns);
    if (ludii.winner === 0) t.results.draws++;
    else t.results[`p${ludii.winner}`] = (t.results[`p${ludii.winner}`] ?? 0) + 1;
  }
  return t;
}
