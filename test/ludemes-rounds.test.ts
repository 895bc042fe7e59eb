/**
 * Ludemes of games played in rounds, as the mancala family plays them: `(transfer ...)`, a
 * decision that carries pieces from one site to another (seeds from a store back into the pits);
 * `(first-along TRACK SITE COND)`, the first site along a track where a condition holds (the next
 * pit to refill); and `(on-path SITE)`, the sites the move being made went over (the pits a sowing
 * reached, the sites a race piece passed), read in its consequences; and two forms of the sowings of
 * such games, `(sow ... per-pit:N)`, several seeds into each pit, and `(distance A B along:TRACK)`,
 * how far on along a track a site comes. Adi and Gabata (Oromo) replay Ludii's games with them
 * (test/ludii-fixtures-replay.test.ts).
 */
import { describe, expect, it } from "vitest";
import type { Game } from "../src/engine/play/game.js";
import { loadPosition, type Position, type SitePiece } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";
import { build, counter, move, notations, onlyError, play, site, text } from "./support/games.js";

const seeds = (height: number): SitePiece => ({ piece: "seed", height });
const heights = (g: Game, s: State, labels: string[] = [...g.topology.labels]): string =>
  labels.map((l) => `${l}:${site(g, s, l)?.height ?? 0}`).join(" ");
const at = (g: Game, pos: Position): State => loadPosition(g, { mover: "P1", ...pos });
const marked = (g: Game, s: State, marker: number, player: number): string[] => {
  const P = g.playerCount, n = s.shape.sites;
  return g.topology.labels.filter((_, i) => s.markers[(marker * P + player) * n + i] === 1);
};

/** Two rows of three pits and a store at each end: P1 owns the bottom row and the left store. */
const mancala = (play: string, items = "") =>
  build({
    board: "(mancala 2 3 stores:true)",
    items: `(piece seed) (track ccw {(path a1 c1) (path c2 a2)} loop:true) (track cw {(path c1 a1) (path a2 c2)} loop:true)
      (seat-regions side {(rows 1 1) (rows 2 2)}) (seat-regions store {(sites {store-w}) (sites {store-e})}) ${items}`,
    play,
  });

describe("(transfer ...): pieces carried from one site to another as a decision", () => {
  const refill = (count = "count:2") =>
    mancala(`(transfer from:(same-site from (site-of (region-of store mover))) to:(and (in to (region-of side mover)) (empty to)) ${count})`);

  it("one move per origin and destination allowed, whoever owns the pieces; they pile up on the destination", () => {
    const g = refill();
    const s = at(g, { sites: { "store-w": seeds(5), b1: seeds(1), "store-e": seeds(3) } });
    expect(notations(g, s)).toEqual(["store-w-a1", "store-w-c1"]);
    const m = move(g, s, "store-w-c1");
    expect(m.actions).toEqual([{ op: "transfer", from: "store-w", to: "c1", count: 2 }]);
    const t = play(g, s, "store-w-c1");
    expect(heights(g, t, ["store-w", "a1", "b1", "c1"])).toBe("store-w:3 a1:0 b1:1 c1:2");
    expect(site(g, t, "c1")?.owner).toBeUndefined();
    // P2 carries from its own store, into its own row.
    expect(notations(g, t)).toEqual(["store-e-a2", "store-e-b2", "store-e-c2"]);
  });

  it("no move when the origin holds fewer than count:, nor with a count below 1; without count: the whole pile goes", () => {
    const g = refill();
    expect(notations(g, at(g, { sites: { "store-w": seeds(1) } }))).toEqual([]);
    const none = refill("count:0");
    expect(notations(none, at(none, { sites: { "store-w": seeds(4) } }))).toEqual([]);
    const all = refill("");
    expect(heights(all, play(all, at(all, { sites: { "store-w": seeds(4) } }), "store-w-b1"), ["store-w", "b1"])).toBe("store-w:0 b1:4");
  });

  it("reads the pile it takes from in from: and count:, and the number carried as (count) in then:", () => {
    // Half a pit's seeds (rounded down) to the pit across; then: counts what was carried.
    const g = mancala("(transfer from:(in from (region-of side mover)) to:(same-site to (ahead from N)) count:(div (count from) 2) then:{(counter-add moved (count))})", "(counter moved)");
    const s = at(g, { sites: { a1: seeds(5), c1: seeds(1) } });
    expect(notations(g, s)).toEqual(["a1-a2"]);
    const t = play(g, s, "a1-a2");
    expect(heights(g, t, ["a1", "a2"])).toBe("a1:3 a2:2");
    expect(counter(g, t, "moved")).toBe(2);
  });
});

