/**
 * The dice beside the board, drawn as dice: pips for faces from 1 to 6, the number otherwise (a
 * stick die's 0 or 1, a larger die's face). A die used up this turn is drawn faded; one that
 * allows more than one move (a double) says how many are left.
 */
import type { Game } from "../../engine/play/game.js";
import type { State } from "../../engine/state/state.js";

/** Where the pips of faces 1 to 6 stand, on a die 1 unit wide. */
const PIPS: Record<number, [number, number][]> = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
};
const SIZE = 30;

/** One die as SVG, showing `value`. */
export function dieSvg(value: number, faces: ArrayLike<number>, used: boolean, left: number): string {
  const pips = Array.from(faces).every((f) => f >= 1 && f <= 6) ? PIPS[value] : undefined;
  const face = pips
    ? pips.map(([x, y]) => `<circle cx="${x * SIZE}" cy="${y * SIZE}" r="${SIZE * 0.09}"/>`).join("")
    : `<text x="${SIZE / 2}" y="${SIZE / 2}">${value}</text>`;
  const times = left > 1 ? `<title>${left} moves left with this die</title>` : "";
  return `<svg class="die${used ? " used" : ""}" data-value="${value}" data-left="${left}" viewBox="-1 -1 ${SIZE + 2} ${SIZE + 2}" width="${SIZE}" height="${SIZE}" role="img" aria-label="a die showing ${value}${used ? ", used" : left > 1 ? `, ${left} moves left` : ""}">${times}<rect width="${SIZE}" height="${SIZE}" rx="5"/>${face}</svg>`;
}

/** Draws the dice the state shows into `box`, or hides it (`shown` false: none thrown, or a game without dice). */
export function drawDice(box: HTMLElement, game: Game, s: State, shown: boolean): void {
  box.hidden = !shown || game.def.dice === null;
  if (box.hidden) return void (box.innerHTML = "");
  const faces = game.def.dice!.faces;
  box.innerHTML = Array.from(s.dice, (v, d) => {
    const left = s.diceLeft[d]!;
    return dieSvg(v, faces[d]!, left <= 0, left) + (left > 1 ? `<span class="times">×${left}</span>` : "");
  }).join("");
}
