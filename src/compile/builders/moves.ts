/**
 * Builders of the `moves` category: move generators and their combinators.
 */
import type { Json } from "../../lang/bind.js";
import { ChaseLimit } from "../../engine/filters/chase.js";
import { LineCountGenerator } from "../../engine/moves/line-count.js";
import { ANY_ORIGIN, BranchSource, JumpGenerator, LAST_TO, PrioritySource, ScreenJumpGenerator, StepGenerator, UnionSource, type ChainRule, type PieceMoveOptions } from "../../engine/moves/generators.js";
import type { Ctx, Effect, LeafGenerator, MoveSource, Pred } from "../../engine/play/rules.js";
import type { PrimitiveAction } from "../../engine/moves/moves.js";
import type { State } from "../../engine/state/state.js";
import { moveDirections, pathsByPlayer } from "../directions.js";
import { isNode, type CompileContext, type IrNode } from "../context.js";
import { sameMoveSources } from "../same-moves.js";
import { runBounds } from "../count-range.js";
import { compileEffects, flagMask, sowingOptions } from "./effects.js";
import { compileBool, compileBoolC } from "./conditions.js";
import { SlideGenerator, type TakeRule } from "../../engine/moves/slide.js";
import { PassGenerator } from "../../engine/moves/pass.js";
import { AddGenerator, LiftGenerator, SelectGenerator, type SiteChoiceOptions } from "../../engine/moves/place.js";
import { FlyGenerator } from "../../engine/moves/fly.js";
import { ExchangeGenerator } from "../../engine/moves/exchange.js";
import { TransferGenerator } from "../../engine/moves/transfer.js";
import { ShootGenerator } from "../../engine/moves/shoot.js";
import { HopGenerator } from "../../engine/moves/hop.js";
import { HopRunGenerator } from "../../engine/moves/hop-runs.js";
import { LeapGenerator } from "../../engine/moves/leap.js";
import { LongestSequenceSource, type LookaheadShared } from "../../engine/filters/longest.js";
import { KeepSource } from "../../engine/filters/keep.js";
import { PromotionGenerator } from "../../engine/moves/promotion.js";
import { PromotedMove, PromotingSource } from "../../engine/filters/promoting.js";
import { CastleGenerator, type CastleRules } from "../../engine/moves/castle.js";
import { DropGenerator } from "../../engine/moves/drop.js";
import { compileSite } from "./sites.js";
import { ForEachDieSource } from "../../engine/play/dice.js";
import { ForEachValueSource } from "../../engine/moves/chosen-value.js";
import { MoveAlongGenerator, SlideAlongGenerator, type Track } from "../../engine/moves/track.js";
import { AgreementGenerator } from "../../engine/moves/agreement.js";
import { siteMapNamed } from "./sites.js";
import { compileRegion } from "./regions.js";
import { dirIndex } from "../../engine/board/topology.js";
import { trackNamed } from "../tracks.js";
import { SowGenerator } from "../../engine/moves/sow.js";
import { compileInt } from "./numbers.js";
import { EMPTY } from "../../engine/state/state.js";
import { needsDice } from "./numbers.js";
import { RegionTurnGenerator, type RegionMotion } from "../../engine/moves/region-turn.js";
import { mapRegion, type Motion } from "../region-motion.js";
import { PhasesSource, movingOn } from "../../engine/play/phases.js";

type MovesBuilder = (n: IrNode, ptr: string, cx: CompileContext) => MoveSource;

