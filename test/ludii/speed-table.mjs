/**
 * Ludex against Ludii 1.3.12, game by game, in playouts per CPU second: every library game of a
 * Ludex checkout, measured side by side with Ludii's version of the same game (a benchmark, not a
 * test: `npm test` never runs it).
 *
 *   node test/ludii/speed-table.mjs LUDEX_DIR [--seconds 10] [--warmup 5] [--rounds 2]
 *        [--games a,b] [--out PREFIX] [--ludii-bench PATH] [--from RUN.json] [--report]
 *
 * LUDEX_DIR: a built Ludex checkout (its dist/cli/main.js and its games/), so the same script
 * measures another build, e.g. an older commit checked out as a worktree. Which Ludii game a Ludex
 * game is comes from this script's own checkout: test/ludii/reference.json, the entry of the game's
 * title measured with Ludii's default options (every game written from Ludii's library has one;
 * Ludex's defaults are Ludii's). Games with none are listed as not in Ludii, with a note where
 * Ludii has a relative whose rules differ (see NOT_IN_LUDII).
 *
 * For each game, `--rounds` times, one after the other (Ludii first in odd rounds, Ludex first in
 * even ones, so that neither always meets the same moment of a shared machine):
 *   - Ludii: `HARNESS=LudiiBenchCpu bench.sh GAME.lud SECONDS --warmup WARMUP --clearundo` (Ludii's own
 *     game.playout, uniform random, one thread; a JVM of its own each time). Playouts per CPU second
 *     of the benchmark thread (the JVM's GC and JIT threads not counted; the harness's
 *     playouts/(thread-cpu+gc) figure is kept in the JSON too). --clearundo: Ludii 1.3.12 keeps
 *     undo data across playouts of some games (see ../shared/ludii/README.md); clearing it only
 *     helps Ludii.
 *   - Ludex: `node LUDEX_DIR/dist/cli/main.js bench NAME --seconds SECONDS --json --max-plies 1000000`
 *     (its own warm-up of min(1, S/5) s, then playouts on one thread). Playouts per CPU second of the
 *     whole process (its collector's helper threads included), so the ratio errs against Ludex.
 *     The ply cap is lifted so that only the game's own rules (Ludii's turn limits) end a playout.
 * A game's figure is the median of its rounds; its ratio the median of the rounds' ratios. Mean
 * playout lengths are printed for both: both count every decision, forced passes included, and a
 * length far from Ludii's means different games, where a speed ratio means nothing.
 *
 * Writes PREFIX.json (format ludex-ludii-speed/1) and PREFIX.md (the table, the median ratio, the
 * games below 10x and every command), after each game, so an interrupted run keeps what it measured.
 * --from RUN.json starts from a saved run: its games are kept, those of --games measured again
 * (e.g. the games Ludii plays only a few times in a window, with more --seconds); --report measures
 * nothing and writes the table of RUN.json again.
 * Needs Ludii built by ../shared/ludii/build.sh (LUDII_ROOT, default /work/ludii).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const here = fileURLToPath(new URL(".", import.meta.url));
const repo = resolve(here, "..", "..");
const ludexDir = args[0] && !args[0].startsWith("--") ? resolve(args[0]) : undefined;
if (!ludexDir || !existsSync(join(ludexDir, "dist", "cli", "main.js"))) {
  console.error("usage: node test/ludii/speed-table.mjs LUDEX_DIR [--seconds 10] [--warmup 5] [--rounds 2] [--games a,b] [--out PREFIX] [--ludii-bench PATH]");
  console.error("LUDEX_DIR must be a built Ludex checkout (dist/cli/main.js)");
  process.exit(2);
}
const seconds = Number(arg("seconds", "10"));
const warmup = Number(arg("warmup", "5"));
const rounds = Number(arg("rounds", "2"));
const only = arg("games", "") ? arg("games", "").split(",") : undefined;
const out = resolve(arg("out", "ludii-speed-table"));
const from = arg("from", "") ? JSON.parse(readFileSync(resolve(arg("from", "")), "utf8")) : undefined;
const reportOnly = args.includes("--report");
if (reportOnly && !from) {
  console.error("--report needs --from RUN.json");
  process.exit(2);
}
const ludiiBench = resolve(arg("ludii-bench", join(repo, "..", "shared", "ludii", "bench.sh")));
const ludiiRoot = process.env.LUDII_ROOT ?? "/work/ludii";
const cli = join(ludexDir, "dist", "cli", "main.js");

/** Library games Ludii does not play as we do: what Ludii has instead, if anything. */
const NOT_IN_LUDII = {
  benediction: "not in Ludii's library",
  "kings-trail": "not in Ludii's library (a Benediction variant)",
  beset: "not in Ludii's library",
  dablot: "Ludii's Dablot Prejjesne.lud is another reading of the rules (random playouts some 1,260 Ludii moves long, ours some 250): not the same game",
  "blind-kings": "a Banqi derivative; Ludii has Banqi.lud, a different game",
};

