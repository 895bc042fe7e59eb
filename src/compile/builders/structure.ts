/**
 * Compiles a bound, validated description (IR) into a GameDef the engine runs: players and
 * equipment first (the names everything else refers to), then the rules.
 *
 * The ludemes of the `game`, `players`, `rules` and `turns` categories are compiled here, inline,
 * rather than through a builder table; the other categories have their builders beside this file.
 */
import type { Json } from "../../lang/bind.js";
import type { Category } from "../../lang/catalog.js";
import { newCtx, type Effect, type GameDef, type RollRule, type TurnDef } from "../../engine/play/rules.js";
import { RollGenerator } from "../../engine/play/dice.js";
import { compileBool } from "./conditions.js";
import { EMPTY, piecesOnBoard, State, type GroupLinks } from "../../engine/state/state.js";
import { boardOutline } from "../../engine/structures/connection.js";
import { neighbourLists } from "../../engine/board/topology.js";
import { UnionSource } from "../../engine/moves/generators.js";
import { MAX_MARKER_CELLS, MAX_MOVES_PER_POSITION } from "../../limits.js";
import { big } from "../../engine/play/play-limit.js";
import { handBaseTypes, isNode, type CompileContext, type IrNode } from "../context.js";
import { presentationOf } from "../presentation.js";
import { compileEffects } from "./effects.js";
import { describeEnd, endBuilders } from "./end.js";
import { itemBuilders } from "./equipment.js";
import { compileMoves } from "./moves.js";
import { preludeBuilders, startBuilders } from "./setup.js";
import { SwapGenerator, SwapSource } from "../../engine/moves/swap.js";
import type { MoveSource } from "../../engine/play/rules.js";
import { nextTurnWordIfAny, placeWordsIfAny } from "../seats.js";

/** Ludemes compiled inline by compileGameIr rather than through a builder table. */
export const STRUCTURAL: [string, Category][] = [
  ["game", "game"],
  ["players", "players"],
  ["rules", "rules"],
  ["turns", "turns"],
  // Read by the builder of `(phases ...)` (moves), which compiles each phase's moves.
  ["phase", "phase"],
];

/**
 * With a supply, the start may not put on the board more pieces of a player (stack heights
 * counted) than the player owns: the game would begin with a negative supply. Runs the start
 * rules once on a scratch state of the game's shape (deals draw from seed 0; only counts matter).
 */
function checkStartFitsSupply(start: StartCount, cx: CompileContext): void {
  if (cx.supplyTotal < 0) return;
  for (let p = 0; p < cx.playerCount; p++) {
    const placed = start.pieces[p]!;
    if (placed > cx.supplyTotal) {
      cx.fail("M005", `the start puts ${placed} pieces of P${p + 1} on the board, but each player owns ${cx.supplyTotal} (the supply)`, "/rules/start", `at most ${cx.supplyTotal} pieces per player, or a larger (supply ...)`);
      return;
    }
  }
}

/** Per player, what the start puts on the board: pieces (stack heights counted) and sites taken. */
interface StartCount {
  pieces: number[];
  sites: number[];
  /** Neutral pieces on the board at the start, at every level of a stack. */
  neutral: number;
}

/** Runs the start rules once on a scratch state of the game's shape (deals draw from seed 0; only counts matter). */
function countStart(setup: Effect[], cx: CompileContext): StartCount {
  const L = cx.stackLevels === 0 ? 0 : MAX_STACK_LEVELS;
  const s = new State({ sites: cx.topology!.n, players: cx.playerCount, counters: cx.counters.length, markers: cx.markers.length, memory: cx.memoryInit.length, levels: L });
  const c = newCtx();
  for (const e of setup) e(s, c);
  const sites = new Array<number>(cx.playerCount).fill(0);
  let neutral = 0;
  for (let i = 0; i < s.owner.length; i++) {
    const o = s.owner[i]!;
    if (o >= 0 && o < cx.playerCount) sites[o]!++;
    if (o === EMPTY) continue;
    if (!L) neutral += o >= cx.playerCount ? s.height[i]! : 0;
    else for (let k = 0; k < s.height[i]!; k++) if (s.levelOwner[i * L + k]! >= cx.playerCount) neutral++;
  }
  return { pieces: piecesOnBoard(s, cx.playerCount), sites, neutral };
}

