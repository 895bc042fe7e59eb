import { describe, it, expect } from "vitest";
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { compileGame, GameLoadError, loadGame, type CompileOptions, type CompileResult } from "../src/compile/index.js";
import { formatDiagnostic, type Diagnostic } from "../src/lang/diagnostics.js";
import type { Game } from "../src/engine/play/game.js";
import type { State } from "../src/engine/state/state.js";

const root = fileURLToPath(new URL("../", import.meta.url));
const fixtures = join(root, "test/fixtures/lang");

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

interface MiniParts {
  name?: string;
  players?: string;
  /** Text placed inside (game ...) before the equipment: defines, options. */
  pre?: string;
  board?: string;
  pieces?: string;
  items?: string;
  start?: string;
  play?: string;
  end?: string;
}

/** A minimal valid game: a 3x3 board, one stone each, steps, a no-moves win. Vary it per test. */
function mini(o: MiniParts = {}): string {
  return [
    `(game "${o.name ?? "Mini"}"`,
    `  (players ${o.players ?? "2"})`,
    `  ${o.pre ?? ""}`,
    `  (equipment {`,
    `    (board ${o.board ?? "(square 3 3)"})`,
    `    ${o.pieces ?? "(piece stone)"}`,
    `    ${o.items ?? ""}`,
    `  })`,
    `  (rules`,
    `    (start {${o.start ?? "(place stone P1 a1) (place stone P2 c3)"}})`,
    `    (play ${o.play ?? "(step)"})`,
    `    (end {${o.end ?? "(if (no-moves next) (win mover))"}})))`,
  ].join("\n");
}

function compile(text: string, opts: CompileOptions = {}): CompileResult {
  return compileGame(text, { file: "mini.game", ...opts });
}

/** Compiles and expects success. */
function ok(text: string, opts: CompileOptions = {}): Game {
  const r = compile(text, opts);
  expect(r.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([]);
  expect(r.game).toBeDefined();
  return r.game!;
}

/** Compiles, expects failure, returns the error diagnostics. */
function errors(text: string, opts: CompileOptions = {}): Diagnostic[] {
  const r = compile(text, opts);
  expect(r.game).toBeUndefined();
  const errs = r.diagnostics.filter((d) => d.severity === "error");
  expect(errs.length).toBeGreaterThan(0);
  return errs;
}

/** Expects exactly one error, with this code, and returns it. */
function single(text: string, code: string, opts: CompileOptions = {}): Diagnostic {
  const errs = errors(text, opts);
  expect(errs.map((d) => d.code)).toEqual([code]);
  return errs[0]!;
}

/** 1-based line and column of the `nth` (0-based) occurrence of `needle` in `text`. */
function locate(text: string, needle: string, nth = 0): { line: number; col: number } {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`'${needle}' #${nth} not in text`);
  }
  const before = text.slice(0, at);
  const line = before.split("\n").length;
  return { line, col: at - before.lastIndexOf("\n") };
}

/** Expects the diagnostic to start at the `nth` occurrence of `needle`. */
function expectAt(d: Diagnostic, text: string, needle: string, nth = 0): void {
  expect(d.span, `${d.code} ${d.message} has no span`).toBeDefined();
  const want = locate(text, needle, nth);
  expect({ line: d.span!.line, col: d.span!.col }, `${d.code} ${d.message}`).toEqual(want);
}

/** Plays `plies` steps choosing the first legal move each time. */
function playFirst(game: Game, plies: number): State {
  let s = game.newGame();
  for (let i = 0; i < plies && !game.isTerminal(s); i++) s = game.apply(s, game.legalMoves(s)[0]!);
  return s;
}

// ---------------------------------------------------------------------------------------------
// The baseline
// ---------------------------------------------------------------------------------------------

describe("the minimal game", () => {
  it("compiles and plays", () => {
    const g = ok(mini());
    expect(g.name).toBe("Mini");
    expect(g.topology.n).toBe(9);
    const s = g.newGame();
    expect(Array.from(s.pieceCount)).toEqual([1, 1]);
    expect(g.legalMoves(s).map((m) => m.notation).sort()).toEqual(["a1-a2", "a1-b1"]);
  });

  it("reports the options it declares", () => {
    const r = compile(mini({ pre: '(option n default:3 min:1 max:9 doc:"Board size.")', board: "(square $n $n)" }));
    expect(r.options).toHaveLength(1);
    expect(r.options[0]).toMatchObject({ name: "n", default: 3, min: 1, max: 9, doc: "Board size." });
  });
});

// ---------------------------------------------------------------------------------------------
// Expansion
// ---------------------------------------------------------------------------------------------

