/**
 * The ludemes that give a description its structure: the game, its players, its rules and the turn
 * structure (categories `game`, `players`, `rules`, `turns`).
 */
import type { LudemeSpec } from "../catalog.js";
import { MAX_PLAYERS } from "../../limits.js";
import { name, cat, list } from "./args.js";

export const structureLudemes: LudemeSpec[] = [
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
      { name: "count", type: { t: "int", min: 1, max: MAX_PLAYERS }, doc: `How many players (at most ${MAX_PLAYERS}).` },
      { name: "names", type: list(name), namedOnly: true, optional: true, doc: "Display names, one per seat." },
      { name: "forward", type: list(name), namedOnly: true, optional: true, doc: "Each seat's forward direction on the board, P1 first. Moves may then name player-relative directions -- `forward`, `backward`, `left`, `right`, `forward-left`, `forward-right`, `backward-left`, `backward-right`, `diagonal-forward-left` ... `diagonal-backward-right` -- which turn with each seat's forward, so one rule serves every seat. Turns are read on the board as it truly stands (a hex grid's lines 60 degrees apart). `forward`, `left`, `backward` and `right` are the directions at exactly 0, 90, 180 and 270 degrees (absent where the board has none). The others are Ludii's FL, FR, BL and BR: the direction of the quadrant nearest the way the seat faces (forward, or backward for the backward ones), among the steps to a cell sharing a side or a corner (Ludii's default relation: on a hex board with `diagonals:true` its six sides, not its diagonals); the `diagonal-` names take it among the board's diagonals instead (Ludii's `of:Diagonal`). So on a square board with diagonals `forward-left` and `diagonal-forward-left` are both NW for a seat facing N; a hex-chess pawn facing a side (forward:{N S}) steps `forward` and captures `forward-left`/`forward-right` (the sides at 60 degrees); one facing a corner (De Vasa's, forward:{NNE SSW}) steps `forward-left`/`forward-right` (the sides either side of that corner) and captures `diagonal-forward-left`/`diagonal-forward-right` (the corners either side)." },
      { name: "teams", type: list(list(name)), namedOnly: true, optional: true, doc: "Partners, each seat in one team: `{{P1 P3} {P2 P4}}`. A partner's pieces are `friend`, not `enemy`; `(win P)` is a win for P's whole team; `(team-score P)` adds up the team's scores." },
    ],
    example: "(players 4 teams:{{P1 P3} {P2 P4}})",
  },
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
      { name: "roll", type: { t: "enum", values: ["each-turn", "each-decision"] }, namedOnly: true, optional: true, doc: "When the dice (equipment `(dice ...)`) are thrown: `each-turn`, before the first decision of every turn (a turn that goes on after `(move-again)` keeps its throw); `each-decision`, before every decision. The throw is a decision of its own, by chance (the API's `CHANCE` player), listed with its outcomes and drawn from the game's seeded generator in play; records keep every throw." },
      { name: "roll-if", type: cat("bool"), namedOnly: true, optional: true, doc: "The dice are thrown only where this holds for the player about to decide (e.g. not in a placement phase)." },
      { name: "swap", type: { t: "bool" }, namedOnly: true, optional: true, default: false, doc: "The swap (pie) rule, for two players, as Ludii plays it: at the second player's first decision (the start of turn 2; a loaded position says `turn` 2 and mover P2), besides the moves of `play`, the move `swap` (kind `swap`): the players exchange seats -- nothing on the board changes; the second player now plays the first seat's pieces and goals and the first player the second seat's -- and the second seat acts again in the same turn, now played by the first player. Rules speak of seats throughout; results and who decides are the players' (a saved state keeps who sits where)." },
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
];
