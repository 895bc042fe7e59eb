/**
 * Ludii games written as test fixtures (test/fixtures/ludii/), each for a concept of the language
 * that a library game does not show, replaying Ludii 1.3.12's own random games move by move
 * (test/ludii/<game>-games.txt.gz, written by test/ludii/harness/LudiiGames.java; see
 * test/support/ludii-replay.ts).
 */
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { readLudiiGames, replayLudiiGames } from "./support/ludii-replay.js";

const fixture = (name: string, options: Record<string, number> = {}) => loadGame(new URL(`./fixtures/ludii/${name}.game`, import.meta.url).pathname, { options });
const games = (name: string) => readLudiiGames(new URL(`./ludii/${name}-games.txt.gz`, import.meta.url));

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
