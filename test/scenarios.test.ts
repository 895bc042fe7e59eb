/**
 * Runs rules scenarios (`ludex-scenarios/1` files) through the project's own scenario runner:
 *
 * - the project's own files, test/scenarios/*.json, written from the rules dossiers: always;
 * - the shared acceptance files (../shared/scenarios, or $LUDEX_SHARED_DIR/scenarios) whose game
 *   exists in games/: when the folder is there. Without it they are skipped with a warning, or
 *   fail when LUDEX_REQUIRE_SHARED=1 (CI); see test/support/shared.ts.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runScenarioFile } from "../src/scenario/runner.js";
import { ludex, root } from "./support/cli.js";
import { describeWithShared, sharedScenariosDir } from "./support/shared.js";

const gamesDir = join(root, "games");
const ownDir = join(root, "test", "scenarios");

/** The .json files of a folder, sorted. */
function jsonFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
}

/** A describe block per file, a test per scenario. */
function runFiles(dir: string, files: string[]): void {
  for (const f of files) {
    describe(f, () => {
      const result = runScenarioFile(join(dir, f), gamesDir);
      it("loads", () => expect(result.error).toBeUndefined());
      for (const r of result.results) {
        it(r.id, () => expect(r.reason ?? "passed").toBe("passed"));
      }
    });
  }
}

describe("the project's own scenarios (test/scenarios)", () => {
  const files = jsonFiles(ownDir);
  const games = readdirSync(gamesDir).filter((f) => f.endsWith(".game")).map((f) => f.replace(/\.game$/, ""));

  it("cover every game in games/", () => {
    const covered = new Set(files.map((f) => JSON.parse(readFileSync(join(ownDir, f), "utf8")).game as string));
    expect([...covered].sort()).toEqual(games.sort());
  });

  runFiles(ownDir, files);

  it("pass through the command line (ludex scenarios test/scenarios)", async () => {
    const r = await ludex(["scenarios", "test/scenarios", "--games", "games"]);
    expect(r.stdout.trim().split("\n").at(-1)).toMatch(/^[1-9]\d* passed, 0 failed$/);
    expect(r.code, r.stdout).toBe(0);
  });
});

describeWithShared("the shared acceptance scenarios", () => {
  const runnable = jsonFiles(sharedScenariosDir).filter((f) => {
    const game = JSON.parse(readFileSync(join(sharedScenariosDir, f), "utf8")).game as string;
    return existsSync(join(gamesDir, `${game}.game`));
  });

  it("at least the Dablot files are run", () => {
    expect(runnable).toEqual(expect.arrayContaining(["dablot.json", "dablot-quiet-draw.json"]));
  });

  runFiles(sharedScenariosDir, runnable);
});