/** `(players ... teams:)`: each seat's team number, every seat in exactly one team. */
function compileTeams(teams: string[][], cx: CompileContext): Int32Array {
  const teamOf = new Int32Array(cx.playerCount).fill(-1);
  teams.forEach((members, t) =>
    members.forEach((name, i) => {
      const ptr = `/players/teams/${t}/${i}`;
      const seat = cx.seat(name, ptr);
      if (seat < 0) return;
      if (teamOf[seat] !== -1) cx.fail("M003", `P${seat + 1} is in two teams`, ptr);
      teamOf[seat] = t;
    }),
  );
  const alone = [...teamOf].flatMap((t, p) => (t === -1 ? [`P${p + 1}`] : []));
  if (alone.length) cx.fail("M002", `${alone.join(", ")} ${alone.length === 1 ? "is" : "are"} in no team`, "/players/teams", "every seat in one team");
  return teamOf;
}

/** The most levels a mixed stack keeps (an owner and a type per level, per site). */
const MAX_STACK_LEVELS = 255;

/** The levels each site keeps in a game with mixed stacks: the bound given, else every piece the game has, neutral ones included. */
function stackLevelsOf(start: StartCount | undefined, cx: CompileContext): number {
  if (cx.stackLevels >= 0) return cx.stackLevels;
  let total = start?.neutral ?? 0;
  for (const placed of start?.pieces ?? []) total += cx.supplyTotal >= 0 ? Math.max(cx.supplyTotal, placed) : placed;
  if (total > MAX_STACK_LEVELS) {
    cx.fail("M005", `mixed stacks of all the game's ${total} pieces: a site keeps at most ${MAX_STACK_LEVELS}`, "/equipment", `(mixed-stacks max:N) with N up to ${MAX_STACK_LEVELS}`);
    return MAX_STACK_LEVELS;
  }
  return Math.max(1, total);
}

/**
 * Warns (W002) where a move rule can be seen to give one position more moves than play allows,
 * with as many pieces as a player starts with or owns (its supply) and stacks as high as all of
 * them: play would stop there with an error. What the moves' conditions rule out is not counted,
 * so this is a warning, not an error.
 */
function checkMoveBounds(start: StartCount, cx: CompileContext): void {
  const n = cx.topology!.n;
  const owned = Math.max(0, ...start.pieces, cx.supplyTotal);
  const pieces = Math.min(n, Math.max(0, ...start.sites, cx.supplyTotal));
  for (const g of cx.generators) {
    const bound = g.movesBound?.(pieces, Math.max(1, owned));
    if (bound === undefined || bound.moves <= MAX_MOVES_PER_POSITION) continue;
    const ludeme = g.rule.slice(1, g.rule.indexOf(" "));
    cx.warn(
      "W002",
      `this (${ludeme} ...) can give one position up to ${big(bound.moves)} moves (${bound.how}); play stops with an error beyond ${big(MAX_MOVES_PER_POSITION)}`,
      cx.generatorPtrs[g.id] ?? "/rules/play",
      "fewer pieces, a smaller board or a shorter range",
    );
  }
}

/** Each `promotes:` name becomes a piece type (an unknown one is an error where it is written). */
function resolvePromotions(cx: CompileContext): void {
  for (const p of cx.pieces) p.promotes = -1;
  for (const { piece, ptr } of cx.promotionLinks) {
    const def = cx.pieces[piece]!;
    const to = cx.pieces.findIndex((q) => q.name === def.promotesName);
    if (to < 0) cx.fail("M001", `no piece type '${def.promotesName}' to promote to`, ptr, `one of: ${cx.pieces.map((q) => q.name).join(", ")}`);
    else if (to === piece) cx.fail("M004", `a piece cannot promote to its own type`, ptr);
    else def.promotes = to;
  }
}

/** Markers take a byte per marker, player and site in every state (and every copy a search makes). */
function checkMarkerCells(cx: CompileContext, ptr: string): void {
  const cells = cx.markers.length * cx.playerCount * cx.topology!.n;
  if (cells <= MAX_MARKER_CELLS) return;
  cx.fail("M005", `${cx.markers.length} markers for ${cx.playerCount} players on ${cx.topology!.n} sites take ${cells} cells of every state, more than the ${MAX_MARKER_CELLS} allowed`, ptr, "fewer markers (or a smaller board)");
}

