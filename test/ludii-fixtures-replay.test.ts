/**
 * Ludii games written as test fixtures (test/fixtures/ludii/), each for a concept of the language
 * that a library game does not show, replaying Ludii 1.3.12's own random games move by move
 * (test/ludii/<game>-games.txt.gz, written by test/ludii/harness/LudiiGames.java; see
 * test/support/ludii-replay.ts).
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { siteIndex } from "../src/engine/board/topology.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

const fixture = (name: string, options: Record<string, number> = {}) => loadGame(new URL(`./fixtures/ludii/${name}.game`, import.meta.url).pathname, { options });
const games = (name: string) => readLudiiGames(new URL(`./ludii/${name}-games.txt.gz`, import.meta.url));

/**
 * The harness's name of each site by Ludii's index, from a replay file's `# sites` line: for boards
 * whose sites we number in Ludii's order but label otherwise (graphs of merged pieces).
 */
const ludiiSiteNames = (name: string): string[] => {
  const text = gunzipSync(readFileSync(new URL(`./ludii/${name}-games.txt.gz`, import.meta.url))).toString("utf8");
  const line = text.split("\n").find((l) => l.startsWith("# sites"))!;
  return line.split(" | ")[0]!.split(" ").filter((w) => /^\d+:/.test(w)).map((w) => w.split(":")[1]!);
};

/**
 * Ludii's name of a cell of our hexhex board of side `size`: our rows are lettered from the top, cells
 * numbered from the left of each row; Ludii's ranks count from the bottom, and its files are axial (a
 * rank above the middle starts one file further right).
 */
const ludiiHexCell = (size: number) => (label: string) => {
  const fromTop = label.charCodeAt(0) - 97, k = Number(label.slice(1)), rank = 2 * size - 2 - fromTop;
  return `${String.fromCharCode(97 + k - 1 + Math.max(0, rank - (size - 1)))}${rank + 1}`;
};

describe("Shiva (board/space/line/Shiva.lud): a counter per player, the rows each has made", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(fixture("shiva"), games("shiva"), {
      // A placement comes from the mover's hand in Ludii (its pieces start there).
      ludiiNotation: (n, s) => (n === "pass" ? "forced-pass" : n.startsWith("*") ? `P${s.mover + 1}hand-${n.slice(1)}` : n),
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 100, decisions: 8252, throws: 0, passes: 0, forcedPasses: 1211, promotions: 0, drops: 0,
      legalMoves: 61375, listed: 8252, ambiguous: 0, turnLimits: 1, results: { p1: 48, p2: 51, draws: 0 },
    });
  });
});

describe("Toads and Frogs (board/space/blocking/Toads and Frogs.lud, 1 x 8): a region grown by steps, the sides of a single row", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // Ludii's option "Board Size/1x8": eight squares, three pieces each (its start grows each end by two)
    const tally = replayLudiiGames(fixture("toads-and-frogs", { length: 8, pieces: 3 }), games("toads-and-frogs"), { ludiiNotation: (n) => n });
    expect(tally).toEqual({
      games: 100, decisions: 931, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 1203, listed: 931, ambiguous: 0, results: { p1: 31, p2: 69, draws: 0 },
    });
  });
});

describe("Gala (board/hunt/Gala.lud): custodial capture of a run of any length", () => {
  it("every decision of 20 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(fixture("gala"), games("gala"), {
      ludiiNotation: (n, s) => (n === "pass" ? "forced-pass" : n.startsWith("M*") ? `P${s.mover + 1}hand-${n.slice(2)}` : n),
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 20, decisions: 18075, throws: 0, passes: 0, forcedPasses: 12455, promotions: 0, drops: 0,
      legalMoves: 62538, listed: 18075, ambiguous: 0, results: { p1: 4, p2: 11, draws: 5 },
    });
  });
});

describe("Maak Yek (board/war/custodial/Maak Yek.lud): capture by intervention and custodial capture, found at once", () => {
  it("every decision of 20 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(fixture("maak-yek"), games("maak-yek"), { ludiiNotation: (n) => (n === "pass" ? "forced-pass" : n), forcedPassIsMove: true });
    expect(tally).toEqual({
      games: 20, decisions: 31774, throws: 0, passes: 0, forcedPasses: 2, promotions: 0, drops: 0,
      legalMoves: 1210078, listed: 0, ambiguous: 0, turnLimits: 4, results: { p1: 8, p2: 8, draws: 0 },
    });
  });
});

describe("Teeko (board/space/line/Teeko.lud): a shape formed on the board (Ludii's is Pattern)", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // Ludii's pieces in hand stand on its first hand site.
    const tally = replayLudiiGames(fixture("teeko"), games("teeko"), {
      ludiiNotation: (n, s) => (n === "pass" ? "forced-pass" : n.startsWith("M*") ? `P${s.mover + 1}hand0-${n.slice(2)}` : n),
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 100, decisions: 2392, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 42511, listed: 2392, ambiguous: 0, results: { p1: 52, p2: 48, draws: 0 },
    });
  });
});

describe("Pente (board/space/line/Pente.lud): a custodial capture of exactly two, scored", () => {
  it("every decision of 30 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // Ludii writes a placement as a move from the point to itself.
    const tally = replayLudiiGames(fixture("pente"), games("pente"), { ludiiNotation: (n) => (n.startsWith("*") ? `${n.slice(1)}-${n.slice(1)}` : n) });
    expect(tally).toEqual({
      games: 30, decisions: 4634, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 1291947, listed: 0, ambiguous: 0, results: { p1: 20, p2: 10, draws: 0 },
    });
  });
});

