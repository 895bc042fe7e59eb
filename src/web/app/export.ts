/**
 * Taking a game away from the page: the board as a picture (SVG, or PNG drawn from it) and the
 * game as text (its seats, its moves, how it stands, the board). Both show only what the page
 * shows: the board as drawn for the person looking, and the seed only where a record would hold it.
 */
import type { State } from "../../engine/state/state.js";
import { gameOverText } from "../../view/end.js";
import { deciderLabel } from "../../view/seats.js";
import { renderBoard, seatLabel, statusLine } from "../../view/text.js";
import { seedSecret } from "../../record/seed-secret.js";
import { el } from "./dom.js";
import type { Table } from "./table.js";

/** Offers `blob` as a download named `name`. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The board's SVG made to stand alone: the page's style rules for boards copied in (with the
 * colours they take from the page's variables), and a size of its own.
 */
export function standaloneSvg(board: SVGSVGElement): string {
  const copy = board.cloneNode(true) as SVGSVGElement;
  const rules: string[] = [];
  for (const sheet of document.styleSheets) {
    let list: CSSRuleList;
    try {
      list = sheet.cssRules;
    } catch {
      continue; // a sheet from elsewhere, not readable: none of ours
    }
    for (const rule of list) if (rule instanceof CSSStyleRule && rule.selectorText.includes("svg.board")) rules.push(rule.cssText);
  }
  const root = getComputedStyle(document.documentElement);
  const names = new Set(rules.join("\n").match(/--[\w-]+/g) ?? []);
  const variables = [...names].map((n) => `${n}: ${root.getPropertyValue(n).trim()};`).join(" ");
  const style = document.createElementNS("http://www.w3.org/2000/svg", "style");
  // The page's font too: the board's letters and coordinates inherit it from the page.
  const font = getComputedStyle(board).fontFamily.replace(/[<>]/g, "");
  style.textContent = `svg.board { ${variables} font-family: ${font}; }\n${rules.join("\n")}`;
  copy.prepend(style);
  const [, , w, h] = (copy.getAttribute("viewBox") ?? "0 0 600 600").split(/\s+/).map(Number);
  copy.setAttribute("width", String(w));
  copy.setAttribute("height", String(h));
  copy.removeAttribute("style");
  return new XMLSerializer().serializeToString(copy);
}

function fileName(t: Table, ext: string): string {
  return `${t.record.game.name ?? "game"}-move-${t.viewing}.${ext}`;
}

/** Downloads the board on show as SVG, or as PNG (twice the drawing's size, for sharp print). */
export async function exportBoard(boardWrap: HTMLElement, t: Table, kind: "svg" | "png"): Promise<void> {
  const board = boardWrap.querySelector("svg.board") as SVGSVGElement | null;
  if (!board) return;
  const text = standaloneSvg(board);
  if (kind === "svg") return download(new Blob([text], { type: "image/svg+xml" }), fileName(t, "svg"));
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await image.decode();
  const canvas = el("canvas", { width: String(image.width * 2), height: String(image.height * 2) });
  const g = canvas.getContext("2d")!;
  g.scale(2, 2);
  g.drawImage(image, 0, 0);
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (png) download(png, fileName(t, "png"));
}

/**
 * The game as text: its name, options and seats, the seed where a record may hold it (not while
 * face-down pieces are still dealt from it), every move with who made it, how the game stands,
 * and the board at the position on show as `shown` draws it for the person looking.
 */
export function gameText(t: Table, shown: State): string {
  const s = t.states[t.states.length - 1]!;
  const secret = seedSecret(t.game, t.seats) !== null && !s.over;
  const options = Object.entries(t.record.options).map(([k, v]) => `${k}=${v}`);
  const lines = [
    `${t.game.name}`,
    ...(options.length ? [`Options: ${options.join(", ")}`] : []),
    `Seats: ${t.seats.map((who, p) => `${seatLabel(t.game, p)} ${who}`).join(", ")}`,
    ...(secret ? [] : [`Seed: ${t.record.seed}`]),
    "",
    "Moves:",
    ...t.moves.map((m, i) => `${String(i + 1).padStart(4)}. ${deciderLabel(t.game, t.states[i]!)} ${m.notation}`),
    "",
    ...(s.over ? gameOverText(t.game, s) : [statusLine(t.game, s)]),
    "",
    `The board after move ${t.viewing}:`,
    renderBoard(t.game, shown),
    statusLine(t.game, shown),
  ];
  return lines.join("\n") + "\n";
}

/** Downloads the game as text (see gameText). */
export function exportText(t: Table, shown: State): void {
  download(new Blob([gameText(t, shown)], { type: "text/plain" }), fileName(t, "txt"));
}
