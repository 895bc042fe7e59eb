/**
 * Builders of the `int` category: numbers, compiled to closures that know their value when it is
 * constant (see ../expression.ts).
 */
import { directionsIn } from "../directions.js";
import type { Json } from "../../lang/bind.js";
import type { IntExpr } from "../../engine/play/rules.js";
import { isNode, type CompileContext, type IrNode } from "../context.js";
import { compilePlayer, constant, registered, type Compiled, type SiteReader } from "../expression.js";
import { boardCoordinates, compileSite, pieceOwnerIn, siteBuilders, siteIn } from "./sites.js";
import { ranksFacing, type Coordinates } from "../../engine/board/coordinates.js";
import { forwardDirections } from "../directions.js";
import { Flood, nearLists } from "../neighbours.js";
import { compileBool } from "./conditions.js";
import { playerRegion } from "../seats.js";
import { moveSites, walkedMoveSites } from "./move-sites.js";
import { compileRegion } from "./regions.js";
import { StepDistances, UNREACHABLE } from "../../engine/board/distances.js";
import { dirIndex } from "../../engine/board/topology.js";
import { trackNamed, trackOwner } from "../tracks.js";
import type { State } from "../../engine/state/state.js";
import type { Ctx } from "../../engine/play/rules.js";
import { nextInt } from "../../engine/state/rng.js";
import { EMPTY, NEUTRAL } from "../../engine/state/state.js";
import { DICE_SET, pipsOfSet } from "../../engine/play/dice.js";

const EMPTY_SITES = new Int32Array(0);

