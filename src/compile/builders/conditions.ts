/**
 * Builders of the `bool` category: conditions, compiled to closures that know their value when it
 * is constant (see ../expression.ts).
 */
import type { Json } from "../../lang/bind.js";
import { newCtx, type Ctx, type Pred } from "../../engine/play/rules.js";
import { MoveBuffer } from "../../engine/moves/moves.js";
import { compileMoves } from "./moves.js";
import { EMPTY, NEUTRAL, UNKNOWN_OWNER } from "../../engine/state/state.js";
import { overflowError } from "../../engine/play/play-limit.js";
import { isNode, type CompileContext, type IrNode } from "../context.js";
import { compilePlayer, constant, registered, type Compiled } from "../expression.js";
import { Emitter, sourceOf } from "../../engine/compiled/emitter.js";
import { boardCoordinates, compileSite, siteIn } from "./sites.js";
import { sees } from "../../engine/board/coordinates.js";
import { anyLine, boardLines, hasLineOfAtLeast, hasLineOfExactly, lineAxes, outflanksAny } from "../../engine/structures/lines.js";
import { directionsByPlayer, directionsIn, refusesOnward } from "../directions.js";
import { nearLists } from "../neighbours.js";
import { compileIntC } from "./numbers.js";
import { compileRegion } from "./regions.js";
import { moveSites } from "./move-sites.js";
import type { State } from "../../engine/state/state.js";
import { everyDirection, ownDirections } from "../../engine/board/topology.js";
import { placeWords, playerRegion, visitedWords } from "../seats.js";

