/**
 * The ludeme catalog: every form the language knows, with its category (what it produces), its
 * arguments (name, type, positional or named, optional), and its documentation.
 *
 * The catalog is the single source of the vocabulary: the binder maps forms to JSON by it, the
 * JSON Schema (grammar/game.schema.json) and the reference (grammar/ludemes.md) are generated from
 * it, and a test keeps it one-to-one with the compiler's builders.
 */

/** What a ludeme produces; an argument slot accepts ludemes (and atoms) of one category. */
export type Category =
  | "game"
  | "players"
  | "item"
  | "board"
  | "region"
  | "rules"
  | "turns"
  | "start"
  | "prelude"
  | "moves"
  | "bool"
  | "int"
  | "effect"
  | "end"
  | "outcome";

export type ArgType =
  | { t: "int"; min?: number }
  | { t: "number" }
  | { t: "bool" }
  | { t: "string" }
  /** An identifier or a string: a name of something (piece, counter, player, direction ...). */
  | { t: "name" }
  | { t: "enum"; values: string[] }
  | { t: "list"; of: ArgType }
  | { t: "cat"; cat: Category };

export interface ParamSpec {
  name: string;
  type: ArgType;
  doc: string;
  optional?: boolean;
  /** Only accepted as `name:value`. */
  namedOnly?: boolean;
  /** Collects every remaining positional argument into a list. */
  rest?: boolean;
  default?: string | number | boolean;
}

export interface LudemeSpec {
  name: string;
  category: Category;
  doc: string;
  params: ParamSpec[];
  /** Extra named arguments of this type are allowed (e.g. numeric piece attributes). */
  extraNamed?: ArgType;
  example: string;
}

/** Atoms a category accepts besides its ludemes, and how to describe them to a designer. */
export const categoryInfo: Record<Category, { doc: string; atoms?: ArgType[]; atomDoc?: string }> = {
  game: { doc: "A whole game description." },
  players: { doc: "Who plays." },
  item: { doc: "A piece of equipment: the board, piece types, counters, named regions." },
  board: { doc: "A board shape, built into a graph of sites." },
  region: { doc: "A set of sites.", atoms: [{ t: "name" }], atomDoc: "a site label (`e5`) or a region name (`centres`)" },
  rules: { doc: "The rules: start, turn structure, play and end." },
  turns: { doc: "The turn structure." },
  start: { doc: "A start-position instruction." },
  prelude: { doc: "Decisions made before the first turn." },
  moves: { doc: "A source of legal moves." },
  bool: { doc: "A condition.", atoms: [{ t: "bool" }], atomDoc: "`true` or `false`" },
  int: { doc: "A whole number.", atoms: [{ t: "int" }], atomDoc: "a number" },
  effect: { doc: "A consequence run after a move." },
  end: { doc: "An end rule, checked in order after every decision." },
  outcome: { doc: "How an ended game is scored.", atoms: [{ t: "enum", values: ["draw"] }], atomDoc: "`draw`" },
};

const int: ArgType = { t: "int" };
const name: ArgType = { t: "name" };
const cat = (c: Category): ArgType => ({ t: "cat", cat: c });
const list = (of: ArgType): ArgType => ({ t: "list", of });
/**
 * Sites a condition can look at: in a move `from`, `over` (the jumped site), `to`; `site` inside
 * forms that go through sites (forall, exists, near, groups, a slide's through:).
 */
const siteRef: ArgType = { t: "enum", values: ["from", "over", "to", "site"] };
/** As siteRef, plus `self`: the moving piece (or part of a stack) as it was when the move began. */
const selfRef: ArgType = { t: "enum", values: ["self", "from", "over", "to", "site"] };
const SITE_DOC = "`from`, `over`, `to` (in moves) or `site` (in forall, exists, near, groups, through:)";
/** A player relative to the rule being evaluated, or a seat. */
const playerRef: ArgType = { t: "name" };
const PLAYER_DOC =
  "`mover` (who just acted, in end rules; who acts, in moves), `next` (who acts next), `opponent` (the seat after `mover`), `player` (inside `ranked`: the player being ranked) or a seat `P1`..`Pn`";
const effects = (doc: string): ParamSpec => ({ name: "then", type: list(cat("effect")), namedOnly: true, optional: true, doc });

