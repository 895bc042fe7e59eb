/**
 * Builders of the `effect` category: consequences run after a move (`then:`, `on-capture:`) or
 * after every action or turn (`after-action:`, `after-turn:`).
 */
import type { Json } from "../../lang/bind.js";
import type { PrimitiveAction } from "../../engine/moves/moves.js";
import type { Ctx, Effect } from "../../engine/play/rules.js";
import { changeSupply, EMPTY, NEUTRAL, type State } from "../../engine/state/state.js";
import { big, checkExact, PlayLimitError, positionWords } from "../../engine/play/play-limit.js";
import { MAX_TURN } from "../../limits.js";
import { handBaseTypes, isNode, type CompileContext, type IrNode } from "../context.js";
import { convertOutflanked } from "../../engine/structures/lines.js";
import { flankedFrom, flankedRun, intervenedFrom, surroundedFrom } from "../../engine/structures/custodial.js";
import { directionsIn } from "../directions.js";
import { compilePlayer } from "../expression.js";
import { compileSite } from "./sites.js";
import { Flood, nearLists } from "../neighbours.js";
import { compileBool, NO_SIDE, sidesOf } from "./conditions.js";
import { compileInt } from "./numbers.js";
import { compileRegion } from "./regions.js";
import { walkedMoveSites } from "./move-sites.js";
import { runBounds } from "../count-range.js";
import { nextTurnWord, visitedWords } from "../seats.js";
import { dirIndex, everyDirection, lineDirection } from "../../engine/board/topology.js";
import { SowEffect, type SowingOptions } from "../../engine/moves/sow.js";
import type { Track } from "../../engine/moves/track.js";
import { trackNamed } from "../tracks.js";

export interface CompiledEffect {
  run: Effect;
  /**
   * For effects that find sites before acting on them (custodial, intervene, surround): finds them
   * now, on the position as it is, for the next `run` to act on (see at-once).
   */
  prepare?: Effect;
  /** The primitive actions this effect performs for a move about to be made in `s` (records only). */
  describe: (s: State, c: Ctx) => PrimitiveAction[];
}

const silent = (run: Effect): CompiledEffect => ({ run, describe: () => [] });

/**
 * Effects by ludeme. The site an effect acts on may be no site (-1: off the board, a piece not
 * there, no last move): the effect then does nothing, so every one checks before touching the board.
 */
