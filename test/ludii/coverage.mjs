#!/usr/bin/env node
/**
 * A map of what is left: which of Ludii's ludemes the board games of its library use, and which of
 * them Ludex has a counterpart for, weighted by the number of games that need each.
 *
 *   node test/ludii/coverage.mjs LUDII_LUD_DIR [--out grammar/ludii-coverage.md] [--json FILE]
 *                                [--map FILE] [--src LUDII_SRC]
 *
 * LUDII_LUD_DIR is Ludii's `Common/res/lud` (e.g. /work/ludii/src/Common/res/lud); every `.lud`
 * below its `board/` is read. Ludii's shared defines are read from `../def` beside it, and its Java
 * source (for the ludeme identities below) from the source tree holding it (or `--src`, the folder
 * with `Core/src/game`). `--map` names the counterpart map (default: coverage-map.json beside
 * this script). Without `--out` the report goes to standard output. Not a test: `npm test` only
 * runs it through test/ludii-coverage.test.ts when LUDII_ROOT is set.
 *
 * How a game is read, following Ludii's own expander (Language/src/parser/Expander.java) in
 * what matters for which ludemes a game uses:
 * - `//` comments are dropped (outside strings).
 * - Options: every `(option "Heading" <Tag> args:{<a> <b>} {(item "Name" <x> <y> "doc")* ...})`
 *   is realised with its default item, the way Ludii picks it with no option chosen
 *   (options/GameOptions.computeOptionSelections): the item with the most `*` after it, the first
 *   of them on a tie, so the first item when none is marked. `<Tag:b>` becomes the item's
 *   argument named b, `<Tag>` its first argument. `(rulesets ...)` are dropped: a ruleset only
 *   names option items, and Ludii does not apply one unless it is chosen.
 * - The text is then read into s-expressions: `(...)` forms, `{...}` lists, strings with `\"`
 *   escapes, words, `key:value` arguments. `(metadata ...)` is left out entirely.
 * - Defines: `(define "Name" body)` in the file, or in Ludii's shared `def/` files, is expanded
 *   where called, as `("Name" a b ...)` or as a bare `"Name"`: `#1`, `#2`... in the body become
 *   the call's arguments (a missing argument or a `~` deletes its `#n`), and the result is expanded
 *   again. So a macro's ludemes count for every game that calls it, and only for those.
 *   `((...))` is read as `(...)`, as Ludii does after expanding.
 *
 * A ludeme's identity (its key): Ludii dispatches many ludemes on their first argument, a word of
 * an enum: `(move Step ...)`, `(sites Occupied ...)`, `(is Line ...)`, `(forEach Piece)`. These
 * are taken from Ludii's source rather than guessed from the data: every class of
 * `Core/src/game` with a static `construct` method whose first parameter is an enum named
 * `...Type` (SiteType and RoleType apart: they name a site kind or a player, not a ludeme) gives
 * its head (the class name, first letter lower case) and the enum's constants. A form whose head is
 * such a class and whose first argument is one of its constants is keyed `head Constant`
 * (`is Line`, `sites Occupied`); every other form by its head alone (`board`, `square`, `piece`,
 * and `sites` with a role or a list of sites). Ludii's library spells the same ludeme with the
 * same word, so a key is one Ludii ludeme (or one of a class's forms). Four heads name a graph
 * operator inside `(board ...)` and another ludeme elsewhere (`add`, `remove`, `union`, `keep`):
 * inside a board they are keyed `add (graph)` and so on.
 *
 * The map (coverage-map.json) says, for every key, what Ludex has for it: `ludex` (the Ludex
 * ludeme names, checked against src/lang/catalog.ts by test/ludii-coverage.test.ts) or null,
 * `note`, `partial` (what the Ludex form lacks of the key's common uses) or `ignore` (no meaning
 * for play), and for a missing key maybe `group`: missing ludemes that only come together (Ludii's
 * remembered values: remember, read, forget) count as one gap in the "closest" table. A game is covered when every key it uses is covered or ignored; covered-or-partial
 * when none is missing. A key missing from the map counts as missing and is listed.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------
// Text: comments, options, rulesets

/**
 * The index just past the string that opens at `i` (a `"`). As in Ludii, a `"` right after a
 * backslash does not end it (so `\\"` does not either: the metadata of a few files writes that).
 */
