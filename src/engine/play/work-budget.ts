/**
 * The work conditions may do for one position (MAX_WORK_PER_POSITION), counted as it is done.
 *
 * A condition that walks sites -- counts them, looks for one, follows a group or a path -- costs
 * nothing to write and can cost the board's size each time it is asked; asked for every site or
 * every move, inside another such condition, one position's moves can take hours. Each walk
 * subtracts what it walks from `left` before it starts (one subtraction and one comparison a walk,
 * not a site: the hot paths do not feel it), and the engine sets `left` back to the budget
 * whenever it begins work on a position. Going below zero throws a WorkLimitError naming the
 * condition where it happened and the position.
 */
import { MAX_WORK_PER_POSITION } from "../../limits.js";
import { big, PlayLimitError, positionWords } from "./play-limit.js";
import type { State } from "../state/state.js";

/** The work budget of one compiled game, shared by its conditions and reset by its engine. */
export class WorkBudget {
  /** Sites still allowed for the position being worked on; below 0, the budget is spent. */
  left = MAX_WORK_PER_POSITION;

  /** A new position (a generation of moves, a decision's consequences and end rules): the whole budget again. */
  reset(): void {
    this.left = MAX_WORK_PER_POSITION;
  }

  /** Called by a condition that took `left` below 0; `rule` names it (CompileContext.ruleAt). */
  spent(rule: string, s: State): never {
    // Set back, so that a caller who catches the error and goes on is not stopped by the next walk.
    this.left = MAX_WORK_PER_POSITION;
    throw new WorkLimitError(rule, positionWords(s));
  }
}

/**
 * A description whose conditions would examine more sites for one position than MAX_WORK_PER_POSITION:
 * a play limit like the others (a PlayLimitError), named for callers that tell it apart.
 */
export class WorkLimitError extends PlayLimitError {
  constructor(rule: string, position: string) {
    super(rule, `would examine more than ${big(MAX_WORK_PER_POSITION)} sites for one position, the most its conditions may`, position);
    this.name = "WorkLimitError";
  }
}