export const effectBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => CompiledEffect> = {
  "counter-add": (n, ptr, cx) => {
    const name = n.name as string;
    const slot = cx.counterSlot(name, n.of as string | undefined, ptr), slots = cx.counters;
    const by = compileInt(n.by!, `${ptr}/by`, cx);
    const rule = cx.ruleAt(ptr, n.ludeme);
    if (typeof slot === "number") {
      return {
        run: (s, c) => {
          s.counters[slot] = checkExact(s.counters[slot]! + by(s, c), rule, `counter '${name}'`, s);
        },
        describe: (s, c) => [{ op: "counter", name, change: "add", value: by(s, c) }],
      };
    }
    return {
      run: (s, c) => {
        const i = slot(s, c);
        s.counters[i] = checkExact(s.counters[i]! + by(s, c), rule, `counter '${slots[i]}'`, s);
      },
      describe: (s, c) => [{ op: "counter", name: slots[slot(s, c)]!, change: "add", value: by(s, c) }],
    };
  },
  "counter-set": (n, ptr, cx) => {
    const name = n.name as string;
    const slot = cx.counterSlot(name, n.of as string | undefined, ptr), slots = cx.counters;
    const value = compileInt(n.value!, `${ptr}/value`, cx);
    const rule = cx.ruleAt(ptr, n.ludeme);
    const at = typeof slot === "number" ? () => slot : slot;
    return {
      run: (s, c) => {
        const i = at(s, c);
        s.counters[i] = checkExact(value(s, c), rule, `counter '${slots[i]}'`, s);
      },
      describe: (s, c) => [{ op: "counter", name: slots[at(s, c)]!, change: "set", value: value(s, c) }],
    };
  },
  "set-flag": (n, ptr, cx) => {
    const at = compileSite(n.site!, `${ptr}/site`, cx);
    const bit = cx.flagBit(n.flag as string, `${ptr}/flag`);
    return silent((s, c) => {
      const site = at(s, c);
      if (site >= 0 && s.owner[site] !== EMPTY) s.flags[site]! |= bit;
    });
  },
  "clear-flag": (n, ptr, cx) => {
    const at = compileSite(n.site!, `${ptr}/site`, cx);
    const mask = ~cx.flagBit(n.flag as string, `${ptr}/flag`);
    return silent((s, c) => {
      const site = at(s, c);
      if (site >= 0) s.flags[site]! &= mask;
    });
  },
  "move-again": (n, ptr, cx) => {
    const rule = cx.ruleAt(ptr, n.ludeme);
    return {
      // The turn gains a decision, once per decision: the engine keeps the mover after this one (see Game.afterDecision).
      run: (s) => {
        if (s.movedAgain) return;
        if (s.actionsInTurn >= MAX_TURN) throw new PlayLimitError(rule, `would give one turn more than ${big(MAX_TURN)} decisions`, positionWords(s));
        s.actionsInTurn++;
        s.movedAgain = true;
      },
      describe: () => [],
    };
  },
  "next-turn": (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    const word = nextTurnWord(cx);
    return silent((s, c) => {
      s.memory[word] = who(s, c) + 1;
    });
  },
  "at-once": (n, ptr, cx) => {
    const list = compileEffects(n.effects as Json[], `${ptr}/effects`, cx);
    const prepared = list.flatMap((e) => (e.prepare ? [e.prepare] : []));
    if (prepared.length === 0) cx.warn("W001", "(at-once ...) here changes nothing: none of its effects finds sites or counts before acting (custodial, intervene, surround, sow)", `${ptr}/effects`, "the effects without at-once");
    const runs = list.map((e) => e.run);
    return {
      run: (s, c) => {
        for (const p of prepared) p(s, c);
        for (const r of runs) r(s, c);
      },
      describe: (s, c) => list.flatMap((e) => e.describe(s, c)),
    };
  },
  when: (n, ptr, cx) => {
    const cond = compileBool(n.cond!, `${ptr}/cond`, cx);
    const yes = compileEffects(n.then as Json[], `${ptr}/then`, cx).map((e) => e.run);
    const no = compileEffects((n.else as Json[] | undefined) ?? [], `${ptr}/else`, cx).map((e) => e.run);
    return silent((s, c) => {
      for (const e of cond(s, c) ? yes : no) e(s, c);
    });
  },
  while: (n, ptr, cx) => {
    // Each round asks the condition and runs the effects: counted against the position's work budget
    // as a walk over the board (see WorkBudget), which stops a loop that never ends with a located error.
    const { rule, parts } = cx.walk(ptr, "while", 1, () => ({
      cond: compileBool(n.cond!, `${ptr}/cond`, cx),
      body: compileEffects(n.do as Json[], `${ptr}/do`, cx).map((e) => e.run),
    }));
    const { cond, body } = parts, work = cx.work, round = cx.topology!.n;
    return silent((s, c) => {
      while (cond(s, c)) {
        if ((work.left -= round) < 0) work.spent(rule, s);
        for (const e of body) e(s, c);
      }
    });
  },
  forall: (n, ptr, cx) => {
    const N = cx.topology!.n;
    // Over the sites some moves would reach (or start from): one generation of the moves, then the
    // effects at each site in the board's order.
    const reach = n.near === undefined ? walkedMoveSites(n.cond, `${ptr}/cond`, cx) : null;
    if (reach) {
      const body = cx.withSite(() => compileEffects(n.do as Json[], `${ptr}/do`, cx).map((e) => e.run));
      const chosen = new Int32Array(N);
      return silent((s, c) => {
        const k = reach.each(s, c, (sites, k) => (chosen.set(sites.subarray(0, k)), k));
        chosen.subarray(0, k).sort();
        const saved = c.site;
        for (let j = 0; j < k; j++) {
          c.site = chosen[j]!;
          for (const e of body) e(s, c);
        }
        c.site = saved;
      });
    }
    // Around a site (`near:`) it walks a few; over the board, every site, counted (see WorkBudget).
    const { rule, parts } = cx.walk(ptr, "forall", n.near === undefined ? N : 1, () => ({
      cond: cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx)),
      body: cx.withSite(() => compileEffects(n.do as Json[], `${ptr}/do`, cx).map((e) => e.run)),
    }));
    const { cond, body } = parts, work = cx.work;
    const chosen = new Int32Array(N);
    // The sites looked at: every site, or those next to `near:` (as `near` reads them).
    const around = n.near === undefined ? null : compileSite(n.near, `${ptr}/near`, cx);
    const { start, list } = around ? nearLists(cx, (n.via as string | undefined) ?? "adjacent", `${ptr}/via`) : { start: null, list: null };
    return silent((s, c) => {
      // Find every site first, so that the effects cannot change which sites are chosen.
      let k = 0;
      const saved = c.site;
      if (around) {
        const centre = around(s, c);
        for (let j = centre < 0 ? 0 : start![centre]!, end = centre < 0 ? 0 : start![centre + 1]!; j < end; j++) {
          c.site = list![j]!;
          if (cond(s, c)) chosen[k++] = c.site;
        }
      } else {
        if ((work.left -= N) < 0) work.spent(rule, s);
        for (let site = 0; site < N; site++) {
          c.site = site;
          if (cond(s, c)) chosen[k++] = site;
        }
      }
      for (let j = 0; j < k; j++) {
        c.site = chosen[j]!;
        for (const e of body) e(s, c);
      }
      c.site = saved;
    });
  },
  groups: (n, ptr, cx) => groupsEffect(n, ptr, cx),
  mark: (n, ptr, cx) => markerChange(n, ptr, cx, 1),
  unmark: (n, ptr, cx) => markerChange(n, ptr, cx, 0),
  put: (n, ptr, cx) => {
    const at = compileSite(n.site!, `${ptr}/site`, cx);
    // put fills only an empty site, and the move just made left its piece on `to`.
    if (n.site === "to" && cx.afterLanding) {
      cx.warn("W001", "(put to ...) here never acts: the move leaves its piece on `to`, and put only fills an empty site", `${ptr}/site`, "(promote to PIECE) to change the piece there, or put on another site");
    }
    const type = cx.pieceIndex(n.piece as string, `${ptr}/piece`);
    const neutral = n.owner === "neutral";
    const who = neutral ? () => NEUTRAL : compilePlayer(n.owner as string, `${ptr}/owner`, cx);
    const fromSupply = n["from-supply"] === true;
    if (fromSupply && cx.supplyTotal < 0) cx.fail("M001", "from-supply:true, but the equipment declares no (supply ...)", `${ptr}/from-supply`, "a (supply total) item");
    if (fromSupply && neutral) cx.fail("M004", "a neutral piece comes from no player's supply", `${ptr}/from-supply`, "no from-supply: for a neutral piece, or a player as its owner");
    const flags = flagMask((n.flags as string[] | undefined) ?? [], `${ptr}/flags`, cx);
    return silent((s, c) => {
      const site = at(s, c), owner = who(s, c);
      if (site < 0 || s.owner[site] !== EMPTY) return;
      if (fromSupply) {
        if (s.supply[owner]! <= 0) return;
        s.supply[owner]!--;
      }
      s.put(site, owner, type, 1, flags);
    });
  },
  promote: (n, ptr, cx) => {
    const at = compileSite(n.site!, `${ptr}/site`, cx);
    if (n.piece === undefined) {
      // Each piece to the type it `promotes:` to (read at play time: the links are resolved by then).
      const pieces = cx.pieces;
      return silent((s, c) => {
        const site = at(s, c);
        const to = site >= 0 && s.owner[site] !== EMPTY ? (pieces[s.piece[site]!]?.promotes ?? -1) : -1;
        if (to >= 0) s.setPiece(site, to);
      });
    }
    const type = cx.pieceIndex(n.piece as string, `${ptr}/piece`);
    return silent((s, c) => {
      const site = at(s, c);
      if (site >= 0) s.setPiece(site, type);
    });
  },
  remove: (n, ptr, cx) => {
    const at = compileSite(n.site!, `${ptr}/site`, cx);
    return silent((s, c) => {
      const site = at(s, c);
      // In a mixed stack, the top piece.
      if (site >= 0) s.levels ? s.takePieces(site, 1) : s.clear(site);
    });
  },
  push: (n, ptr, cx) => {
    const at = compileSite(n.site!, `${ptr}/site`, cx);
    const topo = cx.topology!, N = topo.n, step = topo.step;
    if ((n.dir === undefined) === (n.toward === undefined)) {
      cx.fail("S001", "(push ...) needs the way to push: a direction (dir:) or a site on the line (toward:), one of the two", ptr, "dir:N or toward:SITE");
      return silent(() => {});
    }
    let fixed = -1;
    if (n.dir !== undefined) {
      fixed = dirIndex(topo, n.dir as string);
      if (fixed < 0) cx.fail("M001", `the board has no direction '${n.dir as string}'`, `${ptr}/dir`, `one of: ${topo.dirNames.join(" ")}`);
    }
    const toward = n.toward === undefined ? null : compileSite(n.toward, `${ptr}/toward`, cx);
    const line = new Int32Array(N + 1);
    /** The line pushed, into `line`: from the site up to its first empty site, or to the edge (0: nothing to push). */
    const pushed = (s: State, c: Ctx): number => {
      const x = at(s, c);
      if (x < 0 || s.owner[x] === EMPTY) return 0;
      const d = toward === null ? fixed : lineDirection(topo, x, toward(s, c));
      if (d < 0) return 0;
      let len = 0;
      line[len++] = x;
      for (let a = step[d * N + x]!; a >= 0 && len <= N; a = step[d * N + a]!) {
        line[len++] = a;
        if (s.owner[a] === EMPTY) break;
      }
      return len;
    };
    const labels = topo.labels;
    return {
      run: (s, c) => {
        const len = pushed(s, c);
        if (len === 0) return;
        // No empty site before the edge: the last piece falls off.
        if (s.owner[line[len - 1]!] !== EMPTY) s.clear(line[len - 1]!);
        for (let i = len - 1; i >= 1; i--) s.relocate(line[i - 1]!, line[i]!);
      },
      describe: (s, c) => {
        const len = pushed(s, c);
        if (len === 0) return [];
        const out: PrimitiveAction[] = [];
        if (s.owner[line[len - 1]!] !== EMPTY) out.push({ op: "remove", at: labels[line[len - 1]!]! });
        for (let i = len - 1; i >= 1; i--) out.push({ op: "move", from: labels[line[i - 1]!]!, to: labels[line[i]!]! });
        return out;
      },
    };
  },
  "add-score": (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    const by = compileInt(n.by!, `${ptr}/by`, cx);
    const rule = cx.ruleAt(ptr, n.ludeme);
    return silent((s, c) => {
      const p = who(s, c);
      s.score[p] = checkExact(s.score[p]! + by(s, c), rule, `P${p + 1}'s score`, s);
    });
  },
  "add-supply": (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    const by = compileInt(n.by!, `${ptr}/by`, cx);
    const total = cx.supplyTotal;
    const rule = cx.ruleAt(ptr, n.ludeme);
    return silent((s, c) => changeSupply(s, who(s, c), by(s, c), total, rule));
  },
  "each-player": (n, ptr, cx) => {
    const P = cx.playerCount;
    if (n.as === "player") {
      // `player` names each seat in turn; the context's own player (mover, next) is left alone.
      const named = cx.withSubject(() => compileEffects(n.do as Json[], `${ptr}/do`, cx)).map((e) => e.run);
      return silent((s, c) => {
        const saved = c.subject;
        for (let p = 0; p < P; p++) {
          c.subject = p;
          for (const e of named) e(s, c);
        }
        c.subject = saved;
      });
    }
    const body = compileEffects(n.do as Json[], `${ptr}/do`, cx).map((e) => e.run);
    return silent((s, c) => {
      const saved = c.player;
      for (let p = 0; p < P; p++) {
        c.player = p;
        for (const e of body) e(s, c);
      }
      c.player = saved;
    });
  },
  "remove-shapes": (n, ptr, cx) => removeShapesEffect(n, ptr, cx),
  "convert-outflanked": (n, ptr, cx) => {
    const at = compileSite(n.at!, `${ptr}/at`, cx);
    const topology = cx.topology!;
    const dirs = Int32Array.from(directionsIn(n.dirs, `${ptr}/dirs`, cx));
    return silent((s, c) => {
      const site = at(s, c);
      if (site >= 0) convertOutflanked(topology, s, site, c.player, dirs);
    });
  },
  "swap-owners": (n, ptr, cx) => {
    const a = compilePlayer(n.a as string, `${ptr}/a`, cx), b = compilePlayer(n.b as string, `${ptr}/b`, cx);
    return silent((s, c) => {
      const pa = a(s, c), pb = b(s, c);
      if (pa === pb) return;
      // Written past the board primitives: the board key is to be recomputed.
      s.boardKey[2] = 1;
      for (let site = 0; site < s.owner.length; site++) {
        if (s.owner[site] === pa) s.owner[site] = pb;
        else if (s.owner[site] === pb) s.owner[site] = pa;
      }
      // Mixed stacks: every piece of a stack changes hands too.
      for (let k = 0; s.levels && k < s.levelOwner.length; k++) {
        if (s.levelOwner[k] === pa) s.levelOwner[k] = pb;
        else if (s.levelOwner[k] === pb) s.levelOwner[k] = pa;
      }
      const t = s.pieceCount[pa]!;
      s.pieceCount[pa] = s.pieceCount[pb]!;
      s.pieceCount[pb] = t;
      s.touch();
    });
  },
  exchange: (n, ptr, cx) => {
    const a = compileSite(n.a!, `${ptr}/a`, cx), b = compileSite(n.b!, `${ptr}/b`, cx);
    const labels = cx.topology!.labels;
    return {
      run: (s, c) => {
        const x = a(s, c), y = b(s, c);
        if (x >= 0 && y >= 0) s.exchange(x, y);
      },
      describe: (s, c) => {
        const x = a(s, c), y = b(s, c);
        return x < 0 || y < 0 || x === y ? [] : [{ op: "exchange", a: labels[x]!, b: labels[y]! }];
      },
    };
  },
  "move-pieces": (n, ptr, cx) => {
    const from = compileSite(n.from!, `${ptr}/from`, cx), to = compileSite(n.to!, `${ptr}/to`, cx);
    const count = n.count === undefined ? null : compileInt(n.count, `${ptr}/count`, cx);
    const under = n.under === true;
    const labels = cx.topology!.labels;
    const amount = (s: State, c: Ctx, a: number): number => Math.min(s.height[a]!, count === null ? s.height[a]! : count(s, c));
    return {
      run: (s, c) => {
        const a = from(s, c), b = to(s, c);
        if (a < 0 || b < 0 || a === b || s.owner[a] === EMPTY) return;
        const k = amount(s, c, a);
        if (k <= 0) return;
        if (under) {
          // One by one from the top of `a` to the bottom of `b`: the lowest of them ends lowest.
          for (let i = 0; i < k; i++) {
            const owner = s.owner[a]!, piece = s.piece[a]!;
            s.takePieces(a, 1);
            s.addUnder(b, owner, piece, 1);
          }
          return;
        }
        if (s.levels) {
          // Mixed stacks: one by one off the top, so each keeps its owner and type.
          for (let i = 0; i < k; i++) {
            const owner = s.owner[a]!, piece = s.piece[a]!;
            s.takePieces(a, 1);
            s.addPieces(b, owner, piece, 1);
          }
          return;
        }
        const owner = s.owner[a]!, piece = s.piece[a]!;
        s.takePieces(a, k);
        s.addPieces(b, owner, piece, k);
      },
      describe: (s, c) => {
        const a = from(s, c), b = to(s, c);
        if (a < 0 || b < 0 || a === b || s.owner[a] === EMPTY) return [];
        const k = amount(s, c, a);
        return k > 0 ? [{ op: "transfer", from: labels[a]!, to: labels[b]!, count: k }] : [];
      },
    };
  },
  sow: (n, ptr, cx) => {
    if (cx.scope !== "move") cx.fail("M004", "(sow ...) as an effect sows inside a move: it belongs in a move's consequences (then:, capture:)", ptr, "the (sow ...) move, or this sowing in a move's then:");
    const track = trackNamed(n.track as string, `${ptr}/track`, cx);
    const from = n.from === undefined ? compileSite("to", `${ptr}`, cx) : compileSite(n.from, `${ptr}/from`, cx);
    const count = n.count === undefined ? null : compileInt(n.count, `${ptr}/count`, cx);
    if (!track) return silent(() => {});
    const sowing = new SowEffect(sowingOptions(n, ptr, cx, track));
    // The pit and the count found ahead by `prepare` (inside at-once); NOT_READY when none wait.
    let readyPit = NOT_READY, readyCount = -1;
    const amount = (s: State, c: Ctx): number => (count === null ? -1 : Math.max(0, count(s, c)));
    return {
      run: (s, c) => {
        let pit = readyPit, k = readyCount;
        if (pit === NOT_READY) {
          pit = from(s, c);
          k = amount(s, c);
        }
        readyPit = NOT_READY;
        sowing.run(s, c, pit, k);
      },
      prepare: (s, c) => {
        readyPit = from(s, c);
        // All the pit holds, counted now.
        readyCount = count === null ? (readyPit < 0 ? 0 : s.height[readyPit]!) : amount(s, c);
      },
      describe: (s, c) => sowing.describe(s, c, from(s, c), amount(s, c)),
    };
  },
  "return-to-hand": (n, ptr, cx) => {
    const at = compileSite(n.site!, `${ptr}/site`, cx);
    if (!cx.hand) cx.fail("M001", "(return-to-hand ...), but the equipment declares no (hand ...)", ptr, "a (hand) item");
    // A promoted piece goes back as the type it promoted from, as captures go to hands.
    const types = cx.pieces.length, base = handBaseTypes(cx);
    return silent((s, c) => {
      const site = at(s, c), owner = site >= 0 ? s.owner[site]! : EMPTY;
      if (owner === EMPTY || owner === NEUTRAL) return;
      // In a mixed stack, the top piece; else the whole pile, all its owner's.
      s.hand[owner * types + base[s.piece[site]!]!]! += s.levels ? 1 : s.height[site]!;
      if (s.levels) s.takePieces(site, 1);
      else s.clear(site);
    });
  },
  "return-to-supply": (n, ptr, cx) => {
    const at = compileSite(n.site!, `${ptr}/site`, cx);
    const total = cx.supplyTotal;
    const rule = cx.ruleAt(ptr, n.ludeme);
    return silent((s, c) => {
      const site = at(s, c);
      if (site >= 0 && s.owner[site] !== EMPTY) changeSupply(s, s.owner[site]!, s.levels ? 1 : s.height[site]!, total, rule);
    });
  },
  enclose: (n, ptr, cx) => {
    const at = compileSite(n.at!, `${ptr}/at`, cx);
    const scan = cx.groupScan(directionsIn(n.dirs, `${ptr}/dirs`, cx));
    // Which groups may be enclosed, asked of the first piece of each met: an enemy's by default.
    const side = sidesOf(cx);
    const target = n.target === undefined ? null : cx.withSite(() => compileBool(n.target!, `${ptr}/target`, cx));
    const body = cx.withSite(() => compileEffects(n.do as Json[], `${ptr}/do`, cx).map((e) => e.run));
    let state: State, ctx: Ctx;
    const sites = new Int32Array(cx.topology!.n);
    const isTarget = (site: number): boolean => {
      if (target === null) {
        const o = state.owner[site]!;
        return side[o] !== NO_SIDE && side[o] !== side[ctx.player];
      }
      const saved = ctx.site;
      ctx.site = site;
      const ok = target(state, ctx);
      ctx.site = saved;
      return ok;
    };
    return silent((s, c) => {
      const from = at(s, c);
      if (from < 0) return;
      state = s;
      ctx = c;
      const k = scan.enclosedAround(s, from, isTarget);
      if (k === 0) return;
      // The effects may change the board (a removal): the sites are copied out first.
      sites.set(scan.found.subarray(0, k));
      const saved = c.site;
      c.captures += k;
      for (let j = 0; j < k; j++) {
        c.site = sites[j]!;
        for (const e of body) e(s, c);
      }
      c.site = saved;
    });
  },
  custodial: (n, ptr, cx) => {
    const [least, most] = runBounds(n.run, `${ptr}/run`, cx);
    // One deep (the default) keeps its own loop: a run's walk costs tafl's captures for nothing.
    if (least === 1 && most === 1) return captureFrom(n, ptr, cx, "anvil", flankedFrom);
    return captureFrom(n, ptr, cx, "anvil", (topo, dirs, s, c, at, target, anvil, out) => flankedRun(topo, dirs, s, c, at, target, anvil, out, least, most), most);
  },
  surround: (n, ptr, cx) => captureFrom(n, ptr, cx, "hostile", surroundedFrom),
  intervene: (n, ptr, cx) => captureFrom(n, ptr, cx, null, intervenedFrom, 2),
  visit: (n, ptr, cx) => {
    const at = compileSite(n.site!, `${ptr}/site`, cx);
    const base = visitedWords(cx);
    return silent((s, c) => {
      const site = at(s, c);
      if (site >= 0) s.memory[base + (site >>> 5)]! |= 1 << (site & 31);
    });
  },
};

