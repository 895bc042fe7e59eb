/**
 * The editor page: a description in CodeMirror, compiled as it is typed. The compiler's
 * diagnostics are underlined where they point (the same codes and messages as `ludex validate`),
 * ludeme names and their arguments complete from the catalog, and hovering a ludeme shows its
 * signature and documentation. Beside it, the board of the description as it stands, a button to
 * play it, and random-playout statistics computed in the worker, with a warning when random games
 * get stuck (the player to act has no move and nothing ends the game). The text is kept in the
 * browser's local storage as it is typed (back after a reload, with a way back to the original),
 * and can be downloaded as a .game file.
 */
import { autocompletion, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import { linter, lintGutter, type Diagnostic as LintDiagnostic } from "@codemirror/lint";
import { EditorView, hoverTooltip } from "@codemirror/view";
import { basicSetup } from "codemirror";
import { compileGame, type CompileResult } from "../../compile/index.js";
import { signature } from "../../lang/bind.js";
import { catalog } from "../../lang/catalog.js";
import { renderBoardSvg } from "../../view/svg.js";
import type { FromPage, PlayoutEnds, ToPage } from "./agent-protocol.js";
import { fetchGame, readerOf, type GameFiles } from "./api.js";
import { clear, el } from "./dom.js";
import { descriptionSyntax } from "./editor-syntax.js";
import { download } from "./export.js";
import { optionInput } from "./option-input.js";
import { agentWorker, openLocal } from "./play.js";

const byName = new Map(catalog.map((l) => [l.name, l]));

/** The word (a ludeme or argument name) around a position of the text. */
function wordAt(text: string, pos: number): { from: number; to: number; word: string } | null {
  let from = pos, to = pos;
  while (from > 0 && /[\w-]/.test(text[from - 1]!)) from--;
  while (to < text.length && /[\w-]/.test(text[to]!)) to++;
  return from < to ? { from, to, word: text.slice(from, to) } : null;
}

/** The ludeme whose form the position is in (the head after the nearest open bracket). */
function enclosingLudeme(text: string, pos: number): string | undefined {
  let depth = 0;
  for (let i = pos - 1; i >= 0; i--) {
    const c = text[i];
    if (c === ")") depth++;
    else if (c === "(") {
      if (depth === 0) return /^\(([\w-]+)/.exec(text.slice(i, i + 40))?.[1];
      depth--;
    }
  }
  return undefined;
}

function complete(ctx: CompletionContext): CompletionResult | null {
  const word = ctx.matchBefore(/[\w-]*/);
  if (!word) return null;
  const text = ctx.state.doc.toString();
  const before = text[word.from - 1];
  if (before === "(") {
    return { from: word.from, options: catalog.map((l) => ({ label: l.name, type: "function", detail: l.category, info: `${signature(l)}\n\n${l.doc}` })) };
  }
  const ludeme = byName.get(enclosingLudeme(text, word.from) ?? "");
  if (!ludeme || (!ctx.explicit && word.from === word.to)) return null;
  return { from: word.from, options: ludeme.params.map((p) => ({ label: `${p.name}:`, type: "property", info: p.doc })) };
}

const hover = hoverTooltip((view, pos) => {
  const w = wordAt(view.state.doc.toString(), pos);
  const spec = w && byName.get(w.word);
  if (!w || !spec) return null;
  return {
    pos: w.from,
    end: w.to,
    above: true,
    create: () => ({ dom: el("div", { class: "ludeme-doc" }, el("code", {}, signature(spec)), el("p", {}, spec.doc)) }),
  };
});

export async function showEditor(root: HTMLElement, name: string | undefined): Promise<void> {
  const files: GameFiles = name ? await fetchGame(name) : { name: "new", description: STARTER, rules: "", files: {}, builtin: false };
  const readFile = readerOf(files.files);
  const file = `${files.name}.game`;
  clear(root);
  const editorBox = el("div", { class: "editor", "data-testid": "editor" });
  const problems = el("ul", { class: "problems", "data-testid": "problems" });
  const preview = el("div", { class: "board-wrap", "data-testid": "preview" });
  const stats = el("p", { class: "stats", "data-testid": "stats" });
  const playoutEnds = el("div", { class: "playout-ends" });
  const optionsBox = el("form", { class: "options", "data-testid": "editor-options" });
  const playButton = el("button", { type: "button" }, "Play it");
  const downloadButton = el("button", { type: "button", "data-testid": "download" }, "Download");
  // Edits are kept on this computer as they are typed, so a reload or a closed tab loses nothing.
  const kept = readKept(files.name);
  const restored = kept !== null && kept !== files.description;
  const revertButton = el("button", { type: "button", "data-testid": "revert" }, name ? "Back to the library's text" : "Start again");
  const keptNote = el("p", { class: "kept", "data-testid": "kept" }, "Your edits, kept on this computer, are back. ", revertButton);
  keptNote.hidden = !restored;
  const openFile = el("input", { type: "file", accept: ".game,text/plain", "data-testid": "open-file" });
  root.append(
    el("h1", {}, `Edit: ${files.name}`),
    keptNote,
    el("div", { class: "game" }, el("div", { class: "edit-pane" }, editorBox, problems), el("div", { class: "side" }, preview, optionsBox, el("p", {}, playButton, " ", downloadButton), stats, playoutEnds, el("p", {}, el("label", {}, "Open a .game file: ", openFile)))),
  );

  let latest: CompileResult | undefined;
  let statsAsked = 0;
  /** The option values chosen beside the board, by option name (kept while the option is declared). */
  const chosen: Record<string, string> = {};
  const compile = (text: string): CompileResult => {
    latest = compileGame(text, { file, readFile, options: chosen });
    // Values of options no longer declared are dropped (and the text compiled without them).
    const stale = latest.options.length ? Object.keys(chosen).filter((name) => !latest!.options.some((o) => o.name === name)) : [];
    if (stale.length) {
      for (const name of stale) delete chosen[name];
      latest = compileGame(text, { file, readFile, options: chosen });
    }
    if (latest.options.length || latest.game) drawOptions(optionsBox, latest.options, chosen, () => compile(view.state.doc.toString()));
    clear(problems);
    for (const d of latest.diagnostics) {
      const where = d.span ? `${d.span.line}:${d.span.col} ` : "";
      problems.append(el("li", { class: d.severity }, `${where}${d.severity} ${d.code}: ${d.message}`));
    }
    if (latest.game) {
      preview.innerHTML = renderBoardSvg(latest.game, latest.game.newGame({ seed: 1 }));
      const asked = ++statsAsked;
      stats.textContent = "Random playouts…";
      clear(playoutEnds);
      const w = agentWorker();
      const answer = (e: MessageEvent<ToPage>) => {
        const m = e.data;
        if (m.type !== "stats" || m.asked !== asked) return;
        w.removeEventListener("message", answer);
        stats.textContent = m.text;
        if (m.ends) drawPlayoutEnds(playoutEnds, m.ends);
      };
      w.addEventListener("message", answer);
      w.postMessage({ type: "stats", asked, file, description: text, files: files.files, options: { ...chosen }, playouts: 200 } satisfies FromPage);
    } else {
      stats.textContent = "";
      clear(playoutEnds);
    }
    return latest;
  };
  const lint = linter((view) => {
    const r = compile(view.state.doc.toString());
    const length = view.state.doc.length;
    return r.diagnostics.map((d): LintDiagnostic => {
      const from = Math.min(d.span?.startOffset ?? 0, length);
      const to = Math.min(Math.max(d.span?.endOffset ?? from, from), length);
      return { from, to, severity: d.severity === "error" ? "error" : "warning", message: `${d.code}: ${d.message}${d.expected ? ` (expected ${d.expected})` : ""}` };
    });
  }, { delay: 250 });
  const keep = EditorView.updateListener.of((update) => {
    if (update.docChanged) writeKept(files.name, update.state.doc.toString(), files.description);
  });
  const start = restored ? kept : files.description;
  const view: EditorView = new EditorView({ doc: start, parent: editorBox, extensions: [basicSetup, descriptionSyntax(), lintGutter(), lint, autocompletion({ override: [complete] }), hover, EditorView.lineWrapping, keep] });
  compile(start);
  revertButton.addEventListener("click", () => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: files.description } });
    keptNote.hidden = true;
  });
  downloadButton.addEventListener("click", () => download(new Blob([view.state.doc.toString()], { type: "text/plain" }), file));
  // A description from this computer replaces the text (the compiler sees it at once).
  openFile.addEventListener("change", async () => {
    const f = openFile.files?.[0];
    if (f) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: await f.text() } });
  });
  // The description as it stands, on a play page of its own (Back returns here, the text kept).
  playButton.addEventListener("click", () => {
    if (latest?.game) void openLocal(files.name, view.state.doc.toString(), chosen);
  });
}