/** Builders of the `int` category. */
export const intBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => Compiled<number>> = {
  attr: (n, ptr, cx) => {
    const name = n.name as string;
    const table = Int32Array.from(cx.pieces.map((p) => p.attrs[name] ?? 0));
    if (!cx.pieces.some((p) => name in p.attrs)) {
      cx.fail("M001", `no piece has the attribute '${name}'`, `${ptr}/name`, "an attribute given to (piece ...), e.g. rank:2");
    }
    if (n.of === "self") {
      if (cx.scope !== "move") cx.fail("M004", "`self` (the moving piece) exists only inside a move", `${ptr}/of`);
      return { fn: (_s, c) => table[c.piece] ?? 0 };
    }
    const at = compileSite(n.of!, `${ptr}/of`, cx);
    return {
      fn: (s, c) => {
        const x = at(s, c);
        const t = x < 0 ? -1 : s.piece[x]!;
        return t < 0 ? 0 : table[t]!;
      },
    };
  },
  distance: (n, ptr, cx) => {
    const a = compileSite(n.a!, `${ptr}/a`, cx), b = compileSite(n.b!, `${ptr}/b`, cx);
    if (n.along !== undefined) {
      if (n.dirs !== undefined) cx.fail("S001", "(distance ...) is measured along a track or along directions, not both", `${ptr}/dirs`, "along: or dirs:");
      const track = trackNamed(n.along as string, `${ptr}/along`, cx);
      const owner = trackOwner(n.of as string | undefined, n.along as string, `${ptr}/of`, cx);
      if (!track) return { fn: () => 0 };
      // On player p's road (the player the rule is read for, or with of: the player it names).
      const distance = (s: State, c: Ctx, p: number): number => {
        const x = a(s, c), y = b(s, c);
        if (x < 0 || y < 0) return 0;
        if (p < 0 || p >= track.sites.length) return UNREACHABLE;
        const position = track.position[p]!, i = position[x]!, j = position[y]!;
        if (i < 0 || j < 0) return UNREACHABLE;
        if (j >= i) return j - i;
        return track.loop ? j - i + track.sites[p]!.length : UNREACHABLE;
      };
      return { fn: owner ? (s, c) => distance(s, c, owner(s, c)) : (s, c) => distance(s, c, c.player) };
    }
    if (n.of !== undefined) cx.fail("M004", "(distance ...) reads a player's road with of:, and this distance goes along directions, not along a track", `${ptr}/of`, "along:TRACK with of:, or no of:");
    const table = new StepDistances(cx.topology!, directionsIn(n.dirs, `${ptr}/dirs`, cx));
    return {
      fn: (s, c) => {
        const x = a(s, c), y = b(s, c);
        return x < 0 || y < 0 ? 0 : table.between(x, y);
      },
    };
  },
  counter: (n, ptr, cx) => {
    const slot = cx.counterSlot(n.name as string, n.of as string | undefined, ptr);
    if (typeof slot === "number") return { fn: (s) => s.counters[slot]! };
    return { fn: (s, c) => s.counters[slot(s, c)]! };
  },
  count: (n, ptr, cx) => {
    if (n.site !== undefined && (n.of !== undefined || n.piece !== undefined)) return countInStack(n, ptr, cx);
    if (n.site !== undefined) {
      const at = siteIn(n, ptr, cx);
      return {
        fn: (s, c) => {
          const x = at(s, c);
          return x < 0 ? 0 : s.height[x]!;
        },
      };
    }
    if (n.of !== undefined || n.piece !== undefined) {
      const arg = n.of !== undefined ? "of" : "piece";
      cx.fail("M004", `(count ... ${arg}:) counts a site's pieces, but no site is named`, `${ptr}/${arg}`, `(count SITE ${arg}:...), e.g. (count to ${arg === "of" ? "of:mover" : "piece:{disc}"})`);
    }
    if (cx.scope !== "move") cx.fail("M004", "(count) without a site exists only inside a move", ptr, "(count SITE): the pieces on a site");
    return { fn: (_s, c) => c.count };
  },
  "sum-over": (n, ptr, cx) => {
    const reach = moveSites(n.region, `${ptr}/region`, cx);
    if (reach) {
      // The sites some moves would reach now: generated once, then summed over.
      const value = cx.withSite(() => compileInt(n.value!, `${ptr}/value`, cx));
      return {
        fn: (s, c) => reach.each(s, c, (sites, k) => {
          const saved = c.site;
          let sum = 0;
          for (let i = 0; i < k; i++) {
            c.site = sites[i]!;
            sum += value(s, c);
          }
          c.site = saved;
          return sum;
        }),
      };
    }
    const perPlayer = playerRegion(n.region!, `${ptr}/region`, cx);
    const fixed = perPlayer ? null : compileRegion(n.region!, `${ptr}/region`, cx);
    const largest = fixed ? fixed.length : Math.max(0, ...perPlayer!.lists.map((l) => l.length));
    const { rule, parts: value } = cx.walk(ptr, "sum-over", largest, () => cx.withSite(() => compileInt(n.value!, `${ptr}/value`, cx)));
    const work = cx.work;
    return {
      fn: (s, c) => {
        const sites = fixed ?? perPlayer!.lists[perPlayer!.who(s, c)] ?? EMPTY_SITES;
        if ((work.left -= sites.length) < 0) work.spent(rule, s);
        const saved = c.site;
        let sum = 0;
        for (let i = 0; i < sites.length; i++) {
          c.site = sites[i]!;
          sum += value(s, c);
        }
        c.site = saved;
        return sum;
      },
    };
  },
  "level-of": (n, ptr, cx) => {
    const type = cx.pieceIndex(n.piece as string, `${ptr}/piece`);
    const who = pieceOwnerIn(n, ptr, cx);
    if (!who) return constant(0);
    // The stack on at:, else where the piece is found.
    const at = n.at !== undefined ? compileSite(n.at, `${ptr}/at`, cx) : siteBuilders.where!(n, ptr, cx);
    if (cx.stackLevels === 0) {
      // A pile is one owner's and type's at every level: its top is the highest.
      return {
        fn: (s, c) => {
          const x = at(s, c);
          return x >= 0 && s.piece[x] === type && s.owner[x] === who(s, c) ? s.height[x]! : 0;
        },
      };
    }
    return {
      fn: (s, c) => {
        const x = at(s, c);
        if (x < 0) return 0;
        const p = who(s, c), L = s.levels, base = x * L;
        // From the top down, as Ludii's where Level (fromTop:True) looks.
        for (let k = s.height[x]! - 1; k >= 0; k--) if (s.levelPiece[base + k] === type && s.levelOwner[base + k] === p) return k + 1;
        return 0;
      },
    };
  },
  height: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    return {
      fn: (s, c) => {
        const x = at(s, c);
        return x < 0 ? 0 : s.height[x]!;
      },
    };
  },
  rank: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    const coordinates = boardCoordinates("rank", ptr, cx);
    if (!coordinates) return constant(0);
    if (n.of === undefined) return coordinateOf(at, coordinates.rank);
    const who = compilePlayer(n.of as string, `${ptr}/of`, cx);
    const bySeat = seatRanks(coordinates, `${ptr}/of`, cx);
    if (!bySeat) return constant(0);
    const N = cx.topology!.n, P = cx.playerCount;
    return {
      fn: (s, c) => {
        const x = at(s, c), p = who(s, c);
        // `mover` may be no seat: the owner of an empty site, inside `flanked`.
        return x < 0 || p < 0 || p >= P ? 0 : bySeat[p * N + x]!;
      },
    };
  },
  file: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    const coordinates = boardCoordinates("file", ptr, cx);
    return coordinates ? coordinateOf(at, coordinates.file) : constant(0);
  },
  supply: (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    return { fn: (s, c) => s.supply[who(s, c)]! };
  },
  "in-hand": (n, ptr, cx) => {
    if (!cx.hand) cx.fail("M001", "(in-hand ...), but the equipment declares no (hand ...)", ptr, "a (hand) item");
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    const types = cx.pieces.length;
    if (n.piece === "any") {
      return {
        fn: (s, c) => {
          const base = who(s, c) * types;
          let held = 0;
          for (let t = 0; t < types; t++) held += s.hand[base + t] ?? 0;
          return held;
        },
      };
    }
    const type = cx.pieceIndex(n.piece as string, `${ptr}/piece`);
    return { fn: (s, c) => s.hand[who(s, c) * types + type] ?? 0 };
  },
  "count-sites": (n, ptr, cx) => {
    const N = cx.topology!.n;
    // The sites a player owns: the count the engine keeps up to date, no scan.
    const inner = n.cond;
    // (With mixed stacks the engine counts pieces instead: no shortcut.)
    if (isNode(inner) && inner.ludeme === "owner" && inner.site === "site" && inner.player !== "any" && inner.level === undefined && cx.stackLevels === 0) {
      const errors = cx.diagnostics.length;
      cx.withSite(() => compileBool(inner, `${ptr}/cond`, cx));
      // An error in the condition is reported once: the game is not built.
      if (cx.diagnostics.length !== errors) return constant(0);
      const who = compilePlayer(inner.player as string, `${ptr}/cond/player`, cx);
      return { fn: (s, c) => s.pieceCount[who(s, c)]! };
    }
    // The sites some moves would reach (or start from), counted from one generation of the moves.
    const reach = walkedMoveSites(inner, `${ptr}/cond`, cx);
    if (reach) return { fn: (s, c) => reach.count(s, c) };
    const { rule, parts: cond } = cx.walk(ptr, "count-sites", N, () => cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx)));
    const work = cx.work;
    return {
      fn: (s, c) => {
        if ((work.left -= N) < 0) work.spent(rule, s);
        const saved = c.site;
        let k = 0;
        for (let site = 0; site < N; site++) {
          c.site = site;
          if (cond(s, c)) k++;
        }
        c.site = saved;
        return k;
      },
    };
  },
  "max-over": (n, ptr, cx) => extremeOver(n, ptr, cx, "max-over", 1),
  "min-over": (n, ptr, cx) => extremeOver(n, ptr, cx, "min-over", -1),
  "count-near": (n, ptr, cx) => {
    const of = compileSite(n.of!, `${ptr}/of`, cx);
    const cond = cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx));
    const { start, list } = nearLists(cx, (n.via as string | undefined) ?? "adjacent", `${ptr}/via`);
    return {
      fn: (s, c) => {
        const centre = of(s, c), saved = c.site;
        if (centre < 0) return 0;
        let k = 0;
        for (let j = start[centre]!, end = start[centre + 1]!; j < end; j++) {
          c.site = list[j]!;
          if (cond(s, c)) k++;
        }
        c.site = saved;
        return k;
      },
    };
  },
  // A group's walk is counted as the group's pieces (after it: one walk is at most the board).
  liberties: (n, ptr, cx) => {
    const at = compileSite(n.at!, `${ptr}/at`, cx);
    const scan = cx.groupScan(directionsIn(n.dirs, `${ptr}/dirs`, cx));
    const work = cx.work, { rule } = cx.walk(ptr, "liberties", 1, () => null);
    return {
      fn: (s, c) => {
        const x = at(s, c);
        if (x < 0) return 0;
        const k = scan.liberties(s, x);
        if ((work.left -= scan.walked) < 0) work.spent(rule, s);
        return k;
      },
      atLeast: (s, c, k) => {
        const x = at(s, c);
        if (k <= 0 || x < 0) return k <= 0;
        const found = scan.liberties(s, x, k);
        if ((work.left -= scan.walked) < 0) work.spent(rule, s);
        return found >= k;
      },
    };
  },
  territory: (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    const scan = cx.groupScan(directionsIn(n.dirs, `${ptr}/dirs`, cx));
    const N = cx.topology!.n, work = cx.work, { rule } = cx.walk(ptr, "territory", N, () => null);
    return {
      fn: (s, c) => {
        if ((work.left -= N) < 0) work.spent(rule, s);
        return scan.territory(s, who(s, c));
      },
    };
  },
  "group-corners": (n, ptr, cx) => groupTouches(n, ptr, cx, "corner"),
  "group-sides": (n, ptr, cx) => groupTouches(n, ptr, cx, "side"),
  "group-size": (n, ptr, cx) => {
    const of = compileSite(n.of!, `${ptr}/of`, cx);
    const work = cx.work;
    const { rule, parts: cond } = cx.walk(ptr, "group-size", 1, () => cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx)));
    const flood = new Flood(cx);
    return {
      fn: (s, c) => {
        const x = of(s, c);
        if (x < 0) return 0;
        const size = flood.fill(s, c, x, cond);
        if ((work.left -= size) < 0) work.spent(rule, s);
        return size;
      },
    };
  },
  "groups-count": (n, ptr, cx) => {
    const N = cx.topology!.n, work = cx.work;
    const { rule, parts } = cx.walk(ptr, "groups-count", N, () => ({
      of: cx.withSite(() => compileBool(n.of!, `${ptr}/of`, cx)),
      having: n.having === undefined ? null : cx.withSite(() => compileBool(n.having!, `${ptr}/having`, cx)),
    }));
    const { of, having } = parts;
    const least = n.min === undefined ? null : compileInt(n.min, `${ptr}/min`, cx);
    const flood = new Flood(cx);
    return {
      fn: (s, c) => {
        if ((work.left -= N) < 0) work.spent(rule, s);
        if (having === null && least === null) return flood.forEachGroup(s, c, of, () => {});
        const min = least === null ? 0 : least(s, c);
        let groups = 0;
        flood.forEachGroup(s, c, of, (size) => {
          if (size < min) return;
          if (having === null) {
            groups++;
            return;
          }
          for (let k = 0; k < size; k++) {
            c.site = flood.group[k]!;
            if (having(s, c)) {
              groups++;
              return;
            }
          }
        });
        return groups;
      },
    };
  },
  "largest-group": (n, ptr, cx) => {
    const N = cx.topology!.n, work = cx.work;
    const { rule, parts: of } = cx.walk(ptr, "largest-group", N, () => cx.withSite(() => compileBool(n.of!, `${ptr}/of`, cx)));
    const rank = n.rank === undefined ? constant(1) : compileIntC(n.rank, `${ptr}/rank`, cx);
    if (rank.constant !== undefined && rank.constant < 1) {
      cx.fail("M004", `rank:${rank.constant} names no group: ranks count from 1, the largest group`, `${ptr}/rank`, "rank:1 for the largest group, rank:2 for the second largest");
    }
    const flood = new Flood(cx);
    // The `rank` largest sizes seen so far, largest first (a group has at most N sites, and there are at most N groups).
    const top = new Int32Array(N + 1);
    let k = 0, kept = 0;
    const keep = (size: number): void => {
      let i: number;
      if (kept < k) i = kept++;
      else if (top[k - 1]! >= size) return;
      else i = k - 1;
      while (i > 0 && top[i - 1]! < size) {
        top[i] = top[i - 1]!;
        i--;
      }
      top[i] = size;
    };
    let largest = 0;
    const keepLargest = (size: number): void => {
      if (size > largest) largest = size;
    };
    return {
      fn: (s, c) => {
        if ((work.left -= N) < 0) work.spent(rule, s);
        const r = rank.fn(s, c);
        if (r < 1) return 0;
        if (r === 1) {
          largest = 0;
          flood.forEachGroup(s, c, of, keepLargest);
          return largest;
        }
        k = Math.min(r, N + 1);
        kept = 0;
        flood.forEachGroup(s, c, of, keep);
        return kept < k ? 0 : top[k - 1]!;
      },
    };
  },
  score: (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    return { fn: (s, c) => s.score[who(s, c)]! };
  },
  "team-score": (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    const team = cx.teamOf;
    if (!team) cx.fail("M001", "(team-score ...) adds up a team's scores, but the players form no teams", ptr, "(players N teams:{{P1 P3} {P2 P4}})");
    return {
      fn: (s, c) => {
        const p = who(s, c);
        if (!team || p < 0 || p >= team.length) return p >= 0 && p < s.score.length ? s.score[p]! : 0;
        let sum = 0;
        for (let q = 0; q < team.length; q++) if (team[q] === team[p]) sum += s.score[q]!;
        return sum;
      },
    };
  },
  lookup: (n, ptr, cx) => {
    const at = compileInt(n.index!, `${ptr}/index`, cx);
    const values = Float64Array.from(n.values as number[]);
    const otherwise = (n.default as number | undefined) ?? 0;
    return {
      fn: (s, c) => {
        const i = at(s, c);
        return i >= 0 && i < values.length ? values[i]! : otherwise;
      },
    };
  },
  turn: () => ({ fn: (s) => s.turn }),
  decisions: () => ({ fn: (s) => s.ply }),
  pips: (n, ptr, cx) => {
    needsDice(ptr, cx, "(pips)");
    // The die a move of for-each-die uses (or the dice it combines), else the whole throw.
    return {
      fn: (s, c) => {
        if (c.die >= 0) return c.die < DICE_SET ? s.dice[c.die]! : pipsOfSet(s, c.die);
        let sum = 0;
        for (let d = 0; d < s.dice.length; d++) sum += s.dice[d]!;
        return sum;
      },
    };
  },
  value: (n, ptr, cx) => {
    if (!cx.valueBound) {
      cx.fail("M004", "(value) is the number the player chooses in (for-each-value ...): it exists only in the moves inside one", ptr, "(for-each-value min:A max:B MOVES) around the moves that read it");
      return constant(0);
    }
    const chosen = (cx.chosenValue ??= { value: 0 });
    return { fn: () => chosen.value };
  },
  die: (n, ptr, cx) => {
    needsDice(ptr, cx, "(die ...)");
    const d = (n.n as number) - 1, count = cx.dice?.faces.length ?? 0;
    if (cx.dice && d >= count) cx.fail("M004", `the game has ${count} ${count === 1 ? "die" : "dice"}, no die ${d + 1}`, `${ptr}/n`, `1 to ${count}`);
    return { fn: (s) => s.dice[d] ?? 0 };
  },
  "dice-left": (n, ptr, cx) => {
    needsDice(ptr, cx, "(dice-left)");
    return {
      fn: (s) => {
        let left = 0;
        for (let d = 0; d < s.diceLeft.length; d++) left += s.diceLeft[d]!;
        return left;
      },
    };
  },
  div: (n, ptr, cx) => {
    const a = compileInt(n.a!, `${ptr}/a`, cx), b = compileInt(n.b!, `${ptr}/b`, cx);
    return {
      fn: (s, c) => {
        const d = b(s, c);
        return d === 0 ? 0 : Math.floor(a(s, c) / d);
      },
    };
  },
  mod: (n, ptr, cx) => {
    const a = compileInt(n.a!, `${ptr}/a`, cx), b = compileInt(n.b!, `${ptr}/b`, cx);
    return {
      fn: (s, c) => {
        const d = b(s, c);
        return d === 0 ? 0 : ((a(s, c) % d) + d) % d;
      },
    };
  },
  max: (n, ptr, cx) => extreme(n, ptr, cx, Math.max),
  min: (n, ptr, cx) => extreme(n, ptr, cx, Math.min),
  random: (n, ptr, cx) => {
    if (!cx.inEffect) {
      cx.fail("M004", "(random ...) draws a number when a move is made: it belongs in an effect (a move's then:, after-turn: ...), not in a condition of which moves exist or of how the game ends", ptr, "(random ...) inside an effect");
    }
    const low = compileInt(n.low!, `${ptr}/low`, cx), high = compileInt(n.high!, `${ptr}/high`, cx);
    return {
      fn: (s, c) => {
        const a = low(s, c), b = high(s, c);
        // An empty range draws nothing: its low end.
        return b <= a ? a : a + nextInt(s.rng, b - a + 1);
      },
    };
  },
  "to-edge": (n, ptr, cx) => {
    const at = compileSite(n.site!, `${ptr}/site`, cx);
    const topo = cx.topology!, N = topo.n, d = dirIndex(topo, n.dir as string);
    if (d < 0) cx.fail("M001", `the board has no direction '${n.dir as string}'`, `${ptr}/dir`, `one of: ${topo.dirNames.join(" ")}`);
    // Per site, how many steps lead on in the direction before the edge: one table lookup in play.
    const beyond = new Int32Array(N);
    if (d >= 0) for (let s = 0; s < N; s++) for (let a = topo.step[d * N + s]!, k = 0; a >= 0 && k < N; a = topo.step[d * N + a]!, k++) beyond[s]!++;
    return {
      fn: (s, c) => {
        const x = at(s, c);
        return x < 0 ? 0 : beyond[x]!;
      },
    };
  },
  "if-int": (n, ptr, cx) => {
    const cond = compileBool(n.cond!, `${ptr}/cond`, cx);
    const yes = compileInt(n.then!, `${ptr}/then`, cx), no = compileInt(n.else!, `${ptr}/else`, cx);
    return { fn: (s, c) => (cond(s, c) ? yes(s, c) : no(s, c)) };
  },
  "+": (n, ptr, cx) => {
    const terms = (n.terms as Json[]).map((v, i) => compileIntC(v, `${ptr}/terms/${i}`, cx));
    if (terms.every((t) => t.constant !== undefined)) return constant(terms.reduce((a, t) => a + t.constant!, 0));
    const fns = terms.map((t) => t.fn);
    if (fns.length === 2) {
      const [a, b] = fns as [IntExpr, IntExpr];
      return { fn: (s, c) => a(s, c) + b(s, c) };
    }
    return {
      fn: (s, c) => {
        let sum = 0;
        for (let i = 0; i < fns.length; i++) sum += fns[i]!(s, c);
        return sum;
      },
    };
  },
  "-": (n, ptr, cx) => {
    const a = compileIntC(n.a, `${ptr}/a`, cx), b = compileIntC(n.b, `${ptr}/b`, cx);
    if (a.constant !== undefined && b.constant !== undefined) return constant(a.constant - b.constant);
    const fa = a.fn, fb = b.fn;
    return { fn: (s, c) => fa(s, c) - fb(s, c) };
  },
  "*": (n, ptr, cx) => {
    const factors = (n.factors as Json[]).map((v, i) => compileIntC(v, `${ptr}/factors/${i}`, cx));
    if (factors.every((t) => t.constant !== undefined)) return constant(factors.reduce((a, t) => a * t.constant!, 1));
    const fns = factors.map((t) => t.fn);
    return {
      fn: (s, c) => {
        let v = 1;
        for (const f of fns) v *= f(s, c);
        return v;
      },
    };
  },
};

