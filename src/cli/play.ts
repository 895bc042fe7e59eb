/**
 * `ludex play FILE`: a game at the terminal between humans and agents (`--p1`..`--p5`).
 * Humans type moves in the game's notation, or a number from `moves`; input is read with
 * node:readline, so it works on a terminal and with piped input alike.
 */
import { randomInt } from "node:crypto";
import { createInterface, type Interface } from "node:readline";
import { InvalidArgumentError, type Command } from "commander";
import type { Game } from "../engine/game.js";
import type { Move } from "../engine/moves.js";
import type { State } from "../engine/state.js";
import { renderBoard, statusLine } from "../view/text.js";
import { AGENT_HELP, AgentSpecError, createAgent, type Agent } from "../ai/index.js";
import { CliError, describeOptions, examples, integerArg, log, out, seatLabel, usageError, withGameOptions } from "./common.js";

/** Seats that can be set on the command line. */
const MAX_SEAT_FLAGS = 5;
const DEFAULT_MAX_PLIES = 10_000;

interface PlayOptions {
  seed?: number;
  maxPlies: number;
  option?: Record<string, string>;
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
    .argument("<file>", "description file (.game)");
  for (let i = 1; i <= MAX_SEAT_FLAGS; i++) cmd.option(`--p${i} <who>`, `who plays P${i}: human (default) or an agent spec`, seatArg);
  cmd
    .option("--seed <n>", "seed of the game and of the agents' choices (default: random, printed on stderr)", integerArg(0))
    .option("--max-plies <m>", "stop an unfinished game after this many plies", integerArg(1), DEFAULT_MAX_PLIES);
  withGameOptions(cmd);
  examples(cmd, [
    "ludex play games/NAME.game",
    "ludex play games/NAME.game --p2 random --seed 3",
    "ludex play games/NAME.game --p2 mcts:time=1s",
    "ludex play games/NAME.game --p1 random --p2 random --option NAME=VALUE",
  ]);
  cmd.addHelpText(
    "after",
    `\nAgents:\n${AGENT_HELP.replace(/^/gm, "  ")}\n\nAt the prompt: a move in the game's notation (e.g. c5-c7) or its number from 'moves';\n'moves' or '?' lists the legal moves, 'board' shows the board, 'undo' takes back your last\nmove (and the replies after it), 'help', 'quit'. Input can be piped.\n`,
  );
  cmd.action(async (file: string, opts: PlayOptions) => {
    const { loadGameFile } = await import("./load.js");
    const game = loadGameFile(file, opts.option);
    let seed = opts.seed;
    if (seed === undefined) {
      seed = randomInt(0, 2 ** 31);
      log(`seed ${seed} (replay this game with --seed ${seed})`);
    }
    const seats = buildSeats(game, opts, seed);
    const input = seats.some((s) => !s.agent) ? new LineInput() : null;
    try {
      await new Session(game, seats, seed, opts.maxPlies, input).run();
    } finally {
      input?.close();
    }
  });
}

interface Seat {
  label: string;
  /** Absent for a human seat. */
  agent?: Agent;
}

/** The seats; each agent gets its own seed, derived from the game's (separate from the state's RNG). */
function buildSeats(game: Game, opts: PlayOptions, seed: number): Seat[] {
  const n = game.playerCount;
  for (let i = n + 1; i <= MAX_SEAT_FLAGS; i++) {
    if (opts[`p${i}`] !== undefined) throw usageError(`--p${i}: ${game.name} has ${n} players (P1..P${n})`);
  }
  return Array.from({ length: n }, (_, p) => {
    const spec = opts[`p${p + 1}`] ?? "human";
    if (spec === "human") return { label: seatLabel(game, p) };
    try {
      return { label: seatLabel(game, p), agent: createAgent(spec, (seed + 0x6a09e667 + 7919 * p) >>> 0, game) };
    } catch (e) {
      if (e instanceof AgentSpecError) throw usageError(`--p${p + 1}: ${e.message}`);
      throw e;
    }
  });
}

/** One decision taken, to undo it. */
interface Decision {
  before: State;
  human: boolean;
}

type HumanChoice = { move: Move } | "undo" | "quit";

class Session {
  private readonly history: Decision[] = [];
  private readonly anyHuman: boolean;
  private state: State;

  constructor(
    private readonly game: Game,
    private readonly seats: Seat[],
    seed: number,
    private readonly maxPlies: number,
    private readonly input: LineInput | null,
  ) {
    this.state = game.newGame({ seed });
    this.anyHuman = seats.some((s) => !s.agent);
  }

