/**
 * A board as SVG: the sites where the topology draws them, the lines that join them (one per pair
 * of neighbours), the coordinates, and each piece by owner and type with its stack height and
 * flags. Pure text, so the browser app draws with it and tests read it in Node.
 *
 * Every site and piece carries data attributes (`data-site`, `data-owner`, `data-piece`,
 * `data-height`, `data-flags`) saying exactly what is there, as the state does: tests compare the
 * drawing with the engine, and the app finds what was clicked. A face-down piece carries neither
 * owner nor type: the drawing of an observation never holds an identity its viewer may not see.
 */
import type { Game } from "../engine/play/game.js";
import { EMPTY, NEUTRAL, UNKNOWN_OWNER, UNKNOWN_PIECE, type State } from "../engine/state/state.js";
import { CELLS_BY_DEFAULT, everyDirection, shapeAspect as aspect } from "../engine/board/topology.js";
import { seatLabel } from "./seats.js";
import { isMarked } from "./text.js";

/** Colours of the seats, P1 first (after the sixth they repeat), for seats not named after a colour. */
const SEAT_COLOURS = ["#f4f1e8", "#2b2b2b", "#c0392b", "#2e86c1", "#27ae60", "#d4ac0d"];
/** Seats named after a colour (Black, White, Red ...) are drawn in it. */
const NAMED_COLOURS: Record<string, string> = { white: "#f4f1e8", black: "#2b2b2b", red: "#c0392b", blue: "#2e86c1", green: "#27ae60", yellow: "#d4ac0d", orange: "#e67e22", purple: "#8e44ad" };

/** A seat's colour: its name's, if it is a colour, or the seat's place in SEAT_COLOURS. */
export function seatColour(game: Game, p: number): string {
  return NAMED_COLOURS[(game.def.players.names[p] ?? "").toLowerCase()] ?? SEAT_COLOURS[p % SEAT_COLOURS.length]!;
}

/** Dark ink on light pieces, light ink on dark ones. */
function inkOn(colour: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 150 ? "#2b2b2b" : "#f4f1e8";
}

/** Pixels between the two nearest joined sites. */
const UNIT = 56;
const MARGIN = 36;

export interface SvgOptions {
  /** Sites to highlight (legal targets, say), by index. */
  highlight?: ReadonlySet<number>;
  /** A selected site, by index, or -1. */
  selected?: number;
  /** Sites a move being chosen passes (landings clicked so far), by index. */
  visited?: readonly number[];
  /** Sites the last move started from, passed and reached, by index (shown until the next move). */
  lastMove?: readonly number[];
  /** The board turned half round: the seat drawn at the bottom is then the last, not the first (a person playing P2). */
  flip?: boolean;
  /** Piece types in the hand of the player to act that a click may take up (to drop), by name. */
  handTargets?: ReadonlySet<string>;
  /** The piece type taken up from that hand, by name, or none. */
  handSelected?: string | null;
}

const escape = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The scale that puts the two nearest joined sites UNIT pixels apart. */
function scaleOf(game: Game): number {
  const topo = game.topology, n = topo.n;
  const [ax, ay] = aspect(topo.shape);
  let nearest = Infinity;
  for (let d = 0; d < everyDirection(topo); d++) {
    for (let site = 0; site < n; site++) {
      const t = topo.step[d * n + site]!;
      if (t < 0) continue;
      const dist = Math.hypot((topo.drawX[t]! - topo.drawX[site]!) * ax, (topo.drawY[t]! - topo.drawY[site]!) * ay);
      if (dist > 0 && dist < nearest) nearest = dist;
    }
  }
  return nearest === Infinity ? UNIT : UNIT / nearest;
}

/**
 * The symbol drawn on a piece: its type's (or its seat's) symbol. A game with one kind of piece
 * and no symbols of its own (stones) draws none: the colour says all.
 */
function symbolOf(game: Game, piece: number, owner: number): string {
  const type = game.def.pieces[piece]!;
  if (type.symbols) return type.symbols[owner]!.slice(0, 3);
  return game.def.pieces.length === 1 ? "" : type.symbol.slice(0, 3);
}