describe("expansion: defines", () => {
  it("substitutes #1 #2 in a define called as (\"Name\" a b)", () => {
    const text = mini({
      pre: '(define "Both" (and #1 #2))',
      items: "(counter steps)",
      play: "(step then:{(counter-add steps 1)})",
      end: '(if ("Both" (>= (counter steps) 1) false) draw) (if ("Both" (>= (counter steps) 2) (not false)) (win mover))',
    });
    const g = ok(text);
    // the first rule never holds (and ... false); the second holds after two plies: P2, who just moved, wins
    const s = playFirst(g, 10);
    expect(s.over).toBe(true);
    expect(s.ply).toBe(2);
    expect(g.winners(s)).toEqual([1]);
  });

  it("accepts a define named by an identifier, and a define without parameters", () => {
    const g = ok(mini({ pre: "(define Size 4) (define Stone (piece stone))", board: "(square (Size) (Size))", pieces: "(Stone)" }));
    expect(g.topology.n).toBe(16);
  });

  it("accepts defines at the top level of the file", () => {
    const g = ok('(define "Board3" (board (square 3 4)))\n' + mini({ board: "(square 1 1)" }).replace("(board (square 1 1))", '("Board3")'));
    expect(g.topology.n).toBe(12);
  });

  it("passes forms, lists and defines as arguments", () => {
    const g = ok(
      mini({
        pre: '(define "Place" (place stone #1 #2)) (define "Corner" (sites {#1}))',
        start: '("Place" P1 ("Corner" a1)) ("Place" P2 (sites {c3 c1}))',
      }),
    );
    expect(Array.from(g.newGame().pieceCount)).toEqual([1, 2]);
  });

  it("reports a call with too few arguments as X001 at the call", () => {
    const text = mini({ pre: '(define "Both" (and #1 #2))', end: '(if ("Both" (no-moves next)) (win mover))' });
    const d = single(text, "X001");
    expect(d.message).toContain("#2");
    expectAt(d, text, '("Both" (no-moves next))');
    // a note points into the define, where #2 is used
    expect(d.related?.[0]?.span.line).toBe(locate(text, "#2").line);
    expect(d.related?.[0]?.span.col).toBe(locate(text, "#2").col);
  });

  it("reports a call with too many arguments as X001 at the call", () => {
    const text = mini({ pre: '(define "Both" (and #1 #2))', end: '(if ("Both" true true false) (win mover))' });
    const d = single(text, "X001");
    expect(d.message).toMatch(/takes 2 argument\(s\), got 3/);
    expectAt(d, text, '("Both" true true false)');
  });

  it("reports a named argument given to a define as X001", () => {
    const text = mini({ pre: '(define "Both" (and #1 #2))', end: '(if ("Both" x:true true) (win mover))' });
    const d = errors(text).find((e) => e.code === "X001")!;
    expect(d).toBeDefined();
    expectAt(d, text, "x:true");
  });

  it("reports a define with several bodies as X001, hinting at a list", () => {
    const text = mini({ pre: '(define "Two" (pass) (pass))', end: "(if (no-moves next) (win mover))" });
    const d = errors(text).find((e) => e.code === "X001")!;
    expect(d.message).toMatch(/2 forms after its name/);
    expect(d.expected).toContain("{form1 form2 ...}");
    expectAt(d, text, '(define "Two"');
  });

  it("reports a duplicate top-level define as X005", () => {
    const text = '(define "A" true)\n(define "A" false)\n' + mini({ end: '(if ("A") (win mover))' });
    const d = single(text, "X005");
    expectAt(d, text, '"A"', 1);
    expect(d.related?.[0]?.span.line).toBe(1);
  });

  // Was a bug (defines inside the game form were added with override=true, the last silently won).
  it("reports a duplicate define inside the game form as X005", () => {
    const text = mini({ pre: '(define "A" true) (define "A" false)', end: '(if ("A") (win mover))' });
    const d = single(text, "X005");
    expectAt(d, text, '"A"', 1);
    expect(d.related?.[0]?.span.col).toBe(locate(text, '(define "A" true)').col);
  });

  it("reports a duplicate option inside the game form as X005", () => {
    const text = mini({ pre: "(option n default:1) (option n default:2)" });
    expectAt(single(text, "X005"), text, "n default:2");
  });

  it("reports a define given both at the top level and inside the game form as X005", () => {
    const text = '(define "A" true)\n' + mini({ pre: '(define "A" false)', end: '(if ("A") (win mover))' });
    expect(single(text, "X005").span?.line).toBe(locate(text, '(define "A" false)').line);
  });

  it("reports a recursive define as X006 without hanging", () => {
    const text = mini({ pre: '(define "Loop" (and ("Loop") true))', end: '(if ("Loop") (win mover))' });
    const errs = errors(text); // (the doubly recursive case below runs in a worker, as a hang net)
    expect(errs.map((d) => d.code)).toEqual(["X006"]);
    expect(errs[0]!.message).toContain("Loop");
  });

  it("reports mutually recursive defines as X006", () => {
    const text = mini({ pre: '(define "Ping" (not ("Pong"))) (define "Pong" (not ("Ping")))', end: '(if ("Ping") (win mover))' });
    const errs = errors(text);
    expect(errs.map((d) => d.code)).toEqual(["X006"]);
  });

  // Was a bug (only the depth was capped: 2^64 expansions). Run in a worker so a regression
  // fails the test instead of hanging the suite.
  it("reports a doubly recursive define as X006 without hanging", async () => {
    const text = mini({ pre: '(define "Tree" (and ("Tree") ("Tree")))', end: '(if ("Tree") (win mover))' });
    const codes = await expandInWorker(text, HANG_NET_MS);
    expect(codes).not.toBe("timeout");
    expect(codes).toContain("X006");
  });

  it("reports #1 outside a define body as X001 and a call of an unknown define as B001", () => {
    const text = mini({ board: "(square #1 3)" });
    expectAt(single(text, "X001"), text, "#1");
    const missing = mini({ end: '(if ("Missing") (win mover))' });
    const d = single(missing, "B001");
    expectAt(d, missing, '"Missing"');
    expect(d.message).toContain("Missing");
  });

  it("reports an error inside a define body at the body, with a note at the call", () => {
    const text = mini({ pre: '(define "Cond" (nonsense #1))', end: '(if ("Cond" next) (win mover))' });
    const d = single(text, "B001");
    expectAt(d, text, "nonsense");
    expect(d.related?.map((r) => r.span.line)).toEqual([locate(text, '("Cond" next)').line]);
    expect(d.related?.[0]?.span.col).toBe(locate(text, '("Cond" next)').col);
    expect(d.related?.[0]?.message).toContain("Cond");
  });
});