/** Where the edits of a description are kept (local storage: this browser, this computer). */
const keptKey = (name: string): string => `ludex.editor.${name}`;

/** The edited text kept for a description, or null (none, or storage not allowed). */
function readKept(name: string): string | null {
  try {
    return localStorage.getItem(keptKey(name));
  } catch {
    return null;
  }
}

/** Keeps the edited text; a text back to the original is forgotten. Storage refused or full: nothing kept, the page goes on. */
function writeKept(name: string, text: string, original: string): void {
  try {
    if (text === original) localStorage.removeItem(keptKey(name));
    else localStorage.setItem(keptKey(name), text);
  } catch {
    // Private browsing or a full store: the text stays in the editor, only not across a reload.
  }
}

/** Up to this many moves of a stuck playout are told in the warning's text; a longer game's are behind a disclosure. */
const MOVES_SHOWN = 30;

/**
 * What the random playouts say about the rules, beyond the figures: a warning when some got stuck
 * (the player to act had no legal move and nothing ended the game: a gap in the rules), with the
 * moves of the first so the designer can play it again; a milder note when some were still going
 * at the ply limit (random play may never end the game, which is not always a fault).
 */
function drawPlayoutEnds(box: HTMLElement, ends: PlayoutEnds): void {
  clear(box);
  const games = (n: number) => `${n} of ${ends.playouts} random ${ends.playouts === 1 ? "game" : "games"}`;
  if (ends.stuck > 0) {
    const moves = ends.firstStuck;
    const count = `${moves.length} ${moves.length === 1 ? "move" : "moves"}`;
    const first = moves.length === 0 ? "The first was stuck at the start." : moves.length <= MOVES_SHOWN ? `The first after ${count}: ` : `The first after ${count} (below).`;
    const sentence = el("p", {}, `In ${games(ends.stuck)} the player to act had no legal move and no rule ended the game. `, first);
    if (moves.length > 0 && moves.length <= MOVES_SHOWN) sentence.append(el("code", {}, moves.join(" ")), ".");
    sentence.append(" Add an end rule such as ", el("code", {}, "(if (no-moves next) (win mover))"), ", or let a player without a move pass: ", el("code", {}, "(priority … (pass))"), ".");
    const warning = el("div", { class: "warning", "data-testid": "stuck-warning" }, sentence);
    if (moves.length > MOVES_SHOWN) warning.append(el("details", {}, el("summary", {}, `The ${count}`), el("code", {}, moves.join(" "))));
    box.append(warning);
  }
  if (ends.cut > 0) {
    const were = ends.cut === 1 ? "was" : "were";
    box.append(el("p", { class: "note", "data-testid": "cut-note" }, `${games(ends.cut)} ${were} still going after ${ends.maxPlies} moves: random play may never end this game.`));
  }
}

/** A selector (or field) per option the description declares; a change re-runs the board and the statistics. */
function drawOptions(box: HTMLElement, options: CompileResult["options"], chosen: Record<string, string>, changed: () => void): void {
  clear(box);
  for (const o of options) {
    const input = optionInput(o, chosen[o.name] ?? String(o.default));
    input.addEventListener("change", () => {
      chosen[o.name] = input.value;
      changed();
    });
    box.append(el("label", {}, `${o.name} `, input), " ");
  }
}

const STARTER = `// A new game: edit me. The board beside shows the description as it stands.
(game "My Game"
  (players 2)
  (equipment {
    (board (square 5 5 diagonals:all))
    (piece stone)
  })
  (rules
    (start {})
    (play (priority
      (add piece:stone to:(empty to))
      (pass)))
    (end {
      (if (line 4 to) (win mover) reason:"{mover} has four in a row")
      (if (all-passed) draw reason:"the board is full")
    })))
`;