export function renderBoardSvg(game: Game, s: State, opts: SvgOptions = {}): string {
  const topo = game.topology, n = topo.n;
  const k = scaleOf(game);
  const [ax, ay] = aspect(topo.shape);
  const kx = k * ax, ky = k * ay;
  let maxX = 0, maxY = 0;
  for (let i = 0; i < n; i++) {
    maxX = Math.max(maxX, topo.drawX[i]! * kx);
    maxY = Math.max(maxY, topo.drawY[i]! * ky);
  }
  // Players' hands: a tray for each seat, the bottom seat's below the board and the others' above it.
  const trays = game.def.hand ? trayOrder(game.playerCount, opts.flip === true) : null;
  const above = trays ? (trays.length - 1) * TRAY : 0;
  // Turned half round, the last row and column come first.
  const flip = opts.flip === true;
  const drawing = game.def.presentation.boardDrawing;
  const style = boardStyle(topo.shape, drawing);
  // Triangles reach further from their centres than the margin: their corners, UNIT from the centre.
  const pad = style === "triangles" ? UNIT - MARGIN + 4 : 0;
  maxX += 2 * pad;
  maxY += 2 * pad;
  const x = (i: number) => MARGIN + pad + (flip ? maxX - 2 * pad - topo.drawX[i]! * kx : topo.drawX[i]! * kx);
  const y = (i: number) => MARGIN + pad + above + (flip ? maxY - 2 * pad - topo.drawY[i]! * ky : topo.drawY[i]! * ky);
  // Hexagons pointed at top and bottom when rows run east-west, flat when columns run north-south.
  const hexTurn = topo.shape === "hex-columns" ? 0 : 30;
  // Room on the right for the label of a store at the end of the rows.
  const width = maxX + 2 * MARGIN + (style === "pits" ? MARGIN : 0), height = maxY + 2 * MARGIN + (trays ? trays.length * TRAY : 0);
  // On a board with edges and faces the places stand closer than its points (half a line apart on
  // squares, less on triangles): rings small enough that none covers another.
  const places = topo.points !== undefined;
  const r = places ? Math.min(UNIT * 0.2, nearestSites(topo, kx, ky) / 2.2) : UNIT * 0.38;
  const out: string[] = [];
  // A grid of cells drawn as points is ruled in rows and columns only, no diagonals (pieces on the crossings).
  const ruled = (d: number) => !(drawing === "points" && topo.shape === "square-diagonals" && topo.dirNames[d]!.length === 2);
  // --ratio: the board's width over its height, for a page that sizes it to fit the window.
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" class="board ${style}" viewBox="0 0 ${round(width)} ${round(height)}" style="--ratio:${Math.round((width / height) * 1e4) / 1e4}" role="img" aria-label="${escape(game.name)} board">`);
  if (style === "squares") {
    // Square cells, shaded like a chequerboard.
    out.push('<g class="cells">');
    // The board's own cells (not the edges between them, on a board with places).
    for (let i = 0; i < (topo.points ?? n); i++) {
      const dark = (Math.round((topo.drawX[i]! * kx) / UNIT) + Math.round((topo.drawY[i]! * ky) / UNIT)) % 2 === 1;
      out.push(`<rect class="${dark ? "dark" : "light"}" x="${round(x(i) - UNIT / 2)}" y="${round(y(i) - UNIT / 2)}" width="${UNIT}" height="${UNIT}"/>`);
    }
    out.push("</g>");
  } else if (style === "hexagons") {
    // Hexagonal cells, each as wide as two neighbours' centres are apart.
    out.push('<g class="cells">');
    for (let i = 0; i < (topo.points ?? n); i++) out.push(`<polygon points="${hexCorners(x(i), y(i), UNIT / Math.sqrt(3), hexTurn)}"/>`);
    out.push("</g>");
  } else if (style === "triangles") {
    // Triangular cells, two colours: those pointing up and those pointing down (their centres a third of a row's height off their sides).
    const up = new Set(topo.regions.get("upward") ?? []);
    out.push('<g class="cells">');
    for (let i = 0; i < n; i++) out.push(`<polygon class="${up.has(i) ? "light" : "dark"}" points="${triangleCorners(x(i), y(i), UNIT, up.has(i) !== flip)}"/>`);
    out.push("</g>");
  } else if (style === "pits") {
    // A mancala board: a hollow for each pit, and the stores as long hollows spanning the rows.
    const stores = new Set(topo.regions.get("stores") ?? []);
    let top = Infinity, bottom = -Infinity;
    for (let i = 0; i < n; i++) {
      if (stores.has(i)) continue;
      top = Math.min(top, y(i));
      bottom = Math.max(bottom, y(i));
    }
    const R = UNIT * 0.44;
    out.push('<g class="cells">');
    for (let i = 0; i < n; i++) {
      if (stores.has(i)) out.push(`<rect class="store" x="${round(x(i) - R)}" y="${round(top - R)}" width="${round(2 * R)}" height="${round(bottom - top + 2 * R)}" rx="${round(R)}"/>`);
      else out.push(`<circle class="pit" cx="${round(x(i))}" cy="${round(y(i))}" r="${round(R)}"/>`);
    }
    out.push("</g>");
  } else {
    // The lines: each join once.
    out.push('<g class="lines">');
    for (let d = 0; d < everyDirection(topo); d++) {
      if (!ruled(d)) continue;
      for (let site = 0; site < n; site++) {
        const t = topo.step[d * n + site]!;
        if (t > site) out.push(`<line x1="${round(x(site))}" y1="${round(y(site))}" x2="${round(x(t))}" y2="${round(y(t))}"/>`);
      }
    }
    // A board of lines other than a grid's (a mill board, a wheel, a graph) marks its points: a corner
    // or a line's end is a place to play too, not only where lines cross.
    if (!/^(square|hex)/.test(topo.shape)) for (let site = 0; site < n; site++) out.push(`<circle class="point" cx="${round(x(site))}" cy="${round(y(site))}" r="${round(r * 0.18)}"/>`);
    out.push("</g>");
  }
  // Places taken: a face filled in its owner's colour, an edge drawn over in it.
  if (places) out.push(placesSvg(game, s, x, y, style === "squares" || style === "hexagons"));
  // Sites the board marks (a throne, refuges, the star points of a board of lines): a cross in a cell, a dot on a point.
  const marked = game.def.presentation.markedSites;
  if (marked.length) {
    out.push('<g class="marks">');
    for (const i of marked) {
      if (style === "squares" || style === "hexagons" || style === "triangles") {
        const d = UNIT * 0.32;
        out.push(`<path class="mark" d="M${round(x(i) - d)},${round(y(i) - d)}L${round(x(i) + d)},${round(y(i) + d)}M${round(x(i) - d)},${round(y(i) + d)}L${round(x(i) + d)},${round(y(i) - d)}"/>`);
      } else out.push(`<circle class="mark" cx="${round(x(i))}" cy="${round(y(i))}" r="${round(r * 0.2)}"/>`);
    }
    out.push("</g>");
  }
  // Each seat's own sites (its sides to join, its home): edged in the seat's colour, and in the
  // colour's ink so that a light seat's shows on a light board. On cells, a frame inside the cell;
  // on points and pits, a thin ring (a thick one looked like a piece); a site of two seats gets
  // both, one inside the other.
  const zones = game.def.presentation.seatZones;
  if (zones.some((sites) => sites.length)) {
    out.push('<g class="zones">');
    const rings = new Map<number, number>();
    const stores = new Set(topo.regions.get("stores") ?? []);
    zones.forEach((sites, p) => {
      const colour = seatColour(game, p), ink = inkOn(colour);
      for (const i of sites) {
        if (style === "pits" && stores.has(i)) continue; // a store is its seat's by its place at the row's end
        const k = rings.get(i) ?? 0;
        rings.set(i, k + 1);
        const attrs = `class="zone" data-seat="P${p + 1}" fill="none"`;
        if (style === "hexagons") {
          const corners = hexCorners(x(i), y(i), UNIT / Math.sqrt(3) - 4 - 5 * k, hexTurn);
          out.push(`<polygon ${attrs} points="${corners}" stroke="${ink}" stroke-width="4" stroke-opacity=".5"/><polygon points="${corners}" fill="none" stroke="${colour}" stroke-width="2.5"/>`);
        } else if (style === "squares") {
          const h = UNIT / 2 - 3 - 5 * k;
          const box = `x="${round(x(i) - h)}" y="${round(y(i) - h)}" width="${round(2 * h)}" height="${round(2 * h)}"`;
          out.push(`<rect ${attrs} ${box} stroke="${ink}" stroke-width="4" stroke-opacity=".5"/><rect ${box} fill="none" stroke="${colour}" stroke-width="2.5"/>`);
        } else {
          // Thin, so that an empty site of a seat does not look like a piece (and not dashed:
          // dashes cost the browser's painting time at every redraw, on boards of many zones).
          const rr = round((style === "pits" ? UNIT * 0.47 : r * 1.12) - 4 * k);
          out.push(`<circle ${attrs} cx="${round(x(i))}" cy="${round(y(i))}" r="${rr}" stroke="${ink}" stroke-width="3" stroke-opacity=".4"/><circle cx="${round(x(i))}" cy="${round(y(i))}" r="${rr}" fill="none" stroke="${colour}" stroke-width="1.8"/>`);
        }
      }
    });
    out.push("</g>");
  }
  // The tracks of the seat to act (and those every seat shares): the way its pieces go, arrows
  // at each turn. Only the mover's, so that several seats' tracks over the same squares do not
  // hide one another; each seat's set a little aside, so a shared stretch shows both.
  const tracks = game.def.presentation.tracks.filter((t) => t.seat === -1 || t.seat === s.mover);
  if (tracks.length) {
    out.push('<g class="tracks">');
    for (const t of tracks) {
      const colour = t.seat < 0 ? "#7a6f5a" : seatColour(game, t.seat), ink = t.seat < 0 ? colour : inkOn(colour);
      const id = `track-${t.seat + 1}-${escape(t.name)}`;
      const aside = t.seat < 0 ? 0 : (t.seat - (game.playerCount - 1) / 2) * 6;
      const points = [...t.sites, ...(t.loop ? [t.sites[0]!] : [])].map((i) => `${round(x(i) + aside)},${round(y(i) + aside)}`).join(" ");
      out.push(
        `<marker id="${id}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" markerHeight="5" orient="auto"><path d="M1,1L9,5L1,9z" fill="${colour}" stroke="${ink}" stroke-width="1"/></marker>` +
          `<polyline class="track" data-seat="${t.seat < 0 ? "all" : `P${t.seat + 1}`}" data-track="${escape(t.name)}" points="${points}" fill="none" stroke="${colour}" marker-mid="url(#${id})" marker-end="url(#${id})"/>`,
      );
    }
    out.push("</g>");
  }
  // The pieces; a royal piece under attack (the king in check) ringed in red.
  const checked = game.def.presentation.inCheck(s);
  out.push('<g class="pieces">');
  for (let i = 0; i < n; i++) {
    const owner = s.owner[i]!;
    if (owner === EMPTY) continue;
    if (checked.includes(i)) out.push(`<circle class="check" cx="${round(x(i))}" cy="${round(y(i))}" r="${round(r * 1.18)}"/>`);
    out.push(style === "pits" && owner === NEUTRAL ? seedsSvg(game, s, i, x(i), y(i), r) : pieceSvg(game, s, i, x(i), y(i), r));
  }
  out.push("</g>");
  if (trays) out.push(handsSvg(game, s, trays, width, maxY + 2 * MARGIN, r, opts));
  // The sites over the pieces (transparent but for highlights, rings and coordinates), so that
  // targets, the selection and the keyboard's focus show on occupied sites too.
  // A coordinate in its cell's corner; on a board of points, centred under its point, where no
  // other point stands (beside it, it read as the label of the point next to it).
  // On a triangle, between the piece and the corner it points to (a cell's side is shared with the next row's cell).
  const upward = style === "triangles" ? new Set(topo.regions.get("upward") ?? []) : null;
  const coord = (i: number, label: string) =>
    style === "lines"
      ? `<text class="coord" x="${round(x(i))}" y="${round(y(i) + r + 9)}" text-anchor="middle">${escape(label)}</text>`
      : upward
        ? `<text class="coord" x="${round(x(i))}" y="${round(y(i) + (upward.has(i) !== flip ? -r * 1.1 : r * 1.5))}" text-anchor="middle">${escape(label)}</text>`
        : `<text class="coord" x="${round(x(i) + r * 0.7)}" y="${round(y(i) + r * 1.25)}">${escape(label)}</text>`;
  out.push('<g class="sites">');
  for (let i = 0; i < n; i++) {
    const label = topo.labels[i]!;
    const classes = ["site"];
    if (opts.highlight?.has(i)) classes.push("target");
    if (opts.selected === i) classes.push("selected");
    if (opts.visited?.includes(i)) classes.push("visited");
    if (opts.lastMove?.includes(i)) classes.push("last");
    if (s.owner[i] === EMPTY && isMarked(s, i)) classes.push("marked");
    out.push(`<g class="${classes.join(" ")}" data-site="${escape(label)}" tabindex="-1" role="button" aria-label="${escape(siteName(game, s, i))}"><circle cx="${round(x(i))}" cy="${round(y(i))}" r="${round(r)}"/>${coord(i, label)}</g>`);
  }
  out.push("</g></svg>");
  return out.join("");
}

