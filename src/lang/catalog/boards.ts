/**
 * Board shapes (category `board`), each built into a graph of sites.
 */
import type { LudemeSpec } from "../catalog.js";
import { name, list, int, cat } from "./args.js";

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
    name: "tri",
    category: "board",
    doc: "A board of points on a triangular grid, each joined to up to six neighbours by lines that meet in triangles (Ludii's `(tri ...)` boards played on their points): a triangle with `size` points a side, or a hexagon, rhombus or limping hexagon as for `hex`. Rows a.. from the top, points numbered from the left, directions E NE NW W SW SE. Drawn as points joined by lines; `places:{edges faces}` on the board makes the lines and the little triangles places too. Region `edge`.\n\nWith `on:cells`, the same grid played on its little triangles (Ludii's `(tri ...)` played on its cells, its default): cells pointing up and pointing down in turn, `(tri 14 on:cells)` a triangle of 13 cells a side (169 cells, Ludii's `(tri 13)`, which counts a triangle's cells), `(tri 7 shape:hexagon on:cells)` Ludii's `(tri Hexagon 7)` (which counts a hexagon's points). Rows a.. from the top, cells numbered from the left of each row (row a of a triangle is one cell, a1, pointing up). A cell's neighbours are the three cells sharing a side with it (Ludii's Orthogonal): directions ENE WNW S from a cell pointing up, N WSW ESE from one pointing down, the board's own (adjacency, `near`, `count-near`, `surround`, a step in every direction). The nine cells touching it at a corner only are directions followed where a rule names them: `E NNE NNW W SSW SSE` the six of its own orientation (its colour, Ludii's OffDiagonal: the cells round its corners), `far-N far-ENE far-ESE far-S far-WSW far-WNW` the cell straight beyond each corner (Ludii's Diagonal), so Ludii's Adjacent is the sides and all twelve. Regions: `upward` and `downward`, the cells of each orientation (the board's two colours, Ludii's phase 0 and 1; `(colour-of a1)` is the cells pointing as a1 does); `edge`, the cells with a side on the outline; `outer`, those with a side or a corner on it (Ludii's `(sites Outer)`). `holes:` leaves cells out (Ludii's `(remove (tri n) cells:{...})`), the others keeping their labels. Drawn as triangles.",
    params: [
      { name: "size", type: { t: "int", min: 2 }, doc: "Points per side." },
      { name: "shape", type: { t: "enum", values: ["triangle", "hexagon", "rhombus", "limping"] }, namedOnly: true, optional: true, default: "triangle", doc: "The outline: `triangle` (default), `hexagon`, `rhombus`, or `limping` (sides of `size` and `size + 1` points in turn)." },
      { name: "on", type: { t: "enum", values: ["points", "cells"] }, namedOnly: true, optional: true, default: "points", doc: "What pieces stand on: the points where lines meet (default), or the cells, the little triangles between them." },
      { name: "holes", type: cat("region"), namedOnly: true, optional: true, doc: "With `on:cells`, cells that are not part of the board, read on the whole board (its labels and regions): `(sites {a1 b1 b2 b3})` cuts the top of a triangle. Default: none." },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "Renames the six directions, in the order E NE NW W SW SE (a board of points)." },
    ],
    example: "(tri 14 on:cells holes:(sites {a1 b1 b2 b3}))",
  },
  {
    name: "hex",
    category: "board",
    doc: "A board of hexagonal cells: a hexhex board with `size` sites a side, a rhombus (`shape:rhombus`), a triangle, a limping hexagon or a rectangle. `layout:columns`: vertical grid lines a.. from the left, sites numbered from the bottom of each column, directions N NE SE S SW NW (regions `column-bottoms`, `column-tops`, `column-a`...). `layout:rows`: rows a.. from the top, cells numbered from the left, directions E NE NW W SW SE (regions `row-starts`, `row-ends`, `row-a`...). Both have the region `edge`.",
    params: [
      { name: "size", type: { t: "int", min: 2 }, doc: "Sites per side." },
      { name: "shape", type: { t: "enum", values: ["hexagon", "rhombus", "triangle", "limping", "rectangle"] }, namedOnly: true, optional: true, default: "hexagon", doc: "`hexagon`: six sides of `size` cells. `rectangle`: `rows:` rows of `size` cells, every other row half a cell further right, so that the left and right sides zigzag (Ludii's `(hex Rectangle rows size)`). `rhombus`: `size` x `size` cells (Hex's board, Ludii's `(hex Diamond n)`); in columns an obtuse corner a1 at the bottom, letters counting up to the right and numbers up to the left, as Ludii labels it; in rows lying on its side, row a at the top. `triangle`: `size` cells a side, in rows pointing up (one cell in row a). `limping`: a hexagon whose sides alternate `size` and `size + 1` cells (3 x size x size cells, Ludii's `(hex Limping n)`). Triangles and limping boards in columns are the rows' board turned a quarter turn (columns a.. from the left, cells numbered from the bottom)." },
      { name: "rows", type: { t: "int", min: 1 }, namedOnly: true, optional: true, doc: "Rows of a `shape:rectangle` board (default: `size`)." },
      { name: "layout", type: { t: "enum", values: ["columns", "rows"] }, namedOnly: true, optional: true, default: "rows", doc: "Labelling and orientation." },
      { name: "diagonals", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "Adds the six diagonals (Ludii's Diagonal relation): from a cell to the cell beyond each corner, two edge steps away -- `NNE E SSE SSW W NNW` with `layout:columns`, `ENE N WNW WSW S ESE` with `layout:rows`. They are directions of the board like the others: a move in every direction takes them too (a hexagonal chess king's twelve cells), `dirs:{NNE E ...}` names them alone (a bishop's diagonals); a slide along one is not blocked by the two cells beside the corner it passes." },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "Renames the six directions, in the layout's order (then the six diagonals, with `diagonals:true`)." },
    ],
    example: "(hex 5 layout:columns)",
  },
  {
    name: "merge",
    category: "board",
    doc: "Boards laid on one another to make one (Ludii's `merge`): points that fall at one place become one point, and every line of every board is kept. Each board is taken as drawn, its shortest line one unit long, so that `(moved ...)` places it in those units. The board made is a board of points and lines: each line gets the compass direction it points in (N NE E ..., or on the 16-point compass, NNE ENE ..., where lines meet at less than 45 degrees; a point with two lines the same way even on that compass is refused), and points are labelled by where they stand, letters for the columns from the left and numbers for the rows from the bottom.",
    params: [{ name: "boards", type: list(cat("board")), doc: "The boards, in any order." }],
    example: "(merge {(square 3 3) (moved (square 3 3) shift:{2 2})})",
  },
  {
    name: "moved",
    category: "board",
    doc: "A board scaled, turned and shifted, in that order (Ludii's `scale`, `rotate` and `shift`), in units of its shortest line: `(moved (square 3 3) rotate:45)` stands a square on its corner, `shift:{2 0}` moves it two lines right. Mostly for `(merge ...)`. The board made is labelled and given directions as `merge`'s are.",
    params: [
      { name: "board", type: cat("board"), doc: "The board." },
      { name: "shift", type: list({ t: "number" }), namedOnly: true, optional: true, doc: "Across and up, `{2 0}` (default none)." },
      { name: "rotate", type: { t: "number" }, namedOnly: true, optional: true, default: 0, doc: "Degrees, anticlockwise about the board's origin: the lower left corner of the box round it (a square's a1), where Ludii puts a board too." },
      { name: "scale", type: { t: "number" }, namedOnly: true, optional: true, default: 1, doc: "How many times larger." },
    ],
    example: "(moved (square 3 3) rotate:45 shift:{1 0})",
  },
  {
    name: "without",
    category: "board",
    doc: "A board with some of its points left out, and their lines (Ludii's `remove ... vertices:`). The sites are read on the board given (its labels and regions); the board made is labelled and given directions as `merge`'s are, so a square keeps its labels.",
    params: [
      { name: "board", type: cat("board"), doc: "The board." },
      { name: "sites", type: cat("region"), doc: "The points to leave out, e.g. `(sites {a1 e1 a5 e5})` or `corners`." },
    ],
    example: "(without (square 5 5) corners)",
  },
  {
    name: "with-lines",
    category: "board",
    doc: "A board with more lines drawn on it (Ludii's `add ... edges:`), each a chain of its points joined in order: `{a1 c3}` joins a1 to c3, `{a1 b2 c3}` a1 to b2 and b2 to c3. A line drawn over other points is split at them, so it joins each to the next; a line already there is not drawn twice. The board made is labelled and given directions as `merge`'s are (a square keeps its labels), so the new lines are followed like the others, and two lines leaving a point in one compass direction are refused. Its `corners` are the board's own: a corner given a diagonal stays one.",
    params: [
      { name: "board", type: cat("board"), doc: "The board." },
      { name: "lines", type: list(list(name)), doc: "The lines to add, each a chain of the board's points, e.g. `{{a1 e5} {a5 e1}}` (the long diagonals of a 5 x 5 square)." },
    ],
    example: "(with-lines (square 3 3) {{a1 c3} {a3 c1}})",
  },
  {
    name: "without-lines",
    category: "board",
    doc: "A board with some of its lines taken away (Ludii's `remove ... edges:`), each given as a chain of points next to each other along a line: `{d3 d4}` takes away the line between d3 and d4, `{c4 d4 e4}` those from c4 to d4 and d4 to e4. The points stay, no longer joined there: a step, a slide or a line of pieces does not go across the gap. Labelled and given directions as `merge`'s boards are (a square keeps its labels). Its `corners` stay the board's own.",
    params: [
      { name: "board", type: cat("board"), doc: "The board." },
      { name: "lines", type: list(list(name)), doc: "The lines to take away, each a chain of neighbouring points." },
    ],
    example: "(without-lines (square 3 3) {{a2 b2} {b2 c2}})",
  },
  {
    name: "wedge",
    category: "board",
    doc: "A wedge of points (Ludii's `wedge`): an apex at the top and `rows - 1` rows beneath it, each of `columns` points spread evenly between two sides that widen by one line a row. The apex is joined to every point of the first row, each row's points to their neighbours across it and to the point of the same rank in the row below. The usual three columns make a triangle with a line down its middle, the arm added to a tiger-hunt board: `(merge {(moved (square 5 5 diagonals:alternating) scale:2) (moved (wedge 3) shift:{2 -2})})` hangs one from the middle of the square's lowest side, as Ludii's `(shift 2 -2 (wedge 3))` does. Labelled and given directions as `merge`'s boards are; wedges of more than three columns take the 16-point compass (NNE, SSW ...), and those whose lines cannot be told apart even so (eight columns and more) are refused.",
    params: [
      { name: "rows", type: { t: "int", min: 2 }, doc: "Rows of points, the apex counted." },
      { name: "columns", type: { t: "int", min: 2 }, optional: true, default: 3, doc: "Points in each row below the apex." },
    ],
    example: "(wedge 3)",
  },
  {
    name: "graph",
    category: "board",
    doc: "A board given as points and the lines drawn between them, e.g. concentric squares joined at their midpoints. Each point is named by a lattice label -- its letters the column (a = 0), its number the row (1 = bottom) -- which is also where it stands, unless `at:` gives the positions (then any labels do). Each line is a chain of points, every point joined to the next (`{a1 d1 g1}` joins a1 to d1 and d1 to g1); joins are the board's adjacency. A join's direction (N NE E SE S SW W NW) is the compass direction nearest to it -- on the 16-point compass (adding NNE ENE ESE SSE SSW WSW WNW NNW) when two lines of a point fall in one of the eight, as at a hexagram's tips -- so a line through a point goes straight on along joins of the same direction: `(line ...)`, slides and jumps follow the drawn lines. Two joins leaving a point in the same direction are an error. Regions: `all`, `corners` (the points with the fewest neighbours), `centre` (those nearest the middle).",
    params: [
      { name: "points", type: list(name), doc: "The points' labels, e.g. `{a1 d1 g1}`." },
      { name: "lines", type: list(list(name)), doc: "The lines, each a chain of points joined in order." },
      { name: "at", type: list(list(int)), namedOnly: true, optional: true, doc: "Each point's position `{x y}` (whole numbers, y upwards), in the order of `points` (default: from the labels)." },
    ],
    example: "(graph {a1 b1 c1 a2 b2} lines:{{a1 b1 c1} {a1 a2} {b1 b2}})",
  },
  {
    name: "concentric-polygons",
    category: "board",
    doc: "A mill board: `rings` regular polygons of `sides` sides, one inside the other, each with a point at every corner and (by default) at the middle of every side, joined all round; neighbouring polygons are joined at the middles of their sides and, with `join-corners:true`, at their corners too (the diagonals some mill boards have). Squares sit flat, as Ludii draws them (`(concentric-polygons 4 3)` is Nine Men's Morris's board, points a1 ... g7 as Ludii names them); a polygon of an odd number of sides has a corner straight up. Points are labelled by the columns and rows they stand in, letters from the left and numbers from the bottom; lines have compass directions as on any board made of lines, so rows of three, steps and jumps work along them.",
    params: [
      { name: "sides", type: { t: "int", min: 3, max: 12 }, doc: "Sides of each polygon: 4 for squares." },
      { name: "rings", type: { t: "int", min: 1, max: 20 }, doc: "How many polygons, one inside the other." },
      { name: "midpoints", type: { t: "bool" }, namedOnly: true, optional: true, default: true, doc: "A point at the middle of each side." },
      { name: "join-midpoints", type: { t: "bool" }, namedOnly: true, optional: true, default: true, doc: "Neighbouring polygons joined at the middles of their sides (when they have points there)." },
      { name: "join-corners", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "Neighbouring polygons joined at their corners." },
    ],
    example: "(concentric-polygons 4 3 join-corners:true)",
  },
  {
    name: "wheel",
    category: "board",
    doc: "Concentric rings of points: ring k (from the inside) holds the given number of points, evenly spaced round a circle, the first straight up and the others anticlockwise; a ring of one point is the centre. Each point is joined to its two neighbours round its ring, and spokes join consecutive rings: the centre to every point of the first ring, and between rings of n and m points (m a multiple of n) point i of the inner ring to point i x m / n of the outer. Rings are true circles and spokes straight lines. Points are labelled by their place rounded to a whole-number lattice, letters for the columns from the left and numbers for the rows from the bottom (`(wheel {1 8})`: centre c3, top c5, right e3). Directions are the compass directions of the joins (of 16 points where lines meet at less than 45 degrees, as round a ring of 8: a spoke is one direction from ring to ring), and the same joins named by how they turn: `clockwise` and `anticlockwise` round a ring (wrapping past the top), `inward` and `outward` along a spoke (none outward from the centre, which has a spoke to every point of the first ring). These four are followed only where a rule names them, e.g. `(step dirs:{clockwise})`; every direction (of a rule without `dirs:`, of adjacency, of rows) stays a compass one. Regions: `ring-1` ... from the inside, `centre`, `all`, `corners` (the points with the fewest neighbours).",
    params: [{ name: "rings", type: list({ t: "int", min: 1, max: 360 }), doc: "Points per ring, from the inside: `{1 8}` is a centre and a ring of eight (Mu Torere's board)." }],
    example: "(wheel {1 8})",
  },
  {
    name: "spiral",
    category: "board",
    doc: "Points along a spiral (Ludii's `spiral`: Mehen's coiled snake), one line apart along the coil and each joined to the next, the coils about as far apart as the points; the spiral turns anticlockwise outwards. Points are labelled along it from the centre: a1 the innermost, then a2, a3 ... to the outer end. Regions: `along` (every point from the centre out), `inward` (from the outer end in), `centre`, `end`, for a race along it: `(track race {inward})`. Directions are the compass directions of the joins.",
    params: [
      { name: "turns", type: { t: "int", min: 1, max: 50 }, namedOnly: true, doc: "How many times the spiral goes round." },
      { name: "sites", type: { t: "int", min: 6 }, namedOnly: true, doc: "Points along it (at least six a turn)." },
    ],
    example: "(spiral turns:5 sites:88)",
  },
  {
    name: "star",
    category: "board",
    doc: "A six-pointed star on the hexagonal grid: a central hexagon of `size + 1` cells a side with a triangular point of `size` rows on each of its sides (size 4: 121 cells). Cells lie on a skewed grid of rows 1.. from the bottom and columns a.. from the left, where a cell's neighbours are the cells left and right of it in its row, the same column and the next column in the row above, the same column and the previous column in the row below; labels are column then row, the bottom point of the size-4 star being `e1`. Directions E NE NW W SW SE. Regions: the six points `point-s`, `point-se`, `point-ne`, `point-n`, `point-nw`, `point-sw` (named by where they lie), the central `hexagon`, `corners` (the six tips) and `centre`.",
    params: [{ name: "size", type: { t: "int", min: 1 }, doc: "Rows of each point (cells on each side of a point)." }],
    example: "(star 4)",
  },
  {
    name: "mancala",
    category: "board",
    doc: "A mancala board: `rows` rows of `cols` pits, labelled as a grid (`a1` the bottom row's left pit, `a2` the pit above it) and joined to their neighbours along rows and columns, so `(ahead to N)` is the pit across; with `stores:true` a store at each end, `store-w` (left) and `store-e` (right), joined to nothing. Regions: `pits`, `stores`, `all`. Seeds are piles on the pits (`(place seed neutral ... height:4)`, `(count SITE)`), sown along a `track` with `(sow ...)`.",
    params: [
      { name: "rows", type: { t: "int", min: 1, max: 8 }, doc: "Rows of pits." },
      { name: "cols", type: { t: "int", min: 1, max: 64 }, doc: "Pits per row." },
      { name: "stores", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "A store at each end of the board." },
    ],
    example: "(mancala 2 6 stores:true)",
  },
];
