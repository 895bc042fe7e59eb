/**
 * Numbers (category `int`).
 */
import type { LudemeSpec } from "../catalog.js";
import { name, cat, list, siteRef, selfRef, SITE_DOC, playerRef, PLAYER_DOC } from "./args.js";

export const numberLudemes: LudemeSpec[] = [
  {
    name: "attr",
    category: "int",
    doc: "A numeric attribute of a piece: of the moving piece (`self`) or of the piece on a site (0 when empty or when the type lacks the attribute).",
    params: [
      { name: "name", type: name, doc: "Attribute name, as given to `(piece ...)`." },
      { name: "of", type: selfRef, doc: "`self` (the moving piece) or the site." },
    ],
    example: "(attr rank over)",
  },
  {
    name: "count",
    category: "int",
    doc: "How many pieces travel in the move; with a site, how many pieces stand on it (a pile's size, a stack's height: the seeds in a pit, the checkers on a point), 0 when empty.",
    params: [{ name: "site", type: siteRef, optional: true, doc: "The site whose pieces are counted (default: the pieces travelling in the move being made)." }],
    example: "(count to)",
  },
  {
    name: "height",
    category: "int",
    doc: "The height of the stack on the site (0 when empty).",
    params: [{ name: "site", type: siteRef, doc: SITE_DOC }],
    example: "(height to)",
  },
  {
    name: "rank",
    category: "int",
    doc: "The rank of the site: the number of its label (`e4`: 4), as `rows` reads it. With `of:` the rank counted from that player's side instead, 1 being the rank nearest the player and the number growing along its forward direction (see `players`): on an 8-rank board e7 is P2's rank 2 when P2 plays towards S. For a seat facing along the ranks (forward E or W) its ranks are the files, counted the same way. 0 for no site. The board's labels must all be letters then a number.",
    params: [
      { name: "site", type: siteRef, doc: SITE_DOC },
      { name: "of", type: playerRef, namedOnly: true, optional: true, doc: `Counted from this player's side: ${PLAYER_DOC}.` },
    ],
    example: "(rank to of:mover)",
  },
  {
    name: "file",
    category: "int",
    doc: "The file of the site, as a number: its label's letters with a = 1, b = 2 ... z = 26, aa = 27 (`e4`: 5). 0 for no site. The board's labels must all be letters then a number.",
    params: [{ name: "site", type: siteRef, doc: SITE_DOC }],
    example: "(file to)",
  },
  {
    name: "supply",
    category: "int",
    doc: "The pieces in the player's supply.",
    params: [{ name: "player", type: playerRef, doc: PLAYER_DOC }],
    example: "(supply mover)",
  },
  {
    name: "in-hand",
    category: "int",
    doc: "How many pieces of the type the player holds in hand (see `hand`); `any`: of every type together.",
    params: [
      { name: "piece", type: name, doc: "The piece type, or `any`." },
      { name: "player", type: playerRef, doc: PLAYER_DOC },
    ],
    example: "(in-hand pawn mover)",
  },
  {
    name: "+",
    category: "int",
    doc: "The sum.",
    params: [{ name: "terms", type: cat("int"), rest: true, doc: "Numbers." }],
    example: "(+ (count) (height to))",
  },
  {
    name: "-",
    category: "int",
    doc: "The first number minus the second.",
    params: [
      { name: "a", type: cat("int"), doc: "Number." },
      { name: "b", type: cat("int"), doc: "Number taken away." },
    ],
    example: "(- (height from) (count))",
  },
  {
    name: "count-sites",
    category: "int",
    doc: "How many sites satisfy the condition (with `site` bound).",
    params: [{ name: "cond", type: cat("bool"), doc: "Condition on `site`." }],
    example: "(count-sites (owner site player))",
  },
  {
    name: "sum-over",
    category: "int",
    doc: "The sum of the number over the sites of the region (with `site` bound to each), e.g. the seeds on a player's side: `(sum-over (region-of side P1) (count site))`.",
    params: [
      { name: "region", type: cat("region"), doc: "Which sites (a player's region, `(region-of name player)`, follows the player)." },
      { name: "value", type: cat("int"), doc: "The number, for `site`." },
    ],
    example: "(sum-over (region-of side mover) (count site))",
  },
  {
    name: "max-over",
    category: "int",
    doc: "The largest value of the number over the sites satisfying the condition (with `site` bound); 0 when none does.",
    params: [
      { name: "cond", type: cat("bool"), doc: "Which sites." },
      { name: "value", type: cat("int"), doc: "The number, for `site`." },
    ],
    example: "(max-over (owner site player) (attr cp site))",
  },
  {
    name: "count-near",
    category: "int",
    doc: "How many neighbours of the site satisfy the condition (with `site` bound to each neighbour).",
    params: [
      { name: "of", type: siteRef, doc: SITE_DOC },
      { name: "cond", type: cat("bool"), doc: "Condition on the neighbour `site`." },
      { name: "via", type: { t: "enum", values: ["adjacent", "line-ends", "both", "incident"] }, namedOnly: true, optional: true, default: "adjacent", doc: "Which sites are its neighbours, as for `near`: `(count-near site (empty site) via:incident)` counts a face's edges not yet drawn." },
    ],
    example: "(count-near site (occupied site))",
  },
  {
    name: "group-size",
    category: "int",
    doc: "The size of the group that contains the site: sites connected to it by board adjacency through sites satisfying the condition (with `site` bound), the site itself counted whether or not it satisfies it (e.g. the group a placement would make).",
    params: [
      { name: "of", type: siteRef, doc: SITE_DOC },
      { name: "cond", type: cat("bool"), doc: "Which sites belong to groups." },
    ],
    example: "(group-size to (owner site mover))",
  },
  {
    name: "group-corners",
    category: "int",
    doc: "How many of the board's corners the group of the piece on the site holds (its owner's pieces joined to it through neighbouring sites), e.g. a bridge between two corners. The group is followed from the site, not found by scanning the board.",
    params: [{ name: "at", type: siteRef, doc: SITE_DOC }],
    example: "(group-corners to)",
  },
  {
    name: "liberties",
    category: "int",
    doc: "The liberties of the group of the piece on the site: how many distinct empty sites lie next to it, a group being its owner's pieces joined through neighbouring sites (Go's). 0 for an empty site. \"No suicide\" is `(keep MOVES leaving:(> (liberties to) 0))`; a group in atari has 1.",
    params: [
      { name: "at", type: siteRef, doc: SITE_DOC },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "The directions that make neighbours (default: all of the board's)." },
    ],
    example: "(liberties to)",
  },
  {
    name: "territory",
    category: "int",
    doc: "The player's territory: the empty sites of the empty regions (empty sites joined through neighbouring empty sites) whose every neighbouring piece is the player's. A region that touches no piece at all counts for every player (as in Ludii).",
    params: [
      { name: "player", type: playerRef, doc: PLAYER_DOC },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "The directions that make neighbours (default: all of the board's)." },
    ],
    example: "(territory player)",
  },
  {
    name: "group-sides",
    category: "int",
    doc: "How many of the board's sides the group of the piece on the site touches. A side is a run of boundary sites between two corners, the corners themselves not included (six on a hexhex board, four on a square one), e.g. a fork touching three sides.",
    params: [{ name: "at", type: siteRef, doc: SITE_DOC }],
    example: "(group-sides to)",
  },
  {
    name: "groups-count",
    category: "int",
    doc: "How many groups (sets connected by board adjacency) of sites satisfying `of` contain at least one site satisfying `having` (`site` bound in both).",
    params: [
      { name: "of", type: cat("bool"), doc: "Which sites form groups." },
      { name: "having", type: cat("bool"), namedOnly: true, optional: true, doc: "Count only groups with such a site (default: every group)." },
    ],
    example: "(groups-count (owner site player) having:(flag site promoted))",
  },
  {
    name: "score",
    category: "int",
    doc: "The player's score.",
    params: [{ name: "player", type: playerRef, doc: PLAYER_DOC }],
    example: "(score player)",
  },
  {
    name: "team-score",
    category: "int",
    doc: "The scores of the player's team added up (see `players ... teams:`): e.g. the pieces a team has borne off.",
    params: [{ name: "player", type: playerRef, doc: PLAYER_DOC }],
    example: "(team-score mover)",
  },
  {
    name: "lookup",
    category: "int",
    doc: "The number at a place in a list, the first at 0; `default` (0 unless given) outside the list. E.g. what a throw of six cowries counts, by how many fall mouth up: `(lookup (pips) {25 10 2 3 4 5 6})`.",
    params: [
      { name: "index", type: cat("int"), doc: "The place in the list (0: the first number)." },
      { name: "values", type: list({ t: "int", min: -1000000, max: 1000000 }), doc: "The numbers." },
      { name: "default", type: { t: "int", min: -1000000, max: 1000000 }, namedOnly: true, optional: true, default: 0, doc: "The value outside the list." },
    ],
    example: "(lookup (pips) {25 10 2 3 4 5 6})",
  },
  {
    name: "pips",
    category: "int",
    doc: "The dice: in a move of `(for-each-die ...)`, the number on the die it uses; elsewhere the sum of all the dice's numbers (the throw, as stick dice count). 0 before the first throw.",
    params: [],
    example: "(pips)",
  },
  {
    name: "die",
    category: "int",
    doc: "The number die N shows (1 for the first die), 0 before the first throw.",
    params: [{ name: "n", type: { t: "int", min: 1, max: 8 }, doc: "Which die." }],
    example: "(die 1)",
  },
  {
    name: "dice-left",
    category: "int",
    doc: "How many more moves the dice allow this turn: the dice not yet used by a move of `(for-each-die ...)`, a double's dice counting twice where the dice say `doubles:twice`.",
    params: [],
    example: "(dice-left)",
  },
  {
    name: "decisions",
    category: "int",
    doc: "How many decisions the game has had so far (a turn of several decisions counts each; throws of the dice count too). For limits such as Ludii's 10,000 moves.",
    params: [],
    example: "(decisions)",
  },
  {
    name: "turn",
    category: "int",
    doc: "The number of the current turn (1 for the game's first turn; positions loaded from files are never turn 1).",
    params: [],
    example: "(turn)",
  },
  {
    name: "div",
    category: "int",
    doc: "a divided by b, rounded down (0 when b is 0).",
    params: [
      { name: "a", type: cat("int"), doc: "Number." },
      { name: "b", type: cat("int"), doc: "Divisor." },
    ],
    example: "(div (supply player) 3)",
  },
  {
    name: "mod",
    category: "int",
    doc: "The remainder of a divided by b (0 when b is 0).",
    params: [
      { name: "a", type: cat("int"), doc: "Number." },
      { name: "b", type: cat("int"), doc: "Divisor." },
    ],
    example: "(mod (counter quiet) 2)",
  },
  {
    name: "if-int",
    category: "int",
    doc: "`then` when the condition holds, `else` otherwise.",
    params: [
      { name: "cond", type: cat("bool"), doc: "Condition." },
      { name: "then", type: cat("int"), doc: "Value when it holds." },
      { name: "else", type: cat("int"), doc: "Value otherwise." },
    ],
    example: "(if-int (flag to king) 10 1)",
  },
  {
    name: "distance",
    category: "int",
    doc: "The fewest steps from one site to another along the board's directions (`dirs:`, default the board's own), whatever stands on the sites between (Ludii's `(count Steps A B)`): a step that must take a piece further from the enemy king is `(> (distance to (where king next)) (distance from (where king next)))`. 0 from a site to itself, and when either is no site; 1000000 when no path joins them.",
    params: [
      { name: "a", type: siteRef, doc: "One site." },
      { name: "b", type: siteRef, doc: "The other." },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "Directions of the steps (default: the board's own)." },
    ],
    example: "(distance to (where king next))",
  },
  {
    name: "counter",
    category: "int",
    doc: "The current value of a counter; of a player's own counter (declared `per:player`), that player's.",
    params: [
      { name: "name", type: name, doc: "Counter name." },
      { name: "of", type: playerRef, namedOnly: true, optional: true, doc: `Whose counter, for a counter per player (default \`mover\`): ${PLAYER_DOC}.` },
    ],
    example: "(counter lines of:next)",
  },
  {
    name: "*",
    category: "int",
    doc: "The product.",
    params: [{ name: "factors", type: cat("int"), rest: true, doc: "Numbers." }],
    example: "(* 1250 4)",
  },
];
