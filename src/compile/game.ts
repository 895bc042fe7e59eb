/**
 * Compiles a bound, validated description (IR) into a GameDef the engine runs: players and
 * equipment first (the names everything else refers to), then the rules.
 */
import type { Json } from "../lang/bind.js";
import type { Effect, EndRule, GameDef, IntExpr, Outcome, Prelude, TurnDef } from "../engine/rules.js";
import { compileEffects, flagMask } from "./effects.js";
import { isNode, type CompileContext, type IrNode } from "./context.js";
import { itemBuilders, compileRegion } from "./equipment.js";
import { compileBool, compileInt, compilePlayer } from "./expr.js";
import { shuffle } from "../engine/rng.js";
import { compileMoves } from "./moves.js";
import { UnionSource } from "../engine/generators.js";
import { endReasonOf, presentationOf, rankingLabels } from "./presentation.js";

export const startBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => Effect> = {
  place: (n, ptr, cx) => {
    const type = cx.pieceIndex(n.piece as string, `${ptr}/piece`);
    const owner = cx.seat(n.owner as string, `${ptr}/owner`);
    const sites = compileRegion(n.at!, `${ptr}/at`, cx);
    const height = (n.height as number | undefined) ?? 1;
    const flags = flagMask((n.flags as string[] | undefined) ?? [], `${ptr}/flags`, cx);
    return (s) => {
      if (type < 0 || owner < 0) return;
      for (const site of sites) {
        if (s.owner[site] !== -1) s.clear(site);
        s.put(site, owner, type, height, flags);
      }
    };
  },
  deal: (n, ptr, cx) => {
    const sites = compileRegion(n.at!, `${ptr}/at`, cx);
    const flags = flagMask((n.flags as string[] | undefined) ?? [], `${ptr}/flags`, cx);
    const types: number[] = [];
    for (const [key, count] of Object.entries(n)) {
      if (key === "ludeme" || key === "at" || key === "flags") continue;
      const type = cx.pieceIndex(key, `${ptr}/${key}`);
      for (let p = 0; p < cx.playerCount; p++) for (let k = 0; k < (count as number); k++) types.push(type, p);
    }
    const pieces = types.length / 2;
    if (pieces > sites.length) cx.fail("M004", `(deal ...) has ${pieces} pieces for ${sites.length} sites`, ptr, "a region with a site for every piece");
    return (s) => {
      const order = Int32Array.from({ length: pieces }, (_, i) => i);
      shuffle(s.rng, order);
      for (let i = 0; i < pieces && i < sites.length; i++) {
        const k = order[i]!;
        s.clear(sites[i]!);
        s.put(sites[i]!, types[2 * k + 1]!, types[2 * k]!, 1, flags);
      }
    };
  },
  mark: (n, ptr, cx) => {
    const m = cx.markerIndex(n.marker as string, `${ptr}/marker`);
    const player = cx.seat(n.player as string, `${ptr}/player`);
    const sites = compileRegion(n.at!, `${ptr}/at`, cx);
    return (s) => {
      if (player < 0) return;
      for (const site of sites) s.markers[s.markerIndex(m, player, site)] = 1;
    };
  },
};

export const preludeBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => Prelude[number]> = {
  decide: (n, ptr, cx) => ({
    seat: Math.max(0, cx.seat(n.player as string, `${ptr}/player`)),
    moves: compileMoves(n.moves!, `${ptr}/moves`, cx),
  }),
};

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
};

