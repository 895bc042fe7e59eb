/**
 * The command line as a new user meets it: games by name (`list`, `info`, `play NAME`), game
 * records (`play --save/--load/--position`, `replay`, `match --json`) and fair play with hidden
 * pieces (no seed shown while playing, no undo after a reveal).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_PROBLEMS, MAX_RECORD_BYTES } from "../src/limits.js";
import { ludex, noStackTrace, root, tempFile } from "./support/cli.js";

const builtins = readdirSync(join(root, "games")).filter((f) => f.endsWith(".game")).map((f) => f.replace(/\.game$/, ""));

function readJson(path: string): any {
  return JSON.parse(readFileSync(path, "utf8"));
}

describe.concurrent("games by name", () => {
  it("list names every built-in game with its title, players and options", async () => {
    const r = await ludex(["list"]);
    expect(r.code).toBe(0);
    for (const name of builtins) expect(r.stdout).toMatch(new RegExp(`^${name}\\s`, "m"));
    expect(r.stdout).toMatch(/^beset\s+Beset\s+2-5\s+players=2 maxTurns=0/m);
  });

  it("list --json gives each game's players, options with their ranges and a one-line summary", async () => {
    const r = await ludex(["list", "--json"]);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.format).toBe("ludex-games/1");
    expect(data.games.map((g: { name: string }) => g.name).sort()).toEqual([...builtins].sort());
    const beset = data.games.find((g: { name: string }) => g.name === "beset");
    expect(beset.players).toEqual({ min: 2, max: 5, default: 2, option: "players" });
    expect(beset.options.find((o: { name: string }) => o.name === "players")).toMatchObject({ default: 2, min: 2, max: 5, doc: expect.any(String) });
    for (const g of data.games) expect(g.summary, g.name).toMatch(/\S/);
  });

  it("info shows options with their documentation and the rules document", async () => {
    const r = await ludex(["info", "dablot"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("quietDraw");
    expect(r.stdout).toContain("default 0; min 0");
    const rules = readFileSync(join(root, "games", "dablot.md"), "utf8");
    expect(r.stdout).toContain(rules.split("\n")[0]!);
  });

  it("info of an unknown game says what exists (exit 1); no name is a usage error (exit 2)", async () => {
    const r = await ludex(["info", "dablt"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/'dablt' is neither a file nor a built-in game .*did you mean 'dablot'/);
    noStackTrace(r);
    expect((await ludex(["info"])).code).toBe(2);
  });

  it("every command that takes a game takes a built-in name, and a path still works", async () => {
    const byName = await ludex(["legal", "dablot"]);
    const byPath = await ludex(["legal", "games/dablot.game"]);
    expect(byName.code).toBe(0);
    expect(byName.stdout).toBe(byPath.stdout);
    for (const args of [["validate", "beset"], ["show", "kings-trail"], ["playout", "dablot", "-n", "2", "--option", "quietDraw=20"]]) {
      const r = await ludex(args);
      expect(r.code, args.join(" ")).toBe(0);
    }
  });

  it("a move picked by its number is echoed in notation", async () => {
    const r = await ludex(["play", "dablot", "--p2", "random", "--seed", "1"], "moves\n2\nquit\n");
    const second = /^\s+2\. (\S+)$/m.exec(r.stdout)![1]!;
    expect(r.stdout).toContain(`P1 (South) plays ${second}`);
  });

  it("play NAME plays a built-in game", async () => {
    const r = await ludex(["play", "dablot", "--p1", "random", "--p2", "random", "--seed", "3", "--option", "quietDraw=30"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Game over/);
  });
});

describe.concurrent("game records", () => {
  it("play --save writes the record as the game goes; replay checks it and shows the moves and final position", async () => {
    const file = tempFile("saved.json", "");
    const r = await ludex(["play", "dablot", "--p1", "random", "--p2", "greedy", "--seed", "8", "--option", "quietDraw=40", "--save", file]);
    expect(r.code).toBe(0);
    const rec = readJson(file);
    expect(rec).toMatchObject({ format: "ludex-record/1", game: { name: "dablot" }, options: { quietDraw: 40 }, seed: 8, result: { status: "finished" } });
    expect(rec.seats.map((s: { agent: string }) => s.agent)).toEqual(["random", "greedy"]);
    expect(rec.moves.every((m: { thinkMs?: number }) => typeof m.thinkMs === "number")).toBe(true);
    const replay = await ludex(["replay", file]);
    expect(replay.code).toBe(0);
    expect(replay.stdout).toContain(`   1. P1 (South) ${rec.moves[0].notation}`);
    expect(replay.stdout).toMatch(/Recorded result: /);
    const at = await ludex(["replay", file, "--at", "2"]);
    expect(at.stdout).toContain(`Position 2 of ${rec.moves.length}, after P2 ${rec.moves[1].notation}`);
    expect(at.stdout).toContain(`Next: P1 ${rec.moves[2].notation}`);
    const json = JSON.parse((await ludex(["replay", file, "--json"])).stdout);
    expect(json).toMatchObject({ format: "ludex-replay/1", legal: true, moves: rec.moves.length, over: true });
  });

  it("replay --step walks forward, back and to a position, with piped input", async () => {
    const file = tempFile("step.json", "");
    await ludex(["play", "dablot", "--p1", "random", "--p2", "random", "--seed", "6", "--max-plies", "6", "--save", file]);
    const r = await ludex(["replay", file, "--step"], "\n\nb\n5\nq\n");
    expect(r.code).toBe(0);
    const shown = [...r.stdout.matchAll(/^Position (\d+) of 6/gm)].map((m) => Number(m[1]));
    expect(shown).toEqual([0, 1, 2, 1, 5]);
  });

  it("replay reports the first move that is not legal (exit 1)", async () => {
    const file = tempFile("bad.json", "");
    await ludex(["play", "dablot", "--p1", "random", "--p2", "random", "--seed", "2", "--max-plies", "12", "--save", file]);
    const rec = readJson(file);
    rec.moves[5].notation = "a1-a2";
    rec.moves[5].move = { kind: "step", from: "a1", to: "a2" };
    writeFileSync(file, JSON.stringify(rec));
    const r = await ludex(["replay", file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ludex: move 6 \(P2 a1-a2\) is not legal here \(legal: /);
    noStackTrace(r);
  });

  it("replay refuses what is not a record with the reason (exit 1)", async () => {
    const notJson = tempFile("junk.json", "{ moves: ");
    const r1 = await ludex(["replay", notJson]);
    expect(r1.code).toBe(1);
    expect(r1.stderr).toMatch(/junk\.json: not valid JSON/);
    const wrong = tempFile("wrong.json", JSON.stringify({ format: "ludex-record/1", game: { title: "x", hash: "" }, seed: 1 }));
    const r2 = await ludex(["replay", wrong]);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toMatch(/game: needs a built-in name or a file/);
    expect(r2.stderr).toMatch(/seats: must be a non-empty list/);
    noStackTrace(r2);
  });

  it("a record nested thousands deep, with a result of the wrong type, or with a seat too many is a record error (exit 1), never an internal error", async () => {
    const file = tempFile("hostile-base.json", "");
    await ludex(["play", "tic-tac-toe", "--p1", "random", "--p2", "random", "--seed", "1", "--save", file]);
    const finished = readJson(file);
    const deep = (n: number) => `${"[".repeat(n)}"a1"${"]".repeat(n)}`;
    const variant = (name: string, edit: (r: any) => void, text = (r: any) => JSON.stringify(r)) => {
      const r = JSON.parse(JSON.stringify(finished));
      edit(r);
      return tempFile(name, text(r));
    };
    const deepPath = variant("deep-path.json", (r) => (r.moves[0].move.path = "DEEP"), (r) => JSON.stringify(r).replace('"DEEP"', deep(20_000)));
    const deepWinners = variant("deep-winners.json", (r) => (r.result.winners = "DEEP"), (r) => JSON.stringify(r).replace('"DEEP"', deep(20_000)));
    const winnersText = variant("winners-text.json", (r) => (r.result.winners = "P1"));
    const threeSeats = variant("three-seats.json", (r) => {
      r.moves.length = 2;
      r.result = { status: "unfinished" };
      r.seats.push({ player: "P3", kind: "human" });
    });
    const [path, winners, text, replaySeats, resumeSeats] = await Promise.all([
      ludex(["replay", deepPath]),
      ludex(["replay", deepWinners]),
      ludex(["replay", winnersText]),
      ludex(["replay", threeSeats]),
      ludex(["play", "--load", threeSeats]),
    ]);
    expect(path.stderr).toMatch(/deep-path\.json: moves\[0\]\.move\.path(\[0\])+: nested deeper than 16 levels/);
    expect(winners.stderr).toMatch(/deep-winners\.json: result\.winners(\[0\])+: nested deeper than 16 levels/);
    expect(text.stderr).toContain('winners-text.json: result.winners: must be a list of distinct seats ("P1".."P2")');
    for (const r of [replaySeats, resumeSeats]) expect(r.stderr).toContain("seats: the record has 3 seats, but Tic-Tac-Toe is played by 2 (P1..P2)");
    for (const r of [path, winners, text, replaySeats, resumeSeats]) {
      expect(r.code, r.all).toBe(1);
      expect(r.all).not.toContain("internal error");
      noStackTrace(r);
    }
  });

  it("a record that begins with a byte-order mark replays; one of many bad moves is listed in short; one beyond the size limit is refused at once", async () => {
    const file = tempFile("bom-base.json", "");
    await ludex(["play", "tic-tac-toe", "--p1", "random", "--p2", "random", "--seed", "2", "--save", file]);
    const rec = readJson(file);
    const bom = tempFile("bom.json", `\ufeff${JSON.stringify(rec)}`);
    const many = tempFile("many-bad.json", JSON.stringify({ ...rec, moves: Array.from({ length: 200_000 }, (_, i) => ({ ply: i + 1, player: "P1", notation: "x".repeat(100), move: 1 })) }));
    const huge = tempFile("huge.json", JSON.stringify({ ...rec, game: { ...rec.game, title: "t".repeat(MAX_RECORD_BYTES) } }));
    const [plain, withBom, manyBad, tooLarge] = await Promise.all([ludex(["replay", file]), ludex(["replay", bom]), ludex(["replay", many]), ludex(["replay", huge])]);
    expect(withBom.code, withBom.stderr).toBe(0);
    expect(withBom.stdout).toBe(plain.stdout);
    expect(manyBad.code).toBe(1);
    expect(manyBad.stderr.split("\n").length).toBeLessThan(MAX_PROBLEMS + 5);
    expect(manyBad.stderr).toContain(`  ... and ${200_000 - MAX_PROBLEMS} more problem(s)`);
    expect(tooLarge.code).toBe(1);
    expect(tooLarge.stderr).toBe(`ludex: ${huge}: it is larger than ${MAX_RECORD_BYTES} bytes\n`);
  });

  it("quit keeps the record; --load resumes it and goes on saving there", async () => {
    const file = tempFile("resume.json", "");
    const first = await ludex(["play", "dablot", "--p2", "random", "--seed", "4", "--save", file], "1\n1\nquit\n");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Record saved to ${file}`);
    const saved = readJson(file);
    expect(saved.result).toEqual({ status: "abandoned", reason: "P1 (South) quit" });
    expect(saved.moves.length).toBe(4);
    const second = await ludex(["play", "--load", file], "1\nquit\n");
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("Resumed");
    const resumed = readJson(file);
    expect(resumed.moves.slice(0, 4)).toEqual(saved.moves);
    expect(resumed.moves.length).toBe(6);
    expect((await ludex(["replay", file])).code).toBe(0);
  });

  it("input that ends mid-game still leaves the record", async () => {
    const file = tempFile("eof.json", "");
    const r = await ludex(["play", "dablot", "--p2", "random", "--seed", "4", "--save", file], "1\n");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("input ended");
    expect(readJson(file).moves.length).toBe(2);
  });

  it("play --position starts from a position, and the record replays from it", async () => {
    const pos = tempFile("start.json", JSON.stringify({ sites: { a1: { owner: "P1", piece: "soldier" }, k13: { owner: "P2", piece: "soldier" }, c3: { owner: "P2", piece: "king" } }, mover: "P1" }));
    const file = tempFile("from-position.json", "");
    const r = await ludex(["play", "dablot", "--position", pos, "--p1", "random", "--p2", "random", "--seed", "1", "--save", file]);
    expect(r.code).toBe(0);
    const rec = readJson(file);
    expect(rec.start.sites.c3).toEqual({ owner: "P2", piece: "king" });
    const replay = await ludex(["replay", file, "--at", "0"]);
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/Position 0 of \d+ \(the start\)/);
  });

  it("match --json holds every game's record, and each replays", async () => {
    const r = await ludex(["match", "dablot", "--agents", "random,greedy", "-n", "2", "--jobs", "1", "--json", "--option", "quietDraw=30"]);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout);
    for (const g of data.records) {
      expect(g.record.moves.length).toBe(g.plies);
      const file = tempFile(`match-${g.index}.json`, JSON.stringify(g.record));
      const replay = await ludex(["replay", file, "--json"]);
      expect(JSON.parse(replay.stdout)).toMatchObject({ legal: true, returns: g.returns });
    }
  });

  it("usage mistakes are usage errors (exit 2)", async () => {
    expect((await ludex(["play"])).code).toBe(2);
    expect((await ludex(["play", "dablot", "--load", "x.json", "--position", "y.json"])).code).toBe(2);
    expect((await ludex(["replay"])).code).toBe(2);
    const both = await ludex(["replay", "x.json", "--step", "--at", "1"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--step cannot be combined with --at or --json");
  });
});

describe.concurrent("fair play with hidden pieces", () => {
  const hidden = "blind-kings";

  it("a game with face-down pieces keeps its seed secret until the end", async () => {
    const r = await ludex(["play", hidden, "--p2", "random"], "1\nquit\n");
    expect(r.code).toBe(0);
    expect(r.all).toContain("kept secret");
    expect(r.all).not.toMatch(/seed \d|--seed \d/);
    const done = await ludex(["play", hidden, "--p1", "random", "--p2", "random", "--option", "quietLimit=10"]);
    expect(done.code).toBe(0);
    // 128 bits from the system's random source, and the referee's command shows the deal with it.
    expect(done.stdout).toMatch(/The game's seed was (0x[0-9a-f]{32}) \(`ludex show blind-kings --seed \1` shows its deal\)/);
  });

  it("replaying a saved game that is not over keeps its face-down pieces and seed hidden, except for a referee", async () => {
    const file = tempFile("hidden.json", "");
    await ludex(["play", hidden, "--p2", "random", "--save", file], "1\nquit\n");
    const r = await ludex(["replay", file]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("stay hidden");
    expect(r.stdout).not.toMatch(/seed \d/);
    expect(r.stdout).not.toContain("[h]");
    expect(r.stdout).toContain("?");
    const referee = await ludex(["replay", file, "--referee"]);
    expect(referee.stdout).toMatch(/seed \d+/);
    expect(referee.stdout).toContain("[h]");
  });

  it("undo is refused once a move has revealed a piece, and allowed where nothing was revealed", async () => {
    const r = await ludex(["play", hidden, "--p2", "random", "--seed", "5"], "1\nundo\nquit\n");
    expect(r.stdout).toMatch(/Cannot undo: move 1 \(\?[a-h]\d\) revealed hidden pieces/);
    const open = await ludex(["play", "dablot", "--p2", "random", "--seed", "5"], "1\nundo\nboard\nquit\n");
    expect(open.stdout).not.toContain("Cannot undo");
    expect(open.stdout).toMatch(/undo\n[\s\S]*Turn 1: P1/);
  });
});

describe.concurrent("terminal play tells what happened", () => {
  it("says what each move did beyond its notation, and why the game ended", async () => {
    const r = await ludex(["play", "dablot", "--p1", "random", "--p2", "random", "--seed", "3", "--option", "quietDraw=30"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/plays \S+\n  captures (South|North)'s soldiers? on [a-k]\d+/);
    expect(r.stdout).toMatch(/Game over: .+\.( Draw\.| P\d .* wins\.)/);
  });

  it("tells a human what a reveal showed, with the colours it gave", async () => {
    const r = await ludex(["play", "blind-kings", "--p2", "random", "--seed", "2"], "1\nquit\n");
    expect(r.stdout).toMatch(/P1 plays \?[a-h]\d\n  reveals P[12]'s \S+ on [a-h]\d \(P1 now plays (lower|upper) case, P2 (upper|lower) case\)/);
  });

  it("shows a legend, and a 5-player game fits 80 columns", async () => {
    const legend = await ludex(["play", "beset", "--p2", "random"], "legend\nquit\n");
    expect(legend.stdout).toMatch(/Owners: lower case = P1, upper case = P2/);
    const r = await ludex(["play", "beset", "--option", "players=5", "--p1", "random", "--p2", "random", "--p3", "random", "--p4", "greedy", "--p5", "random", "--seed", "2", "--option", "maxTurns=40"]);
    expect(r.code).toBe(0);
    const wide = r.stdout.split("\n").filter((l) => l.length > 80);
    expect(wide).toEqual([]);
    expect(r.stdout).toMatch(/Final ranking/);
  });

  it("a 'thinking' line shows while an agent searches for a human opponent", async () => {
    const r = await ludex(["play", "dablot", "--p2", "greedy", "--seed", "1"], "1\nquit\n");
    expect(r.stdout).toContain("P2 (North) (greedy) is thinking...");
  });
});
