/** The panels beside the board: the seats with what each has off the board, and the end of the game. */
import type { Game } from "../../engine/play/game.js";
import type { State } from "../../engine/state/state.js";
import { endInfo, rankedByResult } from "../../view/end.js";
import { seatColour } from "../../view/svg.js";
import { hasScores, seatLabel, shownCounters } from "../../view/text.js";
import { clear, el } from "./dom.js";

/**
 * The seats beside the board, with what each has off the board: pieces in hand (games with a
 * supply) and score (games that score); the seat to act is marked; then the counters shown to players.
 */
export function drawPlayers(table: HTMLElement, game: Game, s: State, seats: string[]): void {
  clear(table);
  const supply = game.def.supplyTotal >= 0;
  const scores = hasScores(game, s);
  const head = el("tr", {}, el("th", {}), el("th", {}, "seat"), el("th", {}, "who"), ...(supply ? [el("th", {}, "in hand")] : []), ...(scores ? [el("th", {}, "score")] : []));
  table.append(head);
  for (let p = 0; p < game.playerCount; p++) {
    table.append(
      el(
        "tr",
        { "data-seat": `P${p + 1}`, ...(!s.over && s.mover === p ? { class: "to-act" } : {}) },
        el("td", {}, el("span", { class: "swatch", style: `background:${seatColour(game, p)}` })),
        el("td", {}, seatLabel(game, p)),
        el("td", {}, seats[p] ?? ""),
        ...(supply ? [el("td", { "data-testid": `supply-P${p + 1}` }, String(s.supply[p]))] : []),
        ...(scores ? [el("td", { "data-testid": `score-P${p + 1}` }, String(s.score[p]))] : []),
      ),
    );
  }
  // The counters the description shows (plies without a capture, say), under the seats.
  const counters = shownCounters(game, s);
  if (counters.length) table.append(el("tr", { class: "counters" }, el("td", { colspan: String(head.children.length), "data-testid": "counters" }, counters.map((c) => `${c.label}: ${c.value}`).join(" · "))));
}

/** The end of the game: who won and why, and the final ranking or scores. Empty while it goes on. */
export function drawResult(box: HTMLElement, game: Game, s: State): void {
  clear(box);
  const info = endInfo(game, s);
  if (!info) return;
  const label = (seat: string) => seatLabel(game, Number(seat.slice(1)) - 1);
  const winners = info.winners.map(label);
  box.append(
    el("h2", {}, info.draw ? "Draw" : `${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}`),
    ...(info.reason ? [el("p", { "data-testid": "reason" }, `${info.reason.charAt(0).toUpperCase()}${info.reason.slice(1)}.`)] : []),
  );
  if (info.ranking) {
    const by = info.by!;
    // Ranked by numbers other than the running score beside the seats (a final score the rules
    // count at the end): the running score is shown too, and the caption says which one ranks.
    const running = info.scores && !by.includes("score") ? info.scores : undefined;
    // Places by the result of a rule that does not rank need no numbers of their own (see endInfo).
    const byResult = rankedByResult(info);
    const columns = byResult ? [] : by;
    const rows = info.ranking.map((r) =>
      el(
        "tr",
        {},
        el("td", {}, String(r.place)),
        el("td", {}, r.players.map(label).join(", ")),
        ...(byResult ? [] : r.values.map((v) => el("td", {}, String(v)))),
        ...(running ? [el("td", {}, r.players.map((p) => String(running[p])).join(", "))] : []),
      ),
    );
    const caption = running && !byResult ? [el("caption", {}, `Ranked by ${by.join(", then ")}, as the rules count it at the end; the score beside the seats is the running score.`)] : [];
    box.append(el("table", { class: "ranking", "data-testid": "ranking" }, ...caption, el("tr", {}, el("th", {}, "place"), el("th", {}, "players"), ...columns.map((b) => el("th", {}, b)), ...(running ? [el("th", {}, "score")] : [])), ...rows));
  } else if (info.scores) {
    box.append(el("p", { "data-testid": "scores" }, `Final scores: ${Object.entries(info.scores).map(([seat, v]) => `${label(seat)} ${v}`).join(", ")}`));
  }
}
