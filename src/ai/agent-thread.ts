/**
 * A worker thread holding one agent of `ludex play` (see threaded-agent.ts): it compiles the game
 * from the same description and options as the main thread (checked by the description's hash),
 * makes the agent from its spec and seed, and answers each decision with the index of the move
 * chosen. The agent lives as long as the thread, so a search tree kept between decisions is kept.
 */
import { parentPort, workerData } from "node:worker_threads";
import { loadGame } from "../compile/index.js";
import type { Game } from "../engine/play/game.js";
import type { Move } from "../engine/moves/moves.js";
import type { SerializedState } from "../engine/state/state.js";
import type { Agent } from "./agent.js";
import { createAgent } from "./index.js";
import type { AgentThreadSetup, AgentThreadReply } from "./threaded-agent.js";

const setup = workerData as AgentThreadSetup;
const port = parentPort!;
const reply = (r: AgentThreadReply) => port.postMessage(r);

let game: Game | undefined, agent: Agent | undefined;
try {
  game = loadGame(setup.ref, { options: setup.options });
  if (game.source.hash !== setup.hash) throw new Error(`the description of ${game.name} changed on disk while the game was being played (${setup.hash}, now ${game.source.hash})`);
  agent = createAgent(setup.spec, setup.seed, game);
} catch (e) {
  reply({ error: (e as Error).message });
}

port.on("message", (request: { observation: SerializedState; legal: Move[] }) => {
  if (!game || !agent) return;
  try {
    const move = agent.choose(game, game.deserialize(request.observation), request.legal);
    reply({ index: request.legal.indexOf(move), info: agent.lastInfo?.() });
  } catch (e) {
    // A play limit passed during the search (or any failure) ends the game with its message.
    reply({ error: (e as Error).message });
  }
});
