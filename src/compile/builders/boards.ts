/**
 * Builders of the `board` category: board shapes, built into a topology (a graph of sites).
 */
import { mancalaBoard } from "../../engine/board/mancala-board.js";
import { hexBoard, squareBoard, type HexLayout, type HexShape, type SquareDiagonals } from "../../engine/board/boards.js";
import { siteIndex, type Topology } from "../../engine/board/topology.js";
import { boardOfGraph, concentricPolygonsGraph, merged, planeGraph, transformed, wedgeGraph, withLines, without, type PlaneGraph } from "../../engine/board/board-ops.js";
import { graphBoard, GraphBoardError, latticePosition, type GraphPoint } from "../../engine/board/graph-board.js";
import { isNode, type CompileContext, type IrNode } from "../context.js";
import { starBoard } from "../../engine/board/star.js";
import { cellsOfPoints, triCellsBoard } from "../../engine/board/tri-cells.js";
import { concentricBoard, concentricProblem } from "../../engine/board/concentric.js";
import { spiralBoard, spiralProblem } from "../../engine/board/spiral.js";
import { MAX_SITES } from "../../limits.js";
import type { Json } from "../../lang/bind.js";
import { compileRegion } from "./regions.js";

export const boardBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => Topology> = {
  square: (n, ptr, cx) => {
    const cols = n.cols as number, rows = n.rows as number;
    if (tooLarge(cols * rows, ptr, cx)) return placeholder();
    const diagonals = ((n.diagonals as string | undefined) ?? "none") as SquareDiagonals;
    const full = squareBoard(cols, rows, diagonals);
    if (n.holes === undefined) return full;
    const holes = holeLabels(full, n.holes, `${ptr}/holes`, cx);
    if (holes.size >= full.n) {
      cx.fail("M004", "the holes leave no site on the board", `${ptr}/holes`, "a region that keeps some sites of the grid");
      return full;
    }
    return squareBoard(cols, rows, diagonals, holes);
  },
  hex: (n, ptr, cx) => {
    const size = n.size as number;
    const shape = ((n.shape as string | undefined) ?? "hexagon") as HexShape;
    const rows = (n.rows as number | undefined) ?? size;
    if (n.rows !== undefined && shape !== "rectangle") cx.fail("M004", "rows: is for a rectangle of cells", `${ptr}/rows`, "shape:rectangle, or no rows:");
    if (tooLarge(shape === "rectangle" ? size * rows : hexSites(size, shape), ptr, cx)) return placeholder();
    return hexBoard(size, ((n.layout as string | undefined) ?? "rows") as HexLayout, n.dirs as string[] | undefined, shape, rows, n.diagonals === true);
  },
  tri: (n, ptr, cx) => {
    // Points of a triangular grid: the graph of hexagonal cells, drawn as points joined by lines
    // (the triangles between them are the board's faces, with places:{faces}).
    const size = n.size as number;
    const shape = ((n.shape as string | undefined) ?? "triangle") as HexShape;
    const cells = n.on === "cells";
    if (!cells && n.holes !== undefined) cx.fail("M004", "holes: is for a board of cells", `${ptr}/holes`, "on:cells, or (without (tri ...) SITES) to leave points out");
    if (cells && n.dirs !== undefined) cx.fail("M004", "dirs: renames the directions of a board of points; a board of cells has its own", `${ptr}/dirs`, "no dirs:, or on:points");
    if (tooLarge(hexSites(size, shape), ptr, cx)) return placeholder();
    const points = { ...hexBoard(size, "rows", cells ? undefined : (n.dirs as string[] | undefined), shape), shape: "tri" };
    if (!cells) return points;
    // Cells: the little triangles between the points (x in half sides, rows from the top), about twice as many.
    const grid = Array.from({ length: points.n }, (_, i) => ({ x: points.drawX[i]!, row: points.drawY[i]! }));
    const triangles = cellsOfPoints(grid);
    if (tooLarge(triangles.length, ptr, cx)) return placeholder();
    const full = triCellsBoard(triangles);
    if (n.holes === undefined) return full;
    const holes = holeLabels(full, n.holes, `${ptr}/holes`, cx);
    if (holes.size >= full.n) {
      cx.fail("M004", "the holes leave no cell on the board", `${ptr}/holes`, "a region that keeps some cells");
      return full;
    }
    return triCellsBoard(triangles, holes);
  },
  merge: (n, ptr, cx) => graphOperation(() => boardOfGraph(planeOf(n, ptr, cx)), ptr, cx),
  moved: (n, ptr, cx) => graphOperation(() => boardOfGraph(planeOf(n, ptr, cx)), ptr, cx),
  without: (n, ptr, cx) => {
    const operand = n.board as IrNode;
    const board = isNode(operand) && boardBuilders[operand.ludeme] ? boardBuilders[operand.ludeme]!(operand, `${ptr}/board`, cx) : placeholder();
    const gone = new Set([...holeLabels(board, n.sites!, `${ptr}/sites`, cx)].map((l) => siteIndex(board, l)));
    if (gone.size >= board.n) {
      cx.fail("M004", "nothing of the board is left", `${ptr}/sites`, "sites that leave some of the board");
      return board;
    }
    return graphOperation(() => boardOfGraph(without(planeGraph(board), gone)), ptr, cx);
  },
  "with-lines": (n, ptr, cx) => {
    const operand = n.board as IrNode;
    const board = isNode(operand) && boardBuilders[operand.ludeme] ? boardBuilders[operand.ludeme]!(operand, `${ptr}/board`, cx) : placeholder();
    const joins = linePairs(n, ptr, cx, board, (a, b, _from, to, at) => {
      if (a !== b) return true;
      cx.fail("M004", `a line joins ${to} to itself`, at, "two different points");
      return false;
    });
    return graphOperation(() => keepCorners(board, boardOfGraph(withLines(planeGraph(board), joins))), ptr, cx);
  },
  "without-lines": (n, ptr, cx) => {
    const operand = n.board as IrNode;
    const board = isNode(operand) && boardBuilders[operand.ludeme] ? boardBuilders[operand.ludeme]!(operand, `${ptr}/board`, cx) : placeholder();
    const plane = planeGraph(board);
    const joined = (a: number, b: number) => plane.joins.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
    const gone = linePairs(n, ptr, cx, board, (a, b, from, to, at) => {
      if (joined(a, b)) return true;
      cx.fail("M004", `no line of the board joins ${from} and ${to}`, at, "two points next to each other along a line");
      return false;
    });
    const removed = (x: number, y: number) => gone.some(([a, b]) => (a === x && b === y) || (a === y && b === x));
    return graphOperation(() => keepCorners(board, boardOfGraph({ points: plane.points, joins: plane.joins.filter(([x, y]) => !removed(x, y)) })), ptr, cx);
  },
  wedge: (n, ptr, cx) => {
    const rows = n.rows as number, columns = (n.columns as number | undefined) ?? 3;
    if (tooLarge(1 + (rows - 1) * columns, ptr, cx)) return placeholder();
    return graphOperation(() => boardOfGraph(wedgeGraph(rows, columns)), ptr, cx);
  },
  "concentric-polygons": (n, ptr, cx) => {
    const sides = n.sides as number, rings = n.rings as number, midpoints = n.midpoints !== false;
    if (tooLarge(rings * sides * (midpoints ? 2 : 1), ptr, cx)) return placeholder();
    const graph = concentricPolygonsGraph(sides, rings, midpoints, n["join-midpoints"] !== false, n["join-corners"] === true);
    return graphOperation(() => boardOfGraph(graph), ptr, cx);
  },
  graph: (n, ptr, cx) => (tooLarge((n.points as string[]).length, ptr, cx) ? placeholder() : compileGraphBoard(n, ptr, cx)),
  mancala: (n, ptr, cx) => {
    const rows = n.rows as number, cols = n.cols as number;
    return tooLarge(rows * cols + 2, ptr, cx) ? placeholder() : mancalaBoard(rows, cols, n.stores === true);
  },
  spiral: (n, ptr, cx) => {
    const turns = n.turns as number, sites = n.sites as number;
    const problem = spiralProblem(turns, sites);
    if (problem) {
      cx.fail("M004", problem, `${ptr}/sites`, `at least ${6 * turns} points for ${turns} turns`);
      return placeholder();
    }
    if (tooLarge(sites, ptr, cx)) return placeholder();
    return graphOperation(() => spiralBoard(turns, sites), ptr, cx);
  },
  wheel: (n, ptr, cx) => {
    const rings = n.rings as number[];
    const problem = concentricProblem(rings);
    if (problem) {
      cx.fail("M004", problem, `${ptr}/rings`, "a centre (1) or rings of 3 points or more, each a multiple of the one inside it, e.g. {1 8}");
      return placeholder();
    }
    if (tooLarge(rings.reduce((a, b) => a + b, 0), ptr, cx)) return placeholder();
    try {
      return concentricBoard(rings);
    } catch (e) {
      cx.fail("M004", (e as Error).message, `${ptr}/rings`);
      return placeholder();
    }
  },
  star: (n, ptr, cx) => {
    const size = n.size as number;
    // Six points of size(size+1)/2 cells around a hexagon of side size+1.
    if (tooLarge(3 * size * (size + 1) + 3 * (size + 1) * size + 1, ptr, cx)) return placeholder();
    return starBoard(size);
  },
};

