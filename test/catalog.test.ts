import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import { compiledLudemes } from "../src/compile/index.js";
import { bindGame, type Json } from "../src/lang/bind.js";
import { catalog, categoryInfo, findLudeme, ludemeKey, type Category } from "../src/lang/catalog.js";
import { expand } from "../src/lang/expand.js";
import { parseText } from "../src/lang/parser.js";
import { generateSchema, validateIr } from "../src/lang/schema.js";

const root = fileURLToPath(new URL("../", import.meta.url));
const dablotPath = `${root}games/dablot.game`;

/** parse -> expand -> bind, asserting each stage is clean. */
function boundIr(text: string, file: string, options?: Record<string, string>) {
  const parsed = parseText(text, file);
  expect(parsed.diagnostics).toEqual([]);
  const expanded = expand({ file: parsed.file, options });
  expect(expanded.diagnostics).toEqual([]);
  const bound = bindGame(expanded.game!);
  expect(bound.diagnostics).toEqual([]);
  return bound;
}

function makeValidator() {
  return new Ajv({ discriminator: true, strict: false }).compile(generateSchema());
}

describe("the ludeme catalog", () => {
  it("documents every entry, every parameter and every category", () => {
    expect(catalog.length).toBeGreaterThan(30);
    for (const l of catalog) {
      expect(l.doc.trim().length, `${l.name} doc`).toBeGreaterThan(5);
      expect(l.example.trim().length, `${l.name} example`).toBeGreaterThan(0);
      expect(Object.keys(categoryInfo), `${l.name} category`).toContain(l.category);
      for (const p of l.params) expect(p.doc.trim().length, `${l.name}.${p.name} doc`).toBeGreaterThan(0);
    }
    for (const [c, info] of Object.entries(categoryInfo)) expect(info.doc.trim().length, c).toBeGreaterThan(0);
  });

  it("has one entry per (name, category) and unique parameter names", () => {
    const keys = catalog.map((l) => `${l.name}@${l.category}`);
    expect(new Set(keys).size).toBe(keys.length);
    const stable = catalog.map(ludemeKey);
    expect(new Set(stable).size).toBe(stable.length);
    for (const l of catalog) {
      const names = l.params.map((p) => p.name);
      expect(new Set(names).size, l.name).toBe(names.length);
      expect(names, l.name).not.toContain("ludeme");
      // at most one rest parameter, and it is positional
      expect(l.params.filter((p) => p.rest).length, l.name).toBeLessThanOrEqual(1);
      for (const p of l.params) if (p.rest) expect(p.namedOnly, `${l.name}.${p.name}`).toBeFalsy();
    }
  });

  it("has every category reachable by some ludeme", () => {
    const cats = new Set(catalog.map((l) => l.category));
    for (const c of Object.keys(categoryInfo)) expect(cats.has(c as Category), c).toBe(true);
  });

  it("tells the two `counter` entries apart by category", () => {
    expect(findLudeme("counter", "item")?.category).toBe("item");
    expect(findLudeme("counter", "int")?.category).toBe("int");
    expect(ludemeKey(findLudeme("counter", "int")!)).toBe("counter@int");
    expect(ludemeKey(findLudeme("step")!)).toBe("step");
    expect(findLudeme("no-such-ludeme")).toBeUndefined();
  });

  it("is one-to-one with the compiler's builders", () => {
    const fromCatalog = catalog.map((l) => `${l.name}@${l.category}`).sort();
    const compiled = compiledLudemes().map(([n, c]) => `${n}@${c}`);
    expect(new Set(compiled).size).toBe(compiled.length);
    expect([...compiled].sort()).toEqual(fromCatalog);
  });

  it("has examples that parse, as one form headed by the ludeme's name", () => {
    for (const l of catalog) {
      // Examples of the big structural forms elide their contents with `...` (`{...}`, `(rules ...)`),
      // which is documentation, not syntax: drop the elisions before parsing.
      const text = l.example.replace(/\{\.\.\.\}/g, "{}").replace(/\s\.\.\.\)/g, ")");
      expect(text, `${l.name}: unexplained '...' in the example`).not.toContain("...");
      const r = parseText(text, `example:${l.name}`);
      const errors = r.diagnostics.filter((d) => /^[LP]/.test(d.code));
      expect(errors, `${l.name}: ${l.example}`).toEqual([]);
      expect(r.file.items, l.name).toHaveLength(1);
      const item = r.file.items[0]!;
      expect(item.kind, l.name).toBe("form");
      if (item.kind === "form") expect(item.head, l.example).toBe(l.name);
    }
  });

  it("has examples whose named arguments are parameters of the ludeme", () => {
    for (const l of catalog) {
      const r = parseText(l.example.replace(/\{\.\.\.\}/g, "{}").replace(/\s\.\.\.\)/g, ")"), "x");
      const item = r.file.items[0];
      if (item?.kind !== "form") continue;
      for (const a of item.args) {
        if (a.name === undefined) continue;
        const known = l.params.some((p) => p.name === a.name) || !!l.extraNamed;
        expect(known, `${l.name}: ${a.name}:`).toBe(true);
      }
    }
  });
});

