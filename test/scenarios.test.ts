/**
 * Runs every shared acceptance scenario file whose game exists in games/ through the project's
 * own scenario runner. The folder sits beside the checkout (../shared/scenarios); if it is
 * missing the suite fails rather than skipping.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runScenarioFile } from "../src/scenario/runner.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const scenariosDir = join(root, "..", "shared", "scenarios");
const gamesDir = join(root, "games");

describe("shared scenarios", () => {
  it("the scenario folder exists beside the checkout", () => {
    expect(existsSync(scenariosDir), `missing ${scenariosDir}`).toBe(true);
  });

  const files = existsSync(scenariosDir) ? readdirSync(scenariosDir).filter((f) => f.endsWith(".json")).sort() : [];
  const runnable = files.filter((f) => {
    const game = JSON.parse(readFileSync(join(scenariosDir, f), "utf8")).game as string;
    return existsSync(join(gamesDir, `${game}.game`));
  });

  it("at least the Dablot files are run", () => {
    expect(runnable).toEqual(expect.arrayContaining(["dablot.json", "dablot-quiet-draw.json"]));
  });

  for (const f of runnable) {
    describe(f, () => {
      const result = runScenarioFile(join(scenariosDir, f), gamesDir);
      it("loads", () => expect(result.error).toBeUndefined());
      for (const r of result.results) {
        it(r.id, () => expect(r.reason ?? "passed").toBe("passed"));
      }
    });
  }
});