/**
 * Refuses a board of more than MAX_SITES sites before building it (building a huge one would
 * exhaust memory); the caller then builds a placeholder so that compilation can go on reporting.
 */
export function tooLarge(sites: number, ptr: string, cx: CompileContext): boolean {
  if (sites <= MAX_SITES) return false;
  cx.fail("M005", `the board would have ${sites} sites, more than the ${MAX_SITES} a board may have`, ptr, `a board of at most ${MAX_SITES} sites`);
  return true;
}

const placeholder = (): Topology => squareBoard(1, 1, "none");

/**
 * `(graph points lines at:)`: checks the points (distinct labels, positions from lattice labels or
 * `at:`) and the lines (known points), then builds the board; a join the board cannot give a
 * direction of its own is reported where it is written and left out.
 */
function compileGraphBoard(n: IrNode, ptr: string, cx: CompileContext): Topology {
  const labels = n.points as string[];
  const at = n.at as number[][] | undefined;
  const points: GraphPoint[] = [];
  const index = new Map<string, number>();
  /** Points already reported (lines naming them are not reported again). */
  const reported = new Set<string>();
  labels.forEach((label, i) => {
    const key = label.toLowerCase();
    const fail = (...args: Parameters<CompileContext["fail"]>) => {
      reported.add(key);
      cx.fail(...args);
    };
    if (index.has(key)) return cx.fail("M003", `the point '${label}' is listed twice`, `${ptr}/points/${i}`);
    let pos: { x: number; y: number } | null;
    if (at) {
      const xy = at[i];
      pos = xy && xy.length === 2 ? { x: xy[0]!, y: xy[1]! } : null;
      if (!pos && xy) return fail("M004", `the position of '${label}' is not two numbers`, `${ptr}/at/${i}`, "{x y}");
      if (!pos) return fail("M004", `no position for the point '${label}' (${labels.length} points, ${at.length} positions)`, `${ptr}/at`, "one {x y} per point, in the order of the points");
    } else {
      pos = latticePosition(label);
      if (!pos) return fail("M004", `'${label}' is not a lattice label (letters, then a row number), and no at: gives the points' positions`, `${ptr}/points/${i}`, "a label such as a1 or d7, or positions given with at:{{x y} ...}");
    }
    const clash = points.find((p) => p.x === pos!.x && p.y === pos!.y);
    if (clash) return fail("M003", `'${label}' and '${clash.label}' stand at the same place`, at ? `${ptr}/at/${i}` : `${ptr}/points/${i}`);
    index.set(key, points.length);
    points.push({ label, ...pos });
  });
  if (at && at.length > labels.length) cx.fail("M004", `${at.length} positions for ${labels.length} points`, `${ptr}/at`, "one {x y} per point, in the order of the points");
  const joins: [number, number][] = [];
  const joinPtrs: string[] = [];
  (n.lines as string[][]).forEach((line, i) => {
    if (line.length < 2) return cx.fail("M004", "a line joins at least two points", `${ptr}/lines/${i}`, "{a1 d1 g1}");
    const ids = line.map((label, j) => {
      const id = index.get(label.toLowerCase());
      if (id === undefined && !reported.has(label.toLowerCase())) cx.fail("M001", `the line names '${label}', which is not one of the board's points`, `${ptr}/lines/${i}/${j}`, "a label listed in the points");
      return id;
    });
    for (let j = 1; j < ids.length; j++) {
      const a = ids[j - 1], b = ids[j];
      if (a === undefined || b === undefined) continue;
      joins.push([a, b]);
      joinPtrs.push(`${ptr}/lines/${i}/${j}`);
    }
  });
  for (;;) {
    try {
      return graphBoard(points, joins);
    } catch (e) {
      if (!(e instanceof GraphBoardError)) throw e;
      cx.fail("M004", e.message, joinPtrs[e.join]!);
      joins.splice(e.join, 1);
      joinPtrs.splice(e.join, 1);
    }
  }
}

