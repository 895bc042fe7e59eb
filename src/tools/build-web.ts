/**
 * Builds the browser app (npm run build, after tsc and the prebuilt validator): bundles
 * src/web/app/main.ts with esbuild into dist/web/app.js (and the agents' worker,
 * agent-worker.ts, into agent-worker.js; parts they share or load later in dist/web/chunks/),
 * and copies the page and its style beside
 * it. The engine, the compiler and the agents are the same modules Node runs; three of them find
 * things on disk there, and the bundle gets browser versions instead:
 *  - src/lang/chevrotain.ts  -> src/web/platform/chevrotain.ts (Chevrotain from the package)
 *  - src/library/version.ts  -> src/web/platform/version.ts (the version, defined at bundling)
 *  - the prebuilt validator  -> imported by the app from dist/lang/schema-validator.cjs
 * Node's built-in modules become names that fail when called (src/web/platform/node-builtin.ts):
 * only Node-side paths (reading files) reach them.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const src = join(root, "src");
const out = join(root, "dist", "web");

/** The names each Node built-in is imported with anywhere in src/ (a missing one fails the bundle, loudly). */
const NODE_NAMES: Record<string, string[]> = {
  fs: ["closeSync", "constants", "copyFileSync", "existsSync", "fstatSync", "mkdirSync", "mkdtempSync", "openSync", "readdirSync", "readFileSync", "readSync", "renameSync", "rmSync", "statSync", "writeFileSync"],
  path: ["basename", "dirname", "isAbsolute", "join", "resolve", "relative", "sep"],
  url: ["fileURLToPath", "pathToFileURL"],
  module: ["createRequire"],
  crypto: ["createHash", "randomInt"],
  os: ["tmpdir", "cpus", "availableParallelism"],
  readline: ["createInterface"],
  http: ["createServer"],
  net: ["isIP"],
  worker_threads: ["parentPort", "workerData", "Worker"],
  child_process: ["spawn"],
};

const platform: Plugin = {
  name: "ludex-browser-platform",
  setup(b) {
    b.onResolve({ filter: /\/chevrotain\.js$/ }, (args) => (args.importer.startsWith(join(src, "lang")) ? { path: join(src, "web", "platform", "chevrotain.ts") } : undefined));
    b.onResolve({ filter: /\/version\.js$/ }, (args) => (args.importer.startsWith(src) && !args.importer.includes(join("web", "platform")) ? { path: join(src, "web", "platform", "version.ts") } : undefined));
    b.onResolve({ filter: /^ludex:validator$/ }, () => ({ path: join(root, "dist", "lang", "schema-validator.cjs") }));
    b.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path.slice(5), namespace: "node-builtin" }));
    b.onLoad({ filter: /.*/, namespace: "node-builtin" }, (args) => {
      const names = NODE_NAMES[args.path] ?? [];
      const body = names.map((n) => `export const ${n} = unavailable("node:${args.path} ${n}");`).join("\n");
      return { contents: `import { unavailable } from ${JSON.stringify(join(src, "web", "platform", "node-builtin.ts"))};\n${body}\nexport default {};`, loader: "ts", resolveDir: src };
    });
  },
};

const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;
mkdirSync(out, { recursive: true });
rmSync(join(out, "chunks"), { recursive: true, force: true });
await build({
  entryPoints: { app: join(src, "web", "app", "main.ts"), "agent-worker": join(src, "web", "app", "agent-worker.ts") },
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  outdir: out,
  // The editor (CodeMirror and the catalog's documentation) is loaded when first opened; the
  // engine and the compiler, which the page and the worker share, in one chunk for both.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  sourcemap: true,
  minify: true,
  define: { LUDEX_VERSION: JSON.stringify(version) },
  plugins: [platform],
  logLevel: "warning",
});
for (const file of ["index.html", "app.css"]) copyFileSync(join(src, "web", "app", file), join(out, file));