function stringEnd(text, i) {
  let j = i + 1;
  while (j < text.length && !(text[j] === '"' && text[j - 1] !== "\\")) j++;
  return j + 1;
}

/** The text without `//` comments (a `//` inside a string, as in a URL, is kept). */
export function stripComments(text) {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      const j = stringEnd(text, i);
      out += text.slice(i, j);
      i = j;
    } else if (ch === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** The index of the `)` closing the `(` at `i`, strings skipped; -1 if none. */
function closingParen(text, i) {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const ch = text[j];
    if (ch === '"') {
      j = stringEnd(text, j) - 1;
    } else if (ch === "(") depth++;
    else if (ch === ")") {
      depth--;
      if (depth === 0) return j;
    }
  }
  return -1;
}

/** Where `(head` opens outside strings, from `from`; -1 if nowhere. */
function findForm(text, head, from = 0) {
  const needle = `(${head}`;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') i = stringEnd(text, i) - 1;
    else if (ch === "(" && text.startsWith(needle, i) && /[\s"]/.test(text[i + needle.length] ?? "")) return i;
  }
  return -1;
}

/**
 * The `<...>` arguments in an option item's middle, read as Ludii reads them: a `<` right after
 * `(` is the ludeme `<` or `<=`, and an argument ends at the first `>` that is not one of `>`, `>=`.
 */
function optionArgs(text) {
  const args = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      i = stringEnd(text, i);
      continue;
    }
    if (ch === "<" && text[i - 1] !== "(") {
      let j = i + 1;
      while (j < text.length) {
        if (text[j] === '"') {
          j = stringEnd(text, j);
          continue;
        }
        if (text[j] === ">" && text[j - 1] !== "(") break;
        j++;
      }
      args.push(text.slice(i + 1, j));
      i = j + 1;
      continue;
    }
    i++;
  }
  return args;
}

/** One `(option ...)` block: its tag, argument names, and default item's arguments. */
function readOption(block) {
  const tag = /<([^<>:\s]+)>/.exec(block)?.[1];
  const argsList = /args:\s*\{([^}]*)\}/.exec(block)?.[1] ?? "";
  const argNames = [...argsList.matchAll(/<([^<>\s]+)>/g)].map((m) => m[1]);
  const items = [];
  let from = 0;
  for (;;) {
    const at = findForm(block, "item", from);
    if (at < 0) break;
    const end = closingParen(block, at);
    if (end < 0) break;
    let stars = 0;
    while (block[end + 1 + stars] === "*") stars++;
    // The item's middle: after its name, before its description (its last string).
    const inner = block.slice(at + "(item".length, end).trim();
    const nameEnd = stringEnd(inner, inner.indexOf('"'));
    let descStart = inner.lastIndexOf('"');
    descStart = inner.lastIndexOf('"', descStart - 1);
    const middle = descStart >= nameEnd ? inner.slice(nameEnd, descStart) : inner.slice(nameEnd);
    items.push({ name: JSON.parse(inner.slice(inner.indexOf('"'), nameEnd)), stars, args: optionArgs(middle) });
    from = end + 1;
  }
  let best = 0;
  items.forEach((it, k) => {
    if (it.stars > items[best].stars) best = k;
  });
  return { tag, argNames, chosen: items[best] };
}

