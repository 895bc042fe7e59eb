/**
 * `ludex play GAME`: a game at the terminal between humans and agents (`--p1`..`--p5`).
 * Humans type moves in the game's notation, or a number from `moves`; input is read with
 * node:readline, so it works on a terminal and with piped input alike.
 *
 * With `--save FILE` the game record (`ludex-record/1`) is written after every move and when the
 * game ends, is quit or is interrupted (Ctrl-C, SIGTERM), so nothing played is lost; `--load FILE`
 * resumes it. One game writes a record at a time: a lock beside it (`FILE.lock`) refuses a second.
 * In games with face-down pieces nothing shown during play reveals a hidden identity: the seed
 * is kept until the end, every human sees only their observation, and undo cannot take back a
 * move after which something was revealed.
 */
import { randomInt } from "node:crypto";
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { InvalidArgumentError, type Command } from "commander";
import { CHANCE, type Game } from "../engine/play/game.js";
import type { Move } from "../engine/moves/moves.js";
import { PositionError, type Position } from "../engine/state/position.js";
import { PlayLimitError } from "../engine/play/play-limit.js";
import { secretSeed, seedWord, type Seed } from "../engine/state/rng.js";
import type { State } from "../engine/state/state.js";
import type { GameRecordFile } from "../record/format.js";
import { addMove, finishRecord, newRecord, truncate } from "../record/recorder.js";
import { revealedBy, takeBack, type Decision as FairDecision } from "../record/takeback.js";
import { boardLegend } from "../view/legend.js";
import { narrateMove } from "../view/narrate.js";
import { gameOverText, renderBoard, SCREEN_WIDTH, statusLine } from "../view/text.js";
import { AGENT_HELP, AgentSpecError, agentSearches, capAgentSpec, cappedNotice, createAgent, type Agent } from "../ai/index.js";
import { AgentStopped, AgentThreadError, ThreadedAgent } from "../ai/threaded-agent.js";
import { lockRecord, RecordLockError, type RecordLock } from "../record/lock.js";
import { recordTarget, replacedByNewGame, sameRecordFile } from "../record/save-target.js";
import { seedSecret } from "../record/seed-secret.js";
import { LineInput } from "./input.js";
import { Interrupt } from "./interrupt.js";
import { readPositionFile } from "./legal.js";
import { CliError, describeOptions, examples, integerArg, log, out, seatLabel, seedArg, usageError, withGameOptions } from "./common.js";

/** Seats that can be set on the command line. */
const MAX_SEAT_FLAGS = 5;
const DEFAULT_MAX_PLIES = 10_000;

interface PlayOptions {
  seed?: Seed;
  maxPlies: number;
  option?: Record<string, string>;
  save?: string;
  load?: string;
  force?: boolean;
  gameFileFromRecord?: boolean;
  position?: string;
  [seat: `p${number}`]: string | undefined;
}

/** `human` or an agent spec (checked here, so a typo is a usage error before the game starts). */
function seatArg(value: string): string {
  const v = value.trim();
  if (v.toLowerCase() === "human") return "human";
  try {
    createAgent(v, 0);
  } catch (e) {
    if (e instanceof AgentSpecError) throw new InvalidArgumentError(`${e.message}.`);
    throw e;
  }
  return v;
}