describe("Adi (board/sow/two_rows/Adi.lud): a mancala played in rounds (seeds carried back into pits, the first empty pit along a track, the pits a sowing reached)", () => {
  it("every decision of 60 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // Ludii's pits are one column to the right of ours: its stores are columns a and h.
    const ludiiSite = (label: string) =>
      label === "store-w" ? "a1" : label === "store-e" ? "h1" : `${String.fromCharCode(label.charCodeAt(0) + 1)}${label.slice(1)}`;
    const tally = replayLudiiGames(fixture("adi"), games("adi"), {
      ludiiNotation: (n) => (n === "pass" ? "forced-pass" : n.replace(/store-[we]|[a-z]\d+/g, ludiiSite)),
      forcedPassIsMove: true,
    });
    // 60,930 of the decisions carry seeds from a store into a pit between rounds.
    expect(tally).toEqual({
      games: 60, decisions: 200926, throws: 0, passes: 0, forcedPasses: 2299, promotions: 0, drops: 0,
      legalMoves: 272171, listed: 200926, ambiguous: 0, turnLimits: 56, results: { p1: 3, p2: 1, draws: 0 },
    });
  });
});

describe("Gabata (Oromo) (board/sow/two_rows/Gabata (Oromo).lud): four seeds a pit, captures on the way, distance along a track", () => {
  it("every decision of 40 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // Every game reaches Ludii's turn limit: the decisions are what is compared (the stylised opening
    // sows four a pit; later sowings capture the pits they make hold four on the way).
    const tally = replayLudiiGames(fixture("gabata-oromo"), games("gabata-oromo"), { ludiiNotation: (n) => (n === "pass" ? "forced-pass" : n), forcedPassIsMove: true });
    expect(tally).toEqual({
      games: 40, decisions: 128085, throws: 0, passes: 0, forcedPasses: 3893, promotions: 0, drops: 0,
      legalMoves: 250303, listed: 128085, ambiguous: 0, turnLimits: 40, results: { p1: 0, p2: 0, draws: 0 },
    });
  });
});

describe("Bamboo (board/space/blocking/Bamboo.lud): the largest value over a player's sites (Ludii's max of results)", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const ludiiCell = ludiiHexCell(5);
    // Ludii writes a placement as a move from the cell to itself.
    const tally = replayLudiiGames(fixture("bamboo"), games("bamboo"), { ludiiNotation: (n) => `${ludiiCell(n.slice(1))}-${ludiiCell(n.slice(1))}` });
    expect(tally).toEqual({
      games: 100, decisions: 5304, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 169210, listed: 0, ambiguous: 0, results: { p1: 46, p2: 54, draws: 0 },
    });
  });
});

describe("Go with the Floe (board/hunt/Go with the Floe.lud): a slide's path read by its consequences, neutral pieces made by an effect", () => {
  it("every decision of 200 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(fixture("go-with-the-floe"), games("go-with-the-floe"), {
      ludiiNotation: (n) => (n === "pass" ? "forced-pass" : n.replace("x", "-")),
      forcedPassIsMove: true,
    });
    // Ludii's ends (the default option) give P1 every game.
    expect(tally).toEqual({
      games: 200, decisions: 7824, throws: 0, passes: 0, forcedPasses: 576, promotions: 0, drops: 0,
      legalMoves: 74525, listed: 7824, ambiguous: 0, results: { p1: 200, p2: 0, draws: 0 },
    });
  });
});

describe("Three-Player Hex (board/space/connection/Three-Player Hex.lud): an end rule for each player, a blocked player out while the others play on", () => {
  it("every decision of 200 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const ludiiCell = ludiiHexCell(4);
    const tally = replayLudiiGames(fixture("three-player-hex"), games("three-player-hex"), { ludiiNotation: (n) => `${ludiiCell(n.slice(1))}-${ludiiCell(n.slice(1))}` });
    // Ludii's rankings: in 194 games a player is out before another wins (1,3,2 ...); in the other 6
    // the two who did not win share places 2 and 3 (neither went out, or both went out together).
    expect(tally).toEqual({
      games: 200, decisions: 5595, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 129987, listed: 5595, ambiguous: 0, results: { p1: 77, p2: 57, p3: 66, draws: 0 },
    });
  });
});

describe("Quixo (board/space/line/Quixo.lud): a row of pieces pushed along", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(fixture("quixo"), games("quixo"), { ludiiNotation: (n) => n.replace(/^@/, "") });
    expect(tally).toEqual({
      games: 100, decisions: 9804, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 63788, listed: 9804, ambiguous: 0, results: { p1: 67, p2: 33, draws: 0 },
    });
  });
});

describe("Yoin (board/space/group/Yoin.lud): an effect repeated while a condition holds, groups of a least size", () => {
  it("every decision of 60 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const ludiiCell = ludiiHexCell(7);
    const tally = replayLudiiGames(fixture("yoin"), games("yoin"), { ludiiNotation: (n) => (n === "swap" ? "swap" : `${ludiiCell(n.slice(1))}-${ludiiCell(n.slice(1))}`) });
    // Every game fills the board; the result needs the group size raised until the counts differ.
    expect(tally).toEqual({
      games: 60, decisions: 7621, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 487866, listed: 0, ambiguous: 0, results: { p1: 32, p2: 28, draws: 0 },
    });
  });
});

describe("Lasca (board/war/leaping/diagonal/Lasca.lud): a captured piece put under the capturing column", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // (With the captured piece put on top of the column instead, game 1 already goes astray.)
    const tally = replayLudiiGames(fixture("lasca"), games("lasca"), { ludiiNotation: (n) => n.replace("x", "-") });
    expect(tally).toEqual({
      games: 100, decisions: 7162, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 26946, listed: 7162, ambiguous: 0, results: { p1: 49, p2: 51, draws: 0 },
    });
  });
});