  async run(): Promise<void> {
    const g = this.game;
    const who = this.seats.map((s) => `${s.label} ${s.agent?.name ?? "human"}`).join(", ");
    const opts = Object.keys(g.def.options).length ? ` (options: ${describeOptions(g.def.options)})` : "";
    out(`${g.name}${opts}: ${who}.${this.anyHuman ? " Type 'help' for commands." : ""}`);
    let showBoard = true;
    while (!g.isTerminal(this.state)) {
      const s = this.state;
      if (s.ply >= this.maxPlies) {
        out(renderBoard(g, s));
        out(`Stopped after ${this.maxPlies} plies: the game is unfinished.`);
        return;
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
        const m = seat.agent.choose(g, g.observation(s, p), legal);
        const info = seat.agent.lastInfo?.();
        out(`${seat.label} plays ${m.notation}${info ? `   [${seat.agent.name}: ${info}]` : ""}`);
        this.decide(m, false);
        continue;
      }
      if (showBoard) this.show(g.observation(s, p));
      showBoard = true;
      const choice = await this.humanTurn(p, legal);
      if (choice === "quit") {
        out(`${seat.label} quits; game abandoned.`);
        return;
      }
      if (choice === "undo") {
        if (!this.undo()) {
          out("Nothing to undo.");
          showBoard = false;
        }
        continue;
      }
      this.decide(choice.move, true);
    }
    out(renderBoard(g, this.state));
    out(statusLine(g, this.state));
  }

  private show(view: State): void {
    out(renderBoard(this.game, view));
    out(statusLine(this.game, this.state));
  }

  private decide(m: Move, human: boolean): void {
    this.history.push({ before: this.state, human });
    this.state = this.game.apply(this.state, m);
  }

  /** Back to before the last human decision (and the agent decisions after it). */
  private undo(): boolean {
    const i = this.history.map((d) => d.human).lastIndexOf(true);
    if (i < 0) return false;
    this.state = this.history[i]!.before;
    this.history.length = i;
    return true;
  }

  private async humanTurn(p: number, legal: Move[]): Promise<HumanChoice> {
    const g = this.game;
    const label = this.seats[p]!.label;
    for (;;) {
      const line = await this.input!.ask(`${label}> `);
      if (line === null) {
        if (this.input!.interrupted) throw new CliError("interrupted; game abandoned", 130);
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
      if (word === "undo" || word === "quit") return word;
      if (/^\d+$/.test(text)) {
        const n = Number(text);
        if (n >= 1 && n <= legal.length) return { move: legal[n - 1]! };
        out(`There is no move number ${text} here (1..${legal.length}); type 'moves' to list them.`);
        continue;
      }
      const move = g.parseMove(this.state, text);
      if (move) return { move };
      out(`'${text}' is not a legal move here; type 'moves' to list them.`);
    }
  }
}

const HELP = `Enter a move in the game's notation (e.g. c5-c7), or its number from 'moves'.
  moves, ?   list the legal moves with their numbers
  board      show the board again
  undo       take back your last move (and the moves played after it)
  quit       leave the game
  help       this text`;

/**
 * Lines from stdin, one per prompt. Lines that arrive before they are asked for (piped input) are
 * queued; on a terminal readline draws the prompt and echoes, with piped input the line read is
 * echoed after the prompt so the transcript reads like a session.
 */
class LineInput {
  interrupted = false;
  private readonly tty = process.stdin.isTTY === true;
  private readonly rl: Interface;
  private readonly queue: string[] = [];
  private waiter: ((line: string | null) => void) | null = null;
  private closed = false;

  constructor() {
    this.rl = createInterface({ input: process.stdin, output: this.tty ? process.stdout : undefined, terminal: this.tty });
    this.rl.on("line", (line) => {
      if (this.waiter) this.release(line);
      else this.queue.push(line);
    });
    this.rl.on("close", () => {
      this.closed = true;
      this.release(null);
    });
    this.rl.on("SIGINT", () => {
      this.interrupted = true;
      this.rl.close();
    });
  }

  private release(line: string | null): void {
    const w = this.waiter;
    this.waiter = null;
    w?.(line);
  }

  async ask(prompt: string): Promise<string | null> {
    if (this.tty) {
      this.rl.setPrompt(prompt);
      this.rl.prompt();
    } else process.stdout.write(prompt);
    let line: string | null;
    if (this.queue.length) line = this.queue.shift()!;
    else if (this.closed) line = null;
    else line = await new Promise<string | null>((resolve) => (this.waiter = resolve));
    if (!this.tty) process.stdout.write(line === null ? "\n" : `${line}\n`);
    else if (line === null) process.stdout.write("\n");
    return line;
  }

  close(): void {
    this.rl.close();
  }
}