/** The text with each option realised by its default item, and its option and ruleset blocks removed. */
export function realiseOptions(text) {
  const options = [];
  for (;;) {
    const at = findForm(text, "option");
    if (at < 0) break;
    const end = closingParen(text, at);
    if (end < 0) throw new Error("an (option ...) is not closed");
    options.push(readOption(text.slice(at, end + 1)));
    text = text.slice(0, at) + text.slice(end + 1);
  }
  for (;;) {
    const at = findForm(text, "rulesets");
    if (at < 0) break;
    const end = closingParen(text, at);
    if (end < 0) throw new Error("a (rulesets ...) is not closed");
    text = text.slice(0, at) + text.slice(end + 1);
  }
  for (const o of options) {
    if (!o.tag || !o.chosen) continue;
    o.argNames.forEach((name, k) => {
      text = text.split(`<${o.tag}:${name}>`).join(o.chosen.args[k] ?? "");
    });
    text = text.split(`<${o.tag}>`).join(o.chosen.args[0] ?? "");
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// S-expressions

/**
 * Nodes: `{t:"form", items}` for `(...)`, `{t:"list", items}` for `{...}`, `{t:"str", v}`,
 * `{t:"sym", v}` (words and numbers), `{t:"named", k, v}` for `key:value`.
 */
export function parse(text) {
  let i = 0;
  const n = text.length;
  function skip() {
    while (i < n && /\s/.test(text[i])) i++;
  }
  function node() {
    skip();
    const ch = text[i];
    if (ch === "(" || ch === "{") {
      const close = ch === "(" ? ")" : "}";
      i++;
      const items = [];
      for (;;) {
        skip();
        if (i >= n) throw new Error(`unclosed ${ch}`);
        if (text[i] === close) {
          i++;
          break;
        }
        if (text[i] === ")" || text[i] === "}") throw new Error(`unexpected ${text[i]}`);
        items.push(node());
      }
      return { t: ch === "(" ? "form" : "list", items };
    }
    if (ch === '"') {
      const j = stringEnd(text, i);
      const v = text.slice(i + 1, j - 1).replace(/\\(.)/g, "$1");
      i = j;
      return { t: "str", v };
    }
    let j = i;
    while (j < n && !/[\s(){}"]/.test(text[j])) j++;
    const word = text.slice(i, j);
    i = j;
    const colon = word.indexOf(":");
    if (colon > 0 && /^[A-Za-z]\w*$/.test(word.slice(0, colon))) {
      const k = word.slice(0, colon);
      const rest = word.slice(colon + 1);
      if (rest) return { t: "named", k, v: { t: "sym", v: rest } };
      return { t: "named", k, v: node() };
    }
    return { t: "sym", v: word };
  }
  const out = [];
  for (;;) {
    skip();
    if (i >= n) break;
    if (text[i] === ")" || text[i] === "}") {
      i++; // a stray closing bracket (left by a realised option) is skipped, as Ludii's reader would fail later
      continue;
    }
    out.push(node());
  }
  return out;
}

/** A node back as text (to put an argument into a word or a string, as Ludii's text expansion does). */
function render(node) {
  switch (node.t) {
    case "sym":
      return node.v;
    case "str":
      return node.v;
    case "named":
      return `${node.k}:${render(node.v)}`;
    case "form":
      return `(${node.items.map(render).join(" ")})`;
    case "list":
      return `{${node.items.map(render).join(" ")}}`;
  }
  return "";
}

const isDefine = (d) => d.t === "form" && d.items[0]?.t === "sym" && d.items[0].v === "define" && d.items[1]?.t === "str";

/**
 * The nodes without their `(define "Name" body...)` forms, wherever they stand (an option item may
 * bring one inside the game, and Ludii takes every one out of the text); the defines go into
 * `into` (name -> body nodes).
 */
export function collectDefines(nodes, into = new Map()) {
  const keep = [];
  for (const d of nodes) {
    if (isDefine(d)) into.set(d.items[1].v, d.items.slice(2));
    else if (d.t === "form" || d.t === "list") keep.push({ t: d.t, items: collectDefines(d.items, into) });
    else if (d.t === "named") keep.push({ t: "named", k: d.k, v: collectDefines([d.v], into)[0] ?? { t: "sym", v: "" } });
    else keep.push(d);
  }
  return keep;
}

/** The body with `#n` replaced by the call's arguments (missing or `~`: deleted). */
function substitute(body, args) {
  const argOf = (k) => {
    const a = args[k - 1];
    return !a || (a.t === "sym" && a.v === "~") ? undefined : a;
  };
  const inText = (s) => s.replace(/#(\d+)/g, (_, k) => (argOf(Number(k)) ? render(argOf(Number(k))) : ""));
  function sub(node) {
    if (node.t === "sym") {
      const m = /^#(\d+)$/.exec(node.v);
      if (m) {
        const a = argOf(Number(m[1]));
        return a ? [a] : [];
      }
      return [node.v.includes("#") ? { t: "sym", v: inText(node.v) } : node];
    }
    if (node.t === "str") return [node.v.includes("#") ? { t: "str", v: inText(node.v) } : node];
    if (node.t === "named") {
      const v = sub(node.v);
      return v.length ? [{ t: "named", k: node.k, v: v[0] }] : [];
    }
    return [{ t: node.t, items: node.items.flatMap(sub) }];
  }
  return body.flatMap(sub);
}

/** Heads whose first string names the thing itself (never a define): Ludii protects these. */
const PROTECTED = new Set(["game", "match", "instance"]);

/**
 * The nodes with every define call expanded (a list: a call may stand for several nodes or none).
 * `used` collects the define names met; `unknown` the called strings that name no define.
 */
export function expandDefines(node, defines, used = new Set(), unknown = new Set(), depth = 0) {
  if (depth > 60) throw new Error("defines nest too deep");
  const again = (nodes) => nodes.flatMap((x) => expandDefines(x, defines, used, unknown, depth + 1));
  if (node.t === "str" && defines.has(node.v)) {
    used.add(node.v);
    return again(substitute(defines.get(node.v), []));
  }
  if (node.t === "named") {
    const v = expandDefines(node.v, defines, used, unknown, depth);
    return v.length ? [{ t: "named", k: node.k, v: v[0] }] : [];
  }
  if (node.t === "form" || node.t === "list") {
    const head = node.items[0];
    if (node.t === "form" && head?.t === "str") {
      if (defines.has(head.v)) {
        used.add(head.v);
        return again(substitute(defines.get(head.v), node.items.slice(1)));
      }
      unknown.add(head.v);
    }
    let items;
    if (node.t === "form" && head?.t === "sym" && PROTECTED.has(head.v)) {
      items = [head, node.items[1], ...node.items.slice(2).flatMap((x) => expandDefines(x, defines, used, unknown, depth))];
    } else {
      items = node.items.flatMap((x) => expandDefines(x, defines, used, unknown, depth));
    }
    // `((...))` is `(...)`, as Ludii reads it after expanding.
    if (node.t === "form" && items.length === 1 && items[0].t === "form") return [items[0]];
    return [{ t: node.t, items }];
  }
  return [node];
}

// ---------------------------------------------------------------------------------------------
// Ludeme identities from Ludii's source

function javaFiles(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) javaFiles(p, out);
    else if (e.name.endsWith(".java")) out.push(p);
  }
  return out;
}

/** The constants of a Java enum's source. */
function enumConstants(src) {
  const body = src
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/@\w+(\([^)]*\))?/g, "");
  const m = /\benum\s+\w+\s*(?:implements[^{]*)?\{([\s\S]*?)(;|\}\s*$)/.exec(body);
  if (!m) return [];
  return m[1]
    .split(",")
    .map((s) => s.trim().replace(/\s*\([\s\S]*$/, "").replace(/\s*\{[\s\S]*$/, ""))
    .filter((s) => /^[A-Za-z_]\w*$/.test(s));
}

/**
 * Ludeme heads dispatched on a first enum argument, from Ludii's source: head -> Set of the
 * enum constants that name a form (`is` -> {Line, Empty, ...}).
 */
export function dispatchTable(gameSrc) {
  const files = javaFiles(gameSrc);
  const enumFile = new Map(files.map((f) => [basename(f, ".java"), f]));
  const table = new Map();
  for (const f of files) {
    const src = readFileSync(f, "utf8");
    if (!/public\s+static\s+\S+\s+construct\s*\(/.test(src)) continue;
    const cls = basename(f, ".java");
    const head = cls[0].toLowerCase() + cls.slice(1);
    for (const m of src.matchAll(/construct\s*\(\s*(?:@\w+\s+)*final\s+(\w+)\s+\w+/g)) {
      const type = m[1];
      if (!type.endsWith("Type") || type === "SiteType" || type === "RoleType") continue;
      const ef = enumFile.get(type);
      if (!ef) continue;
      const set = table.get(head) ?? new Set();
      for (const c of enumConstants(readFileSync(ef, "utf8"))) set.add(c);
      table.set(head, set);
    }
  }
  return table;
}

/**
 * The key of a form: `head Constant` for a dispatched form, else `head`; undefined for no ludeme.
 * `do` is two ludemes in one, told apart by its arguments: `(do M ifAfterwards:C)`, a move kept
 * only when a condition holds after it (`do ifAfterwards`), and `(do A next:B)`, one thing done and
 * then another in the same decision (`do next`, whatever else it has).
 */
export function keyOf(form, table) {
  const head = form.items[0];
  if (head?.t !== "sym") return undefined;
  const first = form.items[1];
  const consts = table.get(head.v);
  if (consts && first?.t === "sym" && consts.has(first.v)) return `${head.v} ${first.v}`;
  if (head.v === "do") {
    const named = new Set(form.items.filter((i) => i.t === "named").map((i) => i.k));
    if (named.has("next")) return "do next";
    if (named.has("ifAfterwards")) return "do ifAfterwards";
  }
  return head.v;
}

/**
 * Heads that name a graph operator inside `(board ...)` (Ludii's game.functions.graph.operators)
 * but another ludeme elsewhere: `(remove (square 5) cells:{...})` is not `(remove (to))`.
 * Inside a board they are keyed `head (graph)`.
 */
const GRAPH_OPERATORS = new Set(["add", "remove", "union", "keep"]);

/**
 * Ludemes whose meaning the form around them decides, keyed `head (outer)` there: setting piles in
 * the start rules is placing them (`set Count (start)`), unlike setting one during play; a bound on
 * the run a custodial capture takes (`(between (max 1))`) is `max (between)`, not the largest of
 * numbers.
 */
const IN_CONTEXT = new Map([
  ["start", new Set(["set Count"])],
  ["between", new Set(["max"])],
]);

/** Every key used in the nodes, with how often. `outer` is the key of the form they are in. */
function keysIn(nodes, table, into = new Map(), inBoard = false, outer = undefined) {
  for (const n of nodes) {
    if (n.t === "named") keysIn([n.v], table, into, inBoard, outer);
    else if (n.t === "form" || n.t === "list") {
      let below = inBoard, here = outer;
      if (n.t === "form") {
        let k = keyOf(n, table);
        if (k && inBoard && GRAPH_OPERATORS.has(k)) k = `${k} (graph)`;
        else if (k && IN_CONTEXT.get(outer)?.has(k)) k = `${k} (${outer})`;
        if (k) into.set(k, (into.get(k) ?? 0) + 1);
        if (k === "board") below = true;
        if (k !== undefined) here = k;
      }
      keysIn(n.items, table, into, below, here);
    }
  }
  return into;
}

// ---------------------------------------------------------------------------------------------
// Reading the library

/** Orders strings by code point, the same on every machine (localeCompare follows the locale). */
const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

function ludFiles(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => byCodePoint(a.name, b.name))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) ludFiles(p, out);
    else if (e.name.endsWith(".lud")) out.push(p);
  }
  return out;
}

/** Ludii's shared defines (its `def/` folder beside `lud/`). */
export function sharedDefines(defDir) {
  const defines = new Map();
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".def")) collectDefines(parse(stripComments(readFileSync(p, "utf8"))), defines);
    }
  };
  walk(defDir);
  return defines;
}