describe("Nuktagaq (board/hunt/Nuktagaq.lud): lines taken away from a board", () => {
  it("every decision of 60 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(fixture("nuktagaq"), games("nuktagaq"), { ludiiNotation: (n) => n.replace("x", "-") });
    expect(tally).toEqual({
      games: 60, decisions: 29032, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 352855, listed: 0, ambiguous: 0, results: { p1: 60, p2: 0, draws: 0 },
    });
  });
});

describe("Zola (board/war/replacement/eliminate/all/Zola.lud): distances to the board's edge along a line", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(fixture("zola"), games("zola"), { ludiiNotation: (n) => (n === "pass" ? "forced-pass" : n.replace("x", "-")), forcedPassIsMove: true });
    expect(tally).toEqual({
      games: 100, decisions: 5597, throws: 0, passes: 0, forcedPasses: 55, promotions: 0, drops: 0,
      legalMoves: 106723, listed: 5597, ambiguous: 0, results: { p1: 53, p2: 47, draws: 0 },
    });
  });
});

describe("Chong (Sakhalin) (board/race/reach/Chong (Sakhalin).lud, 3 x 12): two pieces changing places (the king's opening exchange), four dice used one by one", () => {
  it("every decision of 300 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(fixture("chong"), games("chong"), {
      ludiiNotation: (n) => (n === "pass" ? "forced-pass" : n.replace("x", "-")),
      // Ludii lists a move once per die showing its number; ours once.
      ludiiLegal: (legal) => [...new Set(legal)],
      forcedPassIsMove: true,
      // Ludii's moves of one notation differ only by the die used, which the replay matches: nothing to bring back.
      ludiiChoice: () => {},
    });
    // 520 opening exchanges (`l2<>k1`: 374 with one Chong, 129 with two, 16 three, 1 four, where the
    // soldier stays on the king's square), 279 of them taking a piece with the soldier's move on;
    // 373 king moves, 27 kings taken. Game 265 has the only king left alone with a Chong: it cannot move.
    expect(tally).toEqual({
      games: 300, decisions: 17906, throws: 5808, passes: 0, forcedPasses: 1115, promotions: 0, drops: 0,
      legalMoves: 164388, listed: 17906, ambiguous: 3776, results: { p1: 170, p2: 130, draws: 0 },
    });
  });
});

describe("Fission (board/war/replacement/eliminate/all/Fission.lud): a slide as far as it goes, and what stops it, by the way it went", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(fixture("fission"), games("fission"), { ludiiNotation: (n) => n.replace("x", "-") });
    expect(tally).toEqual({
      games: 100, decisions: 3019, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 50099, listed: 3019, ambiguous: 0, results: { p1: 33, p2: 42, draws: 25 },
    });
  });
});

describe("Glinski Chess (board/war/replacement/checkmate/chess/Glinski Chess.lud): a hex board's diagonals", () => {
  it("every decision of 20 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // Ludii turns its hexagon a quarter turn: its files run along our board's diagonals. Ours (column C
    // from 0, number N from the bottom of the column) is Ludii's file C + N - 6 at rank N on the right
    // half, its file N - 1 at rank N + 5 - C on the left half.
    const ludiiCell = (label: string) => {
      const C = label.charCodeAt(0) - 97, N = Number(label.slice(1));
      const [file, rank] = C <= 5 ? [N - 1, 5 + N - C] : [C + N - 6, N];
      return `${String.fromCharCode(97 + file)}${rank}`;
    };
    const names: Record<string, string> = { Q: "Queen", R: "Rook", B: "Bishop", N: "Knight" };
    const tally = replayLudiiGames(fixture("glinski-chess"), games("glinski-chess"), {
      ludiiNotation: (n) => {
        if (n === "pass") return "forced-pass";
        const promotion = /^([a-k]\d+)=(\w+)$/.exec(n);
        if (promotion) return `${ludiiCell(promotion[1]!)}=${names[promotion[2]!] ?? promotion[2]}`;
        const [from, to] = n.split(/[-x]/);
        return `${ludiiCell(from!)}-${ludiiCell(to!)}`;
      },
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 20, decisions: 11706, throws: 0, passes: 0, forcedPasses: 0, promotions: 54, drops: 0,
      legalMoves: 376825, listed: 0, ambiguous: 0, results: { p1: 1, p2: 0, draws: 19 },
    });
  });
});

describe("Diagonal Hex (board/space/connection/Diagonal Hex.lud): groups joined across the corners of hexagons", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, the swap included, and every game ends as Ludii's did", () => {
    // Ludii writes a placement as a move from the cell to itself; a full board is its forced pass, ours a pass.
    const tally = replayLudiiGames(fixture("diagonal-hex"), games("diagonal-hex"), {
      ludiiNotation: (n) => (n === "swap" ? "swap" : n === "pass" ? "forced-pass" : `${n}-${n}`),
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 100, decisions: 9723, throws: 0, passes: 0, forcedPasses: 12, promotions: 0, drops: 0,
      legalMoves: 697568, listed: 0, ambiguous: 0, results: { p1: 48, p2: 46, draws: 6 },
    });
  });
});

