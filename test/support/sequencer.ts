/**
 * The order test files start in: the longest first, so that the two workers of a two-core machine
 * end together instead of one finishing a long file alone at the end. Vitest orders by the times of
 * earlier runs where it has them, but a clean checkout (CI's) has none and falls back to file size,
 * which puts the browser test, short in lines but long in time, near the end. The files below are
 * the longest, in order, as measured on two cores; the rest follow in vitest's own order.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

const LONGEST = [
  "ludii-statistics",
  "browser",
  "fuzz",
  "playouts",
  "cli-position",
  "cli",
  "view-pick",
  "fuzz-data",
  "chess",
  "shogi-ludii-replay",
  "cli-records",
  "records-trust",
  "records",
  "cli-match",
];

const rank = (file: string): number => {
  const name = /([^/\\]+)\.test\.ts$/.exec(file)?.[1] ?? "";
  const i = LONGEST.indexOf(name);
  return i < 0 ? LONGEST.length : i;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    // Array.prototype.sort is stable: files not listed keep vitest's order.
    return ordered.sort((a, b) => rank(a.moduleId) - rank(b.moduleId));
  }
}
