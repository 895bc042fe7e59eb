/**
 * A stand-in for the wall clock, so tests of time budgets do not depend on how fast (or how
 * loaded) the machine is: while `fn` runs, every read of `performance.now()` moves time forward
 * by `stepMs`. A search given `time=200ms` then stops after the same number of clock reads, and
 * so after the same work, on every machine.
 */
import { vi } from "vitest";

export function withSteppedClock<T>(stepMs: number, fn: () => T): { result: T; elapsedMs: number } {
  let now = 0;
  const spy = vi.spyOn(performance, "now").mockImplementation(() => (now += stepMs));
  try {
    const result = fn();
    return { result, elapsedMs: now };
  } finally {
    spy.mockRestore();
  }
}