describe("Triad (board/war/replacement/eliminate/all/Triad.lud): each player by name in effects, the most captures", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // The third player's piece is placed, as Ludii writes a placement, from the cell to itself.
    const cell = ludiiHexCell(5);
    const tally = replayLudiiGames(fixture("triad"), games("triad"), {
      ludiiNotation: (n) => (n.startsWith("*") ? `${cell(n.slice(1))}-${cell(n.slice(1))}` : n.split("-").map(cell).join("-")),
    });
    // Ludii ranks all three by their pieces (second place 0); "draws" are its games where two tie first.
    expect(tally).toEqual({
      games: 100, decisions: 3618, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 89730, listed: 3618, ambiguous: 0, results: { p1: 29, p2: 26, p3: 33, draws: 12 },
    });
  });
});

describe("Sittuyin (board/war/replacement/checkmate/chaturanga/Sittuyin.lud): a piece put on one's own pawn sends it back to hand", () => {
  it("every decision of 10 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // Ludii's hand has a slot per type, in the order it fills them at the start; a drop is a move from that slot.
    const slot: Record<string, number> = { K: 0, Q: 1, E: 2, N: 3, R: 4, P: 5 };
    const tally = replayLudiiGames(fixture("sittuyin"), games("sittuyin"), {
      ludiiNotation: (n, s) => {
        const drop = /^([A-Z])\*(\w+)$/.exec(n);
        return drop ? `P${s.mover + 1}hand${slot[drop[1]!]}-${drop[2]}` : n.replace("x", "-");
      },
    });
    // 116 of the decisions put back a pawn sent to hand; 9 games reach Ludii's turn limit, a draw in the rules too.
    expect(tally).toEqual({
      games: 10, decisions: 22794, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 238926, listed: 22794, ambiguous: 0, results: { p1: 0, p2: 1, draws: 9 },
    });
  });
});

describe("Ghingskoot (board/race/escape/Ghingskoot.lud): a road in along an arc and back out along it, each piece going on from its own place", () => {
  it("every decision of 19 of 20 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const g = fixture("ghingskoot"), names = ludiiSiteNames("ghingskoot");
    const ludii = new Map(g.topology.labels.map((label, i) => [label, names[i]!]));
    // Game 6 is left out: at its 46th decision P2's one piece, which entered onto its arc (s12) with a
    // throw of 2, throws 2 again, and Ludii lists no move though the road on to q16 is clear. Ludii
    // reads the piece at its second pass there (past which 2 overshoots the end), as the triage of
    // Tayam Sonalu found; ours goes on from the place it entered at.
    const replayed = games("ghingskoot").filter((_, i) => i !== 5);
    const tally = replayLudiiGames(g, replayed, {
      ludiiNotation: (n, s) => {
        if (n === "pass") return "forced-pass";
        if (n.startsWith("*")) return `P${s.mover + 1}hand-${ludii.get(n.slice(1))}`;
        const [from, to] = n.split(/[-x]/);
        return `${ludii.get(from!)}-${to === "off" ? "off" : ludii.get(to!)}`;
      },
      forcedPassIsMove: true,
      // Ludii lists a move twice where both ways round lead to the same point (along the arc): alike.
      ludiiChoice: () => {},
    });
    // Most decisions are Ludii's forced passes (a throw no piece can use); 9 games reach the turn limit, a draw in both.
    expect(tally).toEqual({
      games: 19, decisions: 23006, throws: 23006, passes: 0, forcedPasses: 22197, promotions: 0, drops: 0,
      legalMoves: 23806, listed: 23006, ambiguous: 121, results: { p1: 6, p2: 4, draws: 9 },
    });
  });
});

describe("Shantarad (board/war/custodial/Shantarad.lud): no moves for the opponent, asked inside a move", () => {
  it("every decision of 20 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(fixture("shantarad"), games("shantarad"), {
      ludiiNotation: (n, s) => (n === "pass" ? "forced-pass" : n.startsWith("*") ? `P${s.mover + 1}hand-${n.slice(1)}` : n.replace("x", "-")),
      forcedPassIsMove: true,
    });
    // 18 games reach Ludii's turn limit, where ours (without that rule) go on.
    expect(tally).toEqual({
      games: 20, decisions: 46040, throws: 0, passes: 0, forcedPasses: 143, promotions: 0, drops: 0,
      legalMoves: 409464, listed: 46040, ambiguous: 0, turnLimits: 18, results: { p1: 1, p2: 1, draws: 0 },
    });
  });
});

describe("Bagh Guti (board/hunt/Bagh Guti.lud): the top piece of a pile steps alone, a hop takes one piece of a pile", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const g = fixture("bagh-guti");
    // Ludii names the level a step leaves from (the pile's top, counted from 0); a hop names none.
    const tally = replayLudiiGames(g, games("bagh-guti"), {
      ludiiNotation: (n, s) => {
        if (n === "pass") return "pass";
        if (n.includes("x")) return n.replace("x", "-");
        const [from, to] = n.split("-");
        return `${from}/${s.height[g.topology.labels.indexOf(from!)]! - 1}-${to}`;
      },
    });
    expect(tally).toEqual({
      games: 100, decisions: 26597, throws: 0, passes: 438, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 247443, listed: 26597, ambiguous: 0, results: { p1: 0, p2: 100, draws: 0 },
    });
  });
});

describe("Santorini (board/race/reach/Santorini.lud): a builder steps off one tower and onto another", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const g = fixture("santorini");
    // Ludii names the level a step leaves from (the builder on top of its tower, counted from 0); a build is the site.
    const tally = replayLudiiGames(g, games("santorini"), {
      ludiiNotation: (n, s) => {
        if (n === "pass") return "forced-pass";
        // A block put on a tower names the tower's top level.
        if (n.startsWith("*")) {
          const h = s.height[g.topology.labels.indexOf(n.slice(1))]!;
          return h > 0 ? `${n.slice(1)}/${h - 1}` : n.slice(1);
        }
        if (n.includes("*")) return `P${s.mover + 1}hand-${n.split("*")[1]}`;
        const [from, to] = n.split(/[-x]/);
        return `${from}/${s.height[g.topology.labels.indexOf(from!)]! - 1}-${to}`;
      },
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 100, decisions: 8740, throws: 0, passes: 0, forcedPasses: 5, promotions: 0, drops: 0,
      legalMoves: 64412, listed: 8740, ambiguous: 0, results: { p1: 59, p2: 41, draws: 0 },
    });
  });
});

