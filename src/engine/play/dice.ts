/**
 * Chance during play: the throw of the game's dice.
 *
 * A throw is a decision of the CHANCE player (Game.currentPlayer), due when the rules' `roll:` says
 * (before each turn's first decision, or before every decision, where its condition holds). Its
 * outcomes are the ordered tuples of faces, one per die, all equally likely (each die's faces are
 * equally likely, and a face may be written twice to weigh it): the throw generator lists them as
 * move rows (outcome index in `extra`, mixed radix over the dice, the first die least significant),
 * and a random playout draws one directly, one random number per die.
 *
 * Making a throw advances the state's generator by one number per die, whichever outcome it is:
 * `draw` reads those numbers without advancing, so a drawn throw, the same throw chosen from the
 * list, and the same throw replayed from a record all leave the same state (a replayed game is the
 * game that was played, random words included). The values stay in the state
 * (State.dice) for the moves to read (`pips`, `die`); each die allows one move (`for-each-die`), or
 * two when every die shows the same number and the dice say `doubles:twice`; with `doubles:number`
 * a double n allows n moves in all, with `doubles:sum` n moves each die (see doubleByNumber).
 */
import type { MoveBuffer, PrimitiveAction } from "../moves/moves.js";
import { nextInt } from "../state/rng.js";
import type { Ctx, DiceDef, LeafGenerator, MoveSource } from "./rules.js";
import { anyMove } from "../moves/generators.js";
import type { State } from "../state/state.js";

export class RollGenerator implements LeafGenerator {
  id = -1;
  rule = "the throw of the dice";
  /** How many outcomes a throw has (the product of the dice's face counts). */
  readonly outcomes: number;

  constructor(
    private readonly dice: DiceDef,
    private readonly kind: number,
  ) {
    this.outcomes = dice.faces.reduce((a, f) => a * f.length, 1);
  }

  /** Every outcome of the throw, in order. */
  generate(_s: State, _c: Ctx, out: MoveBuffer): void {
    for (let k = 0; k < this.outcomes; k++) {
      const row = out.add(this.id, this.kind, -1, -1, 1, -1);
      out.extra[row] = k;
    }
  }

  private readonly words = new Uint32Array(4);

  /**
   * The outcome the state's generator gives next (one random number per die), as a row of `out`;
   * the state is not changed (making the throw advances its generator).
   */
  draw(s: State, out: MoveBuffer): number {
    const faces = this.dice.faces, w = this.words;
    w.set(s.rng);
    let k = 0, radix = 1;
    for (let d = 0; d < faces.length; d++) {
      k += nextInt(w, faces[d]!.length) * radix;
      radix *= faces[d]!.length;
    }
    const row = out.add(this.id, this.kind, -1, -1, 1, -1);
    out.extra[row] = k;
    return row;
  }

  apply(s: State, buf: MoveBuffer, row: number): void {
    const faces = this.dice.faces;
    for (let d = 0; d < faces.length; d++) nextInt(s.rng, faces[d]!.length);
    let k = buf.extra[row]!;
    let double = faces.length > 1;
    for (let d = 0; d < faces.length; d++) {
      const f = faces[d]!;
      s.dice[d] = f[k % f.length]!;
      k = Math.floor(k / f.length);
      if (s.dice[d] !== s.dice[0]) double = false;
    }
    if (double && this.dice.doubleByNumber !== 0) doubleByNumber(s, this.dice);
    else s.diceLeft.fill(double ? this.dice.doubleUses : 1);
    s.rollDue = false;
  }

  /** The faces of outcome `k`, die by die. */
  values(k: number): number[] {
    const out: number[] = [];
    for (const f of this.dice.faces) {
      out.push(f[k % f.length]!);
      k = Math.floor(k / f.length);
    }
    return out;
  }

  notation(buf: MoveBuffer, row: number): string {
    return `roll ${this.values(buf.extra[row]!).join(",")}`;
  }

  actions(buf: MoveBuffer, row: number): PrimitiveAction[] {
    return [{ op: "roll", dice: this.values(buf.extra[row]!) }];
  }
}

/**
 * The moves a double allows by its number n (the dice show it all; DiceDef.doubleByNumber): with
 * `doubles:number`, n in all, spread over the dice in order (a double 3 of two dice: 2 and 1; a double
 * 1: 1 and 0); with `doubles:sum`, n each. The moves of a double are alike whichever die they use
 * (for-each-die asks the first die still usable), so only the total counts.
 */
export function doubleByNumber(s: State, dice: DiceDef): void {
  const n = s.dice[0]!, k = s.diceLeft.length;
  if (dice.doubleByNumber === 2) s.diceLeft.fill(n);
  else for (let d = 0; d < k; d++) s.diceLeft[d] = Math.floor(n / k) + (d < n % k ? 1 : 0);
}

/**
 * A move uses die `d` (one of its uses). With `doubles:ludii`, as Ludii 1.3.12 plays doubles (its
 * `forEach Die replayDouble:True`): when every die is unused and shows the same number, the first
 * use remembers that number and the next such use forgets it; a use while a number is remembered
 * and the dice are not such a double sets every die back to the remembered number, unused. A double
 * played out gives four moves, as usual; one whose turn ends early stays remembered, and the next
 * throw's dice (the other player's) all turn to it after their first move: Ludii's Backgammon.
 */
