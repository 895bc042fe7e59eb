/**
 * The prebuilt schema validator (dist/lang/schema-validator.cjs, written by `npm run build` from
 * src/tools/build-validator.ts): it must judge IR exactly as the schema compiled by ajv at run
 * time, the build must use it, and a validator made from another catalog must never be used.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { Json } from "../src/lang/bind.js";
import { bindGame } from "../src/lang/bind.js";
import { expand } from "../src/lang/expand.js";
import { parseText } from "../src/lang/parser.js";
import * as source from "../src/lang/schema.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const builtDir = join(root, "dist", "lang");
const prebuiltPath = join(builtDir, source.PREBUILT_VALIDATOR_FILE);
const REBUILD = "run `npm run build` (tsc, then src/tools/build-validator.ts)";

const tmp = mkdtempSync(join(tmpdir(), "ludex-validator-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The built schema module, as the command line loads it. */
async function builtSchemaModule(): Promise<typeof source> {
  return (await import(pathToFileURL(join(builtDir, "schema.js")).href)) as typeof source;
}

/** The bound IR of a description file (extends resolved from its folder). */
function irOf(file: string): Json {
  const parsed = parseText(readFileSync(file, "utf8"), file);
  const readFile = (path: string, from: string) => {
    const full = resolve(dirname(from), path);
    return existsSync(full) ? { path: full, text: readFileSync(full, "utf8") } : undefined;
  };
  const expanded = expand({ file: parsed.file, readFile });
  expect(expanded.game, file).toBeDefined();
  return bindGame(expanded.game!).ir;
}

const gameFiles = readdirSync(join(root, "games"))
  .filter((f) => f.endsWith(".game"))
  .map((f) => join(root, "games", f));

type Obj = { [k: string]: Json };
const isObject = (v: Json): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every ludeme object of an IR tree, in a fixed order. */
function ludemeObjects(node: Json, found: Obj[] = []): Obj[] {
  if (Array.isArray(node)) for (const x of node) ludemeObjects(x, found);
  else if (isObject(node)) {
    if (typeof node.ludeme === "string") found.push(node);
    for (const v of Object.values(node)) ludemeObjects(v, found);
  }
  return found;
}

/** Ways to break one ludeme object, each a kind of error the schema reports differently. */
const breakages: [string, (o: Obj) => void][] = [
  ["an unknown argument", (o) => (o.bogus = 1)],
  ["a missing argument", (o) => delete o[Object.keys(o).find((k) => k !== "ludeme") ?? "ludeme"]],
  ["an unknown ludeme", (o) => (o.ludeme = "no-such-ludeme")],
  ["a string for every number", (o) => replaceValues(o, (v) => (typeof v === "number" ? "seven" : v))],
  ["a number for every string", (o) => replaceValues(o, (v) => (typeof v === "string" ? 7 : v))],
  ["a negative number for every number", (o) => replaceValues(o, (v) => (typeof v === "number" ? -5 : v))],
  ["an object for every list", (o) => replaceValues(o, (v) => (Array.isArray(v) ? { ludeme: "x" } : v))],
];

function replaceValues(o: Obj, f: (v: Json) => Json): void {
  for (const k of Object.keys(o)) if (k !== "ludeme") o[k] = f(o[k]!);
}

/** Broken copies of an IR: each breakage applied to a spread of its ludeme objects (deterministic). */
function brokenCopies(ir: Json): { label: string; ir: Json }[] {
  const count = ludemeObjects(ir).length;
  const out: { label: string; ir: Json }[] = [];
  for (let i = 0; i < count; i += Math.max(1, Math.floor(count / 12))) {
    for (const [label, breakIt] of breakages) {
      const copy = structuredClone(ir);
      breakIt(ludemeObjects(copy)[i]!);
      out.push({ label: `${label} at ludeme #${i}`, ir: copy });
    }
  }
  return out;
}

describe("the prebuilt schema validator", () => {
  it("is written by the build and used by it (it matches the catalog compiled into dist)", async () => {
    expect(existsSync(prebuiltPath), `${prebuiltPath} is missing: ${REBUILD}`).toBe(true);
    const built = await builtSchemaModule();
    expect(built.validatorOrigin(), `the built schema.js does not use ${prebuiltPath}: it is older than the catalog; ${REBUILD}`).toBe("prebuilt");
  });

  it("is made from the catalog of the sources (not from an older one)", () => {
    const prebuilt = createRequire(import.meta.url)(prebuiltPath) as { schemaFingerprint: string };
    expect(prebuilt.schemaFingerprint, `${prebuiltPath} was made from another catalog than src/lang/catalog.ts: ${REBUILD}`).toBe(source.schemaFingerprint());
  });

  it("agrees with the schema compiled at run time on every game and on broken copies of them", async () => {
    const built = await builtSchemaModule();
    const prebuilt = built.loadPrebuiltValidator(prebuiltPath, built.schemaFingerprint());
    expect(prebuilt, REBUILD).toBeDefined();
    const compiled = built.compileValidator();
    let invalid = 0;
    for (const file of gameFiles) {
      const ir = irOf(file);
      expect(compiled(ir), `${file}: ${JSON.stringify(compiled.errors)}`).toBe(true);
      expect(prebuilt!(ir), file).toBe(true);
      for (const broken of brokenCopies(ir)) {
        const what = `${file}, ${broken.label}`;
        const verdict = compiled(broken.ir);
        expect(prebuilt!(broken.ir), what).toBe(verdict);
        expect(prebuilt!.errors ?? null, what).toEqual(compiled.errors ?? null);
        if (!verdict) invalid++;
      }
    }
    // The broken copies must really exercise the errors (the comparison above is not vacuous).
    expect(invalid).toBeGreaterThan(gameFiles.length * breakages.length);
  });

  it("a validator file made from another schema is refused, a missing one too", () => {
    const fingerprint = source.schemaFingerprint();
    const write = (name: string, stamp: string) => {
      const path = join(tmp, name);
      writeFileSync(path, `module.exports = function validate() { return true; };\nmodule.exports.schemaFingerprint = ${JSON.stringify(stamp)};\n`);
      return path;
    };
    expect(source.loadPrebuiltValidator(write("current.cjs", fingerprint), fingerprint)).toBeTypeOf("function");
    expect(source.loadPrebuiltValidator(write("older.cjs", "0".repeat(64)), fingerprint)).toBeUndefined();
    expect(source.loadPrebuiltValidator(join(tmp, "absent.cjs"), fingerprint)).toBeUndefined();
  });

  it("the fingerprint follows the catalog: an added argument changes it", () => {
    const schema = source.generateSchema();
    const changed = structuredClone(schema) as { definitions: { [c: string]: { then?: { oneOf: { properties: object }[] }; oneOf?: { properties: object }[] } } };
    const someLudeme = Object.values(changed.definitions)
      .flatMap((d) => d.oneOf ?? d.then?.oneOf ?? [])
      .find((l) => "properties" in l);
    expect(someLudeme).toBeDefined();
    (someLudeme!.properties as { [k: string]: unknown }).addedAttribute = { type: "integer" };
    expect(source.schemaFingerprint(changed)).not.toBe(source.schemaFingerprint(schema));
    expect(source.schemaFingerprint(structuredClone(schema))).toBe(source.schemaFingerprint(schema));
  });

  it("run from the sources (no prebuilt file beside them), validation compiles the schema itself", () => {
    expect(existsSync(join(root, "src", "lang", source.PREBUILT_VALIDATOR_FILE))).toBe(false);
    expect(source.validatorOrigin()).toBe("compiled at run time");
  });
});