describe("Ketch-Dolt (board/race/escape/Ketch-Dolt.lud): the opponent's point of a die's number, read along the opponent's road", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(fixture("ketch-dolt"), games("ketch-dolt"), {
      ludiiNotation: (n, s) => {
        if (n === "pass") return "forced-pass";
        // An entry from the hand; a lone piece sent back to its owner's hand (Ludii's move to that hand site).
        if (n.startsWith("*")) return `P${s.mover + 1}hand-${n.slice(1)}`;
        if (n.startsWith("x")) return `${n.slice(1)}-P${2 - s.mover}hand`;
        return n.replace(/-off\/\d+$/, "-off");
      },
      // Ludii lists each move once per piece that could make it (every piece of the hand, of a pile; the
      // take once per piece the mover has) and per die allowing it; ours once per die: compared once each.
      distinct: true,
      forcedPassIsMove: true,
      // Ludii's moves of one notation are the same move but for the die used, which the replay matches.
      ludiiChoice: () => {},
    });
    // Random play nearly always misses a take and is dolted: every one of these games ends so (122
    // takes made, 26 pieces borne off on the way); a win by bearing off all fifteen is in
    // test/ludemes-track-of.test.ts.
    expect(tally).toEqual({
      games: 100, decisions: 1088, throws: 580, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 2859, listed: 1088, ambiguous: 1044, results: { p1: 62, p2: 38, draws: 0 },
    });
  });
});

describe("Ngolo (board/sow/four_rows/Ngolo.lud): a sowing inside a move, the seeds taken sown on at once", () => {
  it("every decision of 1000 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // A turn is a sowing (the pit, as Ludii's Select) or giving up (Ludii's pass, which random play
    // chooses about one time in fifteen: every game ends so, none with a player out of seeds). 4,320
    // of the sowings take the seeds across and sow them on, 464 of them 8 seeds or more, one 18 or
    // more (a whole lap, back into the capturing pit).
    const tally = replayLudiiGames(fixture("ngolo"), games("ngolo"), { ludiiNotation: (n) => n });
    expect(tally).toEqual({
      games: 1000, decisions: 14007, throws: 0, passes: 1000, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 208839, listed: 14007, ambiguous: 0, results: { p1: 487, p2: 513, draws: 0 },
    });
  });
});

describe("Buffa de Baldrac (board/race/escape/Buffa de Baldrac.lud): moves by two or three dice combined", () => {
  it("every decision of 30 games has Ludii's mover and legal moves (as often as Ludii lists them), and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(fixture("buffa-de-baldrac"), games("buffa-de-baldrac"), {
      ludiiNotation: (n, s) => (n === "pass" ? "forced-pass" : n.startsWith("*") ? `P${s.mover + 1}hand-${n.slice(1)}` : n.replace("x", "-")),
      // Ludii lists a move once per die (or set of dice) it can use; ours once per number (or numbers).
      diceCopies: true,
      forcedPassIsMove: true,
      // Ludii's moves of one notation differ only by the dice used, which the replay matches: nothing to bring back.
      ludiiChoice: () => {},
    });
    // Moves by dice combined are legal only where no longer turn exists (the most moves are a rule):
    // 45 of the legal moves, at 33 decisions, 8 of them chosen (none by all three dice). Ludii's
    // forced pass, a die left that no piece can use, counts as a move in that rule, as our pass does.
    expect(tally).toEqual({
      games: 30, decisions: 12759, throws: 4725, passes: 0, forcedPasses: 1057, promotions: 0, drops: 0,
      legalMoves: 92083, listed: 0, ambiguous: 1906, results: { p1: 15, p2: 15, draws: 0 },
    });
  });
});

describe("Pyrga (board/space/territory/Pyrga.lud): a stack's pieces read level by level, counted by owner and by shape", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const g = fixture("pyrga");
    // Ludii writes a placement `b3-b3` whatever the piece; what it put there is in the move
    // (`Add@b3=12`: component 12, P2's east triangle). Ludii's components, two a kind (P1's, P2's):
    // disc, square, diagonal square (another option's), triangles north, south, east, west.
    const kinds = ["D", "Q", "", "N", "S", "E", "W"];
    const tally = replayLudiiGames(g, games("pyrga"), {
      ludiiNotation: (n) => `${n.slice(2)}-${n.slice(2)}`,
      ludiiResolve: (_s, _game, candidates, did) => {
        const what = Number(/Add@[a-d][1-4]=(\d+)/.exec(did)![1]);
        return candidates.find((n) => n.startsWith(`${kinds[(what - 1) >> 1]}*`)) ?? "none";
      },
    });
    expect(tally).toEqual({
      games: 100, decisions: 2499, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 25012, listed: 2499, ambiguous: 1928, results: { p1: 61, p2: 34, draws: 5 },
    });
  });
});

