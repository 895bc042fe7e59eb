/**
 * The tracks a description declares (items `track`), as the rules that follow them find them: one
 * list of sites per seat, turned into lookup tables once, for the first rule that names the track.
 */
import { makeTrack, type Track } from "../engine/moves/track.js";
import type { CompileContext } from "./context.js";
import { compilePlayer } from "./expression.js";
import type { State } from "../engine/state/state.js";
import type { Ctx } from "../engine/play/rules.js";

/**
 * The track a rule names (`name`, written at `ptr`), with its tables; null (reported there) when
 * there is none or a seat lacks one.
 */
export function trackNamed(name: string, ptr: string, cx: CompileContext): Track | null {
  const declared = cx.tracks.get(name);
  if (declared?.failed) return null;
  if (!declared) {
    cx.fail("M001", `no track '${name}'`, ptr, cx.tracks.size ? `one of: ${[...cx.tracks.keys()].join(", ")}` : "a (track ...) in the equipment");
    return null;
  }
  const missing = declared.sites.findIndex((s) => s === null);
  if (missing >= 0) {
    cx.fail("M002", `track '${name}' has no road for P${missing + 1}`, ptr, `a (track ${name} ... seat:P${missing + 1})`);
    return null;
  }
  const tables = (cx.trackTables ??= new Map());
  const track = tables.get(name) ?? makeTrack(name, declared.sites as Int32Array[], declared.loop, cx.topology!.n, declared.bends as Uint8Array[]);
  tables.set(name, track);
  return track;
}

/**
 * Whose road a rule reads on a track (`of:` of `along`, `first-along`, `(distance ... along:)`, at
 * `ptr`): null without `of:` (or with `of:mover`), the player the rule is read for; else that
 * player's seat, read when the rule is. A track every seat shares (written without `seat:`) has no
 * other road to read: `of:` naming another player is refused there (M004).
 */
export function trackOwner(of: string | undefined, name: string, ptr: string, cx: CompileContext): ((s: State, c: Ctx) => number) | null {
  if (of === undefined) return null;
  const who = compilePlayer(of, ptr, cx);
  // The default, written out: the player the rule is read for, on any track.
  if (of === "mover") return null;
  const declared = cx.tracks.get(name);
  if (declared && !declared.failed && declared.sites.length > 1 && declared.sites.every((sites) => sites === declared.sites[0])) {
    cx.fail("M004", `track '${name}' is one road every seat shares, so of:${of} reads no other`, ptr, `no of:, or the track written per seat: (track ${name} ... seat:P1) (track ${name} ... seat:P2) ...`);
    return null;
  }
  return who;
}
