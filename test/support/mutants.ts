/**
 * Mutants of a description, for the fuzz test: byte-level edits (any character anywhere),
 * token-level edits (deleting, duplicating and swapping words and forms, replacing numbers), and
 * the hostile shapes that once froze, exhausted or crashed the compiler (a define that doubles
 * its argument, define chains that nest deeply, huge boards and numbers, names that are
 * properties of every JavaScript object, `extends` of what is not a description). Every choice
 * comes from the seeded generator passed in, so a mutant can be made again from its seed.
 */
import { tmpdir } from "node:os";
import { nextInt } from "../../src/engine/state/rng.js";

type Rng = Uint32Array;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[nextInt(rng, xs.length)]!;

/** Characters a byte-level edit may insert: the language's own punctuation, and what it never expects. */
const CHARS = ["(", ")", "{", "}", '"', ":", "#", "$", "/", "*", "-", ".", "0", "9", "a", "Z", "_", " ", "\n", "\t", "\r", "\0", "\u00a0", "\ufeff", "\ud800", "\u{1f600}", "\\", ";", "'", "`"];

/** Pieces a token-level edit may insert: brackets, parameters, the limits' edges, half forms. */
const INSERTS = ["(", ")", "{", "}", '"', "#1", "#9", "$size", "$", "0", "-1", "999999999999", "1e9", "0.5", "(and #1 #1)", "__proto__:1", "x:", ":", "//", "/*", "(game", "(define \"D\" (D))", "(define \"E\" #1)", "(E)", "\\", "{}", "()", "(sites {})", "P0", "P99", "all", "(option \"o\" {1 2})"];

/** Numbers at and beyond every limit, and what is not a whole number. */
const HOSTILE_NUMBERS = ["0", "-1", "1", "255", "256", "32768", "65536", "2147483647", "2147483648", "4294967296", "999999999", "1000000001", "999999999999", "9999999999999", "9".repeat(400), "1e309", "0.5", "-0", "00000000000000000001"];

/** Names that every JavaScript object answers to: a map keyed by a designer's names must not. */
const PROTO_NAMES = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"];

/** Spans [start, end) of the bracketed forms in the text (strings and comments are not told apart: a mutant need not be valid). */
export function formSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") open.push(i);
    else if (text[i] === ")" && open.length) spans.push([open.pop()!, i + 1]);
  }
  return spans;
}

/** A random form inside the rules (or anywhere, when the text has no rules form left). */
function someForm(text: string, rng: Rng): [number, number] | undefined {
  const rules = text.indexOf("(rules");
  const spans = formSpans(text).filter(([s]) => s > rules);
  return spans.length ? pick(rng, spans) : undefined;
}

const replaceSpan = (text: string, [s, e]: [number, number], by: (inner: string) => string) => text.slice(0, s) + by(text.slice(s, e)) + text.slice(e);

/** Replaces the `k`-th match of a pattern (all matches counted from the start). */
function replaceNth(text: string, re: RegExp, k: number, by: string): string {
  let i = 0;
  return text.replace(re, (m) => (i++ === k ? by : m));
}

export function byteMutant(text: string, rng: Rng): string {
  const at = nextInt(rng, text.length + 1);
  switch (nextInt(rng, 3)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1);
    case 1:
      return text.slice(0, at) + pick(rng, CHARS) + text.slice(at);
    default:
      return text.slice(0, at) + pick(rng, CHARS) + text.slice(at + 1);
  }
}

export function tokenMutant(text: string, rng: Rng): string {
  const at = nextInt(rng, text.length + 1);
  switch (nextInt(rng, 7)) {
    case 0: // delete a span
      return text.slice(0, at) + text.slice(at + 1 + nextInt(rng, 20));
    case 1: // insert a piece
      return text.slice(0, at) + pick(rng, INSERTS) + text.slice(at);
    case 2: {
      // duplicate a span
      const len = 1 + nextInt(rng, 60);
      return text.slice(0, at) + text.slice(at, at + len) + text.slice(at);
    }
    case 3: // truncate
      return text.slice(0, at);
    case 4: {
      // swap two words
      const words = text.split(/(\s+)/);
      const i = nextInt(rng, words.length), j = nextInt(rng, words.length);
      [words[i], words[j]] = [words[j]!, words[i]!];
      return words.join("");
    }
    case 5: {
      // move a whole form elsewhere, or drop it
      const spans = formSpans(text);
      if (!spans.length) return text;
      const [s, e] = pick(rng, spans);
      const form = text.slice(s, e), rest = text.slice(0, s) + text.slice(e);
      if (nextInt(rng, 3) === 0) return rest;
      const to = nextInt(rng, rest.length + 1);
      return rest.slice(0, to) + form + rest.slice(to);
    }
    default: {
      // replace a number by another
      const count = (text.match(/\d+/g) ?? []).length;
      if (!count) return text;
      return replaceNth(text, /\d+/g, nextInt(rng, count), String(nextInt(rng, 3) === 0 ? 0 : nextInt(rng, 100_000)));
    }
  }
}