const sh = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x, d = 1) => (Number.isFinite(x) ? Math.round(x * 10 ** d) / 10 ** d : null);
const num = (x, d = 0) => (x == null || !Number.isFinite(x) ? "—" : x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d }));
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const git = (dir, ...a) => {
  try {
    return execFileSync("git", ["-C", dir, ...a], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
};

// The games: the checkout's library, each with its Ludii entry (default options) if there is one.
const library = JSON.parse(execFileSync("node", [cli, "list", "--json"], { encoding: "utf8" })).games.filter((g) => g.builtin);
const reference = JSON.parse(readFileSync(join(here, "reference.json"), "utf8")).entries;
/** Ludii's statistics entry of a game: its title's, measured with Ludii's default options. */
const ludiiEntry = (title) => reference.find((e) => (e.ludexTitle ?? e.game) === title && e.options.length === 0);
/** Half the 95% interval of Ludii's mean length in its statistics (with each move once where it lists some twice). */
const ludiiLengthHalfCI = (entry) => {
  const ci = (entry?.distinctMoves ?? entry)?.lengthCI95;
  return ci ? round((ci[1] - ci[0]) / 2, 2) : undefined;
};
const games = library
  .filter((g) => !reportOnly && (!only || only.includes(g.name)))
  .map((g) => {
    const entry = ludiiEntry(g.title);
    return { name: g.name, title: g.title, lud: entry?.ludName, ludPath: entry?.ludPath, ludiiOptions: entry?.options ?? [], ludiiStatsLength: entry?.meanLength, ludiiDistinctLength: entry?.distinctMoves?.meanLength, ludiiStatsHalfCI: ludiiLengthHalfCI(entry), notInLudii: entry ? undefined : (NOT_IN_LUDII[g.name] ?? "no entry in test/ludii/reference.json") };
  });

/** Ludex's decisions per CPU second over Ludii's in each round (the ratio where playouts' lengths differ). */
const decisionRatios = (measures) =>
  measures.filter((m) => m.ludii && !m.ludii.error && m.ludex && !m.ludex.error).map((m) => (m.ludex.playoutsPerCpuSec * m.ludex.avgLength) / (m.ludii.playoutsPerCpuSec * m.ludii.avgLength));

const ludiiCommand = (g) => [`LUDII_ROOT=${ludiiRoot}`, "HARNESS=LudiiBenchCpu", ludiiBench, g.lud, String(seconds), "--warmup", String(warmup), "--clearundo", ...g.ludiiOptions.flatMap((o) => ["--option", o])];
const ludexCommand = (g) => ["node", cli, "bench", g.name, "--seconds", String(seconds), "--json", "--max-plies", "1000000"];
const show = (cmd) => cmd.map(sh).join(" ");

/** One Ludii measure: its harness's figures, or an error. */
function runLudii(g) {
  const [, , script, ...rest] = ludiiCommand(g);
  const r = spawnSync(script, rest, { encoding: "utf8", env: { ...process.env, LUDII_ROOT: ludiiRoot, HARNESS: "LudiiBenchCpu" }, timeout: (seconds + warmup + 300) * 1000, maxBuffer: 1 << 24 });
  const text = `${r.stdout ?? ""}${r.stderr ?? ""}`;
  const playout = /\[game\.playout\] playouts\/s=([\d.]+)\s+moves\/s=(\d+)\s+avgLen=([\d.]+) maxLen=(\d+)\s+playouts=(\d+) in ([\d.]+)s/.exec(text);
  const cpu = /\[cpu\s*\] thread cpu=([\d.]+)s \((\d+)% of wall\)\s+process cpu=([\d.]+)s\s+gc=([\d.]+)s\s+playouts\/thread-cpu-s=([\d.]+)\s+moves\/thread-cpu-s=(\d+)\s+playouts\/\(thread-cpu\+gc\)s=([\d.]+)/.exec(text);
  if (r.status !== 0 || !playout || !cpu) return { error: `exit ${r.status}${r.error ? ` ${r.error.message}` : ""}: ${text.split("\n").slice(-6).join(" | ")}` };
  return {
    playoutsPerCpuSec: Number(cpu[5]),
    playoutsPerCpuGcSec: Number(cpu[7]),
    playoutsPerSec: Number(playout[1]),
    avgLength: Number(playout[3]),
    maxLength: Number(playout[4]),
    playouts: Number(playout[5]),
    threadCpuShareOfWall: Number(cpu[2]) / 100,
    gcSeconds: Number(cpu[4]),
    load: /\[load\s*\] start: (.*?)\s+end: (.*)/.exec(text)?.slice(1, 3).join(" -> "),
    options: /options in effect: (.*)/.exec(text)?.[1],
    /** Ludii's own playout loop for the game (e.g. drawing a move and checking it, not listing every legal move): its games may differ in length from a uniform choice among legal moves. */
    customPlayouts: /customPlayouts=(true|false)/.exec(text)?.[1] === "true",
  };
}

/** One Ludex measure: its bench's figures (per CPU second if the build reports them), or an error. */
function runLudex(g) {
  const [node, ...rest] = ludexCommand(g);
  const r = spawnSync(node, rest, { encoding: "utf8", timeout: (seconds + 300) * 1000, maxBuffer: 1 << 24 });
  let j;
  try {
    j = JSON.parse(r.stdout);
  } catch {
    return { error: `exit ${r.status}: ${(r.stderr ?? "").split("\n").slice(-4).join(" | ")}` };
  }
  const perCpu = j.playoutsPerCpuSec ?? (j.cpuSeconds ? j.playouts / j.cpuSeconds : undefined);
  return {
    playoutsPerCpuSec: perCpu ?? j.playoutsPerSec,
    perWallOnly: perCpu === undefined || undefined,
    playoutsPerSec: j.playoutsPerSec,
    avgLength: j.avgLength ?? (j.playouts ? j.plies / j.playouts : undefined),
    playouts: j.playouts,
    unfinished: j.unfinished,
  };
}

const run = {
  format: "ludex-ludii-speed/1",
  date: new Date().toISOString(),
  ludexDir,
  ludexCommit: git(ludexDir, "rev-parse", "--short", "HEAD"),
  ludexCommitSubject: git(ludexDir, "log", "-1", "--format=%s").slice(0, 120),
  node: process.version,
  ludii: `Ludii 1.3.12, source ${existsSync(join(ludiiRoot, "SOURCE_COMMIT")) ? readFileSync(join(ludiiRoot, "SOURCE_COMMIT"), "utf8").trim().slice(0, 12) : "?"} in ${ludiiRoot}`,
  java: spawnSync("java", ["-version"], { encoding: "utf8" }).stderr.split("\n")[0],
  secondsPerMeasure: seconds,
  ludiiWarmup: warmup,
  rounds,
  loadAtStart: load(),
  games: [],
};
if (from) {
  // Kept from the saved run: its settings (each game says its own) and every game not measured now.
  for (const key of Object.keys(from)) if (key !== "games") run[key] = from[key];
  run.games = from.games.map((g) => ({
    ...g,
    seconds: g.seconds ?? from.secondsPerMeasure,
    ludiiWarmup: g.ludiiWarmup ?? from.ludiiWarmup,
    rounds: g.rounds ?? g.measures.length,
    ludiiPlayouts: g.ludiiPlayouts ?? g.measures.reduce((a, m) => a + (m.ludii?.playouts ?? 0), 0),
    ludexPlayouts: g.ludexPlayouts ?? g.measures.reduce((a, m) => a + (m.ludex?.playouts ?? 0), 0),
    ludiiDistinctLength: g.ludiiDistinctLength ?? ludiiEntry(g.title)?.distinctMoves?.meanLength,
    ludiiStatsHalfCI: g.ludiiStatsHalfCI ?? ludiiLengthHalfCI(ludiiEntry(g.title)),
    decisionRatio: g.decisionRatio ?? round(median(decisionRatios(g.measures)), 2),
    ludiiCustomPlayouts: g.ludiiCustomPlayouts ?? g.measures.some((m) => m.ludii?.customPlayouts),
    notInLudii: g.lud ? undefined : (NOT_IN_LUDII[g.name] ?? g.notInLudii),
  }));
  if (games.length) run.remeasured = { date: new Date().toISOString(), games: [...new Set([...(from.remeasured?.games ?? []), ...games.map((g) => g.name)])], seconds, warmup, rounds };
}

function summarise(g, measures) {
  const pairs = measures.filter((m) => m.ludii && !m.ludii.error && m.ludex && !m.ludex.error);
  const ludii = median(measures.filter((m) => m.ludii && !m.ludii.error).map((m) => m.ludii.playoutsPerCpuSec));
  const ludex = median(measures.filter((m) => !m.ludex.error).map((m) => m.ludex.playoutsPerCpuSec));
  const ratios = pairs.map((m) => m.ludex.playoutsPerCpuSec / m.ludii.playoutsPerCpuSec);
  const ludiiLength = median(measures.filter((m) => m.ludii && !m.ludii.error).map((m) => m.ludii.avgLength));
  const ludexLength = median(measures.filter((m) => !m.ludex.error).map((m) => m.ludex.avgLength));
  return {
    ...g,
    seconds,
    ludiiWarmup: warmup,
    rounds: measures.length,
    ludiiCommand: g.lud ? show(ludiiCommand(g)) : undefined,
    ludexCommand: show(ludexCommand(g)),
    ludiiPlayoutsPerCpuSec: round(ludii),
    ludexPlayoutsPerCpuSec: round(ludex),
    ratio: round(median(ratios), 2),
    decisionRatio: round(median(decisionRatios(measures)), 2),
    ludiiCustomPlayouts: measures.some((m) => m.ludii?.customPlayouts),
    ratioRange: ratios.length ? [round(Math.min(...ratios), 2), round(Math.max(...ratios), 2)] : undefined,
    ludiiAvgLength: round(ludiiLength),
    ludexAvgLength: round(ludexLength),
    lengthRatio: round(ludexLength / ludiiLength, 3),
    ludiiPlayouts: measures.reduce((a, m) => a + (m.ludii?.playouts ?? 0), 0),
    ludexPlayouts: measures.reduce((a, m) => a + (m.ludex?.playouts ?? 0), 0),
    measures,
  };
}

/**
 * Whether a game's playouts are not of the same length on both sides: Ludex's mean more than 5% from
 * Ludii's statistics (reference.json: hundreds of games or more; where Ludii lists some moves twice,
 * its figures with each move picked once, which is what Ludex plays) and further than twice their 95%
 * interval (room for our own sample's error: some games' lengths have long tails), or more than 10%
 * from Ludii's bench where that played at least 100 playouts.
 */
const lengthsDiffer = (g) => {
  const stats = g.ludiiDistinctLength ?? g.ludiiStatsLength;
  const off = stats ? Math.abs(g.ludexAvgLength - stats) : 0;
  return (off > 0.05 * stats && off > 2 * (g.ludiiStatsHalfCI ?? 0)) || (g.ludiiPlayouts >= 100 && Math.abs(g.lengthRatio - 1) > 0.1);
};

function write() {
  const compared = run.games.filter((g) => g.ratio != null);
  const ratios = compared.map((g) => g.ratio);
  run.medianRatio = round(median(ratios), 2);
  run.below10x = compared.filter((g) => g.ratio < 10).map((g) => g.name);
  run.lengthsDiffer = compared.filter(lengthsDiffer).map((g) => g.name);
  writeFileSync(`${out}.json`, `${JSON.stringify(run, null, 1)}\n`);
  const lines = [
    `# Ludex (${run.ludexCommit}) against Ludii 1.3.12, playouts per CPU second`,
    "",
    `${run.date}; ${run.rounds} round(s) of ${run.secondsPerMeasure} s per system and game (Ludii after a ${run.ludiiWarmup} s warm-up in its own JVM, Ludex after its own), interleaved game by game; ${run.node}, ${run.java}; load at start ${run.loadAtStart}.`,
    "Ludii: playouts per CPU second of its benchmark thread (LudiiBenchCpu); Ludex: per CPU second of its whole process. Each figure is the median of the rounds, the ratio the median of the rounds' ratios (range in brackets); per decision: the same of decisions per CPU second (playouts x their mean length), which differs where the two sides' playouts in the window differ in length. Mean lengths in decisions, forced passes included, on both sides: Ludii's in the bench's playouts (how many: n) and in its statistics (test/ludii/reference.json), Ludex's in the bench's playouts. (c): Ludii plays the game with a playout loop of its own (customPlayouts), faster than listing every legal move at each decision.",
    ...(run.remeasured ? [`Measured again later (${run.remeasured.date}), each row says its window and rounds: ${run.remeasured.games.join(", ")}.`] : []),
    "",
    "| game | Ludii game | Ludii playouts/CPU s | Ludex playouts/CPU s | Ludex / Ludii | per decision | Ludii mean length: bench (n), statistics | Ludex mean length |",
    "|---|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const g of [...compared].sort((a, b) => a.ratio - b.ratio)) {
    const range = g.ratioRange && g.ratioRange[0] !== g.ratioRange[1] ? ` (${num(g.ratioRange[0], 2)}-${num(g.ratioRange[1], 2)})` : "";
    const flag = lengthsDiffer(g) ? " **!**" : "";
    const again = run.remeasured?.games.includes(g.name) ? ` (${g.seconds} s x ${g.rounds})` : "";
    lines.push(`| ${g.title}${again} | ${g.lud}${g.ludiiOptions.length ? ` ${g.ludiiOptions.join(", ")}` : ""}${g.ludiiCustomPlayouts ? " (c)" : ""} | ${num(g.ludiiPlayoutsPerCpuSec, 1)} | ${num(g.ludexPlayoutsPerCpuSec, 1)} | **${num(g.ratio, 2)}x**${range} | ${num(g.decisionRatio, 2)}x | ${num(g.ludiiAvgLength, 1)} (${g.ludiiPlayouts}), ${num(g.ludiiStatsLength, 1)}${g.ludiiDistinctLength ? ` (${num(g.ludiiDistinctLength, 1)} each move once)` : ""} ± ${num(g.ludiiStatsHalfCI, 1)} | ${num(g.ludexAvgLength, 1)}${flag} |`);
  }
  for (const g of run.games.filter((g) => g.ratio == null)) {
    const why = g.notInLudii ?? `not measured: ${g.measures.map((m) => m.ludii?.error ?? m.ludex?.error).filter(Boolean)[0] ?? "?"}`;
    lines.push(`| ${g.title} | — (${why}) | — | ${num(g.ludexPlayoutsPerCpuSec, 1)} | — | — | — | ${num(g.ludexAvgLength, 1)} |`);
  }
  lines.push(
    "",
    `Median ratio over the ${compared.length} games Ludii plays: **${num(run.medianRatio, 2)}x**. Below 10x: ${run.below10x.length ? run.below10x.join(", ") : "none"}.`,
    run.lengthsDiffer.length ? `Mean lengths apart (**!**: Ludex's more than 5% and twice the 95% interval from Ludii's statistics, or 10% from Ludii's bench of 100 playouts or more): ${run.lengthsDiffer.join(", ")}.` : "Mean lengths agree for every game compared (Ludex's within 5% or twice the 95% interval of Ludii's statistics, and within 10% of Ludii's bench where it played 100 playouts or more).",
    "",
    "## Commands",
    "",
    `\`node test/ludii/speed-table.mjs ${sh(run.ludexDir)} --seconds ${run.secondsPerMeasure} --warmup ${run.ludiiWarmup} --rounds ${run.rounds}\` ran, for each game and round:`,
    "",
  );
  for (const g of run.games) {
    lines.push(`- ${g.title}:`);
    if (g.ludiiCommand) lines.push(`  - \`${g.ludiiCommand}\``);
    lines.push(`  - \`${g.ludexCommand}\``);
  }
  writeFileSync(`${out}.md`, `${lines.join("\n")}\n`);
}

if (reportOnly) {
  write();
  process.exit(0);
}
console.error(`${games.length} games, ${rounds} round(s) of ${seconds} s each side; output ${out}.{json,md}`);
for (const g of games) {
  const measures = [];
  for (let r = 0; r < rounds; r++) {
    const m = { round: r + 1, loadBefore: load() };
    const order = r % 2 === 0 ? ["ludii", "ludex"] : ["ludex", "ludii"];
    for (const side of order) {
      if (side === "ludii" && g.lud) m.ludii = runLudii(g);
      if (side === "ludex") m.ludex = runLudex(g);
    }
    measures.push(m);
    if (!g.lud) break; // nothing to interleave with: one measure is enough
  }
  const s = summarise(g, measures);
  const at = run.games.findIndex((old) => old.name === g.name);
  if (at >= 0) run.games[at] = s;
  else run.games.push(s);
  write();
  console.error(`${g.name}: Ludii ${s.ludiiPlayoutsPerCpuSec ?? "—"}, Ludex ${s.ludexPlayoutsPerCpuSec ?? "—"} playouts/CPU s, ratio ${s.ratio ?? "—"}; lengths ${s.ludiiAvgLength ?? "—"} / ${s.ludexAvgLength ?? "—"}${measures.some((m) => m.ludii?.error || m.ludex?.error) ? `; errors: ${measures.map((m) => m.ludii?.error ?? m.ludex?.error).filter(Boolean).join("; ")}` : ""}`);
}
console.error(`median ratio ${run.medianRatio}x; below 10x: ${run.below10x.join(", ") || "none"}`);
