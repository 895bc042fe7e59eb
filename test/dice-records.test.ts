/**
 * Dice come from the record's seed and are secret while play goes on: a replay checks every throw
 * against the throw the seed makes (a forged throw or seed is refused, naming the first throw that
 * differs), and a person playing a game with dice against an agent is not told a seed that would
 * show the dice to come (128 secret bits, shown at the end), unless they typed one.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import { ludex, noStackTrace, tempFile } from "./support/cli.js";

function readJson(path: string): any {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** The throw a seed makes first in Backgammon, as `a,b`. */
function firstThrow(seed: number): string {
  const g = loadGame("backgammon");
  return g.drawChance(g.newGame({ seed }))!.dice!.join(",");
}

/** A Backgammon record of seed 3: the first throw, then P1 (a person) quits. */
async function thrownOnce(name: string): Promise<{ file: string; rec: any }> {
  const file = tempFile(name, "");
  const r = await ludex(["play", "backgammon", "--seed", "3", "--p2", "random", "--save", file], "quit\n");
  expect(r.code).toBe(0);
  const rec = readJson(file);
  expect(rec.moves).toHaveLength(1);
  expect(rec.moves[0]).toMatchObject({ ply: 1, player: "chance", notation: `roll ${firstThrow(3)}` });
  return { file, rec };
}

describe.concurrent("a record's throws are the seed's", () => {
  it("a record whose throw was edited is refused by replay and play --load, naming the throw, what the seed throws and what the record says", async () => {
    const { file, rec } = await thrownOnce("honest.json");
    expect((await ludex(["replay", file])).code).toBe(0);
    const real = firstThrow(3);
    const forged = real === "6,6" ? "5,5" : "6,6";
    rec.moves[0].notation = `roll ${forged}`;
    rec.moves[0].move.dice = forged.split(",").map(Number);
    const bad = tempFile("forged-throw.json", JSON.stringify(rec));
    const message = `move 1 (chance roll ${forged}): the record's seed throws ${real} here, not ${forged}: the throw or the seed was changed`;
    const r = await ludex(["replay", bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(message);
    noStackTrace(r);
    const json = await ludex(["replay", bad, "--json"]);
    expect(json.code).toBe(1);
    const load = await ludex(["play", "--load", bad], "quit\n");
    expect(load.code).toBe(1);
    expect(load.stderr).toContain(`cannot resume: ${message}`);
    expect(load.stdout).not.toContain(`throws ${forged.replace(",", " ")}`);
  });

  it("a record whose seed was changed is refused at its first throw", async () => {
    const { rec } = await thrownOnce("seeded.json");
    let other = 4;
    while (firstThrow(other) === firstThrow(3)) other++;
    rec.seed = other;
    const bad = tempFile("changed-seed.json", JSON.stringify(rec));
    const r = await ludex(["replay", bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`move 1 (chance roll ${firstThrow(3)}): the record's seed throws ${firstThrow(other)} here, not ${firstThrow(3)}`);
  });

  it("a later throw edited is named by its move number; the agents' own records replay", async () => {
    const file = tempFile("agents.json", "");
    const r = await ludex(["play", "backgammon", "--p1", "random", "--p2", "random", "--seed", "3", "--max-plies", "12", "--save", file]);
    expect(r.code).toBe(0);
    expect((await ludex(["replay", file])).code).toBe(0);
    const rec = readJson(file);
    const throws = rec.moves.filter((m: any) => m.player === "chance");
    expect(throws.length).toBeGreaterThan(2);
    // The last throw: nothing after it depends on it but the moves of that turn, cut here.
    const last = throws[throws.length - 1];
    rec.moves = rec.moves.slice(0, rec.moves.indexOf(last) + 1);
    rec.result = { status: "unfinished", reason: "stopped" };
    const [a, b] = last.move.dice as number[];
    const forged = a === b ? [a, b === 1 ? 2 : 1] : [b, a];
    last.notation = `roll ${forged.join(",")}`;
    last.move.dice = forged;
    const bad = tempFile("late-throw.json", JSON.stringify(rec));
    const replay = await ludex(["replay", bad]);
    expect(replay.code).toBe(1);
    expect(replay.stderr).toContain(`move ${last.ply} (chance roll ${forged.join(",")}): the record's seed throws ${a},${b} here`);
  });
});

describe.concurrent("the dice to come stay secret from a person playing an agent", () => {
  it("play backgammon --p2 random draws a secret 128-bit seed, not printed; the record keeps it, and resumes and replays", async () => {
    const file = tempFile("secret-dice.json", "");
    const r = await ludex(["play", "backgammon", "--p2", "random", "--save", file], "quit\n");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("seed drawn from the system's random source and kept secret until the game ends (it throws the dice)");
    expect(r.stderr + r.stdout).not.toMatch(/seed \d|--seed|0x[0-9a-f]{32}/);
    const rec = readJson(file);
    expect(rec.seed).toMatch(/^0x[0-9a-f]{32}$/);
    // Replaying the unfinished game shows no seed either (the file, like a hidden game's, is the referee's).
    const replay = await ludex(["replay", file]);
    expect(replay.code).toBe(0);
    expect(replay.stderr).toContain("this game's dice come from a secret seed and it is not over: the seed stays hidden");
    expect(replay.stdout).not.toContain(rec.seed);
    expect((await ludex(["replay", file, "--referee"])).stdout).toContain(`seed ${rec.seed}`);
    const again = await ludex(["play", "--load", file], "quit\n");
    expect(again.code).toBe(0);
    expect(again.stdout + again.stderr).not.toContain(rec.seed);
  });

  it("a typed seed stays the user's; between people only, or agents only, the seed is printed at the start", async () => {
    const typed = tempFile("typed.json", "");
    const t = await ludex(["play", "backgammon", "--p2", "random", "--seed", "17", "--save", typed], "quit\n");
    expect(t.code).toBe(0);
    expect(t.stderr).not.toContain("kept secret");
    expect(readJson(typed).seed).toBe(17);
    const people = await ludex(["play", "backgammon"], "quit\n");
    expect(people.stderr).toMatch(/^seed \d+ \(replay this game with --seed \d+\)$/m);
    const agents = await ludex(["play", "backgammon", "--p1", "random", "--p2", "random", "--max-plies", "3"]);
    expect(agents.stderr).toMatch(/^seed \d+ \(replay this game with --seed \d+\)$/m);
  });

  it("the secret seed is shown once the game is over", async () => {
    const game = tempFile(
      "dice-fill.game",
      `(game "Dice Fill" (players 2)
  (equipment {(board (square 2 2)) (piece man) (dice 1 faces:{1 2 3 4 5 6})})
  (rules
    (start {})
    (play (priority (add piece:man to:(empty to)) (pass)))
    (end {(if (all-passed) draw reason:"the board is full")})
    roll:each-turn))`,
    );
    const file = tempFile("dice-fill.json", "");
    const r = await ludex(["play", game, "--p2", "random", "--save", file], "1\n".repeat(6));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Game over");
    const rec = readJson(file);
    expect(rec.seed).toMatch(/^0x[0-9a-f]{32}$/);
    expect(r.stdout).toContain(`The game's seed was ${rec.seed} (it threw the dice).`);
    writeFileSync(file, JSON.stringify(rec));
    // A record names a description file by path: replay reads it only when given it.
    expect((await ludex(["replay", file, "--game", game])).code).toBe(0);
  });
});