export const movesBuilders: Record<string, MovesBuilder> = {
  step: (n, ptr, cx) => {
    if (n.capture === "none" && cx.stackLevels === 0) cx.fail("M004", "capture:none puts the piece on top of the pieces it steps onto, which needs (mixed-stacks)", `${ptr}/capture`, "(mixed-stacks) in the equipment, or a step that captures");
    const o = pieceMoveOptions(n, ptr, cx, "step");
    const to = n.to === undefined ? null : inMoveScope(cx, () => compileBool(n.to!, `${ptr}/to`, cx));
    const captures = n.captures === undefined ? null : inMoveScope(cx, () => compileSite(n.captures!, `${ptr}/captures`, cx));
    return register(cx, n, ptr, new StepGenerator(o, to, captures));
  },
  "line-count-move": (n, ptr, cx) => {
    const o = pieceMoveOptions(n, ptr, cx, "move");
    const to = n.to === undefined ? null : inMoveScope(cx, () => compileBool(n.to!, `${ptr}/to`, cx));
    const through = n.through === undefined ? null : inMoveScope(cx, () => cx.withSite(() => compileBool(n.through!, `${ptr}/through`, cx)));
    return register(cx, n, ptr, new LineCountGenerator(o, to, through));
  },
  jump: (n, ptr, cx) => {
    const o = pieceMoveOptions(n, ptr, cx, "jump");
    const over = inMoveScope(cx, () => compileBool(n.over!, `${ptr}/over`, cx));
    const land = n.land === undefined ? null : inMoveScope(cx, () => compileBool(n.land!, `${ptr}/land`, cx));
    return register(cx, n, ptr, new JumpGenerator(o, over, land, (n.chain as ChainRule | undefined) ?? "none"));
  },
  pass: (n, ptr, cx) => {
    const kind = cx.kindIndex((n.kind as string | undefined) ?? "pass");
    cx.passKinds.add(kind);
    const then = inMoveScope(cx, () => compileEffects((n.then as Json[] | undefined) ?? [], `${ptr}/then`, cx)).map((e) => e.run);
    return register(cx, n, ptr, new PassGenerator(kind, cx.passCounter(), then, (n.notation as string | undefined) ?? "pass"));
  },
  priority: (n, ptr, cx) => new PrioritySource(sources(n.sources as Json[], `${ptr}/sources`, cx)),
  sow: (n, ptr, cx) => {
    const track = trackNamed(n.track as string, `${ptr}/track`, cx);
    if (!track) return new UnionSource([]);
    const from = optionalCond(n, "from", ptr, cx) ?? (() => true);
    const count = n.count === undefined ? null : inMoveScope(cx, () => compileInt(n.count!, `${ptr}/count`, cx));
    return register(cx, n, ptr, new SowGenerator({ ...sowingOptions(n, ptr, cx, track), kind: cx.kindIndex((n.kind as string | undefined) ?? "sow"), from, count }));
  },
  transfer: (n, ptr, cx) => {
    const count = n.count === undefined ? null : inMoveScope(cx, () => compileInt(n.count!, `${ptr}/count`, cx));
    return register(cx, n, ptr, new TransferGenerator({
      topology: cx.topology!, kind: cx.kindIndex((n.kind as string | undefined) ?? "transfer"),
      from: optionalCond(n, "from", ptr, cx) ?? (() => true), to: optionalCond(n, "to", ptr, cx)!, count, then: effectsOf(n, "then", ptr, cx),
    }));
  },
  "move-along": (n, ptr, cx) => {
    const topology = cx.topology!;
    const track = trackNamed(n.track as string, `${ptr}/track`, cx);
    if (!track) return new UnionSource([]);
    // A road passing a site twice: each piece's place on it is kept (per level of a mixed stack).
    const placed = repeatedSite(track, topology.labels) !== null;
    if (placed) cx.trackPlaces = true;
    const pieces = pieceFilter(n, ptr, cx);
    const enterPiece = n.enter === undefined ? -1 : cx.pieceIndex(n.enter as string, `${ptr}/enter`);
    if (n.enter !== undefined && cx.supplyTotal < 0) cx.fail("M001", "enter: takes pieces from the supply, but the game has no (supply ...)", `${ptr}/enter`, "(supply N) in the equipment");
    const neutral = n.owner === "neutral";
    if (neutral && n.enter !== undefined) cx.fail("M004", "enter: brings the mover's pieces from their supply, but owner:neutral moves neutral pieces, which have none", `${ptr}/enter`, "a move-along of the mover's pieces for entering, beside the one with owner:neutral");
    // Where a piece borne off goes: scored, or back to its owner's supply.
    const offToSupply = n["off-to"] === "supply";
    if (n["off-to"] !== undefined && n.off === undefined) cx.fail("M004", "off-to: says where a piece borne off goes, but this move-along bears none off (no off:)", `${ptr}/off-to`, "off:exact or off:beyond beside off-to:");
    else if (offToSupply && neutral) cx.fail("M004", "off-to:supply puts a piece borne off back in its owner's supply, but owner:neutral moves neutral pieces, which have none", `${ptr}/off-to`, "off-to:supply on a move-along of the mover's pieces");
    else if (offToSupply && cx.supplyTotal < 0) cx.fail("M001", "off-to:supply puts a piece borne off back in its owner's supply, but the game has no (supply ...)", `${ptr}/off-to`, "(supply N) in the equipment");
    const steps = inMoveScope(cx, () => compileInt(n.steps!, `${ptr}/steps`, cx));
    const to = n.to === undefined ? (s: State, c: Ctx) => s.owner[c.to] === EMPTY : inMoveScope(cx, () => compileBool(n.to!, `${ptr}/to`, cx));
    const offIf = optionalCond(n, "off-if", ptr, cx), from = optionalCond(n, "from", ptr, cx), through = optionalCond(n, "through", ptr, cx, true);
    // The consequences may read the sites the move went over; a hit comes before the landing (no path yet).
    const hit = effectsOf(n, "hit", ptr, cx), then = cx.within("recordsPath", true, () => effectsOf(n, "then", ptr, cx));
    warnHitLeftStanding(n, ptr, cx);
    return register(cx, n, ptr, new MoveAlongGenerator({
      topology, track, kind: cx.kindIndex((n.kind as string | undefined) ?? "move"), enterKind: cx.kindIndex("enter"), offKind: cx.kindIndex("off"),
      pieces, steps, from, through, first: n.first === true, to, enterPiece, off: (n.off as "exact" | "beyond" | undefined) ?? null, offIf, hit, then, names: cx.pieces.map((p) => p.name),
      divert: n.divert === undefined ? null : siteMapNamed(n.divert as string, `${ptr}/divert`, cx),
      trail: cx.trail, placed, neutral, offToSupply, supplyTotal: cx.supplyTotal,
    }));
  },
  "slide-along": (n, ptr, cx) => {
    const tracks = (n.tracks as string[]).map((name, i) => trackNamed(name, `${ptr}/tracks/${i}`, cx));
    if (tracks.some((t) => t === null)) return new UnionSource([]);
    const to = inMoveScope(cx, () => compileBool(n.to!, `${ptr}/to`, cx));
    return register(cx, n, ptr, new SlideAlongGenerator({
      topology: cx.topology!, tracks: tracks as Track[], kind: cx.kindIndex((n.kind as string | undefined) ?? "slide"), pieces: pieceFilter(n, ptr, cx),
      from: optionalCond(n, "from", ptr, cx), through: optionalCond(n, "through", ptr, cx, true), to, then: effectsOf(n, "then", ptr, cx), minBends: (n.bends as number | undefined) ?? 0,
    }));
  },
  propose: (n, ptr, cx) => agreementMove(n, ptr, cx, "propose"),
  vote: (n, ptr, cx) => agreementMove(n, ptr, cx, "vote"),
  "for-each-die": (n, ptr, cx) => {
    needsDice(ptr, cx, "(for-each-die ...)");
    const combined = (n.combined as boolean | undefined) ?? false, count = cx.dice?.faces.length ?? 0;
    if (combined && cx.dice && count < 2)
      cx.fail("M004", "combined:true moves by the sum of two or more dice, but the game has one die", `${ptr}/combined`, "(dice 2) or more in the equipment, or no combined:");
    return new ForEachDieSource(compileMoves(n.moves!, `${ptr}/moves`, cx), combined, count);
  },
  "for-each-value": (n, ptr, cx) => {
    if (cx.valueBound) cx.fail("M004", "a (for-each-value ...) inside another: a move carries one chosen number", ptr, "one (for-each-value ...) around the moves, its range covering every number they may take");
    // The range is asked of the position, before any move: no move's sites, no number chosen yet.
    const range = (key: "min" | "max") =>
      inMoveScope(cx, () =>
        cx.within("valueBound", false, () =>
          cx.within("choosingRules", "(for-each-value ...)'s min: and max: are asked once, to choose which numbers are offered", () => compileInt(n[key]!, `${ptr}/${key}`, cx)),
        ),
      );
    const min = range("min"), max = range("max");
    const chosen = (cx.chosenValue ??= { value: 0 });
    const moves = cx.within("valueBound", true, () => compileMoves(n.moves!, `${ptr}/moves`, cx));
    return new ForEachValueSource(moves, min, max, chosen, cx.work, cx.ruleAt(ptr, "for-each-value"));
  },
  either: (n, ptr, cx) => {
    const union = new UnionSource(sources(n.sources as Json[], `${ptr}/sources`, cx), sameMoveSources(n.sources as Json[]));
    if (n.then !== undefined) {
      const effects = inMoveScope(cx, () => compileEffects(n.then as Json[], `${ptr}/then`, cx)).map((e) => e.run);
      // Every move rule beneath runs them after its own consequences (inner eithers' first: they were built first).
      for (const leaf of leavesOf(union)) (leaf.after ??= []).push(...effects);
    }
    return union;
  },
  "turn-region": (n, ptr, cx) => {
    const ways = (n.ways as string[] | undefined) ?? ["clockwise", "anticlockwise"];
    const by = (n.by as number | undefined) ?? 90;
    const motions = ways.map((w) => ({ motion: { turn: w === "clockwise" ? by : -by }, suffix: w === "clockwise" ? "cw" : "acw", what: `a ${w} turn by ${by} degrees` }));
    return regionMotionMove(n, ptr, cx, "turn", motions);
  },
  "flip-region": (n, ptr, cx) => {
    const axes = (n.axes as string[] | undefined) ?? ["N", "E"];
    const motions = axes.map((a, i) => {
      const angle = COMPASS.indexOf(a.toUpperCase()) * 45;
      if (angle < 0) cx.fail("M001", `'${a}' is not a compass direction`, `${ptr}/axes/${i}`, COMPASS.join(", "));
      return { motion: { mirror: Math.max(0, angle) }, suffix: `flip${a.toUpperCase()}`, what: `a flip in the ${a.toUpperCase()} axis` };
    });
    return regionMotionMove(n, ptr, cx, "flip", motions);
  },
  phases: (n, ptr, cx) => {
    const list = n.phases as IrNode[];
    const names = list.map((p) => p.name as string);
    names.forEach((name, i) => {
      if (names.indexOf(name) !== i) cx.fail("M001", `two phases are named '${name}'`, `${ptr}/phases/${i}/name`, "a name of its own for each phase");
    });
    // One word of rule memory per seat: the phase it is in (all begin in the first).
    const word = cx.memoryInit.length;
    for (let p = 0; p < cx.playerCount; p++) cx.memoryInit.push(0);
    // Known before the phases' own rules are compiled: they may ask (in-phase ...) too.
    cx.phaseNames = names;
    cx.phaseWord = word;
    const phases = list.map((phase, i) => {
      const at = `${ptr}/phases/${i}`;
      const moves = compileMoves(phase.moves!, `${at}/moves`, cx);
      if (phase.next === undefined) return moves;
      const next = names.indexOf(phase.next as string);
      if (next < 0) {
        cx.fail("M001", `no phase '${phase.next as string}'`, `${at}/next`, `one of: ${names.join(", ")}`);
        return moves;
      }
      const when = phase.when === undefined ? null : inMoveScope(cx, () => compileBool(phase.when!, `${at}/when`, cx));
      const moveOn = movingOn(word, next, when, phase.for === "all", cx.playerCount);
      // Every move of the phase moves its player on, after the move's own consequences.
      for (const leaf of leavesOf(moves)) (leaf.after ??= []).push(moveOn);
      return moves;
    });
    return new PhasesSource(phases, word);
  },
  branch: (n, ptr, cx) =>
    new BranchSource(
      inMoveScope(cx, () => cx.within("choosingRules", "(branch COND ...) is asked once, to choose which moves are listed", () => compileBool(n.cond!, `${ptr}/cond`, cx))),
      compileMoves(n.then!, `${ptr}/then`, cx),
      n.else === undefined ? new UnionSource([]) : compileMoves(n.else, `${ptr}/else`, cx),
    ),
  slide: (n, ptr, cx) => {
    // A slide's consequences may read the sites it went over (`on-path`).
    const o = pieceMoveOptions(n, ptr, cx, "slide", true);
    const cond = (key: string) => (n[key] === undefined ? null : inMoveScope(cx, () => compileBool(n[key]!, `${ptr}/${key}`, cx)));
    const through = n.through === undefined ? null : inMoveScope(cx, () => cx.withSite(() => compileBool(n.through!, `${ptr}/through`, cx)));
    const onCapture = inMoveScope(cx, () => compileEffects((n["on-capture"] as Json[] | undefined) ?? [], `${ptr}/on-capture`, cx));
    if (n.portals === true && !cx.portals) cx.fail("M001", "portals:true, but the equipment declares no (portal ...)", `${ptr}/portals`, "a (portal player region dirs:{...}) item");
    return register(
      cx,
      n,
      ptr,
      new SlideGenerator({
        ...o,
        take: ((n.take as TakeRule | undefined) ?? "all"),
        // `any`: a straight path never needs more steps than the board has sites (even through portals).
        range: n.range === "any" ? cx.topology!.n : ((n.range as number | undefined) ?? "count"),
        through,
        to: cond("to")!,
        portals: n.portals === true ? cx.portals : null,
        onCapture: onCapture.map((e) => e.run),
        separator: (n.separator as string | undefined) ?? "-",
        trail: cx.trail,
        open: isEmptyAt(n.to, "to") && openPath(n),
        openTake: isNotFriendAt(n.to, "to") && openPath(n),
      }),
    );
  },
  add: (n, ptr, cx) => {
    const piece = cx.pieceIndex(n.piece as string, `${ptr}/piece`);
    const fromSupply = n["from-supply"] === true;
    if (fromSupply && cx.supplyTotal < 0) cx.fail("M001", "from-supply:true, but the equipment declares no (supply ...)", `${ptr}/from-supply`, "a (supply total) item");
    return register(
      cx,
      n,
      ptr,
      new AddGenerator({
        ...afterLanding(cx, () => siteChoice(n, ptr, cx, "add", "*")),
        piece,
        pieceName: n.piece as string,
        neutral: n.owner === "neutral",
        fromSupply,
        flags: flagMask((n.flags as string[] | undefined) ?? [], `${ptr}/flags`, cx),
        falls: n.falls === undefined ? -1 : boardDirection(n.falls as string, `${ptr}/falls`, cx),
      }),
    );
  },
  select: (n, ptr, cx) => register(cx, n, ptr, new SelectGenerator(siteChoice(n, ptr, cx, "select", "@"))),
  lift: (n, ptr, cx) => {
    const toSupply = n["to-supply"] === true;
    if (toSupply && cx.supplyTotal < 0) cx.fail("M001", "to-supply:true, but the equipment declares no (supply ...)", `${ptr}/to-supply`, "a (supply total) item");
    return register(
      cx,
      n,
      ptr,
      new LiftGenerator({
        topology: cx.topology!,
        kind: cx.kindIndex((n.kind as string | undefined) ?? "lift"),
        from: inMoveScope(cx, () => compileBool(n.from!, `${ptr}/from`, cx)),
        toSupply,
        supplyTotal: cx.supplyTotal,
        ...thenOf(n, ptr, cx),
        prefix: (n.prefix as string | undefined) ?? "-",
      }),
    );
  },
  "screen-jump": (n, ptr, cx) => {
    const o = pieceMoveOptions(n, ptr, cx, "jump");
    const target = inMoveScope(cx, () => compileBool(n.to!, `${ptr}/to`, cx));
    const over = n.over === undefined ? null : inMoveScope(cx, () => compileBool(n.over!, `${ptr}/over`, cx));
    // `any`: a line never holds more sites than the board.
    const range = n.range === undefined || n.range === "any" ? cx.topology!.n : (n.range as number);
    return register(cx, n, ptr, new ScreenJumpGenerator(o, (n.screens as number | undefined) ?? 1, target, over, range));
  },
  "chase-limit": (n, ptr, cx) => {
    const inner = compileMoves(n.moves!, `${ptr}/moves`, cx);
    // Kinds are looked up after the inner moves registered theirs.
    const counted = new Uint8Array(Math.max(1, cx.kinds.length));
    (n.kinds as string[]).forEach((k, i) => {
      const kind = cx.kinds.indexOf(k);
      if (kind < 0) cx.fail("M001", `no move of kind '${k}' in (chase-limit ...)`, `${ptr}/kinds/${i}`, `one of: ${cx.kinds.join(", ")}`);
      else counted[kind] = 1;
    });
    const base = cx.memoryInit.length;
    cx.memoryInit.push(...ChaseLimit.initialMemory(cx.playerCount));
    const rule = new ChaseLimit(inner, n.limit as number, counted, cx.topology!, cx.playerCount, base);
    cx.moveHooks.push((s, kind, from, to, player) => rule.record(s, kind, from, to, player));
    return rule;
  },
  fly: (n, ptr, cx) => {
    const o = pieceMoveOptions(n, ptr, cx, "fly");
    const to = n.to === undefined ? null : inMoveScope(cx, () => compileBool(n.to!, `${ptr}/to`, cx));
    return register(cx, n, ptr, new FlyGenerator(o, to));
  },
  "swap-pieces": (n, ptr, cx) => {
    const o = pieceMoveOptions(n, ptr, cx, "swap");
    const to = inMoveScope(cx, () => compileBool(n.to!, `${ptr}/to`, cx));
    return register(cx, n, ptr, new ExchangeGenerator(o, to));
  },
  shoot: (n, ptr, cx) => {
    const o = pieceMoveOptions(n, ptr, cx, "shoot");
    const to = n.to === undefined ? null : inMoveScope(cx, () => compileBool(n.to!, `${ptr}/to`, cx));
    const through = n.through === undefined ? null : inMoveScope(cx, () => cx.withSite(() => compileBool(n.through!, `${ptr}/through`, cx)));
    return register(
      cx,
      n,
      ptr,
      new ShootGenerator({
        ...o,
        shot: cx.pieceIndex(n.shot as string, `${ptr}/shot`),
        shotName: n.shot as string,
        neutral: n.owner === "neutral",
        range: n.range === undefined || n.range === "any" ? cx.topology!.n : (n.range as number),
        to,
        through,
        separator: (n.separator as string | undefined) ?? "/",
      }),
    );
  },
  hop: (n, ptr, cx) => {
    const o = pieceMoveOptions(n, ptr, cx, "hop");
    const over = n.over === undefined ? null : inMoveScope(cx, () => compileBool(n.over!, `${ptr}/over`, cx));
    const to = n.to === undefined ? null : inMoveScope(cx, () => compileBool(n.to!, `${ptr}/to`, cx));
    const markName = n.mark as string | undefined;
    const mark = markName === undefined ? 0 : cx.flagBit(markName, `${ptr}/mark`);
    cx.captureMarkFlags |= mark;
    const capture = n.capture !== "none", captureTop = n.capture === "top";
    if (!capture && markName !== undefined) cx.fail("M004", "mark: flags a captured piece, but capture:none captures nothing", `${ptr}/mark`, "capture:remove (the default) with mark:, or no mark:");
    if (captureTop && markName !== undefined) cx.fail("M004", "mark: flags the pieces a hop takes, but capture:top takes the top piece of a pile at once", `${ptr}/mark`, "capture:remove with mark:, or capture:top without it");
    const options = { ...o, over, to, capture, captureTop, before: reach(n.before, cx), after: reach(n.after, cx), mark, markName: markName ?? "" };
    const sites = n.jumps === "sites", [least, most] = runBounds(n.run, `${ptr}/run`, cx);
    // The hop over one piece, by far the most played (draughts' capture chains), keeps its own lean loop.
    const hop = !sites && least === 1 && most === 1 ? new HopGenerator(options) : new HopRunGenerator({ ...options, sites, least, most });
    return register(cx, n, ptr, hop);
  },
  drop: (n, ptr, cx) => {
    if (!cx.hand) cx.fail("M001", "(drop ...), but the equipment declares no (hand ...)", ptr, "a (hand) item");
    const pieces = new Uint8Array(Math.max(1, cx.pieces.length));
    if (Array.isArray(n.piece)) (n.piece as string[]).forEach((name, i) => {
      const t = cx.pieceIndex(name, `${ptr}/piece/${i}`);
      if (t >= 0) pieces[t] = 1;
    });
    else pieces.fill(1);
    const to = inMoveScope(cx, () => compileBool(n.to!, `${ptr}/to`, cx));
    const then = inMoveScope(cx, () => compileEffects((n.then as Json[] | undefined) ?? [], `${ptr}/then`, cx)).map((e) => e.run);
    const hit = inMoveScope(cx, () => compileEffects((n.hit as Json[] | undefined) ?? [], `${ptr}/hit`, cx)).map((e) => e.run);
    const names = cx.pieces.map((p) => p.name), symbols = cx.pieces.map((p) => p.symbols?.[0] ?? p.symbol);
    return register(cx, n, ptr, new DropGenerator({ topology: cx.topology!, kind: cx.kindIndex((n.kind as string | undefined) ?? "drop"), pieces, types: cx.pieces.length, to, hit, then, names, symbols }));
  },
  castle: (n, ptr, cx) => {
    const o = pieceMoveOptions(n, ptr, cx, "castle");
    const partner = cx.pieceIndex(n.partner as string, `${ptr}/partner`);
    const siteCond = (key: string) => (n[key] === undefined ? null : inMoveScope(cx, () => cx.withSite(() => compileBool(n[key]!, `${ptr}/${key}`, cx))));
    // Castling to given sites (Chess960): both landings named, and no distance.
    let landing: CastleRules["landing"] = null;
    if ((n["king-to"] === undefined) !== (n["partner-to"] === undefined)) {
      cx.fail("S001", "castling to given sites names both landings: king-to: and partner-to:", ptr, "king-to:SITE partner-to:SITE");
    } else if (n["king-to"] !== undefined) {
      if (n.distance !== undefined) cx.fail("S001", "castling to given sites (king-to:) has no distance:", `${ptr}/distance`, "king-to: and partner-to:, or distance:");
      landing = {
        king: inMoveScope(cx, () => compileSite(n["king-to"]!, `${ptr}/king-to`, cx)),
        partner: inMoveScope(cx, () => compileSite(n["partner-to"]!, `${ptr}/partner-to`, cx)),
      };
    }
    return register(cx, n, ptr, new CastleGenerator(o, { partner, distance: (n.distance as number | undefined) ?? 2, partnerOk: siteCond("partner-if"), safe: siteCond("safe"), landing }));
  },
  promotion: (n, ptr, cx) => {
    const at = compileSite(n.site!, `${ptr}/site`, cx);
    const listed = (n.pieces as string[] | undefined) ?? [];
    const types = Int32Array.from(listed.map((name, i) => cx.pieceIndex(name, `${ptr}/pieces/${i}`)));
    const names = cx.pieces.map((p) => p.name);
    // The letter notation writes after `=`: the first seat's symbol when each seat has its own.
    const symbols = cx.pieces.map((p) => p.symbols?.[0] ?? p.symbol);
    const promotes = Int32Array.from(cx.pieces, (p) => p.promotes ?? -1);
    const then = inMoveScope(cx, () => compileEffects((n.then as Json[] | undefined) ?? [], `${ptr}/then`, cx)).map((e) => e.run);
    return register(cx, n, ptr, new PromotionGenerator({ topology: cx.topology!, kind: cx.kindIndex((n.kind as string | undefined) ?? "promote"), at, types, promotes, names, symbols, then }));
  },
  promoting: (n, ptr, cx) => {
    const inner = compileMoves(n.moves!, `${ptr}/moves`, cx);
    if (holds(inner, (m) => m instanceof PromotingSource)) {
      cx.fail("M004", "(promoting ...) inside (promoting ...): a move promotes once", `${ptr}/moves`, "one (promoting ...) per group of moves, side by side in an (either ...)");
    }
    const cond = (key: string) => {
      if (n[key] === undefined) return null;
      const c = inMoveScope(cx, () => compileBoolC(n[key]!, `${ptr}/${key}`, cx));
      return c.constant === true ? null : c.constant === false ? constantFalse : c.fn;
    };
    // where: absent or always true, every move promotes (null); optional: absent or always false, never (null).
    const where = cond("where"), optionalC = n.optional === undefined ? null : inMoveScope(cx, () => compileBoolC(n.optional!, `${ptr}/optional`, cx));
    const optional = optionalC === null || optionalC.constant === false ? null : optionalC.constant === true ? constantTrue : optionalC.fn;
    const listed = (n.into as string[] | undefined) ?? [];
    const into = Int32Array.from(listed.map((name, i) => cx.pieceIndex(name, `${ptr}/into/${i}`)));
    const promotes = Int32Array.from(cx.pieces, (p) => p.promotes ?? -1);
    const symbols = cx.pieces.map((p) => p.symbols?.[0] ?? p.symbol);
    const slots = into.length > 0 ? into : Int32Array.from(new Set([...promotes].filter((x) => x >= 0)));
    if (into.length === 0 && slots.length === 0) cx.fail("M001", "(promoting ...) without into:, and no piece promotes: to another", ptr, "into:{TYPE ...}, or promotes:TYPE on the (piece ...) items");
    listed.forEach((name, i) => {
      const twin = listed.findIndex((other, j) => j < i && (other === name || symbols[into[j]!]!.toUpperCase() === symbols[into[i]!]!.toUpperCase()));
      if (twin >= 0 && into[i]! >= 0) {
        cx.fail("M004", listed[twin] === name ? `'${name}' is listed twice` : `'${name}' and '${listed[twin]}' are both written ${symbols[into[i]!]!.toUpperCase()}: their moves would have one notation`, `${ptr}/into/${i}`, "each type once, with symbols: that tell them apart");
      }
    });
    const suffix = (n.suffix as string | undefined) ?? null;
    if (suffix !== null && into.length > 1) cx.fail("M004", `suffix: writes every promotion alike, but into: gives ${into.length} types to choose from`, `${ptr}/suffix`, "no suffix: (= and the type's letter), or one type");
    const effects = inMoveScope(cx, () => afterLanding(cx, () => compileEffects((n.then as Json[] | undefined) ?? [], `${ptr}/then`, cx)));
    const shared = {
      topology: cx.topology!,
      names: cx.pieces.map((p) => p.name),
      symbols,
      suffix,
      then: effects.map((e) => e.run),
      describeThen: (s: State, c: Ctx) => effects.flatMap((e) => e.describe(s, c)),
    };
    // One move rule per (rule of the source, type): a promoted row is the source's row under its id.
    const promoted: PromotedMove[] = [];
    for (const leaf of leavesOf(inner)) for (const type of slots) if (type >= 0) promoted.push(register(cx, n, ptr, new PromotedMove(leaf, type, shared)));
    return new PromotingSource(inner, { where, optional, into, promotes }, promoted, slots);
  },
  keep: (n, ptr, cx) => {
    const inner = compileMoves(n.moves!, `${ptr}/moves`, cx);
    const leaving = inMoveScope(cx, () => compileBool(n.leaving!, `${ptr}/leaving`, cx));
    return new KeepSource(inner, leaving, cx.runtime);
  },
  leap: (n, ptr, cx) => {
    const o = pieceMoveOptions(n, ptr, cx, "leap");
    const paths = pathsByPlayer(n.paths as string[][], n.turns !== "none", `${ptr}/paths`, cx);
    const to = n.to === undefined ? null : inMoveScope(cx, () => compileBool(n.to!, `${ptr}/to`, cx));
    const through = n.through === undefined ? null : inMoveScope(cx, () => cx.withSite(() => compileBool(n.through!, `${ptr}/through`, cx)));
    return register(cx, n, ptr, new LeapGenerator(o, paths, to, { through, throughEmpty: isEmptyAt(n.through, "site") }));
  },
  "longest-sequence": (n, ptr, cx) => {
    if (n.per === "piece" && !movesAPiece(n.moves!))
      cx.fail("M004", "per:piece compares the moves of each piece on the board (those from one site), but these moves move no piece: they put, drop or pass", `${ptr}/per`, "per:piece over moves of pieces on the board (hop, step, slide ...), or no per:");
    const inner = compileMoves(n.moves!, `${ptr}/moves`, cx);
    let shared = lookaheads.get(cx);
    if (!shared) lookaheads.set(cx, (shared = { searching: 0 }));
    return new LongestSequenceSource(inner, cx.runtime, shared, cx.ruleAt(ptr, n.ludeme), (n.by as "decisions" | "captures" | undefined) ?? "decisions", () => cx.captureMarkFlags, n.per === "piece");
  },
};

