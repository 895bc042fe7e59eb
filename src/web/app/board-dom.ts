/**
 * What the page does to a drawn board beyond drawing it: moves shown arriving (Web Animations)
 * and the keyboard's way around its sites.
 */
import type { Move } from "../../engine/moves/moves.js";
import { landings } from "../../view/pick.js";

/** How long a piece takes to glide over each landing, in milliseconds. */
const GLIDE_MS = 220;

/** Arrow keys: along a row (and on to the next at its end), or to the row above or below. */
export const ARROWS: Record<string, "next" | "previous" | "up" | "down"> = { ArrowRight: "next", ArrowLeft: "previous", ArrowUp: "up", ArrowDown: "down" };

/**
 * The site an arrow key leads to from `from`, or null. The sites are read as a page of text is:
 * rows from the top (sites at one height, within a third of the closest two sites' distance),
 * each from the left. Right and Left step through that order, from a row's end to the next row's
 * start and from the last site round to the first, so every site of any board is reachable (on
 * boards whose points stand between others, (an offset second lattice), the nearest site in a direction
 * would skip whole rows); Up and Down go to the row above or below, to its site nearest across.
 */
export function nearestSite(boardWrap: HTMLElement, from: Element, way: "next" | "previous" | "up" | "down"): string | null {
  const sites = [...boardWrap.querySelectorAll("g.site")].map((g) => {
    const c = g.querySelector("circle")!;
    return { label: g.getAttribute("data-site")!, x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")) };
  });
  const rows = readingRows(sites);
  const label = from.getAttribute("data-site");
  const r = rows.findIndex((row) => row.some((site) => site.label === label));
  if (r < 0) return null;
  const row = rows[r]!, i = row.findIndex((site) => site.label === label);
  if (way === "next" || way === "previous") {
    // Round from the last site to the first, and back.
    const order = rows.flat(), k = order.indexOf(row[i]!) + (way === "next" ? 1 : -1);
    return order[(k + order.length) % order.length]!.label;
  }
  const other = rows[r + (way === "down" ? 1 : -1)];
  if (!other) return null;
  const x = row[i]!.x;
  return other.reduce((best, site) => (Math.abs(site.x - x) < Math.abs(best.x - x) ? site : best)).label;
}

/** Sites in rows from the top, each row from the left. */
function readingRows<T extends { x: number; y: number }>(sites: T[]): T[][] {
  let closest = Infinity;
  for (let i = 0; i < sites.length; i++) {
    for (let j = i + 1; j < sites.length; j++) closest = Math.min(closest, Math.hypot(sites[i]!.x - sites[j]!.x, sites[i]!.y - sites[j]!.y) || Infinity);
  }
  const tolerance = Number.isFinite(closest) ? closest / 3 : 1;
  const rows: T[][] = [];
  for (const site of [...sites].sort((a, b) => a.y - b.y)) {
    const row = rows[rows.length - 1];
    if (row && site.y - row[0]!.y <= tolerance) row.push(site);
    else rows.push([site]);
  }
  for (const row of rows) row.sort((a, b) => a.x - b.x);
  return rows;
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
