/**
 * Ludemes that placement games are made of: rows (`(line N at ...)`), passing (`(pass)`,
 * `(all-passed)`), outflanking (`(outflanks ...)`, `(convert-outflanked ...)`), placements among
 * a region's sites and pieces that fall (`add at: falls:`), the last move's `from`/`to` in end
 * rules, and pushing a row of pieces along (`(push ...)`, Quixo).
 */
import { describe, expect, it } from "vitest";
import { compileGame } from "../src/compile/index.js";
import { loadPosition } from "../src/engine/state/position.js";
import { boardLegend } from "../src/view/legend.js";
import { renderBoard } from "../src/view/text.js";
import { build, errorsOf, man, notations, onlyError, play, playAll, site, text } from "./support/games.js";

/** A placement game on a board with diagonals, won by a row through the placed piece. */
function rowGame(length: number, extra = "", board = "(square 5 5 diagonals:all)") {
  return build({
    board,
    play: `(add piece:man to:(empty to) prefix:"")`,
    end: `(if (line ${length} to ${extra}) (win mover)) (if (no-moves next) draw)`,
  });
}

const stone = (owner: string) => ({ piece: "man", owner });

describe("line", () => {
  it("wins with a row through the piece just placed, along rows, files and diagonals", () => {
    const g = rowGame(3);
    const start = loadPosition(g, { sites: { a1: stone("P1"), b2: stone("P1"), a5: stone("P2"), e5: stone("P2") }, mover: "P1" });
    const s = play(g, start, "c3");
    expect(g.winners(s)).toEqual([0]);
    // Two in a row are not three; nor is a row broken by the opponent.
    expect(play(g, loadPosition(g, { sites: { a1: stone("P1"), b2: stone("P2") }, mover: "P1" }), "c3").over).toBe(false);
  });

  it("counts only the mover's pieces by default, another player's with of:", () => {
    const g = rowGame(3, "of:next");
    const s = play(g, loadPosition(g, { sites: { a2: stone("P2"), b2: stone("P2") }, mover: "P1" }), "c2");
    expect(s.over).toBe(false); // c2 is P1's: no row of P2's goes through it
    const mine = rowGame(3);
    expect(play(mine, loadPosition(mine, { sites: { a2: stone("P2"), b2: stone("P2") }, mover: "P1" }), "c2").over).toBe(false);
  });

  it("exact:true refuses a longer row (an overline), the default accepts it", () => {
    const exact = rowGame(3, "exact:true");
    const sites = { a1: stone("P1"), b1: stone("P1"), d1: stone("P1"), a5: stone("P2") };
    expect(play(exact, loadPosition(exact, { sites, mover: "P1" }), "c1").over).toBe(false); // four in a row
    const atLeast = rowGame(3);
    expect(play(atLeast, loadPosition(atLeast, { sites, mover: "P1" }), "c1").over).toBe(true);
  });

  it("dirs: limits the lines that count", () => {
    const g = rowGame(3, "dirs:{N E}");
    const diag = play(g, loadPosition(g, { sites: { a1: stone("P1"), b2: stone("P1") }, mover: "P1" }), "c3");
    expect(diag.over).toBe(false);
    const file = play(g, loadPosition(g, { sites: { c1: stone("P1"), c2: stone("P1") }, mover: "P1" }), "c3");
    expect(file.over).toBe(true);
  });

  it("if-placed: at an empty site, the row a piece placed there would make; an occupied site counts as without it", () => {
    // A placement may not make three in a row (an anti-row rule, asked before the piece is put down).
    const g = build({ board: "(square 4 1)", play: '(add piece:man to:(and (empty to) (not (line 3 to if-placed:true))) prefix:"")' });
    const s = loadPosition(g, { sites: { a1: stone("P1"), b1: stone("P1") }, mover: "P1" });
    expect(notations(g, s)).toEqual(["d1"]);
    // For the other player c1 makes no row of theirs.
    expect(notations(g, loadPosition(g, { sites: { a1: stone("P1"), b1: stone("P1") }, mover: "P2" }))).toEqual(["c1", "d1"]);
    // exact: a gap that would join two pairs makes five, not three.
    const exact = build({ board: "(square 5 1)", play: '(add piece:man to:(and (empty to) (line 3 to exact:true if-placed:true)) prefix:"")' });
    const e = loadPosition(exact, { sites: { a1: stone("P1"), b1: stone("P1"), d1: stone("P1"), e1: stone("P1") }, mover: "P1" });
    expect(exact.legalMoves(e)).toEqual([]);
  });

  it("reports an unknown direction, and a site that end rules cannot see", () => {
    expect(errorsOf(`(game "T" (players 2) (equipment {(board (square 3 3)) (piece man)}) (rules (start {}) (play (add piece:man to:(empty to))) (end {(if (line 3 to dirs:{UP}) (win mover))})))`).map((d) => d.message)).toEqual(["the board has no direction 'UP'"]);
    expect(errorsOf(`(game "T" (players 2) (equipment {(board (square 3 3)) (piece man)}) (rules (start {}) (play (add piece:man to:(empty to))) (end {(if (line 3 over) (win mover))})))`)[0]!.message).toMatch(/the site 'over' exists only in a move/);
  });

  it("plays random Tic-Tac-Toe with the known odds", () => {
    const g = rowGame(3, "", "(square 3 3 diagonals:all)");
    let p1 = 0, p2 = 0, draws = 0;
    for (let seed = 1; seed <= 4000; seed++) {
      const s = g.newGame({ seed });
      g.playout(s, 20);
      const w = g.winners(s)!;
      if (w.length === 0) draws++;
      else if (w[0] === 0) p1++;
      else p2++;
    }
    // Exact figures for uniformly random play: P1 58.5%, P2 28.8%, draw 12.7%.
    expect(p1 / 4000).toBeGreaterThan(0.55);
    expect(p1 / 4000).toBeLessThan(0.62);
    expect(p2 / 4000).toBeGreaterThan(0.26);
    expect(p2 / 4000).toBeLessThan(0.32);
    expect(draws / 4000).toBeGreaterThan(0.1);
    expect(draws / 4000).toBeLessThan(0.16);
  });
});

