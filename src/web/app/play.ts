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
import { compileGame } from "../../compile/index.js";
import type { Game } from "../../engine/game.js";
import type { Move } from "../../engine/moves.js";
import type { State } from "../../engine/state.js";
import { formatDiagnostic } from "../../lang/diagnostics.js";
import { readRecord, type GameRecordFile } from "../../record/format.js";
import { addMove, finishRecord, newRecord } from "../../record/recorder.js";
import { replayRecord } from "../../record/replay.js";
import { renderBoardSvg, seatColour } from "../../view/svg.js";
import { gameOverText, seatLabel, statusLine } from "../../view/text.js";
import { narrateMove } from "../../view/narrate.js";
import type { FromPage, ToPage } from "./agent-protocol.js";
import { fetchGame, readerOf, type GameFiles } from "./api.js";
import { clear, el } from "./dom.js";
import { renderMarkdown } from "./markdown.js";

/** Who may sit at a seat: a person, or an agent spec (see `ludex play --help`). */
export const SEAT_CHOICES = ["human", "random", "greedy", "mcts:iterations=300", "alphabeta:depth=2"];

/** The agents think in a worker (see agent-worker.ts), one for the page. */
let worker: Worker | undefined;
let tables = 0;
export function agentWorker(): Worker {
  worker ??= new Worker("agent-worker.js", { type: "module" });
  return worker;
}

interface Table {
  /** Which game of the page this is, for the worker's answers. */
  id: number;
  game: Game;
  seats: string[];
  /** Every position of the game so far: states[0] is the start, states[i] follows moves[i-1]. */
  states: State[];
  moves: Move[];
  /** The position on show (time travel looks at earlier ones without changing the game). */
  viewing: number;
  /** The site clicked first, or -1. */
  selected: number;
  /** The game's record, kept as it is played (the project's record format). */
  record: GameRecordFile;
}

export async function showPlay(root: HTMLElement, name: string): Promise<void> {
  showTable(root, await fetchGame(name));
}

/** The setup of a game (options, seats, seed, or a record to load) and its table, in `root`. */
export function showTable(root: HTMLElement, files: GameFiles): void {
  const name = files.name;
  const readFile = readerOf(files.files);
  clear(root);
  const compile = (options: Record<string, string> = {}) => compileGame(files.description, { file: `${name}.game`, readFile, options });
  const first = compile();
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
  root.append(el("h1", {}, first.game.name), setup, area, el("details", { class: "rules", "data-testid": "rules" }, el("summary", {}, "Rules"), renderMarkdown(files.rules)));

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
      const r = compile(chosenOptions());
      if (r.game && r.game.playerCount !== seatSelectors.length) drawSeats(r.game.playerCount);
    });
  }
  /** Starts a game at the table: new, or from a record (its moves replayed, each checked). */
  const open = (options: Record<string, string>, seats: string[], seedValue: number, record?: GameRecordFile) => {
    const r = compile(options);
    clear(area);
    if (!r.game) {
      area.append(el("p", { class: "error" }, r.diagnostics.map((d) => formatDiagnostic(d, r.sources)).join("\n")));
      return;
    }
    const game = r.game;
    if (files.builtin) game.source.builtin = name; // a game of the library: records name it, as the CLI's do
    const table: Table = {
      id: ++tables,
      game,
      seats,
      states: [game.newGame({ seed: seedValue })],
      moves: [],
      viewing: 0,
      selected: -1,
      record: newRecord(game, { seed: seedValue, seats }),
    };
    if (record) {
      const replay = replayRecord(game, record);
      if (replay.error) area.append(el("p", { class: "error" }, `The record stops being legal at move ${replay.error.ply}: ${replay.error.message}`));
      table.states = replay.states;
      for (const step of replay.steps) {
        table.moves.push(step.move);
        addMove(table.record, step.before.mover, step.move);
      }
      table.viewing = table.states.length - 1;
    }
    if (seats.some((seat) => seat !== "human")) {
      agentWorker().postMessage({ type: "setup", table: table.id, file: `${name}.game`, description: files.description, files: files.files, options, seats, seed: seedValue } satisfies FromPage);
    }
    startTable(area, table);
  };
  setup.addEventListener("submit", (e) => {
    e.preventDefault();
    open(chosenOptions(), seatSelectors.map((s) => s.value), Number(seed.value) || 0);
  });
  // Loading a record of this game: its options, seats and seed, and its moves.
  const load = el("input", { type: "file", accept: ".json,application/json", "data-testid": "load-record" });
  load.addEventListener("change", async () => {
    const file = load.files?.[0];
    if (!file) return;
    try {
      const record = readRecord(JSON.parse(await file.text()), file.name);
      const of = record.game.name ?? record.game.file?.replace(/^.*[\\/]/, "").replace(/\.game$/, "");
      if (of !== name) throw new Error(`${file.name} is a record of ${record.game.title}, not of ${first.game!.name} (open that game to load it)`);
      const options = Object.fromEntries(Object.entries(record.options).map(([k, v]) => [k, String(v)]));
      open(options, record.seats.map((seat) => (seat.kind === "human" ? "human" : seat.agent!)), record.seed, record);
    } catch (err) {
      clear(area);
      area.append(el("p", { class: "error" }, (err as Error).message));
    }
  });
  setup.append(" ", el("label", {}, "or load a record ", load));
  setup.requestSubmit();
}

