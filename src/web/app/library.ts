/**
 * The library page: every built-in game with its title, players, options (their values and what
 * they do) and rules (fetched when opened); and any .game file from this computer, to play.
 */
import type { GameInfo, GameOptionInfo } from "../../library/catalog.js";
import { fetchGame, fetchLibrary } from "./api.js";
import { clear, el } from "./dom.js";
import { renderMarkdown } from "./markdown.js";

function playersText(p: GameInfo["players"]): string {
  if (p.counts) return p.counts.join(", ");
  return p.min === p.max ? String(p.min) : `${p.min} to ${p.max}`;
}

/** An option in a line: its name, default, the values it takes, and what it does. */
function optionText(o: GameOptionInfo): string {
  const range = o.values ? `: ${o.values.map(String).join(", ")}` : o.min !== undefined || o.max !== undefined ? `: ${o.min ?? "…"} to ${o.max ?? "…"}` : "";
  return `${o.name} = ${String(o.default)}${range}${o.doc ? ` (${o.doc})` : ""}`;
}

export async function showLibrary(root: HTMLElement): Promise<void> {
  const games = await fetchLibrary();
  clear(root);
  const openFile = el("input", { type: "file", accept: ".game,text/plain", "data-testid": "play-file" });
  root.append(
    el("h1", {}, "Games"),
    el("p", {}, el("a", { href: "#/edit" }, "Write a new game"), " in the editor, or play a description from this computer: ", openFile),
  );
  // A .game file of one's own: set up and played on a page of its own (what it extends comes from the library).
  openFile.addEventListener("change", async () => {
    const file = openFile.files?.[0];
    if (!file) return;
    const { openLocal } = await import("./play.js");
    await openLocal(file.name.replace(/\.game$/, ""), await file.text());
  });
  const list = el("div", { class: "library" });
  for (const g of games) {
    const rules = el("details", { class: "rules" }, el("summary", {}, "Rules"));
    rules.addEventListener("toggle", () => void showRules(rules, g.name), { once: true });
    list.append(
      el(
        "article",
        { class: "card", "data-game": g.name },
        el("h2", {}, el("a", { href: `#/play/${encodeURIComponent(g.name)}` }, g.title)),
        el("p", {}, g.summary),
        el("p", {}, `Players: ${playersText(g.players)}${g.hiddenInformation ? " · hidden pieces" : ""}`),
        ...(g.options.length ? [el("ul", { class: "options" }, ...g.options.map((o) => el("li", {}, optionText(o))))] : []),
        el("p", {}, el("a", { href: `#/play/${encodeURIComponent(g.name)}` }, "play"), " · ", el("a", { href: `#/edit/${encodeURIComponent(g.name)}` }, "edit its description")),
        rules,
      ),
    );
  }
  root.append(list);
}

async function showRules(box: HTMLElement, name: string): Promise<void> {
  try {
    box.append(renderMarkdown((await fetchGame(name)).rules));
  } catch (e) {
    box.append(el("p", { class: "error" }, (e as Error).message));
  }
}
