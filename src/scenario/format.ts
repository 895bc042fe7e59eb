/**
 * The scenario file format (`ludex-scenarios/1`, see ../shared/scenarios/README.md) as a JSON
 * Schema, checked with ajv before anything runs so that a malformed file gets a clear message.
 */
import { Ajv, type ErrorObject } from "ajv";
import type { Position } from "../engine/state/position.js";
import { nestedTooDeep, ProblemList, shown } from "../library/untrusted.js";
import { MAX_JSON_DEPTH } from "../limits.js";

export interface ActionSpec {
  kind: string;
  from?: string;
  to?: string;
  count?: number;
  piece?: string;
  /** The type a move that promotes as part of the move makes its piece (`Move.promotion`). */
  promotion?: string;
  path?: string[];
  /** A throw of the dice (kind `roll`): what each die shows, in die order. */
  dice?: number[];
}

export type ResultSpec = "ongoing" | "draw" | { winner: string } | { winners: string[] };

export interface Then {
  sites?: Record<string, Position["sites"] extends Record<string, infer P> | undefined ? P | null : never>;
  board?: NonNullable<Position["sites"]>;
  mover?: string;
  actionInTurn?: number;
  actionsInTurn?: number;
  supply?: Record<string, number>;
  scores?: Record<string, number>;
  counters?: Record<string, number>;
  markers?: Record<string, Record<string, string[]>>;
  result?: ResultSpec;
  /** In games with dice: whether the dice are to be thrown before the next decision. */
  throwDue?: boolean;
  /** In games with dice: the moves each die still allows this turn. */
  diceLeft?: number[];
}

export type Step =
  | { action: ActionSpec; expect: "legal" | "illegal"; then?: Then }
  | { legal: { includes?: ActionSpec[]; excludes?: ActionSpec[]; exactly?: ActionSpec[] } };

export interface Scenario {
  id: string;
  about?: string;
  source?: string;
  position?: Position;
  steps: Step[];
}

export interface ScenarioFile {
  format: "ludex-scenarios/1";
  game: string;
  options?: Record<string, string | number | boolean>;
  scenarios: Scenario[];
}

const action = {
  type: "object",
  required: ["kind"],
  additionalProperties: false,
  properties: {
    kind: { type: "string" },
    from: { type: "string" },
    to: { type: "string" },
    count: { type: "integer" },
    piece: { type: "string" },
    promotion: { type: "string" },
    path: { type: "array", items: { type: "string" } },
    dice: { type: "array", items: { type: "integer" } },
  },
};
const piece = {
  type: "object",
  required: ["piece"],
  additionalProperties: false,
  properties: {
    owner: { type: "string" },
    piece: { type: "string" },
    height: { type: "integer" },
    flags: { type: "array", items: { type: "string" } },
    below: { type: "array", items: { type: "object", required: ["piece"], additionalProperties: false, properties: { owner: { type: "string" }, piece: { type: "string" } } } },
  },
};
const perPlayer = { type: "object", additionalProperties: { type: "integer" } };
const markers = { type: "object", additionalProperties: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } } };
const result = {
  anyOf: [
    { enum: ["ongoing", "draw"] },
    { type: "object", required: ["winner"], additionalProperties: false, properties: { winner: { type: "string" } } },
    { type: "object", required: ["winners"], additionalProperties: false, properties: { winners: { type: "array", items: { type: "string" } } } },
  ],
};
const then = {
  type: "object",
  additionalProperties: false,
  properties: {
    sites: { type: "object", additionalProperties: { anyOf: [{ type: "null" }, piece] } },
    board: { type: "object", additionalProperties: piece },
    mover: { type: "string" },
    actionInTurn: { type: "integer" },
    actionsInTurn: { type: "integer" },
    supply: perPlayer,
    scores: perPlayer,
    counters: perPlayer,
    markers,
    result,
    throwDue: { type: "boolean" },
    diceLeft: { type: "array", items: { type: "integer" } },
  },
};

export const scenarioFileSchema = {
  type: "object",
  required: ["format", "game", "scenarios"],
  additionalProperties: false,
  properties: {
    format: { const: "ludex-scenarios/1" },
    game: { type: "string", minLength: 1 },
    options: { type: "object", additionalProperties: { type: ["string", "number", "boolean"] } },
    scenarios: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "steps"],
        additionalProperties: false,
        properties: {
          id: { type: "string" },
          about: { type: "string" },
          source: { type: "string" },
          // Positions are checked against the game when loaded (labels, pieces, players).
          position: { type: "object" },
          steps: {
            type: "array",
            items: {
              anyOf: [
                {
                  type: "object",
                  required: ["action", "expect"],
                  additionalProperties: false,
                  properties: { action, expect: { enum: ["legal", "illegal"] }, then },
                },
                {
                  type: "object",
                  required: ["legal"],
                  additionalProperties: false,
                  properties: {
                    legal: {
                      type: "object",
                      additionalProperties: false,
                      properties: { includes: { type: "array", items: action }, excludes: { type: "array", items: action }, exactly: { type: "array", items: action } },
                    },
                  },
                },
              ],
            },
          },
        },
      },
    },
  },
};

const validate = new Ajv({ allErrors: true, strict: false }).compile(scenarioFileSchema);

/** Checks a parsed scenario file; returns readable problems (empty when valid). */
export function checkScenarioFile(data: unknown): string[] {
  const deep = nestedTooDeep(data, "");
  if (deep) return [`${deep || "(top level)"}: nested deeper than ${MAX_JSON_DEPTH} levels (a scenario file's own fields nest at most 9)`];
  if (validate(data)) return [];
  const problems = new ProblemList();
  for (const p of dedupe((validate.errors ?? []).filter((e) => e.keyword !== "anyOf").map(describe))) problems.push(p);
  return problems.lines();
}

function describe(e: ErrorObject): string {
  const where = e.instancePath ? shown(e.instancePath.slice(1).replace(/\//g, "."), 200) : "(top level)";
  if (e.keyword === "additionalProperties") return `${where}: unknown field '${shown((e.params as { additionalProperty: string }).additionalProperty)}'`;
  if (e.keyword === "required") return `${where}: missing field '${(e.params as { missingProperty: string }).missingProperty}'`;
  if (e.keyword === "const") return `${where}: must be "ludex-scenarios/1"`;
  return `${where}: ${e.message}`;
}

function dedupe(list: string[]): string[] {
  return [...new Set(list)];
}