describe("add at: and falls:", () => {
  const dropper = (extra = "") => build({ board: "(square 3 3)", play: `(add piece:man at:(rows 3 3) to:(empty to) falls:S prefix:"" ${extra})` });

  it("at: chooses among the region's sites only; falls: takes the piece down over empty sites, written where it lands", () => {
    const g = dropper();
    let s = g.newGame();
    expect(notations(g, s)).toEqual(["a1", "b1", "c1"]);
    s = playAll(g, s, ["b1", "b2"]);
    expect(site(g, s, "b2")).toMatchObject(stone("P2"));
    // b3 is the last empty cell of column b: the piece stays at the top.
    expect(notations(g, s)).toEqual(["a1", "b3", "c1"]);
    s = play(g, s, "b3");
    expect(notations(g, s)).toEqual(["a1", "c1"]);
  });

  it("sites that fall to the same place are one move: without at:, one move per column", () => {
    const g = build({ board: "(square 3 3)", play: '(add piece:man to:(empty to) falls:S prefix:"")' });
    const s = g.newGame();
    expect(g.legalMoves(s).map((m) => m.notation)).toEqual(["a1", "b1", "c1"]);
    expect(notations(g, play(g, s, "b1"))).toEqual(["a1", "b2", "c1"]);
  });

  it("the condition is asked where the piece is put in; then: effects see where it landed", () => {
    const withCounter = build({
      board: "(square 3 3)",
      items: "(counter k)",
      play: '(add piece:man at:(rows 3 3) to:(empty to) falls:S prefix:"" then:{(counter-set k (rank to))})',
    });
    let s = withCounter.newGame();
    s = play(withCounter, s, "a1");
    expect(s.counters[0]).toBe(1);
    s = play(withCounter, s, "a2");
    expect(s.counters[0]).toBe(2);
  });

  it("select at: too; an unknown falls: direction is refused", () => {
    const g = build({ board: "(square 3 3)", play: '(select at:(sites {a1 c3}) to:true prefix:"")' });
    expect(notations(g, g.newGame())).toEqual(["a1", "c3"]);
    const errors = errorsOf(`(game "T" (players 2) (equipment {(board (square 3 3)) (piece man)}) (rules (start {}) (play (add piece:man to:(empty to) falls:down)) (end {})))`);
    expect(errors.map((e) => `${e.code} ${e.message}`)).toEqual(["M001 the board has no direction 'down'"]);
  });
});

