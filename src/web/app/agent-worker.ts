/**
 * The agents' thinking, off the page's thread: a search (MCTS, alpha-beta) may take seconds, and
 * the page must stay responsive. The worker compiles the same description, keeps each table's
 * agents (so their own random streams go on as in `ludex play`), follows the game by the moves'
 * notations, and answers with the move the agent to act chooses.
 */
import validate from "ludex:validator";
import { createAgent } from "../../ai/index.js";
import type { Agent } from "../../ai/agent.js";
import { compileGame } from "../../compile/index.js";
import type { Game } from "../../engine/play/game.js";
import { playoutMoves } from "../../engine/play/playout-moves.js";
import { newTally, tallyPlayout } from "../../engine/play/playout-tally.js";
import type { State } from "../../engine/state/state.js";
import { useValidator } from "../../lang/schema.js";
import { seedWord, type Seed } from "../../engine/state/rng.js";
import type { FromPage, PlayoutEnds, ToPage } from "./agent-protocol.js";
import { readerOf } from "./api.js";

useValidator(validate);

interface WorkerTable {
  game: Game;
  agents: Array<Agent | null>;
  seed: Seed;
  /** The moves followed so far, and the state after them. */
  moves: string[];
  state: State;
}

const tables = new Map<number, WorkerTable>();

function reply(message: ToPage): void {
  postMessage(message);
}

onmessage = (e: MessageEvent<FromPage>) => {
  const m = e.data;
  try {
    if (m.type === "setup") {
      const r = compileGame(m.description, {
        file: m.file,
        options: m.options,
        readFile: readerOf(m.files),
      });
      if (!r.game) throw new Error(`the description does not compile: ${r.diagnostics[0]?.message ?? "?"}`);
      const game = r.game;
      tables.set(m.table, {
        game,
        agents: m.seats.map((spec, p) => (spec === "human" ? null : createAgent(spec, (seedWord(m.seed) + 101 * (p + 1)) >>> 0, game))),
        seed: m.seed,
        moves: [],
        state: game.newGame({ seed: m.seed }),
      });
      return;
    }
    if (m.type === "close") return void tables.delete(m.table);
    if (m.type === "stats") return reply({ type: "stats", asked: m.asked, ...playoutStats(m) });
    const t = tables.get(m.table);
    if (!t) throw new Error(`no table ${m.table}`);
    // Follow the page's game: the moves it adds, or from the start when it went another way (undo).
    const shared = t.moves.length <= m.moves.length && t.moves.every((n, i) => n === m.moves[i]);
    if (!shared) {
      t.moves = [];
      t.state = t.game.newGame({ seed: t.seed });
    }
    for (const notation of m.moves.slice(t.moves.length)) {
      const move = t.game.parseMove(t.state, notation);
      if (!move) throw new Error(`move ${notation} is not legal here`);
      t.state = t.game.apply(t.state, move);
      t.moves.push(notation);
    }
    const s = t.state;
    const player = s.seatPlayer[s.mover]!;
    const agent = t.agents[player];
    if (!agent || s.over) throw new Error("no agent is to act");
    const legal = t.game.legalMoves(s);
    const chosen = agent.choose(t.game, t.game.observation(s, player), legal);
    reply({ type: "chosen", table: m.table, ply: m.moves.length, notation: chosen.notation });
  } catch (err) {
    if (m.type === "stats") reply({ type: "stats", asked: m.asked, text: `Random playouts failed: ${(err as Error).message}` });
    else reply({ type: "failed", table: m.table, message: (err as Error).message });
  }
};

/** Random playouts of a description: their average length and branching, how they ended, and the moves of the first that got stuck. */
function playoutStats(m: Extract<FromPage, { type: "stats" }>): { text: string; ends?: PlayoutEnds } {
  const r = compileGame(m.description, { file: m.file, options: m.options, readFile: readerOf(m.files) });
  if (!r.game) return { text: `Random playouts: ${r.diagnostics[0]?.message ?? "the description does not compile"}` };
  const g = r.game;
  const MAX_PLIES = 2000;
  const t = newTally(g.playerCount);
  let firstStuckSeed: number | undefined;
  for (let i = 0; i < m.playouts; i++) {
    const s = g.newGame({ seed: i + 1 });
    const stats = { branching: 0 };
    const end = tallyPlayout(g, s, g.playout(s, MAX_PLIES, stats), stats.branching, t);
    if (end === "stuck") firstStuckSeed ??= i + 1;
  }
  // Playouts record no moves (the fast path): the first stuck one is played again to tell them.
  const firstStuck = firstStuckSeed === undefined ? [] : playoutMoves(g, g.newGame({ seed: firstStuckSeed }), MAX_PLIES);
  const cut = t.unfinished - t.stuck;
  const results = t.wins.map((w, p) => `P${p + 1} ${w}`).join(", ");
  return {
    text: `${t.playouts} random playouts: ${(t.plies / t.playouts).toFixed(1)} plies on average, ${(t.branching / Math.max(1, t.plies)).toFixed(1)} moves per decision; wins ${results}, draws ${t.draws}, unfinished ${t.unfinished}${t.unfinished ? ` (${t.stuck} stuck, ${cut} still going at ${MAX_PLIES} plies)` : ""}.`,
    ends: { playouts: t.playouts, stuck: t.stuck, firstStuck, cut, maxPlies: MAX_PLIES },
  };
}
