/**
 * Long runs (playout, bench) stop cleanly on Ctrl-C or SIGTERM: the handlers only raise a flag,
 * the run checks it between games (yielding to the event loop now and then so the signal can be
 * delivered), reports what it finished, and exits with 130.
 */
export class Interrupt {
  stopped = false;
  private lastYield = performance.now();
  private readonly onSignal = () => {
    this.stopped = true;
  };

  constructor() {
    process.on("SIGINT", this.onSignal);
    process.on("SIGTERM", this.onSignal);
  }

  /** Lets a pending signal arrive, at most every 50 ms (cheap enough to call after every game). */
  async poll(): Promise<boolean> {
    const now = performance.now();
    if (now - this.lastYield >= 50) {
      this.lastYield = now;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return this.stopped;
  }

  /** Removes the handlers; after an interruption, sets the exit code 130 (as a shell does for SIGINT). */
  dispose(): void {
    process.off("SIGINT", this.onSignal);
    process.off("SIGTERM", this.onSignal);
    if (this.stopped) process.exitCode = 130;
  }
}
