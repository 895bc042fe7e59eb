/**
 * Agreements: a player proposes something (ending the game, say) and the players vote. A proposal
 * is a name; while one is pending, `(proposed NAME)` holds. Each player's vote is remembered until
 * every player has voted: then the name more than half of them voted for, if any, is decided (what
 * `(decided NAME)` reads, for good), and the proposals and votes are cleared. Ludii's `(move
 * Propose ...)`, `(move Vote ...)`, `(is Proposed ...)` and `(is Decided ...)`.
 *
 * All of it lives in rule memory (so positions, copies and hashes carry it): a word of proposals
 * (bit i: name i), a word for the decided name (index + 1, 0: none) and one word per player for
 * their vote (index + 1, 0: not yet).
 */
import type { MoveBuffer, PrimitiveAction } from "./moves.js";
import { SAMPLED, type Ctx, type Effect, type LeafGenerator, type SampleResult } from "../play/rules.js";
import type { State } from "../state/state.js";

export interface AgreementWords {
  /** The names proposals and votes use, in order of first mention. */
  names: string[];
  proposals: number;
  decided: number;
  /** The first of the players' vote words. */
  votes: number;
  players: number;
}

/** Records `player`'s vote for name `k`; once every player has voted, decides and clears. */
export function castVote(s: State, w: AgreementWords, player: number, k: number): void {
  s.memory[w.votes + player] = k + 1;
  for (let p = 0; p < w.players; p++) if (s.memory[w.votes + p] === 0) return;
  let best = -1, most = 0;
  for (let p = 0; p < w.players; p++) {
    const v = s.memory[w.votes + p]!;
    let n = 0;
    for (let q = 0; q < w.players; q++) if (s.memory[w.votes + q] === v) n++;
    if (n > most) {
      most = n;
      best = v;
    }
  }
  if (most > w.players / 2) s.memory[w.decided] = best;
  s.memory[w.proposals] = 0;
  for (let p = 0; p < w.players; p++) s.memory[w.votes + p] = 0;
}

/** `(propose NAME)` and `(vote NAME)`: one move each, written `propose-NAME`, `vote-NAME`. */
export class AgreementGenerator implements LeafGenerator {
  id = -1;
  rule = "";

  constructor(
    private readonly words: AgreementWords,
    private readonly kind: number,
    private readonly what: "propose" | "vote",
    /** The name's index in words.names. */
    private readonly name: number,
    /** For a proposal: whether the proposer also votes for it. */
    private readonly votes: boolean,
    private readonly then: Effect[],
  ) {}

  lands(): boolean {
    return false;
  }

  generate(_s: State, _c: Ctx, out: MoveBuffer): void {
    out.add(this.id, this.kind, -1, -1, 0);
  }

  sample(s: State, c: Ctx, out: MoveBuffer): SampleResult {
    this.generate(s, c, out);
    return SAMPLED;
  }

  apply(s: State, _buf: MoveBuffer, _row: number, c: Ctx): void {
    c.from = -1;
    c.to = -1;
    const w = this.words;
    if (this.what === "propose") {
      s.memory[w.proposals]! |= 1 << this.name;
      if (this.votes) castVote(s, w, c.player, this.name);
    } else castVote(s, w, c.player, this.name);
    for (const e of this.then) e(s, c);
    s.touch();
  }

  notation(): string {
    return `${this.what}-${this.words.names[this.name]}`;
  }

  actions(): PrimitiveAction[] {
    return [];
  }
}
