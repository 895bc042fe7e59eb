/**
 * Text rendering of a position for the terminal. Sites are drawn at the positions the board
 * builder gave them, so the same code draws square, alquerque and hex boards. Pieces are shown by
 * the first letter of their type, lower case for P1, upper case for P2 (and a seat number before
 * the letter with more than two players); a stack's height follows the letter, and each flag adds
 * its first letter in brackets.
 */
import type { Game } from "../engine/game.js";
import { EMPTY, NEUTRAL, type State } from "../engine/state.js";

export function pieceSymbol(game: Game, s: State, site: number): string {
  const owner = s.owner[site]!;
  if (owner === EMPTY) return ".";
  const name = game.def.pieces[s.piece[site]!]!.name;
  let sym = name[0]!;
  if (owner === NEUTRAL) sym = "#";
  else if (game.playerCount === 2) sym = owner === 0 ? sym.toLowerCase() : sym.toUpperCase();
  else sym = `${owner + 1}${sym.toLowerCase()}`;
  const h = s.height[site]!;
  if (h > 1) sym += h;
  const shown = s.flags[site]! & ~game.def.internalFlags;
  const flags = game.def.flags.filter((_, bit) => shown & (1 << bit)).map((f) => f[0]!);
  if (flags.length) sym += `[${flags.join("")}]`;
  return sym;
}

export function renderBoard(game: Game, s: State): string {
  const topo = game.topology;
  const cells = Array.from({ length: topo.n }, (_, i) => pieceSymbol(game, s, i));
  const width = Math.max(2, ...cells.map((c) => c.length)) + 1;
  let maxX = 0, maxY = 0;
  for (let i = 0; i < topo.n; i++) {
    maxX = Math.max(maxX, topo.drawX[i]!);
    maxY = Math.max(maxY, topo.drawY[i]!);
  }
  const grid: string[][] = Array.from({ length: maxY + 1 }, () => Array.from({ length: maxX + 1 }, () => " ".repeat(width)));
  for (let i = 0; i < topo.n; i++) grid[topo.drawY[i]!]![topo.drawX[i]!] = cells[i]!.padStart(Math.ceil((width + cells[i]!.length) / 2)).padEnd(width);

  // Axis labels work when the labels follow file-letter + row-number on a lattice (square boards).
  const rowOf = new Map<number, string>();
  const colOf = new Map<number, string>();
  for (let i = 0; i < topo.n; i++) {
    const m = /^([a-z]+)(\d+)$/.exec(topo.labels[i]!);
    if (!m) continue;
    if (topo.shape.startsWith("square")) {
      rowOf.set(topo.drawY[i]!, m[2]!);
      colOf.set(topo.drawX[i]!, m[1]!);
    }
  }
  const gutter = Math.max(0, ...[...rowOf.values()].map((r) => r.length)) + 1;
  const lines = grid.map((row, y) => `${(rowOf.get(y) ?? "").padStart(gutter - 1)} ${row.join("")}`.trimEnd());
  if (colOf.size) {
    const axis = Array.from({ length: maxX + 1 }, (_, x) => (colOf.get(x) ?? "").padStart(Math.ceil((width + 1) / 2)).padEnd(width)).join("");
    lines.push(`${" ".repeat(gutter)}${axis}`.trimEnd());
  }
  if (!topo.shape.startsWith("square")) lines.push(legendOfLabels(game));
  return lines.join("\n");
}

/** For boards without straight axes (hex), the label layout, drawn once, so moves can be typed. */
function legendOfLabels(game: Game): string {
  const topo = game.topology;
  let maxX = 0, maxY = 0;
  for (let i = 0; i < topo.n; i++) {
    maxX = Math.max(maxX, topo.drawX[i]!);
    maxY = Math.max(maxY, topo.drawY[i]!);
  }
  const width = Math.max(...topo.labels.map((l) => l.length)) + 1;
  const grid: string[][] = Array.from({ length: maxY + 1 }, () => Array.from({ length: maxX + 1 }, () => " ".repeat(width)));
  for (let i = 0; i < topo.n; i++) grid[topo.drawY[i]!]![topo.drawX[i]!] = topo.labels[i]!.padEnd(width);
  return "\nsite labels:\n" + grid.map((r) => " " + r.join("").trimEnd()).filter((l) => l.trim()).join("\n");
}

/** One line about whose turn it is, or the result. */
export function statusLine(game: Game, s: State): string {
  const names = game.def.players.names;
  const seat = (p: number) => `P${p + 1}${names[p] && names[p] !== `P${p + 1}` ? ` (${names[p]})` : ""}`;
  if (s.over) {
    const w = game.winners(s)!;
    if (w.length === 0 || w.length === game.playerCount) return "Game over: draw.";
    return `Game over: ${w.map(seat).join(" and ")} ${w.length > 1 ? "share the win" : "wins"}.`;
  }
  const action = s.actionsInTurn > 1 ? `, action ${s.actionInTurn} of ${s.actionsInTurn}` : "";
  const counters = game.def.counters.map((c, i) => `${c} ${s.counters[i]}`).join(", ");
  return `Turn ${s.turn}: ${seat(s.mover)} to act${action}.${counters ? ` [${counters}]` : ""}`;
}
