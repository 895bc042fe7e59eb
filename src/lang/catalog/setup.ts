/**
 * Setting up a game: start-position instructions (category `start`) and the decisions made before
 * the first turn (category `prelude`).
 */
import type { LudemeSpec } from "../catalog.js";
import { MAX_PIECES, MAX_SITES } from "../../limits.js";
import { name, cat, list, playerRef } from "./args.js";

export const setupLudemes: LudemeSpec[] = [
  {
    name: "place",
    category: "start",
    doc: "Puts a piece of `owner` on every site of the region. With `each`, every seat gets its pieces on its own region of the seat regions `at` names (see `seat-regions`).",
    params: [
      { name: "piece", type: name, doc: "Piece type." },
      { name: "owner", type: playerRef, doc: "Seat `P1`..`Pn`; `each`: every seat, on its own region; `neutral`: nobody's (blocks, a mancala's seeds)." },
      { name: "at", type: cat("region"), doc: "Where." },
      { name: "height", type: { t: "int", min: 1, max: MAX_PIECES }, namedOnly: true, optional: true, default: 1, doc: "Stack height." },
      { name: "flags", type: list(name), namedOnly: true, optional: true, doc: "Flags the pieces start with." },
    ],
    example: "(place man P1 e2 flags:{king})",
  },
  {
    name: "stack",
    category: "start",
    doc: "Puts a stack of pieces of several players on a site, bottom first (a game with `mixed-stacks`): e.g. every player's pawn on the first square, P1's on top.",
    params: [
      { name: "at", type: cat("region"), doc: "Where (each site gets the same stack)." },
      { name: "pieces", type: list(list(name)), doc: "The pieces from the bottom up, each `{type owner}` (owner a seat `P1`..`Pn`, or `neutral`)." },
    ],
    example: "(stack a1 {{pawn P2} {pawn P1}})",
  },
  {
    name: "hold",
    category: "start",
    doc: "Puts pieces in players' hands (see `hand`) at the start: `count` of each type listed (default 1), for the player or `each` player. E.g. the numbered cubes each player places at the start of EinStein würfelt nicht: `(hold {one two three four five six} each)`.",
    params: [
      { name: "pieces", type: list(name), doc: "The piece types." },
      { name: "owner", type: playerRef, doc: "Seat `P1`..`Pn`, or `each`." },
      { name: "count", type: { t: "int", min: 1, max: MAX_PIECES }, namedOnly: true, optional: true, default: 1, doc: "How many of each type." },
    ],
    example: "(hold {one two three} each count:1)",
  },
  {
    name: "mark",
    category: "start",
    doc: "Adds every site of the region to a player's marker set.",
    params: [
      { name: "marker", type: name, doc: "Marker name." },
      { name: "player", type: playerRef, doc: "Seat `P1`..`Pn`." },
      { name: "at", type: cat("region"), doc: "Where." },
    ],
    example: "(mark start P1 e2)",
  },
  {
    name: "place-random",
    category: "start",
    doc: "Puts `count` pieces of `owner` one after another, each on a site drawn at random (the game's seeded generator) among the region's sites still empty, so that later placements work round earlier ones: a random start under constraints is a sequence of them, e.g. Chess960's bishops on squares of both colours, `(place-random bishop P1 (intersection (rows 1 1) (colour-of a1)))` then `(place-random bishop P1 (difference (rows 1 1) (colour-of a1)))` (Ludii's `(place ... (sites Random ...))`). When the region has fewer empty sites than pieces, the pieces left out are not placed. Same seed, same start.",
    params: [
      { name: "piece", type: name, doc: "Piece type." },
      { name: "owner", type: playerRef, doc: "Seat `P1`..`Pn`, or `neutral`." },
      { name: "at", type: cat("region"), doc: "The sites to draw from." },
      { name: "count", type: { t: "int", min: 1, max: MAX_PIECES }, namedOnly: true, optional: true, default: 1, doc: "How many pieces." },
      { name: "flags", type: list(name), namedOnly: true, optional: true, doc: "Flags the pieces start with." },
    ],
    example: "(place-random knight P1 (rows 1 1) count:2)",
  },
  {
    name: "fill",
    category: "start",
    doc: "Puts the pieces listed, in order, on the region's sites still empty, in the region's order (a square's rows from a1 rightwards): after random placements, the squares left take what the rules give them, e.g. Chess960's rook, king and rook from left to right, `(fill {rook king rook} P1 (rows 1 1))`. Pieces beyond the empty sites are not placed.",
    params: [
      { name: "pieces", type: list(name), doc: "The piece types, in order." },
      { name: "owner", type: playerRef, doc: "Seat `P1`..`Pn`, or `neutral`." },
      { name: "at", type: cat("region"), doc: "The sites to fill." },
      { name: "flags", type: list(name), namedOnly: true, optional: true, doc: "Flags the pieces start with." },
    ],
    example: "(fill {rook king rook} P1 (rows 1 1) flags:{unmoved})",
  },
  {
    name: "mirror",
    category: "start",
    doc: "Gives a player a twin of every piece another player has on the board (same type and flags), on the site mirrored across the board's middle: `ranks` (the default) keeps the file and counts the rank from the other end (a1 and a8 on eight ranks), `files` keeps the rank and counts the file from the other end, `centre` does both (a turn through half a circle). One side set up at random and the other facing it: `(mirror P1 P2)`. Needs a board whose sites are named by file and rank; a site with no mirror, or a mirror site already taken, gets no twin.",
    params: [
      { name: "from", type: playerRef, doc: "Whose pieces are copied (a seat)." },
      { name: "owner", type: playerRef, doc: "Who gets the twins (a seat)." },
      { name: "axis", type: { t: "enum", values: ["ranks", "files", "centre"] }, namedOnly: true, optional: true, default: "ranks", doc: "How the board is mirrored." },
    ],
    example: "(mirror P1 P2)",
  },
  {
    name: "deal",
    category: "start",
    doc: "Shuffles a set of pieces with the game's seeded random generator and puts them one per site on the region, in the region's order. Every further named argument `type:n` gives n pieces of that type to each player. Same seed, same deal.",
    params: [
      { name: "at", type: cat("region"), doc: "The sites to fill (at least as many as pieces)." },
      { name: "flags", type: list(name), namedOnly: true, optional: true, doc: "Flags every dealt piece starts with (e.g. face down)." },
    ],
    // One piece per site: more than a board's sites can never be dealt.
    extraNamed: { t: "int", min: 0, max: MAX_SITES },
    example: "(deal all flags:{hidden} king:1 soldier:5)",
  },
  {
    name: "decide",
    category: "prelude",
    doc: "One decision of the prelude: the seat chooses one of these moves before the first turn (not counted as an action of any turn).",
    params: [
      { name: "player", type: playerRef, doc: "Seat `P1`..`Pn`." },
      { name: "moves", type: cat("moves"), doc: "The moves offered." },
    ],
    example: "(decide P1 (select kind:choose to:(in to home)))",
  },
];
