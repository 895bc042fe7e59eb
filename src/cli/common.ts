/**
 * What every command shares: errors with exit codes, option parsers, reading files, seat labels
 * and output helpers. Light on purpose: the compiler is loaded by `load.ts` only when a command
 * runs, so `--help` and usage errors answer at once.
 *
 * Exit codes: 0 ok, 1 a game or check error (invalid description, failing scenario, bad position
 * file, bad move without a human to ask again), 2 a usage error (unknown flag or command, missing
 * argument, malformed value, unknown description option or bad option value).
 */
import { readTextFile as readText } from "../library/files.js";
import { InvalidArgumentError, type Command } from "commander";
import type { Game } from "../engine/play/game.js";
import { parseSeed, type Seed } from "../engine/state/rng.js";

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/**
 * An error to report as `ludex: <message>` and exit with `exitCode`, never with a stack trace.
 * An empty message exits silently (the command has already said why).
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
  ) {
    super(message);
  }
}

export function usageError(message: string): CliError {
  return new CliError(message, EXIT_USAGE);
}

// --- output ---

export function out(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : text + "\n");
}

export function log(text: string): void {
  process.stderr.write(text.endsWith("\n") ? text : text + "\n");
}

// --- option parsers (commander reports an InvalidArgumentError as a usage error) ---

/** `--option name=value`, repeatable, collected into a record of strings (the compiler coerces). */
export function collectOption(value: string, previous: Record<string, string> | undefined): Record<string, string> {
  const eq = value.indexOf("=");
  const name = eq > 0 ? value.slice(0, eq).trim() : "";
  if (eq < 0 || !name) throw new InvalidArgumentError(`expected name=value, e.g. --option quietDraw=100`);
  return { ...(previous ?? {}), [name]: value.slice(eq + 1).trim() };
}

/** A whole number argument at least `min`. */
export function integerArg(min: number): (value: string) => number {
  return (value: string) => {
    const v = Number(value.trim());
    if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(v)) throw new InvalidArgumentError("expected a whole number.");
    if (v < min) throw new InvalidArgumentError(`expected a whole number >= ${min}.`);
    return v;
  };
}

/** A game seed: a whole number, or a secret seed written `0x` and up to 32 hex digits. */
export function seedArg(value: string): Seed {
  const seed = parseSeed(value);
  if (seed === undefined) throw new InvalidArgumentError("expected a whole number (0 to 2^53 - 1) or a secret seed written 0x and up to 32 hex digits.");
  return seed;
}

/** A positive number argument (decimals allowed). */
export function positiveNumberArg(value: string): number {
  const v = Number(value.trim());
  if (value.trim() === "" || !Number.isFinite(v) || v <= 0) throw new InvalidArgumentError("expected a positive number.");
  return v;
}

/** Adds the repeatable `--option name=value` flag to a command. */
export function withGameOptions(cmd: Command): Command {
  return cmd
    .option("--option <name=value>", "set a description option (repeatable)", collectOption)
    .option("--closures", "run every rule on its closures, the reference, instead of compiled code (also LUDEX_CLOSURES=1)")
    .hook("preAction", (_self, action) => {
      // Through the environment: the threads a command starts compile their games again.
      if (action.opts().closures) process.env.LUDEX_CLOSURES = "1";
    });
}

/** An "Examples:" block for a command's help. */
export function examples(cmd: Command, lines: string[]): Command {
  return cmd.addHelpText("after", `\nExamples:\n${lines.map((l) => `  $ ${l}`).join("\n")}\n`);
}

// --- loading descriptions ---

/**
 * Reads a text file of at most `maxBytes` (see src/limits.ts), turning file-system errors -- and
 * a FIFO or a device, refused at once -- into a clear message (exit 1).
 */
export function readTextFile(path: string, what: string, maxBytes: number): string {
  const r = readText(path, maxBytes);
  if ("error" in r) throw new CliError(`cannot read ${what} '${path}': ${r.error}`);
  return r.text;
}

// --- display ---

export { seatLabel } from "../view/seats.js";

/** `quietDraw=100, other=x`, or `none` when the game has no options. */
export function describeOptions(options: Record<string, unknown>): string {
  const parts = Object.entries(options).map(([k, v]) => `${k}=${String(v)}`);
  return parts.length ? parts.join(", ") : "none";
}

/** Seconds with a sensible precision. */
export function round(v: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/** The game argument every game command takes: a built-in name or a description file. */
export const GAME_ARG_HELP = "a built-in game name (see `ludex list`) or a description file (.game)";