/** The corners of a triangle about its centre (cx, cy), `R` from it, pointing up or down, as SVG points (y downwards). */
function triangleCorners(cx: number, cy: number, R: number, up: boolean): string {
  return (up ? [-90, 30, 150] : [90, -30, -150]).map((a) => (a * Math.PI) / 180).map((a) => `${round(cx + R * Math.cos(a))},${round(cy + R * Math.sin(a))}`).join(" ");
}

/** The corners of a hexagon of radius `R` about (cx, cy), turned by `turn` degrees, as SVG points. */
function hexCorners(cx: number, cy: number, R: number, turn: number): string {
  return [0, 60, 120, 180, 240, 300].map((a) => ((a + turn) * Math.PI) / 180).map((a) => `${round(cx + R * Math.cos(a))},${round(cy + R * Math.sin(a))}`).join(" ");
}

/** The height of a seat's tray of pieces in hand. */
const TRAY = UNIT * 1.1;

/** The seats' trays from the top: every seat but the bottom one, then the bottom one (P1, or the last seat when turned). */
function trayOrder(players: number, flip: boolean): number[] {
  const seats = Array.from({ length: players }, (_, p) => p);
  const bottom = flip ? players - 1 : 0;
  return [...seats.filter((p) => p !== bottom), bottom];
}