/** A number per site read from a table (a file or rank), 0 for no site. */
function coordinateOf(at: SiteReader, table: Int32Array): Compiled<number> {
  return {
    fn: (s, c) => {
      const x = at(s, c);
      return x < 0 ? 0 : table[x]!;
    },
  };
}

/** Each seat's ranks counted from its side (seat p's at `p * n`), from the seats' forward directions. */
function seatRanks(coordinates: Coordinates, ptr: string, cx: CompileContext): Int32Array | undefined {
  const topo = cx.topology!;
  if (cx.forwardNames.length === 0) {
    cx.fail("M004", "(rank ... of:PLAYER) counts from the player's side, which needs each seat's forward direction", ptr, "(players N forward:{...}), e.g. forward:{N S}");
    return undefined;
  }
  const forward = forwardDirections(ptr, cx, true);
  if (!forward) return undefined;
  const out = new Int32Array(forward.length * topo.n);
  for (let p = 0; p < forward.length; p++) {
    const ranks = ranksFacing(topo, coordinates, forward[p]!);
    if (!ranks) {
      cx.fail("M004", `P${p + 1}'s forward direction '${cx.forwardNames[p]}' crosses neither the ranks nor the files of this board`, ptr, "a forward direction along the board's files or ranks");
      return undefined;
    }
    out.set(ranks, p * topo.n);
  }
  return out;
}