/** Whether a ludeme appears anywhere in the tree. */
function mentions(v: Json, ludeme: string): boolean {
  if (Array.isArray(v)) return v.some((x) => mentions(x, ludeme));
  if (!v || typeof v !== "object") return false;
  if ((v as IrNode).ludeme === ludeme) return true;
  return Object.values(v).some((x) => mentions(x as Json, ludeme));
}

export function compileGameIr(ir: IrNode, cx: CompileContext, options: GameDef["options"]): GameDef | undefined {
  // Players.
  const players = ir.players as IrNode;
  cx.playerCount = players.count as number;
  cx.playerNames = (players.names as string[] | undefined) ?? [];
  cx.forwardNames = (players.forward as string[] | undefined) ?? [];
  if (cx.forwardNames.length && cx.forwardNames.length !== cx.playerCount) {
    cx.fail("M002", `${cx.forwardNames.length} forward directions for ${cx.playerCount} players`, "/players/forward", `${cx.playerCount} directions, P1's first`);
  }
  if (cx.playerNames.length && cx.playerNames.length !== cx.playerCount) {
    cx.fail("M002", `${cx.playerNames.length} names for ${cx.playerCount} players`, "/players/names", `${cx.playerCount} names`);
  }
  if (players.teams !== undefined) cx.teamOf = compileTeams(players.teams as string[][], cx);

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
  resolvePromotions(cx);
  checkMarkerCells(cx, items.find(({ v }) => isNode(v) && v.ludeme === "marker")?.ptr ?? "/equipment");
  if (cx.pieces.length === 0) cx.fail("M001", "the equipment declares no piece type", "/equipment", "(piece name ...)");

  // Rules.
  const rules = ir.rules as IrNode;
  cx.choosesNextTurn = mentions(rules, "next-turn");
  cx.scope = "start";
  const setup = ((rules.start as Json[]) ?? []).map((v, i) => {
    const ptr = `/rules/start/${i}`;
    return isNode(v) && startBuilders[v.ludeme] ? startBuilders[v.ludeme]!(v, ptr, cx) : () => {};
  });
  // Counters with a start value of their own get it first.
  if (cx.counterStarts.length) {
    const starts = cx.counterStarts;
    setup.unshift((s) => {
      for (const [i, v] of starts) s.counters[i] = v;
    });
  }
  const start = cx.diagnostics.some((d) => d.severity === "error") ? undefined : countStart(setup, cx);
  if (start) checkStartFitsSupply(start, cx);
  if (cx.stackLevels !== 0) cx.stackLevels = stackLevelsOf(start, cx);
  cx.scope = "move";
  let play = rules.play ? compileMoves(rules.play, "/rules/play", cx) : new UnionSource([]);
  if (rules.swap === true) play = withSwap(play, cx);
  if (start) checkMoveBounds(start, cx);
  const prelude = ((rules.prelude as Json[] | undefined) ?? []).map((v, i) => preludeBuilders.decide!(v as IrNode, `/rules/prelude/${i}`, cx));
  // After-action and after-turn effects see the player who acted as `mover`, and no move sites.
  cx.scope = "end";
  const afterAction = cx.within("beforeNextMover", true, () => compileEffects((rules["after-action"] as Json[] | undefined) ?? [], "/rules/after-action", cx).map((e) => e.run));
  const afterTurn = cx.within("beforeNextMover", true, () => compileEffects((rules["after-turn"] as Json[] | undefined) ?? [], "/rules/after-turn", cx).map((e) => e.run));
  const presentation = presentationOf(ir, cx);
  // Repetition asked by end rules only: positions made in a look-ahead (a filter's trial move) need not be remembered.
  const beforeEnd = cx.repetitionUses.length;
  const end = ((rules.end as Json[]) ?? []).flatMap((v, i) => {
    const n = v as IrNode, ptr = `/rules/end/${i}`, built = endBuilders[n.ludeme]!(n, ptr, cx);
    if (!Array.isArray(built)) return [describeEnd(built, n, i, ptr, cx, presentation)];
    // One rule per seat: a mistake in the reason is reported once, not once per seat.
    return built.map((rule, seat) => {
      const reported = cx.diagnostics.length;
      const described = describeEnd(rule, n, i, ptr, cx, presentation);
      if (seat > 0) cx.diagnostics.length = reported;
      return described;
    });
  });
  // Every rule that asks for an attack is compiled by now (moves, effects, end rules).
  cx.attacks?.setPlay(play);
  const roll = compileRoll(rules, cx);
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
    phases: cx.phaseNames.length ? { names: cx.phaseNames, word: cx.phaseWord } : null,
    moveHooks: cx.moveHooks,
    decisionHooks: cx.decisionHooks,
    concealFlags: cx.concealFlags,
    captureMarkFlags: cx.captureMarkFlags,
    kinds: cx.kinds,
    generators: cx.generators,
    moveSources: cx.moveSources,
    hand: cx.hand ? { captures: cx.hand.captures, base: handBaseTypes(cx) } : null,
    dice: cx.dice,
    stackLevels: cx.stackLevels,
    trackPlaces: cx.trackPlaces,
    groupLinks: groupLinksOf(cx),
    teamOf: cx.teamOf,
    roll,
    setup,
    play,
    prelude,
    turn,
    afterAction,
    afterTurn,
    end,
    presentation,
    work: cx.work,
    link: (rt) => {
      cx.runtime.target = rt;
    },
    readsLastMove: cx.readsLastMove,
    chosenValue: cx.chosenValue,
    repetition: cx.repetitionUses.length ? { everyDecision: cx.repetitionUses.includes("turn"), lookAhead: beforeEnd > 0 } : null,
    options,
    placeWord: placeWordsIfAny(cx),
    nextTurnWord: nextTurnWordIfAny(cx),
  };
}

