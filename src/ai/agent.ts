/**
 * The agent interface. An agent plays one seat: it sees only that seat's observation and the
 * legal moves (public API only, never the true state when pieces are hidden), and owns a seeded
 * random generator, so the same seed gives the same choices.
 */
import type { Game } from "../engine/play/game.js";
import type { Move } from "../engine/moves/moves.js";
import type { State } from "../engine/state/state.js";

export interface Agent {
  /** The spec it was made from, e.g. `mcts:iterations=2000,c=1.4`. */
  readonly name: string;
  /** Picks one of `legal` (the legal moves of the player to act, whose observation this is). */
  choose(game: Game, observation: State, legal: Move[]): Move;
  /** One line about the last decision (iterations, best move, estimate), when there is one. */
  lastInfo?(): string | undefined;
}

/** A bad agent spec; the message says what would be valid. */
export class AgentSpecError extends Error {}

/** Spec parameters: `mcts:iterations=2000,c=1.4` -> {iterations: "2000", c: "1.4"}. */
export function parseSpec(spec: string): { kind: string; params: Map<string, string> } {
  const [kind, rest] = spec.split(/:(.*)/s, 2) as [string, string | undefined];
  const params = new Map<string, string>();
  for (const part of (rest ?? "").split(",").filter((p) => p.trim())) {
    const m = /^\s*([a-zA-Z]+)\s*=\s*(\S+)\s*$/.exec(part);
    if (!m) throw new AgentSpecError(`'${part}' in '${spec}' is not name=value`);
    params.set(m[1]!, m[2]!);
  }
  return { kind: kind.trim(), params };
}

/**
 * What to do with a value beyond its bound: refuse it (a spec a person typed, who can type
 * another) or cap it to the bound (a spec read from a record, which should still load).
 */
export type BeyondBound = "refuse" | "cap";

/** The most a parameter may be, and what it counts, for messages. */
export interface Bound {
  /** In the unit the reader returns (milliseconds for a duration). */
  max: number;
  /** The most as a spec writes it: `10000000`, `3600s`. */
  shown: string;
  /** What the number counts: `iterations a decision`. */
  unit: string;
}

/** A parameter whose value was beyond its bound, capped to it. */
export interface Cap {
  param: string;
  /** The value as the spec gave it. */
  given: string;
  bound: Bound;
}

/** `at most 10000000 iterations a decision`. */
export function boundText(bound: Bound): string {
  return `at most ${bound.shown} ${bound.unit}`;
}

/**
 * Reads a spec's parameters, reporting unknown ones and bad values; a value beyond its bound is
 * refused or capped (see BeyondBound), and the caps are kept to rebuild the spec.
 */
export class SpecReader {
  readonly kind: string;
  /** Values beyond their bounds, capped (only when reading with "cap"). */
  readonly capped: Cap[] = [];
  private readonly params: Map<string, string>;
  private readonly used = new Set<string>();

  constructor(
    private readonly spec: string,
    private readonly beyond: BeyondBound = "refuse",
  ) {
    ({ kind: this.kind, params: this.params } = parseSpec(spec));
  }

  has(name: string): boolean {
    return this.params.has(name);
  }

  number(name: string, fallback: number, min = -Infinity, bound?: Bound): number {
    const raw = this.take(name);
    if (raw === undefined) return fallback;
    const v = Number(raw);
    if (!Number.isFinite(v) || v < min) throw new AgentSpecError(`${name}=${raw} in '${this.spec}' must be a number >= ${min}`);
    return this.within(name, raw, v, bound);
  }

  /** A count (iterations, plies): a whole number, so `iterations=2.5` is a mistake, not 2. */
  whole(name: string, fallback: number, min: number, bound: Bound): number {
    const raw = this.take(name);
    if (raw === undefined) return fallback;
    const v = Number(raw);
    if (!Number.isInteger(v) || v < min) throw new AgentSpecError(`${name}=${raw} in '${this.spec}' must be a whole number >= ${min}`);
    return this.within(name, raw, v, bound);
  }

  /** A duration above 0: `2s`, `500ms`, `1.5` (seconds); returns milliseconds, or undefined. */
  duration(name: string, bound: Bound): number | undefined {
    const raw = this.take(name);
    if (raw === undefined) return undefined;
    const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(raw);
    if (!m) throw new AgentSpecError(`${name}=${raw} in '${this.spec}' is not a duration (e.g. 2s, 500ms)`);
    const ms = m[2] === "ms" ? Number(m[1]) : Number(m[1]) * 1000;
    // A time of 0 is a slip, not a budget: the agent would stop at its first look at the clock.
    if (ms === 0) throw new AgentSpecError(`${name}=${raw} in '${this.spec}' must be above 0 (e.g. 2s, 500ms)`);
    return this.within(name, raw, ms, bound);
  }

  /** Call last: unknown parameters are errors, never silently ignored. */
  done(known: string[]): void {
    for (const k of this.params.keys()) {
      if (!this.used.has(k)) throw new AgentSpecError(`'${this.spec}' has no parameter '${k}' (known: ${known.join(", ") || "none"})`);
    }
  }

  /** The spec with each capped value at its bound; the spec as given when nothing was capped. */
  cappedSpec(): string {
    if (!this.capped.length) return this.spec;
    return `${this.kind}:${[...this.params].map(([k, v]) => `${k}=${v}`).join(",")}`;
  }

  private take(name: string): string | undefined {
    this.used.add(name);
    return this.params.get(name);
  }

  /** `value`, or its bound: refused, or capped and noted, as the reader was asked. */
  private within(name: string, raw: string, value: number, bound: Bound | undefined): number {
    if (!bound || value <= bound.max) return value;
    if (this.beyond === "refuse") throw new AgentSpecError(`${name}=${raw} in '${this.spec}' is above the most, ${bound.shown} ${bound.unit}`);
    this.capped.push({ param: name, given: raw, bound });
    this.params.set(name, bound.shown);
    return bound.max;
  }
}
