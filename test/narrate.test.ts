/**
 * What the terminal tells people: move narration (captures, reveals, flags, scores, supplies, and
 * nothing a viewer may not see), why a game ended (the end rule recorded in the state and its
 * reason, generated or given), the status line, the board legend, and boards within 80 columns.
 * Small inline descriptions pin each behaviour down; the games in games/ are checked for what
 * only they exercise (every end rule has a reason, every board fits).
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import type { Game } from "../src/engine/play/game.js";
import type { Move } from "../src/engine/moves/moves.js";
import { State } from "../src/engine/state/state.js";
import { boardLegend } from "../src/view/legend.js";
import { narrateMove, tellMove } from "../src/view/narrate.js";
import { endInfo, gameOverText, renderBoard, statusLine } from "../src/view/text.js";
import { at, build, errorsOf, move, play, swapIdentities, text, type Spec } from "./support/games.js";

const gamesDir = fileURLToPath(new URL("../games/", import.meta.url));
const gameFiles = readdirSync(gamesDir).filter((f) => f.endsWith(".game")).sort();
/** Every game in games/ with every player count its `players` option allows. */
function everyGame(): { id: string; game: Game }[] {
  return gameFiles.flatMap((f) => {
    const counts = f === "beset.game" ? [2, 3, 4, 5] : [0];
    return counts.map((n) => ({ id: n ? `${f} players=${n}` : f, game: loadGame(`${gamesDir}${f}`, n ? { options: { players: n } } : {}) }));
  });
}

/** The narration of the move with this notation in `s`, and the state after it. */
function narrate(g: Game, s: State, notation: string, viewer?: number): { lines: string[]; after: State; m: Move } {
  const m = move(g, s, notation);
  const after = g.apply(s, m);
  return { lines: narrateMove(g, s, after, m, viewer), after, m };
}

/**
 * The narration of the first capture in a seeded International Draughts game that ends its turn
 * where `before` holds (capturing moves preferred where `prefer` takes them; otherwise every
 * seventh move), within `plies`; fails when none comes.
 */
function draughtsCapture(plies: number, prefer: (m: Move) => boolean, before: (s: State, g: Game) => boolean): string[] {
  const g = loadGame("international-draughts");
  let s = g.newGame({ seed: 3 });
  for (let i = 0; i < plies && !s.over; i++) {
    const moves = g.legalMoves(s);
    const m = moves.find((x) => (x.captures?.length ?? 0) > 0 && prefer(x)) ?? moves[(i * 7) % moves.length]!;
    const after = g.apply(s, m);
    if ((m.captures?.length ?? 0) > 0 && after.mover !== s.mover && before(s, g)) return narrateMove(g, s, after, m);
    s = after;
  }
  return expect.fail(`no capture ending a turn within ${plies} plies`);
}

const jumpSpec = (sp: Partial<Spec> = {}): Spec => ({ play: "(jump over:(enemy over))", ...sp });

