/**
 * An agent of `ludex play` thinking on its own worker thread, so that the main thread stays free
 * to hear Ctrl-C and SIGTERM while it searches: `stop()` ends the thread at once, even in the
 * middle of a decision. One thread per agent seat, kept for the whole game: the agent in it
 * (and the search tree MCTS keeps between decisions) is the one the same seed made before, so
 * the game is the one the same seed gave on the main thread.
 */
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";
import type { Game } from "../engine/play/game.js";
import type { Move } from "../engine/moves/moves.js";
import type { State } from "../engine/state/state.js";
import { MAX_AGENT_HEAP_MB } from "../limits.js";

/** What the thread needs to make the same game and agent as the main thread. */
export interface AgentThreadSetup {
  /** A built-in name or an absolute path, with the option values the game was compiled with. */
  ref: string;
  options: Record<string, string>;
  /** The description's hash: the thread refuses a description changed since. */
  hash: string;
  spec: string;
  seed: number;
}

export type AgentThreadReply = { index: number; info?: string } | { error: string };

/** The decision was cut short by `stop()` (an interrupt). */
export class AgentStopped extends Error {
  constructor() {
    super("the agent was stopped");
  }
}

/** The agent failed in its thread (the rules passed a play limit during its search, the description changed...). */
export class AgentThreadError extends Error {}

export class ThreadedAgent {
  private readonly worker: Worker;
  private pending?: { resolve: (r: AgentThreadReply) => void; reject: (e: Error) => void };
  /** Set once the thread is gone (stopped, failed or ended): every later decision fails with it. */
  private gone?: Error;
  private startupError?: string;
  private info?: string;

  constructor(
    game: Game,
    readonly name: string,
    seed: number,
  ) {
    const setup: AgentThreadSetup = { ref: game.source.builtin ?? resolve(game.source.file), options: stringOptions(game), hash: game.source.hash, spec: name, seed };
    this.worker = new Worker(new URL("./agent-thread.js", import.meta.url), { workerData: setup, resourceLimits: { maxOldGenerationSizeMb: MAX_AGENT_HEAP_MB } });
    // Idle between decisions, the thread must not keep the process alive.
    this.worker.unref();
    this.worker.on("message", (r: AgentThreadReply) => {
      const pending = this.pending;
      this.pending = undefined;
      if (pending) pending.resolve(r);
      else if ("error" in r) this.startupError = r.error;
    });
    this.worker.on("error", (e: NodeJS.ErrnoException) => {
      const why = e.code === "ERR_WORKER_OUT_OF_MEMORY" ? `ran out of memory (an agent's thread may use at most ${MAX_AGENT_HEAP_MB} MB)` : `failed: ${e.message}`;
      this.end(new AgentThreadError(`${name} ${why}`));
    });
    this.worker.on("exit", () => this.end(new AgentStopped()));
  }

  /** The agent's choice among `legal`, the legal moves of the player whose observation this is. */
  async choose(game: Game, observation: State, legal: Move[]): Promise<Move> {
    if (this.startupError) throw new AgentThreadError(this.startupError);
    if (this.gone) throw this.gone;
    this.worker.ref();
    try {
      const reply = await new Promise<AgentThreadReply>((resolve, reject) => {
        this.pending = { resolve, reject };
        this.worker.postMessage({ observation: game.serialize(observation), legal });
      });
      if ("error" in reply) throw new AgentThreadError(reply.error);
      this.info = reply.info;
      const move = legal[reply.index];
      if (!move) throw new AgentThreadError(`${this.name} chose no legal move`);
      return move;
    } finally {
      this.worker.unref();
    }
  }

  lastInfo(): string | undefined {
    return this.info;
  }

  /** Ends the thread; a decision under way fails with AgentStopped. */
  stop(): void {
    this.end(new AgentStopped());
    void this.worker.terminate();
  }

  private end(reason: Error): void {
    this.gone ??= reason;
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(this.gone);
  }
}

/** The game's option values as `--option` gives them (the compiler reads them back alike). */
function stringOptions(game: Game): Record<string, string> {
  return Object.fromEntries(Object.entries(game.def.options).map(([k, v]) => [k, String(v)]));
}
