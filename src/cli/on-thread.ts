/**
 * A command's work on a worker thread, so that the main thread -- idle while it waits -- hears
 * Ctrl-C and SIGTERM at once (see interrupt.ts for why). The thread runs the same code the
 * command would run here (task-thread.ts): its output comes back as messages, in order, and is
 * written here. On a signal, the thread is asked to stop (its Interrupt sees a shared flag
 * between steps, and reports what it finished); a thread that does not end within `graceMs` --
 * deep in one long computation -- is terminated, and `abandoned` reports from its last snapshot.
 */
import { isMainThread, parentPort, Worker } from "node:worker_threads";
import { CliError } from "./common.js";
import { Interrupt } from "./interrupt.js";

export type TaskName = "legal" | "perft" | "playout" | "bench" | "bench-game" | "replay";

/** What the thread sends: output, a snapshot of the work so far, its end. */
export type TaskMessage =
  | { stream: "out" | "err"; text: string }
  | { snapshot: unknown }
  | { done: true }
  | { error: string; exitCode: number; internal?: boolean };

export interface ThreadOptions {
  /** How long a stopping thread may take to report by itself (0: terminate it at once). */
  graceMs?: number;
  /** Reports what was done when the thread had to be terminated; `snapshot` is the last it sent. */
  abandoned?: (snapshot: unknown) => void;
  /** Hears every snapshot as it comes (a task whose result is data for the caller sends it as its last). */
  snapshot?: (snapshot: unknown) => void;
}

/**
 * Runs `task` on a thread until it ends or a signal stops it; returns whether a signal did (the
 * exit code is then 130, and the caller says what the interruption leaves).
 */
export async function runOnThread(task: TaskName, args: unknown[], options: ThreadOptions = {}): Promise<boolean> {
  const interrupt = new Interrupt();
  try {
    await runUntilStopped(task, args, interrupt, options);
  } finally {
    interrupt.dispose();
  }
  return interrupt.stopped;
}

async function runUntilStopped(task: TaskName, args: unknown[], interrupt: Interrupt, options: ThreadOptions): Promise<void> {
  const stop = new SharedArrayBuffer(4);
  const worker = new Worker(new URL("./task-thread.js", import.meta.url), { workerData: { task, args, stop } });
  let snapshot: unknown;
  let failure: Extract<TaskMessage, { error: string }> | undefined;
  let finished = false;
  let terminated = false;
  const ended = new Promise<void>((resolve) => {
    worker.on("message", (m: TaskMessage) => {
      if ("stream" in m) (m.stream === "out" ? process.stdout : process.stderr).write(m.text);
      else if ("snapshot" in m) {
        snapshot = m.snapshot;
        options.snapshot?.(snapshot);
      }
      else if ("done" in m) finished = true;
      else failure = m;
    });
    worker.on("error", (e) => {
      failure ??= { error: e.message, exitCode: 1, internal: true };
    });
    worker.on("exit", () => resolve());
  });
  let timer: NodeJS.Timeout | undefined;
  interrupt.onStop(() => {
    Atomics.store(new Int32Array(stop), 0, 1);
    const terminate = () => {
      terminated = true;
      void worker.terminate();
    };
    if (options.graceMs) timer = setTimeout(terminate, options.graceMs);
    else terminate();
  });
  await ended;
  if (timer) clearTimeout(timer);
  // A thread ended by a signal may fail as it goes: the interruption is what happened.
  if (failure && !(terminated && !finished && interrupt.stopped)) {
    if (failure.internal) throw new Error(failure.error);
    throw new CliError(failure.error, failure.exitCode);
  }
  if (terminated && !finished) options.abandoned?.(snapshot);
}

/** On a task's thread: the work so far, for the main thread to report if it has to end the thread. */
export function sendSnapshot(snapshot: unknown): void {
  if (!isMainThread) parentPort?.postMessage({ snapshot } satisfies TaskMessage);
}