describe("XII Scripta (board/race/escape/XII Scripta.lud): every move by one die or by two or three combined", () => {
  it("every decision of 20 games has Ludii's mover and legal moves (as often as Ludii lists them), and every game ends as Ludii's did", () => {
    const g = fixture("xii-scripta"), waiting = (p: number) => g.def.counters.indexOf(`waiting@P${p + 1}`);
    const tally = replayLudiiGames(g, games("xii-scripta"), {
      ludiiNotation: (n, s) => {
        if (n === "pass") return "forced-pass";
        // Ludii's hand has two sites: the pieces not yet entered (0) and those taken, to enter first (1).
        if (n.startsWith("*")) return `P${s.mover + 1}hand${s.counters[waiting(s.mover)]! > 0 ? 1 : 0}-${n.slice(1)}`;
        // Ludii bears a piece off by selecting its site.
        if (n.endsWith("-off")) return n.slice(0, -4);
        return n.replace("x", "-");
      },
      diceCopies: true,
      forcedPassIsMove: true,
      // Ludii's moves of one notation differ only by the dice used, which the replay matches: nothing to bring back.
      ludiiChoice: () => {},
    });
    // No rule asks for the most moves here: 75,249 of the legal moves are by dice combined, and of the
    // moves made 2,491 by two dice and 552 by all three.
    expect(tally).toEqual({
      games: 20, decisions: 10026, throws: 4666, passes: 0, forcedPasses: 81, promotions: 0, drops: 0,
      legalMoves: 190568, listed: 0, ambiguous: 1753, results: { p1: 10, p2: 10, draws: 0 },
    });
  });
});

describe("Callanish (board/space/line/Callanish.lud, 9 x 9): the sites a move would reach, counted and chosen among", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const g = fixture("callanish");
    // Ludii names a condemned disc by its site and level (the top of the square, counted from 0); a disc put is `c3-c3`.
    const tally = replayLudiiGames(g, games("callanish"), {
      ludiiNotation: (n, s) => {
        if (n === "pass") return "forced-pass";
        if (n.startsWith("@")) return `${n.slice(1)}/${s.height[g.topology.labels.indexOf(n.slice(1))]! - 1}`;
        const site = n.replace(/^.*\*/, "");
        return `${site}-${site}`;
      },
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 100, decisions: 8287, throws: 0, passes: 0, forcedPasses: 2, promotions: 0, drops: 0,
      legalMoves: 61578, listed: 8287, ambiguous: 0, results: { p1: 55, p2: 45, draws: 0 },
    });
  });
});

describe("Okwe (Achalla) (board/sow/other/Okwe (Achalla).lud): how many seeds to sow, a number the player chooses with the move", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // Ludii's ring of ten points, in its track's order, from the pit ours calls c1; both write the number chosen after `:`.
    const ring = ["a1", "b1", "c1", "d1", "e1", "e2", "d2", "c2", "b2", "a2"];
    const ludiiRing = ["a2", "a1", "b1", "c1", "d2", "d3", "d4", "c4", "b4", "a3"];
    const tally = replayLudiiGames(fixture("okwe-achalla"), games("okwe-achalla"), {
      ludiiNotation: (n) => (n === "pass" ? "forced-pass" : n.replace(/^[a-e][12]/, (pit) => ludiiRing[ring.indexOf(pit)]!)),
      forcedPassIsMove: true,
    });
    // A position offers each pit holding two seeds or more with each number from two to all it holds: 23.1 moves a decision.
    // The forced passes are Ludii's and ours alike (a player whose pits all hold one seed or none); both players
    // passing in turn ends the game (see the fixture's ending option).
    expect(tally).toEqual({
      games: 100, decisions: 4094, throws: 0, passes: 0, forcedPasses: 432, promotions: 0, drops: 0,
      legalMoves: 94604, listed: 4094, ambiguous: 0, results: { p1: 43, p2: 56, draws: 1 },
    });
  });
});

describe("Dama (Comoros) (board/war/leaping/orthogonal/Dama (Comoros).lud): a king's next jump in any direction but back the way it came", () => {
  it("every decision of 50 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // Each jump of a capture sequence is a decision; stopping is a pass the rules offer ("pass" in Ludii's
    // list too). Lists as count:hash (the full ones would make the file twice as large).
    const tally = replayLudiiGames(fixture("dama-comoros"), games("dama-comoros"), { ludiiNotation: (n) => n.replace("x", "-") });
    expect(tally).toEqual({
      games: 50, decisions: 14641, throws: 0, passes: 181, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 296235, listed: 0, ambiguous: 0, results: { p1: 26, p2: 24, draws: 0 },
    });
  });
});

describe("De Vasa Chess (board/war/replacement/checkmate/chess/De Vasa Chess.lud, 9 x 9): player-relative directions on a hex board with diagonals, facing a corner", () => {
  it("every decision of 20 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // The pawn is written once for both seats (forward:{NNE SSW}): it steps forward-left and
    // forward-right (across the sides beside the corner it faces) and captures diagonal-forward-left
    // and diagonal-forward-right, as Ludii's (directions {FL FR}) and (directions {FL FR} of:Diagonal) read.
    const names: Record<string, string> = { Q: "Queen", R: "Rook", B: "Bishop", N: "Knight" };
    const tally = replayLudiiGames(fixture("de-vasa-chess"), games("de-vasa-chess"), {
      ludiiNotation: (n) => {
        if (n === "pass") return "forced-pass";
        const promotion = /^([a-i]\d)=(\w+)$/.exec(n);
        if (promotion) return `${promotion[1]}=${names[promotion[2]!] ?? promotion[2]}`;
        return n.replace("x", "-");
      },
      forcedPassIsMove: true,
    });
    expect(tally).toEqual({
      games: 20, decisions: 9649, throws: 0, passes: 0, forcedPasses: 0, promotions: 64, drops: 0,
      legalMoves: 310074, listed: 0, ambiguous: 0, results: { p1: 3, p2: 3, draws: 14 },
    });
  });
});