describe("(first-along TRACK SITE COND): the first site along a track where a condition holds", () => {
  const g = mancala("(transfer from:(same-site from (site-of (region-of store mover))) to:(same-site to (first-along cw c1 (empty site))) count:1)");

  it("starts at the site itself, goes on along the track and round it", () => {
    expect(notations(g, at(g, { sites: { "store-w": seeds(3) } }))).toEqual(["store-w-c1"]);
    expect(notations(g, at(g, { sites: { "store-w": seeds(3), c1: seeds(1), b1: seeds(1) } }))).toEqual(["store-w-a1"]);
    // The bottom row full: on round the loop into the top row.
    expect(notations(g, at(g, { sites: { "store-w": seeds(3), a1: seeds(1), b1: seeds(1), c1: seeds(1) } }))).toEqual(["store-w-a2"]);
  });

  it("is no site when no site of the track qualifies, so a rule about it is false", () => {
    const full = Object.fromEntries(["a1", "b1", "c1", "a2", "b2", "c2"].map((l) => [l, seeds(1)]));
    expect(notations(g, at(g, { sites: { "store-w": seeds(3), ...full } }))).toEqual([]);
  });

  it("an open track is gone round from its end back to its start", () => {
    const open = build({
      board: "(square 4 1)",
      items: "(track row {(path a1 d1)})",
      play: "(add piece:man to:(same-site to (first-along row c1 (empty site))))",
    });
    expect(notations(open, at(open, { sites: { c1: { piece: "man", owner: "P2" }, d1: { piece: "man", owner: "P2" } } }))).toEqual(["*a1"]);
  });
});

