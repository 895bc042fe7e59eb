/**
 * `ludex replay RECORD`: replays a game record (`ludex-record/1`) against the rules. Prints the
 * moves and the final position; `--at N` shows position N; `--step` walks through the game one
 * move at a time. Every recorded move is checked: the first one that is not legal is reported
 * (exit 1) with the position it was played in. The recorded result is checked too: a record
 * whose result is not the end its moves reach (another winner, a finished game called
 * unfinished ...) is an error, both versions shown.
 *
 * A game with face-down pieces that is not over is shown only as its players see it, and only
 * with the description it was recorded with (`--referee` shows everything).
 */
import { isMainThread } from "node:worker_threads";
import type { Command } from "commander";
import type { Game } from "../engine/play/game.js";
import type { GameRecordFile } from "../record/format.js";
import type { Replay } from "../record/replay.js";
import { describeDifferences, type ResultDifference } from "../record/result-check.js";
import type { State } from "../engine/state/state.js";
import { CliError, describeOptions, examples, integerArg, log, out, seatLabel, usageError } from "./common.js";
import { seedSecret } from "../record/seed-secret.js";

interface ReplayOptions {
  referee?: boolean;
  game?: string;
  gameFileFromRecord?: boolean;
  at?: number;
  step?: boolean;
  json?: boolean;
}

export function registerReplay(program: Command): void {
  const cmd = program
    .command("replay")
    .description("replay a game record: check every move, print the moves and the final position (--at N: position N; --step: walk through)")
    .argument("<record>", "a game record (ludex-record/1 JSON, from `ludex play --save` or `ludex match --json`)")
    .option("--game <game>", "the game to replay with (a built-in name or a .game file; default: the one the record names)")
    .option("--game-file-from-record", "read the description file the record names (game.file); without it only a built-in game the record names, or --game, is used")
    .option("--at <n>", "show position N (0 = the start, N = after the Nth move)", integerArg(0))
    .option("--step", "walk through the game: Enter for the next move, 'b' back, a number jumps there, 'q' quits")
    .option("--json", "print the check's result as JSON (format ludex-replay/1)")
    .option("--referee", "show face-down pieces and the seed of an unfinished game with hidden pieces, whatever description replays it, and the seed of an unfinished game with dice between a person and an agent (a referee's tool)");
  examples(cmd, ["ludex replay game.json", "ludex replay game.json --at 12", "ludex replay game.json --step"]);
  cmd.action(async (file: string, opts: ReplayOptions) => {
    if (opts.step && (opts.at !== undefined || opts.json)) throw usageError("--step cannot be combined with --at or --json");
    // Replaying a long record of a slow game takes long: this very command runs on a thread,
    // so that a signal ends it at once (--step waits for the keyboard and stays here).
    if (!opts.step && isMainThread) return replayOnThread(opts);
    // --step: Ctrl-C at its prompt ends it as Node does by default (no signal held for it).
    if (isMainThread && (await import("./interrupt.js")).heldSignalUnclaimed()) throw new CliError("interrupted", 130);
    const { readRecordFile, loadRecordGame, replayRecord, descriptionChanged } = await import("../record/replay.js");
    const { recordSecrecy, recordedGameHides } = await import("../record/secrecy.js");
    const { compareResult } = await import("../record/result-check.js");
    const { resultOf } = await import("../record/recorder.js");
    const { RecordError } = await import("../record/format.js");
    const { GameLoadError, GameNotFoundError } = await import("../compile/index.js");
    let rec: GameRecordFile, game: Game, replay: Replay;
    try {
      rec = readRecordFile(file);
      game = loadRecordGame(rec, opts.game, file, opts.gameFileFromRecord);
      replay = replayRecord(game, rec);
    } catch (e) {
      if (e instanceof RecordError) throw new CliError(e.of(file).message);
      if (e instanceof GameNotFoundError) throw new CliError(e.message);
      if (e instanceof GameLoadError) throw new CliError(`${file}: the record's game does not compile: ${e.message} (run \`ludex validate\` on it)`);
      throw e;
    }
    const changed = descriptionChanged(game, rec);
    if (changed) log(`ludex: warning: ${changed}`);
    const last = replay.states[replay.states.length - 1]!;
    // A game with hidden pieces that can still be resumed is shown as its players may see it:
    // otherwise a player could replay it, look beneath the face-down pieces, then go on playing.
    // Whether it is over is what its moves reach, not what the record says.
    const secrecy = recordSecrecy(game, rec, last.over, opts.game !== undefined && rec.game.hidden !== true && recordedGameHides(rec, file, opts.gameFileFromRecord));
    if (secrecy.kind === "refused" && !opts.referee) throw new CliError(`${file}: ${secrecy.reason}. Replay it with the description it was made with, or as a referee (--referee)`);
    let shown: Shown = { replay, states: replay.states };
    if (secrecy.kind === "players" && !opts.referee) {
      log("ludex: this game has face-down pieces and is not over: they stay hidden, and so does the seed (--referee shows them)");
      shown = { replay, states: replay.states.map((st) => game.observation(st, 0)), viewer: 0 };
      rec = { ...rec, seed: NaN };
    } else if (!last.over && !opts.referee && seedSecret(game, rec.seats.map((s) => (s.kind === "agent" ? s.agent! : "human"))) === "dice") {
      // A person's game against an agent with dice, still to be resumed: its seed throws the dice to come.
      log("ludex: this game's dice come from a secret seed and it is not over: the seed stays hidden (--referee shows it)");
      rec = { ...rec, seed: NaN };
    }
    // The record's result is a claim, checked against the end its moves reach.
    if (!replay.error) shown.differences = compareResult(rec.result, resultOf(game, last, rec.result.status, rec.result.reason));
    if (opts.json) return printJson(game, rec, shown, file);
    if (opts.at !== undefined) return showAt(game, rec, shown, opts.at);
    if (opts.step) return step(game, rec, shown);
    await printGame(game, rec, shown);
  });
}