export function registerPlay(program: Command): void {
  const cmd = program
    .command("play")
    .description("play a game at the terminal; every seat is human unless set to an agent with --p1..--p5")
    .argument("[game]", "a built-in game name (see `ludex list`) or a description file (.game); with --load, the record's game by default");
  for (let i = 1; i <= MAX_SEAT_FLAGS; i++) cmd.option(`--p${i} <who>`, `who plays P${i}: human (default) or an agent spec`, seatArg);
  cmd
    .option("--seed <n>", "seed of the game and of the agents' choices: a whole number or 0x and up to 32 hex digits (default: random; printed at the start or, when pieces are hidden or a person plays a game with dice against an agent, drawn from the system's random source and printed at the end)", seedArg)
    .option("--max-plies <m>", "stop an unfinished game after this many plies", integerArg(1), DEFAULT_MAX_PLIES)
    .option("--save <file>", "keep the game record (ludex-record/1) in this file: written after every move, at the end, and when the game is quit")
    .option("--load <file>", "resume the game of a record (its game, options, seed, seats and moves; --p1.. override its seats); it goes on being saved there unless --save names another file")
    .option("--force", "let --save replace a file that holds another game (finished, or unfinished: --load resumes those)")
    .option("--game-file-from-record", "with --load: read the description file the record names (game.file); without it only a built-in game the record names, or the GAME argument, is used")
    .option("--position <file>", "start from a position (JSON, as written by `ludex show --json`)");
  withGameOptions(cmd);
  examples(cmd, [
    "ludex play NAME",
    "ludex play NAME --p2 random --seed 3 --save game.json",
    "ludex play --load game.json",
    "ludex play games/NAME.game --p2 mcts:time=1s",
    "ludex play NAME --p1 random --p2 random --option NAME=VALUE",
  ]);
  cmd.addHelpText(
    "after",
    `\nAgents:\n${AGENT_HELP.replace(/^/gm, "  ")}\n\n${HELP}\nInput can be piped.\n`,
  );
  cmd.action(async (ref: string | undefined, opts: PlayOptions) => {
    if (opts.force && !opts.save) throw usageError("--force: only with --save (it lets --save replace a file that holds a game)");
    if (opts.gameFileFromRecord && !opts.load) throw usageError("--game-file-from-record: only with --load (it lets the record's description file be read)");
    // A resumed game goes on being written to its record unless --save names another file.
    const savePath = opts.save ?? opts.load;
    // The file a link leads to is the record: locked and written there, the link left as it is.
    const target = savePath ? recordTarget(savePath) : undefined;
    // The lock first: a record another game is writing is neither resumed nor overwritten.
    const lock = target ? takeLock(target, savePath!) : undefined;
    let input: LineInput | null = null;
    // Ctrl-C or SIGTERM ends the game as unfinished, its record saved (the prompt is woken up).
    const interrupt = new Interrupt();
    interrupt.onStop(() => input?.close());
    try {
      const replaced = opts.save && !opts.force && !sameRecordFile(opts.save, opts.load) ? replacedByNewGame(opts.save) : undefined;
      if (replaced) throw new CliError(`--save: ${replaced}`);
      const setup = await prepare(ref, opts);
      input = setup.seats.some((s) => !s.agent) ? new LineInput() : null;
      await new Session(setup, opts.maxPlies, input, savePath, interrupt, target).run();
    } finally {
      input?.close();
      interrupt.dispose();
      lock?.release();
    }
  });
}

/** The lock of record `file` (the real file), its messages naming the record as the user did (`name`). */
function takeLock(file: string, name: string): RecordLock {
  try {
    return lockRecord(file, resolve(name) === file ? name : `${name} -> ${file}`);
  } catch (e) {
    if (e instanceof RecordLockError) throw new CliError(e.message);
    throw e;
  }
}

interface Seat {
  label: string;
  /** `human` or the agent spec. */
  who: string;
  /** Absent for a human seat. */
  agent?: Agent;
  /** The agent's seed (its thread makes the same agent). */
  seed?: number;
}

/** What a session starts from: the game, its seats, the state to play on and the record so far. */
interface Setup {
  game: Game;
  seats: Seat[];
  seed: Seed;
  state: State;
  record: GameRecordFile;
  /** Decisions already in the record (a loaded game), so undo can reach them. */
  history: Decision[];
}

async function prepare(ref: string | undefined, opts: PlayOptions): Promise<Setup> {
  if (opts.load && opts.position) throw usageError("--load and --position cannot be combined: a record has its own start");
  if (!ref && !opts.load) throw usageError("missing the game: a built-in name (see `ludex list`) or a .game file, or --load RECORD");
  if (opts.load) return resume(ref, opts);
  const { loadGameFile } = await import("./load.js");
  const game = loadGameFile(ref!, opts.option);
  const seed = chooseSeed(game, opts.seed, seatSpecs(game, opts));
  const seats = buildSeats(game, opts, seed);
  let state: State;
  let start: Position | undefined;
  if (opts.position) ({ state, position: start } = readPositionFile(game, opts.position, {}, seed));
  else state = game.newGame({ seed });
  const record = newRecord(game, { seed, seats: seats.map((s) => s.who), start });
  return { game, seats, seed, state, record, history: [] };
}

