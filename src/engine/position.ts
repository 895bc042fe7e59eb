/**
 * Positions as plain JSON (the `position` object of the scenario format, also read by
 * `ludex legal --position`): loading one into a State, and describing a State's sites the same way.
 * Problems are collected with the JSON path that caused them, never thrown mid-way.
 */
import type { Game } from "./game.js";
import { EMPTY, NEUTRAL, UNKNOWN_OWNER, UNKNOWN_PIECE, type State } from "./state.js";
import { siteIndex } from "./topology.js";

export interface SitePiece {
  owner?: string;
  piece: string;
  height?: number;
  flags?: string[];
}

export interface Position {
  sites?: Record<string, SitePiece>;
  mover?: string;
  actionInTurn?: number;
  actionsInTurn?: number;
  supply?: Record<string, number>;
  scores?: Record<string, number>;
  markers?: Record<string, Record<string, string[]>>;
  counters?: Record<string, number>;
}

export class PositionError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
  }
}

/** Seat name `P1`..`Pn` to index, or -1. */
export function playerIndex(game: Game, name: unknown): number {
  if (typeof name !== "string") return -1;
  const m = /^P(\d+)$/.exec(name);
  const i = m ? Number(m[1]) - 1 : -1;
  return i >= 0 && i < game.playerCount ? i : -1;
}

export function playerName(p: number): string {
  return `P${p + 1}`;
}

/** Builds the state a position describes: the moment just before `mover` acts. */
export function loadPosition(game: Game, pos: unknown, seed = 0): State {
  const problems: string[] = [];
  const s = game.emptyState(seed);
  const def = game.def;
  if (!isObject(pos)) throw new PositionError(["the position must be a JSON object"]);
  const known = ["sites", "mover", "actionInTurn", "actionsInTurn", "supply", "scores", "markers", "counters"];
  for (const k of Object.keys(pos)) if (!known.includes(k)) problems.push(`position.${k}: unknown field (expected one of ${known.join(", ")})`);

  const sites = pos.sites ?? {};
  if (!isObject(sites)) problems.push("position.sites: must be an object from site label to piece");
  else {
    for (const [label, raw] of Object.entries(sites)) {
      const at = `position.sites.${label}`;
      const site = siteIndex(game.topology, label);
      if (site < 0) {
        problems.push(`${at}: the board has no site '${label}'`);
        continue;
      }
      if (s.owner[site] !== EMPTY) {
        problems.push(`${at}: site ${game.topology.labels[site]} is given twice (labels are case-insensitive)`);
        continue;
      }
      const placed = readSitePiece(game, raw, at, problems);
      if (placed) s.put(site, placed.owner, placed.piece, placed.height, placed.flags);
    }
  }

  s.mover = 0;
  if (pos.mover !== undefined) {
    const m = playerIndex(game, pos.mover);
    if (m < 0) problems.push(`position.mover: '${String(pos.mover)}' is not a player (P1..P${game.playerCount})`);
    else s.mover = m;
  }
  s.actionsInTurn = def.turn.actions;
  s.actionInTurn = 1;
  if (pos.actionsInTurn !== undefined) s.actionsInTurn = positiveInt(pos.actionsInTurn, "position.actionsInTurn", problems) ?? s.actionsInTurn;
  if (pos.actionInTurn !== undefined) s.actionInTurn = positiveInt(pos.actionInTurn, "position.actionInTurn", problems) ?? 1;
  if (s.actionInTurn > s.actionsInTurn) problems.push(`position.actionInTurn: ${s.actionInTurn} is beyond actionsInTurn ${s.actionsInTurn}`);
  s.turn = 2; // a loaded position is never the game's first turn
  readPerPlayer(game, pos.scores, "position.scores", problems, s.score);
  // Without a supply the position has the game's usual one: what is neither on the board nor scored.
  if (pos.supply === undefined) game.fillSupplies(s);
  else readPerPlayer(game, pos.supply, "position.supply", problems, s.supply);

  if (pos.counters !== undefined) {
    if (!isObject(pos.counters)) problems.push("position.counters: must be an object from counter name to number");
    else
      for (const [name, v] of Object.entries(pos.counters)) {
        const i = def.counters.indexOf(name);
        if (i < 0) problems.push(`position.counters.${name}: no such counter (${def.counters.join(", ") || "this game has none"})`);
        else if (!Number.isInteger(v)) problems.push(`position.counters.${name}: must be a whole number`);
        else s.counters[i] = v as number;
      }
  }
  if (pos.markers !== undefined) {
    if (!isObject(pos.markers)) problems.push("position.markers: must be an object");
    else
      for (const [name, perPlayer] of Object.entries(pos.markers)) {
        const m = def.markers.indexOf(name);
        if (m < 0) {
          problems.push(`position.markers.${name}: no such marker (${def.markers.join(", ") || "this game has none"})`);
          continue;
        }
        if (!isObject(perPlayer)) continue;
        for (const [pl, list] of Object.entries(perPlayer)) {
          const p = playerIndex(game, pl);
          if (p < 0 || !Array.isArray(list)) {
            problems.push(`position.markers.${name}.${pl}: expected a player and a list of sites`);
            continue;
          }
          for (const label of list) {
            const site = siteIndex(game.topology, String(label));
            if (site < 0) problems.push(`position.markers.${name}.${pl}: no site '${String(label)}'`);
            else s.markers[s.markerIndex(m, p, site)] = 1;
          }
        }
      }
  }
  if (problems.length) throw new PositionError(problems);
  s.touch();
  return s;
}

