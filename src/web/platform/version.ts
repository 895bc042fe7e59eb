/**
 * The package's version in the browser bundle, in place of src/library/version.ts (which reads
 * package.json from disk): the bundler defines LUDEX_VERSION. See tools/build-web.ts.
 */
declare const LUDEX_VERSION: string;

export function ludexVersion(): string {
  return typeof LUDEX_VERSION === "string" ? LUDEX_VERSION : "0.0.0";
}
