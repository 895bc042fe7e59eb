/**
 * The legend of a text board: what each symbol means, derived from the compiled game (its piece
 * types and symbols, players, flags, markers, neutral and face-down pieces), so it fits any
 * description. See pieceSymbol in text.ts for the drawing rules it explains.
 */
import type { Game } from "../engine/play/game.js";
import { NEUTRAL, type State } from "../engine/state/state.js";
import { seatLabel } from "./seats.js";
import { SCREEN_WIDTH } from "./text.js";

/**
 * Lines explaining the symbols `renderBoard` uses for this game. With a state, stacks and neutral
 * pieces standing on its board are explained even where the rules alone do not show they occur.
 */
export function boardLegend(game: Game, s?: State): string[] {
  const def = game.def;
  const shown = def.presentation;
  const P = game.playerCount;
  const owned = def.pieces.filter((_, i) => !shown.neutralPieces.includes(i));
  // Pieces with a symbol per seat say whose they are themselves; the others by case or seat number.
  const lettered = owned.filter((p) => !p.symbols);
  const first = (lettered[0] ?? owned[0] ?? def.pieces[0])!.symbol.toLowerCase();
  const lines: string[] = [];

  if (lettered.length) {
    if (P === 2) lines.push(...wrap("Owners:", [`lower case = ${seatLabel(game, 0)}`, `upper case = ${seatLabel(game, 1)}`]));
    else lines.push(...wrap("Owners: the digit before the letter is the seat:", Array.from({ length: P }, (_, p) => `${p + 1}${first} = ${seatLabel(game, p)}`)));
  }
  lines.push(
    ...wrap(
      "Pieces:",
      owned.flatMap((p) => (p.symbols ? p.symbols.map((sym, seat) => `${sym} = ${seatLabel(game, seat)}'s ${p.name}`) : [`${p.symbol.toLowerCase()} = ${p.name}`])),
    ),
  );

  const stacked = shown.stacks || (s !== undefined && s.height.some((h) => h > 1));
  if (stacked) lines.push(`Stacks: a number after the letter is the height (${first}3 = a stack of 3)`);

  const flags = def.flags.flatMap((name, bit) => ((def.internalFlags >> bit) & 1 ? [] : [`[${name[0]}] = ${name}${(def.concealFlags >> bit) & 1 ? " (face down)" : ""}`]));
  if (flags.length) lines.push(...wrap("Flags, in brackets after the piece:", flags));

  const sites = [". = empty"];
  if (def.markers.length) sites.push(`* = empty ${def.markers.join(" or ")} site`);
  const neutralNames = shown.neutralPieces.map((i) => def.pieces[i]!.name);
  if (neutralNames.length) sites.push(`# = ${neutralNames.join(" or ")} (neutral)`);
  else if (s !== undefined && s.owner.includes(NEUTRAL)) sites.push("# = a neutral piece");
  if (def.concealFlags) sites.push("? = a face-down piece");
  lines.push(...wrap("Sites:", sites));
  return lines;
}

/** `head` and the entries joined by commas, wrapped within the screen width with a hanging indent. */
function wrap(head: string, entries: string[], width = SCREEN_WIDTH): string[] {
  const lines: string[] = [];
  let line = head;
  entries.forEach((e, i) => {
    const text = e + (i < entries.length - 1 ? "," : "");
    if (line.length + 1 + text.length > width && line.trim().length) {
      lines.push(line);
      line = "   ";
    }
    line += ` ${text}`;
  });
  lines.push(line);
  return lines;
}
