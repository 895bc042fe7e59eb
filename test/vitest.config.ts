import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import LongestFirst from "./support/sequencer.js";

export default defineConfig({
  test: {
    root: fileURLToPath(new URL("..", import.meta.url)),
    include: ["test/**/*.test.ts"],
    // Test files run side by side, one per core and at least two: on a two-core machine vitest's
    // default (cores - 1) would run them one after another. No test depends on timing, and each
    // writes only to its own temporary directory (ports are chosen by the system).
    maxWorkers: Math.max(2, availableParallelism()),
    // A worker keeps the modules it has loaded from one test file to the next: each file would
    // otherwise load the engine and build the parser again (some 1.5 s a file, a third of the
    // suite's processor time). No test changes a module's state for the next: each builds its own
    // games; what a file must have of its own (a temporary folder) comes from the setup file.
    isolate: false,
    // Each test file's own temporary folder (support/tmp.ts), which a shared module cannot make.
    setupFiles: ["test/support/per-file.ts"],
    // A net against a hang, not a speed check: a slow, loaded machine may take minutes over a test.
    testTimeout: 10 * 60 * 1000,
    hookTimeout: 10 * 60 * 1000,
    // The longest files first (see support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
  },
});
