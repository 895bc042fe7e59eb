/**
 * Ctrl-C and SIGTERM stop every long command cleanly: the handlers only raise a flag, the command
 * reports what it finished and exits with 130.
 *
 * Node runs a signal handler only when the main thread's event loop is free, and worker threads
 * hear no signals at all. So no long computation runs on the main thread: an agent's decision,
 * a playout, perft and move generation run on worker threads (see src/ai/agent-thread.ts and
 * src/cli/task-thread.ts), and the main thread, idle while it waits for them, hears the signal at
 * once and stops them (`onStop`; `worker.terminate()` stops even a tight loop). The alternative,
 * a flag polled by the work itself, would need a check inside the engine's generation and
 * playouts -- the hot paths -- and would still leave the main thread deaf while a decision runs.
 * Loops of short steps on the main thread (playouts on the fast path, games of a match) yield
 * to the event loop now and then instead (`due`, `pause`).
 */
export class Interrupt {
  private signalled = false;
  private lastYield = performance.now();
  private readonly listeners: (() => void)[] = [];
  private readonly onSignal = () => {
    if (this.signalled) return;
    this.signalled = true;
    for (const listener of this.listeners) listener();
  };

  constructor() {
    process.on("SIGINT", this.onSignal);
    process.on("SIGTERM", this.onSignal);
    // A signal that came while the command was still starting (loading, compiling) counts now.
    if (early.claim()) this.signalled = true;
  }

  /** Whether a signal came (on a task's thread: whether the main thread asked it to stop). */
  get stopped(): boolean {
    return this.signalled || (stopFlag !== undefined && Atomics.load(stopFlag, 0) !== 0);
  }

  /**
   * Whether it is time to let a pending signal arrive (every 50 ms): a plain check, so that a run
   * of very short games pays no promise per game. When it is, `await interrupt.pause()`.
   */
  due(now = performance.now()): boolean {
    return now - this.lastYield >= 50;
  }

  /** Calls `listener` when a signal arrives (at once if one already has). */
  onStop(listener: () => void): void {
    if (this.stopped) listener();
    else this.listeners.push(listener);
  }

  /** Yields to the event loop (a signal handler may run); returns whether the run should stop. */
  async pause(): Promise<boolean> {
    this.lastYield = performance.now();
    await new Promise((resolve) => setImmediate(resolve));
    return this.stopped;
  }

  /** Removes the handlers; after an interruption, sets the exit code 130 (as a shell does for SIGINT). */
  dispose(): void {
    process.off("SIGINT", this.onSignal);
    process.off("SIGTERM", this.onSignal);
    if (this.stopped) process.exitCode = 130;
  }
}

/**
 * Signals that arrive before a command has made its Interrupt (while modules load and the game
 * compiles): without a handler Node would die of them at once, printing nothing. They are held
 * here and taken by the command's Interrupt, so an early Ctrl-C ends the command as a later one
 * does (a match prints the summary of its zero games, "interrupted").
 */
const early = {
  listening: false,
  signalled: false,
  onSignal(): void {
    early.signalled = true;
  },
  /** Stops holding signals; whether one came. */
  claim(): boolean {
    if (early.listening) {
      process.off("SIGINT", early.onSignal);
      process.off("SIGTERM", early.onSignal);
      early.listening = false;
    }
    const came = early.signalled;
    early.signalled = false;
    return came;
  },
};

/** Commands that make an Interrupt, and so take a signal held while they start. */
const INTERRUPTIBLE = new Set(["play", "playout", "bench", "match", "perft", "legal", "replay"]);

/** Holds SIGINT and SIGTERM from now until the command's Interrupt takes them (for the commands that make one). */
export function holdEarlySignals(command: string | undefined): void {
  if (!command || !INTERRUPTIBLE.has(command) || early.listening) return;
  early.listening = true;
  process.on("SIGINT", early.onSignal);
  process.on("SIGTERM", early.onSignal);
}

/**
 * After the command: a signal held that no Interrupt took (the command failed or ended before it
 * made one) still ends the run as interrupted.
 */
export function heldSignalUnclaimed(): boolean {
  return early.claim();
}

/** On a task's thread (see on-thread.ts): the main thread's stop request, shared. */
let stopFlag: Int32Array | undefined;

/** Makes every Interrupt on this thread see the main thread's stop request. */
export function watchStopFlag(buffer: SharedArrayBuffer): void {
  stopFlag = new Int32Array(buffer);
}
