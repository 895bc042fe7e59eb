/** `ludex legal FILE [--position pos.json]`: the legal moves of the start position or of a position file. */
import type { Command } from "commander";
import type { Game } from "../engine/play/game.js";
import type { Move } from "../engine/moves/moves.js";
import { loadPosition, PositionError, type LoadOptions, type Position } from "../engine/state/position.js";
import type { State } from "../engine/state/state.js";
import { parseJson } from "../library/untrusted.js";
import { MAX_POSITION_BYTES } from "../limits.js";
import { CliError, examples, log, out, readTextFile, seatLabel, seedArg, withGameOptions } from "./common.js";
import type { Seed } from "../engine/state/rng.js";

interface LegalOptions {
  position?: string;
  json?: boolean;
  seed: Seed;
  option?: Record<string, string>;
}

export function registerLegal(program: Command): void {
  const cmd = program
    .command("legal")
    .description("list the legal moves of the start position, or of a position file")
    .argument("<file>", "description file (.game)")
    .option("--position <file>", "a JSON position (the `position` object of the scenario format, bare or as {\"position\": {...}}, or what `ludex show --json` writes, an observation too)")
    .option("--json", "print a JSON array of moves")
    .option("--seed <n>", "seed of the start position (games with random setups): a whole number or 0x and up to 32 hex digits", seedArg, 0);
  withGameOptions(cmd);
  examples(cmd, ["ludex legal games/NAME.game", "ludex legal games/NAME.game --position pos.json --json"]);
  // Generation on a large board (or a costly rule) can take long: it runs on a thread, and a
  // signal ends the command at once.
  cmd.action(async (file: string, opts: LegalOptions) => {
    const { runOnThread } = await import("./on-thread.js");
    if (await runOnThread("legal", [file, opts])) throw new CliError("interrupted", 130);
  });
}

/** What `ludex legal` prints (run on a task thread). */
export async function listLegalMoves(file: string, opts: LegalOptions): Promise<void> {
  const { loadGameFile } = await import("./load.js");
  const game = loadGameFile(file, opts.option);
  // An observation (`show --as P --json`) lists the moves its player can choose among.
  const s = opts.position ? readPosition(game, opts.position, { observation: true }) : game.newGame({ seed: opts.seed });
  const moves = game.legalMoves(s);
  if (opts.json) {
    out(JSON.stringify(moves.map(publicMove), null, 2));
    return;
  }
  log(game.isTerminal(s) ? "the game is over: no legal moves" : `${moves.length} legal move${moves.length === 1 ? "" : "s"} for ${seatLabel(game, s.mover)}`);
  const width = Math.max(0, ...moves.map((m) => m.notation.length));
  for (const m of moves) out(`${m.notation.padEnd(width)}  ${describeMove(m)}`);
}

/** A move without the engine's internal encoding. */
export function publicMove(m: Move): Omit<Move, "code"> {
  const { code: _code, notation, ...rest } = m;
  return { notation, ...rest };
}

/** `{kind: jump, from: c5, to: c9, count: 1, piece: soldier, path: [c9], captures: [c7]}`; a promoting move adds `promotion: queen`, a move with a chosen number `value: 5`. */
export function describeMove(m: Move): string {
  const parts: string[] = [`kind: ${m.kind}`];
  for (const k of ["from", "to", "count", "piece", "promotion", "value"] as const) if (m[k] !== undefined) parts.push(`${k}: ${m[k]}`);
  if (m.path) parts.push(`path: [${m.path.join(", ")}]`);
  if (m.captures) parts.push(`captures: [${m.captures.join(", ")}]`);
  return `{${parts.join(", ")}}`;
}

/**
 * Reads a position file. `opts.observation` accepts an observation written by `show --as` (for
 * commands that only look at a position); otherwise face-down pieces without identity are refused.
 */
export function readPosition(game: Game, path: string, opts: LoadOptions = {}, seed: Seed = 0): State {
  return readPositionFile(game, path, opts, seed).state;
}

/** A position file (bare, or a scenario-style `{"position": {...}}`): its data and the state it gives. */
export function readPositionFile(game: Game, path: string, opts: LoadOptions = {}, seed: Seed = 0): { state: State; position: Position } {
  const parsed = parseJson(readTextFile(path, "position file", MAX_POSITION_BYTES));
  if ("error" in parsed) throw new CliError(`position file '${path}' is not valid JSON: ${parsed.error}`);
  let data = parsed.value;
  // Accept a scenario-style wrapper {"position": {...}} as well as the bare object.
  if (typeof data === "object" && data !== null && !Array.isArray(data) && "position" in data) data = (data as { position: unknown }).position;
  try {
    return { state: loadPosition(game, data, seed, opts), position: data as Position };
  } catch (e) {
    if (e instanceof PositionError) throw new CliError(`bad position in '${path}':\n  ${e.problems.join("\n  ")}`);
    throw e;
  }
}