function readSitePiece(game: Game, raw: unknown, at: string, problems: string[]): { owner: number; piece: number; height: number; flags: number } | undefined {
  const def = game.def;
  if (!isObject(raw)) {
    problems.push(`${at}: expected {"piece": ..., "owner": "P1"}`);
    return undefined;
  }
  for (const k of Object.keys(raw)) if (!["owner", "piece", "height", "flags"].includes(k)) problems.push(`${at}.${k}: unknown field (owner, piece, height, flags)`);
  const piece = def.pieces.findIndex((p) => p.name === raw.piece);
  if (piece < 0) {
    problems.push(`${at}.piece: '${String(raw.piece)}' is not a piece of this game (${def.pieces.map((p) => p.name).join(", ")})`);
    return undefined;
  }
  let owner = NEUTRAL;
  if (raw.owner !== undefined) {
    owner = playerIndex(game, raw.owner);
    if (owner < 0) {
      problems.push(`${at}.owner: '${String(raw.owner)}' is not a player (P1..P${game.playerCount})`);
      return undefined;
    }
  }
  const height = raw.height === undefined ? 1 : positiveInt(raw.height, `${at}.height`, problems) ?? 1;
  let flags = 0;
  if (raw.flags !== undefined) {
    if (!Array.isArray(raw.flags)) problems.push(`${at}.flags: must be a list of flag names`);
    else
      for (const f of raw.flags) {
        const bit = def.flags.indexOf(String(f));
        if (bit < 0) problems.push(`${at}.flags: '${String(f)}' is not a flag of this game (${def.flags.join(", ") || "it has none"})`);
        else flags |= 1 << bit;
      }
  }
  return { owner, piece, height, flags };
}

function readPerPlayer(game: Game, v: unknown, at: string, problems: string[], into: Int32Array): void {
  if (v === undefined) return;
  if (!isObject(v)) {
    problems.push(`${at}: must be an object from player (P1..) to number`);
    return;
  }
  for (const [pl, n] of Object.entries(v)) {
    const p = playerIndex(game, pl);
    if (p < 0) problems.push(`${at}.${pl}: not a player (P1..P${game.playerCount})`);
    else if (!Number.isInteger(n)) problems.push(`${at}.${pl}: must be a whole number`);
    else into[p] = n as number;
  }
}

function positiveInt(v: unknown, at: string, problems: string[]): number | undefined {
  if (Number.isInteger(v) && (v as number) >= 1) return v as number;
  problems.push(`${at}: must be a whole number >= 1`);
  return undefined;
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The piece on a site in position form, or null when empty. */
export function describeSite(game: Game, s: State, site: number): SitePiece | null {
  const owner = s.owner[site]!;
  if (owner === EMPTY) return null;
  // In an observation, a face-down piece shows neither its type nor its owner.
  const out: SitePiece = { piece: s.piece[site] === UNKNOWN_PIECE ? "unknown" : game.def.pieces[s.piece[site]!]!.name };
  if (owner !== NEUTRAL && owner !== UNKNOWN_OWNER) out.owner = playerName(owner);
  out.height = s.height[site]!;
  const flags: string[] = [];
  const shown = s.flags[site]! & ~game.def.internalFlags;
  game.def.flags.forEach((f, bit) => shown & (1 << bit) && flags.push(f));
  out.flags = flags;
  return out;
}

/** The whole state as a position object (sites, turn, counters, supply and scores). */
export function toPosition(game: Game, s: State): Position {
  const sites: Record<string, SitePiece> = {};
  for (let i = 0; i < game.topology.n; i++) {
    const d = describeSite(game, s, i);
    if (d) sites[game.topology.labels[i]!] = d;
  }
  const perPlayer = (a: Int32Array) => Object.fromEntries(Array.from(a, (v, p) => [playerName(p), v]));
  const pos: Position = { sites, mover: playerName(s.mover), actionInTurn: s.actionInTurn, actionsInTurn: s.actionsInTurn };
  if (game.def.counters.length) pos.counters = Object.fromEntries(game.def.counters.map((c, i) => [c, s.counters[i]!]));
  pos.supply = perPlayer(s.supply);
  pos.scores = perPlayer(s.score);
  return pos;
}