/** Builders of the `bool` category, keyed by ludeme. */
export const boolBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => Compiled<boolean>> = {
  // Every test of a site is false for no site (-1: off the board, a piece not there, no last move).
  empty: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    return {
      fn: (s, c) => {
        const x = at(s, c);
        return x >= 0 && s.owner[x] === EMPTY;
      },
      emit: (e) => atSite(e, at, (x) => `s.owner[${x}] === ${EMPTY}`),
    };
  },
  enemy: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    const side = sidesOf(cx);
    if (n.level !== undefined) return sideAtLevel(n, ptr, cx, at, (o, mine) => side[o] !== NO_SIDE && side[o] !== mine, side);
    return {
      fn: (s, c) => {
        const x = at(s, c);
        if (x < 0) return false;
        const o = s.owner[x]!;
        return o >= 0 && side[o] !== NO_SIDE && side[o] !== side[c.player];
      },
      emit: (e) => {
        const o = e.local("o"), sd = e.ref(side, "side");
        return atSite(e, at, (x) => `(${o} = s.owner[${x}]) >= 0 && ${sd}[${o}] !== ${NO_SIDE} && ${sd}[${o}] !== ${sd}[c.player]`);
      },
    };
  },
  friend: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    const side = sidesOf(cx);
    if (n.level !== undefined) return sideAtLevel(n, ptr, cx, at, (o, mine) => side[o] === mine, side);
    return {
      fn: (s, c) => {
        const x = at(s, c);
        if (x < 0) return false;
        const o = s.owner[x]!;
        return o >= 0 && side[o] === side[c.player];
      },
      emit: (e) => {
        const o = e.local("o"), sd = e.ref(side, "side");
        return atSite(e, at, (x) => `(${o} = s.owner[${x}]) >= 0 && ${sd}[${o}] === ${sd}[c.player]`);
      },
    };
  },
  occupied: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    return {
      fn: (s, c) => {
        const x = at(s, c);
        return x >= 0 && s.owner[x] !== EMPTY;
      },
      emit: (e) => atSite(e, at, (x) => `s.owner[${x}] !== ${EMPTY}`),
    };
  },
  owner: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    if (n.level !== undefined) {
      // The piece at a level of the stack (1: the bottom), no piece past its top.
      const level = levelIn(n, ptr, cx);
      if (n.player === "any") {
        return {
          fn: (s, c) => {
            const x = at(s, c);
            if (x < 0) return false;
            const o = ownerAtLevel(s, x, level(s, c));
            return o !== EMPTY && o !== NEUTRAL;
          },
        };
      }
      const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
      return {
        fn: (s, c) => {
          const x = at(s, c);
          return x >= 0 && ownerAtLevel(s, x, level(s, c)) === who(s, c);
        },
      };
    }
    if (n.player === "any") {
      return {
        fn: (s, c) => {
          const x = at(s, c);
          if (x < 0) return false;
          const o = s.owner[x]!;
          return o !== EMPTY && o !== NEUTRAL;
        },
        emit: (e) => {
          const o = e.local("o");
          return atSite(e, at, (x) => `(${o} = s.owner[${x}]) !== ${EMPTY} && ${o} !== ${NEUTRAL}`);
        },
      };
    }
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    return {
      fn: (s, c) => {
        const x = at(s, c);
        return x >= 0 && s.owner[x] === who(s, c);
      },
      emit: (e) => atSite(e, at, (x) => `s.owner[${x}] === ${e.num(who, "a player")}`),
    };
  },
  "is-piece": (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    const type = cx.pieceIndex(n.piece as string, `${ptr}/piece`);
    if (n.level !== undefined) {
      const level = levelIn(n, ptr, cx);
      return {
        fn: (s, c) => {
          const x = at(s, c);
          return x >= 0 && pieceAtLevel(s, x, level(s, c)) === type;
        },
      };
    }
    return {
      fn: (s, c) => {
        const x = at(s, c);
        return x >= 0 && s.piece[x] === type;
      },
      emit: (e) => atSite(e, at, (x) => `s.piece[${x}] === ${e.int(type)}`),
    };
  },
  flag: (n, ptr, cx) => {
    const bit = cx.flagBit(n.flag as string, `${ptr}/flag`);
    if (n.site === "self") {
      if (cx.scope !== "move") cx.fail("M004", "`self` (the moving piece) exists only inside a move", `${ptr}/site`);
      return { fn: (_s, c) => (c.selfFlags & bit) !== 0, emit: (e) => `(c.selfFlags & ${e.int(bit)}) !== 0` };
    }
    const at = siteIn(n, ptr, cx);
    return {
      fn: (s, c) => {
        const x = at(s, c);
        return x >= 0 && (s.flags[x]! & bit) !== 0;
      },
      emit: (e) => atSite(e, at, (x) => `(s.flags[${x}] & ${e.int(bit)}) !== 0`),
    };
  },
  crossed: (_n, ptr, cx) => {
    if (cx.scope !== "move") cx.fail("M004", "(crossed) exists only inside a move", ptr);
    return { fn: (_s, c) => c.crossed, emit: () => "c.crossed" };
  },
  marked: (n, ptr, cx) => {
    const m = cx.markerIndex(n.marker as string, `${ptr}/marker`);
    const at = siteIn(n, ptr, cx);
    const P = cx.playerCount;
    const player = (n.player as string | undefined) ?? "any";
    if (player === "any") {
      return {
        fn: (s, c) => {
          const site = at(s, c), sites = s.shape.sites;
          if (site < 0) return false;
          for (let p = 0; p < P; p++) if (s.markers[(m * P + p) * sites + site]) return true;
          return false;
        },
      };
    }
    const who = compilePlayer(player, `${ptr}/player`, cx);
    return {
      fn: (s, c) => {
        const site = at(s, c);
        return site >= 0 && s.markers[(m * P + who(s, c)) * s.shape.sites + site] === 1;
      },
    };
  },
  in: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    // The sites some moves would reach now: the moves generated at each test.
    const reach = moveSites(n.region, `${ptr}/region`, cx);
    if (reach) return { fn: (s, c) => reach.has(s, c, at(s, c)) };
    const perPlayer = playerRegion(n.region!, `${ptr}/region`, cx);
    if (perPlayer) {
      // A region that changes with the player: one membership table per seat.
      const N = cx.topology!.n, table = new Uint8Array(perPlayer.lists.length * N), whose = perPlayer.who;
      perPlayer.lists.forEach((sites, p) => sites.forEach((site) => (table[p * N + site] = 1)));
      return {
        fn: (s, c) => {
          const x = at(s, c);
          return x >= 0 && table[whose(s, c) * N + x] === 1;
        },
        emit: (e) => atSite(e, at, (x) => `${e.ref(table, "region")}[${e.num(whose, "a player")} * ${e.int(N)} + ${x}] === 1`),
      };
    }
    const member = new Uint8Array(cx.topology!.n);
    compileRegion(n.region!, `${ptr}/region`, cx).forEach((site) => (member[site] = 1));
    return {
      fn: (s, c) => {
        const x = at(s, c);
        return x >= 0 && member[x] === 1;
      },
      emit: (e) => atSite(e, at, (x) => `${e.ref(member, "region")}[${x}] === 1`),
    };
  },
  adjacent: (n, ptr, cx) => {
    const a = compileSite(n.a!, `${ptr}/a`, cx);
    const b = compileSite(n.b!, `${ptr}/b`, cx);
    const topo = cx.topology!;
    const D = everyDirection(topo), N = topo.n, step = topo.step;
    return {
      fn: (s, c) => {
        const x = a(s, c), y = b(s, c);
        if (x < 0 || y < 0) return false;
        for (let d = 0; d < D; d++) if (step[d * N + x] === y) return true;
        return false;
      },
    };
  },
  "same-site": (n, ptr, cx) => {
    const a = compileSite(n.a!, `${ptr}/a`, cx), b = compileSite(n.b!, `${ptr}/b`, cx);
    return {
      fn: (s, c) => {
        const x = a(s, c);
        return x >= 0 && x === b(s, c);
      },
    };
  },
  "same-file": (n, ptr, cx) => sameCoordinate(n, ptr, cx, "file"),
  "same-rank": (n, ptr, cx) => sameCoordinate(n, ptr, cx, "rank"),
  sees: (n, ptr, cx) => {
    const a = compileSite(n.a!, `${ptr}/a`, cx), b = compileSite(n.b!, `${ptr}/b`, cx);
    const topology = cx.topology!;
    if (refusesOnward(n.dirs, `${ptr}/dirs`, "sees", cx)) return constant(false);
    const dirs = directionsByPlayer(n.dirs, `${ptr}/dirs`, cx);
    const first = dirs[0]!;
    if (dirs.every((d) => d === first)) return { fn: (s, c) => sees(topology, s.owner, a(s, c), b(s, c), first) };
    const P = dirs.length;
    return {
      fn: (s, c) => {
        const p = c.player;
        // A rule evaluated for no seat (the owner of an empty site in `flanked`) has no forward.
        return p >= 0 && p < P && sees(topology, s.owner, a(s, c), b(s, c), dirs[p]!);
      },
    };
  },
  connected: (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    const walker = cx.groupWalker();
    const sites = cx.topology!.n;
    const work = cx.work, { rule } = cx.walk(ptr, "connected", sites, () => null);
    return {
      fn: (s, c) => {
        const p = who(s, c), owner = s.owner;
        if (s.pieceCount[p] === 0) return false;
        if ((work.left -= sites) < 0) work.spent(rule, s);
        // The sites the player holds (with mixed stacks the engine counts pieces, not sites).
        let total = s.pieceCount[p]!;
        if (s.levels) {
          total = 0;
          for (let i = 0; i < sites; i++) if (owner[i] === p) total++;
        }
        // Start from the last move's destination when it is the player's, else from the first piece found.
        let seed = c.to >= 0 && owner[c.to] === p ? c.to : -1;
        for (let i = 0; seed < 0 && i < sites; i++) if (owner[i] === p) seed = i;
        walker.walk(s, seed);
        return walker.size === total;
      },
    };
  },
  connects: (n, ptr, cx) => {
    const at = compileSite(n.at!, `${ptr}/at`, cx);
    // The directions joining a group: one choice for the game (the groups are kept once).
    const dirs = n.dirs === undefined ? null : directionsIn(n.dirs, `${ptr}/dirs`, cx);
    const key = dirs === null ? "" : [...dirs].sort((a, b) => a - b).join(",");
    if (cx.connectionDirs === undefined) cx.connectionDirs = { key, dirs };
    else if (cx.connectionDirs.key !== key) {
      cx.fail("M004", "every (connects ...) of a game joins groups by the same directions (the groups are kept once for the game)", dirs === null ? ptr : `${ptr}/dirs`, "the same dirs: in each (connects ...)");
    }
    // Per region: its bit for each seat (one bit for all when the region is fixed), and whose it is.
    const parts = (n.regions as Json[]).map((r, i) => {
      const rptr = `${ptr}/regions/${i}`;
      const dynamic = playerRegion(r, rptr, cx);
      if (dynamic) return { bits: Int32Array.from(dynamic.lists, (sites) => cx.connectionBit(sites, rptr)), who: dynamic.who };
      return { bits: Int32Array.of(cx.connectionBit(compileRegion(r, rptr, cx), rptr)), who: null };
    });
    if (parts.length === 0) return constant(false);
    const fixed = parts.every((p) => p.who === null) ? parts.reduce((m, p) => m | p.bits[0]!, 0) : -1;
    // Regions of the mover's (Hex's two sides): the regions each seat needs, looked up, not asked of every part.
    const ofMover = parts.every((p) => p.who === null || sourceOf(p.who)?.(new Emitter()) === "c.player");
    const bySeat = Int32Array.from({ length: cx.playerCount }, (_, seat) => parts.reduce((m, p) => m | (p.who === null ? p.bits[0]! : p.bits[seat]!), 0));
    return {
      fn: (s, c) => {
        const x = at(s, c);
        if (x < 0 || s.owner[x]! < 0) return false;
        let need = fixed;
        if (need < 0 && ofMover) need = bySeat[c.player]!;
        else if (need < 0) {
          need = 0;
          for (const p of parts) need |= p.who === null ? p.bits[0]! : p.bits[p.who(s, c)]!;
        }
        return (s.groupRegions(x) & need) === need;
      },
    };
  },
  "closes-ring": (n, ptr, cx) => {
    const at = compileSite(n.at!, `${ptr}/at`, cx);
    const walker = cx.groupWalker();
    const N = cx.topology!.n, work = cx.work, { rule } = cx.walk(ptr, "closes-ring", N, () => null);
    return {
      fn: (s, c) => {
        const x = at(s, c);
        if (x < 0) return false;
        if ((work.left -= N) < 0) work.spent(rule, s);
        return walker.closesRing(s, x);
      },
    };
  },
  proposed: (n, _ptr, cx) => {
    const { words, index } = cx.agreement(n.name as string);
    return { fn: (s) => (s.memory[words.proposals]! & (1 << index)) !== 0 };
  },
  decided: (n, _ptr, cx) => {
    const { words, index } = cx.agreement(n.name as string);
    return { fn: (s) => s.memory[words.decided] === index + 1 };
  },
  passed: (_n, ptr, cx) => {
    const word = cx.passWord;
    if (word < 0) {
      cx.fail("M004", "(passed) needs a (pass) move in the play rules", ptr, "(pass) inside (priority ...) or (either ...)");
      return constant(false);
    }
    return { fn: (s) => s.memory[word + 1]! === 1, emit: (e) => `s.memory[${e.int(word + 1)}] === 1` };
  },
  "all-passed": (_n, ptr, cx) => {
    const word = cx.passWord;
    if (word < 0) {
      cx.fail("M004", "(all-passed) needs a (pass) move in the play rules", ptr, "(pass) inside (priority ...) or (either ...)");
      return constant(false);
    }
    const players = cx.playerCount;
    return { fn: (s) => s.memory[word]! >= players, emit: (e) => `s.memory[${e.int(word)}] >= ${e.int(players)}` };
  },
  outflanks: (n, ptr, cx) => {
    const at = compileSite(n.at!, `${ptr}/at`, cx);
    const topology = cx.topology!;
    const dirs = Int32Array.from(directionsIn(n.dirs, `${ptr}/dirs`, cx));
    return {
      fn: (s, c) => {
        const x = at(s, c);
        return x >= 0 && outflanksAny(topology, s, x, c.player, dirs);
      },
    };
  },
  line: (n, ptr, cx) => {
    const of = compilePlayer((n.of as string | undefined) ?? "mover", `${ptr}/of`, cx);
    const topology = cx.topology!;
    const axes = lineAxes(topology, directionsIn(n.dirs, `${ptr}/dirs`, cx));
    const length = n.length as number, ifPlaced = n["if-placed"] === true, exact = n.exact === true;
    if (n.at === undefined) {
      if (ifPlaced) cx.fail("M001", "if-placed:true asks about one empty site: name it", `${ptr}/if-placed`, "(line N SITE if-placed:true)");
      const lines = boardLines(topology, axes);
      const N = topology.n, work = cx.work, { rule } = cx.walk(ptr, "line", N, () => null);
      return {
        fn: (s, c) => {
          if ((work.left -= N) < 0) work.spent(rule, s);
          return anyLine(lines, s, of(s, c), length, exact);
        },
      };
    }
    const at = compileSite(n.at, `${ptr}/at`, cx);
    if (n.exact === true) {
      return {
        fn: (s, c) => {
          const x = at(s, c);
          return x >= 0 && hasLineOfExactly(topology, s, x, of(s, c), axes, length, ifPlaced);
        },
        emit: (e) => atSite(e, at, (x) => `${e.ref(hasLineOfExactly, "exactLine")}(${e.ref(topology, "topology")}, s, ${x}, ${e.num(of, "a player")}, ${e.ref(axes, "axes")}, ${e.int(length)}, ${ifPlaced})`),
      };
    }
    return {
      fn: (s, c) => {
        const x = at(s, c);
        return x >= 0 && hasLineOfAtLeast(topology, s, x, of(s, c), axes, length, ifPlaced);
      },
      emit: (e) => atSite(e, at, (x) => `${e.ref(hasLineOfAtLeast, "lineOfAtLeast")}(${e.ref(topology, "topology")}, s, ${x}, ${e.num(of, "a player")}, ${e.ref(axes, "axes")}, ${e.int(length)}, ${ifPlaced})`),
    };
  },
  formed: (n, ptr, cx) => {
    const name = n.shape as string;
    const placements = cx.shapes.get(name);
    if (!placements) {
      cx.fail("M001", `no shape '${name}'`, `${ptr}/shape`, cx.shapes.size ? `one of: ${[...cx.shapes.keys()].join(", ")}` : "a shape declared with (shape ...)");
      return { fn: () => false };
    }
    const of = cx.withSite(() => compileBool(n.of!, `${ptr}/of`, cx));
    const fits = (s: State, c: Ctx, cells: Int32Array): boolean => {
      for (let k = 0; k < cells.length; k++) {
        c.site = cells[k]!;
        if (!of(s, c)) return false;
      }
      return true;
    };
    if (n.at === undefined) {
      return {
        fn: (s, c) => {
          const saved = c.site;
          let found = false;
          for (let i = 0; i < placements.length && !found; i++) found = fits(s, c, placements[i]!);
          c.site = saved;
          return found;
        },
      };
    }
    // Only the placements through the site are looked at: a few, whatever the board's size.
    const at = compileSite(n.at as string, `${ptr}/at`, cx);
    const through: Int32Array[][] = Array.from({ length: cx.topology!.n }, () => []);
    for (const cells of placements) for (const site of cells) through[site]!.push(cells);
    return {
      fn: (s, c) => {
        const x = at(s, c);
        if (x < 0) return false;
        const saved = c.site, list = through[x]!;
        let found = false;
        for (let i = 0; i < list.length && !found; i++) found = fits(s, c, list[i]!);
        c.site = saved;
        return found;
      },
    };
  },
  near: (n, ptr, cx) => {
    const of = compileSite(n.of!, `${ptr}/of`, cx);
    const cond = cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx));
    const { start, list } = nearLists(cx, (n.via as string | undefined) ?? "adjacent", `${ptr}/via`);
    // The common "next to a piece of type T" is checked inline (no call per neighbour).
    const inner = n.cond;
    if (isNode(inner) && inner.ludeme === "is-piece" && inner.site === "site" && inner.level === undefined) {
      const type = cx.pieceIndex(inner.piece as string, `${ptr}/cond/piece`);
      return {
        fn: (s, c) => {
          const centre = of(s, c), piece = s.piece;
          if (centre < 0) return false;
          for (let k = start[centre]!, end = start[centre + 1]!; k < end; k++) if (piece[list[k]!] === type) return true;
          return false;
        },
      };
    }
    return {
      fn: (s, c) => {
        const centre = of(s, c), saved = c.site;
        if (centre < 0) return false;
        let found = false;
        for (let k = start[centre]!, end = start[centre + 1]!; k < end && !found; k++) {
          c.site = list[k]!;
          found = cond(s, c);
        }
        c.site = saved;
        return found;
      },
    };
  },
  exists: (n, ptr, cx) => {
    const N = cx.topology!.n, work = cx.work;
    const { rule, parts: cond } = cx.walk(ptr, "exists", N, () => cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx)));
    return {
      fn: (s, c) => {
        const saved = c.site;
        let found = false, site = 0;
        for (; site < N && !found; site++) {
          c.site = site;
          found = cond(s, c);
        }
        c.site = saved;
        // Counted once walked (it stops at the first site found): what the sites' conditions did is counted by them.
        if ((work.left -= site) < 0) work.spent(rule, s);
        return found;
      },
    };
  },
  flanked: (n, ptr, cx) => {
    const of = compileSite(n.of!, `${ptr}/of`, cx);
    const cond = cx.withSite(() => compileBool(n.cond!, `${ptr}/cond`, cx));
    const topo = cx.topology!;
    const N = topo.n, step = topo.step;
    // The lines through a site: each direction with its opposite, once.
    const lines: [number, number][] = [];
    topo.opposite.forEach((back, d) => back > d && lines.push([d, back]));
    return {
      fn: (s, c) => {
        const centre = of(s, c);
        if (centre < 0) return false;
        const savedSite = c.site, savedPlayer = c.player;
        c.player = s.owner[centre]!;
        let found = false;
        for (const [d, back] of lines) {
          const a = step[d * N + centre]!, b = step[back * N + centre]!;
          if (a < 0 || b < 0) continue;
          c.site = a;
          if (!cond(s, c)) continue;
          c.site = b;
          if (cond(s, c)) {
            found = true;
            break;
          }
        }
        c.site = savedSite;
        c.player = savedPlayer;
        return found;
      },
    };
  },
  "every-player": (n, ptr, cx) => forPlayers(n, ptr, cx, true),
  reaches: (n, ptr, cx) => {
    const from = compileSite(n.from!, `${ptr}/from`, cx);
    const topo = cx.topology!, N = topo.n, step = topo.step;
    const dirs = Int32Array.from(directionsIn(n.dirs, `${ptr}/dirs`, cx) ?? ownDirections(topo));
    // The goal: a fixed region, or one that changes with the player (`(region-of goal player)`).
    const perPlayer = playerRegion(n.to!, `${ptr}/to`, cx);
    const goal = new Uint8Array((perPlayer ? perPlayer.lists.length : 1) * N);
    if (perPlayer) perPlayer.lists.forEach((sites, p) => sites.forEach((x) => (goal[p * N + x] = 1)));
    else compileRegion(n.to!, `${ptr}/to`, cx).forEach((x) => (goal[x] = 1));
    const through = n.through === undefined ? null : cx.within("scope", "move", () => compileBool(n.through!, `${ptr}/through`, cx));
    // A breadth-first search with arrays made once: a visit mark per site (a new number each search) and a queue.
    const seen = new Int32Array(N), queue = new Int32Array(N);
    let search = 0;
    const work = cx.work, { rule } = cx.walk(ptr, "reaches", N, () => null);
    return {
      fn: (s, c) => {
        const origin = from(s, c);
        if (origin < 0) return false;
        const base = perPlayer ? perPlayer.who(s, c) * N : 0;
        if (goal[base + origin]) return true;
        if (++search === 2 ** 31 - 1) {
          seen.fill(0);
          search = 1;
        }
        const savedFrom = c.from, savedTo = c.to;
        let head = 0, tail = 0, found = false;
        queue[tail++] = origin;
        seen[origin] = search;
        while (head < tail && !found) {
          const x = queue[head++]!;
          for (let k = 0; k < dirs.length && !found; k++) {
            const y = step[dirs[k]! * N + x]!;
            if (y < 0 || seen[y] === search) continue;
            c.from = x;
            c.to = y;
            if (through && !through(s, c)) continue;
            seen[y] = search;
            if (goal[base + y]) found = true;
            else queue[tail++] = y;
          }
        }
        c.from = savedFrom;
        c.to = savedTo;
        if ((work.left -= tail) < 0) work.spent(rule, s);
        return found;
      },
    };
  },
  "some-player": (n, ptr, cx) => forPlayers(n, ptr, cx, false),
  "same-player": (n, ptr, cx) => {
    const a = compilePlayer(n.a as string, `${ptr}/a`, cx), b = compilePlayer(n.b as string, `${ptr}/b`, cx);
    return { fn: (s, c) => a(s, c) === b(s, c) };
  },
  and: (n, ptr, cx) => {
    const parts = (n.all as Json[]).map((v, i) => compileBoolC(v, `${ptr}/all/${i}`, cx));
    if (parts.some((p) => p.constant === false)) return constant(false);
    const live = parts.filter((p) => p.constant !== true).map((p) => p.fn);
    if (live.length === 0) return constant(true);
    const emitAll = (e: Emitter) => live.map((f) => e.cond(f)).join(" && ");
    // One part left: it is the condition, with its own source (an emit here would replace it by itself).
    if (live.length === 1) return { fn: live[0]! };
    if (live.length === 2) {
      const [a, b] = live as [Pred, Pred];
      return { fn: (s, c) => a(s, c) && b(s, c), emit: emitAll };
    }
    if (live.length === 3) {
      const [a, b, d] = live as [Pred, Pred, Pred];
      return { fn: (s, c) => a(s, c) && b(s, c) && d(s, c), emit: emitAll };
    }
    return {
      fn: (s, c) => {
        for (let i = 0; i < live.length; i++) if (!live[i]!(s, c)) return false;
        return true;
      },
      emit: emitAll,
    };
  },
  or: (n, ptr, cx) => {
    const parts = (n.any as Json[]).map((v, i) => compileBoolC(v, `${ptr}/any/${i}`, cx));
    if (parts.some((p) => p.constant === true)) return constant(true);
    const live = parts.filter((p) => p.constant !== false).map((p) => p.fn);
    if (live.length === 0) return constant(false);
    const emitAny = (e: Emitter) => live.map((f) => e.cond(f)).join(" || ");
    // One part left: it is the condition, with its own source (see and).
    if (live.length === 1) return { fn: live[0]! };
    if (live.length === 2) {
      const [a, b] = live as [Pred, Pred];
      return { fn: (s, c) => a(s, c) || b(s, c), emit: emitAny };
    }
    return {
      fn: (s, c) => {
        for (let i = 0; i < live.length; i++) if (live[i]!(s, c)) return true;
        return false;
      },
      emit: emitAny,
    };
  },
  not: (n, ptr, cx) => {
    const a = compileBoolC(n.cond, `${ptr}/cond`, cx);
    if (a.constant !== undefined) return constant(!a.constant);
    const f = a.fn;
    return { fn: (s, c) => !f(s, c), emit: (e) => `!${e.cond(f)}` };
  },
  "<": comparison((a, b) => a < b, (k) => ({ atLeast: k, holds: false })),
  "<=": comparison((a, b) => a <= b, (k) => ({ atLeast: k + 1, holds: false })),
  ">": comparison((a, b) => a > b, (k) => ({ atLeast: k + 1, holds: true })),
  ">=": comparison((a, b) => a >= b, (k) => ({ atLeast: k, holds: true })),
  "=": comparison((a, b) => a === b),
  "!=": comparison((a, b) => a !== b),
  playing: (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    // The place words: a player with a place (finished or eliminated) is out of play.
    const base = placeWords(cx);
    return { fn: (s, c) => s.memory[base + who(s, c)] === 0 };
  },
  "no-pieces": (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    return { fn: (s, c) => s.pieceCount[who(s, c)] === 0 };
  },
  // The turn of the player the rule is asked for has had a decision: asked for another player
  // (`(can-move ... for:next)` in a move's consequences), whose turn has not begun, it does not hold.
  "same-turn": () => ({ fn: (s, c) => c.player === s.mover && s.actionInTurn > 1, emit: () => "(c.player === s.mover && s.actionInTurn > 1)" }),
  "in-phase": (n, ptr, cx) => {
    const phase = cx.phaseNames.indexOf(n.name as string);
    if (phase < 0) {
      cx.fail("M001", cx.phaseNames.length ? `no phase '${n.name as string}'` : "the play rules have no (phases ...)", `${ptr}/name`, cx.phaseNames.length ? `one of: ${cx.phaseNames.join(", ")}` : "(play (phases {(phase NAME MOVES next:NAME) ...}))");
      return constant(false);
    }
    const who = compilePlayer((n.player as string | undefined) ?? "mover", `${ptr}/player`, cx), word = cx.phaseWord;
    return { fn: (s, c) => s.memory[word + who(s, c)] === phase };
  },
  "can-move": (n, ptr, cx) => {
    // The moves it asks for are moves of their own: their sites exist, even inside a branch's condition.
    const moves = cx.within("choosingRules", null, () => cx.within("scope", "move", () => compileMoves(n.moves!, `${ptr}/moves`, cx)));
    const who = n.for === undefined ? null : compilePlayer(n.for as string, `${ptr}/for`, cx);
    // Its own buffers and contexts, by depth: it may be asked while a move is being applied or
    // generated, even while it is itself looking (a filter's condition asking it again).
    const bufs: MoveBuffer[] = [];
    const ctxs: Ctx[] = [];
    let depth = 0;
    const generators = cx.generators;
    // A generation walks the board's pieces: counted as the board's sites (its conditions count their own walks).
    const N = cx.topology!.n, work = cx.work, { rule } = cx.walk(ptr, "can-move", N, () => null);
    return {
      fn: (s, c) => {
        if ((work.left -= N) < 0) work.spent(rule, s);
        const buf = bufs[depth] ?? (bufs[depth] = new MoveBuffer(4, 16));
        const own = ctxs[depth] ?? (ctxs[depth] = newCtx());
        buf.clear();
        own.player = who === null ? c.player : who(s, c);
        depth++;
        try {
          moves.generate(s, own, buf);
        } finally {
          depth--;
        }
        // Past the move limit the rows kept still answer; a chain search cut short may not have.
        if (buf.overflow === "search") throw overflowError(buf, generators, s);
        return buf.size > 0;
      },
    };
  },
  captured: (_n, ptr, cx) => {
    if (cx.scope !== "move") cx.fail("M004", "(captured) is about the move being made: it belongs in a move's consequences", ptr);
    return { fn: (_s, c) => c.captures > 0 };
  },
  "on-path": (n, ptr, cx) => {
    if (cx.scope !== "move") cx.fail("M004", "(on-path ...) is about the move being made: it belongs in a move's consequences", ptr);
    else if (!cx.recordsPath) cx.fail("M004", "(on-path ...) reads the sites a sowing, a move along a track or a slide went over: it belongs in the then: of a (sow ...), (move-along ...) or (slide ...)", ptr);
    const at = siteIn(n, ptr, cx);
    cx.trail.read = true;
    return {
      fn: (s, c) => {
        const site = at(s, c);
        if (site < 0) return false;
        const trail = c.trail;
        for (let i = 0; i < c.trailLength; i++) if (trail[i] === site) return true;
        return false;
      },
    };
  },
  attacked: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    const by = n.by === undefined || n.by === "others" ? null : compilePlayer(n.by as string, `${ptr}/by`, cx);
    const as = n.as === undefined ? -1 : cx.pieceIndex(n.as as string, `${ptr}/as`);
    // Without as:, an empty site holds the moving piece for the test (in a move; elsewhere there is none).
    const moving = cx.scope === "move";
    const attacks = cx.attackTest();
    const players = cx.playerCount;
    // An attack test may generate the other players' moves: counted as the board's sites.
    const N = cx.topology!.n, work = cx.work, { rule } = cx.walk(ptr, "attacked", N, () => null);
    return {
      fn: (s, c) => {
        if ((work.left -= N) < 0) work.spent(rule, s);
        const site = at(s, c), piece = as >= 0 ? as : moving ? c.piece : -1;
        return by === null ? attacks.attackedByOthers(s, site, c.player, players, piece) : attacks.attacked(s, site, by(s, c), c.player, piece);
      },
    };
  },
  "in-check": (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    const type = cx.pieceIndex(n.piece as string, `${ptr}/piece`);
    const attacks = cx.attackTest();
    const players = cx.playerCount;
    const N = cx.topology!.n, work = cx.work, { rule } = cx.walk(ptr, "in-check", N, () => null);
    return {
      fn: (s, c) => {
        if ((work.left -= N) < 0) work.spent(rule, s);
        const p = who(s, c), owner = s.owner, piece = s.piece;
        // The pieces of that type found by the typed array's own search (a king is one of a few dozen pieces).
        for (let site = piece.indexOf(type); site >= 0; site = piece.indexOf(type, site + 1)) {
          if (owner[site] === p && attacks.attackedByOthers(s, site, p, players, type)) return true;
        }
        return false;
      },
    };
  },
  "no-moves": (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    const rt = cx.runtime, ignorePass = n["ignore-pass"] === true;
    const N = cx.topology!.n, work = cx.work, { rule } = cx.walk(ptr, "no-moves", N, () => null);
    // Inside a move (its consequences, a filter's condition) the moves are listed apart from play's,
    // and a question asked again while they are being listed finds a move (see Game.hasMovesWithinMove).
    const inside = cx.scope === "move", method = inside ? "hasMovesWithinMove" : "hasMoves";
    return {
      fn: (s, c) => {
        if ((work.left -= N) < 0) work.spent(rule, s);
        return !(inside ? rt.hasMovesWithinMove(s, who(s, c), ignorePass) : rt.hasMoves(s, who(s, c), ignorePass));
      },
      emit: (e) => {
        const w = e.ref(work, "work");
        return `((${w}.left -= ${e.int(N)}) < 0 && ${w}.spent(${e.ref(rule, "rule")}, s), !${e.ref(rt, "runtime")}.${method}(s, ${e.num(who, "a player")}, ${ignorePass}))`;
      },
    };
  },
  "at-edge": (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    const topology = cx.topology!;
    const n1 = topology.n, step = topology.step;
    // The direction per player (-1: the board has none for that seat).
    const dirs = directionsByPlayer([n.dir as string], `${ptr}/dir`, cx).map((l) => (l.length ? l[0]! : -1));
    const dir = Int32Array.from(dirs);
    return {
      fn: (s, c) => {
        const d = dir[c.player] ?? -1, site = at(s, c);
        return d >= 0 && site >= 0 && step[d * n1 + site]! < 0;
      },
    };
  },
  fills: (n, ptr, cx) => {
    const who = compilePlayer(n.player as string, `${ptr}/player`, cx);
    const dynamic = playerRegion(n.region!, `${ptr}/region`, cx);
    const fixed = dynamic ? null : compileRegion(n.region!, `${ptr}/region`, cx);
    const largest = fixed ? fixed.length : Math.max(0, ...dynamic!.lists.map((l) => l.length));
    const work = cx.work, { rule } = cx.walk(ptr, "fills", largest, () => null);
    const filled = (s: State, p: number, sites: Int32Array): boolean => {
      if (sites.length === 0) return false;
      if ((work.left -= sites.length) < 0) work.spent(rule, s);
      const owner = s.owner;
      for (let i = 0; i < sites.length; i++) if (owner[sites[i]!] !== p) return false;
      return true;
    };
    if (dynamic) {
      const { lists, who: whose } = dynamic;
      return { fn: (s, c) => filled(s, who(s, c), lists[whose(s, c)]!) };
    }
    return { fn: (s, c) => filled(s, who(s, c), fixed!) };
  },
  repeated: (n, ptr, cx) => {
    const times = n.times as number;
    const board = n.same === "board", inTurn = n.within === "turn";
    // One occurrence is the present one: it has always occurred once.
    if (times <= 1) return constant(true);
    cx.repetitionUses.push(inTurn ? "turn" : "game");
    const rt = cx.runtime;
    return { fn: (s) => rt.repetitions(s, board, inTurn) >= times };
  },
  visited: (n, ptr, cx) => {
    const at = siteIn(n, ptr, cx);
    const base = visitedWords(cx);
    return {
      fn: (s, c) => {
        const site = at(s, c);
        return site >= 0 && (s.memory[base + (site >>> 5)]! & (1 << (site & 31))) !== 0;
      },
    };
  },
};