describe("Tsoro (Reentered Captures) (board/sow/four_rows/Tsoro (Reentered Captures).lud, 8 pits a row): the seeds taken sown on at once, within a turn of relay sowings", () => {
  it("every decision of 10 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // Tsoro's relay sowing (a last seed in an occupied pit) is a further decision, as in Ludii; the
    // capture's seeds are sown on at once. Every game reaches Ludii's limits: 8 its 10,000 moves
    // (a draw here too), 2 its 2,500 turns.
    const tally = replayLudiiGames(fixture("tsoro-reentered-captures"), games("tsoro-reentered-captures"), { ludiiNotation: (n) => n });
    expect(tally).toEqual({
      games: 10, decisions: 92698, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 133240, listed: 92698, ambiguous: 0, turnLimits: 2, results: { p1: 0, p2: 0, draws: 8 },
    });
  });
});

describe("Bizingo (board/war/custodial/Bizingo.lud): a board of triangular cells, its corners cut, pieces keeping to one colour", () => {
  it("every decision of 6 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // Ours: rows a.. from the top of the whole triangle (13 rows of cells), cells numbered from the left
    // of the row. Ludii's (the harness's): a file a.. every half cell from the left and a rank for each
    // height a cell's centre stands at (up and down cells of a row are two), counted on what is left
    // of the board after its corners are cut: row r's cell k, with b = 12 - r rows below it, is Ludii's
    // file b + k - 3, rank 2b + 1 pointing up (k odd), 2b + 2 pointing down.
    const ludiiCell = (label: string) => {
      const b = 12 - (label.charCodeAt(0) - 97), k = Number(label.slice(1));
      return `${String.fromCharCode(97 + b + k - 3)}${k % 2 === 1 ? 2 * b + 1 : 2 * b + 2}`;
    };
    const tally = replayLudiiGames(fixture("bizingo"), games("bizingo"), {
      ludiiNotation: (n) => (n === "pass" ? "forced-pass" : n.split(/[-x]/).map(ludiiCell).join("-")),
      forcedPassIsMove: true,
    });
    // Five games reach Ludii's turn limit (2,500 decisions), as 83% of random games do; the sixth ends with
    // P1 reduced to two pieces. Six games (2,400 decisions a game, each list a hash) keep the file to 139 KB;
    // the first 100 of the same seed (241,809 decisions, P1 12 / P2 2 / 86 limits) replay the same way.
    expect(tally).toEqual({
      games: 6, decisions: 14504, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 735485, listed: 0, ambiguous: 0, results: { p1: 0, p2: 1, draws: 5 },
    });
  });
});

describe("Es-Sig (board/race/reach/Es-Sig.lud, 4 players): a piece found and moved at any level of a mixed stack, a neutral piece among them", () => {
  it("every decision of 20 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const g = fixture("es-sig"), stick = g.def.pieces.findIndex((p) => p.name === "stick");
    const labels = g.topology.labels, at = (label: string) => labels.indexOf(label);
    // Ludii names the level a piece leaves from (counted from 0 at the bottom; ours from 1, written only
    // below the top: `h1:3-g1`), and the level of the piece it selects on g7 or d4 (`d4/1`: the mover's stick).
    const tally = replayLudiiGames(g, games("es-sig"), {
      ludiiNotation: (n, s) => {
        if (n === "stuck") return "forced-pass";
        if (n === "pass") return n;
        const m = /^([a-z]\d+)(?::(\d+))?-(.*)$/.exec(n);
        if (m) return `${m[1]}/${m[2] ? Number(m[2]) - 1 : s.height[at(m[1]!)]! - 1}-${m[3]}`;
        // A select, `@d4`.
        const site = n.slice(1), x = at(site), L = s.levels;
        let level = 0;
        while (level < s.height[x]! && (s.levelOwner[x * L + level] !== s.mover || s.levelPiece[x * L + level] !== stick)) level++;
        return `${site}/${level}`;
      },
      forcedPassIsMove: true,
    });
    // Of the moves made, 283 take a piece from below the top of its stack and 3,008 move the Ghoula, 110 of
    // them dragging pieces with it; 5 games end at Ludii's turn limit (a Ghoula stuck on f1), here too.
    expect(tally).toEqual({
      games: 20, decisions: 36321, throws: 36321, passes: 4036, forcedPasses: 26763, promotions: 0, drops: 0,
      legalMoves: 38938, listed: 0, ambiguous: 0, results: { p1: 3, p2: 5, p3: 4, p4: 3, draws: 5 },
    });
  });
});

describe("Product (board/space/group/Product.lud): the sizes of a player's groups, ranked (the two largest)", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const ludiiCell = ludiiHexCell(5);
    const tally = replayLudiiGames(fixture("product"), games("product"), { ludiiNotation: (n) => `${ludiiCell(n.slice(1))}-${ludiiCell(n.slice(1))}` });
    // Every game fills the board (61 decisions); the result is the product of each player's two largest groups.
    expect(tally).toEqual({
      games: 100, decisions: 6100, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 189100, listed: 0, ambiguous: 0, results: { p1: 36, p2: 64, draws: 0 },
    });
  });
});