describe("expansion: options", () => {
  const sized = (o: MiniParts = {}) => mini({ pre: "(option n default:3 min:2 max:8)", board: "(square $n $n)", ...o });
  const limited = () =>
    mini({
      pre: "(option limit default:0 min:0)",
      items: "(counter steps)",
      play: "(step then:{(counter-add steps 1)})",
      end: "(if (no-moves next) (win mover)) (if (and (> $limit 0) (>= (counter steps) $limit)) draw)",
    });

  it("substitutes an option's default for $name", () => {
    const g = ok(sized());
    expect(g.topology.n).toBe(9);
    expect(g.def.options).toEqual({ n: 3 });
  });

  it("lets the caller override the default (as text or as a number)", () => {
    expect(ok(sized(), { options: { n: "5" } }).topology.n).toBe(25);
    expect(ok(sized(), { options: { n: 4 } }).topology.n).toBe(16);
    expect(ok(sized(), { options: { n: " 6 " } }).def.options).toEqual({ n: 6 });
  });

  it("switches a counter-based draw rule on and off", () => {
    const off = ok(limited());
    const s0 = playFirst(off, 40);
    expect(s0.over).toBe(false);
    expect(s0.ply).toBe(40);
    expect(s0.counters[0]).toBe(40);

    const on = ok(limited(), { options: { limit: "5" } });
    const s1 = playFirst(on, 40);
    expect(s1.over).toBe(true);
    expect(s1.ply).toBe(5);
    expect(on.winners(s1)).toEqual([]);
    expect(on.returns(s1)).toEqual([0, 0]);
  });

  it("accepts string options with allowed values", () => {
    const text = mini({ pre: "(option diag default:none values:{none all})", board: "(square 3 3 diagonals:$diag)" });
    expect(ok(text).topology.dirNames).toHaveLength(4);
    expect(ok(text, { options: { diag: "all" } }).topology.dirNames).toHaveLength(8);
    const d = single(text, "X003", { options: { diag: "centres" } });
    expect(d.message).toContain("not one of the allowed values");
  });

  it("accepts boolean options", () => {
    const text = mini({ pre: "(option fast default:false)", end: "(if $fast draw) (if (no-moves next) (win mover))" });
    const slow = ok(text);
    expect(playFirst(slow, 1).over).toBe(false);
    const fast = ok(text, { options: { fast: "true" } });
    expect(playFirst(fast, 1).over).toBe(true);
    expect(single(text, "X003", { options: { fast: "yes" } }).message).toContain("not true or false");
  });

  it("reports an unknown option name as X002, naming the known ones", () => {
    const d = single(sized(), "X002", { options: { size: "4" } });
    expect(d.message).toContain("size");
    expect(d.expected).toContain("n");
    const none = single(mini(), "X002", { options: { size: "4" } });
    expect(none.expected).toBe("this game has no options");
  });

  it("reports a non-numeric, fractional, too small or too large value as X003", () => {
    expect(single(sized(), "X003", { options: { n: "five" } }).message).toMatch(/'five' is not a number/);
    expect(single(sized(), "X003", { options: { n: "2.5" } }).message).toMatch(/not a whole number/);
    const low = single(sized(), "X003", { options: { n: "1" } });
    expect(low.message).toMatch(/below the minimum 2/);
    expect(low.expected).toContain("min 2");
    expect(single(sized(), "X003", { options: { n: "9" } }).message).toMatch(/above the maximum 8/);
  });

  // Was a bug (typed values were not checked against the option's type).
  it("reports a typed value of the wrong type as X003", () => {
    const text = mini({ pre: "(option flag default:false)" });
    expect(single(text, "X003", { options: { flag: 1 } }).message).toContain("flag");
    single(mini({ pre: "(option n default:3)", board: "(square $n $n)" }), "X003", { options: { n: true } });
    single(mini({ pre: "(option mode default:fast)" }), "X003", { options: { mode: 2 } });
    expect(ok(text, { options: { flag: true } }).def.options).toEqual({ flag: true });
  });

  it("reports $undeclared as X002 at the reference", () => {
    const text = mini({ board: "(square 3 $undeclared)" });
    const d = single(text, "X002");
    expect(d.message).toContain("undeclared");
    expectAt(d, text, "$undeclared");
    expect(d.span!.endCol - d.span!.col).toBe("$undeclared".length);
  });

  it("reports an option without a default as X003", () => {
    const text = mini({ pre: "(option n min:1)" });
    expectAt(single(text, "X003"), text, "(option n min:1)");
  });
});

