/** `ludex serve`: the page, its script, the library's games over HTTP, on loopback by default. */
import { spawn } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { get } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
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

  it("compresses what it sends when the browser accepts it, and lets the hashed parts be kept for good", async () => {
    // The largest part (the engine and compiler, which the play page loads).
    const chunks = join(root, "dist", "web", "chunks");
    const part = `chunks/${readdirSync(chunks).filter((f) => f.endsWith(".js")).sort((a, b) => statSync(join(chunks, b)).size - statSync(join(chunks, a)).size)[0]}`;
    const original = readFileSync(join(root, "dist", "web", part));
    const br = await raw(`${base}${part}`, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.body.length).toBeLessThan(original.length / 3);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    const gzip = await raw(`${base}${part}`, { "accept-encoding": "gzip;q=1, br;q=0" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);
    const plain = await raw(`${base}${part}`, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    // The game list, revalidated at each load: unchanged, it costs a 304 and no body.
    const list = await raw(`${base}api/games`, { "accept-encoding": "gzip" });
    expect(list.headers["cache-control"]).toBe("no-cache");
    const again = await raw(`${base}api/games`, { "accept-encoding": "gzip", "if-none-match": list.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
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

/** A GET as the browser sends it, the body as it travels (not decompressed). */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on("error", reject);
    }).on("error", reject);
  });
}
