/**
 * Effects (category `effect`): consequences run after a move, an action or a turn.
 */
import type { LudemeSpec } from "../catalog.js";
import { name, cat, list, siteRef, SITE_DOC, playerRef, PLAYER_DOC } from "./args.js";
import { sowingParams } from "./moves.js";

/** A marker, a site and a player: what `mark` and `unmark` change. */
const markerParams = [
  { name: "marker", type: name, doc: "Marker name." },
  { name: "site", type: siteRef, doc: SITE_DOC },
  { name: "player", type: playerRef, doc: PLAYER_DOC },
];

export const effectLudemes: LudemeSpec[] = [
  {
    name: "counter-add",
    category: "effect",
    doc: "Adds to a counter (to a player's own, for a counter per player).",
    params: [
      { name: "name", type: name, doc: "Counter name." },
      { name: "by", type: cat("int"), doc: "Amount." },
      { name: "of", type: playerRef, namedOnly: true, optional: true, doc: `Whose counter, for a counter per player (default \`mover\`): ${PLAYER_DOC}.` },
    ],
    example: "(counter-add quiet 1)",
  },
  {
    name: "counter-set",
    category: "effect",
    doc: "Sets a counter (a player's own, for a counter per player).",
    params: [
      { name: "name", type: name, doc: "Counter name." },
      { name: "value", type: cat("int"), doc: "New value." },
      { name: "of", type: playerRef, namedOnly: true, optional: true, doc: `Whose counter, for a counter per player (default \`mover\`): ${PLAYER_DOC}.` },
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
    name: "next-turn",
    category: "effect",
    doc: "The next turn is the player's, not the next seat's (Ludii's `(set NextPlayer ...)`): the loser of a round starts the next, a player who revealed the other's colour hands over the turn. Taken when the mover's turn ends (a `(move-again)` keeps the turn first); a player who has finished is passed over as usual. The turn order then goes on from that player.",
    params: [{ name: "player", type: playerRef, doc: PLAYER_DOC }],
    example: "(next-turn P1)",
  },
  {
    name: "at-once",
    category: "effect",
    doc: "Captures found together: every effect of the list that finds its sites before acting (`custodial`, `intervene`, `surround`) finds them on the position as it is before any of the list acts, then each acts in the order written. A piece landing between two enemies that also closes a line against a friend takes all of them (Maak Yek: `(at-once {(intervene to ...) (custodial to ...)})`); written one after the other, the first capture would change what the second finds. Likewise a sowing (`sow` as an effect) reads its pit and its count there: the seeds taken from the pits across, sown on from the capturing pit, `(at-once {(move-pieces (ahead to forward) to) (sow round from:to count:(count (ahead to forward)))})`. Other effects in the list act in order as usual.",
    params: [{ name: "effects", type: list(cat("effect")), doc: "The effects." }],
    example: "(at-once {(intervene to target:(enemy site) do:{(remove site)}) (custodial to target:(enemy site) anvil:(friend site) do:{(remove site)})})",
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
    doc: "Runs the effects for every site satisfying the condition (with `site` bound to it). The sites are found first, then the effects run. With `near:`, only the sites next to that one are looked at (as `near` reads them, `via:`): the boxes an edge just drawn closes, `(forall (= (count-near site (empty site) via:incident) 0) {...} near:to via:incident)`.",
    params: [
      { name: "cond", type: cat("bool"), doc: "Which sites." },
      { name: "do", type: list(cat("effect")), doc: "Effects, with `site` bound." },
      { name: "near", type: siteRef, namedOnly: true, optional: true, doc: `Only the sites next to this one: ${SITE_DOC}` },
      { name: "via", type: { t: "enum", values: ["adjacent", "line-ends", "both", "incident"] }, namedOnly: true, optional: true, default: "adjacent", doc: "With `near:`, which sites are next to it (see `near`)." },
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
    doc: "Adds the site to the player's marker set (`unmark` takes it out).",
    params: markerParams,
    example: "(mark start from mover)",
  },
  {
    name: "unmark",
    category: "effect",
    doc: "Takes the site out of the player's marker set (nothing when it is not in it): a set that shrinks as well as grows, e.g. the pits a player owns, lost to the opponent, or the sites still in play (Ludii's remembered values of sites, `(forget Value ...)`).",
    params: markerParams,
    example: "(unmark owned to opponent)",
  },
  {
    name: "put",
    category: "effect",
    doc: "Puts a one-piece stack of the player (or a neutral piece, no player's) on the site when it is empty (from the player's supply with `from-supply:true`, if any is left). On an occupied site it does nothing: `(put to ...)` after a move that leaves its piece on `to` is warned about (W001); `(promote to ...)` changes a piece. A jumped piece that turns neutral: `(remove over) (put over fan neutral)`.",
    params: [
      { name: "site", type: siteRef, doc: SITE_DOC },
      { name: "piece", type: name, doc: "Piece type." },
      { name: "owner", type: playerRef, doc: `${PLAYER_DOC}, or \`neutral\`` },
      { name: "from-supply", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "Taken from the owner's supply." },
      { name: "flags", type: list(name), namedOnly: true, optional: true, doc: "Flags it starts with." },
    ],
    example: "(put to man mover from-supply:true flags:{king})",
  },
  {
    name: "remove",
    category: "effect",
    doc: "Takes the piece (the whole stack) off the site; in a game with `mixed-stacks`, the top piece.",
    params: [{ name: "site", type: siteRef, doc: SITE_DOC }],
    example: "(remove site)",
  },
  {
    name: "while",
    category: "effect",
    doc: "Runs the effects again and again while the condition holds, asking it before each round (Ludii's `while`): a consequence repeated until nothing changes, or a number raised until a test fails, e.g. the smallest group size at which the players' counts of groups differ, `(while (= (groups-count (owner site P1) min:(counter cutoff)) (groups-count (owner site P2) min:(counter cutoff))) {(counter-add cutoff 1)})`. A loop that never ends stops play with an error naming this rule.",
    params: [
      { name: "cond", type: cat("bool"), doc: "Whether to run the effects (again)." },
      { name: "do", type: list(cat("effect")), doc: "The effects of one round." },
    ],
    example: "(while (> (count-sites (flag site burning)) 0) {(forall (flag site burning) {(remove site)})})",
  },
  {
    name: "push",
    category: "effect",
    doc: "Pushes a line of pieces one site on: the piece (the whole stack) on the site moves one step in the direction (`dir:`, or `toward:` a site on its line), the piece it meets moves on one step too, and so on up to the first empty site, which the last one fills; at the board's edge the last piece falls off (Ludii's `push`). Quixo's cube put back at the end of its row: `(push to toward:last-to)`, the site taken from being empty. An empty site pushes nothing.",
    params: [
      { name: "site", type: siteRef, doc: "Where the push begins." },
      { name: "dir", type: name, namedOnly: true, optional: true, doc: "The board direction to push in." },
      { name: "toward", type: siteRef, namedOnly: true, optional: true, doc: "Instead of `dir:`, a site on one of the board's lines from the first: the push goes that way." },
    ],
    example: "(push to toward:last-to)",
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
    doc: "Adds to (or with a negative amount takes from) the player's supply. The supply stays within 0 and the `(supply ...)` total: taking from an empty supply takes nothing, and a player never holds more pieces than the total.",
    params: [
      { name: "player", type: playerRef, doc: PLAYER_DOC },
      { name: "by", type: cat("int"), doc: "Amount." },
    ],
    example: "(add-supply mover -1)",
  },
  {
    name: "each-player",
    category: "effect",
    doc: "Runs the effects once for every player in seat order, with `mover` meaning that player; or, with `as:player`, with `player` meaning that player while `mover` stays the one who acts (Ludii's `forEach Player`): the third player, neither the mover nor the next, gets a piece with `(each-player {(when (and (not (same-player player mover)) (not (same-player player next))) then:{(put to marker player)})} as:player)`.",
    params: [
      { name: "do", type: list(cat("effect")), doc: "Effects." },
      { name: "as", type: { t: "enum", values: ["mover", "player"] }, namedOnly: true, optional: true, default: "mover", doc: "The name each player goes by in the effects: `mover` (the default; who acts is then not named), or `player` (`mover`, `next` and `opponent` keep their meaning)." },
    ],
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
    name: "convert-outflanked",
    category: "effect",
    doc: "Every run of other players' pieces that the mover's piece on the site outflanks -- going out from the site along a direction, one or more of their pieces and then one of the mover's -- becomes the mover's (the flips of outflanking games). Only the lines from that site are looked at.",
    params: [
      { name: "at", type: siteRef, doc: SITE_DOC },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "Directions looked along (default: all of the board's)." },
    ],
    example: "(convert-outflanked to)",
  },
  {
    name: "move-again",
    category: "effect",
    doc: "The player who just acted takes another decision before the turn ends (the turn gains one decision): a second action such as shooting an arrow after moving, the next hop of a chain taken one hop per decision, a removal after forming a mill. A decision gains one decision however many of its consequences say `(move-again)` (a move closing two boxes, or capturing two pieces, each of which would give another go, gives one), as Ludii's moveAgain. `(same-turn)` tells the next decision that it continues the turn; `origin:last-to` makes the piece that just moved the only one that may move. Usually conditional: `(when (can-move ...) (move-again))`.",
    params: [],
    example: "(move-again)",
  },
  {
    name: "promote",
    category: "effect",
    doc: "The piece on the site becomes another type, keeping its owner, height and flags (a man crowned a king, a pawn become a queen). Nothing happens on an empty site.",
    params: [
      { name: "site", type: siteRef, doc: SITE_DOC },
      { name: "piece", type: name, optional: true, doc: "The new piece type (default: the type the piece `promotes:` to; nothing happens to a piece that promotes to none)." },
    ],
    example: "(promote to king)",
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
    name: "exchange",
    category: "effect",
    doc: "The two sites exchange whatever stands on them -- pieces, piles or stacks, with their flags -- as when a moved piece and the one it chose change places (Quantum Leap's opening exchange). Either site may be empty: the other's pieces then move there. Nothing is captured. A decision that exchanges two pieces is `swap-pieces`.",
    params: [
      { name: "a", type: siteRef, doc: SITE_DOC },
      { name: "b", type: siteRef, doc: SITE_DOC },
    ],
    example: "(exchange from to)",
  },
  {
    name: "move-pieces",
    category: "effect",
    doc: "Moves pieces from one site's pile onto another's: all of them, or `count` (fewer when fewer are there). On an empty site they make a pile of their own owner and type; on a pile they join it (the pile keeps its owner). In a game with `mixed-stacks` they go one by one from the top to the top, each keeping its owner and type. Captured seeds to a store: `(move-pieces to (site-of (region-of store mover)))`; a hit checker to the bar.",
    params: [
      { name: "from", type: siteRef, doc: "Where the pieces are." },
      { name: "to", type: siteRef, doc: "Where they go." },
      { name: "count", type: cat("int"), namedOnly: true, optional: true, doc: "How many (default: all of them)." },
      { name: "under", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "They go under the pile on `to` instead of on top of it (Lasca: a captured piece goes under the capturing column), keeping their order." },
    ],
    example: "(move-pieces to (site-of (region-of store mover)))",
  },
  {
    name: "sow",
    category: "effect",
    doc: "A sowing inside a move, the mancala relay done at once (Ludii's `sow` in a move's consequences): the seeds of the pit `from:` names, or `count:` of them, sown along the mover's `track` as the `sow` move sows, with its options: the pits passed over, the seeds a pit gets, the captures at the last pit and the consequences (where `from` is the pit sown from and `to` the last pit sown; the move's own sites are back once the sowing is done, and its `on-path` reads the pits of both). The seeds a capture takes, sown on from the capturing pit: inside `(at-once ...)` the pit and the count are read on the position before any effect of the list acts, `(at-once {(move-pieces (ahead to forward) to) (sow round from:to count:(count (ahead to forward)))})`. Nothing happens when `from:` is no site or off the track (or the seeds would run past the end of an open track); with nothing to sow (an empty pit, a count of none), nothing is sown or captured and the consequences run, `to` the pit itself. Only in a move's consequences.",
    params: [
      { name: "track", type: name, doc: "The track the seeds follow (the mover's own, when each seat has one)." },
      { name: "from", type: siteRef, namedOnly: true, optional: true, doc: "The pit sown from (default `to`, where the move ended), read where the effect is (`to` the move's last site)." },
      { name: "count", type: cat("int"), namedOnly: true, optional: true, doc: "How many of the pit's seeds are sown (default all it holds, never more), read where the effect is; the others stay in the pit." },
      ...sowingParams,
    ],
    example: "(sow round from:to count:(+ (count (ahead to forward)) (count (ahead to forward 2))))",
  },
  {
    name: "return-to-hand",
    category: "effect",
    doc: "The piece on the site leaves the board for its owner's hand (see `hand`), as the type it promoted from if promoted, to be dropped again: a piece put on one's own pawn sends the pawn back (`(drop ... hit:{(return-to-hand to)})`). A pile goes whole; in a game with `mixed-stacks`, the top piece. Nothing happens on an empty site or to a neutral piece.",
    params: [{ name: "site", type: siteRef, doc: SITE_DOC }],
    example: "(return-to-hand to)",
  },
  {
    name: "return-to-supply",
    category: "effect",
    doc: "Adds the stack on the site (its height) to its owner's supply, up to the `(supply ...)` total; the stack itself stays until removed. In a game with `mixed-stacks`, the top piece only.",
    params: [{ name: "site", type: siteRef, doc: SITE_DOC }],
    example: "(return-to-supply to)",
  },
  {
    name: "custodial",
    category: "effect",
    doc: "Custodial capture from one site, usually `to` (the piece just moved): along each direction, when the neighbouring site satisfies `target:` and the site just beyond it on the same line satisfies `anvil:` (a friendly piece, say, or a hostile square), the effects run for the flanked neighbour. Conditions and effects see the site they are about as `site`; `friend` and `enemy` are the mover's. Only the lines from that site are looked at, one piece deep unless `run:` says more: `run:{1 any}` takes a whole line of targets ended by an anvil (Ludii's custodial without a limit); every flanked site is found first, then the effects run.",
    params: [
      { name: "at", type: siteRef, doc: "The site flanking from." },
      { name: "target", type: cat("bool"), namedOnly: true, doc: "Condition on the neighbouring site (`site`): what can be captured." },
      { name: "anvil", type: cat("bool"), namedOnly: true, doc: "Condition on the site beyond it (`site`): what it must be pressed against." },
      { name: "do", type: list(cat("effect")), namedOnly: true, doc: "Effects for each flanked site (`site`), e.g. `(remove site)`." },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "Directions looked along (default: all of the board's)." },
      { name: "run", type: { t: "count-range", min: 1, words: ["any"] }, namedOnly: true, optional: true, default: 1, doc: "How many targets in a row are flanked: N exactly, or `{LOW HIGH}` (`any`: as many as the line holds); every one of the run is found." },
    ],
    example: "(custodial to target:(enemy site) anvil:(or (friend site) (in site corners)) do:{(remove site)})",
  },
  {
    name: "intervene",
    category: "effect",
    doc: "Capture by intervention from one site, usually `to` (the piece just moved): along each line through it, when the two neighbouring sites on either side both satisfy `target:` (the piece landed between two enemies), the effects run for both. Conditions and effects see the site they are about as `site`; every such site is found first, then the effects run. Ludii's `(intervene ...)`, one deep; a custodial capture in the same consequences (Maak Yek) runs in the order written.",
    params: [
      { name: "at", type: siteRef, doc: "The site that intervenes." },
      { name: "target", type: cat("bool"), namedOnly: true, doc: "Condition on each neighbouring site (`site`): what can be captured." },
      { name: "do", type: list(cat("effect")), namedOnly: true, doc: "Effects for each site captured (`site`), e.g. `(remove site)`." },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "Directions looked along, each with its opposite (default: all of the board's)." },
    ],
    example: "(intervene to target:(enemy site) do:{(remove site)} dirs:{N E S W})",
  },
  {
    name: "enclose",
    category: "effect",
    doc: "Capture by enclosure, as in Go: every group next to the site (usually `to`, the stone just placed) that has no liberty left -- a group being a player's pieces joined through neighbouring sites, its liberties the empty sites next to it -- gets the effects, each of its pieces as `site` (e.g. `(remove site)`). Only groups whose pieces pass `target:` are looked at (default: an enemy's). The move counts the pieces as its captures (`(captured)`).",
    params: [
      { name: "at", type: siteRef, doc: "The site the groups are next to." },
      { name: "do", type: list(cat("effect")), namedOnly: true, doc: "Effects for each piece of an enclosed group (`site`), e.g. `(remove site)` and `(add-score mover 1)`." },
      { name: "target", type: cat("bool"), namedOnly: true, optional: true, doc: "Which groups may be enclosed, asked of a piece of each (`site`); default: an enemy's." },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "The directions that make neighbours (default: all of the board's)." },
    ],
    example: "(enclose to do:{(remove site) (add-score mover 1)})",
  },
  {
    name: "surround",
    category: "effect",
    doc: "Capture by enclosure from one site, usually `to` (the piece just moved): every neighbour of it that satisfies `target:` and whose own neighbours are each either that site or satisfy `hostile:` gets the effects. Neighbours are taken along `dirs` both times; a direction leading off the board does not count (a piece on the edge has fewer sides to enclose). Conditions and effects see the site they are about as `site`; `friend` and `enemy` are the mover's. Every enclosed site is found first, then the effects run.",
    params: [
      { name: "at", type: siteRef, doc: "The site enclosing from." },
      { name: "target", type: cat("bool"), namedOnly: true, doc: "Condition on the neighbouring site (`site`): what can be enclosed." },
      { name: "hostile", type: cat("bool"), namedOnly: true, doc: "Condition each of the target's other neighbours (`site`) must satisfy." },
      { name: "do", type: list(cat("effect")), namedOnly: true, doc: "Effects for each enclosed site (`site`), e.g. `(remove site)`." },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "Directions that make neighbours (default: all of the board's)." },
    ],
    example: "(surround to target:(and (enemy site) (is-piece site king)) hostile:(or (friend site) (in site centre)) do:{(remove site)})",
  },
  {
    name: "visit",
    category: "effect",
    doc: "Marks the site as visited in the current turn, for `(visited ...)`; every mark is cleared when the turn ends. E.g. a chain of hops taken one per decision marks where each hop left and landed, `then:{(visit from) (visit to) ...}`, so that it never comes back.",
    params: [{ name: "site", type: siteRef, doc: SITE_DOC }],
    example: "(visit to)",
  },
];
