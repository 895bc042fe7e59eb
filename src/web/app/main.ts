/**
 * The browser app's entry: shows the page the address names: `#/` the library,
 * `#/play/NAME[?GAME]` a game of the library, `#/local/ID[?GAME]` a description from this
 * computer, `#/edit[/NAME]` the editor. GAME keeps the game played (see session.ts).
 *
 * The play page and the editor bring the compiler and the engine, fetched the first time they
 * are opened: the library page needs neither.
 */
import { el } from "./dom.js";
import { showLibrary } from "./library.js";


/** The play page's module, once loaded (its tables' agents are let go when the page changes). */
let played: typeof import("./play.js") | undefined;
const playPage = async () => (played ??= await import("./play.js"));

async function route(): Promise<void> {
  const root = document.getElementById("app")!;
  const [path = "", query = ""] = location.hash.split(/\?(.*)/s);
  const [, page, arg] = path.split("/");
  played?.closeTables();
  try {
    if (page === "play" && arg) await (await playPage()).showPlay(root, decodeURIComponent(arg), query);
    else if (page === "local" && arg) await (await playPage()).showLocal(root, arg, query);
    else if (page === "edit") {
      // The editor's code (CodeMirror) is fetched the first time it is opened.
      const { showEditor } = await import("./editor.js");
      await showEditor(root, arg ? decodeURIComponent(arg) : undefined);
    }
    else await showLibrary(root);
  } catch (e) {
    root.replaceChildren(el("p", { class: "error" }, (e as Error).message));
  }
}

window.addEventListener("hashchange", () => void route());
void route();