/**
 * Each seat's pieces in hand, in a tray across the drawing: one piece of each type held, with how
 * many. The player to act takes one up by clicking it (`data-hand`, `data-piece`), then clicks where
 * it goes; the types they may drop are highlighted, the one taken up selected.
 */
function handsSvg(game: Game, s: State, trays: number[], width: number, boardHeight: number, r: number, opts: SvgOptions): string {
  const types = game.def.pieces.length;
  const out: string[] = ['<g class="hands">'];
  trays.forEach((p, k) => {
    // The top trays stack above the board, the bottom one below it.
    const top = k < trays.length - 1 ? k * TRAY : (trays.length - 1) * TRAY + boardHeight;
    const cy = top + TRAY / 2;
    const colour = seatColour(game, p);
    out.push(`<g class="hand" data-seat="P${p + 1}"><rect class="tray" x="${MARGIN / 2}" y="${round(top + 4)}" width="${round(width - MARGIN)}" height="${round(TRAY - 8)}" rx="6" stroke="${colour}"/>`);
    let placed = 0;
    for (let t = 0; t < types; t++) {
      const count = s.hand[p * types + t]!;
      if (count <= 0) continue;
      const type = game.def.pieces[t]!;
      const cx = MARGIN + r + placed++ * (2 * r + 14);
      const mine = p === s.mover;
      const classes = ["hand-piece"];
      // A piece that may be dropped is a Tab stop of its own (the keyboard's way to take it up).
      const droppable = mine && opts.handTargets?.has(type.name) === true;
      if (droppable) classes.push("target");
      if (mine && opts.handSelected === type.name) classes.push("selected");
      const ink = inkOn(colour);
      const many = count > 1 ? `<text class="count" x="${round(cx + r * 0.85)}" y="${round(cy - r * 0.7)}">${count}</text>` : "";
      out.push(
        `<g class="${classes.join(" ")}" data-hand="P${p + 1}" data-piece="${escape(type.name)}" data-count="${count}" tabindex="${droppable ? 0 : -1}" role="button" aria-label="${escape(`${seatLabel(game, p)}'s ${type.name} in hand${count > 1 ? `, ${count} of them` : ""}`)}">` +
          `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${colour}"/><text x="${round(cx)}" y="${round(cy)}" fill="${ink}">${escape(symbolOf(game, t, p))}</text>${many}</g>`,
      );
    }
    if (!placed) out.push(`<text class="empty-hand" x="${MARGIN}" y="${round(cy)}">${escape(seatLabel(game, p))}: nothing in hand</text>`);
    out.push("</g>");
  });
  out.push("</g>");
  return out.join("");
}

