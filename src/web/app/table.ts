/**
 * A game being played on the page: the SVG board and what is beside it (the seats, the last move
 * told, the move list, the controls, the result). Moves are made by clicking (src/view/pick.ts
 * says which clicks name which move), by buttons for moves no site names (a pass), or typed in
 * notation. Agents choose in the worker; their moves are shown arriving (gliding along their
 * path, or fading in) and are announced.
 *
 * What the board shows is what the seat to look through may see: with hidden pieces and one
 * person at the table, that person's observation; with several, a hand-over screen between them.
 * The page then never draws an identity the person may not see (renderBoardSvg leaves face-down
 * pieces without owner or type).
 */
import type { Game } from "../../engine/game.js";
import type { Move } from "../../engine/moves.js";
import type { State } from "../../engine/state.js";
import type { GameRecordFile } from "../../record/format.js";
import { addMove, finishRecord, truncate } from "../../record/recorder.js";
import { revealedBy, takeBack, type Decision } from "../../record/takeback.js";
import { endInfo } from "../../view/end.js";
import { narrateMove } from "../../view/narrate.js";
import { NO_PICK, clickSite, initialPick, landings, targets, type Pick } from "../../view/pick.js";
import { renderBoardSvg, seatColour } from "../../view/svg.js";
import { hasScores, seatLabel, shownCounters, turnText } from "../../view/text.js";
import type { FromPage, ToPage } from "./agent-protocol.js";
import { clear, el } from "./dom.js";

export interface Table {
  /** Which game of the page this is, for the worker's answers. */
  id: number;
  game: Game;
  seats: string[];
  /** Every position of the game so far: states[0] is the start, states[i] follows moves[i-1]. */
  states: State[];
  moves: Move[];
  /** The position on show (time travel looks at earlier ones without changing the game). */
  viewing: number;
  /** The game's record, kept as it is played (the project's record format). */
  record: GameRecordFile;
  /** The page's agents' worker, when some seat is an agent. */
  worker?: Worker;
}

/** How long an agent's move takes to glide over each landing, in milliseconds. */
const GLIDE_MS = 220;
/** The pause between positions when a record is replayed. */
const REPLAY_MS = 900;

