/**
 * Builders of the `moves` category (move generators and their combinators) and of `effect`
 * (consequences after a move).
 */
import type { Json } from "../lang/bind.js";
import { JumpGenerator, PrioritySource, StepGenerator, UnionSource, type ChainRule, type PieceMoveOptions } from "../engine/generators.js";
import type { PrimitiveAction } from "../engine/moves.js";
import type { Ctx, Effect, LeafGenerator, MoveSource } from "../engine/rules.js";
import type { State } from "../engine/state.js";
import { dirIndex } from "../engine/topology.js";
import { isNode, type CompileContext, type IrNode } from "./context.js";
import { compileBool, compileInt } from "./expr.js";

type MovesBuilder = (n: IrNode, ptr: string, cx: CompileContext) => MoveSource;

export const movesBuilders: Record<string, MovesBuilder> = {
  step: (n, ptr, cx) => {
    const o = pieceMoveOptions(n, ptr, cx, "step");
    const to = n.to === undefined ? null : inMoveScope(cx, () => compileBool(n.to!, `${ptr}/to`, cx));
    return register(cx, new StepGenerator(o, to));
  },
  jump: (n, ptr, cx) => {
    const o = pieceMoveOptions(n, ptr, cx, "jump");
    const over = inMoveScope(cx, () => compileBool(n.over!, `${ptr}/over`, cx));
    const land = n.land === undefined ? null : inMoveScope(cx, () => compileBool(n.land!, `${ptr}/land`, cx));
    return register(cx, new JumpGenerator(o, over, land, (n.chain as ChainRule | undefined) ?? "none"));
  },
  priority: (n, ptr, cx) => new PrioritySource(sources(n.sources as Json[], `${ptr}/sources`, cx)),
  either: (n, ptr, cx) => new UnionSource(sources(n.sources as Json[], `${ptr}/sources`, cx)),
};

export function compileMoves(v: Json, ptr: string, cx: CompileContext): MoveSource {
  if (!isNode(v) || !movesBuilders[v.ludeme]) return new UnionSource([]);
  return movesBuilders[v.ludeme]!(v, ptr, cx);
}

function sources(list: Json[], ptr: string, cx: CompileContext): MoveSource[] {
  return list.map((v, i) => compileMoves(v, `${ptr}/${i}`, cx));
}

function register<G extends LeafGenerator>(cx: CompileContext, g: G): G {
  g.id = cx.generators.length;
  cx.generators.push(g);
  return g;
}

function inMoveScope<T>(cx: CompileContext, f: () => T): T {
  const prev = cx.scope;
  cx.scope = "move";
  try {
    return f();
  } finally {
    cx.scope = prev;
  }
}

/** The arguments every piece move shares: kind, piece filter, directions, consequences. */
function pieceMoveOptions(n: IrNode, ptr: string, cx: CompileContext, defaultKind: string): PieceMoveOptions {
  const topology = cx.topology!;
  const kind = cx.kindIndex((n.kind as string | undefined) ?? defaultKind);
  let pieces: Uint8Array | null = null;
  if (Array.isArray(n.piece)) {
    pieces = new Uint8Array(Math.max(1, cx.pieces.length));
    (n.piece as string[]).forEach((name, i) => {
      const t = cx.pieceIndex(name, `${ptr}/piece/${i}`);
      if (t >= 0) pieces![t] = 1;
    });
  }
  let dirs: number[];
  if (Array.isArray(n.dirs)) {
    dirs = [];
    (n.dirs as string[]).forEach((d, i) => {
      const di = dirIndex(topology, d);
      if (di < 0) cx.fail("M001", `the board has no direction '${d}'`, `${ptr}/dirs/${i}`, `one of: ${topology.dirNames.join(" ")}`);
      else dirs.push(di);
    });
  } else {
    dirs = topology.dirNames.map((_, i) => i);
  }
  const effects = inMoveScope(cx, () => ((n.then as Json[] | undefined) ?? []).map((e, i) => compileEffect(e, `${ptr}/then/${i}`, cx)));
  return {
    topology,
    kind,
    pieces,
    dirs: Int32Array.from(dirs),
    then: effects.map((e) => e.run),
    describeThen: (s, c) => effects.flatMap((e) => e.describe(s, c)),
  };
}

interface CompiledEffect {
  run: Effect;
  /** The primitive actions this effect performs in `s` (for move records). */
  describe: (s: State, c: Ctx) => PrimitiveAction[];
}

export const effectBuilders: Record<string, (n: IrNode, ptr: string, cx: CompileContext) => CompiledEffect> = {
  "counter-add": (n, ptr, cx) => {
    const name = n.name as string;
    const i = cx.counterIndex(name, `${ptr}/name`);
    const by = compileInt(n.by!, `${ptr}/by`, cx);
    return {
      run: (s, c) => {
        s.counters[i]! += by(s, c);
      },
      describe: (s, c) => [{ op: "counter", name, change: "add", value: by(s, c) }],
    };
  },
  "counter-set": (n, ptr, cx) => {
    const name = n.name as string;
    const i = cx.counterIndex(name, `${ptr}/name`);
    const value = compileInt(n.value!, `${ptr}/value`, cx);
    return {
      run: (s, c) => {
        s.counters[i] = value(s, c);
      },
      describe: (s, c) => [{ op: "counter", name, change: "set", value: value(s, c) }],
    };
  },
};

function compileEffect(v: Json, ptr: string, cx: CompileContext): CompiledEffect {
  const b = isNode(v) ? effectBuilders[v.ludeme] : undefined;
  return b ? b(v as IrNode, ptr, cx) : { run: () => {}, describe: () => [] };
}