/** The replay as it may be shown: every position, or each as the players see it (`viewer`). */
interface Shown {
  replay: Replay;
  states: State[];
  /** Set when face-down pieces must stay hidden: narration and positions are this player's view. */
  viewer?: number;
  /** Where the recorded result is not the replayed end (empty when they agree; unset when a move was illegal). */
  differences?: ResultDifference[];
}

/** What is wrong with the recorded result, in a sentence, or undefined when it is right. */
function resultProblem(shown: Shown): string | undefined {
  const d = shown.differences;
  if (!d?.length) return undefined;
  return `the record's result is not the end its moves reach (${describeDifferences(d)})`;
}

function header(game: Game, rec: GameRecordFile): void {
  const seats = rec.seats.map((s, p) => `${seatLabel(game, p)} ${s.kind === "agent" ? s.agent : "human"}`).join(", ");
  const seed = typeof rec.seed === "number" && Number.isNaN(rec.seed) ? "" : `, seed ${rec.seed}`;
  out(`${game.name}${Object.keys(rec.options).length ? ` (options: ${describeOptions(rec.options)})` : ""}${seed}${rec.start ? ", from a given position" : ""}: ${seats}.`);
}

/** A move's line and, indented below it, what it did (as the viewer may know it). */
async function moveLines(game: Game, shown: Shown, i: number): Promise<string[]> {
  const { narrateMove } = await import("../view/narrate.js");
  const st = shown.replay.steps[i]!;
  const after = shown.replay.states[i + 1]!;
  return [moveLine(game, shown.replay, i), ...narrateMove(game, st.before, after, st.move, shown.viewer).map((l) => `        ${l}`)];
}

function moveLine(game: Game, replay: Replay, i: number): string {
  const st = replay.steps[i]!;
  const think = st.recorded.thinkMs !== undefined ? `   (${st.recorded.thinkMs} ms)` : "";
  return `${String(st.recorded.ply).padStart(4)}. ${seatLabel(game, game.currentPlayer(st.before))} ${st.move.notation}${think}`;
}

async function printGame(game: Game, rec: GameRecordFile, shown: Shown): Promise<void> {
  const { renderBoard, statusLine } = await import("../view/text.js");
  const replay = shown.replay;
  header(game, rec);
  for (let i = 0; i < replay.steps.length; i++) for (const line of await moveLines(game, shown, i)) out(line);
  const last = shown.states[shown.states.length - 1]!;
  if (replay.error) {
    out(`\nPosition ${replay.states.length - 1}, where the record goes wrong:`);
    out(renderBoard(game, last));
    out(statusLine(game, last));
    throw new CliError(`${replay.error.message}`);
  }
  out("");
  out(renderBoard(game, last));
  out(statusLine(game, last));
  out(resultLine(rec));
  const problem = resultProblem(shown);
  if (problem) throw new CliError(problem);
}

function resultLine(rec: GameRecordFile): string {
  const r = rec.result;
  const reason = r.reason ? ` (${r.reason})` : "";
  if (r.status === "abandoned") return `Abandoned after ${rec.moves.length} moves${reason}.`;
  if (r.status === "unfinished") return `Unfinished after ${rec.moves.length} moves${reason}.`;
  return `Recorded result: ${r.draw ? "draw" : `${(r.winners ?? []).join(" and ")} won`}${reason}.`;
}