/**
 * `custodial` and `surround`: the sites captured from one site, found first (into a buffer made
 * once), then the effects run for each with `site` bound.
 */
function captureFrom(n: IrNode, ptr: string, cx: CompileContext, condKey: string | null, find: typeof flankedFrom, most = 1): CompiledEffect {
  const at = compileSite(n.at!, `${ptr}/at`, cx);
  const topology = cx.topology!;
  const dirs = Int32Array.from(directionsIn(n.dirs, `${ptr}/dirs`, cx));
  const target = cx.withSite(() => compileBool(n.target!, `${ptr}/target`, cx));
  const other = condKey === null ? () => true : cx.withSite(() => compileBool(n[condKey]!, `${ptr}/${condKey}`, cx));
  const body = cx.withSite(() => compileEffects(n.do as Json[], `${ptr}/do`, cx).map((e) => e.run));
  const found = new Int32Array(Math.max(1, dirs.length * Math.min(most, topology.n)));
  // Sites found ahead by `prepare` (inside at-once), -1 when none are waiting.
  let ready = -1;
  const findNow = (s: State, c: Ctx): number => {
    const from = at(s, c);
    if (from < 0) return 0;
    const saved = c.site;
    const k = find(topology, dirs, s, c, from, target, other, found);
    c.site = saved;
    return k;
  };
  return {
    run: (s, c) => {
      const k = ready >= 0 ? ready : findNow(s, c);
      ready = -1;
      const saved = c.site;
      for (let j = 0; j < k; j++) {
        c.site = found[j]!;
        for (const e of body) e(s, c);
      }
      c.site = saved;
    },
    prepare: (s, c) => {
      ready = findNow(s, c);
    },
    describe: () => [],
  };
}

