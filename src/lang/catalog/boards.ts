/**
 * Board shapes (category `board`), each built into a graph of sites.
 */
import type { LudemeSpec } from "../catalog.js";
import { name, list, cat } from "./args.js";

export const boardLudemes: LudemeSpec[] = [
  {
    name: "square",
    category: "board",
    doc: "A rectangular grid labelled a1 (bottom left) upwards. `diagonals:none` joins orthogonal neighbours (directions N E S W); `all` adds diagonal neighbours (NE SE SW NW); `alternating` draws diagonal lines through every other site, those of a1's colour (file + rank even), so each square has one diagonal and they alternate (an alquerque board: a diagonal step or jump exists only along those lines); `centres` treats the sites as the crossing points of cols x rows lines with both diagonals drawn in every square, adding a centre point per square (labels use doubled coordinates, so the centre of a1-c3 is b2; centre points join only the four corners of their square). `holes:` leaves sites of the grid out of the board (e.g. the corners of a cross-shaped board); lines stop at a hole as at the border, and the other sites keep their labels. Regions: `edge` (the outline, next to a hole too), `edge-top`, `edge-bottom`, `edge-left`, `edge-right` (the highest row, lowest row ... of what remains), and with centres `main` and `centres`.",
    params: [
      { name: "cols", type: { t: "int", min: 1 }, doc: "Columns (lines, with centres)." },
      { name: "rows", type: { t: "int", min: 1 }, doc: "Rows (lines, with centres)." },
      { name: "diagonals", type: { t: "enum", values: ["none", "all", "centres", "alternating"] }, namedOnly: true, optional: true, default: "none", doc: "Which diagonal connections exist." },
      { name: "holes", type: cat("region"), namedOnly: true, optional: true, doc: "Sites of the grid that are not part of the board, read on the whole grid (its labels and regions): `(difference all (union (columns c e) (rows 3 5)))` keeps a cross of three rows and three columns on 7 x 7. Default: none." },
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
];