async function showAt(game: Game, rec: GameRecordFile, shown: Shown, n: number): Promise<void> {
  const { renderBoard, statusLine } = await import("../view/text.js");
  const replay = shown.replay;
  if (n > rec.moves.length) throw new CliError(`--at ${n}: the record has ${rec.moves.length} moves (positions 0..${rec.moves.length})`);
  if (n >= replay.states.length) throw new CliError(`--at ${n}: cannot reach it: ${replay.error!.message}`);
  const s = shown.states[n]!;
  out(`Position ${n} of ${rec.moves.length}${n > 0 ? `, after ${replay.steps[n - 1]!.recorded.player} ${replay.steps[n - 1]!.move.notation}` : " (the start)"}:`);
  out(renderBoard(game, s));
  out(statusLine(game, s));
  if (n < replay.steps.length) out(`Next: ${replay.steps[n]!.recorded.player} ${replay.steps[n]!.move.notation}`);
  if (replay.error) log(`ludex: warning: the record goes wrong later: ${replay.error.message}`);
  const problem = resultProblem(shown);
  if (problem) throw new CliError(problem);
}

async function step(game: Game, rec: GameRecordFile, shown: Shown): Promise<void> {
  const { renderBoard, statusLine } = await import("../view/text.js");
  const replay = shown.replay;
  const { LineInput } = await import("./input.js");
  const last = replay.states.length - 1;
  const input = new LineInput();
  try {
    header(game, rec);
    let n = 0;
    for (;;) {
      out(`\nPosition ${n} of ${last}${n > 0 ? `, after ${moveLine(game, replay, n - 1).trim()}` : " (the start)"}`);
      if (n > 0) for (const line of (await moveLines(game, shown, n - 1)).slice(1)) out(line);
      out(renderBoard(game, shown.states[n]!));
      out(statusLine(game, shown.states[n]!));
      if (n === last) out(replay.error ? `The record goes wrong here: ${replay.error.message}` : resultLine(rec));
      if (n === last && resultProblem(shown)) out(`But ${resultProblem(shown)}.`);
      const line = await input.ask("replay> ");
      if (line === null) break;
      const word = line.trim().toLowerCase();
      if (word === "q" || word === "quit") break;
      if (word === "b" || word === "back") n = Math.max(0, n - 1);
      else if (/^\d+$/.test(word)) n = Math.min(last, Number(word));
      else if (word === "" || word === "n" || word === "next") {
        if (n === last) break;
        n++;
      } else out("Enter: next move, b: back, a number: go to that position, q: quit");
    }
  } finally {
    input.close();
  }
  if (replay.error) throw new CliError(replay.error.message);
  const problem = resultProblem(shown);
  if (problem) throw new CliError(problem);
}

async function printJson(game: Game, rec: GameRecordFile, shown: Shown, file: string): Promise<void> {
  const { toPosition } = await import("../engine/state/position.js");
  const { resultOf } = await import("../record/recorder.js");
  const replay = shown.replay;
  const last = shown.states[shown.states.length - 1]!;
  const problem = resultProblem(shown);
  out(
    JSON.stringify(
      {
        format: "ludex-replay/1",
        record: file,
        game: { title: game.name, hash: game.source.hash, recordHash: rec.game.hash },
        legal: !replay.error,
        moves: rec.moves.length,
        replayed: replay.steps.length,
        // The first problem: an illegal move, else a recorded result that is not the replayed end.
        error: replay.error ?? (problem ? { ply: null, message: problem, fields: shown.differences!.map((d) => d.field) } : null),
        over: last.over,
        returns: last.over ? game.returns(last) : null,
        result: {
          matches: shown.differences ? shown.differences.length === 0 : null,
          recorded: rec.result,
          replayed: replay.error ? null : resultOf(game, last, rec.result.status, rec.result.reason),
          differences: shown.differences ?? [],
        },
        final: toPosition(game, last),
      },
      null,
      2,
    ),
  );
  if (replay.error || problem) throw new CliError("", 1);
}

/** Runs this command (its arguments as given) on a task thread; a signal ends it with exit 130. */
async function replayOnThread(opts: ReplayOptions): Promise<void> {
  const { runOnThread } = await import("./on-thread.js");
  if (!(await runOnThread("replay", [process.argv]))) return;
  if (opts.json) out(JSON.stringify({ format: "ludex-replay/1", interrupted: true }));
  throw new CliError("interrupted", 130);
}

/** The command on a task thread: `argv` parsed as main.ts parses it, this command alone. */
export async function replayFromArgv(argv: string[]): Promise<void> {
  const { Command } = await import("commander");
  const program = new Command("ludex").exitOverride();
  registerReplay(program);
  await program.parseAsync(argv);
}
