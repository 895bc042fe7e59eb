/**
 * The play page: a game of the library (or one from the editor) set up with its options, seats
 * and seed, or loaded from a record, then played at a table (table.ts).
 */
import validate from "ludex:validator";
import { useValidator } from "../../lang/schema.js";
import { AGENT_HELP, capAgentSpec, cappedNotice, createAgent } from "../../ai/index.js";
import { compileGame } from "../../compile/index.js";
import { CHANCE } from "../../engine/play/game.js";
import { parseSeed, secretSeed, type Seed } from "../../engine/state/rng.js";
import { formatDiagnostic } from "../../lang/diagnostics.js";
import { readRecord, type GameRecordFile } from "../../record/format.js";
import { addMove, newRecord, resultOf } from "../../record/recorder.js";
import { replayRecord } from "../../record/replay.js";
import { compareResult, describeDifferences } from "../../record/result-check.js";
import { recordSecrecy } from "../../record/secrecy.js";
import { seedSecret } from "../../record/seed-secret.js";
import type { FromPage } from "./agent-protocol.js";
import { fetchGame, readerOf, type GameFiles } from "./api.js";
import { forgetLast, keepLocal, keptFromQuery, newDealName, optionsOfQuery, presetQuery, queryOf, readDeal, readLast, readLocal, replayDecisions, writeDeal, writeLast, type KeptGame } from "./session.js";
import { clear, el } from "./dom.js";
import { renderMarkdown } from "./markdown.js";
import { optionInput } from "./option-input.js";
import { startTable, type Table } from "./table.js";

// The compiler's prebuilt schema validator (the page has no file system to find it on).
useValidator(validate);

/** Who may sit at a seat: a person, or an agent spec (see `ludex play --help`); OTHER lets one type any spec. */
export const SEAT_CHOICES = ["human", "random", "greedy", "mcts:iterations=300", "mcts:iterations=2000", "alphabeta:depth=2"];
/** What the seat selector shows for each choice: who plays, and how well (the spec itself is the value). */
const SEAT_NAMES: Record<string, string> = {
  human: "a person",
  random: "random moves (beginner)",
  greedy: "greedy (easy)",
  "mcts:iterations=300": "MCTS 300 (medium)",
  "mcts:iterations=2000": "MCTS 2000 (strong)",
  "alphabeta:depth=2": "alpha-beta 2 (two players, nothing hidden)",
};
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

/** A game of the library (`#/play/NAME?QUERY`): the query is a kept game's, or only preset options. */
export async function showPlay(root: HTMLElement, name: string, query: string): Promise<void> {
  showTable(root, await fetchGame(name), `play/${encodeURIComponent(name)}`, query);
}

/** A description from this computer kept in the browser (`#/local/ID?QUERY`, see session.ts). */
export async function showLocal(root: HTMLElement, id: string, query: string): Promise<void> {
  const local = readLocal(id);
  if (!local) throw new Error("This description from your computer is not kept in this browser any more: open its file again from the library page.");
  showTable(root, { ...local, rules: "", builtin: false }, `local/${id}`, query);
}

/**
 * Opens a description from this computer (a file, or the editor's text) on its own page: what it
 * extends comes from the library, and the text is kept in the browser so the page survives a reload.
 */
export async function openLocal(name: string, description: string, options: Record<string, string> = {}): Promise<void> {
  const files = await libraryFilesFor(name, description);
  const id = keepLocal({ name, description, files });
  const preset = presetQuery(options);
  location.hash = `#/local/${id}${preset ? `?${preset}` : ""}`;
}

/**
 * What a description from this computer extends, from the library (`(extends "NAME.game")` is
 * the library's game NAME): compiled once with nothing to read, each file it asks for that the
 * library has is fetched, with what that one extends, until none is missing. A file the library
 * lacks stays missing: the compiler's message names it.
 */
async function libraryFilesFor(name: string, description: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const tried = new Set<string>();
  for (;;) {
    const asked: string[] = [];
    const read = readerOf(files);
    const readFile = (path: string) => {
      if (!Object.hasOwn(files, path)) asked.push(path);
      return read(path);
    };
    compileGame(description, { file: `${name}.game`, readFile });
    const fresh = asked.filter((path) => !tried.has(path));
    if (!fresh.length) return files;
    for (const path of fresh) {
      tried.add(path);
      const game = /^([a-z0-9-]+)\.game$/.exec(path)?.[1];
      if (!game) continue;
      const r = await fetch(`api/games/${game}`);
      if (!r.ok) continue;
      const got = (await r.json()) as Omit<GameFiles, "builtin">;
      files[path] = got.description;
      Object.assign(files, got.files);
    }
  }
}