describe("pass and all-passed", () => {
  /** Place on empty sites of the first row only; pass when that is impossible; stuck when both pass. */
  const g = build({
    board: "(square 3 2)",
    play: `(priority (add piece:man to:(and (empty to) (in to row1)) prefix:"") (pass))`,
    items: "(region row1 (rows 1 1))",
    end: `(if (all-passed) draw)`,
  });

  it("a forced pass is the only move when nothing else is legal, and is written 'pass'", () => {
    const s = playAll(g, g.newGame(), ["a1", "b1", "c1"]);
    expect(notations(g, s)).toEqual(["pass"]);
    expect(notations(g, g.newGame())).toEqual(["a1", "b1", "c1"]);
  });

  it("the game ends once every player has passed in a row, not before", () => {
    let s = playAll(g, g.newGame(), ["a1", "b1", "c1", "pass"]);
    expect(s.over).toBe(false);
    s = play(g, s, "pass");
    expect(s.over).toBe(true);
    expect(g.winners(s)).toEqual([]);
  });

  it("(no-moves P ignore-pass:true): only a pass left counts as no move, where (no-moves P) never holds beside a forced pass", () => {
    const blocked = (end: string) =>
      build({ board: "(square 3 2)", play: `(priority (add piece:man to:(and (empty to) (in to row1)) prefix:"") (pass))`, items: "(region row1 (rows 1 1))", end });
    const seeing = blocked("(if (no-moves next ignore-pass:true) (win mover))");
    // P1 fills the last site of the row: P2 could only pass, so P1 wins.
    const s = playAll(seeing, seeing.newGame(), ["a1", "b1"]);
    expect(s.over).toBe(false);
    expect(seeing.winners(play(seeing, s, "c1"))).toEqual([0]);
    const plain = blocked("(if (no-moves next) (win mover))");
    const t = playAll(plain, plain.newGame(), ["a1", "b1", "c1"]);
    expect(t.over).toBe(false);
    expect(notations(plain, t)).toEqual(["pass"]);
  });

  it("any other move resets the count", () => {
    const either = build({
      board: "(square 3 1)",
      play: `(either (add piece:man to:(empty to) prefix:"") (pass))`,
      end: `(if (all-passed) draw)`,
    });
    const s = playAll(either, either.newGame(), ["pass", "a1", "pass"]);
    expect(s.over).toBe(false);
    expect(play(either, s, "pass").over).toBe(true);
  });

  it("turns of two actions: a turn of two passes counts once, a turn with a placement and a pass not at all", () => {
    const pairs = build({
      board: "(square 3 1)",
      play: `(priority (add piece:man to:(empty to) prefix:"") (pass))`,
      end: `(if (all-passed) draw)`,
      rules: "turns:(turns 2 first:1)",
    });
    // P1 places a1; P2 places b1 and c1; P1 passes twice (one turn of passes); P2's turn begins with a pass: every player has passed.
    let s = playAll(pairs, pairs.newGame(), ["a1", "b1", "c1", "pass", "pass"]);
    expect(s.over).toBe(false);
    s = play(pairs, s, "pass");
    expect(s.over).toBe(true);
    // A turn that placed and then passed is no turn of passes.
    const mixed = build({
      board: "(square 3 1)",
      play: `(either (add piece:man to:(empty to) prefix:"") (pass))`,
      end: `(if (all-passed) draw)`,
      rules: "turns:(turns 2 first:1)",
    });
    const m = playAll(mixed, mixed.newGame(), ["pass", "a1", "pass", "pass"]);
    expect(m.over).toBe(false);
  });

  it("(all-passed) without a (pass) move is an error", () => {
    const errors = errorsOf(`(game "T" (players 2) (equipment {(board (square 3 3)) (piece man)}) (rules (start {}) (play (add piece:man to:(empty to))) (end {(if (all-passed) draw)})))`);
    expect(errors.map((d) => d.message)).toEqual(["(all-passed) needs a (pass) move in the play rules"]);
  });
});

