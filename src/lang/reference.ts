/**
 * The generated files of grammar/: the JSON Schema, the ludeme reference (Markdown) and the
 * Chevrotain syntax diagrams. `npm run generate` writes them; a test keeps them in step.
 */
import { describeType, signature } from "./bind.js";
import { catalog, categoryInfo, type Category } from "./catalog.js";
import { syntaxDiagramsHtml } from "./diagrams.js";
import { generateSchema } from "./schema.js";

export function ludemesMarkdown(): string {
  const out: string[] = [
    "# Ludex ludeme reference",
    "",
    "Generated from `src/lang/catalog.ts` by `npm run generate`; do not edit by hand.",
    "",
    "A description is a tree of forms `(name arg ... key:value ...)`, lists `{...}`, strings, numbers and",
    "identifiers. Positional arguments fill the parameters in the order shown; `[...]` marks optional ones,",
    "`key:` named-only ones, and `...` a parameter that takes all remaining positional arguments. Ludii-style",
    "sections are accepted for any parameter: `(equipment {...})`, `(play ...)`, `(end {...})`.",
    "",
    "Besides ludemes: `(define name body)` macros with `#1`, `#2` parameters, called as `(name a b)`;",
    '`(option name default:v [min:] [max:] [values:{...}] [doc:"..."])` declared options, read as `$name` and set with',
    '`--option name=value`; `(extends "base.game")` to build a variant on another file, overriding its',
    "defines, options and sections.",
    "",
  ];
  for (const c of Object.keys(categoryInfo) as Category[]) {
    const info = categoryInfo[c];
    out.push(`## ${c}`, "", info.doc + (info.atomDoc ? ` Also accepts ${info.atomDoc}.` : ""), "");
    for (const l of catalog.filter((x) => x.category === c)) {
      out.push(`### \`${l.name}\``, "", "```", signature(l), "```", "", l.doc, "");
      if (l.params.length) {
        out.push("| parameter | type | |", "|---|---|---|");
        for (const p of l.params) {
          const flags = [p.optional ? "optional" : "", p.namedOnly ? "named" : "", p.rest ? "variadic" : "", p.default !== undefined ? `default \`${p.default}\`` : ""].filter(Boolean).join(", ");
          out.push(`| \`${p.name}\` | ${describeType(p.type).replace(/\|/g, "\\|")} | ${p.doc}${flags ? ` (${flags})` : ""} |`);
        }
        out.push("");
      }
      out.push(`Example: \`${l.example}\``, "");
    }
  }
  return out.join("\n");
}

export function schemaJson(): string {
  return JSON.stringify(generateSchema(), null, 2) + "\n";
}

/** Every generated file, by path relative to the project root. */
export function generatedFiles(): Record<string, string> {
  return {
    "grammar/game.schema.json": schemaJson(),
    "grammar/ludemes.md": ludemesMarkdown(),
    "grammar/syntax-diagrams.html": syntaxDiagramsHtml(),
  };
}
