/**
 * Text rendering of a position for the terminal. Sites are drawn where the board builder placed
 * them, so the same code draws square, alquerque and hex boards.
 *
 * A piece is its type's symbol (by default its first letter), lower case for P1 and upper case for P2 (with more
 * players, the seat number before a lower-case letter); a stack's height follows the letter, and
 * its flags follow in brackets by their first letters: `m2[kb]` is a red two-stack, king and
 * blessed. A face-down piece the viewer cannot identify is `?`, a neutral piece `#`, an empty site `.`, an empty site in a marker set (e.g. a
 * starting point) `*`. Boards without straight axes get a map of the site labels beside them (below
 * them when side by side would not fit the screen width). boardLegend (legend.ts) explains the symbols.
 *
 * Also here: the status line (scores, supplies and the counters a description shows) and the end
 * of a game (why it ended, who won, the final ranking or scores), as text and as plain data.
 */
import type { Game } from "../engine/play/game.js";
import { EMPTY, NEUTRAL, UNKNOWN_OWNER, type State } from "../engine/state/state.js";
import { CELLS_BY_DEFAULT, least, most, type Topology } from "../engine/board/topology.js";
import { gameOverText, hasScores } from "./end.js";
import { seatLabel, seatName } from "./seats.js";

export { endInfo, gameOverText, hasScores, type EndInfo } from "./end.js";
export { seatLabel, seatName, sideText } from "./seats.js";

export function pieceSymbol(game: Game, s: State, site: number): string {
  const owner = s.owner[site]!;
  if (owner === EMPTY) return isMarked(s, site) ? "*" : ".";
  // Neutral pieces: a block, or a pile of seeds, shown by its count.
  if (owner === NEUTRAL) return game.def.presentation.stacks ? String(s.height[site]) : "#";
  if (owner === UNKNOWN_OWNER) return "?";
  const type = game.def.pieces[s.piece[site]!]!;
  let sym = type.symbol;
  if (type.symbols) sym = type.symbols[owner] ?? sym;
  else if (game.playerCount === 2) sym = owner === 0 ? sym.toLowerCase() : sym.toUpperCase();
  else sym = `${owner + 1}${sym.toLowerCase()}`;
  const h = s.height[site]!;
  if (h > 1) sym += h;
  const shown = s.flags[site]! & ~game.def.internalFlags;
  const flags = game.def.flags.filter((_, bit) => shown & (1 << bit)).map((f) => f[0]!);
  if (flags.length) sym += `[${flags.join("")}]`;
  return sym;
}

/** A site some marker (starting points, say) marks for any player. */
export function isMarked(s: State, site: number): boolean {
  const { sites } = s.shape;
  for (let i = site; i < s.markers.length; i += sites) if (s.markers[i]) return true;
  return false;
}

interface Layout {
  /** Characters per drawing unit, and the width of every site's text. */
  unit: number;
  width: number;
}

/**
 * Picks the horizontal unit so that neighbouring sites of one text row have room for both their
 * texts (each centred on its site) and a space: a long text standing apart (a mancala's store)
 * widens nothing.
 */
function layout(topo: Topology, texts: string[]): Layout {
  const width = Math.max(1, ...texts.map((t) => t.length));
  const byRow = new Map<number, number[]>();
  for (let i = 0; i < topo.n; i++) {
    const row = byRow.get(topo.drawY[i]!) ?? [];
    row.push(i);
    byRow.set(topo.drawY[i]!, row);
  }
  let unit = 2;
  for (const sites of byRow.values()) {
    sites.sort((a, b) => topo.drawX[a]! - topo.drawX[b]!);
    for (let k = 1; k < sites.length; k++) {
      const a = sites[k - 1]!, b = sites[k]!, dx = topo.drawX[b]! - topo.drawX[a]!;
      if (dx > 0) unit = Math.max(unit, Math.ceil((texts[a]!.length + texts[b]!.length) / 2 + 1) / dx);
    }
  }
  return { width, unit: Math.ceil(unit) };
}

/**
 * Writes each text centred at its site's drawing position; returns the lines. Positions between
 * text rows and columns (the centre of a triangle, a board turned by 45 degrees) go to the nearest.
 */