/**
 * When the dice are thrown (`roll:`, `roll-if:`), and the throw's move rule: a game with dice has
 * a throw, a game with a throw has dice.
 */
function compileRoll(rules: IrNode, cx: CompileContext): RollRule | null {
  const each = rules.roll as "each-turn" | "each-decision" | undefined;
  if (!cx.dice) {
    if (each !== undefined) cx.fail("M001", "roll: throws the dice, but the game has none", "/rules/roll", "(dice 2) in the equipment");
    else if (rules["roll-if"] !== undefined) cx.fail("M001", "roll-if: says when the dice are thrown, but the game has none", "/rules/roll-if", "(dice 2) in the equipment, and roll: in the rules");
    return null;
  }
  if (each === undefined) {
    cx.fail("M001", "the game has dice but the rules never throw them", "/rules", "roll:each-turn or roll:each-decision in the rules");
    return null;
  }
  const when = rules["roll-if"] === undefined ? null : cx.within("scope", "move", () => compileBool(rules["roll-if"]!, "/rules/roll-if", cx));
  const thrower = new RollGenerator(cx.dice, cx.kindIndex("roll"));
  thrower.id = cx.generators.length;
  cx.generatorPtrs.push("/rules/roll");
  cx.generators.push(thrower);
  return { each: each === "each-turn" ? "turn" : "decision", when };
}

/** The play rules with the swap (pie) rule: a two-player rule, the swap offered at the second player's first decision. */
function withSwap(play: MoveSource, cx: CompileContext): MoveSource {
  if (cx.playerCount !== 2) cx.fail("M002", `swap:true is a rule of two-player games; this one has ${cx.playerCount} players`, "/rules/swap", "(players 2)");
  const swap = new SwapGenerator(cx.kindIndex("swap"), "swap");
  swap.id = cx.generators.length;
  swap.rule = cx.ruleAt("/rules/swap", "swap");
  cx.generatorPtrs.push("/rules/swap");
  cx.generators.push(swap);
  return new SwapSource(play, swap);
}

/** The neighbour lists and region bits a state needs to keep groups, when a rule asks `connects`. */
function groupLinksOf(cx: CompileContext): GroupLinks | null {
  if (cx.connectionRegions.length === 0) return null;
  const chosen = cx.connectionDirs?.dirs ?? null;
  const { start, list } = chosen === null ? boardOutline(cx.topology!) : neighbourLists(cx.topology!, chosen);
  const bits = new Int32Array(cx.topology!.n);
  cx.connectionRegions.forEach((sites, k) => sites.forEach((site) => (bits[site]! |= 1 << k)));
  return { start, list, bits };
}