/** One game: its name, category folder, and the keys it uses (key -> occurrences). */
export function readGame(file, boardDir, shared, table) {
  const text = realiseOptions(stripComments(readFileSync(file, "utf8")));
  const defines = new Map(shared);
  const top = collectDefines(parse(text), defines);
  const game = top.find((n) => n.t === "form" && n.items[0]?.t === "sym" && (n.items[0].v === "game" || n.items[0].v === "match"));
  if (!game) throw new Error("no (game ...) or (match ...)");
  const unknown = new Set();
  const expanded = expandDefines(game, defines, new Set(), unknown);
  return {
    file: relative(boardDir, file),
    name: game.items[1]?.t === "str" ? game.items[1].v : basename(file, ".lud"),
    category: relative(dirname(boardDir), dirname(file)).split("\\").join("/"),
    keys: keysIn(expanded, table),
    unknown: [...unknown],
  };
}

/** The Java source of Ludii's game ludemes: `--src`, or found above the lud folder. */
function findGameSrc(ludDir, srcArg) {
  const tries = srcArg ? [srcArg] : [];
  for (let d = resolve(ludDir); d !== dirname(d); d = dirname(d)) tries.push(d);
  for (const t of tries) {
    const g = join(t, "Core", "src", "game");
    if (existsSync(g) && statSync(g).isDirectory()) return g;
  }
  throw new Error(`Ludii's source (Core/src/game) not found above ${ludDir}; name its folder with --src`);
}