export function startTable(area: HTMLElement, t: Table): void {
  const boardWrap = el("div", { class: "board-wrap" });
  const status = el("p", { class: "status", "data-testid": "status" });
  const told = el("p", { class: "told", "data-testid": "told", "aria-live": "polite" });
  const choices = el("div", { class: "choices", "data-testid": "choices" });
  const result = el("div", { class: "result", "data-testid": "result" });
  const moveList = el("ol", { class: "moves", "data-testid": "moves" });
  const typed = el("input", { placeholder: "type a move, e.g. e2-e4", "aria-label": "move in notation", size: "16" });
  const button = (action: string, text: string, title: string) => el("button", { type: "button", "data-action": action, title }, text);
  const undoButton = button("undo", "undo", "take back your last move (and the agents' replies)");
  const pauseButton = button("pause", "pause", "the agents stop after the move they are thinking of, until resumed");
  pauseButton.hidden = t.seats.every((seat) => seat === "human");
  const thinking = el("p", { class: "thinking", "data-testid": "thinking" });
  const controls = el(
    "div",
    { class: "controls" },
    button("back", "◀", "the position before"),
    button("forward", "▶", "the position after"),
    button("latest", "latest", "the position now"),
    button("replay", "replay", "play the game through from the start"),
    pauseButton,
    undoButton,
    button("save", "save record", "download the game's record"),
  );
  const players = el("table", { class: "players", "data-testid": "players" });
  const side = el("div", { class: "side" }, players, status, thinking, told, result, choices, el("form", { class: "typed" }, typed), controls, moveList);
  area.append(boardWrap, side);

  const current = () => t.states[t.states.length - 1]!;
  const latest = () => t.viewing === t.states.length - 1;
  const alive = () => boardWrap.isConnected;
  const human = (p: number) => t.seats[p] === "human";
  const people = t.seats.filter((seat) => seat === "human").length;
  /** The seat whose eyes the board shows: the one person at the table, or, with several, the one to act. */
  const viewer = (s: State): number | null => {
    if (t.game.def.concealFlags === 0 || people === 0) return null;
    if (people === 1) return t.seats.indexOf("human");
    return human(s.mover) ? s.mover : t.seats.indexOf("human");
  };
  const legalNow = (): Move[] => (latest() && !current().over && human(current().mover) ? t.game.legalMoves(current()) : []);
  /** The decisions so far, for fair take-backs. */
  const decisions = (): Decision[] => t.moves.map((_, i) => ({ human: human(t.states[i]!.mover), revealed: revealedBy(t.game, t.states[i]!, t.states[i + 1]!) }));

  let pick: Pick = NO_PICK;
  /** The pick the decision started with (its only piece selected), which a click on that piece keeps. */
  let autoPick: Pick = NO_PICK;
  /** Moves that end where the clicks stand, while longer chains go on (offered as "stop here"). */
  let stops: Move[] = [];
  let replaying: ReturnType<typeof setInterval> | undefined;
  /** The agents wait (a game between agents, watched move by move). */
  let paused = false;
  /** The position last drawn, to glide the pieces of the move that led from it. */
  let drawn = -1;
  /** The site the keyboard last stood on. */
  let focused: string | null = null;
  /** The position on show came from a person's clicks or typing here (it needs no glide). */
  let byHand = false;

  const play = (m: Move) => {
    byHand = human(current().mover);
    // Someone looking back through the game (or replaying it) stays where they are.
    const following = latest() && replaying === undefined;
    addMove(t.record, current().mover, m);
    t.states.push(t.game.apply(current(), m));
    t.moves.push(m);
    if (following) t.viewing = t.states.length - 1;
    newDecision();
    draw();
    scheduleAgent();
  };
  const newDecision = () => {
    pick = autoPick = initialPick(legalNow());
    stops = [];
  };
  const offer = (moves: Move[]) => {
    clear(choices);
    for (const m of moves) {
      const b = el("button", { type: "button", "data-move": m.notation }, m.notation);
      b.addEventListener("click", () => play(m));
      choices.append(b);
    }
  };

  /**
   * With hidden pieces and several people at one screen, the board is covered when it passes from
   * one person to another, until the next one asks to see it: nobody sees another's view, and the
   * page holds only one view in its DOM at a time.
   */
  let shownTo: number | null = null;
  const draw = () => {
    const s = t.states[t.viewing]!;
    const who = viewer(s);
    clear(moveList);
    t.moves.forEach((m, i) => moveList.append(el("li", i + 1 === t.viewing ? { class: "viewing" } : {}, m.notation)));
    drawPlayers(players, t.game, s, t.seats);
    drawResult(result, t.game, s);
    undoButton.disabled = !latest() || "refused" in takeBack(decisions(), []);
    if (who !== null && people > 1 && shownTo !== who && !s.over) {
      clear(boardWrap);
      clear(choices);
      const go = el("button", { type: "button", "data-action": "handover" }, `I am ${seatLabel(t.game, who)}: show my view`);
      go.addEventListener("click", () => {
        shownTo = who;
        draw();
      });
      boardWrap.append(el("div", { class: "handover", "data-testid": "handover" }, el("p", {}, `Pass the screen to ${seatLabel(t.game, who)}.`), go));
      status.textContent = `${seatLabel(t.game, who)} to look.`;
      drawn = -1;
      return;
    }
    const shown = who === null ? s : t.game.observation(s, who);
    const legal = legalNow();
    const index = (label: string) => t.game.topology.labels.indexOf(label);
    const highlight = new Set([...targets(legal, pick)].map(index));
    const visited = pick.path.map(index);
    const hadFocus = boardWrap.contains(document.activeElement);
    // A move shown arriving (an agent's, or a step forward through the game): the pieces it
    // captured, as they were drawn a moment ago, fade out over the new board.
    const prior = t.states[t.viewing - 1];
    const last = t.moves[t.viewing - 1];
    const arriving = drawn === t.viewing - 1 && last !== undefined && !byHand;
    const captured = arriving ? (last.captures ?? []).flatMap((label) => [...boardWrap.querySelectorAll(`g.piece[data-site="${CSS.escape(label)}"]`)]) : [];
    boardWrap.innerHTML = renderBoardSvg(t.game, shown, { highlight, selected: pick.from === null ? -1 : index(pick.from), visited });
    // One site takes the Tab key's stop (the one last in focus, else the selected piece, else the first).
    const stop = boardWrap.querySelector(`g.site[data-site="${CSS.escape(focused ?? pick.from ?? "")}"]`) ?? boardWrap.querySelector("g.site");
    stop?.setAttribute("tabindex", "0");
    if (hadFocus && stop) (stop as SVGElement).focus();
    status.textContent = s.over ? "Game over." : turnText(t.game, s);
    // What the last move did (captures, reveals, promotions, scores), as the viewer may know it.
    told.textContent = prior && last ? [`${seatLabel(t.game, prior.mover)} played ${last.notation}.`, ...narrateMove(t.game, prior, s, last, who ?? undefined)].join(" ") : "";
    if (arriving) showArrival(boardWrap, last, captured);
    drawn = t.viewing;
    byHand = false;
    // Moves no site click can make (a pass), and chains that may stop where the clicks stand.
    clear(choices);
    const buttons = [...stops, ...legal.filter((m) => m.from === undefined && m.to === undefined)];
    for (const m of buttons) {
      const b = el("button", { type: "button", "data-move": m.notation }, stops.includes(m) ? `stop here: ${m.notation}` : m.notation || m.kind);
      b.addEventListener("click", () => play(m));
      choices.append(b);
    }
  };

  /** A click on a site (or Enter on the site in focus). */
  const clickAt = (site: string) => {
    // The piece the decision started with selected: clicking it keeps it selected.
    if (pick === autoPick && site === pick.from) return;
    const r = clickSite(legalNow(), pick, site);
    if (r.kind === "play") return play(r.move);
    if (r.kind === "select") {
      pick = r.pick;
      stops = r.stops;
      return draw();
    }
    pick = NO_PICK;
    stops = [];
    draw();
    if (r.kind === "choose") offer(r.moves);
  };
  boardWrap.addEventListener("click", (e) => {
    const target = (e.target as Element).closest("[data-site]");
    if (target) clickAt(target.getAttribute("data-site")!);
  });
  // The keyboard: arrows move between sites, Enter or Space clicks the one in focus.
  boardWrap.addEventListener("keydown", (e) => {
    const site = (e.target as Element).closest("g.site");
    if (!site) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      focused = site.getAttribute("data-site");
      clickAt(focused!);
    } else if (e.key in ARROWS) {
      e.preventDefault();
      const next = nearestSite(boardWrap, site, ARROWS[e.key]!);
      if (next) focusSite(boardWrap, (focused = next));
    }
  });
  typed.form!.addEventListener("submit", (e) => {
    e.preventDefault();
    const m = latest() && human(current().mover) ? t.game.parseMove(current(), typed.value) : null;
    if (m) {
      typed.value = "";
      play(m);
    } else typed.setCustomValidity(`'${typed.value}' is not a legal move here`), typed.reportValidity(), typed.setCustomValidity("");
  });
  // A move of the list: the position after it.
  moveList.addEventListener("click", (e) => {
    const item = (e.target as Element).closest("li");
    if (!item) return;
    stopReplay();
    t.viewing = [...moveList.children].indexOf(item) + 1;
    newDecision();
    draw();
  });
  controls.addEventListener("click", (e) => {
    const action = (e.target as Element).closest("[data-action]")?.getAttribute("data-action");
    if (!action) return;
    stopReplay();
    if (action === "back") t.viewing = Math.max(0, t.viewing - 1);
    else if (action === "forward") t.viewing = Math.min(t.states.length - 1, t.viewing + 1);
    else if (action === "latest") t.viewing = t.states.length - 1;
    else if (action === "replay") return startReplay();
    else if (action === "undo") return undo();
    else if (action === "pause") {
      paused = !paused;
      pauseButton.textContent = paused ? "resume" : "pause";
      return scheduleAgent();
    }
    else if (action === "save") return saveRecord(t);
    newDecision();
    draw();
  });

  /** Back to before the last person's move, when fair play allows (nothing hidden was revealed since). */
  const undo = () => {
    const back = takeBack(decisions(), t.moves.map((m) => m.notation));
    if ("refused" in back) {
      told.textContent = back.refused;
      return;
    }
    t.states.length = back.keep + 1;
    t.moves.length = back.keep;
    truncate(t.record, back.keep);
    t.viewing = back.keep;
    drawn = -1;
    newDecision();
    draw();
    told.textContent = `Taken back to move ${back.keep + 1}.`;
  };
  /** Plays the game through from its start, a position at a time, until it is at the latest or a control is pressed. */
  const startReplay = () => {
    t.viewing = 0;
    drawn = -1;
    newDecision();
    draw();
    replaying = setInterval(() => {
      if (!alive() || latest()) return stopReplay();
      t.viewing++;
      draw();
    }, REPLAY_MS);
  };
  const stopReplay = () => {
    if (replaying !== undefined) clearInterval(replaying);
    replaying = undefined;
  };

  /** An agent seat to act: the worker chooses, and the move is played after a short pause, so people can follow. */
  const scheduleAgent = () => {
    const s = current();
    if (!alive() || s.over || human(s.mover) || !t.worker || paused) return;
    const asked = t.moves.length;
    const w = t.worker;
    thinking.textContent = `${seatLabel(t.game, s.mover)} (${t.seats[s.mover]}) is thinking…`;
    const answer = (e: MessageEvent<ToPage>) => {
      const m = e.data;
      if (m.type === "stats" || m.table !== t.id) return;
      w.removeEventListener("message", answer);
      if (!alive()) return;
      // The line says "thinking" until the move is played (or dropped): then no answer is pending.
      const done = () => void (thinking.textContent = "");
      if (m.type === "failed") {
        done();
        status.textContent = `The agent failed: ${m.message}`;
        return;
      }
      // Played only if the game is still where it was asked (an undo may have come between).
      if (m.ply !== asked || t.moves.length !== asked) return done();
      const move = t.game.parseMove(current(), m.notation);
      if (!move) return done();
      setTimeout(() => {
        done();
        if (alive() && t.moves.length === asked) play(move);
      }, 250);
    };
    w.addEventListener("message", answer);
    w.postMessage({ type: "choose", table: t.id, moves: t.moves.map((m) => m.notation) } satisfies FromPage);
  };
  newDecision();
  draw();
  scheduleAgent();
}

