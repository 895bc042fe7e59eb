/**
 * `ludex show FILE [--position pos.json] [--seed N] [--as Pn] [--json]`: a position drawn as text
 * or written as JSON. With `--as`, only what that player may see: their observation, in which
 * face-down pieces have no type or owner.
 *
 * The JSON is everything the state is made of (markers, turn, rule memory ...), so `--position`
 * reads it back as the same state. An observation's JSON reads back as that observation.
 */
import type { Command } from "commander";
import { toPosition } from "../engine/state/position.js";
import { examples, out, seedArg, usageError, withGameOptions } from "./common.js";
import type { Seed } from "../engine/state/rng.js";
import { readPosition } from "./legal.js";

interface ShowOptions {
  position?: string;
  seed: Seed;
  as?: string;
  json?: boolean;
  option?: Record<string, string>;
}

export function registerShow(program: Command): void {
  const cmd = program
    .command("show")
    .description("draw the start position or a position file, or write it as JSON; --as shows one player's observation")
    .argument("<file>", "description file (.game)")
    .option("--position <file>", "a JSON position (as for `ludex legal`)")
    .option("--seed <n>", "seed of the start position (games with random setups): a whole number or 0x and up to 32 hex digits", seedArg, 0)
    .option("--as <player>", "show only what this player (P1..Pn) may see")
    .option("--json", "write the position as JSON (the scenario format's position object, with all it takes to read it back with --position)");
  withGameOptions(cmd);
  examples(cmd, ["ludex show games/NAME.game --seed 7", "ludex show games/NAME.game --seed 7 --as P1 --json"]);
  cmd.action(async (file: string, opts: ShowOptions) => {
    const { loadGameFile } = await import("./load.js");
    const { renderBoard, statusLine } = await import("../view/text.js");
    const game = loadGameFile(file, opts.option);
    const s = opts.position ? readPosition(game, opts.position, { observation: true }) : game.newGame({ seed: opts.seed });
    let view = s;
    if (opts.as !== undefined) {
      const m = /^P(\d+)$/i.exec(opts.as);
      const player = m ? Number(m[1]) - 1 : -1;
      if (player < 0 || player >= game.playerCount) throw usageError(`--as: '${opts.as}' is not a player of ${game.name} (P1..P${game.playerCount})`);
      // An observation read from a file hides already all it can: face-down pieces are hidden
      // from every player alike, and observing it again would lose its count of them.
      if (!s.concealedPool) view = game.observation(s, player);
    }
    if (opts.json) {
      out(JSON.stringify(toPosition(game, view), null, 2));
      return;
    }
    out(renderBoard(game, view));
    out(statusLine(game, view));
  });
}
