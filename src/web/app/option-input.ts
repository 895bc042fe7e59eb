/** The field for one option a description declares: a selector of its values (or yes/no), else a text field. */
import type { CompileResult } from "../../compile/index.js";
import { el } from "./dom.js";

export function optionInput(o: CompileResult["options"][number], value: string): HTMLSelectElement | HTMLInputElement {
  const values = o.values ?? (typeof o.default === "boolean" ? [false, true] : undefined);
  const about: Record<string, string> = o.doc ? { title: o.doc } : {};
  if (!values) return el("input", { name: o.name, value, size: "6", ...about });
  return el("select", { name: o.name, ...about }, ...values.map((v) => el("option", String(v) === value ? { value: String(v), selected: "" } : { value: String(v) }, String(v))));
}