// ---------------------------------------------------------------------------------------------
// The report

/** A key's standing in the map: covered, partial, missing or ignored. */
export function statusOf(entry) {
  if (!entry) return "missing";
  if (entry.ignore) return "ignored";
  if (!entry.ludex || entry.ludex.length === 0) return "missing";
  return entry.partial ? "partial" : "covered";
}

const MD_ESCAPE = (s) => String(s).replace(/\|/g, "\\|");

function examples(games, n = 4) {
  const names = games.slice(0, n).map((g) => g.name);
  return names.join(", ") + (games.length > n ? `, and ${games.length - n} more` : "");
}

function pct(a, b) {
  return b ? `${((100 * a) / b).toFixed(1)}%` : "-";
}

/**
 * The gap a missing key belongs to: its map entry's `group` (ludemes that only come together, such
 * as Ludii's remembered values: remember, forget, read) or the key itself.
 */
export function gapOf(map, k) {
  return map[k]?.group ?? k;
}

/** A gap's name in the report: a group with its keys, or a key. */
function gapLabel(map, gap, keys) {
  const members = keys.filter((k) => gapOf(map, k) === gap);
  if (members.length === 1 && members[0] === gap) return `\`${MD_ESCAPE(gap)}\``;
  return `${MD_ESCAPE(gap)} (${members.map((k) => `\`${MD_ESCAPE(k)}\``).join(", ")})`;
}

/** The analysis of every game against the map. */
export function analyse(games, map) {
  const byKey = new Map();
  for (const g of games) {
    for (const k of g.keys.keys()) {
      const list = byKey.get(k) ?? [];
      list.push(g);
      byKey.set(k, list);
    }
  }
  for (const g of games) {
    g.missing = [...g.keys.keys()].filter((k) => statusOf(map[k]) === "missing").sort();
    g.partial = [...g.keys.keys()].filter((k) => statusOf(map[k]) === "partial").sort();
    g.gaps = [...new Set(g.missing.map((k) => gapOf(map, k)))].sort();
  }
  return { byKey };
}

export function report(games, map, { command }) {
  const { byKey } = analyse(games, map);
  const total = games.length;
  const covered = games.filter((g) => g.missing.length === 0 && g.partial.length === 0);
  const coveredOrPartial = games.filter((g) => g.missing.length === 0);
  const keys = [...byKey.keys()].sort();
  const count = (s) => keys.filter((k) => statusOf(map[k]) === s).length;
  const unmapped = keys.filter((k) => !(k in map));
  const L = [];
  L.push("# Ludii's board games against Ludex's language");
  L.push("");
  L.push("Generated by `test/ludii/coverage.mjs` from Ludii 1.3.12's library and `test/ludii/coverage-map.json`;");
  L.push("do not edit by hand. Regenerate (test/ludii-coverage.test.ts checks it is current when `LUDII_ROOT` is set):");
  L.push("");
  L.push("```sh");
  L.push(command);
  L.push("```");
  L.push("");
  L.push(
    "Every `.lud` of Ludii's `board/` folder is read with its default options (the option item with the most `*`, " +
      "the first when none is marked; rulesets are not applied), its defines expanded (its own and Ludii's `def/`), its metadata " +
      "left out. A ludeme is keyed by its head, or by its head and first word where Ludii's source dispatches on that word " +
      "(`move Step`, `is Line`, `sites Occupied`; see the script's header). Each key's Ludex counterpart is in " +
      "`test/ludii/coverage-map.json`: covered, partial (Ludex has the ludeme but not all its common uses), missing, or " +
      "ignored (no meaning for play). \"Covered\" says a game's ludemes all have counterparts, not that the game is written " +
      "or plays the same: it is a map of where the language's tail is.",
  );
  L.push("");
  L.push("## Headline");
  L.push("");
  L.push(`- Board games read: **${total}**.`);
  L.push(`- Games whose ludemes are all covered: **${covered.length}** (${pct(covered.length, total)}).`);
  L.push(
    `- Games whose ludemes are all covered or partial: **${coveredOrPartial.length}** (${pct(coveredOrPartial.length, total)}).`,
  );
  L.push(
    `- Distinct ludeme keys: ${keys.length}: ${count("covered")} covered, ${count("partial")} partial, ` +
      `${count("missing")} missing, ${count("ignored")} ignored` +
      (unmapped.length ? ` (${unmapped.length} not in the map, counted missing: ${unmapped.join(", ")})` : "") +
      ".",
  );
  if (covered.length) L.push(`- Covered games, for example: ${examples(covered, 12)}.`);
  const missingOne = games.filter((g) => g.gaps.length === 1);
  L.push(
    `- Games missing exactly one ludeme (or one group of ludemes that come together): ${missingOne.length}; ` +
      `missing two: ${games.filter((g) => g.gaps.length === 2).length}.`,
  );
  L.push("");

  // Missing ludemes, then partial ones, by games.
  const byGames = (status) =>
    keys
      .filter((k) => statusOf(map[k]) === status)
      .map((k) => ({ k, games: byKey.get(k) }))
      .sort((a, b) => b.games.length - a.games.length || byCodePoint(a.k, b.k));
  const table = (rows, limit, only, what) => {
    L.push("| ludeme | games | only gap | what is missing | example games |");
    L.push("|---|---:|---:|---|---|");
    for (const { k, games: gs } of rows.slice(0, limit)) {
      L.push(`| \`${MD_ESCAPE(k)}\` | ${gs.length} | ${gs.filter((g) => only(g, k)).length} | ${MD_ESCAPE(what(k))} | ${MD_ESCAPE(examples(gs, 3))} |`);
    }
    if (rows.length > limit) {
      const rest = rows.slice(limit);
      L.push("");
      L.push(
        `And ${rest.length} more, each used by ${rest[0].games.length} game(s) or fewer: ` +
          rest.map(({ k, games: gs }) => `\`${k}\` (${gs.length})`).join(", ") +
          ".",
      );
    }
    L.push("");
  };
  L.push("## Missing ludemes, by the number of games that use them");
  L.push("");
  L.push(
    "\"only gap\": the games whose only missing ludeme this is, or whose only missing group it belongs to " +
      "(they would be covered or partial with it). A group is named before the note.",
  );
  L.push("");
  table(
    byGames("missing"),
    50,
    (g, k) => g.gaps.length === 1 && g.gaps[0] === gapOf(map, k),
    (k) => (map[k]?.group ? `(${map[k].group}) ` : "") + (map[k]?.note ?? "not in the map"),
  );
  L.push("## Partial ludemes, by the number of games that use them");
  L.push("");
  L.push(
    "Ludex has the ludeme but not all its uses. \"only gap\": the games whose only ludeme not covered this is " +
      "(they would be covered with it). The map's counterparts are named before the colon.",
  );
  L.push("");
  table(
    byGames("partial"),
    50,
    (g, k) => g.missing.length === 0 && g.partial.length === 1 && g.partial[0] === k,
    (k) => `${[].concat(map[k].ludex).join(", ")}: ${map[k].partial}`,
  );

  // Closest games.
  L.push("## Games closest to coverage: missing exactly one ludeme");
  L.push("");
  L.push(
    "Grouped by that ludeme (or group of ludemes that come together), most games first; " +
      "the partial ludemes of a game are named after it.",
  );
  L.push("");
  const groups = new Map();
  for (const g of missingOne) groups.set(g.gaps[0], [...(groups.get(g.gaps[0]) ?? []), g]);
  const sortedGroups = [...groups.entries()].sort((a, b) => b[1].length - a[1].length || byCodePoint(a[0], b[0]));
  const GROUP_ROWS = 40;
  L.push("| missing ludeme | games | the games |");
  L.push("|---|---:|---|");
  for (const [k, gs] of sortedGroups.slice(0, GROUP_ROWS)) {
    const shown = gs.slice(0, 8).map((g) => (g.partial.length ? `${g.name} (partial: ${g.partial.join(", ")})` : g.name));
    L.push(`| ${gapLabel(map, k, keys)} | ${gs.length} | ${MD_ESCAPE(shown.join("; "))}${gs.length > 8 ? `; and ${gs.length - 8} more` : ""} |`);
  }
  if (sortedGroups.length > GROUP_ROWS) {
    const rest = sortedGroups.slice(GROUP_ROWS);
    L.push("");
    L.push(
      `And ${rest.length} more, each the only gap of ${rest[0][1].length} game(s) or fewer: ` +
        rest.map(([k, gs]) => `${gapLabel(map, k, keys)}: ${gs.map((g) => g.name).join(", ")}`).join("; ") +
        ".",
    );
  }
  L.push("");

  // Per category.
  L.push("## By Ludii's category folder");
  L.push("");
  L.push("| folder | games | covered | covered or partial | most needed here |");
  L.push("|---|---:|---:|---:|---|");
  const cats = [...new Set(games.map((g) => g.category))].sort();
  for (const c of cats) {
    const gs = games.filter((g) => g.category === c);
    const cov = gs.filter((g) => g.missing.length === 0 && g.partial.length === 0).length;
    const cop = gs.filter((g) => g.missing.length === 0).length;
    const need = new Map();
    for (const g of gs) for (const k of g.gaps) need.set(k, (need.get(k) ?? 0) + 1);
    const top = [...need.entries()].sort((a, b) => b[1] - a[1] || byCodePoint(a[0], b[0])).slice(0, 3);
    L.push(
      `| ${c} | ${gs.length} | ${cov} (${pct(cov, gs.length)}) | ${cop} (${pct(cop, gs.length)}) | ${top.map(([k, n]) => `${map[k] && !map[k].group ? `\`${k}\`` : k} (${n})`).join(", ")} |`,
    );
  }
  L.push("");
  return L.join("\n");
}

