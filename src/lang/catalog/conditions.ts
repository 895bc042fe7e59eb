/**
 * Conditions (category `bool`).
 */
import type { LudemeSpec } from "../catalog.js";
import { name, cat, list, siteRef, selfRef, SITE_DOC, playerRef, PLAYER_DOC } from "./args.js";

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

export const conditionLudemes: LudemeSpec[] = [
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
    name: "line",
    category: "bool",
    doc: "A row of at least `length` pieces of one player (exactly `length` with `exact:true`) stands in an unbroken line through the site, along one of the board's lines (a direction and its opposite). Only the lines through that site are looked at, so in end rules, where `to` is the last move's destination, the test costs the length of those lines whatever the board's size.",
    params: [
      { name: "length", type: { t: "int", min: 1 }, doc: "How many pieces in a row." },
      { name: "at", type: siteRef, doc: `The site the row must go through: ${SITE_DOC}; in end rules and after-action effects \`to\` and \`from\` are the last move's.` },
      { name: "of", type: playerRef, namedOnly: true, optional: true, default: "mover", doc: `Whose pieces: ${PLAYER_DOC}.` },
      { name: "exact", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "Only a row of exactly `length` counts (a longer row does not)." },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "Directions whose lines count, each with its opposite (default: every line of the board)." },
    ],
    example: "(line 5 to exact:true)",
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
    name: "outflanks",
    category: "bool",
    doc: "A piece of the mover on the site outflanks something: going out from it along some direction come one or more pieces of other players and then one of the mover's (the usual rule for a legal placement in outflanking games). Only the lines from that site are looked at.",
    params: [
      { name: "at", type: siteRef, doc: SITE_DOC },
      { name: "dirs", type: list(name), namedOnly: true, optional: true, doc: "Directions looked along (default: all of the board's)." },
    ],
    example: "(outflanks to)",
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
    name: "connected",
    category: "bool",
    doc: "All the player's pieces form one group, joined through neighbouring sites (every direction of the board), e.g. a win by gathering all one's pieces. The test follows the player's pieces from one of them; a player without pieces is not connected.",
    params: [{ name: "player", type: playerRef, doc: PLAYER_DOC }],
    example: "(connected mover)",
  },
  {
    name: "closes-ring",
    category: "bool",
    doc: "The piece on the site closes a ring: some site next to it lies in a region walled off from the board's boundary by its owner's pieces (the region may hold empty sites, other players' pieces, even the owner's own pieces cut off inside: a ring around any cell). Only rings through that piece are found -- every new ring, when the site is the last move's.",
    params: [{ name: "at", type: siteRef, doc: SITE_DOC }],
    example: "(closes-ring to)",
  },
  {
    name: "all-passed",
    category: "bool",
    doc: "Every player has just passed, one after the other (the last decisions, as many as there are players, were `(pass)` moves). In end rules: the game is stuck, e.g. `(if (all-passed) ...)` ends a placement game when neither side can place.",
    params: [],
    example: "(all-passed)",
  },
  {
    name: "same-turn",
    category: "bool",
    doc: "The decision being made continues the mover's turn: the same player made the previous decision of this turn (after `(move-again)`, or a later action of a turn with several). False for a turn's first decision.",
    params: [],
    example: "(same-turn)",
  },
  {
    name: "can-move",
    category: "bool",
    doc: "The mover could now make at least one move of the given moves, in the present state (inside a move's consequences: the state after the move, with `last-to` its destination). Used to continue a turn only when the continuation exists: `(when (can-move (jump origin:last-to ...)) (move-again))`.",
    params: [{ name: "moves", type: cat("moves"), doc: "The moves to look for (never made)." }],
    example: "(can-move (jump origin:last-to over:(enemy over)))",
  },
  {
    name: "no-moves",
    category: "bool",
    doc: "The player, were it to act now, would have no legal move.",
    params: [{ name: "player", type: playerRef, doc: PLAYER_DOC }],
    example: "(no-moves next)",
  },
  {
    name: "at-edge",
    category: "bool",
    doc: "The site is on the board's edge in the direction: one step from it that way would leave the board. The direction may be player-relative (`forward` ... for the mover, see `players`), so `(at-edge to forward)` is the mover's far row on a square board. False when the board has no such direction for the mover.",
    params: [
      { name: "site", type: siteRef, doc: SITE_DOC },
      { name: "dir", type: name, doc: "A direction: the board's name, or player-relative (`forward`, `backward-left` ...)." },
    ],
    example: "(at-edge to forward)",
  },
];