describe("the generated JSON Schema", () => {
  it("compiles with ajv and has a definition per category", () => {
    const schema = generateSchema();
    const defs = schema.definitions as Record<string, unknown>;
    expect(Object.keys(defs).sort()).toEqual(Object.keys(categoryInfo).sort());
    expect(schema.$ref).toBe("#/definitions/game");
    expect(() => makeValidator()).not.toThrow();
  });

  it("accepts the bound IR of games/dablot.game", () => {
    const text = readFileSync(dablotPath, "utf8");
    for (const options of [undefined, { quietDraw: "100" }]) {
      const bound = boundIr(text, dablotPath, options);
      const validate = makeValidator();
      const ok = validate(bound.ir);
      expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
      expect(ok).toBe(true);
      expect(validateIr(bound.ir, bound.spans)).toEqual([]);
    }
  });

  it("binds dablot into the expected IR shape", () => {
    const bound = boundIr(readFileSync(dablotPath, "utf8"), dablotPath);
    const ir = bound.ir as { [k: string]: Json };
    expect(ir.ludeme).toBe("game");
    expect(ir.name).toBe("Dablot");
    expect(ir.players).toEqual({ ludeme: "players", count: 2, names: ["South", "North"] });
    const equipment = ir.equipment as Json[];
    expect(equipment[0]).toEqual({ ludeme: "board", shape: { ludeme: "square", cols: 6, rows: 7, diagonals: "centres" } });
    expect(equipment[1]).toEqual({ ludeme: "piece", name: "soldier", rank: 1 });
    expect(equipment[4]).toEqual({ ludeme: "counter", name: "quiet" });
    const rules = ir.rules as { [k: string]: Json };
    expect((rules.start as Json[]).length).toBe(6);
    expect((rules.play as { [k: string]: Json }).ludeme).toBe("priority");
    expect((rules.end as Json[]).length).toBe(3);
    // spans point back at the text
    const span = bound.spans.get("/equipment/0/shape");
    expect(span?.line).toBe(18);
  });

  it("rejects IR that breaks the catalog's types", () => {
    const validate = makeValidator();
    const text = readFileSync(dablotPath, "utf8");
    const mutate = (f: (ir: any) => void) => {
      const ir = structuredClone(boundIr(text, dablotPath).ir) as any;
      f(ir);
      return validate(ir);
    };
    expect(mutate(() => {})).toBe(true);
    expect(mutate((ir) => (ir.equipment[0].shape.cols = "six"))).toBe(false);
    expect(mutate((ir) => delete ir.equipment[0].shape.rows)).toBe(false);
    expect(mutate((ir) => (ir.equipment[0].shape.diagonals = "some"))).toBe(false);
    expect(mutate((ir) => (ir.equipment[0].shape.foo = 1))).toBe(false);
    expect(mutate((ir) => (ir.players.count = 0))).toBe(false);
    expect(mutate((ir) => (ir.rules.play = { ludeme: "empty", site: "to" }))).toBe(false);
    expect(mutate((ir) => (ir.rules.end[2].outcome = "tie"))).toBe(false);
    expect(mutate((ir) => (ir.equipment[1].rank = "high"))).toBe(false);
    // atoms the categories allow
    expect(mutate((ir) => (ir.rules.end[0].cond = true))).toBe(true);
    expect(mutate((ir) => (ir.rules.end[0].outcome = "draw"))).toBe(true);
  });
});
