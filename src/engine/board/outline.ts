/**
 * Board outlines other than a full rectangle: grids with holes (sites of the grid left out, e.g.
 * the four corners of a cross-shaped board), and the edge of what remains.
 *
 * Holes are cut before the topology is built, so no step, line or jump ever reaches a hole:
 * lines simply stop there, as they stop at the border of the board.
 */
import type { LatticeSite } from "./topology.js";

/**
 * The sites of a lattice without the holes (labels, case-insensitive). When any site was cut, the
 * region `edge` becomes the outline of what remains: every grid point (not a centre point) with a
 * missing orthogonal neighbour `unit` away, whether off the grid or in a hole. The side regions
 * (`edge-bottom` ...) keep their sites that remain: the lowest row, the leftmost column ...
 */
export function cutHoles(sites: LatticeSite[], holes: ReadonlySet<string>, unit: number): LatticeSite[] {
  if (holes.size === 0) return sites;
  const cut = (s: LatticeSite) => holes.has(s.label.toLowerCase());
  const kept = sites.filter((s) => !cut(s));
  if (kept.length === sites.length) return sites;
  const key = (x: number, y: number) => `${x},${y}`;
  const present = new Set(kept.map((s) => key(s.x, s.y)));
  return kept.map((s) => {
    const regions = (s.regions ?? []).filter((r) => r !== "edge");
    const gridPoint = !regions.includes("centres");
    const open = (dx: number, dy: number) => !present.has(key(s.x + dx, s.y + dy));
    if (gridPoint && (open(unit, 0) || open(-unit, 0) || open(0, unit) || open(0, -unit))) regions.push("edge");
    return { ...s, regions };
  });
}
