/**
 * Ending a game: end rules (category `end`) and outcomes, how an ended game is scored (category
 * `outcome`).
 */
import type { LudemeSpec } from "../catalog.js";
import { cat, list, playerRef, PLAYER_DOC } from "./args.js";

export const endLudemes: LudemeSpec[] = [
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
    name: "for-each-player",
    category: "end",
    doc: "An end rule asked of each player still in the game in seat order, `player` naming that player in the condition, the outcome and the reason: e.g. a player who can no longer join their sides is out while the others play on, `(for-each-player (not (reaches ...)) (eliminate player) others:true)` (Ludii's `(forEach Player if:... (result Player Loss))`, `forEach NonMover` with `others:true`). An outcome that ends the game ends it there; one that lets the others play on (`eliminate`, `finish`) goes on to the next player.",
    params: [
      { name: "cond", type: cat("bool"), doc: "When, for `player`." },
      { name: "outcome", type: cat("outcome"), doc: "The result, e.g. `(eliminate player)`." },
      { name: "others", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "Only the players other than the one who just acted." },
      { name: "at", type: { t: "enum", values: ["every-decision", "turn-start"] }, namedOnly: true, optional: true, default: "every-decision", doc: "`turn-start`: checked only after a decision that begins a new turn." },
      { name: "reason", type: { t: "string" }, namedOnly: true, optional: true, doc: "Why, in words for people: `{player}` names the player, and `{mover}`, `{next}`, `{opponent}` as in `if`." },
    ],
    example: '(for-each-player (no-pieces player) (eliminate player) others:true reason:"{player} has no pieces left")',
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
    doc: "Players are compared on the first number, ties broken by the next ones; `player` in the numbers is the player being ranked. The players ranked highest win (together, when tied on every number); when all are tied it is a draw. With more than two players every player takes a place by the numbers, worth +1 for the first down to -1 for the last (second of three: 0), players tied sharing the average of their places, as Ludii ranks by score.",
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
  {
    name: "eliminate",
    category: "outcome",
    doc: "The player is out: it takes the worst place not yet taken and leaves the turn order, and the others play on (Ludii's loss of one player among several). When one player is left it takes the best place left and the game ends (with two players, being eliminated is losing). Places taken by `finish` (the best) and `eliminate` (the worst) meet in the middle; returns go by place, as with `finish`.",
    params: [{ name: "player", type: playerRef, doc: PLAYER_DOC }],
    example: "(eliminate next)",
  },
  {
    name: "finish",
    category: "outcome",
    doc: "The player finishes: it takes the best place not yet taken and leaves the turn order, and the others play on. When one player is left it takes the last place and the game ends (with two players, finishing is winning). A game that ends otherwise keeps the places taken: the players still playing share the places left (a draw among them, below those who finished), or the outcome's winners take the best of them. Returns go by place, from +1 for the first to -1 for the last, shared places averaged.",
    params: [{ name: "player", type: playerRef, doc: PLAYER_DOC }],
    example: "(finish mover)",
  },
];