describe("expansion: extends", () => {
  const files: Record<string, string> = {
    "parent.game": readFileSync(join(fixtures, "parent.game"), "utf8"),
    "loop-a.game": '(game "A" (extends "loop-b.game"))',
    "loop-b.game": '(game "B" (extends "loop-a.game"))',
  };
  const readFile = (path: string) => (path in files ? { path, text: files[path]! } : undefined);

  it("compiles the parent on its own", () => {
    const g = ok(files["parent.game"]!, { file: "parent.game", readFile });
    expect(g.name).toBe("Parent");
    expect(g.topology.n).toBe(9);
  });

  it("lets the child override a define, the name and a whole section", () => {
    const child = '(game "Child" (extends "parent.game") (define "Size" 5) (rules (start { (place stone P1 e5) }) (play (step)) (end { (if (no-pieces next) (win mover)) })))';
    const r = compile(child, { file: "child.game", readFile });
    expect(r.diagnostics).toEqual([]);
    const g = r.game!;
    expect(g.name).toBe("Child");
    // the parent's board uses ("Size"): the child's define wins
    expect(g.topology.n).toBe(25);
    // the parent's equipment is kept (piece and counter)
    expect(g.def.pieces.map((p) => p.name)).toEqual(["stone"]);
    expect(g.def.counters).toEqual(["steps"]);
    // the child's rules replaced the parent's: one piece on e5, one end rule (P2 has no pieces: P1 wins at once)
    const s = g.newGame();
    expect(Array.from(s.pieceCount)).toEqual([1, 0]);
    expect(g.def.end).toHaveLength(1);
    const after = g.apply(s, g.legalMoves(s)[0]!);
    expect(after.over).toBe(true);
    expect(g.winners(after)).toEqual([0]);
    expect(r.sources.has("parent.game")).toBe(true);
    // the parent's option is inherited
    expect(r.options.map((o) => o.name)).toEqual(["limit"]);
  });

  // Was a bug (the child's top-level definitions were collected before the parent's, which won).
  it("lets the child override a define or option given at its top level", () => {
    const defined = compile('(define "Size" 5)\n(game "Child" (extends "parent.game"))', { file: "child.game", readFile });
    expect(defined.diagnostics).toEqual([]);
    const option = compile('(option limit default:7)\n(game "Child" (extends "parent.game"))', { file: "child.game", readFile });
    expect(option.diagnostics).toEqual([]);
    expect([defined.game?.topology.n, option.game?.def.options]).toEqual([25, { limit: 7 }]);
  });

  it("lets the child override an option's default inside its game form", () => {
    const r = compile('(game "Child" (extends "parent.game") (option limit default:7))', { file: "child.game", readFile });
    expect(r.game?.def.options).toEqual({ limit: 7 });
    expect(r.options.find((o) => o.name === "limit")?.default).toBe(7);
  });

  it("keeps the parent's name when the child gives none", () => {
    const g = ok('(game (extends "parent.game"))', { readFile });
    expect(g.name).toBe("Parent");
  });

  it("reads parents from disk relative to the child", () => {
    const g = loadGame(join(fixtures, "child.game"));
    expect(g.name).toBe("Child");
    expect(g.topology.n).toBe(16);
    expect(Array.from(g.newGame().pieceCount)).toEqual([1, 2]);
    const limited = loadGame(join(fixtures, "child.game"), { options: { limit: "3" } });
    let s = limited.newGame();
    for (let i = 0; i < 3; i++) s = limited.apply(s, limited.legalMoves(s)[0]!);
    expect(s.over).toBe(true);
    expect(limited.winners(s)).toEqual([]);
  });

  it("reports an extends cycle as X004", () => {
    const d = single(files["loop-a.game"]!, "X004", { file: "loop-a.game", readFile });
    expect(d.message).toContain("extends itself");
    expect(d.span?.file).toBe("loop-b.game");
    const fromDisk = (() => {
      try {
        loadGame(join(fixtures, "cycle-a.game"));
      } catch (e) {
        return e as GameLoadError;
      }
      return undefined;
    })();
    expect(fromDisk).toBeInstanceOf(GameLoadError);
    expect(fromDisk!.diagnostics.map((d) => d.code)).toEqual(["X004"]);
  });

  it("reports a file extending itself as X004", () => {
    const self = '(game "Self" (extends "self.game"))';
    const d = single(self, "X004", { file: "self.game", readFile: (p) => (p === "self.game" ? { path: p, text: self } : undefined) });
    expect(d.message).toContain("extends itself");
  });

  it("reports a missing parent as X004 at the file name", () => {
    const text = '(game "Orphan" (extends "nowhere.game"))';
    const d = single(text, "X004", { readFile });
    expect(d.message).toContain("nowhere.game");
    expectAt(d, text, '"nowhere.game"');
    expect(() => loadGame(join(fixtures, "broken-child.game"))).toThrow(GameLoadError);
  });
});

// ---------------------------------------------------------------------------------------------
// Binding
// ---------------------------------------------------------------------------------------------

