/**
 * Places beyond a board's points: its edges, the segment between two neighbouring points, and its
 * faces, the areas the edges enclose (a box of Dots and Boxes, a cell of a grid drawn as points).
 * Each becomes a site of its own, after the points: edges labelled by their ends (`a1-b1`), faces
 * by their corners in order round them (`a1-b1-b2-a2`). Nothing moves from a place by direction;
 * places meet by incidence instead: a point and the edges that end at it, an edge and the faces on
 * either side of it (the `incident` lists). Faces are found on the board as drawn, so a board whose
 * lines cross (diagonals in every square) has none, and asking for them is refused.
 */
import { everyDirection, NO_SITE, planePositions, type Topology } from "./topology.js";

export interface Places {
  edges: boolean;
  faces: boolean;
}

/** The board with its edges and faces added as sites, or why it cannot have them. */
export function withPlaces(topo: Topology, want: Places): Topology | { error: string } {
  const n = topo.n, dirs = everyDirection(topo);
  // True positions, y upwards (so that counterclockwise is positive area).
  const plane = planePositions(topo), X = (s: number) => plane.x[s]!, Y = (s: number) => plane.y[s]!;
  const edges: [number, number][] = [];
  const seen = new Set<number>();
  for (let a = 0; a < n; a++) {
    for (let d = 0; d < dirs; d++) {
      const b = topo.step[d * n + a]!;
      if (b === NO_SITE || b === a) continue;
      const lo = Math.min(a, b), hi = Math.max(a, b), key = lo * n + hi;
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push([lo, hi]);
    }
  }
  edges.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  let faces: number[][] = [];
  if (want.faces) {
    const crossing = firstCrossing(edges, X, Y);
    if (crossing) return { error: `the board's lines ${topo.labels[crossing[0][0]]}-${topo.labels[crossing[0][1]]} and ${topo.labels[crossing[1][0]]}-${topo.labels[crossing[1][1]]} cross, so they enclose no faces` };
    faces = facesOf(n, edges, X, Y);
  }
  const kept = want.edges ? edges : [];
  const N = n + kept.length + faces.length;
  const firstEdge = n, firstFace = n + kept.length;
  const labels = [...topo.labels];
  // Drawing positions doubled, so that an edge's middle and a square's centre fall on whole numbers.
  const drawX = new Float64Array(N), drawY = new Float64Array(N);
  for (let s = 0; s < n; s++) {
    drawX[s] = 2 * topo.drawX[s]!;
    drawY[s] = 2 * topo.drawY[s]!;
  }
  kept.forEach(([a, b], k) => {
    labels.push(`${topo.labels[a]}-${topo.labels[b]}`);
    drawX[firstEdge + k] = topo.drawX[a]! + topo.drawX[b]!;
    drawY[firstEdge + k] = topo.drawY[a]! + topo.drawY[b]!;
  });
  faces.forEach((corners, k) => {
    labels.push(corners.map((c) => topo.labels[c]).join("-"));
    drawX[firstFace + k] = (2 * corners.reduce((t, c) => t + topo.drawX[c]!, 0)) / corners.length;
    drawY[firstFace + k] = (2 * corners.reduce((t, c) => t + topo.drawY[c]!, 0)) / corners.length;
  });
  // Steps and line ends of the points, the places having none.
  // Every direction's table, the other names of joins (round a wheel) too.
  const all = topo.dirNames.length;
  const step = new Int32Array(all * N).fill(NO_SITE), lineEnd = new Int32Array(all * N).fill(NO_SITE);
  for (let d = 0; d < all; d++) {
    step.set(topo.step.subarray(d * n, (d + 1) * n), d * N);
    lineEnd.set(topo.lineEnd.subarray(d * n, (d + 1) * n), d * N);
  }
  // Incidence: a point and its edges, an edge and its faces.
  const lists: number[][] = Array.from({ length: N }, () => []);
  kept.forEach(([a, b], k) => {
    lists[a]!.push(firstEdge + k);
    lists[b]!.push(firstEdge + k);
    lists[firstEdge + k]!.push(a, b);
  });
  if (want.edges) {
    const edgeAt = new Map(kept.map(([a, b], k) => [a * n + b, firstEdge + k]));
    faces.forEach((corners, k) => {
      for (let i = 0; i < corners.length; i++) {
        const a = corners[i]!, b = corners[(i + 1) % corners.length]!;
        const e = edgeAt.get(Math.min(a, b) * n + Math.max(a, b))!;
        lists[e]!.push(firstFace + k);
        lists[firstFace + k]!.push(e);
      }
    });
  }
  const start = new Int32Array(N + 1);
  for (let s = 0; s < N; s++) start[s + 1] = start[s]! + lists[s]!.length;
  const regions = new Map(topo.regions);
  const range = (from: number, to: number) => Int32Array.from({ length: to - from }, (_, i) => from + i);
  regions.set("all", range(0, N));
  regions.set("points", range(0, n));
  if (want.edges) regions.set("edges", range(firstEdge, firstFace));
  if (want.faces) regions.set("faces", range(firstFace, N));
  return {
    ...topo,
    n: N,
    labels,
    drawX,
    drawY,
    step,
    lineEnd,
    regions,
    incident: { start, list: Int32Array.from(lists.flat()) },
    points: n,
  };
}