/** The moves that start from no piece on the board (`per:piece` has nothing to compare in them). */
const movesNoPiece = new Set(["add", "drop", "pass", "propose", "vote"]);

/** Whether a move description has a move of a piece on the board among its moves (any but those above). */
function movesAPiece(v: Json): boolean {
  if (Array.isArray(v)) return v.some(movesAPiece);
  if (!isNode(v)) return false;
  if (movesBuilders[v.ludeme] && !movesNoPiece.has(v.ludeme) && !["either", "priority", "branch", "longest-sequence", "keep", "phases", "for-each-die", "for-each-value", "promoting"].includes(v.ludeme)) return true;
  return Object.entries(v).some(([k, x]) => k !== "ludeme" && movesAPiece(x as Json));
}

/** A hop's `before:`/`after:`: a number of sites, or `any` (no line is longer than the board). */
function reach(v: Json | undefined, cx: CompileContext): number {
  return v === "any" ? cx.topology!.n : ((v as number | undefined) ?? 0);
}

/** The move rules (leaf generators) a source draws its moves from, each once. */
function leavesOf(m: MoveSource, found = new Set<LeafGenerator>()): Set<LeafGenerator> {
  if (typeof (m as Partial<LeafGenerator>).apply === "function" && typeof (m as Partial<LeafGenerator>).id === "number") found.add(m as LeafGenerator);
  for (const p of m.parts ?? []) leavesOf(p, found);
  return found;
}