function canvas(topo: Topology, texts: string[], { unit, width }: Layout): string[] {
  let maxX = 0, maxY = 0;
  for (let i = 0; i < topo.n; i++) {
    maxX = Math.max(maxX, Math.round(topo.drawX[i]! * unit));
    maxY = Math.max(maxY, Math.round(topo.drawY[i]!));
  }
  const lines = Array.from({ length: maxY + 1 }, () => Array.from({ length: maxX + width + 1 }, () => " "));
  for (let i = 0; i < topo.n; i++) {
    const t = texts[i]!;
    const x = Math.round(topo.drawX[i]! * unit) + Math.floor((width - t.length) / 2);
    for (let k = 0; k < t.length; k++) lines[Math.round(topo.drawY[i]!)]![x + k] = t[k]!;
  }
  return lines.map((l) => l.join("").trimEnd());
}

/** Terminal width the drawings keep within. */
export const SCREEN_WIDTH = 80;

/**
 * The board as text. Boards without straight axes get a map of their site labels beside them,
 * or below them when side by side would be wider than `width` columns.
 */
export function renderBoard(game: Game, s: State, { width = SCREEN_WIDTH }: { width?: number } = {}): string {
  const topo = textPlaces(game.topology);
  const texts = Array.from({ length: topo.n }, (_, i) => (topo.points !== undefined && i >= topo.points ? placeText(game, s, i) : pieceSymbol(game, s, i)));
  const board = canvas(topo, texts, layout(topo, texts));
  if (topo.shape.startsWith("square")) return withAxes(topo, board, layout(topo, texts));
  const labelTexts = [...topo.labels];
  const labels = canvas(topo, labelTexts, layout(topo, labelTexts));
  const boardWidth = Math.max(...board.map((l) => l.length));
  const gap = 5;
  if (boardWidth + gap + Math.max(...labels.map((l) => l.length)) > width) return [...board, "", ...labels].join("\n");
  return board.map((l, y) => `${l.padEnd(boardWidth)}${" ".repeat(gap)}${labels[y] ?? ""}`.trimEnd()).join("\n");
}

/**
 * The board with drawing positions a screen can hold. A board given by positions far apart (a
 * `graph` with `at:` in thousandths) would take a line of text per unit: its sites then stand in
 * the ranks of their distinct rows and columns instead, which keeps their order either way.
 */
function textPlaces(topo: Topology): Topology {
  const span = Math.max(most(topo.drawX) - least(topo.drawX), most(topo.drawY) - least(topo.drawY));
  if (span <= 4 * Math.max(topo.n, 8)) return topo;
  const ranks = (v: Float64Array) => {
    const rank = new Map([...new Set(v)].sort((a, b) => a - b).map((x, i) => [x, i]));
    return Float64Array.from(v, (x) => rank.get(x)!);
  };
  return { ...topo, drawX: ranks(topo.drawX), drawY: ranks(topo.drawY) };
}

/**
 * An edge or face of a board with places: blank while empty; a taken face its piece's symbol; a
 * taken edge a line, `-` or `|` -- along the line between its ends on a board of points (Dots and
 * Boxes), across it on a board of cells, where an edge is the side two cells share (a wall).
 */
function placeText(game: Game, s: State, site: number): string {
  const topo = game.topology;
  if (s.owner[site] === EMPTY) return " ";
  const { start, list } = topo.incident!;
  const a = list[start[site]!]!, b = list[start[site]! + 1]!;
  const isEdge = topo.regions.get("edges")?.includes(site) ?? false;
  if (!isEdge) return pieceSymbol(game, s, site);
  const level = topo.drawY[a] === topo.drawY[b];
  const cells = game.def.presentation.boardDrawing !== "points" && CELLS_BY_DEFAULT.includes(topo.shape);
  return level !== cells ? "-" : "|";
}