export function compileIntC(v: Json, ptr: string, cx: CompileContext): Compiled<number> {
  if (typeof v === "number") return constant(v);
  if (!isNode(v)) return constant(0);
  const b = intBuilders[v.ludeme];
  return b ? registered(b(v, ptr, cx)) : constant(0);
}

export function compileInt(v: Json, ptr: string, cx: CompileContext): IntExpr {
  return compileIntC(v, ptr, cx).fn;
}

/** The dice ludemes need the game's dice. */
export function needsDice(ptr: string, cx: CompileContext, what: string): void {
  if (!cx.dice) cx.fail("M001", `${what} reads the dice, but the game has none`, ptr, "(dice 2) in the equipment, and roll: in the rules");
}

/**
 * `group-corners`, `group-sides`: the corners (sides) of the board the group on a site touches.
 * Each corner (side) is made a connection region, so the groups the state keeps as pieces are put
 * down know which they touch (see State.groupRegions): a count of bits, not a walk of the group.
 * Where the regions would not fit in the groups' masks, the group is walked.
 */
function groupTouches(n: IrNode, ptr: string, cx: CompileContext, what: "corner" | "side"): Compiled<number> {
  const at = compileSite(n.at!, `${ptr}/at`, cx);
  const outline = cx.boardOutline();
  const table = what === "corner" ? outline.corner : outline.side;
  const parts = Array.from({ length: what === "corner" ? outline.corners : outline.sides }, (_, k) => Int32Array.from(table.keys()).filter((site) => table[site] === k));
  const bits = parts.length > 0 ? cx.connectionBits(parts) : null;
  if (bits !== null) {
    const mask = bits.reduce((m, b) => m | b, 0);
    return {
      fn: (s, c) => {
        const x = at(s, c);
        return x < 0 ? 0 : bitCount(s.groupRegions(x) & mask);
      },
    };
  }
  const walker = cx.groupWalker();
  const work = cx.work, { rule } = cx.walk(ptr, n.ludeme, 1, () => null);
  return {
    fn: (s, c) => {
      const x = at(s, c);
      if (x < 0) return 0;
      const k = walker.touches(s, x, what);
      if ((work.left -= walker.size) < 0) work.spent(rule, s);
      return k;
    },
  };
}

