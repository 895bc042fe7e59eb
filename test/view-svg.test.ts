/** The SVG board: every site and piece of every built-in game drawn, and exactly what the state holds. */
import { describe, expect, it } from "vitest";
import { builtinGameNames } from "../src/library/builtin.js";
import { compileGame, loadGame } from "../src/compile/index.js";
import { describeSite } from "../src/engine/state/position.js";
import { seededChooser } from "./support/random.js";
import { EMPTY } from "../src/engine/state/state.js";
import { renderBoardSvg } from "../src/view/svg.js";

/** The data attributes of every element with the given class, keyed by site. */
function elements(svg: string, cls: string): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const m of svg.matchAll(new RegExp(`<g class="${cls}(?: [^"]*)?"([^>]*)>`, "g"))) {
    const attrs = Object.fromEntries([...m[1]!.matchAll(/data-([a-z]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
    out.set(attrs.site!, attrs);
  }
  return out;
}

describe("renderBoardSvg", () => {
  for (const name of builtinGameNames()) {
    it(`${name}: draws every site, and every piece as the state has it, through a game`, () => {
      const g = loadGame(name);
      const s = g.newGame({ seed: 3 });
      const pick = seededChooser(1);
      for (let ply = 0; ply < 30 && !s.over; ply++) {
        const svg = renderBoardSvg(g, s);
        expect(elements(svg, "site").size).toBe(g.topology.n);
        const pieces = elements(svg, "piece");
        let occupied = 0;
        for (let i = 0; i < g.topology.n; i++) {
          if (s.owner[i] === EMPTY) continue;
          occupied++;
          const want = describeSite(g, s, i)!;
          const got = pieces.get(g.topology.labels[i]!)!;
          expect(got, g.topology.labels[i]).toBeDefined();
          expect({ owner: got.owner, piece: got.piece, height: Number(got.height) }).toEqual({ owner: want.owner, piece: want.piece, height: want.height });
        }
        expect(pieces.size).toBe(occupied);
        const buf = g.generate(s);
        if (buf.size === 0) break;
        g.applyRow(s, buf, pick(buf.size));
      }
    });
  }

  it("an observation's face-down pieces carry neither owner nor type", () => {
    const g = loadGame("blind-kings");
    const s = g.newGame({ seed: 1 });
    const svg = renderBoardSvg(g, g.observation(s, 0));
    const faceDown = [...svg.matchAll(/<g class="piece face-down"[^>]*>/g)].map((m) => m[0]);
    expect(faceDown.length).toBeGreaterThan(0);
    for (const el of faceDown) expect(el).not.toMatch(/data-owner|data-piece/);
    // and no piece type of the game is named anywhere in a face-down piece's drawing
    const types = g.def.pieces.map((p) => p.name);
    for (const m of svg.matchAll(/<g class="piece face-down".*?<\/g>/g)) for (const t of types) expect(m[0]).not.toContain(`"${t}"`);
  });

  describe("the board's drawn:", () => {
    const game = (board: string) => `(game "G" (players 2) (equipment {${board} (piece stone)}) (rules (start {}) (play (add piece:stone to:(empty to))) (end {})))`;
    const svgOf = (board: string) => {
      const r = compileGame(game(board), { file: "g.game" });
      expect(r.diagnostics).toEqual([]);
      const g = r.game!;
      return renderBoardSvg(g, g.newGame({ seed: 1 }));
    };
    const lines = (svg: string) => [...svg.matchAll(/<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"/g)].map((m) => m.slice(1).map(Number));

    it("points: a square grid ruled in rows and columns like a Go board, pieces on the crossings, no cells", () => {
      for (const board of ["(board (square 5 5) drawn:points)", "(board (square 5 5 diagonals:all) drawn:points)"]) {
        const svg = svgOf(board);
        expect(svg).toMatch(/class="board lines"/);
        expect(svg).not.toContain("<rect");
        const ruled = lines(svg);
        // 5 rows and 5 columns of 4 joins each; none slanting.
        expect(ruled).toHaveLength(40);
        for (const [x1, y1, x2, y2] of ruled) expect(x1 === x2 || y1 === y2).toBe(true);
      }
    });

    it("cells, or nothing said: squares and hexagons; a board without cells refuses drawn:cells", () => {
      expect(svgOf("(board (square 3 3) drawn:cells)")).toMatch(/class="board squares"/);
      expect(svgOf("(board (square 3 3))")).toMatch(/class="board squares"/);
      expect(svgOf("(board (hex 3) drawn:cells)")).toMatch(/class="board hexagons"/);
      // Hex grids in columns: points unless asked for cells, then flat-topped hexagons (a corner due east).
      expect(svgOf("(board (hex 3 layout:columns))")).toMatch(/class="board lines"/);
      const columns = svgOf("(board (hex 3 layout:columns) drawn:cells)");
      expect(columns).toMatch(/class="board hexagons"/);
      const [first] = [...columns.matchAll(/<polygon points="([^"]+)"/g)].map((m) => m[1]!.split(" ").map((p) => p.split(",").map(Number)));
      const [c0, , , c3] = first!;
      expect(c0![1]).toBeCloseTo(c3![1]!, 1); // corners 0 and 3 on one horizontal line
      const r = compileGame(game("(board (square 5 5 diagonals:alternating) drawn:cells)"), { file: "g.game" });
      expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([["M004", "a square-alternating board has no cells to draw"]]);
      expect(r.diagnostics[0]!.span?.line).toBe(1);
    });

    it("Gomoku is drawn on the points, as its board is", () => {
      const g = loadGame("gomoku");
      expect(renderBoardSvg(g, g.newGame({ seed: 1 }))).toMatch(/class="board lines"/);
    });
  });
});

describe("points, flags and the last move", () => {
  it("marks every point of a board of lines other than a grid's (Morris), none on a Go board's crossings", () => {
    const morris = loadGame("nine-mens-morris"), go = loadGame("go");
    expect(renderBoardSvg(morris, morris.newGame()).match(/class="point"/g)).toHaveLength(morris.topology.n);
    expect(renderBoardSvg(go, go.newGame())).not.toContain('class="point"');
  });

  it("rings each seat's own sites in its colour: Hex's two opposite sides for each player", () => {
    const hex = loadGame("hex"), go = loadGame("go");
    const svg = renderBoardSvg(hex, hex.newGame());
    // An 11 x 11 rhombus: two opposite sides of 11 cells a player.
    for (const seat of ["P1", "P2"]) expect(svg.match(new RegExp(`class="zone" data-seat="${seat}"`, "g"))).toHaveLength(22);
    expect(renderBoardSvg(go, go.newGame())).not.toContain('class="zone"');
  });

  it("draws a piece's flags as badges named by tooltips, and rings the last move's sites", () => {
    const chess = loadGame("chess");
    const svg = renderBoardSvg(chess, chess.newGame(), { lastMove: [0, 8] });
    // The four rooks and two kings, not yet moved: a badge each, titled with its flag.
    expect(svg.match(/<g class="flag"><title>unmoved<\/title>/g)).toHaveLength(6);
    expect(svg.match(/class="site last"/g)).toHaveLength(2);
  });
});

describe("mancala boards", () => {
  it("are drawn as a pit per site and the stores spanning the rows, each pit's seeds counted, without lines", () => {
    const g = loadGame("kalah");
    const svg = renderBoardSvg(g, g.newGame());
    expect(svg).toContain('class="board pits"');
    expect(svg.match(/<circle class="pit"/g)).toHaveLength(12);
    expect(svg.match(/<rect class="store"/g)).toHaveLength(2);
    expect(svg).not.toContain("<line");
    // Four seeds in a1: four drawn, and the count.
    const a1 = /<g class="piece neutral seeds" data-site="a1"[^>]*>(.*?)<\/g>/.exec(svg)![1]!;
    expect(a1.match(/class="seed"/g)).toHaveLength(4);
    expect(a1).toContain(">4</text>");
  });
});

describe("every board shape the language has", () => {
  const GRAPH = `(graph {a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7}
    lines:{{a7 d7 g7} {b6 d6 f6} {c5 d5 e5} {a4 b4 c4} {e4 f4 g4} {c3 d3 e3} {b2 d2 f2} {a1 d1 g1}
           {a1 a4 a7} {b2 b4 b6} {c3 c4 c5} {d1 d2 d3} {d5 d6 d7} {e3 e4 e5} {f2 f4 f6} {g1 g4 g7}})`;
  const boards = [
    "(square 6 5)",
    "(square 5 5 diagonals:all)",
    "(square 5 5 diagonals:alternating)",
    "(square 4 4 diagonals:centres)",
    "(square 5 5 holes:(sites {c3}))",
    "(hex 4 layout:rows)",
    "(hex 4 layout:columns)",
    "(hex 4 layout:columns) drawn:cells",
    "(hex 5 shape:rhombus layout:columns) drawn:cells",
    "(hex 5 shape:rhombus layout:rows)",
    "(hex 4 shape:triangle layout:rows) drawn:cells",
    "(hex 4 shape:triangle layout:columns)",
    "(hex 3 shape:limping layout:rows)",
    "(hex 3 shape:limping layout:columns) drawn:cells",
    "(hex 5 shape:rectangle rows:4 layout:rows) drawn:cells",
    "(hex 4 shape:rectangle rows:3 layout:columns)",
    "(wheel {1 8})",
    "(wheel {1 6 12})",
    "(tri 4)",
    "(tri 3 shape:hexagon)",
    "(tri 3) places:{edges faces}",
    "(square 4 3) drawn:points places:{edges faces}",
    "(square 4 4) places:{edges}",
    "(merge {(square 3 3) (moved (square 3 3) shift:{2 2})})",
    "(moved (square 3 3) rotate:45)",
    "(without (square 5 5) corners)",
    "(merge {(hex 2) (moved (hex 2) shift:{3 0})})",
    "(wedge 3)",
    "(spiral turns:4 sites:60)",
    "(wedge 4 2)",
    "(merge {(moved (square 5 5 diagonals:alternating) scale:2) (moved (wedge 3) shift:{2 -2}) (moved (wedge 3) rotate:180 shift:{6 10})})",
    "(with-lines (square 3 3) {{a1 c3} {a3 c1}})",
    "(wheel {4 8 8})",
    "(square 5 5 diagonals:all) drawn:points",
    "(star 3)",
    GRAPH,
  ];
  for (const board of boards) {
    it(`${board.split("\n")[0]}: every site once, inside the picture, none over another; lines exactly where pieces move`, () => {
      const [shape, ...rest] = board.startsWith("(graph") ? [board] : board.split(/ (?=drawn:|places:)/);
      const r = compileGame(`(game "G" (players 2) (equipment {(board ${shape} ${rest.join(" ")}) (piece stone)}) (rules (start {}) (play (add piece:stone to:(empty to))) (end {})))`, { file: "g.game" });
      expect(r.diagnostics).toEqual([]);
      const g = r.game!, t = g.topology;
      const svg = renderBoardSvg(g, g.newGame({ seed: 1 }));
      const [w, h] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!.slice(1).map(Number);
      const sites = [...svg.matchAll(/<g class="site[^"]*" data-site="([^"]+)"[^>]*><circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/g)].map((m) => ({ label: m[1]!, x: Number(m[2]), y: Number(m[3]), r: Number(m[4]) }));
      expect(sites.map((s) => s.label).sort()).toEqual([...t.labels].sort());
      for (const s of sites) {
        expect(s.x - s.r).toBeGreaterThanOrEqual(0);
        expect(s.y - s.r).toBeGreaterThanOrEqual(0);
        expect(s.x + s.r).toBeLessThanOrEqual(w!);
        expect(s.y + s.r).toBeLessThanOrEqual(h!);
      }
      for (let i = 0; i < sites.length; i++)
        for (let j = i + 1; j < sites.length; j++) expect(Math.hypot(sites[i]!.x - sites[j]!.x, sites[i]!.y - sites[j]!.y), `${sites[i]!.label} and ${sites[j]!.label}`).toBeGreaterThanOrEqual(sites[i]!.r * 2 - 0.1);
      if (/class="board lines"/.test(svg)) {
        // Each pair of sites a step joins, once (a wheel names its joins twice: by compass and by turning).
        const joins = new Set<number>();
        for (let d = 0; d < t.dirNames.length; d++) {
          if (board.includes("drawn:points") && t.dirNames[d]!.length === 2) continue; // a grid drawn as points: rows and columns only
          for (let i = 0; i < t.n; i++) {
            const j = t.step[d * t.n + i]!;
            if (j >= 0) joins.add(Math.min(i, j) * t.n + Math.max(i, j));
          }
        }
        expect(svg.match(/<line /g)?.length ?? 0).toBe(joins.size);
      }
    });
  }
});

describe("what a board shows beyond its pieces", () => {
  const siteAt = (svg: string, label: string) => {
    const m = new RegExp(`data-site="${label}"[^>]*><circle cx="([\\d.]+)" cy="([\\d.]+)"`).exec(svg.slice(svg.indexOf('<g class="sites">')))!;
    return { x: Number(m[1]), y: Number(m[2]) };
  };

  it("turned half round, the first seat's corner is at the top right", () => {
    const chess = loadGame("chess"), s = chess.newGame();
    const upright = renderBoardSvg(chess, s), turned = renderBoardSvg(chess, s, { flip: true });
    expect(siteAt(upright, "a1").y).toBeGreaterThan(siteAt(upright, "h8").y);
    expect(siteAt(turned, "a1").y).toBeLessThan(siteAt(turned, "h8").y);
    expect(siteAt(turned, "a1").x).toBeGreaterThan(siteAt(turned, "h8").x);
  });

  it("rings a king in check in red, and no piece when none is attacked", () => {
    const chess = loadGame("chess");
    let s = chess.newGame();
    expect(renderBoardSvg(chess, s)).not.toContain('class="check"');
    for (const n of ["e2-e4", "f7-f5", "d1-h5"]) s = chess.apply(s, chess.parseMove(s, n)!);
    const svg = renderBoardSvg(chess, s);
    expect(svg.match(/class="check"/g)).toHaveLength(1);
    const ring = /<circle class="check" cx="([\d.]+)" cy="([\d.]+)"/.exec(svg)!;
    expect({ x: Number(ring[1]), y: Number(ring[2]) }).toEqual(siteAt(svg, "e8"));
  });

  it("marks the sites the board's marked: names (a throne and its corners), and none on a board without", () => {
    const brandubh = loadGame("brandubh"), chess = loadGame("chess");
    expect(renderBoardSvg(brandubh, brandubh.newGame()).match(/class="mark"/g)).toHaveLength(5);
    expect(renderBoardSvg(chess, chess.newGame())).not.toContain('class="mark"');
    const made = compileGame('(game "M" (players 2) (equipment {(board (square 3 3) marked:(sites {a1 c3})) (piece man)}) (rules (start {}) (play (add piece:man to:(empty to))) (end {(if (no-moves next) draw)})))');
    expect(made.game && renderBoardSvg(made.game, made.game.newGame()).match(/class="mark"/g)).toHaveLength(2);
  });

  it("draws each player's hand in a tray, a piece of each type held with how many, as the state holds them", () => {
    const shogi = loadGame("shogi"), types = shogi.def.pieces.length;
    const choose = seededChooser(3);
    let s = shogi.newGame();
    while (!s.over && !s.hand.some((c) => c > 1)) {
      const legal = shogi.legalMoves(s);
      s = shogi.apply(s, legal.find((m) => m.captures?.length) ?? legal[choose(legal.length)]!);
    }
    const svg = renderBoardSvg(shogi, s, { handTargets: new Set(["pawn"]) });
    expect(svg.match(/<g class="hand" data-seat="P\d"/g)).toHaveLength(2);
    const drawn = [...svg.matchAll(/<g class="hand-piece[^"]*" data-hand="P(\d)" data-piece="([^"]+)" data-count="(\d+)"/g)].map((m) => `${m[1]}:${m[2]}:${m[3]}`).sort();
    const held = shogi.def.pieces.flatMap((t, i) => [0, 1].flatMap((p) => (s.hand[p * types + i]! > 0 ? [`${p + 1}:${t.name}:${s.hand[p * types + i]}`] : []))).sort();
    expect(drawn).toEqual(held);
    expect(held.length).toBeGreaterThan(0);
    // Trays below and above the board: the picture is taller than the board alone.
    const height = (v: string) => Number(/viewBox="0 0 [\d.]+ ([\d.]+)"/.exec(v)![1]);
    const chess = loadGame("chess");
    expect(height(svg)).toBeGreaterThan(height(renderBoardSvg(chess, chess.newGame())) + 50);
  });
});

describe("tracks", () => {
  it("draws the track of the seat to act, in its colour and in order, and a track every seat shares once", () => {
    const ur = loadGame("ur");
    let s = ur.newGame({ seed: 1 });
    if (ur.isChance(s)) s = ur.apply(s, ur.drawChance(s)!);
    const svg = renderBoardSvg(ur, s);
    const drawn = [...svg.matchAll(/<polyline class="track" data-seat="([^"]+)" data-track="([^"]+)" points="([^"]+)"/g)];
    expect(drawn.map((m) => m[1])).toEqual([`P${s.mover + 1}`]);
    // As many points as the track has sites, the first at its first site (P1's enters at d1).
    const track = ur.def.presentation.tracks.find((t) => t.seat === s.mover)!;
    expect(drawn[0]![3]!.split(" ")).toHaveLength(track.sites.length);
    const gyan = loadGame("gyan-chaupar");
    expect(renderBoardSvg(gyan, gyan.newGame({ seed: 1 })).match(/<polyline class="track" data-seat="all"/g)).toHaveLength(1);
  });
});
