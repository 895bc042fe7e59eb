/**
 * Taking moves back fairly. A person may take back their last decision (and the agents' replies
 * after it), unless one of the decisions it would take back revealed hidden pieces: the person
 * would then have peeked and could choose again knowing more. The terminal (`ludex play`) and
 * the browser app follow this same rule.
 */
import type { Game } from "../engine/play/game.js";
import type { State } from "../engine/state/state.js";

/** One decision of a game, as far as taking it back is concerned. */
export interface Decision {
  /** A person made it (an agent's replies are taken back with the person's move before them). */
  human: boolean;
  /** It showed something that was hidden. */
  revealed: boolean;
}

/**
 * Whether a decision revealed hidden information: the pool of face-down identities, which every
 * observation carries as public knowledge, lost a member (a piece turned face up, or left the
 * board so that everyone learnt what it was).
 */
export function revealedBy(game: Game, before: State, after: State): boolean {
  if (game.def.concealFlags === 0) return false;
  const a = game.observation(before, 0).concealedPool, b = game.observation(after, 0).concealedPool;
  if (!a || !b) return false;
  for (let k = 0; k < a.length; k++) if (b[k]! < a[k]!) return true;
  return false;
}

/**
 * Where taking back the last person's decision leads: the number of decisions kept, or why it
 * may not be done (`notations[i]` names decision i, for the message).
 */
export function takeBack(history: readonly Decision[], notations: readonly string[]): { keep: number } | { refused: string } {
  const last = history.map((d) => d.human).lastIndexOf(true);
  if (last < 0) return { refused: "Nothing to undo." };
  const revealing = history.slice(last).findIndex((d) => d.revealed);
  if (revealing >= 0) {
    const ply = last + revealing + 1;
    return { refused: `Cannot undo: move ${ply} (${notations[ply - 1] ?? "?"}) revealed hidden pieces; taking it back would let a player peek and choose again.` };
  }
  return { keep: last };
}