/** Whether `m` or a source beneath it (through `parts`) satisfies `test`. */
function holds(m: MoveSource, test: (m: MoveSource) => boolean): boolean {
  return test(m) || (m.parts ?? []).some((p) => holds(p, test));
}

const constantFalse = () => false;
const constantTrue = () => true;

/** Per compiled game: whether a longest-sequence search is running (its filters then let moves through). */
const lookaheads = new WeakMap<CompileContext, LookaheadShared>();

/** The arguments of moves that choose a site: kind, condition, effects, notation prefix. */
function siteChoice(n: IrNode, ptr: string, cx: CompileContext, defaultKind: string, defaultPrefix: string): SiteChoiceOptions {
  const kind = cx.kindIndex((n.kind as string | undefined) ?? defaultKind);
  const at = n.at === undefined ? null : compileRegion(n.at, `${ptr}/at`, cx);
  return {
    topology: cx.topology!,
    kind,
    // The condition is tried on the sites of `at:` only (what validate's estimate of its work counts).
    to: inMoveScope(cx, () => (at ? cx.triedOn(at.length, () => compileBool(n.to!, `${ptr}/to`, cx)) : compileBool(n.to!, `${ptr}/to`, cx))),
    at,
    ...thenOf(n, ptr, cx),
    prefix: (n.prefix as string | undefined) ?? defaultPrefix,
  };
}

