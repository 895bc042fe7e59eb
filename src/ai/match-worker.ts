/** A worker thread of `ludex match`: compiles the game and plays the games it is given. */
import { parentPort, workerData } from "node:worker_threads";
import { loadGame } from "../compile/index.js";
import { playMatchGame, type MatchConfig } from "./match.js";

interface Job {
  file: string;
  options: Record<string, string>;
  config: MatchConfig;
  indices: number[];
}

const job = workerData as Job;
const game = loadGame(job.file, { options: job.options });
for (const index of job.indices) parentPort!.postMessage(playMatchGame(game, job.config, index));