describe("binding", () => {
  it("reports an unknown ludeme as B001 at its head, listing the names that fit", () => {
    const text = mini({ play: "(stepp kind:x)" });
    const d = single(text, "B001");
    expectAt(d, text, "stepp");
    expect(d.span!.endCol - d.span!.col).toBe(5);
    expect(d.message).toContain("stepp");
    for (const name of ["step", "jump", "priority", "either"]) expect(d.expected).toContain(name);
    expect(d.expected).not.toContain("empty");
  });

  it("lists conditions (and true/false) where a condition is expected", () => {
    const text = mini({ end: "(if (nobody-moves next) (win mover))" });
    const d = single(text, "B001");
    expectAt(d, text, "nobody-moves");
    expect(d.expected).toContain("no-moves");
    expect(d.expected).toContain("`true` or `false`");
    expect(d.expected).not.toContain("step");
  });

  it("reports a ludeme of the wrong category as B004", () => {
    const text = mini({ end: "(if (step) (win mover))" });
    const d = single(text, "B004");
    const at = locate(text, "(if (step)");
    expect([d.span!.line, d.span!.col]).toEqual([at.line, at.col + 5]);
    expect(d.message).toMatch(/'moves'.*'bool'/);
    expect(d.expected).toContain("no-moves");
  });

  it("reports a form where a plain value is expected as B004", () => {
    const text = mini({ board: "(square (square 3 3) 3)" });
    const d = errors(text).find((e) => e.code === "B004");
    expect(d).toBeDefined();
    expectAt(d!, text, "(square 3 3)");
  });

  it("reports too many positional arguments as B002", () => {
    const text = mini({ pieces: "(piece stone extra)" });
    const d = single(text, "B002");
    expectAt(d, text, "extra");
    expect(d.expected).toContain("(piece name:name");
  });

  it("reports the same named argument twice as B003", () => {
    const text = mini({ play: "(step kind:a kind:b)" });
    const d = single(text, "B003");
    expectAt(d, text, "kind", 1);
    expect(d.message).toContain("kind");
  });

  it("reports an argument given positionally and by name as B003", () => {
    const text = mini({ board: "(square 3 3 cols:4)" });
    // named first, then positional: the positional fills the next free parameter
    const okText = mini({ board: "(square cols:4 3)" });
    expect(ok(okText).topology.n).toBe(12);
    const errs = errors(text);
    expect(errs.map((d) => d.code)).toContain("B003");
  });

  it("reports a section given twice as B003", () => {
    const text = mini().replace("(play (step))", "(play (step)) (play (step))");
    const d = single(text, "B003");
    const at = locate(text, "(play (step)) (play (step))");
    expect([d.span!.line, d.span!.col]).toEqual([at.line, at.col + 15]);
    expect(d.span!.endCol - d.span!.col).toBe(4);
  });

  it("accepts Ludii-style sections without braces", () => {
    const text = `(game "Sections"
      (players 2)
      (equipment { (board (square 3 3)) (piece stone) })
      (rules
        (start (place stone P1 a1) (place stone P2 c3))
        (play (step))
        (end (if (no-moves next) (win mover)) (if (no-pieces next) (win mover)))))`;
    const g = ok(text);
    expect(Array.from(g.newGame().pieceCount)).toEqual([1, 1]);
    expect(g.def.end).toHaveLength(2);
    // equipment without braces too
    const bare = ok(text.replace("(equipment { (board (square 3 3)) (piece stone) })", "(equipment (board (square 3 3)) (piece stone))"));
    expect(bare.topology.n).toBe(9);
  });

  it("accepts braces with a single item and positional rules", () => {
    const g = ok(`(game "P" (players 2) (equipment {(board (square 2 2)) (piece stone)}) (rules {(place stone P1 a1)} (step) {(if (no-moves next) (win mover))}))`);
    expect(g.topology.n).toBe(4);
    expect(g.legalMoves(g.newGame())).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------
// Schema (S001)
// ---------------------------------------------------------------------------------------------

describe("schema validation (S001)", () => {
  it("reports a wrong type", () => {
    const text = mini({ board: '(square "six" 7)' });
    const d = single(text, "S001");
    expectAt(d, text, '"six"');
    expect(d.message).toContain("cols");
    expect(d.message).toContain("(square ...)");
    expect(d.expected).toBe("a whole number >= 1");
  });

  // Was a bug: the unknown argument's value was read as a name, an error for each form in it.
  it("reports an argument the ludeme does not have once, at its name, without reading its value", () => {
    const text = mini({ items: "(counter k)", play: "(priority (step) (pass) then:{(counter-add k 1) (move-again)})" });
    const d = single(text, "S001");
    expectAt(d, text, "then:");
    expect(d.message).toBe("(priority ...) has no argument 'then'");
  });

  it("says that items written one after another are not put in braces", () => {
    const text = mini({ play: "(either {(step) (pass)})" });
    const d = single(text, "S001");
    expectAt(d, text, "{(step) (pass)}");
    expect(d.expected).toContain("(either ...) takes them one after another, without braces: (either (a ...) (b ...))");
  });

  it("says where the other entry of a shared name belongs: the sow move's from: is a condition, the sow effect's a site", () => {
    const text = mini({ board: "(mancala 2 4)", pieces: "(piece seed)", items: "(track round {(path a1 d1) (path d2 a2)} loop:true)", play: "(sow round from:to)" });
    const d = single(text, "S001");
    expectAt(d, text, "to))");
    expect(d.expected).toContain("(sow ...) here is the move, whose from: is a 'bool'; the effect (sow ...), in a move's consequences, takes a 'site'");
  });

  it("reports a missing required argument at the form", () => {
    const text = mini({ board: "(square 6)" });
    const d = single(text, "S001");
    expectAt(d, text, "(square 6)");
    expect(d.message).toContain("'rows'");
    expect(d.expected).toBe("(square cols:int rows:int [diagonals:enum] [holes:region])");
  });

  it("reports an unknown named argument at its name", () => {
    const text = mini({ board: "(square 6 7 foo:1)" });
    const d = single(text, "S001");
    expectAt(d, text, "foo");
    expect(d.span!.endCol - d.span!.col).toBe(3);
    expect(d.message).toContain("'foo'");
  });

  // Was a bug (the ludeme was not found for an object with an unknown key: "(? ...)", no expected).
  it("names the ludeme and its signature for an unknown named argument", () => {
    const d = single(mini({ board: "(square 6 7 foo:1)" }), "S001");
    expect(d.message).toContain("(square ...)");
    expect(d.expected).toBe("(square cols:int rows:int [diagonals:enum] [holes:region])");
  });

  it("reports a bad enum value", () => {
    const text = mini({ board: "(square 3 3 diagonals:some)" });
    const d = single(text, "S001");
    expectAt(d, text, "some");
    expect(d.message).toContain("'some'");
    expect(d.expected).toBe("one of 'none', 'all', 'centres', 'alternating'");
  });

  it("reports a number below the minimum", () => {
    const text = mini({ players: "0" });
    const d = single(text, "S001");
    expectAt(d, text, "0)");
    expect(d.message).toMatch(/count.*too small/);
    expect(d.expected).toBe("a number >= 1");
  });

  it("reports an atom the category does not accept", () => {
    const text = mini({ end: "(if (no-moves next) tie)" });
    const d = single(text, "S001");
    expectAt(d, text, "tie");
    expect(d.expected).toBeDefined();
  });

  it("reports a wrongly typed piece attribute", () => {
    const text = mini({ pieces: '(piece stone rank:"high")' });
    const d = single(text, "S001");
    expectAt(d, text, '"high"');
    expect(d.expected).toBe("a number");
  });
});

// ---------------------------------------------------------------------------------------------
// Semantic checks (M)
// ---------------------------------------------------------------------------------------------

describe("semantic checks", () => {
  it("reports an unknown piece in (place ...) as M001, listing the pieces", () => {
    const text = mini({ start: "(place rock P1 a1)" });
    const d = single(text, "M001");
    expectAt(d, text, "rock");
    expect(d.expected).toBe("one of: stone");
  });

  it("reports an unknown piece in a move's piece filter as M001", () => {
    const text = mini({ play: "(step piece:{stone rock})" });
    expectAt(single(text, "M001"), text, "rock");
  });

  it("reports an unknown counter as M001 (in effects and in conditions)", () => {
    const text = mini({ items: "(counter steps)", play: "(step then:{(counter-add stepz 1)})" });
    const d = single(text, "M001");
    expectAt(d, text, "stepz");
    expect(d.expected).toBe("one of: steps");
    const inEnd = mini({ end: "(if (> (counter nothing) 3) draw)" });
    expectAt(single(inEnd, "M001"), inEnd, "nothing");
  });

  it("reports an unknown site label as M001", () => {
    const text = mini({ start: "(place stone P1 z9)" });
    const d = single(text, "M001");
    expectAt(d, text, "z9");
    expect(d.expected).toContain("a1..c3");
    const inSites = mini({ start: "(place stone P1 (sites {a1 d4}))" });
    expectAt(single(inSites, "M001"), inSites, "d4");
  });

  it("reports an unknown direction in dirs: as M001, listing the board's directions", () => {
    const text = mini({ play: "(step dirs:{N NE})" });
    const d = single(text, "M001");
    expectAt(d, text, "NE");
    expect(d.expected).toBe("one of: N E S W");
    expect(ok(mini({ board: "(square 3 3 diagonals:all)", play: "(step dirs:{N NE})" })).topology.dirNames).toHaveLength(8);
  });

  it("reports an unknown attribute as M001", () => {
    const text = mini({ pieces: "(piece stone rank:1)", play: "(jump over:(< (attr power over) 2))" });
    expectAt(single(text, "M001"), text, "power");
  });

  it("reports seat P3 in a 2-player game as M002", () => {
    const text = mini({ start: "(place stone P3 a1)" });
    const d = single(text, "M002");
    expectAt(d, text, "P3");
    expect(d.expected).toBe("P1..P2");
    expect(ok(mini({ players: "3", start: "(place stone P3 a1)" })).playerCount).toBe(3);
    const inEnd = mini({ end: "(if (no-pieces P5) (win P1))" });
    expectAt(single(inEnd, "M002"), inEnd, "P5");
  });

  it("reports a names list of the wrong length as M002", () => {
    const text = mini({ players: "2 names:{Red Blue Green}" });
    expectAt(single(text, "M002"), text, "{Red Blue Green}");
  });

  it("reports two boards as M003", () => {
    const text = mini({ items: "(board (square 2 2))" });
    expectAt(single(text, "M003"), text, "(board (square 2 2))");
  });

  it("reports duplicate pieces, counters and regions as M003", () => {
    expect(single(mini({ items: "(piece stone)" }), "M003").message).toContain("stone");
    expect(single(mini({ items: "(counter c) (counter c)" }), "M003").message).toContain("c");
    expect(single(mini({ items: "(region edge (sites {a1}))" }), "M003").message).toContain("edge");
  });

  it("reports a missing board or piece as M001", () => {
    expect(single(mini({ board: "(square 3 3)" }).replace("(board (square 3 3))", "(counter c)"), "M001").message).toContain("no board");
  });

  it("reports a jumped site or self inside an end rule as M004 (from and to are the last move's)", () => {
    const text = mini({ pieces: "(piece stone rank:1)", end: "(if (> (attr rank over) 0) (win mover))" });
    const d = single(text, "M004");
    const over = locate(text, "over");
    // the span covers `over` (it may be the whole (attr ...) form)
    expect(d.span!.line).toBe(over.line);
    expect(d.span!.col).toBeLessThanOrEqual(over.col);
    expect(d.span!.endCol).toBeGreaterThanOrEqual(over.col + 4);
    // `from` and `to` are the last move's in end rules; `over` is not kept.
    ok(mini({ end: "(if (empty to) draw)" }));
    const self = mini({ pieces: "(piece stone rank:1)", end: "(if (> (attr rank self) 0) draw)" });
    expectAt(single(self, "M004"), self, "self");
  });

  it("allows move sites inside move conditions", () => {
    const g = ok(mini({ pieces: "(piece stone rank:1)", play: "(jump over:(and (enemy over) (<= (attr rank over) (attr rank self))))" }));
    expect(g.legalMoves(g.newGame())).toEqual([]);
  });

  it("reports a region name already used by the board as M003 and an unknown region as M001", () => {
    const ok3 = ok(mini({ items: "(region home (rows 1 1))", start: "(place stone P1 home) (place stone P2 c3)" }));
    expect(Array.from(ok3.newGame().pieceCount)).toEqual([3, 1]);
    const text = mini({ start: "(place stone P1 hom)" });
    expectAt(single(text, "M001"), text, "hom");
  });
});

// ---------------------------------------------------------------------------------------------
// Compiled descriptions: rules that reach the engine
// ---------------------------------------------------------------------------------------------

describe("compiled rules", () => {
  it("compiles the turn structure given as turns:(turns n first:m)", () => {
    const text = mini().replace("(rules", "(rules turns:(turns 2 first:1)");
    const g = ok(text);
    let s = g.newGame();
    const seen: string[] = [];
    for (let i = 0; i < 7; i++) {
      seen.push(`${s.mover}:${s.actionInTurn}/${s.actionsInTurn}`);
      s = g.apply(s, g.legalMoves(s)[0]!);
    }
    expect(seen).toEqual(["0:1/1", "1:1/2", "1:2/2", "0:1/2", "0:2/2", "1:1/2", "1:2/2"]);
  });

  it("compiles jumps with chains, priorities and unions", () => {
    const board = "(square 3 3 diagonals:all)";
    const start = "(place stone P1 a1) (place stone P2 a2) (place stone P2 b3)";
    const notations = (play: string) => {
      const g = ok(mini({ board, start, play }));
      return g
        .legalMoves(g.newGame())
        .map((m) => m.notation)
        .sort();
    };
    expect(notations("(jump over:(enemy over))")).toEqual(["a1xa3"]);
    expect(notations("(jump over:(enemy over) chain:may)")).toEqual(["a1xa3", "a1xa3xc3"]);
    expect(notations("(jump over:(enemy over) chain:must)")).toEqual(["a1xa3xc3"]);
    expect(notations("(priority (jump over:(enemy over)) (step))")).toEqual(["a1xa3"]);
    expect(notations("(either (jump over:(enemy over)) (step dirs:{E}))")).toEqual(["a1-b1", "a1xa3"]);
    expect(notations("(step dirs:{NE} to:(enemy to))")).toEqual([]);
    expect(notations("(step dirs:{N} to:(enemy to))")).toEqual(["a1xa2"]); // a capturing step is written with x
  });

  it("describes counter effects in a move's actions", () => {
    const g = ok(mini({ items: "(counter steps)", play: "(step then:{(counter-add steps 1)})" }));
    const s = g.newGame();
    const m = g.legalMoves(s).find((x) => x.notation === "a1-a2")!;
    expect(m.actions).toEqual([
      { op: "move", from: "a1", to: "a2" },
      { op: "counter", name: "steps", change: "add", value: 1 },
    ]);
    expect(g.apply(s, m).counters[0]).toBe(1);
  });

  it("removes the piece a step lands on when to: allows an enemy there", () => {
    const g = ok(mini({ start: "(place stone P1 a1) (place stone P2 a2)", play: "(step to:(or (empty to) (enemy to)))", end: "(if (no-pieces next) (win mover))" }));
    const s = g.newGame();
    const m = g.parseMove(s, "a1xa2")!;
    expect(m).not.toBeNull();
    const after = g.apply(s, m);
    expect(Array.from(after.pieceCount)).toEqual([1, 0]);
    expect(after.over).toBe(true);
    expect(g.winners(after)).toEqual([0]);
  });

  // Was a bug: a capturing step did not record its capture in `captures` and `actions`.
  it("records the capture made by a step onto an enemy", () => {
    const g = ok(mini({ start: "(place stone P1 a1) (place stone P2 a2)", play: "(step to:(or (empty to) (enemy to)))", end: "(if (no-pieces next) (win mover))" }));
    const m = g.parseMove(g.newGame(), "a1xa2")!;
    expect(m.captures).toEqual(["a2"]);
    expect(m.actions).toContainEqual({ op: "remove", at: "a2" });
    // a plain step captures nothing
    expect(g.parseMove(g.newGame(), "a1-b1")!.captures).toBeUndefined();
  });

  // Was a bug (the amount was described with a fresh context: 0 instead of 2).
  it("describes a counter change that depends on the moving piece as applied", () => {
    const g = ok(mini({ pieces: "(piece stone rank:2)", items: "(counter steps)", play: "(step then:{(counter-add steps (attr rank self))})" }));
    const s = g.newGame();
    const m = g.legalMoves(s)[0]!;
    expect(g.apply(s, m).counters[0]).toBe(2);
    expect(m.actions).toContainEqual({ op: "counter", name: "steps", change: "add", value: 2 });
  });

  // Was a bug: accepted, and asked with whatever site the last move left (one branch for every piece).
  it("refuses from, over and to in a branch's condition, which chooses the moves before any exists (M004)", () => {
    const text = mini({ play: "(branch (same-site from a1) (step) (pass))" });
    expectAt(single(text, "M004"), text, "from a1");
    // a can-move inside it lists moves of its own, whose sites exist; last-to is a site of the position
    expect(ok(mini({ play: "(branch (can-move (step to:(and (empty to) (same-site from a1)))) (step) (pass))" })).def).toBeDefined();
    expect(ok(mini({ play: "(branch (same-site last-to a1) (step) (pass))" })).def).toBeDefined();
  });

  // Was refused (M004), and before that recursed until "Maximum call stack size exceeded".
  it("asks (no-moves ...) inside a move one level deep: filters and consequences", () => {
    // A strip of three: after a1-b1 the stone on c1 cannot move; on a strip of four it can.
    const strip = (cols: number, play: string, items = "") =>
      ok(mini({ board: `(square ${cols} 1)`, start: `(place stone P1 a1) (place stone P2 ${cols === 3 ? "c1" : "d1"})`, play, items }));
    const moves = (g: Game) => g.legalMoves(g.newGame()).map((m) => m.notation);
    // A filter on the position after the move: no move may leave the opponent without one.
    const keep = "(keep (step) leaving:(not (no-moves next)))";
    expect(moves(strip(3, keep))).toEqual([]);
    expect(moves(strip(4, keep))).toEqual(["a1-b1"]);
    // In a move's own to: condition, asked of the position before it (the opponent still moves).
    const before = "(step to:(and (empty to) (not (no-moves next))))";
    expect(moves(strip(3, before))).toEqual(["a1-b1"]);
    // In its consequences, on the position after it.
    const after = "(step then:{(when (no-moves next) then:{(counter-add blocked 1)})})";
    for (const [cols, blocked] of [[3, 1], [4, 0]] as const) {
      const g = strip(cols, after, "(counter blocked)");
      const s = g.newGame();
      expect(g.apply(s, g.legalMoves(s)[0]!).counters[0]).toBe(blocked);
    }
    // in end rules as ever
    expect(ok(mini({ end: "(if (no-moves next) (win mover))" })).def.end).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// All errors in one run, and rendering
// ---------------------------------------------------------------------------------------------

describe("reporting", () => {
  it("reports every error of a stage in one run", () => {
    const bind = mini({ play: "(stepp)", end: "(if (foo) (win mover))" });
    const b = errors(bind);
    expect(b.map((d) => d.code)).toEqual(["B001", "B001"]);
    expectAt(b[0]!, bind, "stepp");
    expectAt(b[1]!, bind, "foo");

    const schema = mini({ players: "0", board: "(square 0 3)" });
    expect(errors(schema).map((d) => d.code)).toEqual(["S001", "S001"]);

    // binding and schema errors come together, in the order of the text
    const mixed = mini({ players: "0", play: "(stepp)", end: '(if (no-moves next) (win "")) (if (foo) draw)' });
    const bs = errors(mixed);
    expect(bs.map((d) => d.code)).toEqual(["S001", "B001", "S001", "B001"]);
    expectAt(bs[0]!, mixed, "0)");
    expectAt(bs[1]!, mixed, "stepp");
    expectAt(bs[2]!, mixed, '""');
    expectAt(bs[3]!, mixed, "foo");

    const sem = mini({ start: "(place rock P3 z9)", play: "(step dirs:{Q})" });
    const m = errors(sem);
    expect(m.map((d) => d.code).sort()).toEqual(["M001", "M001", "M001", "M002"]);
    for (const needle of ["rock", "P3", "z9", "Q}"]) expect(m.some((d) => d.span!.col === locate(sem, needle).col && d.span!.line === locate(sem, needle).line), needle).toBe(true);

    const expansion = mini({ pre: '(define "Two" (and #1 #2))', board: "(square $a 3)", end: '(if ("Two" true) (win mover))' });
    expect(errors(expansion).map((d) => d.code).sort()).toEqual(["X001", "X002"]);
  });

  it("formats a diagnostic with file:line:col, the source line and a caret under the column", () => {
    const text = mini({ board: "(square 3 3 diagonals:some)" });
    const r = compile(text, { file: "games/mini.game" });
    expect(r.diagnostics).toHaveLength(1);
    const d = r.diagnostics[0]!;
    const where = locate(text, "some");
    const out = formatDiagnostic(d, r.sources);
    const lines = out.split("\n");
    expect(lines[0]).toBe(`games/mini.game:${where.line}:${where.col}: error S001: ${d.message}`);
    const sourceLine = text.split("\n")[where.line - 1]!;
    expect(lines[1]).toBe(`${String(where.line).padStart(5)} | ${sourceLine}`);
    const caretLine = lines[2]!;
    const bar = caretLine.indexOf("| ") + 2;
    expect(caretLine.indexOf("^") - bar).toBe(where.col - 1);
    expect(caretLine.slice(bar).trim()).toBe("^^^^");
    expect(lines[3]).toBe(`    expected: ${d.expected}`);
  });

  it("formats notes for related locations and works with a lookup function", () => {
    const text = mini({ pre: '(define "Cond" (nonsense #1))', end: '(if ("Cond" next) (win mover))' });
    const r = compile(text, { file: "m.game" });
    const out = formatDiagnostic(r.diagnostics[0]!, (f) => (f === "m.game" ? text : undefined));
    const call = locate(text, '("Cond" next)');
    expect(out).toContain(`m.game:${call.line}:${call.col}: note: expanded from (Cond ...) here`);
    expect(out.split("\n")[0]).toMatch(/^m\.game:\d+:\d+: error B001: /);
  });

  it("names the use of a define in an error the compiler finds inside it, and says a mistake made twice at one place once", () => {
    const text = mini({ pre: '(define "Roll" (when (= (pips) 1) then:{(remove to)}))', play: '(either (step then:{("Roll")}) (step then:{("Roll")}))' });
    const r = compile(text, { file: "m.game" });
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    // One error per use, each pointing at (pips) in the define and at its own call.
    expect(errors.map((d) => d.code)).toEqual(["M001", "M001"]);
    const calls = [...text.matchAll(/\("Roll"\)/g)].map((m) => m.index);
    expect(errors.map((d) => d.related?.map((x) => x.span.startOffset))).toEqual(calls.map((i) => [i]));
    expect(errors.every((d) => d.span!.startOffset === text.indexOf("(pips)"))).toBe(true);
  });

  it("formats a diagnostic without a span on one line plus its expectation", () => {
    const r = compile(mini(), { options: { nope: "1" } });
    const out = formatDiagnostic(r.diagnostics[0]!, r.sources);
    expect(out.split("\n")[0]).toBe("error X002: unknown option 'nope'");
    expect(out).toContain("expected: this game has no options");
  });

  it("points into the parent file for errors there", () => {
    const parent = mini({ name: "P", start: "(place rock P1 a1)" });
    const r = compileGame('(game "C" (extends "p.game"))', { file: "c.game", readFile: (p) => (p === "p.game" ? { path: "p.game", text: parent } : undefined) });
    expect(r.game).toBeUndefined();
    expect(r.diagnostics).toHaveLength(1);
    const d = r.diagnostics[0]!;
    expect(d.code).toBe("M001");
    expect(d.span?.file).toBe("p.game");
    expectAt(d, parent, "rock");
    expect(formatDiagnostic(d, r.sources)).toContain("(place rock P1 a1)");
  });
});

// ---------------------------------------------------------------------------------------------
// Worker helper: runs parse + expand on transpiled sources in a worker that can be cut off.
// ---------------------------------------------------------------------------------------------

let transpiledDir: string | undefined;

async function transpileLang(): Promise<string> {
  if (transpiledDir) return transpiledDir;
  const ts = (await import("typescript")).default;
  const dir = mkdtempSync(join(tmpdir(), "ludex-lang-"));
  mkdirSync(join(dir, "lang"));
  writeFileSync(join(dir, "package.json"), '{"type":"module"}\n');
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  // The language and the limits it shares with the engine (src/limits.ts).
  const sources = [...readdirSync(join(root, "src/lang")).filter((f) => f.endsWith(".ts")).map((f) => `lang/${f}`), "limits.ts"];
  for (const f of sources) {
    const out = ts.transpileModule(readFileSync(join(root, "src", f), "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    writeFileSync(join(dir, f.replace(/\.ts$/, ".js")), out.outputText);
  }
  writeFileSync(
    join(dir, "run.js"),
    [
      'import { parentPort, workerData } from "node:worker_threads";',
      'import { parseText } from "./lang/parser.js";',
      'import { expand } from "./lang/expand.js";',
      'const parsed = parseText(workerData.text, "worker.game");',
      "const expanded = expand({ file: parsed.file });",
      "parentPort.postMessage(expanded.diagnostics.map((d) => d.code));",
    ].join("\n"),
  );
  transpiledDir = dir;
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * How long a worker may expand before it counts as hung: a net, not a speed check. A regression
 * runs for ever (2^64 expansions), while a sound expansion ends in well under a second even on a
 * slow, loaded machine, so the net can be far above that.
 */
const HANG_NET_MS = 5 * 60 * 1000;

/** The expansion diagnostics' codes, or "timeout" when expansion takes longer than `ms`. */
async function expandInWorker(text: string, ms: number): Promise<string[] | "timeout"> {
  const dir = await transpileLang();
  const worker = new Worker(join(dir, "run.js"), { workerData: { text }, resourceLimits: { maxOldGenerationSizeMb: 256 } });
  try {
    return await new Promise<string[] | "timeout">((resolve, reject) => {
      const timer = setTimeout(() => resolve("timeout"), ms);
      worker.once("message", (codes: string[]) => {
        clearTimeout(timer);
        resolve(codes);
      });
      worker.once("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });
  } finally {
    await worker.terminate();
  }
}

describe("the worker helper", () => {
  it("expands a terminating description in a worker", async () => {
    const codes = await expandInWorker(mini({ pre: '(define "Loop" (and ("Loop") true))', end: '(if ("Loop") (win mover))' }), HANG_NET_MS);
    expect(codes).toEqual(["X006"]);
    expect(await expandInWorker(mini(), HANG_NET_MS)).toEqual([]);
  });
});