/** The hostile shapes, each a named way to hurt a description. */
export const HOSTILE: ReadonlyArray<{ name: string; make: (text: string, rng: Rng, file: string) => string }> = [
  {
    // Each level doubles the form: 2^depth nodes if nothing stops the expansion.
    name: "define doubling its argument",
    make: (text, rng) => {
      const form = someForm(text, rng);
      if (!form) return text;
      const depth = 20 + nextInt(rng, 30);
      return `(define "Twice" (and #1 #1))\n` + replaceSpan(text, form, (f) => "(Twice ".repeat(depth) + f + ")".repeat(depth));
    },
  },
  {
    // Each define nests a couple of hundred forms (just under the text's bracket limit) around the previous one.
    name: "define chain nesting deeply",
    make: (text, rng) => {
      const form = someForm(text, rng);
      if (!form) return text;
      const links = 2 + nextInt(rng, 12), k = 150 + nextInt(rng, 40);
      const nest = (inner: string) => "(not ".repeat(k) + inner + ")".repeat(k);
      let defines = `(define "Link0" ${nest(text.slice(form[0], form[1]))})\n`;
      for (let i = 1; i < links; i++) defines += `(define "Link${i}" ${nest(`(Link${i - 1})`)})\n`;
      return defines + replaceSpan(text, form, () => `(Link${links - 1})`);
    },
  },
  {
    name: "define calling itself",
    make: (text, rng) => {
      const form = someForm(text, rng);
      if (!form) return text;
      const body = pick(rng, ["(Self)", "(and (Self) (Self))", "(not (Self #1))", "#1"]);
      return `(define "Self" ${body})\n` + replaceSpan(text, form, (f) => `(Self ${f})`);
    },
  },
  {
    name: "brackets nested beyond the limit",
    make: (text, rng) => {
      const form = someForm(text, rng);
      if (!form) return text;
      const k = 190 + nextInt(rng, 400);
      return replaceSpan(text, form, (f) => "(not ".repeat(k) + f + ")".repeat(k));
    },
  },
  {
    name: "huge board",
    make: (text, rng) => {
      const board = text.indexOf("(board");
      if (board < 0) return text;
      const span = formSpans(text).find(([s]) => s === board);
      if (!span) return text;
      const big = pick(rng, ["201", "1000", "10000", "65536", "1000000000", "2147483648", "9".repeat(30)]);
      return replaceSpan(text, span, (b) => b.replace(/\d+/g, (m) => (nextInt(rng, 2) === 0 ? big : m)));
    },
  },
  {
    name: "hostile number",
    make: (text, rng) => {
      const count = (text.match(/\d+/g) ?? []).length;
      if (!count) return text;
      let out = text;
      for (let i = 1 + nextInt(rng, 3); i > 0; i--) out = replaceNth(out, /\d+/g, nextInt(rng, count), pick(rng, HOSTILE_NUMBERS));
      return out;
    },
  },
  {
    name: "number of a hundred thousand digits",
    make: (text, rng) => {
      const count = (text.match(/\d+/g) ?? []).length;
      return count ? replaceNth(text, /\d+/g, nextInt(rng, count), "7".repeat(100_000)) : text;
    },
  },
  {
    name: "property names of every object",
    make: (text, rng) => {
      // A define name, a piece or region name (a word after an opening bracket's head), or an argument name.
      const name = pick(rng, PROTO_NAMES);
      switch (nextInt(rng, 3)) {
        case 0: {
          const strings = (text.match(/"[A-Za-z][^"]*"/g) ?? []).length;
          return strings ? replaceNth(text, /"[A-Za-z][^"]*"/g, nextInt(rng, strings), `"${name}"`) : text;
        }
        case 1: {
          const args = (text.match(/\b[a-z][a-zA-Z-]*:/g) ?? []).length;
          return args ? replaceNth(text, /\b[a-z][a-zA-Z-]*:/g, nextInt(rng, args), `${name}:`) : text;
        }
        default: {
          const words = (text.match(/(?<=[\s{(])[a-z][a-zA-Z-]*(?=[\s})])/g) ?? []).length;
          return words ? replaceNth(text, /(?<=[\s{(])[a-z][a-zA-Z-]*(?=[\s})])/g, nextInt(rng, words), name) : text;
        }
      }
    },
  },
  {
    name: "extends of what is not a description",
    make: (text, rng, file) => {
      const target = pick(rng, [tmpdir(), "/dev/zero", "/dev/null", "/nonexistent/x.game", file, "", "\0", "../games", "x".repeat(5000)]);
      return text.replace(/\(game\s+"[^"]*"/, (m) => `${m} (extends "${target}")`);
    },
  },
  {
    name: "a second game in the file",
    make: (text) => text + "\n" + text,
  },
  {
    name: "every bracket dropped after a point",
    make: (text, rng) => {
      const at = nextInt(rng, text.length);
      return text.slice(0, at) + text.slice(at).replace(/[()]/g, "");
    },
  },
];
