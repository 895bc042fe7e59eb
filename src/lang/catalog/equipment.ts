/**
 * Equipment (category `item`): the board, piece types, counters, flags, markers, supplies, portals,
 * shapes and named regions.
 */
import type { LudemeSpec } from "../catalog.js";
import { MAX_PIECES } from "../../limits.js";
import { name, cat, list, playerRef } from "./args.js";

export const equipmentLudemes: LudemeSpec[] = [
  {
    name: "board",
    category: "item",
    doc: "The board. Every board names three regions besides those of its shape: `all` (every site), `corners` (the sites with the fewest neighbours along its directions; a board made of lines keeps its own, see each shape) and `centre` (the site or sites nearest its middle).",
    params: [
      { name: "shape", type: cat("board"), doc: "Its shape." },
      {
        name: "drawn",
        type: { t: "enum", values: ["cells", "points"] },
        namedOnly: true,
        optional: true,
        doc: "How the board is drawn for players; play is the same either way. `points`: pieces stand on the points where lines cross, as on a Go board (Gomoku). `cells`: pieces stand inside squares or hexagons (only square grids without centre points and hex grids have cells). By default square grids and hex grids in rows are drawn as cells, every other board (hex grids in columns too) as points joined by lines.",
      },
      {
        name: "places",
        type: list({ t: "enum", values: ["edges", "faces"] }),
        namedOnly: true,
        optional: true,
        doc: "Places besides the board's points, each a site of its own that pieces may stand on: `edges`, the line between two neighbouring points (labelled by its ends, `a1-b1`); `faces`, each area the lines enclose (labelled by its corners in order round it, `a1-b1-b2-a2`). Regions `points`, `edges` and `faces`; places meet by incidence (`via:incident` in `near`, `count-near`, `forall`): a point and its edges, an edge and its faces. Faces need a board whose lines do not cross. Dots and Boxes: `(board (square 9 9) drawn:points places:{edges faces})`.",
      },
      {
        name: "marked",
        type: cat("region"),
        namedOnly: true,
        optional: true,
        doc: "Sites drawn marked for players, as a board printed with them: a cross in a cell, a dot on a point (a throne and its refuges, the star points of a board of lines). Play is the same either way; rules that give these sites a meaning name them as regions. Any region: `marked:(union centre corners)`, a region the equipment declares, a list of sites.",
      },
    ],
    example: "(board (square 15 15) drawn:points)",
  },
  {
    name: "piece",
    category: "item",
    doc: "A piece type. Any further named argument is a numeric attribute (`rank:2`), readable with `(attr rank ...)` (as a whole number). One attribute has a meaning of its own: `value`, the piece's worth to the agents (the greedy and alpha-beta players and MCTS's estimate of unfinished playouts count material by it, pieces in hand included, fractions kept: `(piece queen value:9)`, `(piece cannon value:4.5)`); a type without `value` is worth nothing when others have one (a king, whose loss ends the game anyway), and every type is worth 1 when none has one. Values change no rule.",
    params: [
      { name: "name", type: name, doc: "The piece type's name." },
      { name: "symbol", type: { t: "string" }, namedOnly: true, optional: true, doc: "The letter drawn for it on text boards (default: its first letter); its case shows the owner." },
      { name: "symbols", type: list({ t: "string" }), namedOnly: true, optional: true, doc: "One symbol per seat, P1 first, drawn exactly as written (e.g. `{\"o\" \"x\"}` for noughts and crosses) instead of one letter whose case or seat number shows the owner." },
      { name: "promotes", type: name, namedOnly: true, optional: true, doc: "The type this piece becomes when promoted: what `(promote SITE)` and `(promotion SITE)` give without a type, and, in a game whose hands keep captures, the promoted piece goes back to this piece's type when captured (Shogi's tokin to a pawn)." },
    ],
    extraNamed: { t: "number" },
    example: '(piece mark symbols:{"o" "x"})',
  },
  {
    name: "counter",
    category: "item",
    doc: "A named counter (starts at 0), changed by effects and read by `(counter name)`: one for the game, or with `per:player` one for each player (Ludii's `(value Player ...)`: lines made, kings taken, moves left this turn), read and changed with `of:` (default `mover`), e.g. `(counter-add lines 1 of:mover)` and `(if (= (counter lines of:mover) 3) (win mover))`. In positions a player's counter is `name@P1`, `name@P2` .... Counters are rules bookkeeping and are not shown to players unless given a `shown:` label.",
    params: [
      { name: "name", type: name, doc: "The counter's name." },
      { name: "per", type: { t: "enum", values: ["game", "player"] }, namedOnly: true, optional: true, default: "game", doc: "`game`: one counter; `player`: one for each player." },
      { name: "shown", type: { t: "string" }, namedOnly: true, optional: true, doc: "Shows the counter to players (in the status line) under this label, e.g. `\"turns without progress\"`; without it the counter stays out of sight." },
      { name: "start", type: { t: "int", min: -1000000, max: 1000000 }, namedOnly: true, optional: true, default: 0, doc: "The value it starts the game with (e.g. -1 for a count of decisions that every decision, the first included, adds one to and that should read 0 after the first)." },
    ],
    example: '(counter lines per:player shown:"lines made")',
  },
  {
    name: "flag",
    category: "item",
    doc: "A mark a piece (a stack) on a site can carry, such as king, blessed or hidden. Flags travel with the piece. An `internal:true` flag is bookkeeping (e.g. \"moved this turn\") and is not shown in positions.",
    params: [
      { name: "name", type: name, doc: "The flag's name." },
      { name: "internal", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "Hidden from positions and records." },
      { name: "conceals", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "A piece with this flag is face down: its type and owner are hidden from every player's observation." },
      { name: "word", type: { t: "string" }, namedOnly: true, optional: true, doc: "The words move narration uses for the flag: `e2 is <word>`, `e2 is no longer <word>` (default: the flag's name), e.g. `\"crowned king\"` for a flag named king." },
    ],
    example: "(flag hidden conceals:true)",
  },
  {
    name: "marker",
    category: "item",
    doc: "A named set of sites per player (e.g. starting points), changed by `mark` and read by `marked`.",
    params: [{ name: "name", type: name, doc: "The marker's name." }],
    example: "(marker start)",
  },
  {
    name: "hand",
    category: "item",
    doc: "Each player has a hand: pieces held off the board by type, to be put back with `(drop ...)`. With `captures:true` every piece a move captures goes to the capturer's hand, changing sides, as its unpromoted type (see `promotes:`), as in Shogi. `(in-hand PIECE PLAYER)` counts them.",
    params: [{ name: "captures", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "Captured pieces go to the capturer's hand." }],
    example: "(hand captures:true)",
  },
  {
    name: "track",
    category: "item",
    doc: "A track: the road pieces follow in a race game, a sequence of sites in order (the regions listed, one after the other, each in its own order: `(sites {d1 c1 b1 a1})` as written, `(path a2 h2)` along a board line). One track serves every seat, or, with `seat:`, a track of the same name is written for each seat (each player's own road); a rule reads another player's road with `of:` (`along`, `first-along`, `distance ... along:`), e.g. the opponent's points. `loop:true`: after the last site comes the first again (a mancala's ring of pits, a circuit). Moves follow it with `(move-along ...)`. A road may pass a site more than once (in along an arc and back out the same way, down a home column and later up it): each piece goes on from its own place, kept where a move along the track lands (each piece of a mixed stack its own; a piece put there otherwise, or in a loaded position, stands at the site's first place).",
    params: [
      { name: "name", type: name, doc: "The track's name." },
      { name: "sites", type: list(cat("region")), doc: "Its sites in order: the regions' sites one region after the other." },
      { name: "seat", type: name, namedOnly: true, optional: true, doc: "The seat whose track this is (`P1` ...); without it, every seat's." },
      { name: "loop", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "The track goes round: the first site follows the last." },
      { name: "bends", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "Going from one listed region to the next (round a loop, from the last to the first too) goes round a bend of the board: Surakarta's corner loops, which `(slide-along ... bends:1)` must pass." },
    ],
    example: "(track race {(sites {d1 c1 b1 a1}) (path a2 h2) (sites {h1 g1})} seat:P1)",
  },
  {
    name: "dice",
    category: "item",
    doc: "The dice the players throw: `count` dice, each with the given faces, every face equally likely (write a face twice to make it twice as likely). When they are thrown is a rule: the rules' `roll:`. A throw is a chance decision (the API's `CHANCE` player) whose outcomes are the faces of each die, in die order; moves read them with `(pips)` and `(die N)`, and use them with `(for-each-die ...)`. Stick dice and cowries are dice with faces `{0 1}`.",
    params: [
      { name: "count", type: { t: "int", min: 1, max: 8 }, doc: "How many dice (at most 8)." },
      { name: "faces", type: list({ t: "int", min: -1000000, max: 1000000 }), namedOnly: true, optional: true, doc: "The numbers on each die's faces (default `{1 2 3 4 5 6}`), at most 64 faces." },
      { name: "faces-by-die", type: list(list({ t: "int", min: -1000000, max: 1000000 })), namedOnly: true, optional: true, doc: "Dice that differ: the faces of each die in turn, one list per die (`count` of them), instead of `faces:` -- stick dice where one stick is marked and counts more, `{{0 1} {0 1} {0 15} {0 20}}` (Petol)." },
      { name: "doubles", type: { t: "enum", values: ["once", "twice", "number", "sum", "ludii"] }, namedOnly: true, optional: true, default: "once", doc: "With several dice: when all show the same number (a double), each may be used `once` (the default) or `twice` (Backgammon: a double 4 gives four moves of 4). `number`: a double n gives n moves of n in all (Jacquet de Versailles: a double 4 four moves of 4, a double 2 two, a double 1 one); `sum`: as many moves of n as the throw totals (Dubblets: a double 3 of two dice, six moves of 3). With `number` and `sum` the faces must be 1 to 100, and `(dice-left)` counts the moves left. `ludii`: as Ludii 1.3.12 plays doubles (`replayDouble`): four moves too, but a double whose turn ends before it is played out stays remembered, and the next throw's dice all turn to its number after their first move (Ludii's Backgammon; see engine/play/dice.ts)." },
    ],
    example: "(dice 2 faces:{1 2 3 4 5 6} doubles:twice)",
  },
  {
    name: "mixed-stacks",
    category: "item",
    doc: "Pieces of several players may share a site, one on another in the order they came (Pachisi, Ludo, Snakes and Ladders). The top piece is the one a site's owner and piece stand for (`owner`, `enemy`, `is-piece` read it; with `level:` they read the piece at a level, 1 the bottom), and `(count SITE)` counts the whole stack (`(count SITE of:P piece:{T})` its pieces of a player or of some types); `(where TYPE PLAYER)` finds a piece at any level. `move-along` moves any one of the mover's pieces out of a stack (with `owner:neutral`, a neutral one) (written `a1:2-c4` when it is not the top one: the second from the bottom) and puts it on top where it lands, where only its `hit:` effects capture; `remove`, `return-to-supply` and `move-pieces` take pieces off the top. Positions list a mixed stack's lower pieces as `below`, bottom first.",
    params: [{ name: "max", type: { t: "int", min: 1, max: 255 }, namedOnly: true, optional: true, doc: "The most pieces one site may hold (default: all the game's pieces, those the start places and the supplies; a game without a supply that adds pieces in play must say)." }],
    example: "(mixed-stacks)",
  },
  {
    name: "site-map",
    category: "item",
    doc: "Named pairs of sites, each leading from its first site to its second: the ladders and snakes of a race board. `(move-along ... divert:NAME)` takes a piece that ends its move on a first site on to the second; `(mapped NAME SITE)` gives the site a site leads to.",
    params: [
      { name: "name", type: name, doc: "The map's name." },
      { name: "pairs", type: list(list(name)), doc: "The pairs, each `{from to}` (a site leads to at most one)." },
    ],
    example: "(site-map shortcuts {{b1 c4} {h3 d9}})",
  },
  {
    name: "supply",
    category: "item",
    doc: "Each player owns `total` pieces in all. Those not on the board (counting a stack's height) and not scored are in the player's supply, from which `add ... from-supply:true` takes.",
    params: [{ name: "total", type: { t: "int", min: 0, max: MAX_PIECES }, doc: "Pieces per player." }],
    example: "(supply 12)",
  },
  {
    name: "portal",
    category: "item",
    doc: "For `player`, a step in one of `dirs` that would leave the board from a site of `from` arrives instead at the far end of the same grid line (e.g. crossing an enemy wall). Slides with `portals:true` use these edges and record the crossing.",
    params: [
      { name: "player", type: playerRef, doc: "Seat `P1`..`Pn`." },
      { name: "from", type: cat("region"), doc: "Sites the portal leaves from." },
      { name: "dirs", type: list(name), namedOnly: true, doc: "Directions that cross." },
    ],
    example: "(portal P1 column-tops dirs:{N NE NW})",
  },
  {
    name: "shape",
    category: "item",
    doc: "A named formation of sites, for `remove-shapes` and `formed`: each cell is the path of directions from an anchor cell (`{}` is the anchor itself, `{E SE}` one step E then one SE). It matches in every rotation and reflection the board allows (60-degree turns on hex boards, 90-degree on square ones).",
    params: [
      { name: "name", type: name, doc: "The shape's name." },
      { name: "cells", type: list(list(name)), doc: "The cells, as direction paths from the anchor." },
    ],
    example: "(shape triangle {{} {E} {SE}})",
  },
  {
    name: "region",
    category: "item",
    doc: "A named set of sites, usable wherever a region is expected.",
    params: [
      { name: "name", type: name, doc: "The region's name." },
      { name: "sites", type: cat("region"), doc: "Its sites." },
    ],
    example: "(region home (rows 1 2))",
  },
  {
    name: "seat-regions",
    category: "item",
    doc: "One region per seat under one name, P1's first: each player's home, or the region each player must fill. Rules name a player's region with `(region-of name player)`, e.g. `(region-of target mover)`; `(place piece each name)` puts every seat's pieces on its own region.",
    params: [
      { name: "name", type: name, doc: "The name of the seat regions." },
      { name: "regions", type: list(cat("region")), doc: "One region per seat, P1's first." },
    ],
    example: "(seat-regions home {point-s point-n})",
  },
];
