/**
 * Generates the JSON Schema of the bound IR from the catalog (grammar/game.schema.json), and
 * validates IR with ajv, turning ajv's errors into diagnostics at the source text.
 *
 * Compiling the schema with ajv takes a good part of a second, which every `ludex validate` would
 * pay. The build therefore writes ajv's standalone code for it next to this module
 * (`schema-validator.cjs`, by src/tools/build-validator.ts), stamped with a fingerprint of the
 * schema. The prebuilt validator is used when its fingerprint matches the schema generated from
 * the catalog now; otherwise (run from sources, or the catalog changed since the last build) the
 * schema is compiled at run time, slower but never stale.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { ErrorObject } from "ajv";
import type { Span } from "./ast.js";
import { describeType, signature, type Json } from "./bind.js";
import { catalog, categoryInfo, otherReading, type ArgType, type Category, type LudemeSpec } from "./catalog.js";
import { error, type Diagnostic } from "./diagnostics.js";

type Schema = { [k: string]: unknown };

function typeSchema(t: ArgType): Schema {
  switch (t.t) {
    case "int": {
      const num = { type: "integer", ...(t.min !== undefined ? { minimum: t.min } : {}), ...(t.max !== undefined ? { maximum: t.max } : {}) };
      // One schema, not anyOf (whose every branch would report): minimum binds numbers only, pattern strings only.
      return t.words ? { ...num, type: ["integer", "string"], pattern: `^(${t.words.join("|")})$` } : num;
    }
    case "count-range": {
      const low = { type: "integer", ...(t.min !== undefined ? { minimum: t.min } : {}) };
      const high = t.words ? { ...low, type: ["integer", "string"], pattern: `^(${t.words.join("|")})$` } : low;
      // One schema, as for "int": minimum binds the number, items and their count the list.
      return { type: ["integer", "array"], ...(t.min !== undefined ? { minimum: t.min } : {}), items: [low, high], minItems: 2, maxItems: 2 };
    }
    case "number":
      return { type: "number" };
    case "bool":
      return { type: "boolean" };
    case "string":
      return { type: "string" };
    case "name":
      return { type: "string", minLength: 1 };
    case "enum":
      return { enum: t.values };
    case "list":
      return { type: "array", items: typeSchema(t.of) };
    case "cat": {
      const ref = { $ref: `#/definitions/${t.cat}` };
      if (!t.words) return ref;
      // A category whose atoms take any name (a site's label) already takes the slot's words.
      if ((categoryInfo[t.cat].atoms ?? []).some((a) => a.t === "name")) return ref;
      // A name is one of the slot's words or the category's atoms; anything else is the category's.
      const atoms = (categoryInfo[t.cat].atoms ?? []).flatMap((a) => (a.t === "enum" ? a.values : []));
      return { if: { type: "string" }, then: { enum: [...t.words, ...atoms] }, else: ref };
    }
  }
}

function ludemeSchema(l: LudemeSpec): Schema {
  const properties: Schema = { ludeme: { const: l.name } };
  const required = ["ludeme"];
  for (const p of l.params) {
    const s = typeSchema(p.rest ? { t: "list", of: p.type } : p.type);
    properties[p.name] = { ...s, description: p.doc, ...(p.default !== undefined ? { default: p.default } : {}) };
    if (!p.optional && !p.rest) required.push(p.name);
  }
  return {
    type: "object",
    title: signature(l),
    description: l.doc,
    properties,
    required,
    additionalProperties: l.extraNamed ? typeSchema(l.extraNamed) : false,
  };
}

/** Atoms of a category in IR form (`true`/`false` are bound to booleans). */
function atomSchema(c: Category): Schema | undefined {
  const atoms = categoryInfo[c].atoms;
  if (!atoms) return undefined;
  if (c === "bool") return { type: "boolean" };
  const list = atoms.map(typeSchema);
  return list.length === 1 ? list[0] : { anyOf: list };
}

function categorySchema(c: Category): Schema {
  const ludemes = catalog.filter((l) => l.category === c);
  const objects: Schema = {
    type: "object",
    required: ["ludeme"],
    discriminator: { propertyName: "ludeme" },
    oneOf: ludemes.map(ludemeSchema),
  };
  const atoms = atomSchema(c);
  const description = categoryInfo[c].doc;
  if (!atoms) return { description, ...objects };
  return { description, if: { type: "object" }, then: objects, else: atoms };
}

export function generateSchema(): Schema {
  const definitions: Schema = {};
  for (const c of Object.keys(categoryInfo) as Category[]) definitions[c] = categorySchema(c);
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: "https://ludex.dev/grammar/game.schema.json",
    title: "Ludex game description (bound form)",
    description:
      "A .game file after expansion and binding: every form is an object whose `ludeme` names it and whose other keys are its arguments. Generated from src/lang/catalog.ts; do not edit.",
    $ref: "#/definitions/game",
    definitions,
  };
}

/** ajv's settings for validating IR; the prebuilt validator is generated with the same. */
export const AJV_OPTIONS = { allErrors: true, discriminator: true, strict: false } as const;