describe("(on-path SITE): the sites the move being made went over", () => {
  it("a sowing's path is every pit that got a seed, round the track however many laps, not the pit sown from", () => {
    const g = mancala("(sow ccw then:{(forall (on-path site) {(mark reached site mover)})})", "(marker reached)");
    // b1's 3 seeds: c1, c2, b2.
    expect(marked(g, play(g, at(g, { sites: { b1: seeds(3) } }), "b1"), 0, 0)).toEqual(["c1", "b2", "c2"]);
    // 7 seeds from a1: the five other pits, then a1 itself and b1 again.
    expect(marked(g, play(g, at(g, { sites: { a1: seeds(7) } }), "a1"), 0, 0)).toEqual(["a1", "b1", "c1", "a2", "b2", "c2"]);
  });

  it("a move along a track's path runs from the site after its origin to where it lands; a race piece wins by passing a door", () => {
    const g = build({
      board: "(square 6 1)",
      items: "(track road {(path a1 f1)}) (counter door)",
      play: "(move-along road steps:3 then:{(when (on-path c1) then:{(counter-add door 1)})})",
      end: "(if (> (counter door) 0) (win mover))",
    });
    const passes = play(g, at(g, { sites: { a1: { piece: "man", owner: "P1" } } }), "a1-d1");
    expect(passes.over).toBe(true);
    const lands = play(g, at(g, { sites: { b1: { piece: "man", owner: "P1" } } }), "b1-e1");
    expect(lands.over).toBe(true);
    // From c1 itself: the origin is not on the path.
    const leaves = play(g, at(g, { sites: { c1: { piece: "man", owner: "P1" } }, mover: "P1" }), "c1-f1");
    expect(leaves.over).toBe(false);
  });

  it("a slide's path runs from the site after its origin to where it lands, along its line", () => {
    const g = build({
      board: "(square 5 5 diagonals:all)",
      items: "(piece disc)",
      play: "(slide range:3 through:(empty site) to:(empty to) then:{(forall (and (on-path site) (not (same-site site to))) {(put site disc neutral)}) (put from disc neutral)})",
    });
    const s = play(g, at(g, { sites: { a1: { piece: "man", owner: "P1" } } }), "a1-d4");
    expect(["a1", "b2", "c3"].map((l) => site(g, s, l)?.piece)).toEqual(["disc", "disc", "disc"]);
    expect(site(g, s, "d4")?.piece).toBe("man");
    expect(g.topology.labels.filter((l) => site(g, s, l)?.piece === "disc").length).toBe(3);
  });

  it("is refused outside a move's consequences, and in those of a move that records no path (M004)", () => {
    const d = onlyError(text({ play: "(add piece:man to:(empty to))", end: "(if (on-path a1) draw)" }), "M004", "(on-path a1)");
    expect(d.message).toMatch(/belongs in a move's consequences/);
    const step = onlyError(text({ play: "(step then:{(when (on-path a1) then:{(remove a1)})})" }), "M004", "(on-path a1)");
    expect(step.message).toMatch(/the then: of a \(sow \.\.\.\), \(move-along \.\.\.\) or \(slide \.\.\.\)/);
    // A sowing's from: is asked before it sows: no path yet.
    onlyError(text({ board: "(mancala 1 4)", items: "(piece seed) (track t {(path a1 d1)} loop:true)", play: "(sow t from:(on-path a1))" }), "M004", "(on-path a1)");
  });
});

describe("(sow ... per-pit:N): several seeds into each pit", () => {
  const sowing = (perPit: string) => mancala(`(sow ccw per-pit:${perPit})`);

  it("drops N seeds into each pit, the last taking what is left", () => {
    const g = sowing("4");
    expect(heights(g, play(g, at(g, { sites: { a1: seeds(4) } }), "a1"), ["a1", "b1", "c1"])).toBe("a1:0 b1:4 c1:0");
    const s = play(g, at(g, { sites: { a1: seeds(6) } }), "a1");
    expect(heights(g, s, ["a1", "b1", "c1", "c2"])).toBe("a1:0 b1:4 c1:2 c2:0");
    expect(move(g, at(g, { sites: { a1: seeds(6) } }), "a1").to).toBe("c1");
  });

  it("reads each pit as it was before the sowing (to), and takes less than one as one", () => {
    const g = sowing("(if-int (empty to) 2 1)");
    // b1 holds a seed (one more), c1 and c2 are empty (two each).
    const s = play(g, at(g, { sites: { a1: seeds(5), b1: seeds(1) } }), "a1");
    expect(heights(g, s, ["a1", "b1", "c1", "c2"])).toBe("a1:0 b1:2 c1:2 c2:2");
    const zero = sowing("0");
    expect(heights(zero, play(zero, at(zero, { sites: { a1: seeds(2) } }), "a1"), ["b1", "c1"])).toBe("b1:1 c1:1");
  });
});

describe("(sow ... count:N): only some of the pit's seeds sown", () => {
  it("sows that many, leaves the rest in the pit for the consequences; none sown, the pit is the last", () => {
    // Khutka Boia's debt: one seed of the pit sown from goes to the other player's store.
    const g = mancala("(sow ccw from:(in from (region-of side mover)) count:(- (count from) 1) then:{(move-pieces from (site-of (region-of store next)) count:1)})");
    const s = play(g, at(g, { sites: { a1: seeds(3), b1: seeds(1) } }), "a1");
    expect(heights(g, s, ["a1", "b1", "c1", "c2", "store-e"])).toBe("a1:0 b1:2 c1:1 c2:0 store-e:1");
    expect(move(g, at(g, { sites: { a1: seeds(3) } }), "a1").to).toBe("c1");
    // b1's one seed goes to the store and nothing is sown; more than the pit holds sows what it holds.
    const one = at(g, { sites: { a1: seeds(2), b1: seeds(1) } });
    expect(notations(g, one)).toEqual(["a1", "b1"]);
    expect(move(g, one, "b1").to).toBe("b1");
    expect(heights(g, play(g, one, "b1"), ["a1", "b1", "c1", "store-e"])).toBe("a1:2 b1:0 c1:0 store-e:1");
    const all = mancala("(sow ccw from:(in from (region-of side mover)) count:9)");
    expect(heights(all, play(all, at(all, { sites: { a1: seeds(2) } }), "a1"), ["a1", "b1", "c1"])).toBe("a1:0 b1:1 c1:1");
  });
});

describe("(distance A B along:TRACK): how far on along a track a site comes", () => {
  /** A placement that sets counter d to the expression, `to` being the site placed on. */
  const counted = (expr: string) =>
    build({ board: "(square 6 1)", items: "(track loop {(path a1 f1)} loop:true) (track line {(path a1 f1)}) (counter d)", play: `(add piece:man to:(empty to) then:{(counter-set d ${expr})})` });
  const after = (g: Game, label: string) => counter(g, play(g, at(g, {}), `*${label}`), "d");

  it("counts positions forward, round a loop; 0 from a site to itself", () => {
    const g = counted("(distance b1 to along:loop)");
    expect(after(g, "e1")).toBe(3);
    expect(after(g, "a1")).toBe(5);
    expect(after(g, "b1")).toBe(0);
  });

  it("never comes behind on an open track: 1000000", () => {
    const g = counted("(distance b1 to along:line)");
    expect(after(g, "e1")).toBe(3);
    expect(after(g, "a1")).toBe(1000000);
  });

  it("is refused with both along: and dirs:", () => {
    onlyError(text({ board: "(square 6 1)", items: "(track loop {(path a1 f1)} loop:true) (counter d)", play: "(add piece:man to:(empty to) then:{(counter-set d (distance a1 to along:loop dirs:{E}))})" }), "S001", "{E}");
  });
});
