/**
 * The browser app's entry: hands the compiler its prebuilt schema validator (there is no file
 * system to find it on), then shows the page the address names: `#/` the library,
 * `#/play/NAME[?GAME]` a game of the library, `#/local/ID[?GAME]` a description from this
 * computer, `#/edit[/NAME]` the editor. GAME keeps the game played (see session.ts).
 */
import validate from "ludex:validator";
import { useValidator } from "../../lang/schema.js";
import { el } from "./dom.js";
import { showLibrary } from "./library.js";
import { closeTables, showLocal, showPlay } from "./play.js";

useValidator(validate);

async function route(): Promise<void> {
  const root = document.getElementById("app")!;
  const [path = "", query = ""] = location.hash.split(/\?(.*)/s);
  const [, page, arg] = path.split("/");
  closeTables();
  try {
    if (page === "play" && arg) await showPlay(root, decodeURIComponent(arg), query);
    else if (page === "local" && arg) await showLocal(root, arg, query);
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
