/**
 * Board shapes (category `board`), each built into a graph of sites.
 */
import type { LudemeSpec } from "../catalog.js";
import { name, list } from "./args.js";

export const boardLudemes: LudemeSpec[] = [
  {
    name: "square",
    category: "board",
    doc: "A rectangular grid labelled a1 (bottom left) upwards. `diagonals:none` joins orthogonal neighbours (directions N E S W); `all` adds diagonal neighbours (NE SE SW NW); `centres` treats the sites as the crossing points of cols x rows lines with both diagonals drawn in every square, adding a centre point per square (labels use doubled coordinates, so the centre of a1-c3 is b2; centre points join only the four corners of their square). Regions: `edge`, `edge-top`, `edge-bottom`, `edge-left`, `edge-right`, and with centres `main` and `centres`.",
    params: [
      { name: "cols", type: { t: "int", min: 1 }, doc: "Columns (lines, with centres)." },
      { name: "rows", type: { t: "int", min: 1 }, doc: "Rows (lines, with centres)." },
      { name: "diagonals", type: { t: "enum", values: ["none", "all", "centres"] }, namedOnly: true, optional: true, default: "none", doc: "Which diagonal connections exist." },
    ],
    example: "(square 6 7 diagonals:centres)",
  },
  {
    name: "hex",
    category: "board",
    doc: "A hexhex board with `size` sites a side. `layout:columns`: vertical grid lines a.. from the left, sites numbered from the bottom of each column, directions N NE SE S SW NW (regions `column-bottoms`, `column-tops`, `column-a`...). `layout:rows`: rows a.. from the top, cells numbered from the left, directions E NE NW W SW SE (regions `row-starts`, `row-ends`, `row-a`...). Both have the region `edge`.",
    params: [
      { name: "size", type: { t: "int", min: 2 }, doc: "Sites per side." },
      { name: "layout", type: { t: "enum", values: ["columns", "rows"] }, namedOnly: true, optional: true, default: "rows", doc: "Labelling and orientation." },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "Renames the six directions, in the layout's order." },
    ],
    example: "(hex 5 layout:columns)",
  },
  {
    name: "star",
    category: "board",
    doc: "A six-pointed star on the hexagonal grid: a central hexagon of `size + 1` cells a side with a triangular point of `size` rows on each of its sides (size 4: 121 cells). Cells lie on a skewed grid of rows 1.. from the bottom and columns a.. from the left, where a cell's neighbours are the cells left and right of it in its row, the same column and the next column in the row above, the same column and the previous column in the row below; labels are column then row, the bottom point of the size-4 star being `e1`. Directions E NE NW W SW SE. Regions: the six points `point-s`, `point-se`, `point-ne`, `point-n`, `point-nw`, `point-sw` (named by where they lie), the central `hexagon`, `corners` (the six tips) and `centre`.",
    params: [{ name: "size", type: { t: "int", min: 1 }, doc: "Rows of each point (cells on each side of a point)." }],
    example: "(star 4)",
  },
];
