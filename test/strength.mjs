/**
 * The strength check of the AI (a benchmark, not a CI test): on every two-player game, mcts
 * against random and against greedy; on Beset with 3, 4 and 5 players, one mcts seat against
 * random seats. Prints one Markdown table. Runs `ludex match` for each line.
 *
 *   npm run strength -- [--time 1s] [--games 50] [--jobs 2]
 *
 * It lives beside the tests (it names the games; src/ never does) and is not run by `npm test`.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const time = arg("time", "1s");
const games = arg("games", "50");
const jobs = arg("jobs", "2");
const cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const mcts = `mcts:time=${time}`;

/** @type {{game: string, file: string, options: string[], agents: string, target: string}[]} */
const lines = [];
for (const [game, options] of [
  ["dablot", ["quietDraw=100"]],
  ["benediction", []],
  ["kings-trail", []],
  ["blind-kings", []],
  ["beset", ["players=2", "maxTurns=1000"]],
]) {
  lines.push({ game, file: `games/${game}.game`, options, agents: `${mcts};random`, target: ">= 90% wins" });
  lines.push({ game, file: `games/${game}.game`, options, agents: `${mcts};greedy`, target: "> 50% wins" });
}
for (const n of [3, 4, 5]) {
  lines.push({ game: `beset ${n}p`, file: "games/beset.game", options: [`players=${n}`, "maxTurns=1000"], agents: `${mcts};random`, target: ">= 60% wins" });
}

console.log(`| game | mcts vs | games | mcts wins | draws | losses | win % (95% interval) | target | ms/move |`);
console.log(`|---|---|---|---|---|---|---|---|---|`);
for (const l of lines) {
  const r = spawnSync(process.execPath, [cli, "match", l.file, "--agents", l.agents, "-n", games, "--jobs", jobs, "--json", ...l.options.flatMap((o) => ["--option", o])], { encoding: "utf8" });
  if (r.status !== 0) {
    console.log(`| ${l.game} | ${l.agents} | failed: ${r.stderr.trim().split("\n").at(-1)} |`);
    continue;
  }
  const s = JSON.parse(r.stdout);
  const a = s.agents.find((x) => x.agent === mcts);
  const opponent = l.agents.split(";")[1];
  const pct = (v) => (100 * v).toFixed(0);
  console.log(`| ${l.game} | ${opponent} | ${s.games} | ${a.wins} | ${a.draws} | ${a.losses} | ${pct(a.winRate)}% (${pct(a.winLow)}-${pct(a.winHigh)}) | ${l.target} | ${a.avgMoveMs.toFixed(0)} |`);
}
