/** The messages between the page and the agents' worker (agent-worker.ts). */
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
      seed: number;
    }
  /** The agent to act after these moves chooses one. */
  | { type: "choose"; table: number; moves: string[] }
  /** Random-playout statistics of a description (the editor's), answered with the same `asked`. */
  | { type: "stats"; asked: number; file: string; description: string; files: Record<string, string>; playouts: number };

export type ToPage =
  | { type: "chosen"; table: number; ply: number; notation: string }
  | { type: "failed"; table: number; message: string }
  | { type: "stats"; asked: number; text: string };