function startTable(area: HTMLElement, t: Table): void {
  const boardWrap = el("div", { class: "board-wrap" });
  const status = el("p", { class: "status", "data-testid": "status" });
  const told = el("p", { class: "told", "data-testid": "told", "aria-live": "polite" });
  const choices = el("div", { class: "choices" });
  const side = el("div", { class: "side" });
  const moveList = el("ol", { class: "moves", "data-testid": "moves" });
  const typed = el("input", { placeholder: "type a move, e.g. e2-e4", "aria-label": "move in notation", size: "16" });
  const controls = el(
    "div",
    { class: "controls" },
    el("button", { type: "button", "data-action": "back", title: "the position before" }, "◀"),
    el("button", { type: "button", "data-action": "forward", title: "the position after" }, "▶"),
    el("button", { type: "button", "data-action": "latest" }, "latest"),
    el("button", { type: "button", "data-action": "save" }, "save record"),
  );
  const players = el("table", { class: "players" });
  side.append(players, status, told, choices, el("form", { class: "typed" }, typed), controls, moveList);
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
    addMove(t.record, current().mover, m);
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
    const people = t.seats.filter((seat) => seat === "human").length;
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
      return;
    }
    const shown = who === null ? s : t.game.observation(s, who);
    const legal = legalNow();
    const labels = t.game.topology.labels;
    const index = (label: string | undefined) => (label === undefined ? -1 : labels.indexOf(label));
    const highlight = new Set<number>();
    if (t.selected >= 0) for (const m of legal) if (index(m.from) === t.selected && m.to !== undefined) highlight.add(index(m.to));
    boardWrap.innerHTML = renderBoardSvg(t.game, shown, { highlight, selected: t.selected });
    status.textContent = s.over ? gameOverText(t.game, s).join(" ") : statusLine(t.game, s);
    // What the last move did (captures, reveals, promotions, scores), as the viewer may know it.
    const prior = t.states[t.viewing - 1];
    told.textContent = prior ? [`${seatLabel(t.game, prior.mover)} played ${t.moves[t.viewing - 1]!.notation}.`, ...narrateMove(t.game, prior, s, t.moves[t.viewing - 1]!, who ?? undefined)].join(" ") : "";
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
    else if (action === "save") return saveRecord(t);
    else return;
    t.selected = -1;
    draw();
  });

  /** An agent seat to act: the worker chooses, and the move is played after a short pause, so people can follow. */
  const scheduleAgent = () => {
    const s = current();
    if (s.over || t.seats[s.mover] === "human") return;
    const asked = t.moves.length;
    const w = agentWorker();
    const answer = (e: MessageEvent<ToPage>) => {
      const m = e.data;
      if (m.table !== t.id) return;
      w.removeEventListener("message", answer);
      if (m.type === "failed") {
        status.textContent = `The agent failed: ${m.message}`;
        return;
      }
      // Played only if the game is still where it was asked.
      if (m.ply !== asked || t.moves.length !== asked) return;
      const move = t.game.parseMove(current(), m.notation);
      if (move) setTimeout(() => t.moves.length === asked && play(move), 250);
    };
    w.addEventListener("message", answer);
    w.postMessage({ type: "choose", table: t.id, moves: t.moves.map((m) => m.notation) } satisfies FromPage);
  };
  draw();
  scheduleAgent();
}

/** Downloads the game's record (finished, or as it stands). */
function saveRecord(t: Table): void {
  const s = t.states[t.states.length - 1]!;
  const rec = structuredClone(t.record);
  finishRecord(rec, t.game, s, s.over ? "finished" : "unfinished");
  const url = URL.createObjectURL(new Blob([JSON.stringify(rec, null, 2)], { type: "application/json" }));
  const a = el("a", { href: url, download: `${t.record.game.name ?? "game"}-${t.record.seed}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The seats beside the board, with what each has off the board: pieces in hand (games with a
 * supply) and score (games that score); the seat to act is marked.
 */
function drawPlayers(table: HTMLElement, game: Game, s: State, seats: string[]): void {
  clear(table);
  const supply = game.def.supplyTotal >= 0;
  const scores = s.score.some((v) => v !== 0);
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
}