/**
 * The seed: the player's, or a fresh one, announced now unless it would tell a player what they
 * may not know: what lies face down (the seed deals it), or, where a person plays against an
 * agent, the dice to come (the seed throws them; with it, a second run shows every coming throw).
 * Such a game draws 128 bits from the system's random source, shown at the end: a short seed could
 * be found by trying them all against the pieces revealed, or the throws seen, so far.
 */
function chooseSeed(game: Game, given: Seed | undefined, seats: readonly string[]): Seed {
  if (given !== undefined) return given;
  const secret = seedSecret(game, seats);
  if (secret) {
    log(`seed drawn from the system's random source and kept secret until the game ends (it ${secret === "pieces" ? "deals the face-down pieces" : "throws the dice"})`);
    return secretSeed();
  }
  const seed = randomInt(0, 2 ** 31);
  log(`seed ${seed} (replay this game with --seed ${seed})`);
  return seed;
}


/** Who sits at each seat as the options say (`human` or an agent spec), before the agents are made. */
function seatSpecs(game: Game, opts: PlayOptions): string[] {
  return Array.from({ length: game.playerCount }, (_, p) => opts[`p${p + 1}`] ?? "human");
}

/** A game resumed from its record: replayed move by move, so a bad record is reported, not trusted. */
async function resume(ref: string | undefined, opts: PlayOptions): Promise<Setup> {
  if (opts.seed !== undefined) throw usageError("--seed: a resumed game keeps the seed of its record");
  if (opts.option) throw usageError("--option: a resumed game keeps the options of its record");
  const { readRecordFile, loadRecordGame, replayRecord, descriptionChanged } = await import("../record/replay.js");
  const { RecordError } = await import("../record/format.js");
  const { GameLoadError, GameNotFoundError } = await import("../compile/index.js");
  const path = opts.load!;
  let record, game, replay;
  try {
    record = readRecordFile(path);
    game = loadRecordGame(record, ref, path, opts.gameFileFromRecord);
    replay = replayRecord(game, record);
  } catch (e) {
    if (e instanceof RecordError) throw new CliError(e.of(path).message);
    if (e instanceof GameNotFoundError || e instanceof PositionError) throw new CliError(e.message);
    if (e instanceof GameLoadError) throw new CliError(`${path}: the record's game does not compile: ${e.message}`);
    throw e;
  }
  const changed = descriptionChanged(game, record);
  if (changed) log(`ludex: warning: ${changed}`);
  if (replay.error) throw new CliError(`${path}: cannot resume: ${replay.error.message}`);
  const state = replay.states[replay.states.length - 1]!;
  if (state.over) throw new CliError(`${path}: this game is over (${record.result.reason ?? "the rules ended it"}); \`ludex replay ${path}\` shows it`);
  const { recordSecrecy, recordedGameHides } = await import("../record/secrecy.js");
  const secrecy = recordSecrecy(game, record, false, ref !== undefined && record.game.hidden !== true && recordedGameHides(record, path, opts.gameFileFromRecord));
  if (secrecy.kind === "refused") throw new CliError(`${path}: cannot resume: ${secrecy.reason}. Resume it with the description it was made with`);
  const { compareResult, describeDifferences } = await import("../record/result-check.js");
  const { resultOf } = await import("../record/recorder.js");
  const differences = compareResult(record.result, resultOf(game, state, record.result.status, record.result.reason));
  if (differences.length) throw new CliError(`${path}: cannot resume: the record's result is not where its moves lead (${describeDifferences(differences)})`);
  if (game.def.concealFlags !== 0) record.game.hidden = true;
  for (let p = 0; p < game.playerCount; p++) {
    const saved = record.seats[p];
    if (opts[`p${p + 1}`] === undefined && saved) opts[`p${p + 1}`] = saved.kind === "human" ? "human" : recordSeatSpec(game, path, p, saved.agent!);
  }
  const seats = buildSeats(game, opts, record.seed);
  // The seats may have changed hands: the record says who plays from now on.
  record.seats.forEach((seat, p) => {
    seat.kind = seats[p]!.agent ? "agent" : "human";
    if (seats[p]!.agent) seat.agent = seats[p]!.who;
    else delete seat.agent;
  });
  const history: Decision[] = replay.steps.map((st, i) => ({
    before: st.before,
    human: record.seats[game.currentPlayer(st.before)]?.kind === "human",
    revealed: revealedBy(game, st.before, replay.states[i + 1]!),
  }));
  out(`Resumed ${path} after ${record.moves.length} moves.`);
  return { game, seats, seed: record.seed, state, record, history };
}