/** Arrow keys and the way each points on the board. */
const ARROWS: Record<string, [number, number]> = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The site nearest to `from` that lies in the direction (within 45 degrees of it), or null. */
function nearestSite(boardWrap: HTMLElement, from: Element, [dx, dy]: [number, number]): string | null {
  const at = (g: Element) => {
    const c = g.querySelector("circle")!;
    return [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))] as const;
  };
  const [x0, y0] = at(from);
  let best: string | null = null, bestScore = Infinity;
  for (const g of boardWrap.querySelectorAll("g.site")) {
    const [x, y] = at(g);
    const along = (x - x0) * dx + (y - y0) * dy, across = Math.abs((x - x0) * dy - (y - y0) * dx);
    if (along <= 0 || across > along) continue;
    const score = along + 2 * across;
    if (score < bestScore) (bestScore = score), (best = g.getAttribute("data-site"));
  }
  return best;
}

/** Moves the Tab stop and the focus to a site. */
function focusSite(boardWrap: HTMLElement, label: string): void {
  for (const g of boardWrap.querySelectorAll('g.site[tabindex="0"]')) g.setAttribute("tabindex", "-1");
  const g = boardWrap.querySelector<SVGElement>(`g.site[data-site="${CSS.escape(label)}"]`);
  g?.setAttribute("tabindex", "0");
  g?.focus();
}

