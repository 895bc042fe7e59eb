/**
 * The temporary folder of the test file now running, for the files its tests write (records,
 * positions, descriptions). Test files share a worker's modules (isolate: false in the vitest
 * config), so the folder cannot be made when a module loads: test/support/per-file.ts, a setup
 * file vitest runs before each test file, makes a fresh one and removes it when the file ends.
 */
export let tmp = "";

/** Sets the folder of the test file about to run (per-file.ts only). */
export function useTmp(folder: string): void {
  tmp = folder;
}