/** The distance between the two nearest sites as drawn (scaled by kx, ky): worked out once per board, not per drawing. */
const nearestByBoard = new WeakMap<Game["topology"], number>();
function nearestSites(topo: Game["topology"], kx: number, ky: number): number {
  const known = nearestByBoard.get(topo);
  if (known !== undefined) return known;
  let nearest = Infinity;
  for (let i = 0; i < topo.n; i++) {
    for (let j = i + 1; j < topo.n; j++) nearest = Math.min(nearest, Math.hypot((topo.drawX[i]! - topo.drawX[j]!) * kx, (topo.drawY[i]! - topo.drawY[j]!) * ky));
  }
  nearestByBoard.set(topo, nearest);
  return nearest;
}

/**
 * The taken places of a board with edges and faces, under the pieces: each face holding a piece
 * filled with its owner's colour, each edge holding one drawn as a thick line in it -- along the
 * line between its ends on a board of points, across it (the side two cells share: a wall) on a
 * board of cells.
 */
function placesSvg(game: Game, s: State, x: (i: number) => number, y: (i: number) => number, cells: boolean): string {
  const topo = game.topology, { start, list } = topo.incident!, points = topo.points!;
  const faces = topo.regions.get("faces") ?? new Int32Array(0), edges = topo.regions.get("edges") ?? new Int32Array(0);
  const colour = (i: number) => (s.owner[i]! >= 0 && s.owner[i]! < game.playerCount ? seatColour(game, s.owner[i]!) : "#888888");
  const out: string[] = ['<g class="places">'];
  for (const f of faces) {
    if (s.owner[f] === EMPTY) continue;
    // Its corners: the ends of its edges, in order round its centre.
    const corners = new Set<number>();
    for (let k = start[f]!; k < start[f + 1]!; k++) for (let j = start[list[k]!]!; j < start[list[k]! + 1]!; j++) if (list[j]! < points) corners.add(list[j]!);
    const round_ = [...corners].sort((a, b) => Math.atan2(y(a) - y(f), x(a) - x(f)) - Math.atan2(y(b) - y(f), x(b) - x(f)));
    out.push(`<polygon class="face" data-place="${escape(topo.labels[f]!)}" points="${round_.map((c) => `${round(x(c))},${round(y(c))}`).join(" ")}" fill="${colour(f)}" fill-opacity="0.45"/>`);
  }
  for (const e of edges) {
    if (s.owner[e] === EMPTY) continue;
    const [a, b] = [list[start[e]!]!, list[start[e]! + 1]!];
    // Across: the segment turned a quarter about its middle.
    const [mx, my, hx, hy] = cells ? [(x(a) + x(b)) / 2, (y(a) + y(b)) / 2, (y(b) - y(a)) / 2, (x(a) - x(b)) / 2] : [0, 0, 0, 0];
    const [x1, y1, x2, y2] = cells ? [mx - hx, my - hy, mx + hx, my + hy] : [x(a), y(a), x(b), y(b)];
    out.push(`<line class="edge" data-place="${escape(topo.labels[e]!)}" x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" stroke="${colour(e)}" stroke-width="6"/>`);
  }
  out.push("</g>");
  return out.join("");
}