/**
 * `groups`: connected groups of one player's pieces (board adjacency, no portals) that reach every
 * listed region; the effects run for each member.
 */
function groupsEffect(n: IrNode, ptr: string, cx: CompileContext): CompiledEffect {
  const topo = cx.topology!;
  const N = topo.n, D = everyDirection(topo), step = topo.step;
  const regions = (n.touching as Json[]).map((r, i) => {
    const mask = new Uint8Array(N);
    compileRegion(r, `${ptr}/touching/${i}`, cx).forEach((site) => (mask[site] = 1));
    return mask;
  });
  const { rule, parts: body } = cx.walk(ptr, "groups", N, () => cx.withSite(() => compileEffects(n.do as Json[], `${ptr}/do`, cx).map((e) => e.run)));
  const group = new Int32Array(N);
  const seen = new Uint8Array(N);
  const work = cx.work;
  return silent((s, c) => {
    if ((work.left -= N) < 0) work.spent(rule, s);
    seen.fill(0);
    const saved = c.site;
    for (let start = 0; start < N; start++) {
      const owner = s.owner[start]!;
      if (seen[start] || owner === EMPTY || owner === NEUTRAL) continue;
      // Flood fill the group of `owner` containing `start`.
      let size = 0;
      group[size++] = start;
      seen[start] = 1;
      for (let k = 0; k < size; k++) {
        const at = group[k]!;
        for (let d = 0; d < D; d++) {
          const t = step[d * N + at]!;
          if (t >= 0 && !seen[t] && s.owner[t] === owner) {
            seen[t] = 1;
            group[size++] = t;
          }
        }
      }
      if (!reachesAll(regions, group, size)) continue;
      for (let k = 0; k < size; k++) {
        c.site = group[k]!;
        for (const e of body) e(s, c);
      }
    }
    c.site = saved;
  });
}