/**
 * Shows a move arriving: the piece it brought to its last landing glides there from where it
 * started, through every landing between; a piece placed fades in; the pieces it captured (their
 * drawings from the board before) fade out. Web Animations, so nothing waits on it and the page
 * stays as drawn.
 */
function showArrival(boardWrap: HTMLElement, m: Move, captured: Element[]): void {
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const pieces = boardWrap.querySelector("g.pieces");
  for (const gone of captured) {
    // A drawing, no longer a piece on the board: it keeps only where it was taken.
    gone.setAttribute("data-captured", gone.getAttribute("data-site")!);
    for (const name of ["data-site", "data-owner", "data-piece", "data-height", "data-flags"]) gone.removeAttribute(name);
    gone.classList.add("captured");
    pieces?.prepend(gone);
    gone.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 3 * GLIDE_MS, easing: "ease-in", fill: "forwards" }).onfinish = () => gone.remove();
  }
  if (m.to === undefined) return;
  const piece = boardWrap.querySelector(`g.piece[data-site="${CSS.escape(m.to)}"]`);
  if (m.from === undefined) {
    piece?.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 2 * GLIDE_MS, easing: "ease-out" });
    return;
  }
  const at = (label: string) => {
    const c = boardWrap.querySelector(`g.site[data-site="${CSS.escape(label)}"] circle`);
    return c ? { x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")) } : null;
  };
  const end = at(m.to);
  const points = [m.from, ...landings(m)].map(at);
  if (!piece || !end || points.some((p) => !p)) return;
  const frames = points.map((p) => ({ transform: `translate(${p!.x - end.x}px, ${p!.y - end.y}px)` }));
  piece.animate(frames, { duration: GLIDE_MS * (points.length - 1), easing: "ease-in-out" });
}

