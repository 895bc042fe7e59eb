/**
 * The worker thread of on-thread.ts: runs one command's work, with its output sent to the main
 * thread as messages (in order, so nothing is lost or interleaved when the thread ends) and the
 * main thread's stop request seen by every Interrupt made here.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PlayLimitError } from "../engine/play/play-limit.js";
import { CliError } from "./common.js";
import { watchStopFlag } from "./interrupt.js";
import type { TaskMessage, TaskName } from "./on-thread.js";

const { task, args, stop } = workerData as { task: TaskName; args: unknown[]; stop: SharedArrayBuffer };
const port = parentPort!;
const send = (m: TaskMessage) => port.postMessage(m);
process.stdout.write = ((text: string | Uint8Array) => (send({ stream: "out", text: String(text) }), true)) as typeof process.stdout.write;
process.stderr.write = ((text: string | Uint8Array) => (send({ stream: "err", text: String(text) }), true)) as typeof process.stderr.write;
watchStopFlag(stop);

const TASKS: Record<TaskName, () => Promise<(...a: never[]) => Promise<void>>> = {
  legal: async () => (await import("./legal.js")).listLegalMoves,
  perft: async () => (await import("./perft.js")).countPerft,
  playout: async () => (await import("./simulate.js")).runPlayouts,
  bench: async () => (await import("./simulate.js")).runBench,
  "bench-game": async () => (await import("./bench-game.js")).benchGame,
  replay: async () => (await import("./replay.js")).replayFromArgv,
};

try {
  const run = (await TASKS[task]()) as (...a: unknown[]) => Promise<void>;
  await run(...args);
  send({ done: true });
} catch (e) {
  if (e instanceof CliError) send({ error: e.message, exitCode: e.exitCode });
  else if (e instanceof PlayLimitError) send({ error: e.message, exitCode: 1 });
  else send({ error: (e as Error)?.message ?? String(e), exitCode: 1, internal: true });
}