describe("Brain Coral (board/space/group/Brain Coral.lud): the sizes of two players' groups compared from the largest down", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // Our limping hexagon of side 4 has its rows lettered from the top, the longest (8 cells) d; Ludii's
    // ranks count from the bottom, its longest is 4, and a rank above it starts one file further right.
    const ludiiCell = (label: string) => {
      const row = label.charCodeAt(0) - 97, k = Number(label.slice(1));
      return `${String.fromCharCode(97 + k - 1 + Math.max(0, row - 3))}${row + 1}`;
    };
    const tally = replayLudiiGames(fixture("brain-coral"), games("brain-coral"), { ludiiNotation: (n) => `${ludiiCell(n.slice(1))}-${ludiiCell(n.slice(1))}` });
    // 13 games end on equal scores, decided by the tie-breaker's cascade or the last placement. Pairing
    // groups one to one matters: pairing a size with all the other's groups of that size (a set
    // difference) would give games 8 and 99 to the other player.
    expect(tally).toEqual({
      games: 100, decisions: 3238, throws: 0, passes: 0, forcedPasses: 0, promotions: 0, drops: 0,
      legalMoves: 92417, listed: 0, ambiguous: 0, results: { p1: 51, p2: 49, draws: 0 },
    });
  });
});

describe("Damas (board/war/leaping/diagonal/Damas.lud): the longest capture required of each piece on its own, and the huff", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    // Each jump of a capture is a decision; capturing is not compulsory, but a piece that captures takes
    // its own longest sequence: (longest-sequence ... per:piece), Ludii's max Moves inside forEach Piece.
    // At 79 of the 6,458 decisions made the whole move set's longest (per:all) would leave out a piece's
    // capture Ludii lists; 1,559 decisions are huffed (1,738 pieces lost), the pieces that could have made
    // the board's longest capture found by (sites-from (longest-sequence ...) for:next). Ludii's lists are
    // count:hash; it ends each game with a forced pass of the player without a move.
    const tally = replayLudiiGames(fixture("damas"), games("damas"), { ludiiNotation: (n) => n.replace("x", "-") });
    expect(tally).toEqual({
      games: 100, decisions: 6558, throws: 0, passes: 0, forcedPasses: 100, promotions: 0, drops: 0,
      legalMoves: 48624, listed: 0, ambiguous: 0, results: { p1: 53, p2: 47, draws: 0 },
    });
  });
});

describe("Jacquet de Versailles (board/race/escape/Jacquet de Versailles.lud): a double played as its own number of moves", () => {
  // Ludii counts a double's moves with a value per player that starts at -1 and is set back to 0 only
  // when a double is played out (`UpdateCounterDoublePlay`): a player's first double 1 gives two moves,
  // and a double cut short by a forced pass leaves the value up, so the player's next double gives
  // fewer moves than its number. A Ludii quirk, not the rules (a double n gives n moves): the file
  // holds the 33 of Ludii's first 100 games (LudiiGames, seed 1) in which every double n gave n moves
  // or ended in a forced pass before (107 of the 3,130 doubles of the 100 did not); each of the other
  // 67 replays here up to its first such double and parts there (the mover differs), none before.
  it("every decision of 33 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const tally = replayLudiiGames(fixture("jacquet-de-versailles"), games("jacquet-de-versailles"), {
      ludiiNotation: (n) => (n === "pass" ? "forced-pass" : n.replace("x", "-").replace(/-off\/\d+$/, "-off")),
      forcedPassIsMove: true,
      // Ludii's moves of one notation differ only by the die used, which the replay matches: nothing to bring back.
      ludiiChoice: () => {},
    });
    // 981 of the 5,983 throws are doubles, each played as its number of moves (128 double 6s: six moves of 6).
    expect(tally).toEqual({
      games: 33, decisions: 13283, throws: 5983, passes: 0, forcedPasses: 47, promotions: 0, drops: 0,
      legalMoves: 80288, listed: 0, ambiguous: 186, results: { p1: 11, p2: 22, draws: 0 },
    });
  });
});

describe("Tables Rabbatuees (board/race/escape/Tables Rabbatuees.lud): one piece of a pile borne off into its owner's hand, to enter again", () => {
  it("every decision of 100 games has Ludii's mover and legal moves, and every game ends as Ludii's did", () => {
    const g = fixture("tables-rabbatuees"), double = g.def.counters.indexOf("double");
    const tally = replayLudiiGames(g, games("tables-rabbatuees"), {
      ludiiNotation: (n, s) => {
        if (n === "pass") return "forced-pass";
        // Put back from the hand (our supply): Ludii's piece from the hand.
        if (n.startsWith("*")) return `Disc*${n.slice(1)}`;
        // The first decision of a double sets Ludii's count of its moves, (count Pips): the harness writes
        // the number set after the move.
        const set = s.counters[double]! <= 0 && s.dice[0] === s.dice[1] ? `:${s.dice[0]! + s.dice[1]!}` : "";
        // Borne off (ours back to the supply, `off-to:supply`): Ludii's move to the mover's hand site.
        if (n.includes("-off")) return `${n.slice(0, 2)}-P${s.mover + 1}hand${set}`;
        // Unstacking: Ludii selects the pile's top level (0 the bottom).
        if (n.startsWith("@")) return `${n.slice(1)}/${s.height[siteIndex(g.topology, n.slice(1))]! - 1}${set}`;
        return n;
      },
      // Ludii lists a move once per die allowing it (both dice of a double, a bearing off by either die),
      // ours once per number (a bearing off past the end by more than one, `e1-off/6`, once per die):
      // compared once each; the chosen move's die is still matched.
      distinct: true,
      forcedPassIsMove: true,
      // Ludii's moves of one notation differ only by the die used, which the replay matches: nothing to bring back.
      ludiiChoice: () => {},
    });
    expect(tally).toEqual({
      games: 100, decisions: 9552, throws: 3689, passes: 0, forcedPasses: 1907, promotions: 0, drops: 2618,
      legalMoves: 23144, listed: 9552, ambiguous: 567, results: { p1: 51, p2: 49, draws: 0 },
    });
  });
});
