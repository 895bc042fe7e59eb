/** `ludex serve`: the page, its script, the library's games over HTTP, on loopback by default. */
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinGameNames } from "../src/library/builtin.js";
import { cli, ludex, root } from "./support/cli.js";

let base = "";
const server = spawn(process.execPath, [cli, "serve", "--port", "0"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });

beforeAll(async () => {
  base = await new Promise<string>((resolve, reject) => {
    let text = "";
    server.stdout!.on("data", (d: Buffer) => {
      text += d;
      const m = /Ludex at (\S+) \(Ctrl-C stops it\)/.exec(text);
      if (m) resolve(m[1]!);
    });
    server.once("exit", (code) => reject(new Error(`ludex serve ended (${code}): ${text}`)));
  });
});
afterAll(() => void server.kill());

describe("ludex serve", () => {
  it("listens on loopback and serves the page and its script", async () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await fetch(base);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain('<script type="module" src="app.js">');
    const script = await fetch(`${base}app.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
    // The parts the script imports (the engine, the editor loaded later) are served too.
    const parts = [...(await script.text()).matchAll(/"\.\/(chunks\/[\w-]+\.js)"/g)].map((m) => m[1]!);
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect((await fetch(`${base}${part}`)).status, part).toBe(200);
  });

  it("lists the built-in games, and gives a game's description, rules and the files it extends", async () => {
    const list = (await (await fetch(`${base}api/games`)).json()) as { games: Array<{ name: string }> };
    expect(list.games.map((g) => g.name).sort()).toEqual(builtinGameNames().sort());
    const trail = (await (await fetch(`${base}api/games/kings-trail`)).json()) as { description: string; rules: string; files: Record<string, string> };
    expect(trail.description).toContain('(extends "benediction.game")');
    expect(trail.rules.length).toBeGreaterThan(100);
    expect(Object.keys(trail.files)).toEqual(["benediction.game"]);
  });

  it("answers 404 for what it does not have, and refuses paths out of its folder", async () => {
    expect((await fetch(`${base}api/games/no-such-game`)).status).toBe(404);
    expect((await fetch(`${base}../package.json`)).status).toBe(404);
    expect((await fetch(`${base}%2e%2e/package.json`)).status).toBe(404);
    expect((await fetch(`${base}api/games/..%2Fpackage`)).status).toBe(404);
    expect((await fetch(`${base}chunks/..%2F..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${base}chunks/no-such-part.js`)).status).toBe(404);
  });

  it("a port outside 0..65535, or an address that is not one, is a usage error (exit 2)", async () => {
    const runs = await Promise.all([["--port", "70000"], ["--port", "65536"], ["--host", ""], ["--host", "localhost:80"], ["--host", "http://example.org"]].map((flag) => ludex(["serve", ...flag])));
    for (const r of runs) {
      expect(r.code, r.all).toBe(2);
      expect(r.stderr).toMatch(/expected a port from 0 to 65535|expected an IP address or a host name/);
      expect(r.all).not.toContain("internal error");
    }
  });

  it("a port in use is a clear error (exit 1)", async () => {
    const port = new URL(base).port;
    const r = await ludex(["serve", "--port", port]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`port ${port} is in use`);
  });
});
