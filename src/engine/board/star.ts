/**
 * The six-pointed star on the hexagonal grid: a central hexagon of `size + 1` cells a side with a
 * triangular point of `size` rows on each of its six sides (size 4: 121 cells).
 *
 * Cells sit on a skewed grid of rows r = 0..4*size (from the bottom) and columns c = 0..4*size;
 * the cell (r, c) has the neighbours (r, c +- 1), (r + 1, c), (r + 1, c + 1), (r - 1, c) and
 * (r - 1, c - 1). Labels are the column letter and the row number, `e1` for (0, 4) on the size-4
 * star (its bottom point). Directions E NE NW W SW SE, as on a hexhex board in rows.
 *
 * Regions: `point-s`, `point-se`, `point-ne`, `point-n`, `point-nw`, `point-sw` (the six points,
 * named by where they lie, going round from the bottom), `hexagon` (the central hexagon), and the
 * lattice's `corners` (the six tips) and `centre`.
 */
import { buildLattice, fileLetter, type LatticeDirection, type LatticeSite, type Topology } from "./topology.js";

export function starBoard(size: number): Topology {
  const d = size;
  const sites: LatticeSite[] = [];
  for (let r = 0; r <= 4 * d; r++) {
    for (let c = 0; c <= 4 * d; c++) {
      const region = starRegion(d, r, c);
      if (region === null) continue;
      sites.push({ x: c, y: r, label: `${fileLetter(c)}${r + 1}`, drawX: 2 * c - r + d, drawY: 4 * d - r, regions: [region] });
    }
  }
  const dirs: LatticeDirection[] = [
    { name: "E", dx: 1, dy: 0 },
    { name: "NE", dx: 1, dy: 1 },
    { name: "NW", dx: 0, dy: 1 },
    { name: "W", dx: -1, dy: 0 },
    { name: "SW", dx: -1, dy: -1 },
    { name: "SE", dx: 0, dy: -1 },
  ];
  return buildLattice("hex-star", sites, dirs);
}

/** The region of the cell (r, c) of the star of points of `d` rows, or null when it is not a cell. */
function starRegion(d: number, r: number, c: number): string | null {
  if (r < d) return c >= d && c - r <= d ? "point-s" : null;
  if (r <= 2 * d) {
    if (r - c > d || c > 3 * d) return null;
    if (r < 2 * d && c < d) return "point-sw";
    if (r < 2 * d && c > r + d) return "point-se";
    return "hexagon";
  }
  if (r <= 3 * d) {
    if (c < d || c - r > d) return null;
    if (c > 3 * d) return "point-ne";
    if (c < r - d) return "point-nw";
    return "hexagon";
  }
  return c <= 3 * d && r - c <= d ? "point-n" : null;
}
