/**
 * The strength check of the AI (a benchmark, not a CI test): on every two-player game, mcts
 * against random and against greedy; on Beset with 3, 4 and 5 players, one mcts seat against
 * random seats. Prints one Markdown table.
 *
 *   npm run strength -- [--time 1s] [--games 50] [--jobs 2] [--chunk 10] [--out DIR] [--only ID] [--from I] [--report]
 *
 * The games are played in rounds of `--chunk` games per line (`ludex match --first`), `--jobs`
 * parts at a time, each saved as JSON in `--out`: an interrupted run resumes where it stopped,
 * every line has about as many games as the others at any moment, and `--report` prints the
 * table of what is saved.
 * The parts of a line play exactly the games one long match would (same seed, same indices).
 *
 * It lives beside the tests (it names the games; src/ never does) and is not run by `npm test`.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { summarise } from "../dist/ai/match.js";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const time = arg("time", "1s");
const games = Number(arg("games", "50"));
const jobs = Number(arg("jobs", "2"));
const chunk = Number(arg("chunk", "10"));
const outDir = arg("out", join(tmpdir(), "ludex-strength"));
const reportOnly = args.includes("--report");
/** Only the lines whose id (e.g. `dablot-2p`, `beset-3p`) contains this text. */
const only = arg("only", "");
/** First game index to play (parts below it are taken as played elsewhere). */
const from = Number(arg("from", "0"));
const cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const mcts = `mcts:time=${time}`;

/** @type {{id: string, label: string, file: string, options: string[], opponent: string, target: string}[]} */
const lines = [];
for (const [game, label, options] of [
  ["dablot", "Dablot (quietDraw=100)", ["quietDraw=100"]],
  ["benediction", "Benediction", []],
  ["kings-trail", "King's Trail", []],
  ["blind-kings", "Blind Kings", []],
  ["beset", "Beset 2p (maxTurns=1000)", ["players=2", "maxTurns=1000"]],
]) {
  lines.push({ id: `${game}-2p`, label, file: `games/${game}.game`, options, opponent: "random", target: ">= 90% wins" });
  lines.push({ id: `${game}-2p`, label, file: `games/${game}.game`, options, opponent: "greedy", target: "> 50% wins" });
}
for (const n of [3, 4, 5]) {
  lines.push({ id: `beset-${n}p`, label: `Beset ${n}p (1 mcts, ${n - 1} random)`, file: "games/beset.game", options: [`players=${n}`, "maxTurns=1000"], opponent: "random", target: ">= 60% wins" });
}

const selected = lines.filter((l) => l.id.includes(only));

const partFile = (l, first) => join(outDir, `${l.id}-${mcts.replace(/[^a-z0-9=]/gi, "_")}-vs-${l.opponent}-from-${first}.json`);

function parts(l) {
  if (!existsSync(outDir)) return [];
  const prefix = basename(partFile(l, "")).replace(/\.json$/, "");
  return readdirSync(outDir)
    .filter((f) => f.startsWith(prefix) && f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(outDir, f), "utf8")));
}

/** Plays one part (`--jobs 1`) and saves it; resolves when it is saved or has failed. */
function playPart(l, first) {
  const n = Math.min(chunk, games - first);
  const t0 = Date.now();
  const child = spawn(process.execPath, [cli, "match", l.file, "--agents", `${mcts};${l.opponent}`, "-n", String(n), "--first", String(first), "--jobs", "1", "--json", ...l.options.flatMap((o) => ["--option", o])]);
  let stdout = "", stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((done) =>
    child.on("close", (code) => {
      const what = `${l.label} vs ${l.opponent}, games ${first}-${first + n - 1}`;
      if (code !== 0) console.error(`${what}: failed: ${stderr.trim().split("\n").at(-1)}`);
      else {
        writeFileSync(partFile(l, first), stdout);
        console.error(`${new Date().toISOString().slice(11, 19)} ${what} in ${Math.round((Date.now() - t0) / 1000)} s`);
      }
      done();
    }),
  );
}

if (!reportOnly) {
  mkdirSync(outDir, { recursive: true });
  // Parts in rounds (every line's games 0-9, then 10-19...), `jobs` parts at a time, one thread each.
  const queue = [];
  for (let first = from; first < games; first += chunk) for (const l of selected) if (!existsSync(partFile(l, first))) queue.push([l, first]);
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      while (queue.length) await playPart(...queue.shift());
    }),
  );
}

console.log(`| game | mcts vs | games | mcts wins | draws | losses | win % (95% interval) | target | avg plies | ms/move |`);
console.log(`|---|---|---|---|---|---|---|---|---|---|`);
for (const l of selected) {
  const records = parts(l).flatMap((p) => p.records);
  if (!records.length) continue;
  const s = summarise(records.sort((a, b) => a.index - b.index));
  const a = s.agents.find((x) => x.agent === mcts);
  const pct = (v) => (100 * v).toFixed(0);
  console.log(`| ${l.label} | ${l.opponent} | ${s.games} | ${a.wins} | ${a.draws} | ${a.losses} | ${pct(a.winRate)}% (${pct(a.winLow)}-${pct(a.winHigh)}) | ${l.target} | ${s.avgLength.toFixed(0)} | ${a.avgMoveMs.toFixed(0)} |`);
}