/** Row numbers on the left and file letters below, for boards labelled file+number on a lattice. */
function withAxes(topo: Topology, board: string[], { unit, width }: Layout): string {
  const rowOf = new Map<number, string>();
  const fileAt = new Map<number, string>();
  for (let i = 0; i < topo.n; i++) {
    const m = /^([a-z]+)(\d+)$/.exec(topo.labels[i]!);
    if (!m) continue;
    rowOf.set(topo.drawY[i]!, m[2]!);
    fileAt.set(topo.drawX[i]!, m[1]!);
  }
  const gutter = Math.max(0, ...[...rowOf.values()].map((r) => r.length));
  const lines = board.map((l, y) => `${(rowOf.get(y) ?? "").padStart(gutter)}  ${l}`.trimEnd());
  const axis: string[] = [];
  for (const [x, file] of fileAt) {
    const at = x * unit + Math.floor((width - file.length) / 2);
    while (axis.length < at + file.length) axis.push(" ");
    for (let k = 0; k < file.length; k++) axis[at + k] = file[k]!;
  }
  lines.push(`${" ".repeat(gutter)}  ${axis.join("")}`.trimEnd());
  return lines.join("\n");
}

/**
 * Whose turn it is, with scores, supplies and shown counters; or how the game ended. One line
 * when it fits `width`; otherwise the figures follow on lines of their own (many players).
 */
export function statusLine(game: Game, s: State, { width = SCREEN_WIDTH }: { width?: number } = {}): string {
  if (s.over) return gameOverText(game, s)[0]!;
  const turn = turnText(game, s);
  const figures = statusFigures(game, s);
  const oneLine = figures.length ? `${turn} [${figures.join("; ")}]` : turn;
  return oneLine.length <= width ? oneLine : [turn, ...figures.map((f) => `  ${f}`)].join("\n");
}

/** Whose turn it is (and which action of the turn, when a turn has several). */
export function turnText(game: Game, s: State): string {
  const action = s.actionsInTurn > 1 ? `, action ${s.actionInTurn} of ${s.actionsInTurn}` : "";
  // After a swap, who sits at the seat to act.
  const player = s.seatPlayer[s.mover]!;
  const sitting = player !== s.mover ? ` (played by player ${player + 1})` : "";
  return `Turn ${s.turn}: ${seatLabel(game, s.mover)} to ${s.rollDue ? "throw the dice" : "act"}${sitting}${action}.`;
}

/** The counters the description shows to players, under their labels; bookkeeping counters stay out of sight. */
export function shownCounters(game: Game, s: State): { label: string; value: number }[] {
  return game.def.presentation.counterLabels.flatMap((label, i) => (label === null ? [] : [{ label, value: s.counters[i]! }]));
}

/** Each player's hand: `White:pawn x2,rook Black:-`. */
function handText(game: Game, s: State): string {
  const types = game.def.pieces.length;
  return Array.from({ length: game.playerCount }, (_, p) => {
    const held = game.def.pieces.flatMap((x, t) => (s.hand[p * types + t]! > 0 ? [s.hand[p * types + t] === 1 ? x.name : `${x.name} x${s.hand[p * types + t]}`] : []));
    return `${seatName(game, p)}:${held.join(",") || "-"}`;
  }).join(" ");
}

/** Scores (when the rules keep them), supplies (when the game has one), hands and the shown counters. */
/** What the dice show, a used die in brackets, a die with two uses left doubled: `3 [5]`, `4 4 4 4`. */
export function diceText(s: State): string {
  return Array.from(s.dice, (v, d) => (s.diceLeft[d]! <= 0 ? `[${v}]` : Array.from({ length: s.diceLeft[d]! }, () => String(v)).join(" "))).join(" ");
}

function statusFigures(game: Game, s: State): string[] {
  const def = game.def;
  const perPlayer = (a: Float64Array) => Array.from(a, (v, p) => `${seatName(game, p)}:${v}`).join(" ");
  const out: string[] = [];
  if (hasScores(game, s)) out.push(`score ${perPlayer(s.score)}`);
  if (def.supplyTotal >= 0) out.push(`supply ${perPlayer(s.supply)}`);
  if (def.hand) out.push(`in hand ${handText(game, s)}`);
  if (def.dice && !s.rollDue) out.push(`dice ${diceText(s)}`);
  for (const c of shownCounters(game, s)) out.push(`${c.label} ${c.value}`);
  return out;
}

