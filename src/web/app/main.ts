/**
 * The browser app's entry: hands the compiler its prebuilt schema validator (there is no file
 * system to find it on), then shows the page the address names: `#/` the library,
 * `#/play/NAME` a game, `#/edit[/NAME]` the editor.
 */
import validate from "ludex:validator";
import { useValidator } from "../../lang/schema.js";
import { el } from "./dom.js";
import { showLibrary } from "./library.js";
import { closeTables, showPlay } from "./play.js";

useValidator(validate);

async function route(): Promise<void> {
  const root = document.getElementById("app")!;
  const [, page, arg] = location.hash.split("/");
  closeTables();
  try {
    if (page === "play" && arg) await showPlay(root, decodeURIComponent(arg));
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
