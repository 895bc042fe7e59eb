/**
 * Reading data people hand to Ludex (records, positions, scenario files) without trusting it: a
 * byte-order mark is allowed, nesting is bounded before anything walks the value, values quoted in
 * messages are cut to a length a terminal can show, and lists of problems stop at MAX_PROBLEMS.
 * Only plain functions: the engine, the CLI and the browser app share them.
 */
import { MAX_JSON_DEPTH, MAX_PROBLEMS, MAX_SHOWN_CHARS } from "../limits.js";

const BYTE_ORDER_MARK = "\ufeff";

/** The JSON value of `text` (a leading byte-order mark allowed, as editors on Windows write one), or JSON.parse's message. */
export function parseJson(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text) };
  } catch (e) {
    return { error: shown((e as Error).message, 200) };
  }
}

/**
 * Where the first list or object nested deeper than `maxDepth` sits in `value` (the root
 * container is at depth 1), as a path from `root` (`moves[0].move.path[0]` from ""); undefined
 * when none is. The walk keeps its own stack of at most `maxDepth` frames, so no nesting can
 * overflow the call stack, and a value that contains itself (handed over by a library caller) is
 * too deep rather than endless.
 */
export function nestedTooDeep(value: unknown, root: string, maxDepth = MAX_JSON_DEPTH): string | undefined {
  if (!isContainer(value)) return undefined;
  type Frame = { values: unknown[]; keys: string[] | undefined; next: number };
  const frame = (v: object): Frame =>
    Array.isArray(v) ? { values: v, keys: undefined, next: 0 } : { values: Object.values(v), keys: Object.keys(v), next: 0 };
  const frames: Frame[] = [frame(value)];
  while (frames.length) {
    const top = frames[frames.length - 1]!;
    if (top.next >= top.values.length) {
      frames.pop();
      continue;
    }
    const v = top.values[top.next++];
    if (!isContainer(v)) continue;
    if (frames.length >= maxDepth) {
      const path = root + frames.map((f) => (f.keys ? `.${shown(f.keys[f.next - 1])}` : `[${f.next - 1}]`)).join("");
      return root ? path : path.replace(/^\./, "");
    }
    frames.push(frame(v));
  }
  return undefined;
}

function isContainer(v: unknown): v is object {
  return typeof v === "object" && v !== null;
}

/**
 * A value as a message quotes it: a string cut after `max` characters (saying how long it was),
 * with control characters escaped so that it cannot redraw the terminal; a list or an object
 * as `[...]` or `{...}` (never converted to text, which could be huge or nested without end).
 */
export function shown(v: unknown, max = MAX_SHOWN_CHARS): string {
  if (typeof v === "string") {
    let text = v;
    if (v.length > max) {
      // Not between the two halves of a surrogate pair.
      const end = /[\ud800-\udbff]/.test(v[max - 1]!) ? max - 1 : max;
      text = `${v.slice(0, end)}... (${v.length} characters)`;
    }
    return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  }
  if (Array.isArray(v)) return "[...]";
  if (typeof v === "object" && v !== null) return "{...}";
  return String(v);
}

/** A file path as a message quotes it: cut only when far longer than real paths are. */
export function shownPath(path: string): string {
  return shown(path, 300);
}

/**
 * Problems found in one input, of which the first `max` are kept: a record of a million bad moves
 * gets a readable message, not a million lines. `length` counts them all.
 */
export class ProblemList {
  private readonly kept: string[] = [];
  private dropped = 0;

  constructor(private readonly max = MAX_PROBLEMS) {}

  push(problem: string): void {
    if (this.kept.length < this.max) this.kept.push(problem);
    else this.dropped++;
  }

  get length(): number {
    return this.kept.length + this.dropped;
  }

  /** The problems kept, and a last line saying how many more there were. */
  lines(): string[] {
    return this.dropped ? [...this.kept, `... and ${this.dropped} more problem(s)`] : [...this.kept];
  }
}