/** `same-file`, `same-rank`: both sites exist and have the same file (rank) number. */
function sameCoordinate(n: IrNode, ptr: string, cx: CompileContext, which: "file" | "rank"): Compiled<boolean> {
  const a = compileSite(n.a!, `${ptr}/a`, cx), b = compileSite(n.b!, `${ptr}/b`, cx);
  const coordinates = boardCoordinates(n.ludeme, ptr, cx);
  if (!coordinates) return constant(false);
  const of = coordinates[which];
  return {
    fn: (s, c) => {
      const x = a(s, c), y = b(s, c);
      return x >= 0 && y >= 0 && of[x] === of[y];
    },
  };
}

/**
 * A comparison of two numbers. `bound`, for the orderings: "a OP k" as "a is at least `atLeast`"
 * (or its negation, `holds: false`), so that a number able to stop counting once it reaches a
 * bound (`atLeast`, e.g. a group's liberties: "has any") is asked only that far.
 */
function comparison(op: (a: number, b: number) => boolean, bound?: (k: number) => { atLeast: number; holds: boolean }) {
  return (n: IrNode, ptr: string, cx: CompileContext): Compiled<boolean> => {
    const a = compileIntC(n.a, `${ptr}/a`, cx);
    const b = compileIntC(n.b, `${ptr}/b`, cx);
    if (a.constant !== undefined && b.constant !== undefined) return constant(op(a.constant, b.constant));
    if (bound && b.constant !== undefined && a.atLeast) {
      const { atLeast, holds } = bound(b.constant);
      const reach = a.atLeast;
      return { fn: holds ? (s, c) => reach(s, c, atLeast) : (s, c) => !reach(s, c, atLeast) };
    }
    const fa = a.fn, fb = b.fn;
    return { fn: (s, c) => op(fa(s, c), fb(s, c)) };
  };
}