/** A site in words, for screen readers: its label and what stands there, as the state shows it. */
function siteName(game: Game, s: State, site: number): string {
  const label = game.topology.labels[site]!;
  const owner = s.owner[site]!, h = s.height[site]!;
  if (owner === EMPTY) return label;
  const stack = h > 1 ? `, ${h} high` : "";
  if (owner === UNKNOWN_OWNER || s.piece[site] === UNKNOWN_PIECE) return `${label}: a face-down piece${stack}`;
  const type = game.def.pieces[s.piece[site]!]!.name;
  return `${label}: ${owner === NEUTRAL ? "" : `${seatLabel(game, owner)} `}${type}${stack}`;
}

function pieceSvg(game: Game, s: State, site: number, cx: number, cy: number, r: number): string {
  const owner = s.owner[site]!, label = escape(game.topology.labels[site]!);
  const h = s.height[site]!;
  const heightBadge = h > 1 ? `<text class="height" x="${round(cx + r * 0.75)}" y="${round(cy - r * 0.55)}">${h}</text>` : "";
  if (owner === UNKNOWN_OWNER || s.piece[site] === UNKNOWN_PIECE) {
    return `<g class="piece face-down" data-site="${label}" data-height="${h}"><circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}"/><text x="${round(cx)}" y="${round(cy)}">?</text>${heightBadge}</g>`;
  }
  const type = game.def.pieces[s.piece[site]!]!;
  if (owner === NEUTRAL) {
    return `<g class="piece neutral" data-site="${label}" data-piece="${escape(type.name)}" data-height="${h}"><rect x="${round(cx - r)}" y="${round(cy - r)}" width="${round(2 * r)}" height="${round(2 * r)}" rx="3"/>${heightBadge}</g>`;
  }
  // A concealing flag is drawn as a dashed outline (the piece is face down to the players), not named.
  const shown = s.flags[site]! & ~game.def.internalFlags;
  const flags = game.def.flags.filter((_, bit) => shown & (1 << bit) && !(game.def.concealFlags & (1 << bit)));
  const concealed = (s.flags[site]! & game.def.concealFlags) !== 0;
  const fill = seatColour(game, owner), ink = inkOn(fill);
  // Each flag a small badge on the piece's rim, its initial inside and its name as a tooltip: words
  // under the piece ran into the next site and past the board's edge.
  const flagText = flags
    .map((f, k) => {
      const a = ((-135 + 50 * k) * Math.PI) / 180, bx = round(cx + r * Math.cos(a)), by = round(cy + r * Math.sin(a));
      return `<g class="flag"><title>${escape(f)}</title><circle cx="${bx}" cy="${by}" r="${round(r * 0.3)}"/><text x="${bx}" y="${by}">${escape(f[0]!.toUpperCase())}</text></g>`;
    })
    .join("");
  const ring = flags.length ? ` stroke-width="3"` : "";
  return (
    `<g class="piece owner-${owner + 1}${concealed ? " concealed" : ""}" data-site="${label}" data-owner="P${owner + 1}" data-piece="${escape(type.name)}" data-height="${h}" data-flags="${escape(flags.join(" "))}">` +
    `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${fill}"${ring}/>` +
    `<text x="${round(cx)}" y="${round(cy)}" fill="${ink}">${escape(symbolOf(game, s.piece[site]!, owner))}</text>${heightBadge}${flagText}</g>`
  );
}

