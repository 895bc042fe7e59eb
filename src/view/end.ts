/**
 * The end of a game, for people and for records: why it ended (the end rule that fired, in
 * words), who won, and the final ranking (games ranked at the end, and games with scores and more
 * than two players) or scores.
 */
import type { Game } from "../engine/play/game.js";
import type { State } from "../engine/state/state.js";
import { seatLabel } from "./seats.js";

/** Whether scores mean something in this game: the rules keep them, or some player has one. */
export function hasScores(game: Game, s: State): boolean {
  return game.def.presentation.scored || s.score.some((v) => v !== 0);
}

/** The end of a game in plain data (for records): who won, why, and the final numbers. */
export interface EndInfo {
  /** Seats `P1`..`Pn` of the winners; empty for a draw. */
  winners: string[];
  draw: boolean;
  /** Index of the end rule that fired (in the description's order), -1 when unknown. */
  rule: number;
  /** Why the game ended, in words (empty when unknown). */
  reason: string;
  /** Scores per seat, in games that keep scores. */
  scores?: Record<string, number>;
  /** Best first; tied players share a place. `values` are the numbers of `by`, in order. */
  ranking?: { place: number; players: string[]; values: number[] }[];
  /**
   * What the ranking compares, most important first (`final score`, `score` ...): a ranked end
   * rule's labels; `["result"]` when the rule that ended the game does not rank (the values are
   * then the returns, winners first; see `rankedByResult`).
   */
  by?: string[];
}

/** Whether the ranking is by the result of an end rule that does not rank: places, no numbers of their own. */
export function rankedByResult(info: EndInfo): boolean {
  return info.by?.length === 1 && info.by[0] === "result";
}

/** The end of a game in plain, JSON-friendly data; null while the game goes on. */
export function endInfo(game: Game, s: State): EndInfo | null {
  if (!s.over) return null;
  const seat = (p: number) => `P${p + 1}`;
  // Views name seats (P1 is the first seat, whoever plays it after a swap).
  const winners = game.winnerSeats(s)!;
  const why = game.endReason(s, (p) => seatLabel(game, p));
  const info: EndInfo = {
    winners: winners.length === game.playerCount ? [] : winners.map(seat),
    draw: winners.length === 0 || winners.length === game.playerCount,
    rule: why?.rule ?? -1,
    reason: why?.text ?? "",
  };
  if (hasScores(game, s)) info.scores = Object.fromEntries(Array.from(s.score, (v, p) => [seat(p), v]));
  // One result: the rule that ended the game ranks. A ranked rule by its own numbers; any other
  // rule by what it decided (its winners first, in games with places by place), so the ranking
  // never says other than the winners, whatever numbers a ranked rule that did not fire uses.
  if (why?.ranking) {
    info.by = why.ranking.labels;
    info.ranking = ranked(why.ranking.values, seat);
  } else if (game.playerCount > 2 && (info.scores || game.def.end.some((rule) => rule.ranking))) {
    info.by = ["result"];
    // Per seat, as the winners are (the rules score seats).
    info.ranking = ranked(Array.from(s.returns, (v) => [v]), seat);
  }
  return info;
}

/** The places of players ranked on `values` (one list of numbers per player), seats named by `seat`. */
function ranked(values: number[][], seat: (p: number) => string): NonNullable<EndInfo["ranking"]> {
  return rank(values).map(({ place, players }) => ({ place, players: players.map(seat), values: values[players[0]!]! }));
}

/** Players ordered by their numbers (compared in order, higher first); equal numbers share a place. */
function rank(values: number[][]): { place: number; players: number[] }[] {
  const cmp = (a: number, b: number) => {
    for (let k = 0; k < values[a]!.length; k++) if (values[a]![k] !== values[b]![k]) return values[b]![k]! - values[a]![k]!;
    return 0;
  };
  const order = values.map((_, p) => p).sort((a, b) => cmp(a, b) || a - b);
  const out: { place: number; players: number[] }[] = [];
  order.forEach((p, i) => {
    const last = out.at(-1);
    if (last && cmp(last.players[0]!, p) === 0) last.players.push(p);
    else out.push({ place: i + 1, players: [p] });
  });
  return out;
}

/**
 * How the game ended, for people: the first line says why and who won; then the final ranking
 * (games ranked at the end, and games with scores and more than two players) or the scores.
 * Empty while the game goes on.
 */
export function gameOverText(game: Game, s: State): string[] {
  const info = endInfo(game, s);
  if (!info) return [];
  const label = (seat: string) => seatLabel(game, Number(seat.slice(1)) - 1);
  const w = info.winners.map(label);
  const result = info.draw ? "Draw." : `${w.join(" and ")} ${w.length > 1 ? "share the win" : "wins"}.`;
  const lines = [`Game over: ${info.reason ? `${capitalise(info.reason)}. ` : ""}${result}`];
  const byResult = rankedByResult(info);
  if (info.ranking) {
    const by = info.by!;
    // Places by result need no numbers (they are the returns); the scores follow on their own line.
    lines.push(byResult ? "Final ranking:" : `Final ranking (${by.join(", then ")}):`);
    for (const r of info.ranking) {
      const numbers = byResult ? "" : `: ${by.length === 1 ? String(r.values[0]) : r.values.map((v, k) => `${by[k]} ${v}`).join(", ")}`;
      lines.push(`  ${r.place}. ${r.players.map(label).join(", ")}${numbers}`);
    }
  }
  if (info.scores && (!info.ranking || byResult)) {
    lines.push(`Final scores: ${Object.entries(info.scores).map(([seat, v]) => `${label(seat)} ${v}`).join(", ")}`);
  }
  return lines;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