/**
 * `remove-shapes`: in every group of sites satisfying `of`, the first shape (in the order given)
 * with a placement entirely inside the group; its cells get `each`, the formation `once`.
 */
function removeShapesEffect(n: IrNode, ptr: string, cx: CompileContext): CompiledEffect {
  const shapes = (n.shapes as string[]).map((name, i) => {
    const placements = cx.shapes.get(name);
    if (!placements) cx.fail("M001", `no shape '${name}'`, `${ptr}/shapes/${i}`, cx.shapes.size ? `one of: ${[...cx.shapes.keys()].join(", ")}` : "a shape declared with (shape ...)");
    return placements ?? [];
  });
  const of = cx.withSite(() => compileBool(n.of!, `${ptr}/of`, cx));
  const each = cx.withSite(() => compileEffects((n.each as Json[] | undefined) ?? [], `${ptr}/each`, cx).map((e) => e.run));
  const once = compileEffects((n.once as Json[] | undefined) ?? [], `${ptr}/once`, cx).map((e) => e.run);
  const N = cx.topology!.n;
  const flood = new Flood(cx);
  const inGroup = new Int32Array(N).fill(-1);
  return silent((s, c) => {
    // Label the groups first, then look for formations: the effects may change the board.
    inGroup.fill(-1);
    const saved = c.site;
    const groups = flood.forEachGroup(s, c, of, (size, g) => {
      for (let k = 0; k < size; k++) inGroup[flood.group[k]!] = g;
    });
    const found: Int32Array[] = [];
    for (let g = 0; g < groups; g++) {
      const formation = firstFit(shapes, inGroup, g);
      if (formation) found.push(formation);
    }
    for (const cells of found) {
      for (const cell of cells) {
        c.site = cell;
        for (const e of each) e(s, c);
      }
      c.site = saved;
      for (const e of once) e(s, c);
    }
    c.site = saved;
  });
}