/**
 * The setup of a game (options, seats, seed, or a record to load) and its table, in `root`.
 * `page` is the address's page (`play/NAME`, `local/ID`); `query` its query: a game kept there is
 * resumed, else a new one starts (with the query's options, if any).
 */
export function showTable(root: HTMLElement, files: GameFiles, page: string, query = ""): void {
  const name = files.name;
  let kept: KeptGame | null;
  try {
    kept = keptFromQuery(query);
  } catch (e) {
    root.replaceChildren(el("p", { class: "error" }, (e as Error).message));
    return;
  }
  const preset = kept?.options ?? optionsOfQuery(query);
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
  // With hidden pieces the seed would tell what lies face down (it deals them), and with dice, to a
  // person playing an agent, every throw to come (see seedSecret): 128 bits from the browser's
  // cryptographic source when the game starts, not shown, unless the players type one. A game with
  // dice shows no seed in the form either: its first seats are a person and an agent.
  const hidden = first.game.def.concealFlags !== 0;
  const dice = first.game.def.roll !== null;
  const secretFor = (seats: readonly string[]) => seedSecret(first.game!, seats) !== null;
  const randomSeed = () => 1 + Math.floor(Math.random() * 1e6);
  const seed = el("input", hidden || dice ? { name: "seed", value: "", placeholder: hidden ? "random, kept secret" : "random", size: "16" } : { name: "seed", value: String(randomSeed()), size: "8" });
  setup.append(el("label", {}, "seed ", seed), " ");
  const seatsBox = el("div", { class: "seats" });
  setup.append(seatsBox, el("button", { type: "submit" }, "Start"));
  const area = el("div", { class: "game" });
  // The setup folds away under the game's name once a game is on, so the board fits the window.
  const setupBox = el("details", { class: "setup-box" }, el("summary", {}, "New game, seats, options"), setup);
  root.append(el("div", { class: "play-head", "data-game": name }, el("h1", {}, first.game.name), setupBox), area, el("details", { class: "rules", "data-testid": "rules" }, el("summary", {}, "Rules"), renderMarkdown(files.rules)));

  const chosenOptions = () => Object.fromEntries([...optionInputs].map(([k, input]) => [k, input.value]));
  /** Each seat's choice: a person, an agent of the list, or any agent spec typed in ("other"). */
  const seatChoices: Array<() => string> = [];
  /** Draws a seat selector per player, showing `chosen` (a person at P1 and random agents elsewhere by default). */
  const drawSeats = (count: number, chosen: readonly string[] = []) => {
    clear(seatsBox);
    seatChoices.length = 0;
    for (let p = 0; p < count; p++) {
      const want = chosen[p] ?? (p === 0 ? "human" : "random");
      const listed = SEAT_CHOICES.includes(want);
      const select = el("select", { name: `seat${p + 1}` }, ...[...SEAT_CHOICES, OTHER].map((c) => el("option", c === (listed ? want : OTHER) ? { value: c, selected: "" } : { value: c }, SEAT_NAMES[c] ?? c)));
      const spec = el("input", { name: `spec${p + 1}`, value: listed ? "mcts:iterations=2000" : want, size: "22", title: AGENT_HELP, "aria-label": `P${p + 1}'s agent spec` });
      spec.hidden = listed;
      select.addEventListener("change", () => (spec.hidden = select.value !== OTHER));
      seatChoices.push(() => (select.value === OTHER ? spec.value.trim() : select.value));
      seatsBox.append(el("label", {}, `P${p + 1} `, select), spec, " ");
    }
  };
  /** The form shows the game at the table (one loaded from a record or the address, not only one started here). */
  const showInForm = (options: Record<string, string>, seats: readonly string[], seedValue: Seed) => {
    for (const [k, input] of optionInputs) if (options[k] !== undefined) input.value = options[k]!;
    drawSeats(seats.length, seats);
    // A secret seed stays out of sight (it deals the face-down pieces, or throws the dice to come).
    seed.value = secretFor(seats) ? "" : String(seedValue);
  };
  drawSeats(first.game.playerCount, kept?.seats);
  // The players option changes the number of seats.
  for (const input of optionInputs.values()) {
    input.addEventListener("change", () => {
      const r = compile(chosenOptions());
      if (r.game && r.game.playerCount !== seatChoices.length) drawSeats(r.game.playerCount);
    });
  }
  /** The game this setup started last (its agents are let go when another starts). */
  let previous: number | undefined;
  /**
   * Keeps the game at the table in the address (`push`: as a new entry of the browser's history,
   * so that Back returns to the game before) and as this page's last game in the browser.
   */
  const keep = (t: Table, options: Record<string, string>, deal: string | undefined, push: boolean) => {
    const s = t.states[t.states.length - 1]!;
    const decisions = t.moves.filter((_, i) => !t.game.isChance(t.states[i]!)).map((m) => m.notation);
    // The seed goes in the address once nothing is face down any more (the game is over). The
    // deal stays kept: an undo or Back may return to a position where it is secret again.
    const secret = deal !== undefined && !s.over;
    const query = queryOf({ options, seats: t.seats, ...(secret ? { deal } : { seed: t.record.seed }), moves: decisions });
    const address = `#/${page}?${query}`;
    if (address !== location.hash) history[push ? "pushState" : "replaceState"](null, "", address);
    if (s.over) {
      if (readLast(page) === query) forgetLast(page);
    } else if (decisions.length) writeLast(page, query);
  };
  /** Starts a game at the table: new, or from a record or the address (its moves replayed, each checked). */
  const open = (options: Record<string, string>, seats: string[], seedValue: Seed, from: { record?: GameRecordFile; decisions?: string[]; deal?: string; push?: boolean } = {}, notes: string[] = []) => {
    const { record, decisions } = from;
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
    if (decisions) {
      const replay = replayDecisions(game, table.states[0]!, decisions);
      if (replay.error) area.append(el("p", { class: "error", "data-testid": "address-error" }, `${replay.error}.`));
      table.states = replay.states;
      table.moves = replay.moves;
      replay.moves.forEach((m, i) => addMove(table.record, game.isChance(replay.states[i]!) ? CHANCE : replay.states[i]!.seatPlayer[replay.states[i]!.mover]!, m));
      table.viewing = table.states.length - 1;
    }
    showInForm(options, seats, seedValue);
    // A secret seed (face-down pieces, or dice against an agent) is kept in this browser under a
    // name the address gives.
    const deal = seedSecret(game, seats) !== null ? (from.deal ?? newDealName()) : undefined;
    if (deal !== undefined) writeDeal(deal, seedValue);
    table.changed = () => keep(table, options, deal, false);
    // Another game as this one was set up, with a seed of its own.
    table.again = () => {
      showInForm(options, seats, seedValue);
      seed.value = "";
      startNew(true);
    };
    keep(table, options, deal, from.push ?? true);
    if (previous !== undefined) closeTables(previous);
    previous = table.id;
    if (seats.some((seat) => seat !== "human")) {
      withAgents.add(table.id);
      table.worker = agentWorker();
      table.worker.postMessage({ type: "setup", table: table.id, file: `${name}.game`, description: files.description, files: files.files, options, seats, seed: seedValue } satisfies FromPage);
    }
    startTable(area, table);
  };
  /** A new game as the form says (`push`: a new entry of the browser's history, not the page's first game). */
  const startNew = (push: boolean) => {
    const typed = seed.value.trim();
    const seats = seatChoices.map((choice) => choice());
    const chosen = typed === "" ? (secretFor(seats) ? secretSeed() : randomSeed()) : parseSeed(typed);
    if (chosen === undefined) {
      clear(area);
      area.append(el("p", { class: "error", "data-testid": "seed-error" }, `seed '${typed.slice(0, 40)}': a whole number, or 0x and up to 32 hex digits`));
      return;
    }
    open(chosenOptions(), seats, chosen, { push });
  };
  setup.addEventListener("submit", (e) => {
    e.preventDefault();
    startNew(true);
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
      open(options, seats, record.seed, { record }, notes);
    } catch (err) {
      clear(area);
      area.append(el("p", { class: "error" }, (err as Error).message));
    }
  });
  setup.append(" ", el("label", {}, "or load a record ", load));

  // The address's game, resumed; else a new game, and the game left unfinished here before offered.
  if (kept?.moves.length || kept?.seed !== undefined || kept?.deal !== undefined) {
    const seedValue = kept.seed ?? readDeal(kept.deal!);
    if (seedValue === undefined) {
      area.append(el("p", { class: "error", "data-testid": "address-error" }, "This game's seed, which deals its face-down pieces or throws its dice, is kept only in the browser that started it (the address does not show it, so no player can read it there). Start a new game here."));
      return;
    }
    open(kept.options, kept.seats, seedValue, { decisions: kept.moves, deal: kept.deal, push: false });
    return;
  }
  const last = readLast(page);
  if (last) {
    const moves = keptFromQueryOrNull(last)?.moves.length ?? 0;
    const resume = el("a", { href: `#/${page}?${last}`, "data-action": "resume" }, "resume it");
    area.before(el("p", { class: "note", "data-testid": "resume" }, `Your unfinished game of ${first.game.name} (${moves} ${moves === 1 ? "move" : "moves"}) is kept in this browser: `, resume, "."));
  }
  startNew(false);
}

/** The kept game of a query, or null (none, or one that cannot be read). */
function keptFromQueryOrNull(query: string): KeptGame | null {
  try {
    return keptFromQuery(query);
  } catch {
    return null;
  }
}