export function compileBoolC(v: Json, ptr: string, cx: CompileContext): Compiled<boolean> {
  if (typeof v === "boolean") return constant(v);
  if (!isNode(v)) return constant(false);
  const b = boolBuilders[v.ludeme];
  if (!b) return constant(false);
  // A condition known at compile time never asks its parts at play: what they asked the engine to
  // keep (the memory of positions) is given back, e.g. `(and $threefold (repeated 3))` with the option off.
  const uses = cx.repetitionUses.length;
  const r = b(v, ptr, cx);
  if (r.constant !== undefined) cx.repetitionUses.length = uses;
  return registered(r);
}

export function compileBool(v: Json, ptr: string, cx: CompileContext): Pred {
  return compileBoolC(v, ptr, cx).fn;
}

/** Whether a condition is known false at compile time (so a rule using it can be dropped). */
export function isConstantFalse(v: Json, ptr: string, cx: CompileContext): boolean {
  return compileBoolC(v, ptr, cx).constant === false;
}

/**
 * The source of a test of the site `at` reads: false for no site (-1), else `test` of the site,
 * which `test` names by a local holding it.
 */
function atSite(e: Emitter, at: (s: State, c: Ctx) => number, test: (x: string) => string): string {
  const text = sourceOf(at)?.(e);
  // A site the code holds in a local is a site: no check for -1, no copy.
  if (text !== undefined && e.isBoundSite(text)) return test(text);
  const x = e.local("x");
  return `(${x} = ${text !== undefined ? `(${text})` : e.num(at, "a site")}) >= 0 && ${test(x)}`;
}

