/**
 * The play page: a game of the library (or one from the editor) set up with its options, seats
 * and seed, or loaded from a record, then played at a table (table.ts).
 */
import { AGENT_HELP, capAgentSpec, cappedNotice, createAgent } from "../../ai/index.js";
import { compileGame } from "../../compile/index.js";
import { parseSeed, secretSeed, type Seed } from "../../engine/rng.js";
import { formatDiagnostic } from "../../lang/diagnostics.js";
import { readRecord, type GameRecordFile } from "../../record/format.js";
import { addMove, newRecord, resultOf } from "../../record/recorder.js";
import { replayRecord } from "../../record/replay.js";
import { compareResult, describeDifferences } from "../../record/result-check.js";
import { recordSecrecy } from "../../record/secrecy.js";
import type { FromPage } from "./agent-protocol.js";
import { fetchGame, readerOf, type GameFiles } from "./api.js";
import { clear, el } from "./dom.js";
import { renderMarkdown } from "./markdown.js";
import { optionInput } from "./option-input.js";
import { startTable, type Table } from "./table.js";

/** Who may sit at a seat: a person, or an agent spec (see `ludex play --help`); OTHER lets one type any spec. */
export const SEAT_CHOICES = ["human", "random", "greedy", "mcts:iterations=300", "alphabeta:depth=2"];
const OTHER = "other…";

/**
 * The agent a loaded record's seat names, as it will play: a budget beyond its bound is capped to
 * it (as `ludex play --load` does), and `notes` gets a line saying so for the page to show.
 */
function recordSeatSpec(p: number, spec: string, notes: string[]): string {
  if (spec === "human") return spec;
  const seat = `P${p + 1}`;
  try {
    const held = capAgentSpec(spec);
    const notice = cappedNotice(seat, spec, held);
    if (notice) notes.push(`${notice}.`);
    return held.spec;
  } catch (e) {
    throw new Error(`${seat}'s agent in the record: ${(e as Error).message}`);
  }
}

/** The agents think in a worker (see agent-worker.ts), one for the page. */
let worker: Worker | undefined;
let tables = 0;
export function agentWorker(): Worker {
  worker ??= new Worker("agent-worker.js", { type: "module" });
  return worker;
}

/** Tables whose agents the worker keeps. */
const withAgents = new Set<number>();

/** Lets the worker forget the agents of games no longer on the page (`only`: just that one). */
export function closeTables(only?: number): void {
  for (const id of only === undefined ? [...withAgents] : [only]) {
    if (!withAgents.delete(id)) continue;
    worker?.postMessage({ type: "close", table: id } satisfies FromPage);
  }
}

export async function showPlay(root: HTMLElement, name: string): Promise<void> {
  showTable(root, await fetchGame(name));
}

