/**
 * Where a rotation or a reflection of a region carries each of its sites, on the board's true
 * geometry (the drawing positions with the shape's proportions, as `(side ...)` measures them):
 * the maps `(turn-region ...)` and `(flip-region ...)` move pieces by. A map that sends a site off
 * the region is refused here, with the site, so the designer learns it when the description is read.
 */
import { planePositions, type Topology } from "../engine/board/topology.js";

/** A clockwise turn by `degrees`, or a reflection in the axis pointing `degrees` clockwise from north. */
export type Motion = { turn: number } | { mirror: number };

export interface SiteMap {
  /** The site each site of the region goes to (same order as the region); null when one leaves it: `stray`. */
  images: Int32Array | null;
  stray: number;
  /** The site at the region's centre, or -1. */
  centre: number;
}

/** Positions closer than this (in units of the region's smallest spacing) are one point. */
const TOLERANCE = 1e-6;

export function mapRegion(topology: Topology, sites: Int32Array, motion: Motion): SiteMap {
  const plane = planePositions(topology), x = (s: number) => plane.x[s]!, y = (s: number) => plane.y[s]!;
  let cx = 0, cy = 0;
  for (const s of sites) {
    cx += x(s);
    cy += y(s);
  }
  cx /= sites.length;
  cy /= sites.length;
  // Points closer than TOLERANCE x the region's smallest spacing are one (1 on a square grid).
  let scale = Infinity;
  for (const a of sites) for (const b of sites) if (a !== b) scale = Math.min(scale, Math.hypot(x(a) - x(b), y(a) - y(b)));
  if (!Number.isFinite(scale)) scale = 1;
  const near = (px: number, py: number, s: number) => Math.abs(x(s) - px) < TOLERANCE * scale && Math.abs(y(s) - py) < TOLERANCE * scale;
  let centre = -1;
  for (const s of sites) if (near(cx, cy, s)) centre = s;
  const images = new Int32Array(sites.length);
  for (let i = 0; i < sites.length; i++) {
    const s = sites[i]!, dx = x(s) - cx, dy = y(s) - cy;
    let px: number, py: number;
    if ("turn" in motion) {
      // Clockwise by `turn` degrees, y upwards: north goes east.
      const a = (motion.turn * Math.PI) / 180, cos = Math.cos(a), sin = Math.sin(a);
      px = cx + dx * cos + dy * sin;
      py = cy - dx * sin + dy * cos;
    } else {
      // The axis's unit vector (north (0, 1), east (1, 0)), and the reflection 2(p.u)u - p.
      const a = (motion.mirror * Math.PI) / 180, ux = Math.sin(a), uy = Math.cos(a), dot = dx * ux + dy * uy;
      px = cx + 2 * dot * ux - dx;
      py = cy + 2 * dot * uy - dy;
    }
    let image = -1;
    for (const t of sites) if (near(px, py, t)) image = t;
    if (image < 0) return { images: null, stray: s, centre };
    images[i] = image;
  }
  return { images, stray: -1, centre };
}