export function useDie(s: State, dice: DiceDef, d: number): void {
  if (d >= DICE_SET) {
    // Dice combined (for-each-die combined:true): a use of each, without the double's bookkeeping (as Ludii's).
    for (let e = 0, mask = d - DICE_SET; mask !== 0; e++, mask >>= 1) if (mask & 1) s.diceLeft[e]!--;
    return;
  }
  if (!dice.ludiiDoubles) {
    s.diceLeft[d]!--;
    return;
  }
  let double = true;
  for (let e = 0; e < s.dice.length; e++) if (s.diceLeft[e]! <= 0 || s.dice[e] !== s.dice[0]) double = false;
  const value = s.dice[d]!;
  s.diceLeft[d]!--;
  if (double) s.heldDouble = s.heldDouble === 0 ? value : 0;
  else if (s.heldDouble !== 0) {
    s.dice.fill(s.heldDouble);
    s.diceLeft.fill(1);
  }
}

/**
 * A move's `die` (MoveBuffer.die, Ctx.die) for a move by several dice at once: DICE_SET plus the
 * set of dice (bit d for die d). A single die is its index, no die -1.
 */
export const DICE_SET = 1 << 16;

/** The dice a move's `die` field names (none: empty), die indices ascending. */
export function diceOfMove(die: number): number[] {
  if (die < 0) return [];
  if (die < DICE_SET) return [die];
  const out: number[] = [];
  for (let e = 0, mask = die - DICE_SET; mask !== 0; e++, mask >>= 1) if (mask & 1) out.push(e);
  return out;
}

/** `(pips)` of a move by the dice `die` names (DICE_SET plus a set: their sum). */
export function pipsOfSet(s: State, die: number): number {
  let sum = 0;
  for (let e = 0, mask = die - DICE_SET; mask !== 0; e++, mask >>= 1) if (mask & 1) sum += s.dice[e]!;
  return sum;
}

/**
 * `(for-each-die MOVES)`: the moves MOVES gives with each die that may still be used, `(pips)`
 * reading that die's value; making one uses the die up (Game.makeMove). Dice showing the same
 * number give the same moves, so only the first of them that may still be used is asked (a double
 * gives one set of moves, whose die then has a use less).
 *
 * With `combined:true`, also the moves MOVES gives with every set of two or more such dice, `(pips)`
 * reading their sum (by the sum alone: nothing is asked of the sites a die of the set would reach
 * on its own), the move using each of them; sets of the same numbers give their moves once (the
 * set of the first such dice still unused). The sets are known when the game is built (the game's
 * dice), smaller sets first.
 */
export class ForEachDieSource implements MoveSource {
  readonly parts: readonly MoveSource[];
  /** The sets of two or more dice tried (bit d: die d), smaller first; empty unless combined. */
  private readonly sets: Int32Array;
  constructor(
    private readonly inner: MoveSource,
    combined = false,
    diceCount = 0,
  ) {
    this.parts = [inner];
    const sets: number[] = [];
    if (combined) {
      for (let mask = 1; mask < 1 << diceCount; mask++) if (bits(mask) >= 2) sets.push(mask);
      sets.sort((a, b) => bits(a) - bits(b) || a - b);
    }
    this.sets = Int32Array.from(sets);
  }

  generate(s: State, c: Ctx, out: MoveBuffer): void {
    const dice = s.dice, left = s.diceLeft, was = c.die;
    for (let d = 0; d < dice.length; d++) {
      if (left[d]! <= 0 || this.shownBefore(s, d)) continue;
      c.die = d;
      const start = out.size;
      this.inner.generate(s, c, out);
      for (let r = start; r < out.size; r++) out.die[r] = d;
    }
    const sets = this.sets;
    for (let k = 0; k < sets.length; k++) {
      if (!this.usable(s, sets[k]!)) continue;
      const die = DICE_SET + sets[k]!;
      c.die = die;
      const start = out.size;
      this.inner.generate(s, c, out);
      for (let r = start; r < out.size; r++) out.die[r] = die;
    }
    c.die = was;
  }

  any(s: State, c: Ctx): boolean {
    const dice = s.dice, left = s.diceLeft, was = c.die;
    let found = false;
    for (let d = 0; d < dice.length && !found; d++) {
      if (left[d]! <= 0 || this.shownBefore(s, d)) continue;
      c.die = d;
      found = anyMove(this.inner, s, c);
    }
    const sets = this.sets;
    for (let k = 0; k < sets.length && !found; k++) {
      if (!this.usable(s, sets[k]!)) continue;
      c.die = DICE_SET + sets[k]!;
      found = anyMove(this.inner, s, c);
    }
    c.die = was;
    return found;
  }

  /** Whether an earlier die that may still be used shows the same number as die `d`. */
  private shownBefore(s: State, d: number): boolean {
    for (let e = 0; e < d; e++) if (s.diceLeft[e]! > 0 && s.dice[e] === s.dice[d]) return true;
    return false;
  }

  /**
   * Whether every die of the set `mask` may still be used, and the set is the first of its numbers:
   * no die of it could be swapped for an earlier unused die, outside the set, showing its number.
   */
  private usable(s: State, mask: number): boolean {
    const dice = s.dice, left = s.diceLeft;
    for (let d = 0; d < dice.length; d++) {
      if ((mask & (1 << d)) === 0) continue;
      if (left[d]! <= 0) return false;
      for (let e = 0; e < d; e++) if ((mask & (1 << e)) === 0 && left[e]! > 0 && dice[e] === dice[d]) return false;
    }
    return true;
  }
}

function bits(mask: number): number {
  let n = 0;
  for (; mask !== 0; mask &= mask - 1) n++;
  return n;
}