/** The setup of a game (options, seats, seed, or a record to load) and its table, in `root`. */
export function showTable(root: HTMLElement, files: GameFiles, preset: Record<string, string> = {}): void {
  const name = files.name;
  const readFile = readerOf(files.files);
  clear(root);
  const compile = (options: Record<string, string> = {}) => compileGame(files.description, { file: `${name}.game`, readFile, options });
  const first = compile(preset);
  if (!first.game) {
    root.append(el("p", { class: "error" }, first.diagnostics.map((d) => formatDiagnostic(d, first.sources)).join("\n")));
    return;
  }
  const setup = el("form", { class: "setup" });
  const optionInputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  for (const o of first.options) {
    const input = optionInput(o, preset[o.name] ?? String(o.default));
    optionInputs.set(o.name, input);
    setup.append(el("label", {}, `${o.name} `, input), " ");
  }
  // With hidden pieces the seed would tell what lies face down (it deals them): 128 bits from the
  // browser's cryptographic source when the game starts, not shown, unless the players type one.
  const hidden = first.game.def.concealFlags !== 0;
  const randomSeed = () => 1 + Math.floor(Math.random() * 1e6);
  const seed = el("input", hidden ? { name: "seed", value: "", placeholder: "random, kept secret", size: "16" } : { name: "seed", value: String(randomSeed()), size: "8" });
  setup.append(el("label", {}, "seed ", seed), " ");
  const seatsBox = el("div", { class: "seats" });
  setup.append(seatsBox, el("button", { type: "submit" }, "Start"));
  const area = el("div", { class: "game" });
  root.append(el("h1", { "data-game": name }, first.game.name), setup, area, el("details", { class: "rules", "data-testid": "rules" }, el("summary", {}, "Rules"), renderMarkdown(files.rules)));

  const chosenOptions = () => Object.fromEntries([...optionInputs].map(([k, input]) => [k, input.value]));
  /** Each seat's choice: a person, an agent of the list, or any agent spec typed in ("other"). */
  const seatChoices: Array<() => string> = [];
  const drawSeats = (count: number) => {
    clear(seatsBox);
    seatChoices.length = 0;
    for (let p = 0; p < count; p++) {
      const select = el("select", { name: `seat${p + 1}` }, ...[...SEAT_CHOICES, OTHER].map((c) => el("option", c === (p === 0 ? "human" : "random") ? { value: c, selected: "" } : { value: c }, c)));
      const spec = el("input", { name: `spec${p + 1}`, value: "mcts:iterations=2000", size: "22", hidden: "", title: AGENT_HELP, "aria-label": `P${p + 1}'s agent spec` });
      select.addEventListener("change", () => (spec.hidden = select.value !== OTHER));
      seatChoices.push(() => (select.value === OTHER ? spec.value.trim() : select.value));
      seatsBox.append(el("label", {}, `P${p + 1} `, select), spec, " ");
    }
  };
  drawSeats(first.game.playerCount);
  // The players option changes the number of seats.
  for (const input of optionInputs.values()) {
    input.addEventListener("change", () => {
      const r = compile(chosenOptions());
      if (r.game && r.game.playerCount !== seatChoices.length) drawSeats(r.game.playerCount);
    });
  }
  /** The game this setup started last (its agents are let go when another starts). */
  let previous: number | undefined;
  /** Starts a game at the table: new, or from a record (its moves replayed, each checked). */
  const open = (options: Record<string, string>, seats: string[], seedValue: Seed, record?: GameRecordFile, notes: string[] = []) => {
    const r = compile(options);
    clear(area);
    if (!r.game) {
      area.append(el("p", { class: "error" }, r.diagnostics.map((d) => formatDiagnostic(d, r.sources)).join("\n")));
      return;
    }
    const game = r.game;
    // Every agent can play this game as its spec says (alpha-beta only two-player games with nothing hidden, say).
    for (const [p, spec] of seats.entries()) {
      if (spec === "human") continue;
      try {
        createAgent(spec, 0, game);
      } catch (e) {
        area.append(el("p", { class: "error", "data-testid": "seat-error" }, `P${p + 1}: ${(e as Error).message}`));
        return;
      }
    }
    for (const note of notes) area.append(el("p", { class: "note", "data-testid": "capped" }, note));
    if (files.builtin) game.source.builtin = name; // a game of the library: records name it, as the CLI's do
    const table: Table = {
      id: ++tables,
      game,
      seats,
      states: [game.newGame({ seed: seedValue })],
      moves: [],
      viewing: 0,
      record: newRecord(game, { seed: seedValue, seats }),
    };
    if (record) {
      const replay = replayRecord(game, record);
      const last = replay.states[replay.states.length - 1]!;
      // An unfinished game with face-down pieces opens only with the description it was recorded with.
      const secrecy = recordSecrecy(game, record, last.over);
      if (secrecy.kind === "refused") {
        area.append(el("p", { class: "error" }, `${secrecy.reason}.`));
        return;
      }
      if (replay.error) area.append(el("p", { class: "error" }, `The record stops being legal at move ${replay.error.ply}: ${replay.error.message}`));
      else {
        const differences = compareResult(record.result, resultOf(game, last, record.result.status, record.result.reason));
        if (differences.length) area.append(el("p", { class: "error", "data-testid": "result-error" }, `The record's result is not the end its moves reach (${describeDifferences(differences)}).`));
      }
      table.states = replay.states;
      for (const step of replay.steps) {
        table.moves.push(step.move);
        addMove(table.record, step.before.seatPlayer[step.before.mover]!, step.move);
      }
      table.viewing = table.states.length - 1;
    }
    if (previous !== undefined) closeTables(previous);
    previous = table.id;
    if (seats.some((seat) => seat !== "human")) {
      withAgents.add(table.id);
      table.worker = agentWorker();
      table.worker.postMessage({ type: "setup", table: table.id, file: `${name}.game`, description: files.description, files: files.files, options, seats, seed: seedValue } satisfies FromPage);
    }
    startTable(area, table);
  };
  setup.addEventListener("submit", (e) => {
    e.preventDefault();
    const typed = seed.value.trim();
    const chosen = typed === "" ? (hidden ? secretSeed() : randomSeed()) : parseSeed(typed);
    if (chosen === undefined) {
      clear(area);
      area.append(el("p", { class: "error", "data-testid": "seed-error" }, `seed '${typed.slice(0, 40)}': a whole number, or 0x and up to 32 hex digits`));
      return;
    }
    open(chosenOptions(), seatChoices.map((choice) => choice()), chosen);
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
      const notes: string[] = [];
      const seats = record.seats.map((seat, p) => (seat.kind === "human" ? "human" : recordSeatSpec(p, seat.agent!, notes)));
      open(options, seats, record.seed, record, notes);
    } catch (err) {
      clear(area);
      area.append(el("p", { class: "error" }, (err as Error).message));
    }
  });
  setup.append(" ", el("label", {}, "or load a record ", load));
  setup.requestSubmit();
}