/** A `level:` argument; a constant below 1 is refused (levels count from 1, the bottom piece). */
function levelIn(n: IrNode, ptr: string, cx: CompileContext): (s: State, c: Ctx) => number {
  const level = compileIntC(n.level, `${ptr}/level`, cx);
  if (level.constant !== undefined && level.constant < 1) {
    cx.fail("M004", `level:${level.constant} names no piece: the levels of a stack count from 1, its bottom piece, up to (height SITE), its top`, `${ptr}/level`, "level:1 for the bottom piece (Ludii's level 0)");
  }
  return level.fn;
}

/**
 * The owner of the piece at a level of the stack on a site (1: the bottom, the height: the top),
 * EMPTY past the top or below the bottom. A pile (a game without mixed stacks) is one owner's at
 * every level.
 */
/**
 * `(friend SITE level:L)`, `(enemy SITE level:L)`: the piece at level L of the site's stack, its
 * owner's side tested against the side of the player the rule is read for.
 */
function sideAtLevel(
  n: IrNode,
  ptr: string,
  cx: CompileContext,
  at: (s: State, c: Ctx) => number,
  test: (owner: number, mine: number) => boolean,
  side: Int16Array,
): { fn: (s: State, c: Ctx) => boolean } {
  const level = levelIn(n, ptr, cx);
  return {
    fn: (s, c) => {
      const x = at(s, c);
      if (x < 0) return false;
      const o = ownerAtLevel(s, x, level(s, c));
      return o >= 0 && test(o, side[c.player]!);
    },
  };
}