/** The name of the prebuilt validator, written by the build next to the compiled schema.js. */
export const PREBUILT_VALIDATOR_FILE = "schema-validator.cjs";

/** A validation function as ajv makes it: true or false, and the errors of the last call. */
export interface IrValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** Where the validator in use came from. */
export type ValidatorOrigin = "prebuilt" | "compiled at run time";

/** Identifies a schema: the prebuilt validator carries the fingerprint of the schema it was made from. */
export function schemaFingerprint(schema: Schema = generateSchema()): string {
  return createHash("sha256").update(JSON.stringify(schema)).digest("hex");
}

/** Compiles the schema with ajv now (ajv is loaded only here: the prebuilt validator does not need it). */
export function compileValidator(schema: Schema = generateSchema()): IrValidator {
  const { Ajv } = createRequire(import.meta.url)("ajv") as typeof import("ajv");
  return new Ajv(AJV_OPTIONS).compile(schema);
}

/**
 * Loads a prebuilt validator module; undefined when the file is missing or was made from another
 * schema than the one with `fingerprint` (a build older than the catalog).
 */
export function loadPrebuiltValidator(path: string, fingerprint: string): IrValidator | undefined {
  if (!existsSync(path)) return undefined;
  const mod = createRequire(import.meta.url)(path) as IrValidator & { schemaFingerprint?: string };
  return mod.schemaFingerprint === fingerprint ? mod : undefined;
}

let current: { validate: IrValidator; origin: ValidatorOrigin } | undefined;

/**
 * Uses this validator from now on, instead of finding one. The browser bundle has no file system:
 * it brings the build's prebuilt validator and hands it over here before compiling anything.
 */
export function useValidator(validate: IrValidator): void {
  current = { validate, origin: "prebuilt" };
}
function getValidator(): IrValidator {
  if (!current) {
    const schema = generateSchema();
    const path = fileURLToPath(new URL(`./${PREBUILT_VALIDATOR_FILE}`, import.meta.url));
    const prebuilt = loadPrebuiltValidator(path, schemaFingerprint(schema));
    current = prebuilt ? { validate: prebuilt, origin: "prebuilt" } : { validate: compileValidator(schema), origin: "compiled at run time" };
  }
  return current.validate;
}

/** Where the validator comes from (loading it if not done yet); tests check the build's is prebuilt. */
export function validatorOrigin(): ValidatorOrigin {
  getValidator();
  return current!.origin;
}

/** Validates bound IR; every problem becomes a diagnostic (code S001) at the source. */
export function validateIr(ir: Json, spans: ReadonlyMap<string, Span>, skip: readonly string[] = []): Diagnostic[] {
  const validate = getValidator();
  if (validate(ir)) return [];
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  const skipped = (path: string) => skip.some((p) => path === p || path.startsWith(p + "/"));
  for (const e of relevant(validate.errors ?? [])) {
    if (skipped(e.instancePath)) continue;
    const d = toDiagnostic(e, ir, spans);
    const key = `${d.span?.startOffset}:${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

/** Drops ajv's follow-on errors (the failed `if` of categories that also accept atoms). */
function relevant(errors: ErrorObject[]): ErrorObject[] {
  // An argument that is a number or a word (`range:any`) failed both: one error, saying what fits.
  const either = errors.filter((e) => e.keyword === "anyOf" && /\/properties\/[^/]+\/anyOf$/.test(e.schemaPath)).map((e) => e.schemaPath + "/");
  const kept = errors.filter((e) => e.keyword !== "if" && !either.some((p) => e.schemaPath.startsWith(p)));
  // A value that fits none of a category's atoms (a site: one of its words, or a label) fails each
  // of them: one error for it, the one that says what would fit (see toDiagnostic's anyOf).
  const valueErrors = new Map<string, number>();
  for (const e of kept) if (VALUE_KEYWORDS.has(e.keyword)) valueErrors.set(e.instancePath, (valueErrors.get(e.instancePath) ?? 0) + 1);
  const told = new Set<string>();
  return kept.flatMap((e) => {
    if (!VALUE_KEYWORDS.has(e.keyword) || valueErrors.get(e.instancePath)! < 2) return [e];
    if (told.has(e.instancePath)) return [];
    told.add(e.instancePath);
    return [{ ...e, keyword: "anyOf" }];
  });
}

/** Keywords of a value that does not fit its slot (as against a missing or unknown argument). */
const VALUE_KEYWORDS = new Set(["enum", "type", "pattern", "minLength", "anyOf"]);

function toDiagnostic(e: ErrorObject, ir: Json, spans: ReadonlyMap<string, Span>): Diagnostic {
  const path = e.instancePath;
  const segs = path.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  const owner = ownerLudeme(ir, segs);
  const argName = owner ? segs[owner.depth] : undefined;
  const where = owner ? `(${owner.spec.name} ...)` : "the description";
  const argText = argName !== undefined ? `argument '${argName}' of ${where}` : where;
  const expectedType = owner && argName ? expectedOf(owner.spec, argName, segs.length - owner.depth - 1) : undefined;
  switch (e.keyword) {
    case "required": {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      const at = spanAt(spans, path);
      const l = ludemeAt(ir, segs);
      return error("S001", `(${l?.name ?? "?"} ...) is missing its argument '${missing}'`, at, l ? signature(l) : undefined);
    }
    case "additionalProperties": {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      const l = ludemeAt(ir, segs);
      return error("S001", `(${l?.name ?? "?"} ...) has no argument '${extra}'`, spanAt(spans, `${path}/${extra}#name`) ?? spanAt(spans, `${path}/${extra}`), l ? signature(l) : undefined);
    }
    case "enum":
      return error("S001", `${argText}: '${String(valueAt(ir, segs))}' is not allowed here`, spanAt(spans, path), `one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => `'${v}'`).join(", ")}`);
    case "anyOf":
      return error("S001", `${argText}: '${String(valueAt(ir, segs))}' is not allowed here`, spanAt(spans, path), expectedType ? describeType(expectedType) : undefined);
    case "minimum":
      return error("S001", `${argText} is too small`, spanAt(spans, path), `a number ${(e.params as { comparison: string }).comparison} ${(e.params as { limit: number }).limit}`);
    case "pattern":
      return error("S001", `${argText}: '${String(valueAt(ir, segs))}' is not allowed here`, spanAt(spans, path), expectedType ? describeType(expectedType) : e.message);
    case "type":
    case "minLength": {
      const value = valueAt(ir, segs);
      // A word where a form or a list belongs: most likely a define named as Ludii names them.
      const rest = owner && argName ? owner.spec.params.find((q) => q.name === argName)?.rest === true : false;
      // The other entry of a shared name (the sow effect, which sows from a site) first.
      const other = owner && argName ? otherReading(owner.spec, argName) : "";
      const hint = other !== "" ? other
        : typeof value === "string" && value !== "" && (expectedType?.t === "list" || expectedType?.t === "cat")
        ? ` -- a define is used as ("${value}")`
        // A list in braces where the arguments go one after another, e.g. (either {(step) (pass)}).
        : Array.isArray(value) && rest && segs.length === owner!.depth + 2
          ? ` -- (${owner!.spec.name} ...) takes them one after another, without braces: (${owner!.spec.name} (a ...) (b ...))`
          : "";
      return error("S001", `${argText} has the wrong type${typeof value === "string" && value !== "" ? `: '${value}' is a word` : ""}`, spanAt(spans, path), (expectedType ? describeType(expectedType) : e.message) + hint);
    }
    default:
      return error("S001", `${argText}: ${e.message ?? "is not valid"}`, spanAt(spans, path), expectedType ? describeType(expectedType) : undefined);
  }
}