/** The number of bits set in a 32-bit integer. */
function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** `max-over` (sign 1) and `min-over` (sign -1): the extreme of a number over the sites a condition accepts, 0 when none does. */
function extremeOver(n: IrNode, ptr: string, cx: CompileContext, name: string, sign: 1 | -1): Compiled<number> {
  const N = cx.topology!.n;
  const { rule, parts } = cx.walk(ptr, name, N, () => ({
    cond: cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx)),
    value: cx.withSite(() => compileInt(n.value!, `${ptr}/value`, cx)),
  }));
  const { cond, value } = parts, work = cx.work;
  return {
    fn: (s, c) => {
      if ((work.left -= N) < 0) work.spent(rule, s);
      const saved = c.site;
      let best = 0, any = false;
      for (let site = 0; site < N; site++) {
        c.site = site;
        if (!cond(s, c)) continue;
        const v = value(s, c);
        if (!any || sign * (v - best) > 0) best = v;
        any = true;
      }
      c.site = saved;
      return best;
    },
  };
}

/** `max` and `min`: the extreme of the numbers, folded when all are known when the game is built. */
function extreme(n: IrNode, ptr: string, cx: CompileContext, pick: (...values: number[]) => number): Compiled<number> {
  const terms = (n.terms as Json[]).map((v, i) => compileIntC(v, `${ptr}/terms/${i}`, cx));
  if (terms.length === 0) {
    cx.fail("S001", `(${n.ludeme} ...) needs a number at least`, ptr, `(${n.ludeme} 1 2)`);
    return constant(0);
  }
  if (terms.every((t) => t.constant !== undefined)) return constant(pick(...terms.map((t) => t.constant!)));
  const fns = terms.map((t) => t.fn);
  if (fns.length === 2) {
    const [a, b] = fns as [IntExpr, IntExpr];
    return { fn: (s, c) => pick(a(s, c), b(s, c)) };
  }
  return {
    fn: (s, c) => {
      let best = fns[0]!(s, c);
      for (let i = 1; i < fns.length; i++) best = pick(best, fns[i]!(s, c));
      return best;
    },
  };
}