function firstFit(shapes: Int32Array[][], inGroup: Int32Array, group: number): Int32Array | undefined {
  for (const placements of shapes) {
    for (const cells of placements) {
      let fits = true;
      for (let k = 0; k < cells.length && fits; k++) fits = inGroup[cells[k]!] === group;
      if (fits) return cells;
    }
  }
  return undefined;
}

function reachesAll(regions: Uint8Array[], group: Int32Array, size: number): boolean {
  for (const mask of regions) {
    let hit = false;
    for (let k = 0; k < size && !hit; k++) hit = mask[group[k]!] === 1;
    if (!hit) return false;
  }
  return true;
}

export function flagMask(names: string[], ptr: string, cx: CompileContext): number {
  return names.reduce((m, f, i) => m | cx.flagBit(f, `${ptr}/${i}`), 0);
}

export function compileEffect(v: Json, ptr: string, cx: CompileContext): CompiledEffect {
  const b = isNode(v) ? effectBuilders[v.ludeme] : undefined;
  return b ? cx.within("inEffect", true, () => b(v as IrNode, ptr, cx)) : silent(() => {});
}

/** What `run` of a sowing effect finds when no `prepare` (at-once) has read its pit ahead. */
const NOT_READY = -2;

/**
 * The arguments a sowing move and a sowing effect share: all but which pits and how many seeds,
 * read in the sowing's own scope (`from` the pit sown from, `to` the pit at hand; the consequences
 * may read the pits sown, `on-path`).
 */
