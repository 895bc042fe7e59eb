/**
 * Boards of points along a spiral (Ludii's `spiral`, the coiled snake of Mehen and the race games
 * drawn like it): `sites` points one unit apart along an Archimedean spiral of `turns` turns, each
 * joined to the next, the coils about as far apart as the points. The points are labelled along
 * the spiral from its centre, a1 the innermost and a2, a3 ... outwards, so that a track is written
 * with the spiral's regions: `along` (from the centre out) and `inward` (from the outer end in).
 * Directions are the compass directions of the joins (graph-board.ts); a line of the board follows
 * the coil only as far as it runs straight, so rules follow the spiral by a track.
 */
import { graphBoard, type GraphPoint } from "./graph-board.js";
import type { Topology } from "./topology.js";

/** Why a spiral of these turns and sites makes no board (null: it does). */
export function spiralProblem(turns: number, sites: number): string | null {
  // Each turn needs room for its points to lie apart on the coil: at least six a turn.
  if (sites < 6 * turns) return `${sites} points are too few for ${turns} turns (at least ${6 * turns}: six a turn)`;
  return null;
}

/** The topology of a spiral (`spiralProblem` must be null). */
export function spiralBoard(turns: number, sites: number): Topology {
  // r = gap x angle / 2pi; the length of the coil from the centre to angle a is about gap x a^2 / 4pi.
  // The points stand at lengths 1, 2 ... from the centre; the gap makes the last fall at `turns` turns.
  const gap = (4 * Math.PI * sites) / (2 * Math.PI * turns) ** 2;
  const points: GraphPoint[] = [];
  for (let k = 0; k < sites; k++) {
    const angle = Math.sqrt((4 * Math.PI * (k + 1)) / gap);
    const r = (gap * angle) / (2 * Math.PI);
    // Anticlockwise outwards from the top, as Ludii draws its spirals; y upwards.
    // Two units a point: neighbours stay apart when the text view rounds them to its grid.
    points.push({ label: `a${k + 1}`, x: -2 * r * Math.sin(angle), y: 2 * r * Math.cos(angle) });
  }
  const joins = points.slice(1).map((_, k) => [k, k + 1] as const);
  const topo = graphBoard(points, joins);
  const regions = new Map(topo.regions);
  regions.set("along", Int32Array.from({ length: sites }, (_, k) => k));
  regions.set("inward", Int32Array.from({ length: sites }, (_, k) => sites - 1 - k));
  regions.set("centre", Int32Array.of(0));
  regions.set("end", Int32Array.of(sites - 1));
  return { ...topo, regions, shape: "spiral" };
}