/** Downloads the game's record (finished, or as it stands). */
function saveRecord(t: Table): void {
  const s = t.states[t.states.length - 1]!;
  const rec = structuredClone(t.record);
  finishRecord(rec, t.game, s, s.over ? "finished" : "unfinished");
  const url = URL.createObjectURL(new Blob([JSON.stringify(rec, null, 2)], { type: "application/json" }));
  // The seed names the file, unless it would tell the face-down pieces of a game still going on.
  const secret = t.game.def.concealFlags !== 0 && !s.over;
  const a = el("a", { href: url, download: `${t.record.game.name ?? "game"}${secret ? "" : `-${t.record.seed}`}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The seats beside the board, with what each has off the board: pieces in hand (games with a
 * supply) and score (games that score); the seat to act is marked; then the counters shown to players.
 */
function drawPlayers(table: HTMLElement, game: Game, s: State, seats: string[]): void {
  clear(table);
  const supply = game.def.supplyTotal >= 0;
  const scores = hasScores(game, s);
  table.append(el("tr", {}, el("th", {}), el("th", {}, "seat"), el("th", {}, "who"), ...(supply ? [el("th", {}, "in hand")] : []), ...(scores ? [el("th", {}, "score")] : [])));
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
  if (counters.length) table.append(el("tr", { class: "counters" }, el("td", { colspan: "5", "data-testid": "counters" }, counters.map((c) => `${c.label}: ${c.value}`).join(" · "))));
}

/** The end of the game: who won and why, and the final ranking or scores. Empty while it goes on. */
function drawResult(box: HTMLElement, game: Game, s: State): void {
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
    const rows = info.ranking.map((r) => el("tr", {}, el("td", {}, String(r.place)), el("td", {}, r.players.map(label).join(", ")), ...r.values.map((v) => el("td", {}, String(v)))));
    box.append(el("table", { class: "ranking", "data-testid": "ranking" }, el("tr", {}, el("th", {}, "place"), el("th", {}, "players"), ...by.map((b) => el("th", {}, b))), ...rows));
  } else if (info.scores) {
    box.append(el("p", { "data-testid": "scores" }, `Final scores: ${Object.entries(info.scores).map(([seat, v]) => `${label(seat)} ${v}`).join(", ")}`));
  }
}
