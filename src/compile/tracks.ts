/**
 * The tracks a description declares (items `track`), as the rules that follow them find them: one
 * list of sites per seat, turned into lookup tables once, for the first rule that names the track.
 */
import { makeTrack, type Track } from "../engine/moves/track.js";
import type { CompileContext } from "./context.js";

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