describe("outflanks and convert-outflanked", () => {
  const g = build({
    board: "(square 5 5 diagonals:all)",
    play: `(priority (add piece:man to:(and (empty to) (outflanks to)) prefix:"" then:{(convert-outflanked to)}) (pass))`,
    end: `(if (all-passed) (ranked {(count-sites (owner site player))}))`,
  });

  it("a placement is legal only where it outflanks a run of enemy pieces ended by a friendly one", () => {
    const s = loadPosition(g, { sites: { b2: stone("P2"), c3: stone("P1"), b3: stone("P2"), d4: stone("P2") }, mover: "P1" });
    // a1 outflanks b2 (then c3); a3 outflanks b3 (then c3); e5 outflanks d4 (then c3)
    expect(notations(g, s)).toEqual(["a1", "a3", "e5"]);
  });

  it("converts every outflanked run from the placed piece, in every direction, and only those", () => {
    const s = loadPosition(g, {
      sites: { a1: stone("P1"), b2: stone("P2"), e1: stone("P1"), d1: stone("P2"), c2: stone("P2"), c5: stone("P2"), c4: stone("P2") },
      mover: "P1",
    });
    // From c1: east d1 then e1 (converted); north c2 then the empty c3, north-west b2 then the empty a3 (kept).
    const after = play(g, s, "c1");
    expect(after.owner[g.topology.labels.indexOf("d1")]).toBe(0);
    expect(after.owner[g.topology.labels.indexOf("c2")]).toBe(1);
    expect(after.owner[g.topology.labels.indexOf("b2")]).toBe(1);
    expect(after.pieceCount[0]).toBe(4);
    expect(after.pieceCount[1]).toBe(4);
  });

  it("a run ended by the board's edge, an empty site or nothing of the mover's is not converted", () => {
    const s = loadPosition(g, { sites: { a1: stone("P1"), b1: stone("P2"), c1: stone("P2"), e3: stone("P2"), e4: stone("P1") }, mover: "P1" });
    const after = play(g, s, "d1"); // west: c1, b1, then a1: converted; north-east: e2 empty
    expect(["b1", "c1"].map((l) => after.owner[g.topology.labels.indexOf(l)])).toEqual([0, 0]);
    expect(after.owner[g.topology.labels.indexOf("e3")]).toBe(1);
  });

  it("with no placement, the player passes; two passes in a row end the game, ranked by pieces", () => {
    const s = loadPosition(g, { sites: { a1: stone("P1"), b1: stone("P1") }, mover: "P2" });
    expect(notations(g, s)).toEqual(["pass"]);
    const end = playAll(g, s, ["pass", "pass"]);
    expect(g.winners(end)).toEqual([0]);
  });
});

describe("promote", () => {
  const g = build({
    board: "(square 3 3)",
    items: "(piece king) (flag marked) (region top (rows 3 3))",
    play: `(step dirs:{N} then:{(when (in to top) {(promote to king)})})`,
    end: "(if (no-moves next) (win mover))",
  });

  it("changes the piece's type where the rule says, keeping its owner, height and flags", () => {
    const s = loadPosition(g, { sites: { a2: { piece: "man", owner: "P1", height: 2, flags: ["marked"] }, c1: stone("P2") }, mover: "P1" });
    const after = play(g, s, "a2-a3");
    expect(site(g, after, "a3")).toEqual({ piece: "king", owner: "P1", height: 2, flags: ["marked"] });
    const below = play(g, loadPosition(g, { sites: { a1: stone("P1"), c1: stone("P2") }, mover: "P1" }), "a1-a2");
    expect(site(g, below, "a2")).toMatchObject({ piece: "man" });
  });
});

