/**
 * The play page: a game from the library on an SVG board. Moves by clicking (a piece, then where
 * it goes; a site alone for placements; a menu when several moves share the clicks), by buttons
 * for moves without a site (a pass), or typed in notation. Seats are people or agents; a move
 * list, stepping back and forward through the game without changing it, and the end of the game.
 *
 * What the board shows is what the seat to look through may see: with hidden pieces and one
 * person at the table, that person's observation; the page then never draws an identity the
 * person may not see (renderBoardSvg leaves face-down pieces without owner or type).
 */
import { createAgent } from "../../ai/index.js";
import type { Agent } from "../../ai/agent.js";
import { compileGame } from "../../compile/index.js";
import type { Game } from "../../engine/game.js";
import type { Move } from "../../engine/moves.js";
import type { State } from "../../engine/state.js";
import { formatDiagnostic } from "../../lang/diagnostics.js";
import { renderBoardSvg, seatColour } from "../../view/svg.js";
import { gameOverText, seatLabel, statusLine } from "../../view/text.js";
import { fetchGame, readerOf } from "./api.js";
import { clear, el } from "./dom.js";

/** Who may sit at a seat: a person, or an agent spec (see `ludex play --help`). */
export const SEAT_CHOICES = ["human", "random", "greedy", "mcts:iterations=300", "alphabeta:depth=2"];

interface Table {
  game: Game;
  seats: string[];
  agents: Array<Agent | null>;
  /** Every position of the game so far: states[0] is the start, states[i] follows moves[i-1]. */
  states: State[];
  moves: Move[];
  /** The position on show (time travel looks at earlier ones without changing the game). */
  viewing: number;
  /** The site clicked first, or -1. */
  selected: number;
}

export async function showPlay(root: HTMLElement, name: string): Promise<void> {
  const files = await fetchGame(name);
  const readFile = readerOf(files);
  clear(root);
  const first = compileGame(files.description, { file: `${name}.game`, readFile });
  if (!first.game) {
    root.append(el("p", { class: "error" }, first.diagnostics.map((d) => formatDiagnostic(d, first.sources)).join("\n")));
    return;
  }
  const setup = el("form", { class: "setup" });
  const optionInputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  for (const o of first.options) {
    const values = o.values ?? (typeof o.default === "boolean" ? [false, true] : undefined);
    const input = values ? el("select", { name: o.name }, ...values.map((v) => el("option", v === o.default ? { value: String(v), selected: "" } : { value: String(v) }, String(v)))) : el("input", { name: o.name, value: String(o.default), size: "6" });
    optionInputs.set(o.name, input);
    setup.append(el("label", {}, `${o.name} `, input), " ");
  }
  const seed = el("input", { name: "seed", value: String(1 + Math.floor(Math.random() * 1e6)), size: "8" });
  setup.append(el("label", {}, "seed ", seed), " ");
  const seatsBox = el("div", { class: "seats" });
  setup.append(seatsBox, el("button", { type: "submit" }, "Start"));
  const area = el("div", { class: "game" });
  root.append(el("h1", {}, first.game.name), setup, area, el("details", { class: "rules" }, el("summary", {}, "Rules"), el("pre", {}, files.rules)));

  const chosenOptions = () => Object.fromEntries([...optionInputs].map(([k, input]) => [k, input.value]));
  const seatSelectors: HTMLSelectElement[] = [];
  const drawSeats = (count: number) => {
    clear(seatsBox);
    seatSelectors.length = 0;
    for (let p = 0; p < count; p++) {
      const select = el("select", { name: `seat${p + 1}` }, ...SEAT_CHOICES.map((c) => el("option", c === (p === 0 ? "human" : "random") ? { value: c, selected: "" } : { value: c }, c)));
      seatSelectors.push(select);
      seatsBox.append(el("label", {}, `P${p + 1} `, select), " ");
    }
  };
  drawSeats(first.game.playerCount);
  // The players option changes the number of seats.
  for (const input of optionInputs.values()) {
    input.addEventListener("change", () => {
      const r = compileGame(files.description, { file: `${name}.game`, readFile, options: chosenOptions() });
      if (r.game && r.game.playerCount !== seatSelectors.length) drawSeats(r.game.playerCount);
    });
  }
  setup.addEventListener("submit", (e) => {
    e.preventDefault();
    const r = compileGame(files.description, { file: `${name}.game`, readFile, options: chosenOptions() });
    clear(area);
    if (!r.game) {
      area.append(el("p", { class: "error" }, r.diagnostics.map((d) => formatDiagnostic(d, r.sources)).join("\n")));
      return;
    }
    const seats = seatSelectors.map((s) => s.value);
    const seedValue = Number(seed.value) || 0;
    const table: Table = {
      game: r.game,
      seats,
      agents: seats.map((spec, p) => (spec === "human" ? null : createAgent(spec, seedValue + 101 * (p + 1), r.game))),
      states: [r.game.newGame({ seed: seedValue })],
      moves: [],
      viewing: 0,
      selected: -1,
    };
    startTable(area, table);
  });
  setup.requestSubmit();
}

