/** The library page: every built-in game with its title, players, options and what it is. */
import type { GameInfo } from "../../library/catalog.js";
import { fetchLibrary } from "./api.js";
import { clear, el } from "./dom.js";

function playersText(p: GameInfo["players"]): string {
  if (p.counts) return p.counts.join(", ");
  return p.min === p.max ? String(p.min) : `${p.min} to ${p.max}`;
}

export async function showLibrary(root: HTMLElement): Promise<void> {
  const games = await fetchLibrary();
  clear(root);
  root.append(el("h1", {}, "Games"), el("p", {}, el("a", { href: "#/edit" }, "Write a new game"), " in the editor."));
  const list = el("div", { class: "library" });
  for (const g of games) {
    const options = g.options.map((o) => `${o.name}=${String(o.default)}`).join(", ");
    list.append(
      el(
        "article",
        { class: "card", "data-game": g.name },
        el("h2", {}, el("a", { href: `#/play/${encodeURIComponent(g.name)}` }, g.title)),
        el("p", {}, g.summary),
        el("p", {}, `Players: ${playersText(g.players)}${options ? ` · options: ${options}` : ""}`),
        el("p", {}, el("a", { href: `#/play/${encodeURIComponent(g.name)}` }, "play"), " · ", el("a", { href: `#/edit/${encodeURIComponent(g.name)}` }, "edit its description")),
      ),
    );
  }
  root.append(list);
}