/** A move's `then:` consequences, run after it and told (as primitive actions) before it is made. */
function thenOf(n: IrNode, ptr: string, cx: CompileContext): { then: Effect[]; describeThen: (s: State, c: Ctx) => PrimitiveAction[] } {
  const effects = inMoveScope(cx, () => compileEffects((n.then as Json[] | undefined) ?? [], `${ptr}/then`, cx));
  return { then: effects.map((e) => e.run), describeThen: (s, c) => effects.flatMap((e) => e.describe(s, c)) };
}

export function compileMoves(v: Json, ptr: string, cx: CompileContext): MoveSource {
  const source = !isNode(v) || !movesBuilders[v.ludeme] ? new UnionSource([]) : movesBuilders[v.ludeme]!(v, ptr, cx);
  cx.moveSources.push(source);
  return source;
}

function sources(list: Json[], ptr: string, cx: CompileContext): MoveSource[] {
  return list.map((v, i) => compileMoves(v, `${ptr}/${i}`, cx));
}

/** `(propose NAME)` and `(vote NAME)`. */
function agreementMove(n: IrNode, ptr: string, cx: CompileContext, what: "propose" | "vote"): MoveSource {
  const { words, index } = cx.agreement(n.name as string);
  if (index < 0) {
    cx.fail("M005", "a game proposes and votes on at most 31 names", `${ptr}/name`);
    return new UnionSource([]);
  }
  const then = inMoveScope(cx, () => compileEffects((n.then as Json[] | undefined) ?? [], `${ptr}/then`, cx)).map((e) => e.run);
  // Each name's proposal and vote is an action of its own (`vote-end`, `vote-no`): records and scenarios tell them apart.
  return register(cx, n, ptr, new AgreementGenerator(words, cx.kindIndex((n.kind as string | undefined) ?? `${what}-${n.name as string}`), what, index, n.vote === true, then));
}