/** Seeds in a pit: up to a dozen drawn round its middle, and how many there are. */
function seedsSvg(game: Game, s: State, site: number, cx: number, cy: number, r: number): string {
  const label = escape(game.topology.labels[site]!), h = s.height[site]!, type = game.def.pieces[s.piece[site]!]!;
  const dots: string[] = [];
  const shown = Math.min(h, 12);
  for (let k = 0; k < shown; k++) {
    // Round the rim, never under the count in the middle (a lone seed too).
    const a = (2 * Math.PI * k) / shown - Math.PI / 2, d = r * 0.66;
    dots.push(`<circle class="seed" cx="${round(cx + d * Math.cos(a))}" cy="${round(cy + d * Math.sin(a))}" r="${round(r * 0.16)}"/>`);
  }
  return `<g class="piece neutral seeds" data-site="${label}" data-piece="${escape(type.name)}" data-height="${h}">${dots.join("")}<text class="count" x="${round(cx)}" y="${round(cy)}">${h}</text></g>`;
}

/**
 * How a board is drawn: square grids (with or without diagonal moves) and hex grids in rows as
 * cells, pieces inside them, unless the description says `drawn:points`; hex grids in columns
 * too when it says `drawn:cells` (the compiler allows that only for shapes with cells); every
 * other board (alquerque lines, centre points, graphs, stars) as points joined by the lines the
 * pieces move along; mancala boards as pits and stores, their seeds counted.
 */
function boardStyle(shape: string, drawing: "cells" | "points" | null): "squares" | "hexagons" | "triangles" | "pits" | "lines" {
  if (shape === "mancala") return "pits";
  if (drawing === "points" || (drawing === null && !CELLS_BY_DEFAULT.includes(shape))) return "lines";
  if (shape === "tri-cells") return "triangles";
  return shape.startsWith("hex") ? "hexagons" : "squares";
}


function round(v: number): number {
  return Math.round(v * 10) / 10;
}