/** The innermost ludeme object on the path to an error, and how deep it sits. */
function ownerLudeme(ir: Json, segs: string[]): { spec: LudemeSpec; depth: number } | undefined {
  let node: Json = ir;
  let found: { spec: LudemeSpec; depth: number } | undefined;
  for (let i = 0; i < segs.length; i++) {
    const spec = specOf(node);
    if (spec) found = { spec, depth: i };
    node = child(node, segs[i]!);
  }
  return found;
}

function specOf(node: Json): LudemeSpec | undefined {
  if (node && typeof node === "object" && !Array.isArray(node) && typeof node.ludeme === "string") {
    // Names shared between categories are told apart by their keys; an object with an unknown key
    // (the error being reported) falls back to the first entry of that name.
    return catalog.find((l) => l.name === node.ludeme && matchesKeys(l, node)) ?? catalog.find((l) => l.name === node.ludeme);
  }
  return undefined;
}

/** Picks the catalog entry for a bound object (names shared between categories differ by keys). */
function matchesKeys(l: LudemeSpec, node: { [k: string]: Json }): boolean {
  return Object.keys(node).every((k) => k === "ludeme" || l.params.some((p) => p.name === k) || !!l.extraNamed);
}

function ludemeAt(ir: Json, segs: string[]): LudemeSpec | undefined {
  return specOf(valueAt(ir, segs));
}

function expectedOf(spec: LudemeSpec, arg: string, listDepth: number): ArgType | undefined {
  const p = spec.params.find((q) => q.name === arg);
  let t: ArgType | undefined = p ? (p.rest ? { t: "list", of: p.type } : p.type) : spec.extraNamed;
  for (let i = 0; i < listDepth && t?.t === "list"; i++) t = t.of;
  return t;
}

function child(node: Json, seg: string): Json {
  if (Array.isArray(node)) return node[Number(seg)] ?? null;
  if (node && typeof node === "object") return node[seg] ?? null;
  return null;
}

function valueAt(ir: Json, segs: string[]): Json {
  return segs.reduce<Json>((n, s) => child(n, s), ir);
}

/** The span of the pointer, or of its nearest ancestor that has one. */
function spanAt(spans: ReadonlyMap<string, Span>, ptr: string): Span | undefined {
  let p = ptr;
  for (;;) {
    const s = spans.get(p);
    if (s) return s;
    if (p === "") return undefined;
    p = p.slice(0, p.lastIndexOf("/"));
  }
}