// ---------------------------------------------------------------------------------------------

export function readLibrary(ludDir, srcArg) {
  const boardDir = join(ludDir, "board");
  const shared = sharedDefines(join(ludDir, "..", "def"));
  const table = dispatchTable(findGameSrc(ludDir, srcArg));
  const games = [];
  const failures = [];
  for (const f of ludFiles(boardDir)) {
    try {
      games.push(readGame(f, boardDir, shared, table));
    } catch (e) {
      failures.push(`${relative(boardDir, f)}: ${e.message}`);
    }
  }
  return { games, failures };
}

function main(argv) {
  const args = { positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith("--")) args[a.slice(2)] = argv[++i];
    else args.positional.push(a);
  }
  const ludDir = args.positional[0];
  if (!ludDir) {
    console.error("usage: node test/ludii/coverage.mjs LUDII_LUD_DIR [--out FILE.md] [--json FILE] [--map FILE] [--src LUDII_SRC]");
    process.exit(2);
  }
  const mapFile = args.map ?? join(here, "coverage-map.json");
  const map = JSON.parse(readFileSync(mapFile, "utf8"));
  delete map.$comment;
  const { games, failures } = readLibrary(ludDir, args.src);
  if (failures.length) {
    console.error(`could not read ${failures.length} file(s):\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  const text = report(games, map, {
    command: "node test/ludii/coverage.mjs $LUDII_ROOT/src/Common/res/lud --out grammar/ludii-coverage.md",
  });
  if (args.out) writeFileSync(args.out, text);
  else process.stdout.write(text);
  if (args.json) {
    const byKey = {};
    for (const g of games) for (const [k, n] of g.keys) (byKey[k] ??= { games: 0, uses: 0, status: statusOf(map[k]) }), (byKey[k].games += 1), (byKey[k].uses += n);
    const out = {
      unmapped: [...new Set(games.flatMap((g) => [...g.keys.keys()]))].filter((k) => !(k in map)).sort(),
      games: games.map((g) => ({ file: g.file, name: g.name, category: g.category, keys: Object.fromEntries(g.keys), missing: g.missing, partial: g.partial, gaps: g.gaps, unknownMacros: g.unknown })),
      keys: byKey,
    };
    writeFileSync(args.json, JSON.stringify(out, null, 1));
  }
  const unmapped = [...new Set(games.flatMap((g) => [...g.keys.keys()]))].filter((k) => !(k in map));
  if (unmapped.length) console.error(`${unmapped.length} key(s) not in the map: ${unmapped.sort().join(", ")}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
