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
  | { type: "choose"; table: number; moves: string[] };

export type ToPage = { type: "chosen"; table: number; ply: number; notation: string } | { type: "failed"; table: number; message: string };