/**
 * The labels of a `holes:` region, read on the whole grid (its labels and regions: `all`, `edge`,
 * `corners` ...); a label that is not on the grid is an error there.
 */
function holeLabels(full: Topology, region: Json, ptr: string, cx: CompileContext): Set<string> {
  const saved = cx.regions;
  cx.topology = full;
  cx.regions = new Map(full.regions);
  try {
    return new Set(Array.from(compileRegion(region, ptr, cx), (s) => full.labels[s]!.toLowerCase()));
  } finally {
    cx.topology = undefined;
    cx.regions = saved;
  }
}

/**
 * A board given to an operation, as points and lines on the plane. Merged and moved boards keep
 * where the operations put them (a board built from them would start again at its corner); any
 * other board is taken as drawn, its shortest line one unit long.
 */
function planeOf(v: IrNode, ptr: string, cx: CompileContext): PlaneGraph {
  if (!isNode(v)) return planeGraph(placeholder());
  if (v.ludeme === "merge") return merged((v.boards as IrNode[]).map((b, i) => planeOf(b, `${ptr}/boards/${i}`, cx)));
  if (v.ludeme === "moved") {
    const g = planeOf(v.board as IrNode, `${ptr}/board`, cx);
    const scale = (v.scale as number | undefined) ?? 1, turn = (((v.rotate as number | undefined) ?? 0) * Math.PI) / 180;
    const shift = (v.shift as number[] | undefined) ?? [0, 0];
    if (shift.length !== 2) cx.fail("M002", "shift: takes two numbers, across and up", `${ptr}/shift`, "{2 0}");
    const [dx = 0, dy = 0] = shift;
    // Scaled, then turned anticlockwise about the origin, then shifted: in units of the board's lines.
    return transformed(g, (x, y) => [scale * (x * Math.cos(turn) - y * Math.sin(turn)) + dx, scale * (x * Math.sin(turn) + y * Math.cos(turn)) + dy]);
  }
  return planeGraph(boardBuilders[v.ludeme] ? boardBuilders[v.ludeme]!(v, ptr, cx) : placeholder());
}