function register<G extends LeafGenerator>(cx: CompileContext, n: IrNode, ptr: string, g: G): G {
  g.id = cx.generators.length;
  g.rule = cx.ruleAt(ptr, n.ludeme);
  cx.generatorPtrs.push(ptr);
  cx.generators.push(g);
  return g;
}

/** Compiles consequences of a move that leaves a piece on `to` (so effects that need it empty can be flagged). */
function afterLanding<T>(cx: CompileContext, f: () => T): T {
  return cx.within("afterLanding", true, f);
}

function inMoveScope<T>(cx: CompileContext, f: () => T): T {
  return cx.within("scope", "move", f);
}

/** A rule's `piece:` list as one flag per piece type (1: the rule moves it); null without the list (every type). */
function pieceFilter(n: IrNode, ptr: string, cx: CompileContext): Uint8Array | null {
  if (!Array.isArray(n.piece)) return null;
  const pieces = new Uint8Array(Math.max(1, cx.pieces.length));
  (n.piece as string[]).forEach((name, i) => {
    const t = cx.pieceIndex(name, `${ptr}/piece/${i}`);
    if (t >= 0) pieces[t] = 1;
  });
  return pieces;
}

/** An optional condition argument of a move (`site` bound with `withSite`), null when absent. */
function optionalCond(n: IrNode, key: string, ptr: string, cx: CompileContext, withSite = false): Pred | null {
  if (n[key] === undefined) return null;
  const compile = () => compileBool(n[key]!, `${ptr}/${key}`, cx);
  return inMoveScope(cx, () => (withSite ? cx.withSite(compile) : compile()));
}

