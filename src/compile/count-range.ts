/**
 * A `count-range` argument (`run:` of hops and custodial captures): N exactly, or `{LOW HIGH}` from
 * LOW to HIGH, `any` standing for as many as a line of the board can hold.
 */
import type { Json } from "../lang/bind.js";
import type { CompileContext } from "./context.js";

/** As [fewest, most]; `def` when the argument is absent. */
export function runBounds(v: Json | undefined, ptr: string, cx: CompileContext, def: [number, number] = [1, 1]): [number, number] {
  if (v === undefined) return def;
  if (!Array.isArray(v)) return [v as number, v as number];
  const [low, high] = v as [number, number | "any"];
  // `any`: a run never holds more sites than the board.
  const most = high === "any" ? cx.topology!.n : high;
  if (high !== "any" && low > high) cx.fail("M004", `run:{${low} ${high}} asks for at least ${low} sites in a row but at most ${high}`, ptr, `{LOW HIGH} with LOW no more than HIGH, e.g. {${high} ${low}}`);
  return [low, most];
}
