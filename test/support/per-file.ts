/**
 * Run by vitest before each test file (the config's setupFiles): a temporary folder of the file's
 * own (see tmp.ts), removed when its tests end, so that no file sees another's leftovers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { useTmp } from "./tmp.js";

const folder = mkdtempSync(join(tmpdir(), "ludex-cli-"));
useTmp(folder);
afterAll(() => rmSync(folder, { recursive: true, force: true }));