/** A list of effects argument of a move (`then:`, `hit:`, `capture:`), empty when absent. */
function effectsOf(n: IrNode, key: string, ptr: string, cx: CompileContext): Effect[] {
  return inMoveScope(cx, () => compileEffects((n[key] as Json[] | undefined) ?? [], `${ptr}/${key}`, cx)).map((e) => e.run);
}

/** The arguments every piece move shares: kind, piece filter, directions, consequences. */
function pieceMoveOptions(n: IrNode, ptr: string, cx: CompileContext, defaultKind: string, recordsPath = false): PieceMoveOptions {
  const topology = cx.topology!;
  const kind = cx.kindIndex((n.kind as string | undefined) ?? defaultKind);
  const pieces = pieceFilter(n, ptr, cx);
  // Fly, swap and leap do not move along directions: the last move's (onward, back) mean nothing to them.
  const alongLines = !["fly", "swap-pieces", "leap"].includes(n.ludeme as string);
  const { dirs, onward } = moveDirections(n.dirs, n.except, ptr, cx, n.ludeme as string, alongLines);
  if (onward) cx.readsLastMove = true;
  const effects = inMoveScope(cx, () =>
    cx.within("recordsPath", recordsPath, () => afterLanding(cx, () => compileEffects((n.then as Json[] | undefined) ?? [], `${ptr}/then`, cx))),
  );
  const from = n.from === undefined ? null : inMoveScope(cx, () => compileBool(n.from!, `${ptr}/from`, cx));
  if (n.origin === "last-to") cx.readsLastMove = true;
  const allowed = pieces === null ? [] : [...pieces.keys()].filter((t) => pieces![t] === 1);
  return {
    topology,
    kind,
    pieces,
    onlyType: allowed.length === 1 ? allowed[0]! : -1,
    dirs,
    onward,
    from,
    origin: n.origin === "last-to" ? LAST_TO : ANY_ORIGIN,
    then: effects.map((e) => e.run),
    ...(n.hit === undefined ? {} : { hit: inMoveScope(cx, () => compileEffects(n.hit as Json[], `${ptr}/hit`, cx)).map((e) => e.run) }),
    ...(n.take === "top" ? { takeTop: true } : {}),
    ...(n.ludeme === "step" && n.capture === "none" ? { stacks: true } : {}),
    describeThen: (s, c) => effects.flatMap((e) => e.describe(s, c)),
  };
}

