/**
 * What the page does to a drawn board beyond drawing it: moves shown arriving (Web Animations)
 * and the keyboard's way around its sites.
 */
import type { Move } from "../../engine/moves.js";
import { landings } from "../../view/pick.js";

/** How long a piece takes to glide over each landing, in milliseconds. */
const GLIDE_MS = 220;

/** Arrow keys and the way each points on the board. */
export const ARROWS: Record<string, [number, number]> = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The site nearest to `from` that lies in the direction (within 45 degrees of it), or null. */
export function nearestSite(boardWrap: HTMLElement, from: Element, [dx, dy]: [number, number]): string | null {
  const at = (g: Element) => {
    const c = g.querySelector("circle")!;
    return [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))] as const;
  };
  const [x0, y0] = at(from);
  let best: string | null = null, bestScore = Infinity;
  for (const g of boardWrap.querySelectorAll("g.site")) {
    const [x, y] = at(g);
    const along = (x - x0) * dx + (y - y0) * dy, across = Math.abs((x - x0) * dy - (y - y0) * dx);
    if (along <= 0 || across > along) continue;
    const score = along + 2 * across;
    if (score < bestScore) (bestScore = score), (best = g.getAttribute("data-site"));
  }
  return best;
}

/** Moves the Tab stop and the focus to a site. */
export function focusSite(boardWrap: HTMLElement, label: string): void {
  for (const g of boardWrap.querySelectorAll('g.site[tabindex="0"]')) g.setAttribute("tabindex", "-1");
  const g = boardWrap.querySelector<SVGElement>(`g.site[data-site="${CSS.escape(label)}"]`);
  g?.setAttribute("tabindex", "0");
  g?.focus();
}

/**
 * Shows a move arriving: the piece it brought to its last landing glides there from where it
 * started, through every landing between; a piece placed fades in; the pieces it captured (their
 * drawings from the board before) fade out. Web Animations, so nothing waits on it and the page
 * stays as drawn.
 */
export function showArrival(boardWrap: HTMLElement, m: Move, captured: Element[]): void {
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const pieces = boardWrap.querySelector("g.pieces");
  for (const gone of captured) {
    // A drawing, no longer a piece on the board: it keeps only where it was taken.
    gone.setAttribute("data-captured", gone.getAttribute("data-site")!);
    for (const name of ["data-site", "data-owner", "data-piece", "data-height", "data-flags"]) gone.removeAttribute(name);
    gone.classList.add("captured");
    pieces?.prepend(gone);
    gone.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 3 * GLIDE_MS, easing: "ease-in", fill: "forwards" }).onfinish = () => gone.remove();
  }
  if (m.to === undefined) return;
  const piece = boardWrap.querySelector(`g.piece[data-site="${CSS.escape(m.to)}"]`);
  if (m.from === undefined) {
    piece?.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 2 * GLIDE_MS, easing: "ease-out" });
    return;
  }
  const at = (label: string) => {
    const c = boardWrap.querySelector(`g.site[data-site="${CSS.escape(label)}"] circle`);
    return c ? { x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")) } : null;
  };
  const end = at(m.to);
  const points = [m.from, ...landings(m)].map(at);
  if (!piece || !end || points.some((p) => !p)) return;
  const frames = points.map((p) => ({ transform: `translate(${p!.x - end.x}px, ${p!.y - end.y}px)` }));
  piece.animate(frames, { duration: GLIDE_MS * (points.length - 1), easing: "ease-in-out" });
}
