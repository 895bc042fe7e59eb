/**
 * Move sources (category `moves`): move generators and their combinators.
 */
import type { LudemeSpec, ParamSpec } from "../catalog.js";
import { name, cat, list, siteRef, SITE_DOC } from "./args.js";

const effects = (doc: string): ParamSpec => ({ name: "then", type: list(cat("effect")), namedOnly: true, optional: true, doc });

const moveCommon: ParamSpec[] = [
  { name: "kind", type: name, namedOnly: true, optional: true, doc: "The action name of the moves made (shown in records and matched by scenarios)." },
  { name: "piece", type: list(name), namedOnly: true, optional: true, doc: "Only these piece types move this way (default: every piece)." },
  { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "Directions allowed (default: all of the board's directions): the board's names, or player-relative ones (`forward`, `forward-left`, `left` ... `backward-right`) that turn with each seat's forward direction (see `players`); or `onward` alone: only the direction the last decision's move went (from `last-from` towards `last-to`), e.g. the next hop of a capture line that must keep its direction -- no move when the last move went along no line." },
  { name: "then", type: list(cat("effect")), namedOnly: true, optional: true, doc: "Consequences applied after the move." },
  { name: "from", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on the moving piece's site (`from`, `self`); default: any piece of the mover." },
  { name: "origin", type: { t: "enum", values: ["any", "last-to"] }, namedOnly: true, optional: true, default: "any", doc: "`last-to`: only the piece standing where the last decision moved to may move -- a continuation, such as the next hop of a capture chain after `(move-again)`. Default `any`." },
];

export const moveLudemes: LudemeSpec[] = [
  {
    name: "step",
    category: "moves",
    doc: "A piece of the mover moves one site in one of the allowed directions. By default the destination must be empty; `to:` replaces that condition (a step onto an enemy piece captures it). Notation `from-to`, or `fromxto` when it captures.",
    params: [
      ...moveCommon,
      { name: "to", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on the destination (sites `from`, `to`); default `(empty to)`." },
      { name: "captures", type: siteRef, namedOnly: true, optional: true, doc: "For a step onto an empty site that takes a piece elsewhere (en passant: `captures:(ahead to backward)`): the site whose piece it takes, when one stands there. The capture is part of the move (notation `x`, its captures, `(captured)`)." },
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
    name: "line-count-move",
    category: "moves",
    doc: "A piece of the mover moves along a line exactly as many sites as there are pieces on that whole line -- both ways from it, itself included, any owner. It passes over sites where `through:` holds (as `site`) and lands where `to:` holds; landing on a piece captures it. Notation as a step: `from-to`, `fromxto` for a capture.",
    params: [
      ...moveCommon,
      { name: "through", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on each site passed over (`site`); default: any." },
      { name: "to", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on the landing site (`to`); default `(empty to)`." },
    ],
    example: "(line-count-move through:(not (enemy site)) to:(not (friend to)))",
  },
  {
    name: "slide",
    category: "moves",
    doc: "A stack of the mover, or part of it, travels in a straight line 1 to `range` sites (default: as many sites as pieces travel; `range:any`: any distance) and lands where `to:` allows; it never ends on its origin. `take:all` moves the whole stack, `part` 1..h-1 of its h pieces, `any` 1..h. Landing on another player's or a neutral piece runs `on-capture:` then removes it (capture by replacement); landing on a friendly stack merges (heights add, flags combine); on an empty site the travelling part makes a new stack carrying the source's flags. The path passes over a site only while `through:` holds for it (as `site`). With `portals:true` the path follows the mover's portal edges; `(crossed)` tells whether it did. Notation `from-to` (`separator:` replaces `-`), `x` for a capture, `^` after a path through a portal, `/n` when n pieces of a taller stack travel: `e3-e5`, `e3xe5`, `e9-e2^`, `e3+e4/1`.",
    params: [
      ...moveCommon,
      { name: "take", type: { t: "enum", values: ["all", "part", "any"] }, namedOnly: true, optional: true, default: "all", doc: "How many pieces of the stack travel." },
      { name: "range", type: { t: "int", min: 1, words: ["any"] }, namedOnly: true, optional: true, doc: "Farthest distance: a number of sites, or `any` (no limit but the path's own: the board's edge, `through:`); default: the number of travelling pieces." },
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
    name: "pass",
    category: "moves",
    doc: "A move that changes nothing on the board: the player passes. Offered always inside `(either ...)`, or only when nothing else is legal as the last source of a `(priority ...)` (a forced pass, as Ludii plays a player without moves). The engine counts passes made one after the other, which `(all-passed)` reads.",
    params: [
      { name: "kind", type: name, namedOnly: true, optional: true, doc: "The action name (default `pass`)." },
      effects("Consequences of passing."),
      { name: "notation", type: { t: "string" }, namedOnly: true, optional: true, default: "pass", doc: "How the move is written." },
    ],
    example: "(pass)",
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
    name: "branch",
    category: "moves",
    doc: "The moves of `then` when the condition holds for the mover, else those of `else` (no moves when it is absent). E.g. `(branch (same-turn) continuation first-moves)`, or a placement phase: `(branch (> (supply mover) 0) placing moving)`.",
    params: [
      { name: "cond", type: cat("bool"), doc: "The condition, evaluated for the mover before the moves are made." },
      { name: "then", type: cat("moves"), doc: "The moves when it holds." },
      { name: "else", type: cat("moves"), optional: true, doc: "The moves when it does not (default: none)." },
    ],
    example: "(branch (same-turn) (jump origin:last-to over:(enemy over)) (step))",
  },
  {
    name: "either",
    category: "moves",
    doc: "The moves of all the sources together.",
    params: [{ name: "sources", type: cat("moves"), rest: true, doc: "Move sources." }],
    example: "(either (step) (jump over:(enemy over)))",
  },
  {
    name: "fly",
    category: "moves",
    doc: "A piece of the mover goes from its site to any site of the board where `to:` holds (default: an empty site), however far and whatever stands between: a move not along the board's lines, e.g. for a player left with few pieces. Landing on a piece (when `to:` allows it) captures it. Notation `from-to`, or `fromxto` when it captures.",
    params: [
      ...moveCommon.filter((p) => p.name !== "dirs" && p.name !== "origin"),
      { name: "to", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on the destination (sites `from`, `to`); default `(empty to)`." },
    ],
    example: "(fly kind:fly from:(friend from))",
  },
  {
    name: "leap",
    category: "moves",
    doc: "A piece of the mover leaps to the site at the end of a path of single steps from it: `{N N E}` is two steps north then one east, a knight's leap. By default the path counts in every turn and mirror image the board allows (`turns:all`: the 8 knight's leaps from `{N N E}`; 90-degree turns on square boards, so an orthogonal step stays orthogonal, 60-degree on hex ones); `turns:none` takes the paths as written, e.g. player-relative ones such as a Shogi knight's `{forward forward-left}`, which point the way each seat faces (see `players`). A path that would leave the board gives no leap from there. The piece flies over whatever stands on the sites it passes, unless `through:` says which sites it may pass (as `site`): `through:(empty site)` makes a Xiangqi horse blocked by a piece on its first step. By default it must land on an empty site; `to:` replaces that condition, and landing on a piece then captures it. Several paths to the same site are one move, open when any of them is. Notation as a step: `b1-c3`, or `b1xc3` when it captures.",
    params: [
      ...moveCommon.filter((p) => p.name !== "dirs"),
      { name: "paths", type: list(list(name)), namedOnly: true, doc: "The paths, each a list of single steps from the piece's site: the board's directions or player-relative ones (`forward`, `forward-left`, `left` ... `backward-right`); the last site reached is where the piece lands." },
      { name: "turns", type: { t: "enum", values: ["all", "none"] }, namedOnly: true, optional: true, default: "all", doc: "`all`: every path also in each turn and mirror image the board's directions allow; `none`: only as written." },
      { name: "through", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on each site a path passes between the piece and where it lands (`site`, with `from` and `to`); default: any site, the piece flies over everything." },
      { name: "to", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on the landing site (`to`, with `from`); default `(empty to)`." },
    ],
    example: "(leap kind:horse piece:{horse} paths:{{N NE}} through:(empty site) to:(not (friend to)))",
  },
  {
    name: "shoot",
    category: "moves",
    doc: "A piece of the mover shoots: without moving, it puts a new piece (`piece:`, the mover's or a neutral one) on a site along a straight line from it in one of the allowed directions, any distance up to `range`. The line goes on past each site reached while `through:` holds for it (as `site`; default: while it is empty), and every site reached where `to:` holds (default: an empty site) is a move; an occupied site it allows is emptied first. With `origin:last-to` only the piece the last decision moved shoots: a second action of the turn after `(move-again)`, such as an arrow shot from where a piece landed. Notation: the shooter's site, `separator`, the target: `d7/g7`.",
    params: [
      ...moveCommon,
      { name: "shot", type: name, namedOnly: true, doc: "The piece type put down." },
      { name: "owner", type: { t: "enum", values: ["mover", "neutral"] }, namedOnly: true, optional: true, default: "mover", doc: "Whose piece it is." },
      { name: "range", type: { t: "int", min: 1, words: ["any"] }, namedOnly: true, optional: true, default: "any", doc: "Farthest distance along the line; `any`: no limit." },
      { name: "through", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition for the line to go on past `site`; default `(empty site)`." },
      { name: "to", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on a target site (`to`); default `(empty to)`." },
      { name: "separator", type: { t: "string" }, namedOnly: true, optional: true, default: "/", doc: "Notation between the shooter's site and the target." },
    ],
    example: "(shoot shot:arrow owner:neutral origin:last-to)",
  },
  {
    name: "hop",
    category: "moves",
    doc: "One jump of a piece of the mover over one piece, as a decision of its own: along a line, past at most `before` empty sites, over the first piece there (which `over:` must accept; default any piece), landing on one of the empty sites just beyond it -- the first, or up to `after` further ones, stopping at the first occupied site. With `before` and `after` as long as the board's lines the jump flies (a flying king's capture). The jumped piece is removed at once, or with `mark:` only given that flag (a capture that takes effect later, e.g. with `(forall (flag site f) {(remove site)})` in `after-turn:`; `over:` should then refuse marked pieces, so that none is jumped twice). A chain is several decisions: `then:{(when (can-move (hop origin:last-to ...)) then:{(move-again)})}` and a continuation with `origin:last-to`. Notation `fromxto`.",
    params: [
      ...moveCommon,
      { name: "over", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on the jumped site `over` (and `self`); default: any piece." },
      { name: "to", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on the landing site `to` (and `from`, `over`), which must also be empty; default: none beyond that." },
      { name: "capture", type: { t: "enum", values: ["remove", "none"] }, namedOnly: true, optional: true, default: "remove", doc: "`remove`: the jumped piece is captured (removed, or flagged with `mark:`); `none`: it stays, a hop over pieces such as a race game's (notation `from-to`)." },
      { name: "before", type: { t: "int", min: 0 }, namedOnly: true, optional: true, default: 0, doc: "Most empty sites between the piece and the piece it jumps (0: adjacent)." },
      { name: "after", type: { t: "int", min: 0 }, namedOnly: true, optional: true, default: 0, doc: "Most further empty sites it may land beyond the first one after the jumped piece (0: only just beyond)." },
      { name: "mark", type: name, namedOnly: true, optional: true, doc: "A flag given to the jumped piece, which then stays on the board (default: it is removed at once)." },
    ],
    example: "(hop piece:{king} before:9 after:9 over:(and (enemy over) (not (flag over captured))) mark:captured)",
  },
  {
    name: "longest-sequence",
    category: "moves",
    doc: "The moves of `moves` that begin a longest sequence of decisions in the turn; the others are not legal (the majority capture rule, with one hop per decision). A move counts 1 decision if the turn ends after it, else 1 plus the longest continuation: the player's legal moves in the state after it, searched depth first to the end of the turn (consequences and after-action effects applied; end rules are not consulted mid-turn). So a chain of five hops is 5, a quiet move 1.",
    params: [{ name: "moves", type: cat("moves"), doc: "The moves to filter." }],
    example: "(longest-sequence (hop over:(enemy over) then:{(when (can-move (hop origin:last-to over:(enemy over))) then:{(move-again)})}))",
  },
  {
    name: "castle",
    category: "moves",
    doc: "Castling, one move of two pieces: a piece of the mover (the king; `piece:` says which) goes `distance` sites along a line towards a `partner` piece of the mover (the rook), every site between the two being empty, and the partner lands on the last site the king crossed. `partner-if:` is asked of the partner's site as `site` (e.g. that it has never moved), `from:` of the king's; `safe:` of the king's own site and each site it crosses and reaches (as `site`, the king standing there for `attacked`), e.g. `(not (attacked site))`: not out of, through or into check. In `then:`, `to` is where the king lands and `over` where the partner does. Notation: the king's move, `e1-g1`.",
    params: [
      ...moveCommon,
      { name: "partner", type: name, namedOnly: true, doc: "The partner's piece type (the rook)." },
      { name: "distance", type: { t: "int", min: 1 }, namedOnly: true, optional: true, default: 2, doc: "Sites the king goes." },
      { name: "partner-if", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on the partner's site (`site`); default: any partner." },
      { name: "safe", type: cat("bool"), namedOnly: true, optional: true, doc: "Condition on the king's site and each site it crosses and reaches (`site`); default: none." },
    ],
    example: "(castle piece:{king} partner:rook dirs:{E W} from:(flag from unmoved) partner-if:(flag site unmoved) safe:(not (attacked site)))",
  },
  {
    name: "promotion",
    category: "moves",
    doc: "The mover's piece on the site becomes one of the types listed, the mover choosing: one move per type (notation `e8=Q`, the type's symbol). A promotion asked as a decision of its own, as Ludii asks it in Chess and Shogi: the move that reaches the zone gives the turn another decision (`(move-again)`), and `(branch (same-turn) (promotion last-to {queen rook bishop knight}) ...)` offers the choice. Nothing when no piece of the mover stands on the site.",
    params: [
      { name: "site", type: siteRef, doc: SITE_DOC },
      { name: "pieces", type: list(name), doc: "The types it may become." },
      { name: "kind", type: name, namedOnly: true, optional: true, doc: "The action name (default `promote`)." },
      effects("What else the promotion does."),
    ],
    example: "(promotion last-to {queen rook bishop knight})",
  },
  {
    name: "keep",
    category: "moves",
    doc: "The moves of `moves` that leave a position where the condition holds; the others are not legal: \"no move may leave your own king attacked\" is `(keep MOVES leaving:(not (in-check mover king)))`. Each move is made on a copy of the position (its consequences and the after-action effects run; the turn does not end and no end rule is consulted) and the condition is asked there, `mover` being the player who moved and `from` and `to` the move's sites. Random playouts draw a move and test only that one, drawing again among the rest when it fails, so every legal move stays equally likely without testing them all.",
    params: [
      { name: "moves", type: cat("moves"), doc: "The moves to filter." },
      { name: "leaving", type: cat("bool"), namedOnly: true, doc: "What must hold in the position a move leaves." },
    ],
    example: "(keep (either (step to:(not (friend to))) (slide to:(not (friend to)))) leaving:(not (in-check mover king)))",
  },
];
