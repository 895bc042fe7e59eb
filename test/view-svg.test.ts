/** The SVG board: every site and piece of every built-in game drawn, and exactly what the state holds. */
import { describe, expect, it } from "vitest";
import { builtinGameNames } from "../src/library/builtin.js";
import { loadGame } from "../src/compile/index.js";
import { describeSite } from "../src/engine/position.js";
import { seededChooser } from "./support/random.js";
import { EMPTY } from "../src/engine/state.js";
import { renderBoardSvg } from "../src/view/svg.js";

/** The data attributes of every element with the given class, keyed by site. */
function elements(svg: string, cls: string): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const m of svg.matchAll(new RegExp(`<g class="${cls}(?: [^"]*)?"([^>]*)>`, "g"))) {
    const attrs = Object.fromEntries([...m[1]!.matchAll(/data-([a-z]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
    out.set(attrs.site!, attrs);
  }
  return out;
}

describe("renderBoardSvg", () => {
  for (const name of builtinGameNames()) {
    it(`${name}: draws every site, and every piece as the state has it, through a game`, () => {
      const g = loadGame(name);
      const s = g.newGame({ seed: 3 });
      const pick = seededChooser(1);
      for (let ply = 0; ply < 30 && !s.over; ply++) {
        const svg = renderBoardSvg(g, s);
        expect(elements(svg, "site").size).toBe(g.topology.n);
        const pieces = elements(svg, "piece");
        let occupied = 0;
        for (let i = 0; i < g.topology.n; i++) {
          if (s.owner[i] === EMPTY) continue;
          occupied++;
          const want = describeSite(g, s, i)!;
          const got = pieces.get(g.topology.labels[i]!)!;
          expect(got, g.topology.labels[i]).toBeDefined();
          expect({ owner: got.owner, piece: got.piece, height: Number(got.height) }).toEqual({ owner: want.owner, piece: want.piece, height: want.height });
        }
        expect(pieces.size).toBe(occupied);
        const buf = g.generate(s);
        if (buf.size === 0) break;
        g.applyRow(s, buf, pick(buf.size));
      }
    });
  }

  it("an observation's face-down pieces carry neither owner nor type", () => {
    const g = loadGame("blind-kings");
    const s = g.newGame({ seed: 1 });
    const svg = renderBoardSvg(g, g.observation(s, 0));
    const faceDown = [...svg.matchAll(/<g class="piece face-down"[^>]*>/g)].map((m) => m[0]);
    expect(faceDown.length).toBeGreaterThan(0);
    for (const el of faceDown) expect(el).not.toMatch(/data-owner|data-piece/);
    // and no piece type of the game is named anywhere in a face-down piece's drawing
    const types = g.def.pieces.map((p) => p.name);
    for (const m of svg.matchAll(/<g class="piece face-down".*?<\/g>/g)) for (const t of types) expect(m[0]).not.toContain(`"${t}"`);
  });
});
