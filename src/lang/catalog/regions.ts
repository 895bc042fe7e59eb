/**
 * Regions (category `region`): sets of sites.
 */
import type { LudemeSpec } from "../catalog.js";
import { int, name, cat, list, playerRef, PLAYER_DOC, siteRef } from "./args.js";

export const regionLudemes: LudemeSpec[] = [
  {
    name: "sites",
    category: "region",
    doc: "The listed sites.",
    params: [{ name: "labels", type: list(name), doc: "Site labels." }],
    example: "(sites {a1 c1 e1})",
  },
  {
    name: "rows",
    category: "region",
    doc: "Every site whose label's number lies between `from` and `to` (inclusive).",
    params: [
      { name: "from", type: int, doc: "First row number." },
      { name: "to", type: int, doc: "Last row number." },
    ],
    example: "(rows 1 5)",
  },
  {
    name: "columns",
    category: "region",
    doc: "Every site whose label's letters (its file) lie between `from` and `to` (inclusive), e.g. the a and b files.",
    params: [
      { name: "from", type: name, doc: "First file letter(s)." },
      { name: "to", type: name, doc: "Last file letter(s)." },
    ],
    example: "(columns a b)",
  },
  {
    name: "colour-of",
    category: "region",
    doc: "Every site of the same colour as the given one on a checkered board: the sites whose file and row number have the same parity sum (`(colour-of a1)` is a1's colour, Ludii's phase 0). On a board of hexagons (`hex`), one of its three colours: no two neighbouring cells alike. On a board of triangular cells (`(tri ... on:cells)`), the cells pointing the same way as the given one (Ludii's `phase`).",
    params: [{ name: "site", type: name, doc: "A site label." }],
    example: "(colour-of a1)",
  },
  {
    name: "intersection",
    category: "region",
    doc: "The sites in every one of the regions.",
    params: [{ name: "regions", type: cat("region"), rest: true, doc: "The regions." }],
    example: "(intersection corners (colour-of a1))",
  },
  {
    name: "difference",
    category: "region",
    doc: "The sites of the first region that are not in the second.",
    params: [
      { name: "region", type: cat("region"), doc: "The sites kept..." },
      { name: "minus", type: cat("region"), doc: "...unless they are in this region." },
    ],
    example: "(difference all centre)",
  },
  {
    name: "path",
    category: "region",
    doc: "The sites from one site to another along a straight line of the board, both included, in that order (for tracks, where the order is the road's).",
    params: [
      { name: "from", type: name, doc: "The first site (a label)." },
      { name: "to", type: name, doc: "The last site, on a board line through the first." },
    ],
    example: "(path a2 h2)",
  },
  {
    name: "shift",
    category: "region",
    doc: "The sites one step from the region's sites in a direction (sites whose step leaves the board drop out), e.g. the line just inside a wall.",
    params: [
      { name: "region", type: cat("region"), doc: "The sites to shift." },
      { name: "dir", type: name, doc: "Direction name." },
    ],
    example: "(shift column-bottoms N)",
  },
  {
    name: "expand",
    category: "region",
    doc: "The region grown by `steps:` steps (default 1) along the board's directions (`dirs:`, default every one of the board's own: a square board's orthogonal ones, its diagonals too where drawn, as Ludii's adjacency): its sites and every site that many steps or fewer from one of them (Ludii's `(expand ...)`), e.g. the two rows nearest a side, `(expand (side S) steps:1 dirs:{N})`, or a centre and the sites round it.",
    params: [
      { name: "region", type: cat("region"), doc: "The sites to grow from." },
      { name: "steps", type: cat("int"), namedOnly: true, optional: true, default: 1, doc: "How many steps it grows by: a number known when the game is built (options included, e.g. `(- $pieces 1)`)." },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "The directions it grows along (default: the board's own)." },
    ],
    example: "(expand (side S) steps:2 dirs:{N})",
  },
  {
    name: "side",
    category: "region",
    doc: "The sites along one side of the board, named by the compass direction it faces (`N` `NE` `E` `SE` `S` `SW` `W` `NW`): the top row of a square board is its `N` side; Hex's rhombus has the sides `NE`, `SE`, `SW` and `NW`. The sides are the straight edges of the board's outline (the hull of its sites, as drawn), a corner belonging to both edges that meet there; a corner where no edge faces its way, such as the top corner of a rhombus, is the side of that direction (`N`).",
    params: [{ name: "dir", type: name, doc: "The compass direction the side faces." }],
    example: "(side NE)",
  },
  {
    name: "union",
    category: "region",
    doc: "Every site of any of the regions.",
    params: [{ name: "regions", type: cat("region"), rest: true, doc: "The regions." }],
    example: "(union (rows 1 2) centres)",
  },
  {
    name: "region-of",
    category: "region",
    doc: "A player's region among the seat regions of that name (see `seat-regions`). With a seat (`P1`) it is a fixed region usable anywhere; with `mover` or `next` it changes with the player, and is read by `(in ...)` and `(fills ...)`.",
    params: [
      { name: "name", type: name, doc: "The name of the seat regions." },
      { name: "player", type: playerRef, doc: PLAYER_DOC },
    ],
    example: "(region-of target mover)",
  },
  {
    name: "sites-to",
    category: "region",
    doc: "The sites the given moves would reach now (Ludii's `(sites To ...)`): where each move of them the player could make in the present state ends, the moves never made. With `from:`, only the moves starting on that site, read where the region is (so `from:to` in a move's condition is that move's site, while `from` and `to` inside the moves are their own). It changes with the position: read by `(in SITE ...)`, counted by `(count-sites (in site ...))`, gone through by `(forall (in site ...) {...})` (the moves generated once for these two) and summed over by `sum-over`. E.g. a disc with at least two knight's leaps open from it: `(>= (count-sites (in site (sites-to (leap paths:{{N N E}} to:(empty to)) from:to))) 2)`; adding only where the marked piece could leap: `(add piece:disc to:(in to (sites-to (leap paths:{{N N E}} from:(marked chosen from mover)))))`.",
    params: [
      { name: "moves", type: cat("moves"), doc: "The moves whose destinations are the region (never made)." },
      { name: "from", type: siteRef, namedOnly: true, optional: true, doc: "Only the moves from this site (default: every move)." },
      { name: "for", type: playerRef, namedOnly: true, optional: true, default: "mover", doc: `Whose moves: ${PLAYER_DOC}.` },
    ],
    example: "(sites-to (leap paths:{{N N E}} to:(not (friend to))) from:to)",
  },
  {
    name: "sites-from",
    category: "region",
    doc: "The sites the given moves would start from now (Ludii's `(sites From ...)`): the pieces that could make one of them in the present state, the moves never made. It changes with the position: read by `(in SITE ...)`, counted by `(count-sites (in site ...))`, gone through by `(forall (in site ...) {...})` and summed over by `sum-over`. E.g. choosing one of one's pieces that could capture: `(select to:(in to (sites-from (jump over:(enemy over)))))`; the opponent's pieces that could move: `(count-sites (in site (sites-from (step) for:next)))`.",
    params: [
      { name: "moves", type: cat("moves"), doc: "The moves whose origins are the region (never made)." },
      { name: "for", type: playerRef, namedOnly: true, optional: true, default: "mover", doc: `Whose moves: ${PLAYER_DOC}.` },
    ],
    example: "(sites-from (jump over:(enemy over)))",
  },
  {
    name: "sites-ahead",
    category: "region",
    doc: "The sites ahead of a site along the board's lines (Ludii's `(sites Direction from:...)`): from the site (itself left out, unless `included:true`), one step after another in each of the directions, to the edge of the board; with `through:`, each line stops before the first site where the condition fails (`site` bound to the site looked at), and with `range:` after that many steps. Player-relative directions (`forward` ...) turn with the player the rule is read for. The site is read in the position, so the region changes with it: read by `(in SITE ...)`, counted by `(count-sites (in site ...))`, gone through by `(forall (in site ...) {...})` and summed over by `sum-over`. E.g. the next piece must go on a cell the triangle just placed points at, however far: `(in to (sites-ahead last-to dirs:{N}))`; the empty sites a rook could reach: `(count-sites (in site (sites-ahead from dirs:{N E S W} through:(empty site))))`.",
    params: [
      { name: "site", type: siteRef, doc: "Where the lines start (not itself in the region)." },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "The directions looked along (default: all of the board's); player-relative ones (`forward` ...) turn with the player the rule is read for." },
      { name: "through", type: cat("bool"), namedOnly: true, optional: true, doc: "The sites a line goes on through: it stops before the first where this fails (`site` is the site looked at; default: every site, to the edge)." },
      { name: "range", type: cat("int"), namedOnly: true, optional: true, doc: "At most this many steps along each line (default: to the edge)." },
      { name: "included", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "Whether the site the lines start from is in the region too." },
    ],
    example: "(sites-ahead last-to dirs:{N})",
  },
];