/** Whether a slide's path is over empty sites only (`through:(empty site)`, or a single step). */
function openPath(n: IrNode): boolean {
  return isEmptyAt(n.through, "site") || (n.through === undefined && n.range === 1);
}

/** Whether a condition is `(not (friend <site>))`, which generators can test inline. */
function isNotFriendAt(v: Json | undefined, site: string): boolean {
  return v !== undefined && isNode(v) && v.ludeme === "not" && isNode(v.cond) && v.cond.ludeme === "friend" && v.cond.site === site && v.cond.level === undefined;
}

/** Whether a condition is `(empty <site>)`, which generators can test inline. */
function isEmptyAt(v: Json | undefined, site: string): boolean {
  return v !== undefined && isNode(v) && v.ludeme === "empty" && v.site === site;
}

/** A direction of the board by name (its index), reported at `ptr` when the board has none such. */
function boardDirection(name: string, ptr: string, cx: CompileContext): number {
  const d = dirIndex(cx.topology!, name);
  if (d < 0) cx.fail("M001", `the board has no direction '${name}'`, ptr, `one of: ${cx.topology!.dirNames.join(" ")}`);
  return d;
}

const COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/**
 * `(turn-region ...)` and `(flip-region ...)`: one move per named region and motion, each map
 * worked out on the board's geometry, a region the motion does not carry onto itself refused.
 */
function regionMotionMove(n: IrNode, ptr: string, cx: CompileContext, verb: string, motions: { motion: Motion; suffix: string; what: string }[]): MoveSource {
  const topology = cx.topology!;
  if (cx.stackLevels !== 0) cx.fail("M001", `(${verb}-region ...) moves whole sites, and this game keeps mixed stacks`, ptr, "a game without (mixed-stacks ...)");
  const out: RegionMotion[] = [];
  (n.regions as string[]).forEach((name, i) => {
    const sites = cx.regions.get(name);
    if (!sites) {
      cx.fail("M001", `no region '${name}'`, `${ptr}/regions/${i}`, cx.regions.size ? `one of: ${[...cx.regions.keys()].join(", ")}` : "a region declared with (region ...)");
      return;
    }
    if (sites.length === 0) return cx.fail("M001", `region '${name}' has no sites`, `${ptr}/regions/${i}`);
    for (const { motion, suffix, what } of motions) {
      const map = mapRegion(topology, sites, motion);
      if (!map.images) {
        cx.fail("M001", `${what} carries ${topology.labels[map.stray]} out of region '${name}'`, `${ptr}/regions/${i}`, "a region the motion carries onto itself (a square block turns by 90 degrees, a hexagon by 60)");
        return;
      }
      out.push({ sites, images: map.images, centre: map.centre, notation: `${map.centre >= 0 ? topology.labels[map.centre] : `${name}-`}${suffix}` });
    }
  });
  const then = inMoveScope(cx, () => compileEffects((n.then as Json[] | undefined) ?? [], `${ptr}/then`, cx)).map((e) => e.run);
  return register(cx, n, ptr, new RegionTurnGenerator(topology, cx.kindIndex((n.kind as string | undefined) ?? verb), out, then));
}

/**
 * With mixed stacks a piece landing on others goes on top of them: a `hit:` that only counts the
 * piece hit back into its owner's supply leaves it on the board too (a piece made twice). Warned (W001).
 */
function warnHitLeftStanding(n: IrNode, ptr: string, cx: CompileContext): void {
  if (cx.stackLevels === 0 || !Array.isArray(n.hit)) return;
  const hit = n.hit as Json[];
  const on = (e: Json, ludeme: string) => isNode(e) && e.ludeme === ludeme && e.site === "to";
  const returned = hit.findIndex((e) => on(e, "return-to-supply"));
  if (returned < 0 || hit.some((e) => on(e, "remove") || (isNode(e) && e.ludeme === "move-pieces"))) return;
  cx.warn("W001", "with mixed stacks the moving piece goes on top of the pieces it lands on: (return-to-supply to) counts the piece hit back into the supply but leaves it on the board", `${ptr}/hit/${returned}`, "(return-to-supply to) (remove to), to take it off as well");
}

/** A site some seat's road passes more than once (its label, `P2's b3` when the seats' roads differ), or null. */
function repeatedSite(track: Track, labels: readonly string[]): string | null {
  for (let p = 0; p < track.sites.length; p++) {
    const sites = track.sites[p]!;
    for (let i = 0; i < sites.length; i++) {
      if (track.position[p]![sites[i]!] !== i) return track.sites.every((l) => l.length === sites.length && l.every((x, j) => x === sites[j])) ? labels[sites[i]!]! : `P${p + 1}'s ${labels[sites[i]!]}`;
    }
  }
  return null;
}
