/**
 * Play in phases, each seat in its own (Ludii's per-player phases): a seat's moves are those of the
 * phase it is in, and a move of a phase may move its seat (or every seat) on to another. The phase
 * of each seat is a word of rule memory, so copies, positions and hashes carry it.
 */
import { UNKNOWN, type Ctx, type Effect, type MoveSource, type Pred, type SampleResult } from "./rules.js";
import type { MoveBuffer } from "../moves/moves.js";
import type { State } from "../state/state.js";
import { anyMove } from "../moves/generators.js";

export class PhasesSource implements MoveSource {
  readonly canSample: boolean;
  readonly parts: readonly MoveSource[];

  constructor(
    private readonly phases: readonly MoveSource[],
    /** The first of the words holding each seat's phase (seat order). */
    private readonly word: number,
  ) {
    this.parts = phases;
    this.canSample = phases.some((p) => p.sample !== undefined && (p as { canSample?: boolean }).canSample !== false);
  }

  private current(s: State, c: Ctx): MoveSource {
    return this.phases[s.memory[this.word + c.player]!]!;
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    this.current(s, c).generate(s, c, out);
  }

  any(s: State, c: Ctx): boolean {
    return anyMove(this.current(s, c), s, c);
  }

  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    const source = this.current(s, c);
    return source.sample && (source as { canSample?: boolean }).canSample !== false ? source.sample(s, c, out) : UNKNOWN;
  }
}

/**
 * The consequence every move of a phase has: when `when` holds (after the move and its own
 * consequences; always, without it), the seat that moved -- or, for a phase of the whole game,
 * every seat -- is in phase `next` from then on.
 */
export function movingOn(word: number, next: number, when: Pred | null, everyone: boolean, players: number): Effect {
  return (s, c) => {
    if (when && !when(s, c)) return;
    if (!everyone) s.memory[word + c.player] = next;
    else for (let p = 0; p < players; p++) s.memory[word + p] = next;
  };
}