export function ownerAtLevel(s: State, x: number, level: number): number {
  const h = s.height[x]!, L = s.levels;
  if (level < 1 || level > h) return EMPTY;
  return L === 0 ? s.owner[x]! : s.levelOwner[x * L + level - 1]!;
}

/** The type of the piece at a level of the stack on a site, as ownerAtLevel reads it (EMPTY: none). */
export function pieceAtLevel(s: State, x: number, level: number): number {
  const h = s.height[x]!, L = s.levels;
  if (level < 1 || level > h) return EMPTY;
  return L === 0 ? s.piece[x]! : s.levelPiece[x * L + level - 1]!;
}

/** The side of a neutral piece: nobody's friend, nobody's enemy. */
export const NO_SIDE = -2;

/**
 * Each owner value's side, for `friend` and `enemy`: a seat's team (`players ... teams:`) or, without
 * teams, the seat itself; a neutral piece none; a face-down piece of an observation (owner unknown)
 * a side of its own, so every player counts it an enemy.
 */
export function sidesOf(cx: CompileContext): Int16Array {
  const side = new Int16Array(Math.max(NEUTRAL, UNKNOWN_OWNER) + 1).fill(-3);
  for (let p = 0; p < cx.playerCount; p++) side[p] = cx.teamOf ? cx.teamOf[p]! : p;
  side[NEUTRAL] = NO_SIDE;
  return side;
}

/**
 * `(every-player COND)` (`all`) and `(some-player COND)`: the condition asked with `player` bound to
 * each seat in turn, stopping at the first answer that settles it.
 */
function forPlayers(n: IrNode, ptr: string, cx: CompileContext, all: boolean): Compiled<boolean> {
  const cond = cx.withSubject(() => compileBool(n.cond!, `${ptr}/cond`, cx));
  const P = cx.playerCount;
  return {
    fn: (s, c) => {
      const saved = c.subject;
      let answer = all;
      for (let p = 0; p < P && answer === all; p++) {
        c.subject = p;
        answer = cond(s, c);
      }
      c.subject = saved;
      return answer;
    },
  };
}
