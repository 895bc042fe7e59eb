/**
 * `promoting`: a promotion chosen within the move that reaches the zone. Every move rule it wraps
 * (step, slide, leap, jump chain, hop, screen jump, drop) gives one move per type, written
 * `move=LETTER`; optional promotion and each piece's own `promotes:` type; the order in which the
 * consequences see the piece; the move filter and the attack test over it; uniform random draws;
 * and the descriptions it refuses.
 */
import { describe, expect, it } from "vitest";
import type { Game } from "../src/engine/play/game.js";
import { MoveBuffer } from "../src/engine/moves/moves.js";
import { newCtx, SAMPLED } from "../src/engine/play/rules.js";
import { loadPosition, type Position } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";
import { narrateMove } from "../src/view/narrate.js";
import { clickSite, NO_PICK, type Pick } from "../src/view/pick.js";
import { build, counter, errorsOf, move, notations, play, site } from "./support/games.js";

const P = (piece: string, owner = "P1") => ({ piece, owner });

/** Every legal move's notation parses back to that very move (as the playouts check for every game). */
function expectParsesBack(g: Game, s: State): void {
  for (const m of g.legalMoves(s)) {
    const back = g.parseMove(s, m.notation.toLowerCase());
    expect(back?.notation, m.notation).toBe(m.notation);
    expect(back!.code).toEqual(m.code);
  }
}

