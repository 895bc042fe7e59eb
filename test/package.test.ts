/**
 * The package as a user gets it: `npm pack`, installed from the tarball into a project outside
 * the repository, then used there from TypeScript (type-checked against the shipped .d.ts) and
 * from a plain ESM script, and through its `ludex` command. dist/ is built by `npm test`'s
 * pretest step; the tarball's dependencies come from npm's cache (CI's `npm ci` fills it).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const work = mkdtempSync(join(tmpdir(), "ludex-package-"));
const project = join(work, "consumer");
let tarball = "";
let packed: string[] = [];

/** Runs a command; on failure the error carries its output, so a broken step says why. */
async function sh(cmd: string, args: string[], cwd: string): Promise<string> {
  try {
    const r = await run(cmd, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, npm_config_fund: "false", npm_config_audit: "false" } });
    return r.stdout;
  } catch (e) {
    const x = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(" ")} failed in ${cwd}:\n${x.stdout ?? ""}\n${x.stderr ?? ""}\n${x.message}`);
  }
}

beforeAll(async () => {
  // --ignore-scripts: dist/ is already built; packing must not rebuild it under other tests' feet.
  const out = await sh(npm, ["pack", "--json", "--ignore-scripts", "--pack-destination", work], root);
  const info = JSON.parse(out) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, info[0]!.filename);
  packed = info[0]!.files.map((f) => f.path);
  writeFileSync(join(work, "package.json"), "{}\n"); // keeps npm from walking up to another project
  await sh("mkdir", ["-p", project], work);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }, null, 2));
  await sh(npm, ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund", "--no-package-lock"], project);
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the npm package", () => {
  it("ships the build, its type declarations, the games with their rules, the grammar, README and licence, and nothing else", () => {
    expect(packed).toEqual(expect.arrayContaining(["dist/index.js", "dist/index.d.ts", "dist/cli/main.js", "dist/lang/schema-validator.cjs", "games/dablot.game", "games/dablot.md", "grammar/ludemes.md", "grammar/game.schema.json", "README.md", "LICENSE", "package.json"]));
    const stray = packed.filter((p) => /^(src|test|\.ci)\//.test(p) || p.endsWith(".map") || p.endsWith(".ts") && !p.endsWith(".d.ts"));
    expect(stray).toEqual([]);
    for (const game of readdirSync(join(root, "games")).filter((f) => f.endsWith(".game"))) {
      expect(packed, game).toContain(`games/${game}`);
      expect(packed, game).toContain(`games/${game.replace(/\.game$/, ".md")}`);
    }
  });

  it("works from plain ESM: import from 'ludex', load a built-in game by name, play a seeded game to the end", async () => {
    const script = `
      import { loadGame, builtinGameNames } from "ludex";
      const names = builtinGameNames();
      const game = loadGame("dablot", { options: { quietDraw: 100 } });
      let s = game.newGame({ seed: 7 });
      let plies = 0;
      while (!game.isTerminal(s)) {
        const moves = game.legalMoves(s);
        s = game.apply(s, moves[(plies * 7919 + 13) % moves.length]);
        plies++;
      }
      console.log(JSON.stringify({ names, title: game.name, plies, returns: game.returns(s) }));
    `;
    writeFileSync(join(project, "play.mjs"), script);
    const result = JSON.parse(await sh(process.execPath, ["play.mjs"], project)) as { names: string[]; title: string; plies: number; returns: number[] };
    expect(result.names).toContain("dablot");
    expect(result.title).toMatch(/Dablot/);
    expect(result.plies).toBeGreaterThan(0);
    expect([[1, -1], [-1, 1], [0, 0]]).toContainEqual(result.returns);
  });

  it("type-checks and runs from TypeScript against the shipped declarations", async () => {
    const source = `
      import { loadGame, type Game, type Move, type State, newRecord, addMove, finishRecord, replayRecord, type GameRecordFile } from "ludex";
      const game: Game = loadGame("beset", { options: { players: 3, maxTurns: 200 } });
      let s: State = game.newGame({ seed: 3 });
      const record: GameRecordFile = newRecord(game, { seed: 3, seats: ["random", "random", "random"] });
      while (!game.isTerminal(s)) {
        const legal: Move[] = game.legalMoves(s);
        const m = legal[s.ply % legal.length]!;
        addMove(record, game.currentPlayer(s), m);
        s = game.apply(s, m);
      }
      finishRecord(record, game, s);
      const replay = replayRecord(game, record);
      const same: boolean = game.hash(replay.states[replay.states.length - 1]!) === game.hash(s);
      console.log(JSON.stringify({ players: game.playerCount, moves: record.moves.length, same, status: record.result.status }));
    `;
    writeFileSync(join(project, "main.ts"), source);
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noUncheckedIndexedAccess: true, outDir: "out", types: [], typeRoots: [join(root, "node_modules", "@types")] }, files: ["main.ts"] }),
    );
    await sh(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "."], project);
    const result = JSON.parse(await sh(process.execPath, ["out/main.js"], project)) as { players: number; moves: number; same: boolean; status: string };
    expect(result).toEqual({ players: 3, moves: expect.any(Number), same: true, status: "finished" });
    expect(result.moves).toBeGreaterThan(0);
  });

  it("refuses deep imports: only the entry point is public", async () => {
    writeFileSync(join(project, "deep.mjs"), `import("ludex/dist/engine/play/game.js").then(() => console.log("imported"), (e) => console.log(e.code));`);
    expect((await sh(process.execPath, ["deep.mjs"], project)).trim()).toBe("ERR_PACKAGE_PATH_NOT_EXPORTED");
  });

  it("installs the ludex command, which lists the built-in games", async () => {
    const out = await sh(process.execPath, [join(project, "node_modules", "ludex", "dist", "cli", "main.js"), "list"], project);
    for (const name of readdirSync(join(root, "games")).filter((f) => f.endsWith(".game"))) expect(out).toContain(name.replace(/\.game$/, ""));
  });
});
