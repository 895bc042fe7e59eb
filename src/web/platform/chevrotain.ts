/**
 * Chevrotain for the browser bundle, in place of src/lang/chevrotain.ts (which finds the package's
 * single-file build on disk, as Node wants). The bundler swaps the module; see tools/build-web.ts.
 */
export { CstParser, EOF, Lexer, createSyntaxDiagramsCode, createToken } from "chevrotain";
export type { CstElement, CstNode, IParserErrorMessageProvider, IRecognitionException, IToken, TokenType } from "chevrotain";
