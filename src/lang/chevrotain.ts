/**
 * Chevrotain, loaded from its single-file build. The package's entry point (`lib/src/api.js`)
 * is some seven hundred ES modules (with lodash-es), which Node takes about half a second to
 * resolve and load, longer than everything else `ludex validate` does; the same version ships
 * bundled as one file, `lib/chevrotain.mjs`, which loads in a tenth of that time. The package's
 * exports do not name that file, so it is found beside the entry point; should a later version
 * move it, the entry point is used: slower, same behaviour.
 *
 * The lexer, the parser and the syntax diagrams import Chevrotain from here only, so that a
 * single copy is loaded (token types and parsers must come from the same one).
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

type Chevrotain = typeof import("chevrotain");

async function loadChevrotain(): Promise<Chevrotain> {
  let bundle: string | undefined;
  try {
    bundle = join(dirname(createRequire(import.meta.url).resolve("chevrotain")), "..", "chevrotain.mjs");
  } catch {
    // Not resolvable as CommonJS: the import below reports the real problem, if any.
  }
  if (bundle && existsSync(bundle)) return (await import(pathToFileURL(bundle).href)) as Chevrotain;
  return import("chevrotain");
}

const chevrotain = await loadChevrotain();

export const { CstParser, EOF, Lexer, createSyntaxDiagramsCode, createToken } = chevrotain;
/** The lexer's instance type (the value above is its class). */
export type Lexer = import("chevrotain").Lexer;
export type { CstElement, CstNode, IParserErrorMessageProvider, IRecognitionException, IToken, TokenType } from "chevrotain";