function startTable(area: HTMLElement, t: Table): void {
  const boardWrap = el("div", { class: "board-wrap" });
  const status = el("p", { class: "status", "data-testid": "status" });
  const choices = el("div", { class: "choices" });
  const side = el("div", { class: "side" });
  const moveList = el("ol", { class: "moves", "data-testid": "moves" });
  const typed = el("input", { placeholder: "type a move, e.g. e2-e4", "aria-label": "move in notation", size: "16" });
  const controls = el("div", { class: "controls" }, el("button", { type: "button", "data-action": "back" }, "◀"), el("button", { type: "button", "data-action": "forward" }, "▶"), el("button", { type: "button", "data-action": "latest" }, "latest"));
  side.append(playersTable(t.game), status, choices, el("form", { class: "typed" }, typed), controls, moveList);
  area.append(boardWrap, side);

  const current = () => t.states[t.states.length - 1]!;
  const latest = () => t.viewing === t.states.length - 1;
  /** The seat whose eyes the board shows: the one person at the table, or, with several, the one to act. */
  const viewer = (s: State): number | null => {
    if (t.game.def.concealFlags === 0) return null;
    const people = t.seats.flatMap((seat, p) => (seat === "human" ? [p] : []));
    if (people.length === 0) return null;
    return people.length === 1 ? people[0]! : people.includes(s.mover) ? s.mover : people[0]!;
  };
  const legalNow = (): Move[] => (latest() && !current().over && t.seats[current().mover] === "human" ? t.game.legalMoves(current()) : []);

  const play = (m: Move) => {
    t.states.push(t.game.apply(current(), m));
    t.moves.push(m);
    t.viewing = t.states.length - 1;
    t.selected = -1;
    draw();
    scheduleAgent();
  };
  const offer = (moves: Move[]) => {
    clear(choices);
    if (moves.length === 1) return play(moves[0]!);
    for (const m of moves) {
      const b = el("button", { type: "button", "data-move": m.notation }, m.notation);
      b.addEventListener("click", () => play(m));
      choices.append(b);
    }
  };

  const draw = () => {
    const s = t.states[t.viewing]!;
    const who = viewer(s);
    const shown = who === null ? s : t.game.observation(s, who);
    const legal = legalNow();
    const labels = t.game.topology.labels;
    const index = (label: string | undefined) => (label === undefined ? -1 : labels.indexOf(label));
    const highlight = new Set<number>();
    if (t.selected >= 0) for (const m of legal) if (index(m.from) === t.selected && m.to !== undefined) highlight.add(index(m.to));
    boardWrap.innerHTML = renderBoardSvg(t.game, shown, { highlight, selected: t.selected });
    status.textContent = s.over ? gameOverText(t.game, s).join(" ") : statusLine(t.game, s);
    clear(moveList);
    t.moves.forEach((m, i) => moveList.append(el("li", i + 1 === t.viewing ? { class: "viewing" } : {}, m.notation)));
    // Moves no site click can make (a pass): buttons.
    clear(choices);
    for (const m of legal) {
      if (m.from !== undefined || m.to !== undefined) continue;
      const b = el("button", { type: "button", "data-move": m.notation }, m.notation || m.kind);
      b.addEventListener("click", () => play(m));
      choices.append(b);
    }
  };

  boardWrap.addEventListener("click", (e) => {
    const target = (e.target as Element).closest("[data-site]");
    if (!target) return;
    const site = t.game.topology.labels.indexOf(target.getAttribute("data-site")!);
    const legal = legalNow();
    const label = t.game.topology.labels[site]!;
    if (t.selected >= 0) {
      const from = t.game.topology.labels[t.selected]!;
      // The selected site again: the moves that only name it (lifting a piece off, say).
      if (site === t.selected) {
        const here = legal.filter((m) => m.from === from && m.to === undefined);
        t.selected = -1;
        return here.length ? offer(here) : draw();
      }
      const moves = legal.filter((m) => m.from === from && (m.to === label || m.path?.includes(label)));
      const exact = moves.filter((m) => m.to === label);
      if (exact.length || moves.length) return offer(exact.length ? exact : moves);
    }
    const fromHere = legal.filter((m) => m.from === label);
    // Moves that only name this site (a removal): made at once when they are all it has.
    if (fromHere.length && fromHere.every((m) => m.to === undefined)) return offer(fromHere);
    if (fromHere.length) {
      t.selected = site;
      draw();
      return;
    }
    // A site alone: placements, drops, blocks and moves that name only where they land.
    const onlyHere = legal.filter((m) => m.from === undefined && m.to === label);
    t.selected = -1;
    if (onlyHere.length) return offer(onlyHere);
    draw();
  });
  typed.form!.addEventListener("submit", (e) => {
    e.preventDefault();
    const m = latest() ? t.game.parseMove(current(), typed.value) : null;
    if (m && t.seats[current().mover] === "human") {
      typed.value = "";
      play(m);
    } else typed.setCustomValidity(`'${typed.value}' is not a legal move here`), typed.reportValidity(), typed.setCustomValidity("");
  });
  controls.addEventListener("click", (e) => {
    const action = (e.target as Element).closest("[data-action]")?.getAttribute("data-action");
    if (action === "back") t.viewing = Math.max(0, t.viewing - 1);
    else if (action === "forward") t.viewing = Math.min(t.states.length - 1, t.viewing + 1);
    else if (action === "latest") t.viewing = t.states.length - 1;
    else return;
    t.selected = -1;
    draw();
  });

  /** An agent seat to act plays after a short pause, so people can follow. */
  const scheduleAgent = () => {
    const s = current();
    const agent = t.agents[s.mover];
    if (s.over || !agent) return;
    setTimeout(() => {
      if (current() !== s) return;
      const legal = t.game.legalMoves(s);
      if (legal.length) play(agent.choose(t.game, t.game.observation(s, s.mover), legal));
    }, 300);
  };
  draw();
  scheduleAgent();
}

function playersTable(game: Game): HTMLElement {
  const table = el("table", { class: "players" });
  for (let p = 0; p < game.playerCount; p++) {
    table.append(el("tr", {}, el("td", {}, el("span", { class: "swatch", style: `background:${seatColour(game, p)}` })), el("td", {}, seatLabel(game, p))));
  }
  return table;
}
