/**
 * `ludex list` and `ludex info NAME`: the built-in games, what they are, who plays them, their
 * options, and their rules for players.
 */
import type { Command } from "commander";
import { CliError, examples, out } from "./common.js";

interface JsonFlag {
  json?: boolean;
}

export function registerList(program: Command): void {
  const cmd = program
    .command("list")
    .description("list the built-in games: name, title, players, options and what each game is")
    .option("--json", "print the list as JSON (format ludex-games/1)");
  examples(cmd, ["ludex list", "ludex list --json"]);
  cmd.action(async (opts: JsonFlag) => {
    const { listBuiltinGames, playersText } = await import("../library/catalog.js");
    const { games, errors } = listBuiltinGames();
    for (const e of errors) process.stderr.write(`ludex: built-in game '${e.name}' is broken: ${e.message}\n`);
    if (opts.json) {
      out(JSON.stringify({ format: "ludex-games/1", games }, null, 2));
    } else {
      const rows = games.map((g) => [g.name, g.title, playersText(g.players), g.options.map((o) => `${o.name}=${String(o.default)}`).join(" ") || "-"]);
      const head = ["name", "title", "players", "options (defaults)"];
      const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
      const line = (cells: string[]) => cells.map((c, i) => (i < cells.length - 1 ? c.padEnd(widths[i]!) : c)).join("  ").trimEnd();
      out(line(head));
      games.forEach((g, k) => {
        out(line(rows[k]!));
        if (g.summary) out(`  ${g.summary}`);
      });
      out(`\n${games.length} games. \`ludex info NAME\` shows a game's options and rules; \`ludex play NAME\` plays it.`);
    }
    if (errors.length) throw new CliError("", 1);
  });
}

export function registerInfo(program: Command): void {
  const cmd = program
    .command("info")
    .description("a game's players, options (with their ranges and documentation) and its rules for players")
    .argument("<game>", "a built-in game name (see `ludex list`) or a description file (.game)")
    .option("--json", "print the information as JSON (format ludex-game-info/1), the rules document as markdown text");
  examples(cmd, ["ludex info NAME", "ludex info NAME --json", "ludex info my/variant.game"]);
  cmd.action(async (ref: string, opts: JsonFlag) => {
    const { gameInfo, playersText } = await import("../library/catalog.js");
    const { builtinRulesText } = await import("../library/builtin.js");
    let info;
    try {
      info = gameInfo(ref);
    } catch (e) {
      throw new CliError((e as Error).message);
    }
    const rules = info.builtin ? builtinRulesText(info.name) : undefined;
    if (opts.json) {
      out(JSON.stringify({ format: "ludex-game-info/1", ...info, rules: rules ?? null }, null, 2));
      return;
    }
    out(`${info.title} (${info.builtin ? `built-in game '${info.name}'` : info.file})`);
    if (info.summary) out(info.summary);
    out(`Players: ${playersText(info.players)}${info.players.option ? ` (option ${info.players.option}, default ${info.players.default})` : ""}`);
    if (info.hiddenInformation) out("Hidden information: some pieces are face down; each player sees only their own observation.");
    if (info.options.length) {
      out("Options (set with --option NAME=VALUE):");
      for (const o of info.options) {
        const range = [o.min !== undefined ? `min ${o.min}` : "", o.max !== undefined ? `max ${o.max}` : "", o.values ? `one of ${o.values.join(", ")}` : ""].filter(Boolean).join(", ");
        out(`  ${o.name}  default ${String(o.default)}${range ? `; ${range}` : ""}`);
        if (o.doc) out(wrap(o.doc, 76, "      "));
      }
    } else out("Options: none");
    out(`Play it: ludex play ${info.name}`);
    if (rules) out(`\n${rules.trimEnd()}`);
    else if (info.builtin) out("\n(No rules document ships with this game.)");
  });
}

function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines.join("\n");
}
