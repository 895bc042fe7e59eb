/**
 * Distances on a board's graph: the fewest steps from one site to another along given directions,
 * whatever stands on the sites (Ludii's `(count Steps A B)`). Each source's distances are found by
 * one breadth-first walk the first time they are asked and kept, so a rule that compares distances
 * to one site (the enemy king, the centre) walks the board once.
 */
import { neighbourLists, type Topology } from "./topology.js";

/** The distance between sites no path joins. */
export const UNREACHABLE = 1_000_000;

export class StepDistances {
  private readonly start: Int32Array;
  private readonly list: Int32Array;
  /** Per source site, its distance to every site, once walked. */
  private readonly rows: (Int32Array | undefined)[];
  private readonly queue: Int32Array;

  constructor(private readonly topo: Topology, dirs?: readonly number[]) {
    ({ start: this.start, list: this.list } = neighbourLists(topo, dirs));
    this.rows = new Array(topo.n);
    this.queue = new Int32Array(topo.n);
  }

  /** The fewest steps from `a` to `b` (0 when they are one site), UNREACHABLE when no path joins them. */
  between(a: number, b: number): number {
    return (this.rows[a] ??= this.walk(a))[b]!;
  }

  private walk(source: number): Int32Array {
    const { start, list, queue } = this;
    const row = new Int32Array(this.topo.n).fill(UNREACHABLE);
    row[source] = 0;
    queue[0] = source;
    for (let head = 0, tail = 1; head < tail; head++) {
      const at = queue[head]!, next = row[at]! + 1;
      for (let k = start[at]!; k < start[at + 1]!; k++) {
        const t = list[k]!;
        if (row[t] === UNREACHABLE) (row[t] = next), (queue[tail++] = t);
      }
    }
    return row;
  }
}
