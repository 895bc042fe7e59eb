/**
 * A record's result is a claim: replay checks it against the end its moves reach. A record that
 * says P2 won a game the rules give to P1, that calls a finished game unfinished, or a game the
 * rules do not end finished, is wrong, however legal its moves, and is reported field by field.
 */
import type { RecordResult } from "./format.js";

export interface ResultDifference {
  /** The field of `result` that differs: status, winners, draw, returns, reason, scores or ranking. */
  field: keyof RecordResult;
  recorded: unknown;
  replayed: unknown;
}

/**
 * Where the recorded result differs from the replayed one (`resultOf` of the last position). A
 * field the record leaves out claims nothing and is not compared; a game that has not ended may
 * be recorded `unfinished` or `abandoned`, for any reason (a player quit, a ply limit), but its
 * scores so far, when recorded, must be the replayed ones.
 */
export function compareResult(recorded: RecordResult, replayed: RecordResult): ResultDifference[] {
  const differences: ResultDifference[] = [];
  const differ = (field: keyof RecordResult, same: (a: unknown, b: unknown) => boolean = sameJson) => {
    if (recorded[field] === undefined) return;
    if (!same(recorded[field], replayed[field])) differences.push({ field, recorded: recorded[field], replayed: replayed[field] ?? null });
  };
  const ended = replayed.status === "finished";
  if ((recorded.status === "finished") !== ended) differences.push({ field: "status", recorded: recorded.status, replayed: replayed.status });
  if (ended) {
    differ("winners", sameSet);
    differ("draw");
    differ("returns");
    differ("reason");
    differ("ranking");
  } else {
    // Only a finished game has winners or returns: an unfinished one that claims them claims an end.
    for (const field of ["winners", "draw", "returns"] as const) {
      if (recorded[field] !== undefined && recorded.status !== "finished") differences.push({ field, recorded: recorded[field], replayed: null });
    }
  }
  differ("scores", sameScores);
  return differences;
}

/** The differences in words: `winners: recorded ["P2"], replayed ["P1"]; ...`. */
export function describeDifferences(differences: readonly ResultDifference[]): string {
  return differences.map((d) => `${d.field}: recorded ${JSON.stringify(d.recorded)}, replayed ${JSON.stringify(d.replayed)}`).join("; ");
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Scores per seat, the seats in any order. */
function sameScores(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return false;
  const sorted = (o: object) => Object.entries(o).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  return sameJson(sorted(a), sorted(b));
}

/** Winners are a set of seats: listed in any order. */
function sameSet(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return false;
  return sameJson([...a].map(String).sort(), [...b].map(String).sort());
}
