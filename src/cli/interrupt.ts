/**
 * Long runs (playout, bench, match) stop cleanly on Ctrl-C or SIGTERM: the handlers only raise a
 * flag, the run checks it between games (yielding to the event loop now and then so the signal
 * can be delivered), reports what it finished, and exits with 130. A run whose work is elsewhere
 * (a match's worker threads) is told at once through `onStop`.
 */
export class Interrupt {
  stopped = false;
  private lastYield = performance.now();
  private readonly listeners: (() => void)[] = [];
  private readonly onSignal = () => {
    if (this.stopped) return;
    this.stopped = true;
    for (const listener of this.listeners) listener();
  };

  constructor() {
    process.on("SIGINT", this.onSignal);
    process.on("SIGTERM", this.onSignal);
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