describe("per-seat piece symbols", () => {
  const g = build({ board: "(square 3 1)", items: `(piece mark symbols:{"o" "x"})`, play: `(add piece:mark to:(empty to) prefix:"")` });

  it("draws each seat's pieces with its own symbol, and the legend says whose", () => {
    const s = playAll(g, g.newGame(), ["a1", "b1"]);
    expect(renderBoard(g, s).split("\n")[0]).toBe("1  o x .");
    expect(boardLegend(g, s).join("\n")).toContain("o = P1's mark, x = P2's mark");
  });

  it("needs one symbol per seat, each short and without spaces", () => {
    const text = (symbols: string) => `(game "T" (players 2) (equipment {(board (square 3 1)) (piece mark symbols:${symbols})}) (rules (start {}) (play (add piece:mark to:(empty to))) (end {})))`;
    expect(errorsOf(text(`{"o"}`)).map((d) => d.message)).toEqual(["1 symbols for 2 players"]);
    expect(errorsOf(text(`{"o" "x y"}`)).map((d) => d.message)).toEqual(["a symbol is 1 to 3 characters without spaces"]);
  });
});

describe("line-count-move and connected", () => {
  const g = build({
    board: "(square 5 5 diagonals:all)",
    play: `(line-count-move through:(not (enemy site)) to:(not (friend to)))`,
    end: `(if (connected mover) (win mover))`,
  });
  const position = (sites: Record<string, string>) =>
    loadPosition(g, { sites: Object.fromEntries(Object.entries(sites).map(([k, o]) => [k, stone(o)])), mover: "P1" });
  const movesOf = (sites: Record<string, string>, from: string) =>
    g.legalMoves(position(sites)).filter((m) => m.from === from).map((m) => m.notation).sort();

  it("moves exactly as far as there are pieces on the whole line, both ways, any owner", () => {
    // Row 1 holds a1 and c1 (two): east to e1, west onto the friend a1 (refused); the file and both
    // diagonals through c1 hold only c1 (one): c2, b2, d2.
    expect(movesOf({ a1: "P1", c1: "P1", e5: "P2", a5: "P2" }, "c1")).toEqual(["c1-b2", "c1-c2", "c1-d2", "c1-e1"]);
  });

  it("passes over its own pieces, not the opponent's; captures by landing, never on a friend", () => {
    expect(movesOf({ a1: "P1", b1: "P1", e3: "P2", e5: "P2" }, "a1")).toContain("a1-c1");
    expect(movesOf({ a1: "P1", b1: "P2", e5: "P2" }, "a1")).not.toContain("a1-c1");
    expect(movesOf({ a1: "P1", a3: "P2", e5: "P2" }, "a1")).toContain("a1xa3");
    expect(movesOf({ a1: "P1", a3: "P1", e5: "P2" }, "a1")).not.toContain("a1-a3");
  });

  it("connected: every piece of the player in one group, touching in any direction; one piece is a group", () => {
    const s = position({ a1: "P1", c1: "P1", e5: "P2" });
    expect(s.over).toBe(false);
    expect(g.winners(play(g, s, "c1-b2"))).toEqual([0]); // a1 and b2 touch diagonally
    expect(play(g, s, "c1-c2").over).toBe(false); // a1 and c2 do not touch
    const single = position({ a1: "P1", c3: "P2", e5: "P2" });
    expect(g.winners(play(g, single, "a1-b1"))).toEqual([0]);
  });
});

describe("effects that can never act are flagged", () => {
  const compileWith = (play: string) =>
    compileGame(`(game "W" (players 2) (equipment {(board (square 3 3)) (piece man) (piece king)}) (rules (start {(place man P1 a1)}) (play ${play}) (end {(if (no-moves next) (win mover))})))`, { file: "w.game" });

  it("(put to ...) after a move that leaves its piece on `to` is a warning (W001); the game still compiles", () => {
    for (const play of ["(step then:{(put to king mover)})", "(add piece:man to:(empty to) then:{(put to king mover)})"]) {
      const r = compileWith(play);
      expect(r.game, play).toBeDefined();
      expect(r.diagnostics.map((d) => `${d.severity} ${d.code}`), play).toEqual(["warning W001"]);
    }
  });

  it("put on `to` after choosing a site, or on another site, is not flagged", () => {
    for (const play of ["(select to:(empty to) then:{(put to king mover)})", "(step then:{(put from king mover)})"]) {
      expect(compileWith(play).diagnostics, play).toEqual([]);
    }
  });
});

