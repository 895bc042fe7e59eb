/**
 * Railroad (syntax) diagrams of the description language's grammar, as a standalone HTML page.
 * Generated from the parser itself, so they cannot drift from what is actually parsed.
 */
import { createSyntaxDiagramsCode } from "./chevrotain.js";
import { getParser } from "./parser.js";

/** The HTML page (it loads the diagram renderer's scripts from a CDN when opened). */
export function syntaxDiagramsHtml(): string {
  return createSyntaxDiagramsCode(getParser().getSerializedGastProductions());
}
