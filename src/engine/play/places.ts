/**
 * Places taken by players who leave a game the others play on (`finish` takes the best place left,
 * `eliminate` the worst), kept in rule memory from a base word: per seat the place it holds (0:
 * still playing). Players who take their places in the same decision share them, as Ludii ranks
 * them: they all hold the best place of their range, which is as long as they are many (two players
 * eliminated together from places 2 and 3 both hold 2, each worth the average of the two).
 *
 * After the seats' words come two more: the decision in which places were last taken (the ply plus
 * one, negated for the worst places) and the place the players who took them then hold.
 */

/** Rule-memory words a game with places uses: one per seat and these two. */
export const placeWordCount = (players: number): number => players + 2;

/** How many players hold place value `v`. */
function holders(m: Int32Array, base: number, players: number, v: number): number {
  let k = 0;
  for (let q = 0; q < players; q++) if (m[base + q] === v) k++;
  return k;
}

/** Whether some player's place (or shared range of places) covers `place`. */
function covered(m: Int32Array, base: number, players: number, place: number): boolean {
  for (let q = 0; q < players; q++) {
    const v = m[base + q]!;
    if (v !== 0 && place >= v && place < v + holders(m, base, players, v)) return true;
  }
  return false;
}

/**
 * Seat `p` takes the best (or worst) place not yet taken, sharing it with the players who took
 * theirs in the same decision (`ply`) the same way. Returns how many players are still playing.
 */
export function takePlace(m: Int32Array, base: number, players: number, p: number, which: "best" | "worst", ply: number): number {
  let place = which === "best" ? 1 : players;
  while (place >= 1 && place <= players && covered(m, base, players, place)) place += which === "best" ? 1 : -1;
  const stamp = which === "best" ? ply + 1 : -(ply + 1), groupWord = base + players + 1;
  let value = place;
  if (m[base + players] === stamp) {
    const group = m[groupWord]!, k = holders(m, base, players, group);
    if (which === "best" && place === group + k) value = group;
    else if (which === "worst" && place === group - 1) for (let q = 0; q < players; q++) if (m[base + q] === group) m[base + q] = place;
  }
  m[base + p] = value;
  m[base + players] = stamp;
  m[groupWord] = value;
  let left = 0;
  for (let q = 0; q < players; q++) if (m[base + q] === 0) left++;
  return left;
}

/** Place q of n is worth 1 - 2(q - 1)/(n - 1): +1 first, -1 last. */
export const placeWorth = (players: number, place: number): number => (players > 1 ? 1 - (2 * (place - 1)) / (players - 1) : 1);

/**
 * Returns by place: players who hold a place are worth it (a shared range, its average); of the
 * others, `winners` share the best places left and the rest the places after them.
 */
export function returnsByPlace(m: Int32Array, base: number, players: number, winners: readonly number[], returns: Float64Array | number[]): void {
  const free: number[] = [];
  for (let place = 1; place <= players; place++) if (!covered(m, base, players, place)) free.push(place);
  const average = (first: number, count: number) => {
    let sum = 0;
    for (let k = 0; k < count; k++) sum += placeWorth(players, first + k);
    return sum / Math.max(1, count);
  };
  for (let p = 0; p < players; p++) {
    const v = m[base + p]!;
    if (v !== 0) returns[p] = average(v, holders(m, base, players, v));
  }
  const share = (group: number[]) => {
    const places = free.splice(0, group.length);
    const value = places.reduce((sum, place) => sum + placeWorth(players, place), 0) / Math.max(1, places.length);
    for (const p of group) returns[p] = value;
  };
  const open: number[] = [];
  for (let p = 0; p < players; p++) if (m[base + p] === 0) open.push(p);
  share(open.filter((p) => winners.includes(p)));
  share(open.filter((p) => !winners.includes(p)));
}