describe("what a placement, a choice of site or a lift does, told", () => {
  it("lists the move's consequences among its actions, after what the move itself does", () => {
    const counted = (play: string) => build({ items: "(counter k)", start: "(place man P1 (sites {a1}))", play });
    const add = counted('(add piece:man to:(empty to) then:{(counter-add k 2)})');
    expect(add.legalMoves(add.newGame())[0]!.actions).toEqual([
      { op: "add", at: "b1", piece: "man", count: 1 },
      { op: "counter", name: "k", change: "add", value: 2 },
    ]);
    const select = counted("(select to:(empty to) then:{(counter-set k 5)})");
    expect(select.legalMoves(select.newGame())[0]!.actions).toEqual([{ op: "counter", name: "k", change: "set", value: 5 }]);
    const lift = counted("(lift from:(friend from) then:{(counter-add k 1)})");
    expect(lift.legalMoves(lift.newGame())[0]!.actions).toEqual([{ op: "remove", at: "a1" }, { op: "counter", name: "k", change: "add", value: 1 }]);
  });
});

describe("(push SITE dir: | toward:)", () => {
  /** A placement on the left column pushes that row one step E (dir:), on the bottom row pushes N toward d4 (toward:). */
  const g = build({
    board: "(square 4 4)",
    play: "(either (add piece:man to:(in to edge-left) then:{(push to dir:E)}) (add piece:man to:(in to edge-bottom) then:{(push to toward:d4)}))",
  });
  const owners = (s: ReturnType<typeof g.newGame>, labels: string[]) => labels.map((l) => site(g, s, l)?.owner ?? ".").join(" ");

  it("moves the piece on the site and each one it meets one step on, up to the first empty site", () => {
    // The man placed on a2 pushes b2's, which pushes c2's into the empty d2.
    const t = play(g, loadPosition(g, { mover: "P1", sites: { b2: man("P2"), c2: man("P2") } }), "*a2");
    expect(owners(t, ["a2", "b2", "c2", "d2"])).toBe(". P1 P2 P2");
  });

  it("at the board's edge the last piece falls off", () => {
    const t = play(g, loadPosition(g, { mover: "P1", sites: { b3: man("P2"), c3: man("P2"), d3: man("P1") } }), "*a3");
    expect(owners(t, ["a3", "b3", "c3", "d3"])).toBe(". P1 P2 P2");
  });

  it("toward: a site on one of the board's lines gives the way", () => {
    const t = play(g, loadPosition(g, { mover: "P1", sites: { d2: man("P2") } }), "*d1");
    expect(owners(t, ["d1", "d2", "d3", "d4"])).toBe(". P1 P2 .");
  });

  it("a move that pushes lists the pieces it pushes among its actions (the last one off the board removed)", () => {
    // A man steps E, then pushes the row ahead of it one step on.
    const h = build({ board: "(square 4 1)", play: "(step dirs:{E} to:(empty to) then:{(push (ahead to E) dir:E)})" });
    const s = loadPosition(h, { mover: "P1", sites: { a1: man("P1"), c1: man("P2"), d1: man("P2") } });
    expect(h.legalMoves(s)[0]!.actions).toEqual([
      { op: "move", from: "a1", to: "b1" },
      { op: "remove", at: "d1" },
      { op: "move", from: "c1", to: "d1" },
    ]);
  });

  it("needs exactly one of dir: and toward: (S001)", () => {
    onlyError(text({ play: "(add piece:man to:(empty to) then:{(push to)})" }), "S001", "(push to)");
    onlyError(text({ play: "(add piece:man to:(empty to) then:{(push to dir:E toward:a1)})" }), "S001", "(push to dir:E toward:a1)");
  });
});
