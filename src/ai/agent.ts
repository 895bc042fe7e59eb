/**
 * The agent interface. An agent plays one seat: it sees only that seat's observation and the
 * legal moves (public API only, never the true state when pieces are hidden), and owns a seeded
 * random generator, so the same seed gives the same choices.
 */
import type { Game } from "../engine/game.js";
import type { Move } from "../engine/moves.js";
import type { State } from "../engine/state.js";

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

/** Reads parameters, reporting unknown ones and bad values. */
export class SpecReader {
  private readonly used = new Set<string>();
  constructor(
    private readonly spec: string,
    private readonly params: Map<string, string>,
  ) {}

  number(name: string, fallback: number, min = -Infinity): number {
    const raw = this.params.get(name);
    this.used.add(name);
    if (raw === undefined) return fallback;
    const v = Number(raw);
    if (!Number.isFinite(v) || v < min) throw new AgentSpecError(`${name}=${raw} in '${this.spec}' must be a number >= ${min}`);
    return v;
  }

  /** A duration: `2s`, `500ms`, `1.5` (seconds); returns milliseconds, or undefined. */
  duration(name: string): number | undefined {
    const raw = this.params.get(name);
    this.used.add(name);
    if (raw === undefined) return undefined;
    const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(raw);
    if (!m) throw new AgentSpecError(`${name}=${raw} in '${this.spec}' is not a duration (e.g. 2s, 500ms)`);
    return m[2] === "ms" ? Number(m[1]) : Number(m[1]) * 1000;
  }

  /** Call last: unknown parameters are errors, never silently ignored. */
  done(known: string[]): void {
    for (const k of this.params.keys()) {
      if (!this.used.has(k)) throw new AgentSpecError(`'${this.spec}' has no parameter '${k}' (known: ${known.join(", ") || "none"})`);
    }
  }
}
