/**
 * Where the shared acceptance material lives, and what a test does when it is missing.
 *
 * The shared folder (rules dossiers, acceptance scenarios) sits beside the checkout as `../shared`
 * on developer machines and in CI, but a fresh clone may not have it. Tests that read it skip
 * with a warning saying so, except when `LUDEX_REQUIRE_SHARED=1` is set (CI sets it, since the
 * shared README says CI must never skip them): then a missing folder fails the run.
 *
 * `LUDEX_SHARED_DIR` overrides the location (for example to check how the suite behaves without it).
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The shared folder: `$LUDEX_SHARED_DIR`, or `../shared` beside the checkout. */
export const sharedDir = resolve(process.env.LUDEX_SHARED_DIR || join(root, "..", "shared"));
/** The shared acceptance scenarios. */
export const sharedScenariosDir = join(sharedDir, "scenarios");
/** The shared rules dossiers. */
export const sharedRulesDir = join(sharedDir, "rules");
/** Whether a missing shared folder must fail the run instead of skipping (CI). */
export const sharedRequired = process.env.LUDEX_REQUIRE_SHARED === "1";

const warned = new Set<string>();

/**
 * Declares a test group that needs a shared folder (`dir`, by default the shared scenarios).
 * With the folder present it is an ordinary `describe`. Without it the group is skipped and a
 * warning names the folder, unless the folder is required: then a failing test in its place
 * says what is missing.
 */
export function describeWithShared(name: string, body: () => void, dir = sharedScenariosDir): void {
  if (existsSync(dir)) {
    describe(name, body);
    return;
  }
  if (sharedRequired) {
    describe(name, () => {
      it(`finds ${dir} (LUDEX_REQUIRE_SHARED=1)`, () => {
        throw new Error(`the shared folder ${dir} is missing, and LUDEX_REQUIRE_SHARED=1 says it must be there`);
      });
    });
    return;
  }
  if (!warned.has(name)) {
    warned.add(name);
    console.warn(
      `SKIPPED "${name}": the shared folder ${dir} is missing ` +
        `(set LUDEX_SHARED_DIR to the folder holding it; CI runs these with LUDEX_REQUIRE_SHARED=1).`,
    );
  }
  // The body is not collected: it would read the missing folder.
  describe.skip(name, () => {
    it(`needs ${dir}`, () => {});
  });
}
