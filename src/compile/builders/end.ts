/**
 * Builders of the `end` category (end rules, checked after every decision) and of the `outcome`
 * category (how an ended game is scored).
 */
import type { Json } from "../../lang/bind.js";
import type { EndRule, GameDef, IntExpr, Outcome } from "../../engine/play/rules.js";
import { isNode, type CompileContext, type IrNode } from "../context.js";
import { compilePlayer } from "../expression.js";
import { endReasonOf, rankingLabels } from "../presentation.js";
import { compileBool } from "./conditions.js";
import { compileInt } from "./numbers.js";
import { placeWords } from "../seats.js";
import { takePlace } from "../../engine/play/places.js";

/** An outcome; a ranked one keeps its numbers, so the end of the game can show them. */
type CompiledOutcome = Outcome & { keys?: IntExpr[] };

export const outcomeBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => CompiledOutcome> = {
  ranked: (n, ptr, cx) => {
    const keys = cx.withSubject(() => (n.keys as Json[]).map((k, i) => compileInt(k, `${ptr}/keys/${i}`, cx)));
    const P = cx.playerCount;
    const outcome: CompiledOutcome = (s, c) => {
      // Keep the players tied for first on every key so far.
      let top = Array.from({ length: P }, (_, p) => p);
      const saved = c.subject;
      for (const key of keys) {
        const values = top.map((p) => {
          c.subject = p;
          return key(s, c);
        });
        const best = Math.max(...values);
        top = top.filter((_, i) => values[i] === best);
        if (top.length === 1) break;
      }
      c.subject = saved;
      return top.length === P ? [] : top;
    };
    outcome.keys = keys;
    return outcome;
  },
  win: (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    const team = cx.teamOf;
    // With teams, the winner's partners win with it.
    if (team) return (s, c) => {
      const w = who(s, c);
      return Array.from({ length: team.length }, (_, p) => p).filter((p) => team[p] === team[w]);
    };
    return (s, c) => [who(s, c)];
  },
  lose: (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    const count = cx.playerCount;
    return (s, c) => {
      const loser = who(s, c);
      return Array.from({ length: count }, (_, p) => p).filter((p) => p !== loser);
    };
  },
  eliminate: (n, ptr, cx) => takesPlace(n, ptr, cx, "worst"),
  finish: (n, ptr, cx) => takesPlace(n, ptr, cx, "best"),
};

/**
 * End rules; their reasons and ranking labels are filled in by `describeEnd` once the equipment is
 * read. A `for-each-player` rule is one rule per seat, in seat order.
 */
export const endBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => EndRule | EndRule[]> = {
  "for-each-player": (n, ptr, cx) => {
    const cond = cx.withSubject(() => compileBool(n.cond!, `${ptr}/cond`, cx));
    const outcome = cx.withSubject(() => compileOutcome(n.outcome!, `${ptr}/outcome`, cx));
    const others = n.others === true;
    // A player with a place (finished or eliminated) is out of the game, and asked no more.
    const places = placeWords(cx);
    return Array.from({ length: cx.playerCount }, (_, p): EndRule => ({
      when: (s, c) => {
        if (s.memory[places + p] !== 0 || (others && c.player === p)) return false;
        c.subject = p;
        return cond(s, c);
      },
      outcome: (s, c) => {
        c.subject = p;
        return outcome(s, c);
      },
      atTurnStart: n.at === "turn-start",
      reason: [],
      seat: p,
      ranking: outcome.keys ? { keys: outcome.keys, labels: [] } : undefined,
    }));
  },
  if: (n, ptr, cx) => {
    const outcome = compileOutcome(n.outcome!, `${ptr}/outcome`, cx);
    return {
      when: compileBool(n.cond!, `${ptr}/cond`, cx),
      outcome,
      atTurnStart: n.at === "turn-start",
      reason: [],
      ranking: outcome.keys ? { keys: outcome.keys, labels: [] } : undefined,
    };
  },
};

/** Adds to a compiled end rule its reason in words and the names of a ranked outcome's numbers. */
export function describeEnd(rule: EndRule, n: IrNode, index: number, ptr: string, cx: CompileContext, shown: GameDef["presentation"]): EndRule {
  rule.reason = endReasonOf(n, index, ptr, cx, shown, rule.seat);
  if (rule.ranking && isNode(n.outcome!)) rule.ranking.labels = rankingLabels(n.outcome, `${ptr}/outcome`, cx, shown);
  return rule;
}

function compileOutcome(v: Json, ptr: string, cx: CompileContext): CompiledOutcome {
  if (v === "draw") return () => [];
  if (isNode(v) && outcomeBuilders[v.ludeme]) return outcomeBuilders[v.ludeme]!(v, ptr, cx);
  return () => [];
}

/**
 * `finish` and `eliminate`: the player takes the best (or worst) place not yet taken and leaves the
 * turn order; the others play on. Null while two or more are left, else the game is over (the last
 * one left takes the place that remains, see Game.returnsByPlace).
 */
function takesPlace(n: IrNode, ptr: string, cx: CompileContext, which: "best" | "worst"): CompiledOutcome {
  const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
  const base = placeWords(cx);
  const P = cx.playerCount;
  return (s, c) => {
    const p = who(s, c);
    if (s.memory[base + p] !== 0) return null;
    return takePlace(s.memory, base, P, p, which, s.ply) <= 1 ? [] : null;
  };
}