/**
 * The agent a record's seat names, as it will play. A record may come from anywhere, so a budget
 * beyond its bound is capped to it (one line on stderr says so) rather than run for days or
 * refused; a spec that is not valid at all, or cannot play this game, is the record's error.
 */
function recordSeatSpec(game: Game, path: string, p: number, spec: string): string {
  if (spec === "human") return spec;
  const seat = `P${p + 1}`;
  try {
    const held = capAgentSpec(spec);
    createAgent(held.spec, 0, game);
    const notice = cappedNotice(seat, spec, held);
    if (notice) log(`ludex: ${notice}`);
    return held.spec;
  } catch (e) {
    if (e instanceof AgentSpecError) throw new CliError(`${path}: ${seat}'s agent in the record: ${e.message}; give the seat another with --p${p + 1}`);
    throw e;
  }
}

/** The seats; each agent gets its own seed, derived from the game's (separate from the state's RNG). */
function buildSeats(game: Game, opts: PlayOptions, seed: Seed): Seat[] {
  const n = game.playerCount;
  for (let i = n + 1; i <= MAX_SEAT_FLAGS; i++) {
    if (opts[`p${i}`] !== undefined) throw usageError(`--p${i}: ${game.name} has ${n} players (P1..P${n})`);
  }
  return Array.from({ length: n }, (_, p) => {
    const spec = opts[`p${p + 1}`] ?? "human";
    if (spec === "human") return { label: seatLabel(game, p), who: "human" };
    try {
      const agentSeed = (seedWord(seed) + 0x6a09e667 + 7919 * p) >>> 0;
      return { label: seatLabel(game, p), who: spec, agent: createAgent(spec, agentSeed, game), seed: agentSeed };
    } catch (e) {
      if (e instanceof AgentSpecError) throw usageError(`--p${p + 1}: ${e.message}`);
      throw e;
    }
  });
}

/** One decision taken, with the position before it, to undo it. */
interface Decision extends FairDecision {
  before: State;
}

type HumanChoice = { move: Move; picked: boolean } | "undo" | "quit";

class Session {
  private readonly game: Game;
  private readonly seats: Seat[];
  private readonly history: Decision[];
  private readonly record: GameRecordFile;
  private readonly anyHuman: boolean;
  private readonly seed: Seed;
  private state: State;
  /** Each searching agent thinks on its own thread, so that a signal is heard during its decisions. */
  private readonly threads: (ThreadedAgent | undefined)[];

  constructor(
    setup: Setup,
    private readonly maxPlies: number,
    private readonly input: LineInput | null,
    private readonly savePath: string | undefined,
    private readonly interrupt: Interrupt,
    /** The file the record is written to: savePath with its links resolved. */
    private readonly writePath = savePath,
  ) {
    ({ game: this.game, seats: this.seats, history: this.history, record: this.record, seed: this.seed, state: this.state } = setup);
    this.anyHuman = this.seats.some((s) => !s.agent);
    this.threads = this.seats.map((seat) => (seat.agent && agentSearches(seat.who) ? new ThreadedAgent(this.game, seat.who, seat.seed!) : undefined));
    interrupt.onStop(() => this.stopThreads());
  }

  private stopThreads(): void {
    for (const thread of this.threads) thread?.stop();
  }

  async run(): Promise<void> {
    const g = this.game;
    const who = this.seats.map((s) => `${s.label} ${s.agent?.name ?? "human"}`).join(", ");
    const opts = Object.keys(g.def.options).length ? ` (options: ${describeOptions(g.def.options)})` : "";
    const header = `${g.name}${opts}: ${who}.`;
    out(header.length <= SCREEN_WIDTH ? header : `${g.name}${opts}:\n  ${who}.`);
    if (this.anyHuman) out("Type 'help' for commands.");
    if (this.anyHuman) out(boardLegend(g, this.state).join("\n"));
    this.save();
    try {
      await this.loop();
    } catch (e) {
      // Input ended or was interrupted, or the rules passed a play limit: the game so far is kept.
      if (e instanceof CliError || e instanceof PlayLimitError) this.stop("unfinished", e.message);
      throw e;
    } finally {
      this.stopThreads();
    }
  }