describe("promoting", () => {
  // Every kind of piece move on one board, all of them wrapped: a move onto the far row promotes.
  const g = build(`(game "Zone" (players 2 forward:{N S})
    (equipment {(board (square 5 5 diagonals:all))
      (piece pawn) (piece lance) (piece knight symbol:"N") (piece man) (piece cannon) (piece queen) (piece rook) (hand)})
    (rules (start {})
      (play (promoting
        (either
          (step piece:{pawn} dirs:{forward})
          (slide piece:{lance} dirs:{forward} range:any through:(empty site) to:(not (friend to)))
          (leap piece:{knight} paths:{{N N E}} to:(not (friend to)))
          (jump piece:{man} dirs:{forward-left forward-right} over:(enemy over) chain:must)
          (hop piece:{cannon} dirs:{forward} over:(enemy over))
          (screen-jump piece:{cannon} dirs:{forward} to:(enemy to))
          (drop piece:{pawn} to:(empty to)))
        where:(at-edge to forward) into:{queen rook}))
      (end {})))`);
  const at = (sites: Position["sites"], extra: Partial<Position> = {}) => loadPosition(g, { sites, mover: "P1", ...extra });

  const cases: { rule: string; sites: Position["sites"]; hands?: Position["hands"]; moves: string[] }[] = [
    { rule: "step", sites: { a4: P("pawn"), c2: P("pawn") }, moves: ["a4-a5=Q", "a4-a5=R", "c2-c3"] },
    { rule: "slide", sites: { a2: P("lance"), a5: P("man", "P2") }, moves: ["a2-a3", "a2-a4", "a2xa5=Q", "a2xa5=R"] },
    { rule: "leap", sites: { b3: P("knight") }, moves: ["b3-a1", "b3-a5=Q", "b3-a5=R", "b3-c1", "b3-c5=Q", "b3-c5=R", "b3-d2", "b3-d4"] },
    { rule: "jump chain", sites: { a1: P("man"), b2: P("man", "P2"), b4: P("man", "P2") }, moves: ["a1xc3xa5=Q", "a1xc3xa5=R"] },
    { rule: "hop and screen jump", sites: { a3: P("cannon"), a4: P("man", "P2"), e1: P("cannon"), e3: P("man", "P2"), e5: P("man", "P2") }, moves: ["a3xa5=Q", "a3xa5=R", "e1xe5=Q", "e1xe5=R"] },
  ];
  for (const c of cases) {
    it(`multiplies the moves of a ${c.rule} that reach the far row, one per type (${c.moves.filter((m) => m.includes("=")).join(", ")})`, () => {
      const s = at(c.sites);
      expect(notations(g, s)).toEqual(c.moves);
      expectParsesBack(g, s);
    });
  }

  it("multiplies drops too (P*a5=Q), in the description's order, each move's types together", () => {
    const s = at({ a1: P("man"), a2: P("man", "P2") }, { hands: { P1: { pawn: 1 } } });
    const drops = g.legalMoves(s).map((m) => m.notation).filter((n) => n.includes("*"));
    expect(drops.slice(-10)).toEqual(["P*a5=Q", "P*a5=R", "P*b5=Q", "P*b5=R", "P*c5=Q", "P*c5=R", "P*d5=Q", "P*d5=R", "P*e5=Q", "P*e5=R"]);
    // 23 empty squares, those of the far row twice.
    expect(drops).toHaveLength(23 + 5);
    expect(site(g, play(g, s, "P*c5=R"), "c5")).toMatchObject({ piece: "rook", owner: "P1" });
    expectParsesBack(g, s);
  });

  it("a promoted move is one decision: the piece arrives as the new type, the move says which", () => {
    const s = at({ a2: P("lance"), a5: P("man", "P2") });
    const m = move(g, s, "a2xa5=R");
    expect(m).toMatchObject({ kind: "slide", from: "a2", to: "a5", piece: "lance", promotion: "rook", captures: ["a5"] });
    expect(m.actions).toEqual([{ op: "remove", at: "a5" }, { op: "transfer", from: "a2", to: "a5", count: 1 }, { op: "promote", at: "a5", piece: "rook" }]);
    expect(move(g, s, "a2-a3").promotion).toBeUndefined();
    const t = g.apply(s, m);
    expect(t.mover).toBe(1);
    expect(site(g, t, "a5")).toMatchObject({ piece: "rook", owner: "P1" });
    expect(site(g, t, "a2")).toBeNull();
    expect(narrateMove(g, s, t, m)).toEqual(["captures P2's man on a5", "P1's lance on a5 becomes a rook"]);
    const u = at({ a1: P("man"), b2: P("man", "P2"), b4: P("man", "P2") });
    const chain = g.apply(u, move(g, u, "a1xc3xa5=Q"));
    expect(site(g, chain, "a5")).toMatchObject({ piece: "queen" });
    expect(site(g, chain, "b2")).toBeNull();
    expect(site(g, chain, "b4")).toBeNull();
  });

  it("clicking the piece, then its destination, offers the choice of type (the board's pick)", () => {
    const s = at({ a4: P("pawn") });
    const legal = g.legalMoves(s);
    const first = clickSite(legal, NO_PICK, "a4");
    expect(first.kind).toBe("select");
    const second = clickSite(legal, (first as { pick: Pick }).pick, "a5");
    expect(second.kind === "choose" && second.moves.map((m) => m.notation)).toEqual(["a4-a5=Q", "a4-a5=R"]);
  });

  it("optional: the move without promotion too, first; a condition says where", () => {
    const h = build(`(game "Opt" (players 2 forward:{N S})
      (equipment {(board (square 3 3)) (piece pawn) (piece queen) (piece rook)})
      (rules (start {})
        (play (promoting (step piece:{pawn} dirs:{forward} to:(not (friend to))) where:(at-edge to forward) into:{queen rook}
                optional:(empty to)))
        (end {})))`);
    const s = loadPosition(h, { sites: { a2: P("pawn"), b2: P("pawn"), b3: P("rook", "P2") }, mover: "P1" });
    // a3 is empty: promoting may be declined; b2xb3 takes a piece: it must promote.
    expect(h.legalMoves(s).map((m) => m.notation)).toEqual(["a2-a3", "a2-a3=Q", "a2-a3=R", "b2xb3=Q", "b2xb3=R"]);
    expect(site(h, play(h, s, "a2-a3"), "a3")).toMatchObject({ piece: "pawn" });
    expectParsesBack(h, s);
  });

  it("without into:, each piece to the type it promotes: to; a piece without one moves as it is; suffix: writes it", () => {
    const h = build(`(game "Zones" (players 2 forward:{N S})
      (equipment {(board (square 3 4)) (piece pawn promotes:tokin) (piece silver promotes:gold) (piece king) (piece tokin) (piece gold)
        (seat-regions zone {(rows 3 4) (rows 1 2)})})
      (rules (start {})
        (play (promoting (step piece:{pawn silver king} dirs:{forward})
                where:(or (in to (region-of zone mover)) (in from (region-of zone mover)))
                optional:(not (at-edge to forward)) suffix:"+"))
        (end {})))`);
    const s = loadPosition(h, { sites: { a2: P("pawn"), b3: P("pawn"), c2: P("silver"), b1: P("king") }, mover: "P1" });
    // a2-a3 enters the zone (may), b3-b4 reaches the last row (must), c2-c3 a silver entering (may), the king never.
    expect(h.legalMoves(s).map((m) => m.notation).sort()).toEqual(["a2-a3", "a2-a3+", "b1-b2", "b3-b4+", "c2-c3", "c2-c3+"]);
    expect(site(h, play(h, s, "b3-b4+"), "b4")).toMatchObject({ piece: "tokin" });
    expect(site(h, play(h, s, "c2-c3+"), "c3")).toMatchObject({ piece: "gold" });
    expect(move(h, s, "c2-c3+").promotion).toBe("gold");
    expectParsesBack(h, s);
  });

  it("the move's own consequences see the piece as it moved; the promotion's, an enclosing either's and after-action's the promoted one", () => {
    const seen = (name: string) => `(when (is-piece to queen) then:{(counter-add ${name} 1)})`;
    const h = build(`(game "Order" (players 2 forward:{N S})
      (equipment {(board (square 3 3)) (piece pawn) (piece queen)
        (counter inner) (counter within) (counter own) (counter outer) (counter after)})
      (rules (start {})
        (play (either
          (promoting (either (step piece:{pawn} dirs:{forward} then:{${seen("inner")}}) then:{${seen("within")}})
            where:(at-edge to forward) into:{queen} then:{${seen("own")}})
          then:{${seen("outer")}}))
        (end {})
        after-action:{${seen("after")}}))`);
    const s = loadPosition(h, { sites: { a2: P("pawn") }, mover: "P1" });
    const m = move(h, s, "a2-a3=Q");
    expect(m.actions).toEqual([{ op: "move", from: "a2", to: "a3" }, { op: "promote", at: "a3", piece: "queen" }]);
    const t = h.apply(s, m);
    expect(["inner", "within", "own", "outer", "after"].map((c) => counter(h, t, c))).toEqual([0, 0, 1, 1, 1]);
    // The move without promotion runs the same consequences, the promotion's own aside.
    const plain = build(`(game "Plain" (players 2 forward:{N S})
      (equipment {(board (square 3 3)) (piece pawn) (piece queen) (counter moves) (counter promoted)})
      (rules (start {})
        (play (either (promoting (step piece:{pawn} dirs:{forward}) where:(at-edge to forward) into:{queen} optional:true
            then:{(counter-add promoted 1)}) then:{(counter-add moves 1)}))
        (end {})))`);
    const p0 = loadPosition(plain, { sites: { a2: P("pawn") }, mover: "P1" });
    expect(["moves", "promoted"].map((c) => counter(plain, play(plain, p0, "a2-a3"), c))).toEqual([1, 0]);
    expect(["moves", "promoted"].map((c) => counter(plain, play(plain, p0, "a2-a3=Q"), c))).toEqual([1, 1]);
  });

  describe("under a move filter and in the attack test", () => {
    const royal = build(`(game "Royal" (players 2 forward:{N S})
      (equipment {(board (square 4 4 diagonals:all)) (piece king) (piece pawn) (piece queen) (piece rook) (piece man)})
      (rules (start {})
        (play (keep (either
            (step piece:{king} to:(not (friend to)))
            (slide piece:{rook} dirs:{N E S W} range:any through:(empty site) to:(not (friend to)))
            (promoting (step piece:{pawn} dirs:{forward-left forward-right} to:(enemy to)) where:(at-edge to forward) into:{queen rook}))
          leaving:(not (in-check mover king))))
        (end {(if (in-check next king) (win mover))})))`);

    it("a promoting capture gives check, and a king may not step where one would take it", () => {
      const s = loadPosition(royal, { sites: { b3: P("pawn"), a1: P("king"), d4: P("king", "P2") }, mover: "P2" });
      // c4 is taken by b3xc4=Q or =R: the king may not go there; d3 and c3 are free.
      expect(notations(royal, s)).toEqual(["d4-c3", "d4-d3"]);
      // The end rule's in-check finds the pawn's capture onto the king.
      const check = loadPosition(royal, { sites: { b3: P("pawn"), a1: P("king"), c4: P("king", "P2") }, mover: "P1" });
      expect(notations(royal, check)).toContain("b3xc4=Q");
      expect(play(royal, check, "a1-a2").over).toBe(true);
    });

    it("the filter keeps or drops every promoted move of a move alike", () => {
      const free = loadPosition(royal, { sites: { b3: P("pawn"), b1: P("king"), a4: P("man", "P2"), d1: P("king", "P2") }, mover: "P1" });
      expect(notations(royal, free).filter((n) => n.startsWith("b3"))).toEqual(["b3xa4=Q", "b3xa4=R"]);
      // A rook on b4 pins the pawn to its king on b1: neither promotion may be made.
      const pinned = loadPosition(royal, { sites: { b3: P("pawn"), b1: P("king"), a4: P("man", "P2"), b4: P("rook", "P2"), d1: P("king", "P2") }, mover: "P1" });
      expect(notations(royal, pinned).filter((n) => n.startsWith("b3"))).toEqual([]);
    });
  });

  describe("random playouts", () => {
    /** How often each first move comes up in `draws` one-move playouts from `start`. */
    function tally(h: Game, start: Position, draws: number): Map<string, number> {
      const legal = h.legalMoves(loadPosition(h, start));
      const counts = new Map<string, number>();
      for (let seed = 1; seed <= draws; seed++) {
        const s = loadPosition(h, start, seed);
        h.playout(s, 1);
        const made = legal.find((m) => {
          const t = h.apply(loadPosition(h, start, seed), m);
          return JSON.stringify([t.owner, t.piece]) === JSON.stringify([s.owner, s.piece]);
        });
        expect(made, `seed ${seed}`).toBeDefined();
        counts.set(made!.notation, (counts.get(made!.notation) ?? 0) + 1);
      }
      return counts;
    }

    for (const optional of [false, true]) {
      it(`draw every final move alike, a promoting move counting as one per type${optional ? " (and the move declining it)" : ""}`, () => {
        const h = build(`(game "Draw" (players 2 forward:{N S})
          (equipment {(board (square 3 3)) (piece pawn) (piece queen) (piece rook) (piece bishop)})
          (rules (start {})
            (play (promoting (step piece:{pawn} dirs:{forward}) where:(at-edge to forward) into:{queen rook bishop} optional:${optional}))
            (end {})))`);
        // The step draws one move of the rule directly: the draw goes through the wrapper.
        expect((h.def.play as { canSample?: boolean }).canSample).toBe(true);
        const start: Position = { sites: { a2: P("pawn"), c1: P("pawn") }, mover: "P1" };
        const moves = notations(h, loadPosition(h, start));
        expect(moves).toEqual(optional ? ["a2-a3", "a2-a3=B", "a2-a3=Q", "a2-a3=R", "c1-c2"] : ["a2-a3=B", "a2-a3=Q", "a2-a3=R", "c1-c2"]);
        const draws = 2000;
        const counts = tally(h, start, draws);
        const p = 1 / moves.length, sd = Math.sqrt(draws * p * (1 - p));
        for (const m of moves) expect(Math.abs((counts.get(m) ?? 0) - draws * p), m).toBeLessThan(4 * sd);
        // The draws themselves (not the full generation a failed draw falls back on) are uniform.
        const s = loadPosition(h, start, 7), buf = new MoveBuffer(4, 64), c = newCtx();
        const drawn = new Map<string, number>();
        let sampled = 0;
        for (let i = 0; i < draws; i++) {
          buf.clear();
          if (h.def.play.sample!(s, c, buf) !== SAMPLED) continue;
          sampled++;
          const n = h.def.generators[buf.gen[0]!]!.notation(buf, 0);
          drawn.set(n, (drawn.get(n) ?? 0) + 1);
        }
        expect(sampled).toBeGreaterThan(0.9 * draws);
        expect([...drawn.keys()].sort()).toEqual(moves);
        const sdDrawn = Math.sqrt(sampled * p * (1 - p));
        for (const m of moves) expect(Math.abs(drawn.get(m)! - sampled * p), m).toBeLessThan(4 * sdDrawn);
      });
    }
  });

  describe("refuses", () => {
    const game = (play: string, pieces = "(piece pawn) (piece queen) (piece rook)") => `(game "E" (players 2 forward:{N S})
      (equipment {(board (square 3 3)) ${pieces}})
      (rules (start {}) (play ${play}) (end {})))`;
    const codes = (src: string) => errorsOf(src).map((d) => `${d.code} ${d.message}`);

    it("a promoting inside a promoting", () => {
      expect(codes(game("(promoting (promoting (step) into:{queen}) into:{rook})"))).toEqual(["M004 (promoting ...) inside (promoting ...): a move promotes once"]);
    });

    it("two types written with one letter, or a type listed twice", () => {
      expect(codes(game("(promoting (step) into:{queen quail})", "(piece pawn) (piece queen) (piece quail)"))).toEqual([
        "M004 'quail' and 'queen' are both written Q: their moves would have one notation",
      ]);
      expect(codes(game("(promoting (step) into:{queen queen})"))).toEqual(["M004 'queen' is listed twice"]);
    });

    it("a suffix for several types, or no type at all", () => {
      expect(codes(game('(promoting (step) into:{queen rook} suffix:"+")'))).toEqual([
        "M004 suffix: writes every promotion alike, but into: gives 2 types to choose from",
      ]);
      expect(codes(game("(promoting (step))"))).toEqual(["M001 (promoting ...) without into:, and no piece promotes: to another"]);
    });
  });
});
