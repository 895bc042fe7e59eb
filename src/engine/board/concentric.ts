/**
 * Boards of concentric rings of points (a wheel): ring k holds the given number of points, evenly
 * spaced on a circle of radius k (a ring of one point is the centre). Each ring's points are joined
 * to their two neighbours round the ring; consecutive rings are joined by spokes: the centre to every
 * point of the first ring, and between rings of n and m points (m a multiple of n) point i of the
 * inner ring to point i x m / n of the outer one. The first point of every ring lies straight up
 * (north), the others follow anticlockwise.
 *
 * Points stand on true circles, so that rings are drawn round and a spoke is one straight line
 * (its joins all have one compass direction). They are labelled by a whole-number lattice (the
 * rings' spacing the smallest that keeps them apart once rounded): letters for the distinct x
 * positions from the left, numbers for the distinct y positions from the bottom (the wheel of 1
 * and 8 points: the centre c3, the top c5, the right e3). Regions: `ring-1` ... from the inside, `centre` for a ring of one point. Directions
 * are the compass directions of the joins (see graph-board.ts), and the same joins named by how
 * they turn: `clockwise` and `anticlockwise` round a ring, `inward` and `outward` along a spoke
 * (as Ludii's CW, CCW, In and Out). Those four are followed only where a rule names them, so
 * "every direction" stays the compass ones and no join is counted twice.
 */
import { graphBoard, GraphBoardError, lineEnds, type GraphPoint } from "./graph-board.js";
import { fileLetter, NO_SITE, type Topology } from "./topology.js";

/** Why a list of rings makes no board (null: it does). */
export function concentricProblem(rings: readonly number[]): string | null {
  if (rings.length === 0) return "a wheel needs at least one ring";
  for (let k = 0; k < rings.length; k++) {
    const n = rings[k]!;
    if (n < 1) return `ring ${k + 1} has no point`;
    if (n === 1 && k > 0) return `ring ${k + 1} has one point: only the innermost ring may be a centre`;
    if (n === 2) return `ring ${k + 1} has two points, which make no circle`;
    if (k > 0 && rings[k - 1]! > 1 && n % rings[k - 1]! !== 0) return `ring ${k + 1} has ${n} points, not a multiple of the ${rings[k - 1]} of the ring inside it (spokes join a point to one of the next ring)`;
  }
  return null;
}

/** The topology of a wheel (`concentricProblem` must be null). */
export function concentricBoard(rings: readonly number[]): Topology {
  // The labels' lattice: the smallest spacing of the rings that keeps every point apart once
  // rounded. The points themselves stay on their circles (at that spacing).
  let pos: { x: number; y: number }[] = [];
  let lattice: { x: number; y: number }[] = [];
  for (let unit = 3; ; unit++) {
    pos = [];
    rings.forEach((n, k) => {
      const radius = unit * (rings[0] === 1 ? k : k + 1);
      for (let i = 0; i < n; i++) {
        const angle = Math.PI / 2 + (2 * Math.PI * i) / n;
        pos.push({ x: radius * Math.cos(angle), y: radius * Math.sin(angle) });
      }
    });
    lattice = pos.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) }));
    if (new Set(lattice.map((p) => `${p.x},${p.y}`)).size === pos.length) break;
  }
  const first: number[] = [];
  rings.reduce((at, n) => (first.push(at), at + n), 0);
  const joins: [number, number][] = [];
  rings.forEach((n, k) => {
    if (n > 2) for (let i = 0; i < n; i++) joins.push([first[k]! + i, first[k]! + ((i + 1) % n)]);
    if (k === 0) return;
    const inner = rings[k - 1]!;
    if (inner === 1) for (let i = 0; i < n; i++) joins.push([first[k - 1]!, first[k]! + i]);
    else for (let i = 0; i < inner; i++) joins.push([first[k - 1]! + i, first[k]! + (i * n) / inner]);
  });
  const labels = gridLabels(lattice);
  const points: GraphPoint[] = pos.map((p, i) => ({ label: labels[i]!, x: p.x, y: p.y }));
  try {
    const topo = withTurningDirections(graphBoard(points, joins), rings, first);
    const regions = new Map(topo.regions);
    // The rings by number from the inside (ring-1 ...), the centre (a ring of one point) as centre.
    rings.forEach((n, k) => regions.set(`ring-${k + 1}`, Int32Array.from({ length: n }, (_, i) => first[k]! + i)));
    if (rings[0] === 1) regions.set("centre", Int32Array.of(0));
    return { ...topo, regions, shape: "wheel" };
  } catch (e) {
    if (e instanceof GraphBoardError) throw new Error(`the wheel's joins cannot all be told apart by compass direction: ${e.message}`);
    throw e;
  }
}

/** The directions that name a wheel's joins by how they turn, after the board's own (compass) ones. */
const TURNING = ["clockwise", "anticlockwise", "inward", "outward"] as const;

/**
 * The wheel with its turning directions added: round each ring of three points or more, and
 * along the spokes between rings (none outward from the centre, which has a spoke to every point
 * of the first ring, and none inward from a point without a spoke).
 */
function withTurningDirections(topo: Topology, rings: readonly number[], first: readonly number[]): Topology {
  const n = topo.n, own = topo.dirNames.length, D = own + TURNING.length;
  const step = new Int32Array(D * n).fill(NO_SITE);
  step.set(topo.step);
  const [cw, acw, inward, outward] = [own, own + 1, own + 2, own + 3];
  const join = (d: number, a: number, b: number) => (step[d * n + a] = b);
  rings.forEach((count, k) => {
    if (count > 2) {
      for (let i = 0; i < count; i++) {
        // Points follow one another anticlockwise from the top.
        join(acw, first[k]! + i, first[k]! + ((i + 1) % count));
        join(cw, first[k]! + ((i + 1) % count), first[k]! + i);
      }
    }
    if (k === 0) return;
    const inner = rings[k - 1]!;
    if (inner === 1) {
      for (let i = 0; i < count; i++) join(inward, first[k]! + i, first[k - 1]!);
      return;
    }
    for (let i = 0; i < inner; i++) {
      const a = first[k - 1]! + i, b = first[k]! + (i * count) / inner;
      join(outward, a, b);
      join(inward, b, a);
    }
  });
  const opposite = new Int8Array(D);
  opposite.set(topo.opposite);
  [opposite[cw], opposite[acw], opposite[inward], opposite[outward]] = [acw, cw, outward, inward];
  // Line ends: along a spoke, the far end of the line; a ring closes on itself and has none.
  const lineEnd = lineEnds(step, opposite, n);
  return { ...topo, dirNames: [...topo.dirNames, ...TURNING], ownDirs: own, step, opposite, lineEnd };
}

/** Lattice labels: letters for the distinct x positions from the left, numbers for the distinct y positions from the bottom. */
function gridLabels(pos: readonly { x: number; y: number }[]): string[] {
  const xs = [...new Set(pos.map((p) => p.x))].sort((a, b) => a - b), ys = [...new Set(pos.map((p) => p.y))].sort((a, b) => a - b);
  return pos.map((p) => `${fileLetter(xs.indexOf(p.x))}${ys.indexOf(p.y) + 1}`);
}