const moveCommon: ParamSpec[] = [
  { name: "kind", type: name, namedOnly: true, optional: true, doc: "The action name of the moves made (shown in records and matched by scenarios)." },
  { name: "piece", type: list(name), namedOnly: true, optional: true, doc: "Only these piece types move this way (default: every piece)." },
  { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "Directions allowed (default: all of the board's directions)." },
  { name: "then", type: list(cat("effect")), namedOnly: true, optional: true, doc: "Consequences applied after the move." },
  { name: "from", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on the moving piece's site (`from`, `self`); default: any piece of the mover." },
];

const compare = (op: string, meaning: string): LudemeSpec => ({
  name: op,
  category: "bool",
  doc: `True when the first number is ${meaning} the second.`,
  params: [
    { name: "a", type: cat("int"), doc: "Left operand." },
    { name: "b", type: cat("int"), doc: "Right operand." },
  ],
  example: `(${op} (attr rank over) (attr rank self))`,
});

export const catalog: LudemeSpec[] = [
  // --- structure ---
  {
    name: "game",
    category: "game",
    doc: "A game: its name, players, equipment and rules. `(define ...)`, `(option ...)` and `(extends ...)` may appear inside too; they are expanded before binding.",
    params: [
      { name: "name", type: { t: "string" }, doc: "The game's name." },
      { name: "players", type: cat("players"), doc: "Who plays." },
      { name: "equipment", type: list(cat("item")), doc: "Board, pieces, counters, regions." },
      { name: "rules", type: cat("rules"), doc: "Start, turns, play, end." },
    ],
    example: '(game "Walk" (players 2) (equipment {(board (square 3 3)) (piece man)}) (rules (start {(place man P1 a1)}) (play (step)) (end {(if (no-moves next) (win mover))})))',
  },
  {
    name: "players",
    category: "players",
    doc: "The number of players, seated P1..Pn in turn order (P1 acts first), with optional display names.",
    params: [
      { name: "count", type: { t: "int", min: 1 }, doc: "How many players." },
      { name: "names", type: list(name), namedOnly: true, optional: true, doc: "Display names, one per seat." },
    ],
    example: "(players 2 names:{South North})",
  },
  // --- equipment ---
  {
    name: "board",
    category: "item",
    doc: "The board.",
    params: [{ name: "shape", type: cat("board"), doc: "Its shape." }],
    example: "(board (square 8 8))",
  },
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
    name: "piece",
    category: "item",
    doc: "A piece type. Any further named argument is a numeric attribute (`rank:2`), readable with `(attr rank ...)`.",
    params: [
      { name: "name", type: name, doc: "The piece type's name." },
      { name: "symbol", type: { t: "string" }, namedOnly: true, optional: true, doc: "The letter drawn for it on text boards (default: its first letter); its case shows the owner." },
    ],
    extraNamed: { t: "number" },
    example: "(piece prince rank:2)",
  },
  {
    name: "counter",
    category: "item",
    doc: "A named game counter (starts at 0), changed by effects and read by `(counter name)`. Counters are rules bookkeeping and are not shown to players unless given a `shown:` label.",
    params: [
      { name: "name", type: name, doc: "The counter's name." },
      { name: "shown", type: { t: "string" }, namedOnly: true, optional: true, doc: "Shows the counter to players (in the status line) under this label, e.g. `\"turns without progress\"`; without it the counter stays out of sight." },
    ],
    example: '(counter quiet shown:"plies without capture")',
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
    name: "supply",
    category: "item",
    doc: "Each player owns `total` pieces in all. Those not on the board (counting a stack's height) and not scored are in the player's supply, from which `add ... from-supply:true` takes.",
    params: [{ name: "total", type: { t: "int", min: 0 }, doc: "Pieces per player." }],
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
    doc: "A named formation of sites, for `remove-shapes`: each cell is the path of directions from an anchor cell (`{}` is the anchor itself, `{E SE}` one step E then one SE). It matches in every rotation and reflection the board allows (60-degree turns on hex boards, 90-degree on square ones).",
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
  // --- regions ---
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
    name: "union",
    category: "region",
    doc: "Every site of any of the regions.",
    params: [{ name: "regions", type: cat("region"), rest: true, doc: "The regions." }],
    example: "(union (rows 1 2) centres)",
  },
  // --- rules ---
  {
    name: "rules",
    category: "rules",
    doc: "The rules of play.",
    params: [
      { name: "start", type: list(cat("start")), doc: "The start position." },
      { name: "play", type: cat("moves"), doc: "The legal moves of the player to act." },
      { name: "end", type: list(cat("end")), doc: "End rules, checked in order after every decision; the first that holds ends the game." },
      { name: "turns", type: cat("turns"), namedOnly: true, optional: true, doc: "The turn structure (default: one action per turn, seats in order)." },
      { name: "prelude", type: list(cat("prelude")), namedOnly: true, optional: true, doc: "Decisions before the first turn, in order." },
      { name: "after-action", type: list(cat("effect")), namedOnly: true, optional: true, doc: "Consequences run after every decision, in order, before the end rules." },
      { name: "after-turn", type: list(cat("effect")), namedOnly: true, optional: true, doc: "Consequences run when a turn ends." },
    ],
    example: "(rules (start {(place man P1 a1)}) (play (step)) (end {(if (no-moves next) (win mover))}) turns:(turns 2 first:1))",
  },
  {
    name: "turns",
    category: "turns",
    doc: "Each turn has `actions` decisions by the same player; the game's very first turn has `first`.",
    params: [
      { name: "actions", type: { t: "int", min: 1 }, doc: "Decisions per turn." },
      { name: "first", type: { t: "int", min: 1 }, namedOnly: true, optional: true, doc: "Decisions in the first turn of the game (default: `actions`)." },
    ],
    example: "(turns 2 first:1)",
  },
  {
    name: "place",
    category: "start",
    doc: "Puts a piece of `owner` on every site of the region.",
    params: [
      { name: "piece", type: name, doc: "Piece type." },
      { name: "owner", type: playerRef, doc: "Seat `P1`..`Pn`." },
      { name: "at", type: cat("region"), doc: "Where." },
      { name: "height", type: { t: "int", min: 1 }, namedOnly: true, optional: true, default: 1, doc: "Stack height." },
      { name: "flags", type: list(name), namedOnly: true, optional: true, doc: "Flags the pieces start with." },
    ],
    example: "(place man P1 e2 flags:{king})",
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
    name: "deal",
    category: "start",
    doc: "Shuffles a set of pieces with the game's seeded random generator and puts them one per site on the region, in the region's order. Every further named argument `type:n` gives n pieces of that type to each player. Same seed, same deal.",
    params: [
      { name: "at", type: cat("region"), doc: "The sites to fill (at least as many as pieces)." },
      { name: "flags", type: list(name), namedOnly: true, optional: true, doc: "Flags every dealt piece starts with (e.g. face down)." },
    ],
    extraNamed: { t: "int", min: 0 },
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
  // --- moves ---
  {
    name: "step",
    category: "moves",
    doc: "A piece of the mover moves one site in one of the allowed directions. By default the destination must be empty; `to:` replaces that condition (a step onto an enemy piece captures it). Notation `from-to`, or `fromxto` when it captures.",
    params: [
      ...moveCommon,
      { name: "to", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on the destination (sites `from`, `to`); default `(empty to)`." },
    ],
    example: "(step kind:step then:{(counter-add quiet 1)})",
  },
  {
    name: "jump",
    category: "moves",
    doc: "A piece of the mover jumps over the adjacent site `over` to the next site `to` on the same line, and the jumped piece is removed at once. With `chain:must` the piece keeps jumping (in any allowed direction) while it can and only complete chains are moves; `chain:may` lets it stop after any jump. The jumper is off its origin during a chain, so a chain may cross or end on it. A whole chain is one move; its `path` lists every landing. Notation `from x landing x landing ...`, e.g. `a1xe1xe5`.",
    params: [
      ...moveCommon,
      { name: "over", type: cat("bool"), namedOnly: true, doc: "Condition on the jumped site `over` (and `self`, `to`)." },
      { name: "land", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on the landing site; default `(empty to)`." },
      { name: "chain", type: { t: "enum", values: ["none", "must", "may"] }, namedOnly: true, optional: true, default: "none", doc: "Whether the piece jumps again." },
    ],
    example: "(jump over:(enemy over) chain:must)",
  },
  {
    name: "slide",
    category: "moves",
    doc: "A stack of the mover, or part of it, travels in a straight line 1 to `range` sites (default: as many sites as pieces travel) and lands where `to:` allows; it never ends on its origin. `take:all` moves the whole stack, `part` 1..h-1 of its h pieces, `any` 1..h. Landing on another player's or a neutral piece runs `on-capture:` then removes it (capture by replacement); landing on a friendly stack merges (heights add, flags combine); on an empty site the travelling part makes a new stack carrying the source's flags. The path passes over a site only while `through:` holds for it (as `site`). With `portals:true` the path follows the mover's portal edges; `(crossed)` tells whether it did. Notation `from-to` (`separator:` replaces `-`), `x` for a capture, `^` after a path through a portal, `/n` when n pieces of a taller stack travel: `e3-e5`, `e3xe5`, `e9-e2^`, `e3+e4/1`.",
    params: [
      ...moveCommon,
      { name: "take", type: { t: "enum", values: ["all", "part", "any"] }, namedOnly: true, optional: true, default: "all", doc: "How many pieces of the stack travel." },
      { name: "range", type: { t: "int", min: 1 }, namedOnly: true, optional: true, doc: "Farthest distance (default: the number of travelling pieces)." },
      { name: "through", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition for passing over `site` (default: any site)." },
      { name: "to", type: cat("bool"), namedOnly: true, doc: "Condition on the landing site (`to`, with `(count)` and `(crossed)`)." },
      { name: "portals", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "Follow the mover's portal edges." },
      { name: "on-capture", type: list(cat("effect")), namedOnly: true, optional: true, doc: "Effects before a captured stack on `to` is removed." },
      { name: "separator", type: { t: "string" }, namedOnly: true, optional: true, default: "-", doc: "Notation between the two sites." },
    ],
    example: '(slide kind:merge take:any to:(friend to) separator:"+")',
  },
  {
    name: "add",
    category: "moves",
    doc: "Puts a new piece on a site where `to:` holds (replacing what stands there, if the condition allows an occupied site): the mover's (from its supply with `from-supply:true`, impossible when that is empty) or a neutral one. Notation: `prefix` then the site, e.g. `*e3`.",
    params: [
      { name: "kind", type: name, namedOnly: true, optional: true, doc: "The action name (default `add`)." },
      { name: "piece", type: name, namedOnly: true, doc: "The piece type." },
      { name: "owner", type: { t: "enum", values: ["mover", "neutral"] }, namedOnly: true, optional: true, default: "mover", doc: "Whose piece it is." },
      { name: "from-supply", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "Taken from the mover's supply." },
      { name: "flags", type: list(name), namedOnly: true, optional: true, doc: "Flags the new piece starts with." },
      { name: "to", type: cat("bool"), namedOnly: true, doc: "Condition on the site (`to`)." },
      effects("Consequences after the piece is put down."),
      { name: "prefix", type: { t: "string" }, namedOnly: true, optional: true, default: "*", doc: "Notation before the site." },
    ],
    example: '(add kind:drop piece:man from-supply:true to:(empty to) prefix:"*")',
  },
  {
    name: "select",
    category: "moves",
    doc: "Chooses a site where `to:` holds; only the `then:` effects change the state (e.g. choosing a starting point and filling its zone). Notation: `prefix` then the site, e.g. `@g2`.",
    params: [
      { name: "kind", type: name, namedOnly: true, optional: true, doc: "The action name (default `select`)." },
      { name: "to", type: cat("bool"), namedOnly: true, doc: "Condition on the site (`to`)." },
      effects("What choosing the site does."),
      { name: "prefix", type: { t: "string" }, namedOnly: true, optional: true, default: "@", doc: "Notation before the site." },
    ],
    example: "(select kind:choose to:(empty to) then:{(mark start to mover)})",
  },
  {
    name: "lift",
    category: "moves",
    doc: "Takes one of the mover's pieces off the board from a site where `from:` holds (back to the supply with `to-supply:true`). Notation: `prefix` then the site, e.g. `-e5`.",
    params: [
      { name: "kind", type: name, namedOnly: true, optional: true, doc: "The action name (default `lift`)." },
      { name: "from", type: cat("bool"), namedOnly: true, doc: "Condition on the site (`from`)." },
      { name: "to-supply", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "The piece (its whole stack) returns to the owner's supply." },
      effects("Consequences after the piece is lifted."),
      { name: "prefix", type: { t: "string" }, namedOnly: true, optional: true, default: "-", doc: "Notation before the site." },
    ],
    example: "(lift kind:return from:(not (flag from promoted)) to-supply:true)",
  },
  {
    name: "screen-jump",
    category: "moves",
    doc: "A capture by jumping exactly `screens` pieces (anyone's, face up or down) along a line, with any number of empty sites before, between and after them: the target is the first piece beyond the last screen, it must satisfy `to:`, and the jumper lands on its site (the banqi / xiangqi cannon). Never takes an adjacent piece. Notation `fromxto`.",
    params: [
      ...moveCommon,
      { name: "screens", type: { t: "int", min: 1 }, namedOnly: true, optional: true, default: 1, doc: "Pieces to jump." },
      { name: "to", type: cat("bool"), namedOnly: true, doc: "Condition on the target (`to`)." },
    ],
    example: "(screen-jump kind:attack piece:{cannon} to:(enemy to))",
  },
  {
    name: "chase-limit",
    category: "moves",
    doc: "The moves of `moves`, except that a player may not follow the same fleeing enemy piece more than `limit` turns in a row. A follow is a move of one of `kinds` ending next to the piece the previous player moved (with one of `kinds`) on their last turn; consecutive follows of the same piece form a streak, and any other action ends it. `limit` 0 turns the rule off.",
    params: [
      { name: "limit", type: { t: "int", min: 0 }, doc: "Follows in a row allowed." },
      { name: "moves", type: cat("moves"), doc: "The moves it restricts." },
      { name: "kinds", type: list(name), namedOnly: true, doc: "Move kinds that count as moving (fleeing and following)." },
    ],
    example: "(chase-limit 3 (step kind:step) kinds:{step})",
  },
  {
    name: "priority",
    category: "moves",
    doc: "The moves of the first source that has any; later sources count only when all before them have none (e.g. compulsory capture: `(priority (jump ...) (step ...))`).",
    params: [{ name: "sources", type: cat("moves"), rest: true, doc: "Move sources, most urgent first." }],
    example: "(priority (jump over:(enemy over)) (step))",
  },
  {
    name: "either",
    category: "moves",
    doc: "The moves of all the sources together.",
    params: [{ name: "sources", type: cat("moves"), rest: true, doc: "Move sources." }],
    example: "(either (step) (jump over:(enemy over)))",
  },
  // --- conditions ---
  {
    name: "empty",
    category: "bool",
    doc: "The site holds no piece.",
    params: [{ name: "site", type: siteRef, doc: SITE_DOC }],
    example: "(empty to)",
  },
  {
    name: "enemy",
    category: "bool",
    doc: "The site holds a piece of another player (not a neutral piece).",
    params: [{ name: "site", type: siteRef, doc: SITE_DOC }],
    example: "(enemy over)",
  },
  {
    name: "friend",
    category: "bool",
    doc: "The site holds a piece of the player the rule is evaluated for.",
    params: [{ name: "site", type: siteRef, doc: SITE_DOC }],
    example: "(friend to)",
  },
  {
    name: "occupied",
    category: "bool",
    doc: "The site holds a piece (anyone's, or neutral).",
    params: [{ name: "site", type: siteRef, doc: SITE_DOC }],
    example: "(occupied site)",
  },
  {
    name: "owner",
    category: "bool",
    doc: "The site holds a piece of the player (`any`: of any player, not neutral).",
    params: [
      { name: "site", type: siteRef, doc: SITE_DOC },
      { name: "player", type: playerRef, doc: PLAYER_DOC + ", or `any`" },
    ],
    example: "(owner site mover)",
  },
  {
    name: "is-piece",
    category: "bool",
    doc: "The site holds a piece of this type.",
    params: [
      { name: "site", type: siteRef, doc: SITE_DOC },
      { name: "piece", type: name, doc: "Piece type." },
    ],
    example: "(is-piece site block)",
  },
  {
    name: "flag",
    category: "bool",
    doc: "The piece on the site (or the moving part, `self`) carries the flag.",
    params: [
      { name: "site", type: selfRef, doc: "`self` or " + SITE_DOC },
      { name: "flag", type: name, doc: "Flag name." },
    ],
    example: "(flag to blessed)",
  },
  {
    name: "crossed",
    category: "bool",
    doc: "The move's path went through a portal.",
    params: [],
    example: "(crossed)",
  },
  {
    name: "marked",
    category: "bool",
    doc: "The site is in the player's marker set (`any`, the default: in any player's).",
    params: [
      { name: "marker", type: name, doc: "Marker name." },
      { name: "site", type: siteRef, doc: SITE_DOC },
      { name: "player", type: playerRef, optional: true, default: "any", doc: PLAYER_DOC + ", or `any`" },
    ],
    example: "(marked start to mover)",
  },
  {
    name: "in",
    category: "bool",
    doc: "The site belongs to the region.",
    params: [
      { name: "site", type: siteRef, doc: SITE_DOC },
      { name: "region", type: cat("region"), doc: "A region." },
    ],
    example: "(in to (rows 1 2))",
  },
  {
    name: "adjacent",
    category: "bool",
    doc: "The two sites are neighbours on the board.",
    params: [
      { name: "a", type: siteRef, doc: SITE_DOC },
      { name: "b", type: siteRef, doc: SITE_DOC },
    ],
    example: "(adjacent site to)",
  },
  {
    name: "near",
    category: "bool",
    doc: "Some site next to the given one satisfies the condition (evaluated with `site` bound to that neighbour). `via:adjacent` uses board neighbours, `line-ends` the far ends of the grid lines leaving the board from it, `both` either.",
    params: [
      { name: "of", type: siteRef, doc: SITE_DOC },
      { name: "cond", type: cat("bool"), doc: "Condition on the neighbour `site`." },
      { name: "via", type: { t: "enum", values: ["adjacent", "line-ends", "both"] }, namedOnly: true, optional: true, default: "adjacent", doc: "Which sites count as next to it." },
    ],
    example: "(near to (is-piece site block) via:both)",
  },
  {
    name: "exists",
    category: "bool",
    doc: "Some site of the board satisfies the condition (with `site` bound to it).",
    params: [{ name: "cond", type: cat("bool"), doc: "Condition on `site`." }],
    example: "(exists (and (owner site mover) (flag site king)))",
  },
  {
    name: "flanked",
    category: "bool",
    doc: "On some line through the site, the two neighbouring sites both satisfy the condition (evaluated with `site` bound to each, and with `mover`, `friend`, `enemy` meaning the owner of the piece on the flanked site): custodial capture.",
    params: [
      { name: "of", type: siteRef, doc: SITE_DOC },
      { name: "cond", type: cat("bool"), doc: "Condition on each flanking `site`." },
    ],
    example: "(flanked site (and (enemy site) (flag site promoted)))",
  },
  {
    name: "some-player",
    category: "bool",
    doc: "The condition holds for some player (with `player` bound to each in turn).",
    params: [{ name: "cond", type: cat("bool"), doc: "Condition on `player`." }],
    example: "(some-player (>= (score player) 9))",
  },
  {
    name: "same-player",
    category: "bool",
    doc: "The two player references name the same seat.",
    params: [
      { name: "a", type: playerRef, doc: PLAYER_DOC },
      { name: "b", type: playerRef, doc: PLAYER_DOC },
    ],
    example: "(same-player player mover)",
  },
  {
    name: "and",
    category: "bool",
    doc: "All conditions hold.",
    params: [{ name: "all", type: cat("bool"), rest: true, doc: "Conditions." }],
    example: "(and (enemy over) (empty to))",
  },
  {
    name: "or",
    category: "bool",
    doc: "Any condition holds.",
    params: [{ name: "any", type: cat("bool"), rest: true, doc: "Conditions." }],
    example: "(or (empty to) (enemy to))",
  },
  {
    name: "not",
    category: "bool",
    doc: "The condition does not hold.",
    params: [{ name: "cond", type: cat("bool"), doc: "A condition." }],
    example: "(not (empty to))",
  },
  compare("<", "less than"),
  compare("<=", "at most"),
  compare(">", "greater than"),
  compare(">=", "at least"),
  compare("=", "equal to"),
  compare("!=", "different from"),
  {
    name: "no-pieces",
    category: "bool",
    doc: "The player has no piece on the board.",
    params: [{ name: "player", type: playerRef, doc: PLAYER_DOC }],
    example: "(no-pieces next)",
  },
  {
    name: "no-moves",
    category: "bool",
    doc: "The player, were it to act now, would have no legal move.",
    params: [{ name: "player", type: playerRef, doc: PLAYER_DOC }],
    example: "(no-moves next)",
  },
  // --- numbers ---
  {
    name: "attr",
    category: "int",
    doc: "A numeric attribute of a piece: of the moving piece (`self`) or of the piece on a site (0 when empty or when the type lacks the attribute).",
    params: [
      { name: "name", type: name, doc: "Attribute name, as given to `(piece ...)`." },
      { name: "of", type: selfRef, doc: "`self` or " + SITE_DOC },
    ],
    example: "(attr rank over)",
  },
  {
    name: "count",
    category: "int",
    doc: "How many pieces travel in the move.",
    params: [],
    example: "(count)",
  },
  {
    name: "height",
    category: "int",
    doc: "The height of the stack on the site (0 when empty).",
    params: [{ name: "site", type: siteRef, doc: SITE_DOC }],
    example: "(height to)",
  },
  {
    name: "supply",
    category: "int",
    doc: "The pieces in the player's supply.",
    params: [{ name: "player", type: playerRef, doc: PLAYER_DOC }],
    example: "(supply mover)",
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
    name: "counter",
    category: "int",
    doc: "The current value of a game counter.",
    params: [{ name: "name", type: name, doc: "Counter name." }],
    example: "(counter quiet)",
  },
  // --- effects ---
  {
    name: "counter-add",
    category: "effect",
    doc: "Adds to a counter.",
    params: [
      { name: "name", type: name, doc: "Counter name." },
      { name: "by", type: cat("int"), doc: "Amount." },
    ],
    example: "(counter-add quiet 1)",
  },
  {
    name: "counter-set",
    category: "effect",
    doc: "Sets a counter.",
    params: [
      { name: "name", type: name, doc: "Counter name." },
      { name: "value", type: cat("int"), doc: "New value." },
    ],
    example: "(counter-set quiet 0)",
  },
  {
    name: "set-flag",
    category: "effect",
    doc: "Sets a flag on the piece on the site (nothing when the site is empty).",
    params: [
      { name: "site", type: siteRef, doc: SITE_DOC },
      { name: "flag", type: name, doc: "Flag name." },
    ],
    example: "(set-flag to blessed)",
  },
  {
    name: "clear-flag",
    category: "effect",
    doc: "Clears a flag on the piece on the site.",
    params: [
      { name: "site", type: siteRef, doc: SITE_DOC },
      { name: "flag", type: name, doc: "Flag name." },
    ],
    example: "(clear-flag from cursed)",
  },
  {
    name: "when",
    category: "effect",
    doc: "Runs the effects when the condition holds, the `else:` effects otherwise.",
    params: [
      { name: "cond", type: cat("bool"), doc: "Condition." },
      { name: "then", type: list(cat("effect")), doc: "Effects when it holds." },
      { name: "else", type: list(cat("effect")), namedOnly: true, optional: true, doc: "Effects when it does not." },
    ],
    example: "(when (crossed) {(set-flag to blessed)} else:{(set-flag to cursed)})",
  },
  {
    name: "forall",
    category: "effect",
    doc: "Runs the effects for every site satisfying the condition (with `site` bound to it). The sites are found first, then the effects run.",
    params: [
      { name: "cond", type: cat("bool"), doc: "Which sites." },
      { name: "do", type: list(cat("effect")), doc: "Effects, with `site` bound." },
    ],
    example: "(forall (flag site moved) {(clear-flag site moved)})",
  },
  {
    name: "groups",
    category: "effect",
    doc: "For every player, every group of that player's pieces connected by board adjacency that has a site in each of the regions: runs the effects for each member (as `site`). E.g. a bridge between two walls.",
    params: [
      { name: "touching", type: list(cat("region")), doc: "Regions every such group reaches." },
      { name: "do", type: list(cat("effect")), doc: "Effects, with `site` bound to each member." },
    ],
    example: "(groups {column-bottoms column-tops} {(set-flag site blessed)})",
  },
  {
    name: "mark",
    category: "effect",
    doc: "Adds the site to the player's marker set.",
    params: [
      { name: "marker", type: name, doc: "Marker name." },
      { name: "site", type: siteRef, doc: SITE_DOC },
      { name: "player", type: playerRef, doc: PLAYER_DOC },
    ],
    example: "(mark start from mover)",
  },
  {
    name: "put",
    category: "effect",
    doc: "Puts a one-piece stack of the player on the site when it is empty (from the player's supply with `from-supply:true`, if any is left).",
    params: [
      { name: "site", type: siteRef, doc: SITE_DOC },
      { name: "piece", type: name, doc: "Piece type." },
      { name: "owner", type: playerRef, doc: PLAYER_DOC },
      { name: "from-supply", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "Taken from the owner's supply." },
      { name: "flags", type: list(name), namedOnly: true, optional: true, doc: "Flags it starts with." },
    ],
    example: "(put to man mover from-supply:true flags:{king})",
  },
  {
    name: "remove",
    category: "effect",
    doc: "Takes the piece (the whole stack) off the site.",
    params: [{ name: "site", type: siteRef, doc: SITE_DOC }],
    example: "(remove site)",
  },
  {
    name: "add-score",
    category: "effect",
    doc: "Adds to the player's score.",
    params: [
      { name: "player", type: playerRef, doc: PLAYER_DOC },
      { name: "by", type: cat("int"), doc: "Amount." },
    ],
    example: "(add-score mover 1)",
  },
  {
    name: "add-supply",
    category: "effect",
    doc: "Adds to (or with a negative amount takes from) the player's supply.",
    params: [
      { name: "player", type: playerRef, doc: PLAYER_DOC },
      { name: "by", type: cat("int"), doc: "Amount." },
    ],
    example: "(add-supply mover -1)",
  },
  {
    name: "each-player",
    category: "effect",
    doc: "Runs the effects once for every player in seat order, with `mover` meaning that player.",
    params: [{ name: "do", type: list(cat("effect")), doc: "Effects." }],
    example: "(each-player {(remove-shapes {triangle} of:(owner site mover) each:{(remove site)})})",
  },
  {
    name: "remove-shapes",
    category: "effect",
    doc: "For every group (connected by board adjacency) of sites satisfying `of:`, finds the first of the shapes, in the order given, that fits inside the group in some orientation, and runs `each:` for every cell of it (with `site` bound) and `once:` once. At most one formation per group.",
    params: [
      { name: "shapes", type: list(name), doc: "Shape names, the preferred first." },
      { name: "of", type: cat("bool"), namedOnly: true, doc: "Which sites form groups (`site` bound)." },
      { name: "each", type: list(cat("effect")), namedOnly: true, optional: true, doc: "Effects on every cell of a formation (`site` bound)." },
      { name: "once", type: list(cat("effect")), namedOnly: true, optional: true, doc: "Effects once per formation." },
    ],
    example: "(remove-shapes {diamond triangle} of:(and (owner site mover) (flag site promoted)) each:{(remove site)} once:{(add-score mover 1)})",
  },
  {
    name: "swap-owners",
    category: "effect",
    doc: "Every piece of player a becomes b's and every piece of b becomes a's (e.g. when the first piece revealed decides who plays which colour).",
    params: [
      { name: "a", type: playerRef, doc: PLAYER_DOC },
      { name: "b", type: playerRef, doc: PLAYER_DOC },
    ],
    example: "(swap-owners P1 P2)",
  },
  {
    name: "return-to-supply",
    category: "effect",
    doc: "Adds the stack on the site (its height) to its owner's supply; the stack itself stays until removed.",
    params: [{ name: "site", type: siteRef, doc: SITE_DOC }],
    example: "(return-to-supply to)",
  },
  // --- end ---
  {
    name: "if",
    category: "end",
    doc: "When the condition holds after a decision, the game ends with the outcome. In end rules `mover` is the player who just acted and `next` the player to act next.",
    params: [
      { name: "cond", type: cat("bool"), doc: "When." },
      { name: "outcome", type: cat("outcome"), doc: "The result." },
      { name: "at", type: { t: "enum", values: ["every-decision", "turn-start"] }, namedOnly: true, optional: true, default: "every-decision", doc: "`turn-start`: checked only after a decision that begins a new turn." },
      { name: "reason", type: { t: "string" }, namedOnly: true, optional: true, doc: "Why the game ended, in words for people, where the text generated from the condition reads poorly (`(no-pieces next)` gives `P2 has no pieces left`, `(no-moves next)` `P2 has no legal move`, a counter compared with a number `quiet reached 100`). `{mover}`, `{next}` and `{opponent}` name those players." },
    ],
    example: '(if (> (counter kingTaken) 0) (win mover) reason:"{mover} captured a king")',
  },
  {
    name: "win",
    category: "outcome",
    doc: "The player wins; all others lose.",
    params: [{ name: "player", type: playerRef, doc: PLAYER_DOC }],
    example: "(win mover)",
  },
  {
    name: "ranked",
    category: "outcome",
    doc: "Players are compared on the first number, ties broken by the next ones; `player` in the numbers is the player being ranked. The players ranked highest win (together, when tied on every number); when all are tied it is a draw.",
    params: [
      { name: "keys", type: list(cat("int")), doc: "Numbers per player, most important first." },
      { name: "labels", type: list({ t: "string" }), namedOnly: true, optional: true, doc: "A name for each number, shown with the final ranking (default: generated where the number is simple, e.g. `score`, `pieces on the board`)." },
    ],
    example: '(ranked {(count-sites (owner site player)) (max-over (owner site player) (attr cp site))} labels:{"pieces" "highest cp"})',
  },
  {
    name: "lose",
    category: "outcome",
    doc: "The player loses; in a two-player game the other wins, otherwise all others share the win.",
    params: [{ name: "player", type: playerRef, doc: PLAYER_DOC }],
    example: "(lose next)",
  },
];

/** Ludemes by category and name. `counter` exists twice (an item and an int), told apart by the slot. */
export function findLudeme(head: string, category?: Category): LudemeSpec | undefined {
  const all = catalog.filter((l) => l.name === head);
  if (category) return all.find((l) => l.category === category) ?? all[0];
  return all[0];
}

export function ludemeNames(): string[] {
  return [...new Set(catalog.map((l) => l.name))];
}

/** A stable key for a catalog entry: `name` or `name@category` when the name is shared. */
export function ludemeKey(l: LudemeSpec): string {
  return catalog.filter((o) => o.name === l.name).length > 1 ? `${l.name}@${l.category}` : l.name;
}
