/**
 * Helpers for the tests that run the `ludex` command line as a child process
 * (`node dist/cli/main.js`, built by `npm test`'s pretest step, or by `npx tsc -p tsconfig.json`).
 *
 * Child processes are never timed: a run takes as long as the machine needs. The only limit is a
 * safety net of ten minutes that stops a hung process so the suite ends with a clear failure
 * instead of waiting forever.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { tmp } from "./tmp.js";

/** The checkout's root folder (the CLI runs from there, so relative game paths work). */
export const root = fileURLToPath(new URL("../..", import.meta.url));
/** The built command line. */
export const cli = join(root, "dist", "cli", "main.js");

/** A net against a hung child process, not a speed check. */
export const SAFETY_TIMEOUT_MS = 10 * 60 * 1000;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, for checks that do not care where a message goes. */
  all: string;
}

/** Runs the CLI with `input` piped to stdin (empty by default: stdin at EOF). */
export function ludex(args: string[], input = ""): Promise<Run> {
  return runScript(cli, args, input);
}

/**
 * Runs a Node script from the project root. A process still running after `timeoutMs` is killed
 * and the run fails with a message saying so (its exit code would otherwise look like a crash).
 */
export function runScript(script: string, args: string[], input = "", timeoutMs = SAFETY_TIMEOUT_MS): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "", stderr = "";
    let killed = false;
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      killed = true;
      child.kill();
    }, timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (killed) reject(new Error(`${script} ${args.join(" ")} still running after ${timeoutMs / 1000} s: stopped as hung`));
      else resolve({ code, stdout, stderr, all: stdout + stderr });
    });
    child.stdin.on("error", () => {}); // the CLI may exit before reading all input
    child.stdin.end(input);
  });
}

/** The running test file's folder for temporary files (see tmp.ts), made fresh for each file. */
export { tmp } from "./tmp.js";

/** Writes `content` to a temporary file named `name` and returns its path. */
export function tempFile(name: string, content: string): string {
  const path = join(tmp, name);
  writeFileSync(path, content);
  return path;
}

/** Fails when a run printed a stack trace or a raw `Error:` instead of a message for people. */
export function noStackTrace(r: Run): void {
  expect(r.all).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  expect(r.all).not.toMatch(/Error: /);
}