/** Two edges that cross away from their ends, if any. */
function firstCrossing(edges: [number, number][], X: (s: number) => number, Y: (s: number) => number): [[number, number], [number, number]] | null {
  const side = (a: number, b: number, c: number) => Math.sign((X(b) - X(a)) * (Y(c) - Y(a)) - (Y(b) - Y(a)) * (X(c) - X(a)));
  for (let i = 0; i < edges.length; i++) {
    const [a, b] = edges[i]!;
    for (let j = i + 1; j < edges.length; j++) {
      const [c, d] = edges[j]!;
      if (a === c || a === d || b === c || b === d) continue;
      if (side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0) return [edges[i]!, edges[j]!];
    }
  }
  return null;
}

/**
 * The faces of a plane drawing, each as its corners counterclockwise from the lowest-numbered
 * point: every edge is walked once each way, turning at each point to the next edge round it; the
 * walks that go round the outside of a piece of the board (the other way round) are not faces.
 */
function facesOf(n: number, edges: [number, number][], X: (s: number) => number, Y: (s: number) => number): number[][] {
  // Each point's neighbours by angle, counterclockwise.
  const round: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of edges) {
    round[a]!.push(b);
    round[b]!.push(a);
  }
  round.forEach((list, p) => list.sort((u, v) => Math.atan2(Y(u) - Y(p), X(u) - X(p)) - Math.atan2(Y(v) - Y(p), X(v) - X(p))));
  const used = new Set<number>();
  const walks: { corners: number[]; area: number }[] = [];
  for (const [a, b] of edges) {
    for (const [u0, v0] of [[a, b], [b, a]] as const) {
      if (used.has(u0 * n + v0)) continue;
      const corners: number[] = [];
      let u = u0, v = v0, area = 0;
      while (!used.has(u * n + v)) {
        used.add(u * n + v);
        corners.push(u);
        area += X(u) * Y(v) - X(v) * Y(u);
        // At v, the edge just before (v, u) counterclockwise: the face to the left of u -> v goes on there.
        const list = round[v]!, k = list.indexOf(u);
        const w = list[(k - 1 + list.length) % list.length]!;
        u = v;
        v = w;
      }
      walks.push({ corners, area: area / 2 });
    }
  }
  // Faces go round counterclockwise (positive area); a walk round the outside goes clockwise.
  return walks
    .filter((w) => w.area > 1e-9)
    .map(({ corners }) => {
      const first = corners.indexOf(Math.min(...corners));
      return [...corners.slice(first), ...corners.slice(0, first)];
    })
    .sort((p, q) => p[0]! - q[0]! || p[1]! - q[1]!);
}
