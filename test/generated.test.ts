/** The checked-in files of grammar/ must equal what the catalog generates (`npm run generate`). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generatedFiles } from "../src/lang/reference.js";

const root = fileURLToPath(new URL("..", import.meta.url));

describe("generated grammar files", () => {
  for (const [path, text] of Object.entries(generatedFiles())) {
    it(`${path} is up to date (run 'npm run generate')`, () => {
      expect(readFileSync(join(root, path), "utf8")).toBe(text);
    });
  }

  it("the reference documents every ludeme", () => {
    const md = generatedFiles()["grammar/ludemes.md"]!;
    for (const name of ["game", "square", "hex", "step", "jump", "priority", "no-moves", "counter-add"]) {
      expect(md).toContain(`### \`${name}\``);
    }
  });
});