/** The board an operation makes, or the reason it makes none (two lines of a point one way). */
/**
 * A board with lines drawn on it or taken away keeps the corners it had: a corner given a diagonal has
 * more neighbours, but is still the corner (`corners` of a board made of lines is otherwise the points
 * with the fewest neighbours, which lines added elsewhere would change).
 */
function keepCorners(before: Topology, after: Topology): Topology {
  const corners = before.regions.get("corners");
  if (!corners || after.n !== before.n) return after;
  const mapped = Array.from(corners, (i) => siteIndex(after, before.labels[i]!));
  if (mapped.some((x) => x < 0)) return after;
  return { ...after, regions: new Map(after.regions).set("corners", Int32Array.from(mapped).sort()) };
}

function graphOperation(make: () => Topology, ptr: string, cx: CompileContext): Topology {
  try {
    const board = make();
    if (tooLarge(board.n, ptr, cx)) return placeholder();
    return board;
  } catch (e) {
    if (!(e instanceof GraphBoardError)) throw e;
    cx.fail("M004", `the board made has lines that cannot be told apart by compass direction: ${e.message}`, ptr, "lines of a point at least 22.5 degrees apart");
    return placeholder();
  }
}

/** The sites of a hexagonal lattice board of this size and outline (cells of `hex`, points of `tri`). */
function hexSites(size: number, shape: HexShape): number {
  return { rectangle: size * size, rhombus: size * size, triangle: (size * (size + 1)) / 2, limping: 3 * size * size, hexagon: 3 * size * (size - 1) + 1 }[shape];
}

/**
 * The `lines:` of `with-lines` and `without-lines`, each a chain of the board's points, as the pairs
 * of points one after the other that `keep` accepts (it reports what it refuses, at `at`); a point
 * the board lacks, or a chain of one point, is reported here.
 */
function linePairs(
  n: IrNode,
  ptr: string,
  cx: CompileContext,
  board: Topology,
  keep: (a: number, b: number, fromLabel: string, toLabel: string, at: string) => boolean,
): [number, number][] {
  const pairs: [number, number][] = [];
  (n.lines as string[][]).forEach((chain, i) => {
    const sites = chain.map((label, j) => {
      const site = siteIndex(board, label);
      if (site < 0) cx.fail("M001", `the board has no point '${label}'`, `${ptr}/lines/${i}/${j}`, `points such as ${board.labels.slice(0, 3).join(" ")}`);
      return site;
    });
    if (chain.length < 2) cx.fail("M004", "a line needs two points at least", `${ptr}/lines/${i}`, "{a1 c3}, or a chain {a1 b2 c3}");
    for (let k = 1; k < sites.length; k++) {
      const [a, b] = [sites[k - 1]!, sites[k]!];
      if (a >= 0 && b >= 0 && keep(a, b, chain[k - 1]!, chain[k]!, `${ptr}/lines/${i}/${k}`)) pairs.push([a, b]);
    }
  });
  return pairs;
}
