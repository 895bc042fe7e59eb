/**
 * `ludex serve`: the browser app on a local web server. The page, its script (the engine, the
 * compiler and the agents, bundled by `npm run build`) and the library's games: descriptions and
 * rules, read from the games folder at each request. Loopback only unless --host says otherwise.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isIP } from "node:net";
import { InvalidArgumentError, type Command } from "commander";
import { CliError, examples, integerArg, out } from "./common.js";
import { sendBody } from "./http-body.js";

const WEB_DIR = fileURLToPath(new URL("../web/", import.meta.url));
const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".map": "application/json" };
/** The parts of the bundle loaded when first needed (the editor), named by the bundler. */
const CHUNK = /^chunks\/[\w-]+\.js(\.map)?$/;
const STATIC = new Set(["index.html", "app.js", "app.css", "app.js.map", "agent-worker.js", "agent-worker.js.map"]);

interface ServeFlags {
  port: number;
  host: string;
  open?: boolean;
}

export function registerServe(program: Command): void {
  const cmd = program
    .command("serve")
    .description("start the browser app on a local web server: the library, play on a real board, against people or agents")
    .option("--port <n>", "the port, 1 to 65535 (0: any free one)", portArg, 7370)
    .option("--host <address>", "the address to listen on (the default, loopback, keeps it on this computer)", hostArg, "127.0.0.1")
    .option("--open", "open the page in the default browser");
  examples(cmd, ["ludex serve", "ludex serve --port 8080 --open"]);
  cmd.action(async (opts: ServeFlags) => {
    if (!existsSync(join(WEB_DIR, "app.js"))) throw new CliError("the browser app is not built (run `npm run build`)");
    const server = createServer((req, res) => void answer(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once("error", (e: NodeJS.ErrnoException) => reject(new CliError(e.code === "EADDRINUSE" ? `port ${opts.port} is in use (try --port 0)` : `cannot listen on ${opts.host}:${opts.port}: ${e.message}`)));
      server.listen(opts.port, opts.host, resolve);
    });
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : opts.port;
    const url = `http://${opts.host.includes(":") ? `[${opts.host}]` : opts.host}:${port}/`;
    out(`Ludex at ${url} (Ctrl-C stops it)`);
    // The library's list made while the first page loads, not when it asks.
    setImmediate(() => void libraryList().catch(() => undefined));
    if (opts.open) openInBrowser(url);
    await new Promise<void>((resolve) => {
      const stop = () => server.close(() => resolve());
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
  });
}

/** A TCP port: 0 (any free one) to 65535. */
function portArg(value: string): number {
  const port = integerArg(0)(value);
  if (port > 65535) throw new InvalidArgumentError("expected a port from 0 to 65535 (0: any free one).");
  return port;
}

/**
 * An address to listen on: an IP address (IPv6 with or without brackets) or a host name. Nothing
 * else reaches the server: an empty address would listen on every interface, and a URL or a
 * `host:port` would only fail later with a resolver's message.
 */
function hostArg(value: string): string {
  const host = /^\[.*\]$/.test(value) ? value.slice(1, -1) : value;
  if (isIP(host) || (host.length <= 253 && /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(host))) return host;
  throw new InvalidArgumentError("expected an IP address or a host name (e.g. 127.0.0.1, ::1, 0.0.0.0, localhost).");
}

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    if (req.method !== "GET" && req.method !== "HEAD") return send(req, res, 405, "text/plain", "only GET");
    if (path === "/") return send(req, res, 200, TYPES[".html"]!, readFileSync(join(WEB_DIR, "index.html")));
    const file = path.slice(1);
    if (STATIC.has(file)) return send(req, res, 200, TYPES[extname(file)]!, readFileSync(join(WEB_DIR, file)));
    // A chunk's name holds its content's hash: a new build names it anew, so it may be kept for good.
    if (CHUNK.test(file) && existsSync(join(WEB_DIR, file))) return sendBody(req, res, 200, TYPES[extname(file)]!, readFileSync(join(WEB_DIR, file)), { immutable: true });
    if (path === "/api/games") return sendJson(req, res, 200, { format: "ludex-games/1", games: await libraryList() });
    const game = /^\/api\/games\/([a-z0-9-]+)$/.exec(path);
    if (game) {
      const { builtinGamePath, builtinRulesText } = await import("../library/builtin.js");
      const name = game[1]!;
      const file = builtinGamePath(name);
      if (!file) return sendJson(req, res, 404, { error: `no built-in game '${name}'` });
      const description = readFileSync(file, "utf8");
      return sendJson(req, res, 200, { name, description, rules: builtinRulesText(name) ?? "", files: extendedFiles(description, dirname(file)) });
    }
    return send(req, res, 404, "text/plain", "not found");
  } catch (e) {
    return send(req, res, 500, "text/plain", `error: ${(e as Error).message}`);
  }
}

/** The library's list as last made, and the games folder's state it was made from. */
let listed: { folder: string; games: unknown[] } | undefined;

/**
 * The library's games for the page: compiling each takes seconds in all, so the list is kept
 * until a file of the games folder changes (its names, sizes and times are compared at each ask).
 */
async function libraryList(): Promise<unknown[]> {
  const { builtinGamesDir } = await import("../library/builtin.js");
  const dir = builtinGamesDir();
  const folder = readdirSync(dir)
    .sort()
    .map((f) => {
      const st = statSync(join(dir, f));
      return `${f}:${st.size}:${st.mtimeMs}`;
    })
    .join("|");
  if (listed?.folder !== folder) {
    const { listBuiltinGames } = await import("../library/catalog.js");
    listed = { folder, games: listBuiltinGames().games };
  }
  return listed.games;
}

/**
 * The files a description extends, and those they extend, by the name it gives them: the page
 * compiles in the browser, which cannot read them itself. Only files in the games folder.
 */
function extendedFiles(text: string, dir: string, files: Record<string, string> = {}): Record<string, string> {
  for (const m of text.matchAll(/\(extends\s+"([^"\/\\]+\.game)"/g)) {
    const name = m[1]!;
    const path = join(dir, name);
    if (name in files || !existsSync(path)) continue;
    files[name] = readFileSync(path, "utf8");
    extendedFiles(files[name]!, dir, files);
  }
  return files;
}

/** A body revalidated at each load (see http-body.ts): the page, its unhashed scripts, the games. */
function send(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  sendBody(req, res, status, type, body);
}

function sendJson(req: IncomingMessage, res: ServerResponse, status: number, data: unknown): void {
  send(req, res, status, "application/json; charset=utf-8", JSON.stringify(data));
}

/** The system's way to open an address; failing that, the printed address is enough. */
function openInBrowser(url: string): void {
  const command = process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open";
  const child = spawn(command, [url], { stdio: "ignore", detached: true });
  child.on("error", () => out(`(could not open a browser: open ${url} yourself)`));
  child.unref();
}
