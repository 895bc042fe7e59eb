/** The messages between the page and the agents' worker (agent-worker.ts). */
import type { Seed } from "../../engine/state/rng.js";

export type FromPage =
  | {
      type: "setup";
      /** A number the page gives each game it starts. */
      table: number;
      file: string;
      description: string;
      files: Record<string, string>;
      options: Record<string, string>;
      seats: string[];
      seed: Seed;
    }
  /** The agent to act after these moves chooses one. */
  | { type: "choose"; table: number; moves: string[] }
  /** The game left the page: its agents are no longer needed. */
  | { type: "close"; table: number }
  /** Random-playout statistics of a description (the editor's) with its options, answered with the same `asked`. */
  | { type: "stats"; asked: number; file: string; description: string; files: Record<string, string>; options: Record<string, string>; playouts: number };

export type ToPage =
  | { type: "chosen"; table: number; ply: number; notation: string }
  | { type: "failed"; table: number; message: string }
  | { type: "stats"; asked: number; text: string; ends?: PlayoutEnds };

/** How the random playouts of the editor's statistics ended, beyond wins and draws: what a designer should hear about. */
export interface PlayoutEnds {
  playouts: number;
  /** Playouts in which the player to act had no legal move and no rule ended the game. */
  stuck: number;
  /** The moves of the first stuck playout, by notation (throws of the dice included), to reproduce it. */
  firstStuck: string[];
  /** Playouts still going when they were cut at `maxPlies` decisions. */
  cut: number;
  maxPlies: number;
}