/** End rules; their reasons and ranking labels are filled in by `describeEnd` once the equipment is read. */
export const endBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => EndRule> = {
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
function describeEnd(rule: EndRule, n: IrNode, index: number, ptr: string, cx: CompileContext, shown: GameDef["presentation"]): EndRule {
  rule.reason = endReasonOf(n, index, ptr, cx, shown);
  if (rule.ranking && isNode(n.outcome!)) rule.ranking.labels = rankingLabels(n.outcome, `${ptr}/outcome`, cx, shown);
  return rule;
}

function compileOutcome(v: Json, ptr: string, cx: CompileContext): CompiledOutcome {
  if (v === "draw") return () => [];
  if (isNode(v) && outcomeBuilders[v.ludeme]) return outcomeBuilders[v.ludeme]!(v, ptr, cx);
  return () => [];
}

export function compileGameIr(ir: IrNode, cx: CompileContext, options: GameDef["options"]): GameDef | undefined {
  // Players.
  const players = ir.players as IrNode;
  cx.playerCount = players.count as number;
  cx.playerNames = (players.names as string[] | undefined) ?? [];
  if (cx.playerNames.length && cx.playerNames.length !== cx.playerCount) {
    cx.fail("M002", `${cx.playerNames.length} names for ${cx.playerCount} players`, "/players/names", `${cx.playerCount} names`);
  }

  // Equipment: the board first, since regions are sets of its sites.
  const items = (ir.equipment as Json[]).map((v, i) => ({ v, ptr: `/equipment/${i}` }));
  const boards = items.filter(({ v }) => isNode(v) && v.ludeme === "board");
  if (boards.length === 0) {
    cx.fail("M001", "the equipment has no board", "/equipment", "(board (square ...)) or (board (hex ...))");
    return undefined;
  }
  for (const { v, ptr } of [...boards, ...items.filter((i) => !boards.includes(i))]) {
    if (isNode(v) && itemBuilders[v.ludeme]) itemBuilders[v.ludeme]!(v, ptr, cx);
  }
  if (!cx.topology) return undefined;
  if (cx.pieces.length === 0) cx.fail("M001", "the equipment declares no piece type", "/equipment", "(piece name ...)");

  // Rules.
  const rules = ir.rules as IrNode;
  cx.scope = "start";
  const setup = ((rules.start as Json[]) ?? []).map((v, i) => {
    const ptr = `/rules/start/${i}`;
    return isNode(v) && startBuilders[v.ludeme] ? startBuilders[v.ludeme]!(v, ptr, cx) : () => {};
  });
  cx.scope = "move";
  const play = rules.play ? compileMoves(rules.play, "/rules/play", cx) : new UnionSource([]);
  const prelude = ((rules.prelude as Json[] | undefined) ?? []).map((v, i) => preludeBuilders.decide!(v as IrNode, `/rules/prelude/${i}`, cx));
  // After-action and after-turn effects see the player who acted as `mover`, and no move sites.
  cx.scope = "end";
  const afterAction = compileEffects((rules["after-action"] as Json[] | undefined) ?? [], "/rules/after-action", cx).map((e) => e.run);
  const afterTurn = compileEffects((rules["after-turn"] as Json[] | undefined) ?? [], "/rules/after-turn", cx).map((e) => e.run);
  const presentation = presentationOf(ir, cx);
  const end = ((rules.end as Json[]) ?? []).map((v, i) => describeEnd(endBuilders.if!(v as IrNode, `/rules/end/${i}`, cx), v as IrNode, i, `/rules/end/${i}`, cx, presentation));
  const turns = rules.turns as IrNode | undefined;
  const turn: TurnDef = {
    actions: (turns?.actions as number | undefined) ?? 1,
    firstTurnActions: (turns?.first as number | undefined) ?? (turns?.actions as number | undefined) ?? 1,
  };

  const attrTables = new Map<string, Int32Array>();
  for (const p of cx.pieces) for (const k of Object.keys(p.attrs)) attrTables.set(k, Int32Array.from(cx.pieces.map((q) => q.attrs[k] ?? 0)));

  return {
    name: ir.name as string,
    topology: cx.topology,
    players: { count: cx.playerCount, names: cx.playerNames.length ? cx.playerNames : Array.from({ length: cx.playerCount }, (_, i) => `P${i + 1}`) },
    pieces: cx.pieces,
    attrTables,
    flags: cx.flags,
    internalFlags: cx.internalFlags,
    counters: cx.counters,
    markers: cx.markers,
    supplyTotal: cx.supplyTotal,
    memoryInit: Int32Array.from(cx.memoryInit),
    moveHooks: cx.moveHooks,
    concealFlags: cx.concealFlags,
    kinds: cx.kinds,
    generators: cx.generators,
    setup,
    play,
    prelude,
    turn,
    afterAction,
    afterTurn,
    end,
    presentation,
    link: (rt) => {
      cx.runtime.target = rt;
    },
    options,
  };
}