export function sowingOptions(n: IrNode, ptr: string, cx: CompileContext, track: Track): SowingOptions {
  return cx.within("scope", "move", () => {
    const cond = (key: string) => (n[key] === undefined ? null : compileBool(n[key]!, `${ptr}/${key}`, cx));
    const effects = (key: string) => cx.within("recordsPath", true, () => compileEffects((n[key] as Json[] | undefined) ?? [], `${ptr}/${key}`, cx)).map((e) => e.run);
    return {
      topology: cx.topology!, track, skip: cond("skip"), skipOrigin: n["skip-origin"] === true,
      lastAfterOriginIsOrigin: n["last-after-origin"] === "origin", originFirst: cond("origin-first"),
      perPit: n["per-pit"] === undefined ? null : compileInt(n["per-pit"]!, `${ptr}/per-pit`, cx),
      captureIf: cx.within("recordsPath", true, () => cond("capture-if")), capture: effects("capture"), backtrack: n.backtrack === true, then: effects("then"),
      trail: cx.trail,
    };
  });
}

export function compileEffects(list: Json[], ptr: string, cx: CompileContext): CompiledEffect[] {
  return list.map((e, i) => compileEffect(e, `${ptr}/${i}`, cx));
}

/** `(mark ...)` (in = 1) and `(unmark ...)` (in = 0): the site put in or taken out of a player's marker set. */
function markerChange(n: IrNode, ptr: string, cx: CompileContext, inSet: 0 | 1): CompiledEffect {
  const m = cx.markerIndex(n.marker as string, `${ptr}/marker`);
  const at = compileSite(n.site!, `${ptr}/site`, cx);
  const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
  return silent((s, c) => {
    const site = at(s, c);
    if (site < 0) return;
    s.markers[s.markerIndex(m, who(s, c), site)] = inSet;
    s.touch();
  });
}