/**
 * `(count SITE of:PLAYER piece:{TYPES})`: the pieces of the stack on a site that are the player's
 * and of those types, level by level (a pile, without mixed stacks, is all one owner's and type's).
 */
function countInStack(n: IrNode, ptr: string, cx: CompileContext): Compiled<number> {
  const at = siteIn(n, ptr, cx);
  let types: Uint8Array | null = null;
  if (n.piece !== undefined) {
    const names = n.piece as string[];
    if (names.length === 0) cx.fail("M004", "(count SITE piece:{}) names no piece type: it would always be 0", `${ptr}/piece`, "one or more piece types, e.g. piece:{disc}");
    types = new Uint8Array(Math.max(1, cx.pieces.length));
    for (const [i, t] of names.entries()) {
      const k = cx.pieceIndex(t, `${ptr}/piece/${i}`);
      if (k >= 0) types[k] = 1;
    }
  }
  const anyone = n.of === "any";
  const who = n.of === undefined || anyone ? null : compilePlayer(n.of as string, `${ptr}/of`, cx);
  // Whether a piece (owner o, type t) counts: the player's (anyone's but neutral, for `any`), of the types.
  const counts = (o: number, t: number, p: number): boolean =>
    (who === null ? !anyone || (o !== EMPTY && o !== NEUTRAL) : o === p) && (types === null || (t >= 0 && types[t] === 1));
  return {
    fn: (s, c) => {
      const x = at(s, c);
      if (x < 0) return 0;
      const h = s.height[x]!;
      if (h === 0) return 0;
      const p = who === null ? -1 : who(s, c), L = s.levels;
      if (L === 0) return counts(s.owner[x]!, s.piece[x]!, p) ? h : 0;
      let k = 0;
      for (let i = x * L, end = i + h; i < end; i++) if (counts(s.levelOwner[i]!, s.levelPiece[i]!, p)) k++;
      return k;
    },
  };
}
