/**
 * Site forms (category `site`): a site found when the rule is evaluated, accepted wherever a rule
 * reads a site, beside the names `from`, `to`, `last-to` ...
 */
import type { LudemeSpec } from "../catalog.js";
import { cat, name, siteRef, playerRef, PLAYER_DOC, SITE_DOC, TRACK_OF_DOC } from "./args.js";

export const siteLudemes: LudemeSpec[] = [
  {
    name: "ahead",
    category: "site",
    doc: "The site `n` steps from a site in one direction: a direction of the board, or one relative to the player the rule is evaluated for (`forward`, `backward`, `forward-left` ..., see `players`), so that one rule serves every seat, or `onward`, the way the move goes -- the board's line from `from` to `to` (in a move's conditions and consequences the move being made, in end rules the last decision's; Ludii's LastDirection) --, or `back`, the way back along it, from `to` towards `from` (Ludii's OppositeDirection). No site when a step leaves the board, or when the board has no such direction for that player (or no line leads from `from` to `to`). En passant reads `(ahead to backward)`: the site just behind the one a pawn moves to; a slide that must stop against a piece, `to:(occupied (ahead to onward))`.",
    params: [
      { name: "site", type: siteRef, doc: "Where to start." },
      { name: "dir", type: name, doc: "The direction: the board's name (`N`, `NE` ...), player-relative (`forward`, `backward-left` ...), `onward` (the way the move from `from` to `to` goes) or `back` (the way back, from `to` towards `from`)." },
      { name: "n", type: { t: "int", min: 1 }, optional: true, default: 1, doc: "How many steps." },
    ],
    example: "(ahead to backward)",
  },
  {
    name: "along",
    category: "site",
    doc: "The site `n` positions further along a track from a site, on the track of the player the rule is read for (the mover's, in moves), or with `of:` another player's road: round a loop, and no site past the end of an open track or from a site off it. Negative `n` counts back. E.g. the pit facing a pit in the same place on the other side of a loop of 18: `(along round to 9)`; the opponent's point of a die's number, counted along the opponent's own road from its first point: `(along race (site-of (region-of start opponent)) (- (pips) 1) of:opponent)` (Ludii's `trackSite Move` given another player, or that player's track by name).",
    params: [
      { name: "track", type: name, doc: "The track's name." },
      { name: "site", type: siteRef, doc: "Where to start." },
      { name: "n", type: cat("int"), doc: "How many positions further (negative: back)." },
      { name: "of", type: playerRef, namedOnly: true, optional: true, doc: TRACK_OF_DOC },
    ],
    example: "(along round to 9)",
  },
  {
    name: "first-along",
    category: "site",
    doc: "The first site along a track, starting from a site (that site first) and going on round, where a condition holds (`site` bound to the site looked at): the track of the player the rule is read for (the mover's, in moves), or with `of:` another player's. An open track is gone round too, from its end back to its start. No site when none of the track's sites qualifies, or when the start is off the track. E.g. the first empty pit of the mover's row counting from its right-hand end, where seeds are put back at the start of a round: `(first-along refill (site-of (region-of right-end mover)) (empty site))`.",
    params: [
      { name: "track", type: name, doc: "The track's name." },
      { name: "site", type: siteRef, doc: "Where to start." },
      { name: "cond", type: cat("bool"), doc: "Condition on `site`, each site of the track in turn." },
      { name: "of", type: playerRef, namedOnly: true, optional: true, doc: TRACK_OF_DOC },
    ],
    example: "(first-along refill (site-of (region-of right-end mover)) (empty site))",
  },
  {
    name: "mapped",
    category: "site",
    doc: "The site a site leads to in a `site-map` (the top of a ladder, a snake's tail), or the site itself when it leads nowhere.",
    params: [
      { name: "map", type: name, doc: "The site map's name." },
      { name: "site", type: siteRef, doc: "The site." },
    ],
    example: "(mapped shortcuts to)",
  },
  {
    name: "site-of",
    category: "site",
    doc: "The one site of a region (its first, when it has several; no site when it is empty), e.g. a player's store: `(site-of (region-of store mover))`.",
    params: [{ name: "region", type: cat("region"), doc: "The region (a player's region, `(region-of name player)`, follows the player)." }],
    example: "(site-of (region-of store mover))",
  },
  {
    name: "edge-of",
    category: "site",
    doc: "On a board with edges as places (`places:{edges}`): the edge joining two neighbouring points, no site when none joins them. A wall between two cells of Quoridor: a step may cross only where `(empty (edge-of from to))`.",
    params: [
      { name: "a", type: siteRef, doc: SITE_DOC },
      { name: "b", type: siteRef, doc: SITE_DOC },
    ],
    example: "(edge-of from to)",
  },
  {
    name: "where",
    category: "site",
    doc: "The site of the player's piece of this type: the first in the board's order of sites (on a square board a1, b1 ... a2 ...) when the player has several, no site when it has none. For pieces a player has one of, such as a king or a general. In a game of `mixed-stacks` the piece is found at any level of a stack, under other players' pieces too (Ludii's `where`): a race piece buried on a shared square, `(same-site (where stick mover) a8)`. `neutral` finds a neutral piece: the one Ghoula of Es-Sig, `(where ghoula neutral)`.",
    params: [
      { name: "piece", type: name, doc: "Piece type." },
      { name: "player", type: playerRef, doc: PLAYER_DOC + ", or `neutral` (a neutral piece)" },
    ],
    example: "(where general mover)",
  },
];