  private async loop(): Promise<void> {
    const g = this.game;
    let showBoard = true;
    while (!g.isTerminal(this.state)) {
      const s = this.state;
      if (s.ply >= this.maxPlies) {
        out(renderBoard(g, s));
        out(`Stopped after ${this.maxPlies} plies: the game is unfinished.`);
        this.stop("unfinished", `stopped after ${this.maxPlies} plies`);
        return;
      }
      // A throw of the dice: the game's generator throws, for everyone to see.
      const thrown = g.drawChance(s);
      if (thrown) {
        out(`${seatLabel(g, s.mover)} throws ${thrown.notation.replace(/^roll /, "").replace(/,/g, " ")}.`);
        this.decide(CHANCE, thrown, false);
        continue;
      }
      const p = g.currentPlayer(s);
      const seat = this.seats[p]!;
      const legal = g.legalMoves(s);
      if (!legal.length) {
        out(renderBoard(g, s));
        throw new CliError(`${seat.label} has no legal move and the rules do not end the game; stopped`);
      }
      if (seat.agent) {
        // With nobody at the keyboard, show every position; otherwise the humans see the board at their prompt.
        if (!this.anyHuman) this.show(s);
        const thinking = this.thinking(seat);
        const t0 = performance.now();
        let m: Move;
        try {
          m = await this.think(p, s, legal);
        } finally {
          thinking.done();
        }
        const ms = performance.now() - t0;
        const info = (this.threads[p] ?? seat.agent).lastInfo?.();
        out(`${seat.label} plays ${m.notation}${info ? `   [${seat.agent.name}: ${info}]` : ""}`);
        this.decide(p, m, false, ms);
        this.tell(s, m);
        // Agents' moves run without a pause: now and then let a signal arrive.
        if (this.interrupt.due() && (await this.interrupt.pause())) throw new CliError("interrupted; game stopped", 130);
        continue;
      }
      if (showBoard) this.show(g.observation(s, p));
      showBoard = true;
      const choice = await this.humanTurn(p, legal);
      if (choice === "quit") {
        out(`${seat.label} quits; game abandoned.`);
        this.stop("abandoned", `${seat.label} quit`);
        return;
      }
      if (choice === "undo") {
        const refused = this.undo();
        if (refused) {
          out(refused);
          showBoard = false;
        }
        continue;
      }
      out(`${seat.label} plays ${choice.move.notation}`);
      this.decide(p, choice.move, true);
      this.tell(s, choice.move);
    }
    out(renderBoard(g, this.state));
    for (const line of gameOverText(g, this.state)) out(line);
    finishRecord(this.record, g, this.state);
    this.save();
    const secret = seedSecret(g, this.seats.map((seat) => seat.who));
    if (secret === "pieces") out(`The game's seed was ${this.seed} (\`ludex show ${g.source.builtin ?? g.source.file} --seed ${this.seed}\` shows its deal).`);
    if (secret === "dice") out(`The game's seed was ${this.seed} (it threw the dice).`);
    if (this.savePath) out(`Record saved to ${this.savePath}.`);
  }

  /** The choice of `p`'s agent, made on its thread; a signal during it stops the game as between moves. */
  private async think(p: number, s: State, legal: Move[]): Promise<Move> {
    const thread = this.threads[p];
    if (!thread) return this.seats[p]!.agent!.choose(this.game, this.game.observation(s, p), legal);
    try {
      return await thread.choose(this.game, this.game.observation(s, p), legal);
    } catch (e) {
      if (e instanceof AgentStopped) throw new CliError(this.interrupt.stopped ? "interrupted; game stopped" : `${this.seats[p]!.label}'s agent stopped unexpectedly`, this.interrupt.stopped ? 130 : 1);
      if (e instanceof AgentThreadError) throw new CliError(`${this.seats[p]!.label}'s agent: ${e.message}`);
      throw e;
    }
  }

  /** A "thinking" note while an agent searches: on a terminal it is erased once the agent has chosen. */
  private thinking(seat: Seat): { done(): void } {
    if (!this.anyHuman && !process.stdout.isTTY) return { done() {} };
    const text = `${seat.label} (${seat.agent!.name}) is thinking...`;
    if (process.stdout.isTTY) {
      process.stdout.write(text);
      return { done: () => process.stdout.write("\r\x1b[K") };
    }
    out(text);
    return { done() {} };
  }