describe("narration of captures and supplies", () => {
  it("names the pieces a jump captures, one line for pieces alike", () => {
    const g = build(jumpSpec({ start: "(place man P1 a1) (place man P2 a2)" }));
    expect(narrate(g, g.newGame(), "a1xa3").lines).toEqual(["captures P2's man on a2"]);
    const chain = build(jumpSpec({ board: "(square 5 1)", play: "(jump over:(enemy over) chain:must)", start: "(place man P1 a1) (place man P2 b1) (place man P2 d1)" }));
    expect(narrate(chain, chain.newGame(), "a1xc1xe1").lines).toEqual(["captures P2's men on b1 and d1"]);
  });

  it("tells a capture that only marks the piece (removed when the turn ends) once, not again as it leaves", () => {
    // A single hop that ends the turn: its piece is marked by the hop and removed at the turn's end.
    const told = draughtsCapture(200, (m) => m.notation.split("x").length === 2, () => true);
    expect(told).toEqual([expect.stringMatching(/^captures (White|Black)'s (man|king) on [a-j]\d+$/)]);
  });

  it("tells a chain's pieces once each: the last hop's line names only its own, not those of earlier hops leaving with it", () => {
    // The last hop of a chain of decisions: earlier hops' pieces, marked, leave the board with it.
    const told = draughtsCapture(400, () => true, (s, g) => s.flags.some((f) => (f & g.def.captureMarkFlags) !== 0));
    expect(told).toEqual([expect.stringMatching(/^captures (White|Black)'s (man|king) on [a-j]\d+$/)]);
  });

  it("tells the last move in one sentence for a page: the mover, the notation, the clauses; a throw of the dice by its values", () => {
    const g = build(jumpSpec({ start: "(place man P1 a1) (place man P2 a2) (place man P2 b2)" }));
    const m = move(g, g.newGame(), "a1xa3");
    expect(tellMove(g, g.newGame(), g.apply(g.newGame(), m), m)).toBe("P1 played a1xa3: captures P2's man on a2.");
    const bg = loadGame("backgammon");
    const start = bg.newGame({ seed: 5 });
    const thrown = bg.legalMoves(start)[0]!;
    const after = bg.apply(start, thrown);
    expect(tellMove(bg, start, after, thrown)).toBe(`The dice show ${after.dice[0]} and ${after.dice[1]}.`);
  });

  it("writes the possessive of a seat's name ending in s as English does (Defenders', not Defenders's)", () => {
    const g = build(text(jumpSpec({ start: "(place man P1 a1) (place man P2 a2)" })).replace("(players 2)", "(players 2 names:{Attackers Defenders})"));
    expect(narrate(g, g.newGame(), "a1xa3").lines).toEqual(["captures Defenders' man on a2"]);
  });

  it("tells a captured stack's height and flags, and the checkers going back to the supply", () => {
    const g = build({
      items: "(supply 5) (flag king word:\"crowned king\")",
      start: "(place man P1 a1) (place man P2 a2 height:2 flags:{king})",
      play: "(slide take:all to:(or (empty to) (enemy to)) on-capture:{(return-to-supply to)})",
    });
    const { lines } = narrate(g, g.newGame(), "a1xa2");
    expect(lines).toEqual(["captures P2's stack of 2 men on a2 (crowned king)", "2 men return to P2's supply (now 5)"]);
  });

  it("tells pieces removed by the after-action rules: captured when their owner does not score", () => {
    const g = build({
      items: "(flag promoted)",
      start: "(place man P2 b2 flags:{promoted}) (place man P1 a2)",
      play: "(add piece:man to:(empty to))",
      rules: "after-action:{(forall (and (enemy site) (flanked site (owner site P1))) {(remove site)})}",
    });
    expect(narrate(g, g.newGame(), "*c2").lines).toEqual(["P2's man on b2 (promoted) is captured"]);
  });

  it("tells a scored formation: pieces leaving the board, the score, and the rest returning to the supply", () => {
    const g = build({
      items: "(supply 3) (shape pair {{} {E}})",
      start: "(place man P1 b3)",
      play: "(add piece:man from-supply:true to:(empty to))",
      rules: "after-action:{(remove-shapes {pair} of:(and (owner site mover) (in site (rows 3 3))) each:{(return-to-supply site) (remove site)} once:{(add-score mover 1) (add-supply mover -1)})}",
    });
    const s = g.newGame();
    expect(s.supply[0]).toBe(2);
    const { lines, after } = narrate(g, s, "*a3");
    expect(lines).toEqual(["P1's men on a3 and b3 leave the board", "P1 scores 1 (total 1)", "1 man returns to P1's supply (now 2)"]);
    expect(after.supply[0]).toBe(2);
    // A placement that does nothing else is told by its notation alone.
    expect(narrate(g, s, "*a1").lines).toEqual([]);
  });

  it("tells a lift back to the supply and a score going down", () => {
    const g = build({ items: "(supply 4)", start: "(place man P1 b2)", play: "(lift from:(friend from) to-supply:true then:{(add-score mover -2)})" });
    expect(narrate(g, g.newGame(), "-b2").lines).toEqual(["1 man returns to P1's supply (now 4)", "P1 loses 2 points (total -2)"]);
  });
});

describe("narration of sowings", () => {
  it("tells how many seeds a sowing took from the pit and where the last fell, not each pit it filled; captures after it", () => {
    const g = loadGame("games/kalah.game");
    const s = g.newGame();
    expect(narrate(g, s, "b1").lines).toEqual(["sows 4 seeds from b1, the last into f1"]);
    // Into the store: no pit is "placed" on.
    const t = play(g, s, "c1");
    expect(narrate(g, s, "c1").lines).toEqual(["sows 4 seeds from c1, the last into store-e"]);
    expect(t.mover).toBe(0);
  });
});

describe("narration of flags, owners and placements", () => {
  it("tells flags gained and lost, by the flag's word or name, grouping sites", () => {
    const g = build({
      items: "(flag king word:\"crowned king\") (flag blessed)",
      start: "(place man P1 a2 flags:{blessed}) (place man P1 b2 flags:{blessed}) (place man P2 c1)",
      play: "(step dirs:{N} then:{(clear-flag to blessed)})",
      rules: "after-action:{(forall (and (occupied site) (in site (rows 3 3))) {(set-flag site king)}) (forall (friend site) {(set-flag site blessed)})}",
    });
    const first = narrate(g, g.newGame(), "a2-a3");
    // The move itself clears the blessing; the after-action rules crown it and bless it again.
    expect(first.lines).toEqual(["P1's man on a3 is no longer blessed", "P1's man on a3 is crowned king", "P1's man on a3 is blessed"]);
  });

  it("groups the same change on several sites in one line", () => {
    const g = build({
      items: "(flag blessed)",
      start: "(place man P1 a1) (place man P1 b1) (place man P1 c3)",
      play: "(select to:(empty to))",
      rules: "after-action:{(forall (friend site) {(set-flag site blessed)})}",
    });
    expect(narrate(g, g.newGame(), "@b2").lines).toEqual(["P1's men on a1, b1 and c3 are blessed"]);
  });

  it("tells pieces changing hands, and pieces a selection's effects place", () => {
    const swap = build({ start: "(place man P1 a1) (place man P2 c3)", play: "(select to:(empty to) then:{(swap-owners mover opponent)})" });
    expect(narrate(swap, swap.newGame(), "@b2").lines).toEqual(["P1's man on a1 becomes P2's", "P2's man on c3 becomes P1's"]);
    const fill = build({ items: "(flag king)", play: "(select to:(in to b2) then:{(put to man mover flags:{king}) (forall (adjacent site to) {(put site man mover)})})" });
    expect(narrate(fill, fill.newGame(), "@b2").lines).toEqual(["places P1's men on b1, a2, c2 and b3, and a man on b2 (king)"]);
  });

  it("names players by the description's names", () => {
    const g = build(`(game "T" (players 2 names:{Red Blue}) (equipment {(board (square 3 3)) (piece man)})
      (rules (start {(place man P1 a1) (place man P2 a2)}) (play (jump over:(enemy over))) (end {})))`);
    expect(narrate(g, g.newGame(), "a1xa3").lines).toEqual(["captures Blue's man on a2"]);
  });
});

describe("narration of pieces changing places", () => {
  it("tells the two pieces that change places in one line, then the consequences", () => {
    const g = build({
      items: "(piece king)",
      start: "(place king P1 a1) (place man P1 b2) (place man P2 c3)",
      play: "(swap-pieces piece:{king} to:(occupied to) then:{(add-score mover 1)})",
    });
    expect(narrate(g, g.newGame(), "a1<>b2").lines).toEqual(["P1's king on a1 and P1's man on b2 change places", "P1 scores 1 (total 1)"]);
    expect(narrate(g, g.newGame(), "a1<>c3").lines[0]).toBe("P1's king on a1 and P2's man on c3 change places");
  });
});

describe("narration with hidden pieces", () => {
  const hiddenGame = () =>
    build({
      items: "(piece king) (flag hidden conceals:true)",
      start: "(place man P1 a1) (place king P2 a2 flags:{hidden}) (place man P2 c3 flags:{hidden})",
      play: "(either (step to:(not (friend to))) (select kind:reveal prefix:\"?\" to:(flag to hidden) then:{(clear-flag to hidden)}))",
    });

  it("tells a viewer only what their observation shows", () => {
    const g = hiddenGame();
    const s = g.newGame();
    expect(narrate(g, s, "a1xa2").lines).toEqual(["captures P2's king on a2 (face down)"]);
    expect(narrate(g, s, "a1xa2", 0).lines).toEqual(["captures the face-down piece on a2"]);
    expect(narrate(g, s, "a1xa2", 1).lines).toEqual(["captures the face-down piece on a2"]);
    // A reveal shows the piece to everybody.
    expect(narrate(g, s, "?a2", 0).lines).toEqual(["reveals P2's king on a2"]);
  });

  it("says which pieces each player plays at the first reveal of a face-down game, and never what stays hidden", () => {
    const g = loadGame(`${gamesDir}blind-kings.game`);
    const s = g.newGame({ seed: 11 });
    const first = narrate(g, s, "?a1", 0);
    expect(first.lines).toHaveLength(1);
    const pieceName = g.def.pieces[first.after.piece[at(g, "a1")]!]!.name;
    expect(first.lines[0]).toBe(`reveals P1's ${pieceName} on a1 (P1 now plays lower case, P2 upper case)`);
    // What a viewer is told does not depend on the identities still face down.
    const shuffled = swapIdentities(s, at(g, "b1"), at(g, "h4"));
    for (const viewer of [0, 1]) {
      expect(narrate(g, shuffled, "?a1", viewer).lines).toEqual(narrate(g, s, "?a1", viewer).lines);
    }
    // Later reveals say only what they show.
    const second = narrate(g, first.after, "?h4", 1);
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0]).toMatch(/^reveals P[12]'s \w+ on h4$/);
  });
});

describe("why a game ended", () => {
  const ended = (g: Game, s: State, notation: string) => {
    const after = play(g, s, notation);
    expect(after.over).toBe(true);
    return after;
  };

  it("records the end rule that fired in the state, and keeps it through copies and JSON", () => {
    const g = build(jumpSpec({ start: "(place man P1 a1) (place man P2 a2) (place man P2 c3)", end: "(if (no-moves next) (lose next)) (if (no-pieces next) (win mover))" }));
    const s = g.newGame();
    expect(s.endRule).toBe(-1);
    const after = ended(g, s, "a1xa3");
    expect(after.endRule).toBe(0);
    expect(after.clone().endRule).toBe(0);
    expect(g.observation(after, 1).endRule).toBe(0);
    expect(g.deserialize(JSON.parse(JSON.stringify(g.serialize(after)))).endRule).toBe(0);
    // A state saved before end rules were recorded reads as "unknown".
    const old = g.serialize(after);
    delete old.endRule;
    const reread = g.deserialize(old);
    expect(reread.endRule).toBe(-1);
    expect(g.endReason(reread)).toBeNull();
    expect(gameOverText(g, reread)).toEqual(["Game over: P1 wins."]);
    expect(g.endReason(s)).toBeNull();
  });

  it("generates the reason of a player without pieces or moves", () => {
    const noPieces = build(jumpSpec({ start: "(place man P1 a1) (place man P2 a2)", end: "(if (no-pieces next) (win mover))" }));
    const a = ended(noPieces, noPieces.newGame(), "a1xa3");
    expect(noPieces.endReason(a)).toEqual({ rule: 0, text: "P2 has no pieces left" });
    expect(gameOverText(noPieces, a)).toEqual(["Game over: P2 has no pieces left. P1 wins."]);
    expect(statusLine(noPieces, a)).toBe("Game over: P2 has no pieces left. P1 wins.");

    const noMoves = build(jumpSpec({ start: "(place man P1 a1) (place man P2 a2) (place man P2 c3)", end: "(if (no-pieces next) (win mover)) (if (no-moves next) (lose next))" }));
    const b = ended(noMoves, noMoves.newGame(), "a1xa3");
    expect(noMoves.endReason(b)).toEqual({ rule: 1, text: "P2 has no legal move" });
    expect(noMoves.endReason(b, (p) => ["South", "North"][p]!)!.text).toBe("North has no legal move");
  });

  it("generates the reason of a counter or the turn compared with a number, leaving out parts known at compile time", () => {
    const counted = (items: string, end: string) => build({ items, start: "(place man P1 a1) (place man P2 c3)", play: "(step then:{(counter-add n 1)})", end });
    const shown = counted('(counter n shown:"steps taken")', "(if (and (> 5 0) (>= (counter n) 2)) draw)");
    const s = playTo(shown, 2);
    expect(shown.endReason(s)!.text).toBe("steps taken reached 2");
    expect(gameOverText(shown, s)[0]).toBe("Game over: Steps taken reached 2. Draw.");
    const hidden = counted("(counter n)", "(if (< 2 (counter n)) draw)");
    expect(hidden.endReason(playTo(hidden, 3))!.text).toBe("n passed 2");
    const turns = counted("(counter n)", "(if (> (turn) 2) draw)");
    expect(turns.endReason(playTo(turns, 2))!.text).toBe("the turn number passed 2");
  });

  it("uses an end rule's reason, naming the players it refers to", () => {
    const g = build(jumpSpec({ start: "(place man P1 a1) (place man P2 a2)", end: '(if (no-pieces next) (win mover) reason:"{mover} took {next}\'s last man")' }));
    expect(g.endReason(ended(g, g.newGame(), "a1xa3"))!.text).toBe("P1 took P2's last man");
    const names = build(`(game "T" (players 2 names:{Red Blue}) (equipment {(board (square 3 3)) (piece man)})
      (rules (start {(place man P1 a1) (place man P2 a2)}) (play (jump over:(enemy over)))
        (end {(if (no-pieces next) (win mover) reason:"{opponent} is wiped out")})))`);
    const s = ended(names, names.newGame(), "a1xa3");
    expect(gameOverText(names, s)).toEqual(["Game over: P2 (Blue) is wiped out. P1 (Red) wins."]);
    expect(endInfo(names, s)).toEqual({ winners: ["P1"], draw: false, rule: 0, reason: "P2 (Blue) is wiped out" });
  });

  it("falls back to the rule's number for a condition it cannot put in words", () => {
    const g = build(jumpSpec({ start: "(place man P1 a1) (place man P2 a2)", end: "(if (not (exists (enemy site))) (win mover))" }));
    expect(g.endReason(ended(g, g.newGame(), "a1xa3"))!.text).toBe("end rule 1");
  });

  it("rejects a reason naming an unknown player and ranking labels that do not match the numbers", () => {
    const bad = errorsOf(specText({ end: '(if (no-moves next) (win mover) reason:"{winner} wins")' }));
    expect(bad.map((d) => d.code)).toEqual(["M001"]);
    expect(bad[0]!.message).toContain("{winner}");
    const labels = errorsOf(specText({ end: '(if (no-moves next) (ranked {(score player)} labels:{"a" "b"}))' }));
    expect(labels.map((d) => `${d.code} ${d.message}`)).toEqual(["M004 2 labels for 1 numbers"]);
  });

  it("ranks the players at a ranked end, with shared places, and gives it all as plain data", () => {
    const g = build({
      players: 4,
      start: "(place man P1 a1)",
      play: "(select to:(empty to) then:{(add-score mover (if-int (in to (rows 3 3)) 2 1))})",
      end: "(if (>= (turn) 5) (ranked {(score player)}))",
    });
    // P1 b3 (2), P2 a2 (1), P3 c3 (2), P4 b2 (1)
    let s = g.newGame();
    for (const n of ["@b3", "@a2", "@c3", "@b2"]) s = play(g, s, n);
    expect(s.over).toBe(true);
    const info = endInfo(g, s)!;
    expect(info).toEqual({
      winners: ["P1", "P3"],
      draw: false,
      rule: 0,
      reason: "the turn number reached 5",
      scores: { P1: 2, P2: 1, P3: 2, P4: 1 },
      by: ["score"],
      ranking: [
        { place: 1, players: ["P1", "P3"], values: [2] },
        { place: 3, players: ["P2", "P4"], values: [1] },
      ],
    });
    expect(JSON.parse(JSON.stringify(info))).toEqual(info);
    expect(gameOverText(g, s)).toEqual([
      "Game over: The turn number reached 5. P1 and P3 share the win.",
      "Final ranking (score):",
      "  1. P1, P3: 2",
      "  3. P2, P4: 1",
    ]);
  });

  it("shows every number of a ranking with several, by their labels", () => {
    const g = build({
      players: 3,
      items: '(counter n)',
      start: "(place man P1 a1) (place man P2 b1) (place man P2 c1)",
      play: "(select to:(empty to))",
      end: '(if (>= (turn) 2) (ranked {(count-sites (owner site player)) (supply player)} labels:{"men" "in hand"}))',
    });
    const s = play(g, g.newGame(), "@b2");
    expect(gameOverText(g, s)).toEqual([
      "Game over: The turn number reached 2. P2 wins.",
      "Final ranking (men, then in hand):",
      "  1. P2: men 2, in hand 0",
      "  2. P1: men 1, in hand 0",
      "  3. P3: men 0, in hand 0",
    ]);
  });

  it("shows the final scores of a scored game without a ranked end", () => {
    const g = build({ start: "(place man P1 a1)", play: "(select to:(empty to) then:{(add-score mover 3)})", end: "(if (> (score mover) 0) (win mover))" });
    const s = play(g, g.newGame(), "@b2");
    expect(gameOverText(g, s)).toEqual(["Game over: P1's score passed 0. P1 wins.", "Final scores: P1 3, P2 0"]);
    // With more than two players, the places the rule that ended the game gave, then the scores.
    const three = build({ players: 3, start: "(place man P1 a1)", play: "(select to:(empty to) then:{(add-score mover 3)})", end: "(if (> (score mover) 0) (win mover))" });
    expect(gameOverText(three, play(three, three.newGame(), "@b2"))).toEqual(["Game over: P1's score passed 0. P1 wins.", "Final ranking:", "  1. P1", "  2. P2, P3", "Final scores: P1 3, P2 0, P3 0"]);
  });

  it("ranks a ranked game ended by another rule as that rule says: winners, ranking and returns agree (issue 34)", () => {
    const g = loadGame(fileURLToPath(new URL("fixtures/records/ranked-three.game", import.meta.url)));
    // P1 scores twice, then all three pass: the rule that fires gives the game to P2, not the scores.
    const s = ["*a1", "pass", "pass", "*b1", "pass", "pass", "pass"].reduce((st, n) => play(g, st, n), g.newGame({ seed: 1 }));
    expect(s.over).toBe(true);
    const info = endInfo(g, s)!;
    expect(info).toMatchObject({ winners: ["P2"], draw: false, reason: "all passed", scores: { P1: 2, P2: 0, P3: 0 }, by: ["result"] });
    expect(info.ranking).toEqual([
      { place: 1, players: ["P2"], values: [1] },
      { place: 2, players: ["P1", "P3"], values: [-1] },
    ]);
    expect(g.returns(s)).toEqual([-1, 1, -1]);
    expect(gameOverText(g, s)).toEqual(["Game over: All passed. P2 wins.", "Final ranking:", "  1. P2", "  2. P1, P3", "Final scores: P1 2, P2 0, P3 0"]);
    // The ranked rule, when it is the one that ends the game, still ranks by its numbers.
    const full = ["*a1", "*b1", "*c1", "*a2", "*b2", "*c2", "*a3", "*b3", "*c3"].reduce((st, n) => play(g, st, n), g.newGame({ seed: 1 }));
    expect(endInfo(g, full)).toMatchObject({ winners: [], draw: true, reason: "the board is full", by: ["score"], ranking: [{ place: 1, players: ["P1", "P2", "P3"], values: [3] }] });
  });

  it("has a reason in words for every end rule of every game in games/", () => {
    for (const { id, game } of everyGame()) {
      game.def.end.forEach((rule, i) => {
        const text = rule.reason.map((p) => (typeof p === "string" ? p : "P1")).join("");
        expect(text, `${id} end rule ${i + 1}`).not.toMatch(/^end rule \d+$/);
        if (rule.ranking) expect(rule.ranking.labels.some((l) => /^(rank|tie-break)/.test(l)), `${id} end rule ${i + 1} labels`).toBe(false);
      });
    }
  });

  it("ends a game of games/ with its reason and, for several players, the ranking", () => {
    const g = loadGame(`${gamesDir}beset.game`, { options: { players: 3 } });
    const s = g.newGame({ seed: 4 });
    g.playout(s, 100_000);
    expect(s.over).toBe(true);
    const lines = gameOverText(g, s);
    expect(lines[0]).toMatch(/^Game over: .+\. (P\d( and P\d)* (wins|share the win)|Draw)\.$/);
    expect(lines[1]).toBe("Final ranking (final score):");
    expect(lines.slice(2).join(" ")).toMatch(/P1/);
    expect(lines.slice(2).join(" ")).toMatch(/P2/);
    expect(lines.slice(2).join(" ")).toMatch(/P3/);
  });
});

/** Plays the first legal move `n` times. */
function playTo(g: Game, n: number): State {
  let s = g.newGame();
  for (let i = 0; i < n && !s.over; i++) s = g.apply(s, g.legalMoves(s)[0]!);
  return s;
}

function specText(sp: Partial<Spec>): string {
  return `(game "T" (players 2) (equipment {(board (square 3 3)) (piece man)})
    (rules (start {(place man P1 a1)}) (play (step)) (end {${sp.end ?? ""}})))`;
}

describe("the status line", () => {
  it("shows supplies, scores and the counters a description shows, never bookkeeping counters", () => {
    const g = build({ items: '(supply 3) (counter quiet shown:"quiet turns") (counter secret)', start: "(place man P1 a1)", play: "(add piece:man from-supply:true to:(empty to) then:{(add-score mover 1) (counter-add secret 1)})" });
    expect(statusLine(g, g.newGame())).toBe("Turn 1: P1 to act. [score P1:0 P2:0; supply P1:2 P2:3; quiet turns 0]");
    const plain = build({ items: "(counter secret)", start: "(place man P1 a1)", play: "(step)" });
    expect(statusLine(plain, plain.newGame())).toBe("Turn 1: P1 to act.");
  });

  it("shows what the games in games/ keep for players", () => {
    const beset = loadGame(`${gamesDir}beset.game`, { options: { players: 3 } });
    expect(statusLine(beset, beset.newGame())).toBe("Turn 1: P1 to act. [score P1:0 P2:0 P3:0; supply P1:12 P2:12 P3:12]");
    const benediction = loadGame(`${gamesDir}benediction.game`);
    expect(statusLine(benediction, benediction.newGame())).toBe("Turn 1: P1 (Red) to act. [supply Red:5 Blue:5]");
    const blind = loadGame(`${gamesDir}blind-kings.game`);
    expect(statusLine(blind, blind.newGame({ seed: 1 }))).toBe("Turn 1: P1 to act. [turns without a reveal or attack 0]");
  });
});

describe("the board legend", () => {
  it("explains owners, pieces, stacks, flags and the site symbols of a game", () => {
    const g = loadGame(`${gamesDir}benediction.game`);
    expect(boardLegend(g)).toEqual([
      "Owners: lower case = P1 (Red), upper case = P2 (Blue)",
      "Pieces: m = man",
      "Stacks: a number after the letter is the height (m3 = a stack of 3)",
      "Flags, in brackets after the piece: [k] = king, [b] = blessed, [c] = cursed",
      "Sites: . = empty, * = empty start site, # = block (neutral)",
    ]);
  });

  it("explains seat digits, face-down pieces, and leaves out what a game cannot show", () => {
    const beset = loadGame(`${gamesDir}beset.game`, { options: { players: 5 } });
    expect(boardLegend(beset)).toEqual([
      "Owners: the digit before the letter is the seat: 1s = P1, 2s = P2, 3s = P3,",
      "    4s = P4, 5s = P5",
      "Pieces: s = stone",
      "Flags, in brackets after the piece: [p] = promoted",
      "Sites: . = empty",
    ]);
    const blind = loadGame(`${gamesDir}blind-kings.game`);
    expect(boardLegend(blind)).toContain("Sites: . = empty, ? = a face-down piece");
    expect(boardLegend(blind)).toContain("Flags, in brackets after the piece: [h] = hidden (face down)");
    const plain = build({ start: "(place man P1 a1)", play: "(step)" });
    expect(boardLegend(plain)).toEqual(["Owners: lower case = P1, upper case = P2", "Pieces: m = man, b = block", "Sites: . = empty"]);
    // A state with a stack or a neutral piece on it gets those explained too.
    const s = plain.newGame();
    s.put(at(plain, "c3"), 0, 0, 2);
    s.put(at(plain, "b2"), 100, 1);
    expect(boardLegend(plain, s)).toEqual([
      "Owners: lower case = P1, upper case = P2",
      "Pieces: m = man, b = block",
      "Stacks: a number after the letter is the height (m3 = a stack of 3)",
      "Sites: . = empty, # = a neutral piece",
    ]);
  });

  it("keeps every line of every game's legend within 80 columns", () => {
    for (const { id, game } of everyGame()) for (const line of boardLegend(game)) expect(line.length, `${id}: ${line}`).toBeLessThanOrEqual(80);
  });
});

describe("boards within 80 columns", () => {
  const widest = (text: string) => Math.max(...text.split("\n").map((l) => l.length));

  /** Every site holding the widest symbol the game can draw: the last seat, the tallest stack, every shown flag. */
  function crowded(game: Game): State {
    const s = game.newGame({ seed: 1 });
    const height = game.def.presentation.stacks ? Math.max(1, game.def.supplyTotal) : 1;
    const longest = game.def.pieces.reduce((best, p, i) => (p.symbol.length > game.def.pieces[best]!.symbol.length ? i : best), 0);
    const flags = (1 << game.def.flags.length) - 1;
    for (let i = 0; i < game.topology.n; i++) {
      s.clear(i);
      s.put(i, game.playerCount - 1, longest, height, flags);
    }
    return s;
  }

  it("draws every game and player count within 80 columns: the start, played positions and the most crowded board", () => {
    for (const { id, game } of everyGame()) {
      let s = game.newGame({ seed: 3 });
      const states = [s, crowded(game)];
      for (let k = 0; k < 120 && !s.over; k++) {
        const moves = game.legalMoves(s);
        s = game.apply(s, moves[(k * 7919) % moves.length]!);
        states.push(s);
      }
      for (const st of states) expect(widest(renderBoard(game, st)), id).toBeLessThanOrEqual(80);
    }
  });

  it("puts the map of site labels beside a hex board when it fits, below it when it does not", () => {
    const g = loadGame(`${gamesDir}beset.game`, { options: { players: 5 } });
    const start = renderBoard(g, g.newGame()).split("\n");
    expect(start).toHaveLength(9);
    expect(start[0]).toMatch(/^ +\. +\. +\. +\. +\. +a1 +a2 +a3 +a4 +a5$/);
    const full = renderBoard(g, crowded(g)).split("\n");
    expect(full).toHaveLength(19);
    expect(full[9]).toBe("");
    expect(full[10]!.trim()).toBe("a1  a2  a3  a4  a5");
    expect(full.slice(0, 9).join("")).not.toMatch(/a1/);
    // The limit is a parameter.
    expect(renderBoard(g, g.newGame(), { width: 40 }).split("\n")).toHaveLength(19);
  });
});