  /**
   * What the move did beyond its notation (captures, reveals, promotions, scores ...), told as the
   * humans may know it: from a human seat's observation, or in full when only agents play.
   */
  private tell(before: State, m: Move): void {
    const viewer = this.seats.findIndex((seat) => !seat.agent);
    for (const line of narrateMove(this.game, before, this.state, m, viewer >= 0 ? viewer : undefined)) out(`  ${line}`);
  }

  private show(view: State): void {
    out(renderBoard(this.game, view));
    out(statusLine(this.game, view));
  }

  private decide(p: number, m: Move, human: boolean, thinkMs?: number): void {
    const before = this.state;
    this.state = this.game.apply(before, m);
    this.history.push({ before, human, revealed: revealedBy(this.game, before, this.state) });
    addMove(this.record, p, m, thinkMs);
    this.save();
  }

  /** Ends the record without a result (quit, stopped, input ended) and saves it. */
  private stop(status: "unfinished" | "abandoned", reason: string): void {
    finishRecord(this.record, this.game, this.state, status, reason);
    this.save();
    if (this.savePath) out(`Record saved to ${this.savePath}; \`ludex play --load ${this.savePath}\` resumes it.`);
  }

  /**
   * Writes the record (when --save was given) through a temporary file, synced before it replaces
   * the record, so neither a crash nor a full disk ever leaves half a record (nor the temporary file).
   */
  private save(): void {
    if (!this.savePath || !this.writePath) return;
    const tmp = `${this.writePath}.tmp-${process.pid}`;
    try {
      const fd = openSync(tmp, "w");
      try {
        writeFileSync(fd, JSON.stringify(this.record, null, 1) + "\n");
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, this.writePath);
    } catch (e) {
      rmSync(tmp, { force: true });
      throw new CliError(`cannot write the record to '${this.savePath}': ${(e as Error).message}`);
    }
  }

  /**
   * Back to before the last human decision (and the agent decisions after it). Refused when a
   * decision it would take back revealed something: the player would see hidden pieces and choose
   * again. Returns why it was refused, or undefined when done.
   */
  private undo(): string | undefined {
    const back = takeBack(this.history, this.record.moves.map((m) => m.notation));
    if ("refused" in back) return back.refused;
    this.state = this.history[back.keep]!.before;
    this.history.length = back.keep;
    truncate(this.record, back.keep);
    this.save();
    return undefined;
  }


  private async humanTurn(p: number, legal: Move[]): Promise<HumanChoice> {
    const g = this.game;
    const label = this.seats[p]!.label;
    for (;;) {
      const line = await this.input!.ask(`${label}> `);
      if (line === null) {
        if (this.input!.interrupted || this.interrupt.stopped) throw new CliError("interrupted; game stopped", 130);
        throw new CliError("input ended; game abandoned");
      }
      const text = line.trim();
      const word = text.toLowerCase();
      if (!text) continue;
      if (word === "moves" || word === "?") {
        const width = String(legal.length).length;
        legal.forEach((m, i) => out(`  ${String(i + 1).padStart(width)}. ${m.notation}`));
        continue;
      }
      if (word === "help") {
        out(HELP);
        continue;
      }
      if (word === "board") {
        this.show(g.observation(this.state, p));
        continue;
      }
      if (word === "legend") {
        out(boardLegend(g, this.state).join("\n"));
        continue;
      }
      if (word === "save") {
        out(this.savePath ? `Saved to ${this.savePath} (it is kept up to date after every move).` : "Start the game with --save FILE to keep its record.");
        continue;
      }
      if (word === "undo" || word === "quit") return word;
      if (/^\d+$/.test(text)) {
        const n = Number(text);
        if (n >= 1 && n <= legal.length) return { move: legal[n - 1]!, picked: true };
        out(`There is no move number ${text} here (1..${legal.length}); type 'moves' to list them.`);
        continue;
      }
      const move = g.parseMove(this.state, text);
      if (move) return { move, picked: false };
      out(`'${text}' is not a legal move here; type 'moves' to list them.`);
    }
  }
}

const HELP = `At the prompt, enter a move in the game's notation (e.g. c5-c7), or its number from 'moves'.
  moves, ?   list the legal moves with their numbers
  board      show the board again
  legend     what the board's symbols mean
  undo       take back your last move (and the moves played after it); refused once
             hidden pieces were revealed since
  save       where the record is kept (see --save)
  quit       leave the game (the record, with --save, keeps it for --load)
  help       this text`;
