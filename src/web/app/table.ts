/**
 * A game being played on the page: the SVG board and what is beside it (the seats, the last move
 * told, the move list, the controls, the result). Moves are made by clicking (src/view/pick.ts
 * says which clicks name which move), by buttons for moves no site names (a pass), or typed in
 * notation. Agents choose in the worker; their moves are shown arriving (gliding along their
 * path, or fading in) and are announced.
 *
 * What the board shows is what the seat to look through may see: with hidden pieces and one
 * person at the table, that person's observation; with several, a hand-over screen between them.
 * The page then never draws an identity the person may not see (renderBoardSvg leaves face-down
 * pieces without owner or type).
 */
import { CHANCE, type Game } from "../../engine/play/game.js";
import type { Move } from "../../engine/moves/moves.js";
import { EMPTY, type State } from "../../engine/state/state.js";
import { PlayLimitError } from "../../engine/play/play-limit.js";
import { siteIndex } from "../../engine/board/topology.js";
import type { GameRecordFile } from "../../record/format.js";
import { addMove, finishRecord, truncate } from "../../record/recorder.js";
import { revealedBy, takeBack, type Decision } from "../../record/takeback.js";
import { seedSecret } from "../../record/seed-secret.js";
import { tellMove } from "../../view/narrate.js";
import { NO_PICK, clickHand, clickSite, handClicks, initialPick, isDrop, landings, moveLabel, singleClicks, targets, type Pick } from "../../view/pick.js";
import { renderBoardSvg } from "../../view/svg.js";
import { deciderLabel } from "../../view/seats.js";
import { diceText, seatLabel, turnText } from "../../view/text.js";
import type { FromPage, ToPage } from "./agent-protocol.js";
import { ARROWS, focusSite, nearestSite, showArrival } from "./board-dom.js";
import { clear, el } from "./dom.js";
import { drawDice } from "./dice.js";
import { download, exportBoard, exportText } from "./export.js";
import { drawPlayers, drawResult } from "./side-panels.js";

export interface Table {
  /** Which game of the page this is, for the worker's answers. */
  id: number;
  game: Game;
  seats: string[];
  /** Every position of the game so far: states[0] is the start, states[i] follows moves[i-1]. */
  states: State[];
  moves: Move[];
  /** The position on show (time travel looks at earlier ones without changing the game). */
  viewing: number;
  /** The game's record, kept as it is played (the project's record format). */
  record: GameRecordFile;
  /** The page's agents' worker, when some seat is an agent. */
  worker?: Worker;
  /** Told after each move and take-back (the page keeps the game in its address). */
  changed?: () => void;
  /** Starts another game with the same options and seats (offered when this one is over). */
  again?: () => void;
}

const UNDO_TITLE = "take back your last move (and the agents' replies)";
const SAVE_TITLE = "download the game's record";
const SECRET_SAVE_TITLE = "A record holds the seed, which deals the face-down pieces or throws the dice to come, so it can be saved once the game is over. Until then the game is kept in this browser: a reload resumes it.";
/**
 * How long an agent's move waits before it is played, so people can follow (ms): 250, or the
 * page address's `?pace=MS` (0 to 5000; `?pace=0` for agents playing at full speed).
 */
const AGENT_PAUSE_MS = (() => {
  const asked = Number(new URLSearchParams(location.search).get("pace") ?? "250");
  return Number.isFinite(asked) ? Math.min(5000, Math.max(0, asked)) : 250;
})();
/** The pace chosen on the page (the controls' selector), for the page's every table. */
let agentPause = AGENT_PAUSE_MS;
/** The pace selector's choices: the pause after an agent's move, in ms. */
const PACES: [label: string, ms: number][] = [["agents: slow", 1500], ["agents: normal", 250], ["agents: fast", 40], ["agents: at once", 0]];

/**
 * What a person is asked to do with these legal moves: click a highlighted site (to add, lift,
 * remove ... -- the moves' kind, when they share one), move a piece (the one selected, if any), or
 * choose a button. Empty when nobody here is to act (an agent's turn, an earlier position, the
 * game over).
 */
function promptFor(legal: readonly Move[], clickable: ReadonlySet<string>, selected: string | null, anyEmpty = false, inHand: string | null = null, fromHand = false): string {
  if (!legal.length) return "";
  if (inHand !== null) return `Click a highlighted site to drop the ${inHand} there.`;
  if (fromHand && legal.some((m) => m.from !== undefined)) return "Click a piece to move it, or a piece in your hand to drop it.";
  if (fromHand) return "Click a piece in your hand to drop it.";
  if (selected !== null) return clickable.size ? `Click a highlighted site to move the piece on ${selected} there.` : `The piece on ${selected} is selected: choose a button below.`;
  const kinds = new Set(legal.filter((m) => m.from === undefined || m.to === undefined).map((m) => m.kind));
  const where = anyEmpty ? "any empty site" : "a highlighted site";
  if (clickable.size && legal.every((m) => m.from === undefined || m.to === undefined)) return kinds.size === 1 ? `Click ${where} to ${[...kinds][0]!.replace(/-/g, " ")}.` : `Click ${where}.`;
  if (clickable.size) return "Click a highlighted site, or a piece to move.";
  if (legal.some((m) => m.from !== undefined)) return "Click a piece to move it.";
  return "Choose a button below.";
}

/** The pause between positions when a record is replayed. */
const REPLAY_MS = 900;

export function startTable(area: HTMLElement, t: Table): void {
  const boardWrap = el("div", { class: "board-wrap" });
  const status = el("p", { class: "status", "data-testid": "status" });
  const told = el("p", { class: "told", "data-testid": "told", "aria-live": "polite" });
  const choices = el("div", { class: "choices", "data-testid": "choices" });
  const result = el("div", { class: "result", "data-testid": "result" });
  const moveList = el("ol", { class: "moves", "data-testid": "moves" });
  const typed = el("input", { placeholder: "type a move", "aria-label": "move in notation", size: "16" });
  // What the person to act is to do, and where (the highlighted sites, a piece, or a button).
  const prompt = el("p", { class: "prompt", "data-testid": "prompt" });
  /** One of the position's moves, the example the move box offers (none for a pass alone). */
  let example: string | undefined;
  // Why a click or a typed move did nothing: shown until the next move or click.
  const hint = el("p", { class: "hint", "data-testid": "hint", "aria-live": "polite" });
  const button = (action: string, text: string, title: string) => el("button", { type: "button", "data-action": action, title }, text);
  const undoButton = button("undo", "undo", UNDO_TITLE);
  const playOnButton = button("play-on", "play on from here", "take back the moves after this position and play on from it");
  const flipButton = button("flip", "turn board", "turn the board half round");
  const pauseButton = button("pause", "pause", "the agents stop after the move they are thinking of, until resumed");
  pauseButton.hidden = t.seats.every((seat) => seat === "human");
  const thinking = el("p", { class: "thinking", "data-testid": "thinking" });
  const saveButton = button("save", "save record", SAVE_TITLE);
  // How long an agent's move waits before it is played: slow enough to follow, or at once.
  const pace = el("select", { "data-testid": "pace", "aria-label": "agents' pace" }, ...PACES.map(([label, ms]) => el("option", { value: String(ms), ...(ms === agentPause ? { selected: "" } : {}) }, label)));
  if (!PACES.some(([, ms]) => ms === agentPause)) pace.prepend(el("option", { value: String(agentPause), selected: "" }, `agents: ${agentPause} ms`));
  pace.addEventListener("change", () => void (agentPause = Number(pace.value)));
  pace.hidden = t.seats.every((seat) => seat === "human");
  const againButton = button("again", "play again", "a new game with the same options and seats");
  againButton.addEventListener("click", () => t.again?.());
  const controls = el(
    "div",
    { class: "controls" },
    button("back", "◀", "the position before"),
    button("forward", "▶", "the position after"),
    button("latest", "latest", "the position now"),
    button("replay", "replay", "play the game through from the start"),
    pauseButton,
    undoButton,
    saveButton,
    pace,
    flipButton,
    button("export-svg", "SVG", "download the board as a picture (SVG)"),
    button("export-png", "PNG", "download the board as a picture (PNG)"),
    button("export-text", "text", "download the game as text: its moves and the board"),
    playOnButton,
  );
  const players = el("table", { class: "players", "data-testid": "players" });
  const dice = el("div", { class: "dice", "data-testid": "dice" });
  const side = el("div", { class: "side" }, players, status, dice, prompt, thinking, told, result, choices, hint, el("form", { class: "typed" }, typed), controls, moveList);
  area.append(boardWrap, side);

  const current = () => t.states[t.states.length - 1]!;
  const latest = () => t.viewing === t.states.length - 1;
  const alive = () => boardWrap.isConnected;
  const human = (p: number) => t.seats[p] === "human";
  const people = t.seats.filter((seat) => seat === "human").length;
  /**
   * The board turned half round, so that a person playing the second of two seats against an
   * agent has their own side at the bottom; the button turns it either way.
   */
  let flipped = t.game.playerCount === 2 && people === 1 && human(1);
  /** The seat whose eyes the board shows: the one person at the table, or, with several, the one to act. */
  const viewer = (s: State): number | null => {
    if (t.game.def.concealFlags === 0 || people === 0) return null;
    if (people === 1) return t.seats.indexOf("human");
    const player = s.seatPlayer[s.mover]!;
    return human(player) ? player : t.seats.indexOf("human");
  };
  /** The position as `who` sees it (all of it when null: nothing is hidden, or nobody is looking through one seat). */
  const seenBy = (s: State, who: number | null): State => (who === null ? s : t.game.observation(s, who));
  /**
   * A game not over in which the player to act has no legal move: a description whose rules end
   * nothing there (no pass, no end rule). The page says so instead of waiting for a move for ever.
   */
  const stuck = (s: State): boolean => {
    if (s.over || t.game.isChance(s)) return false;
    try {
      return t.game.legalMoves(s).length === 0;
    } catch (e) {
      if (e instanceof PlayLimitError) return false; // reported where the moves are asked for
      throw e;
    }
  };
  const stuckText = (s: State): string => `${seatLabel(t.game, s.mover)} has no legal move, and the rules end nothing here: the game cannot go on.`;
  /** Set when the rules passed a play limit (PlayLimitError): the game stops there, saying why. */
  let stopped: string | null = null;
  const legalNow = (): Move[] => {
    if (!latest() || current().over || !human(current().seatPlayer[current().mover]!) || stopped !== null) return [];
    try {
      return t.game.legalMoves(current());
    } catch (e) {
      if (!(e instanceof PlayLimitError)) throw e;
      stopped = e.message;
      return [];
    }
  };
  /** Whether each decision so far revealed hidden pieces: worked out once per decision, not at every redraw. */
  const revealed: boolean[] = [];
  /** The decisions so far, for fair take-backs. */
  const decisions = (): Decision[] => {
    for (let i = revealed.length; i < t.moves.length; i++) revealed.push(revealedBy(t.game, t.states[i]!, t.states[i + 1]!));
    return t.moves.map((_, i) => ({ human: !t.game.isChance(t.states[i]!) && human(t.states[i]!.seatPlayer[t.states[i]!.mover]!), revealed: revealed[i]! }));
  };

  let pick: Pick = NO_PICK;
  /** The pick the decision started with (its only piece selected), which a click on that piece keeps. */
  let autoPick: Pick = NO_PICK;
  /** Moves that end where the clicks stand, while longer chains go on (offered as "stop here"). */
  let stops: Move[] = [];
  let replaying: ReturnType<typeof setInterval> | undefined;
  /** The agents wait (a game between agents, watched move by move). */
  let paused = false;
  /** The position last drawn, to glide the pieces of the move that led from it. */
  let drawn = -1;
  /** The site the keyboard last stood on. */
  let focused: string | null = null;
  /** The position on show came from a person's clicks or typing here (it needs no glide). */
  let byHand = false;

  const play = (m: Move) => {
    byHand = human(current().seatPlayer[current().mover]!);
    hint.textContent = "";
    // Someone looking back through the game (or replaying it) stays where they are.
    const following = latest() && replaying === undefined;
    let next: State;
    try {
      next = t.game.apply(current(), m);
    } catch (e) {
      if (!(e instanceof PlayLimitError)) throw e;
      stopped = e.message;
      draw();
      return;
    }
    addMove(t.record, current().seatPlayer[current().mover]!, m);
    t.states.push(next);
    t.moves.push(m);
    throwDice();
    if (following) t.viewing = t.states.length - 1;
    t.changed?.();
    newDecision();
    draw();
    scheduleAgent();
  };
  const newDecision = () => {
    pick = autoPick = initialPick(legalNow());
    stops = [];
  };
  const offer = (moves: Move[]) => {
    clear(choices);
    for (const m of moves) {
      const b = el("button", { type: "button", "data-move": m.notation, title: m.kind.replace(/-/g, " ") }, moveLabel(m));
      b.addEventListener("click", () => play(m));
      choices.append(b);
    }
    // The keyboard goes to the menu (Escape goes back to the board); the focus scrolls a phone's screen to it.
    choices.querySelector("button")?.focus();
  };

  /**
   * With hidden pieces and several people at one screen, the board is covered when it passes from
   * one person to another, until the next one asks to see it: nobody sees another's view, and the
   * page holds only one view in its DOM at a time.
   */
  let shownTo: number | null = null;
  /**
   * Whether `who` sees this position as the screen shows it now (to `before`; at the start, to every
   * other person at the table): the same board and the same account of the last move. Then the
   * screen passes to `who` without being covered.
   */
  const sameView = (s: State, who: number, before: number | null): boolean => {
    const seen = (p: number) => renderBoardSvg(t.game, t.game.observation(s, p)) + toldUpTo(t.viewing, p);
    const mine = seen(who);
    const others = before !== null ? [before] : t.seats.flatMap((seat, p) => (seat === "human" && p !== who ? [p] : []));
    if (others.some((p) => seen(p) !== mine)) return false;
    shownTo = who;
    return true;
  };
  const draw = () => {
    const s = t.states[t.viewing]!;
    const who = viewer(s);
    drawMoveList();
    drawPlayers(players, t.game, s, t.seats);
    drawResult(result, t.game, s);
    if (s.over && latest() && t.again) result.append(againButton);
    // Play on from an earlier position: shown while looking at one.
    playOnButton.hidden = latest();
    // Undo, when fair play allows; when not, its title says why.
    const back = takeBack(decisions(), t.moves.map((m) => m.notation));
    undoButton.disabled = !latest() || "refused" in back;
    undoButton.title = "refused" in back ? back.refused : UNDO_TITLE;
    // A record holds the seed, which deals the face-down pieces or throws the dice to come (see
    // seedSecret): none leaves the page before the end.
    const dealHidden = seedSecret(t.game, t.seats) !== null && !current().over;
    saveButton.disabled = dealHidden;
    saveButton.title = dealHidden ? SECRET_SAVE_TITLE : SAVE_TITLE;
    if (who !== null && people > 1 && shownTo !== who && !s.over && !sameView(s, who, shownTo)) {
      clear(boardWrap);
      clear(choices);
      // Nothing of the last person's view stays on show: not what they were told, nor their prompt.
      for (const line of [told, prompt, hint]) line.textContent = "";
      const go = el("button", { type: "button", "data-action": "handover" }, `I am ${seatLabel(t.game, who)}: show my view`);
      go.addEventListener("click", () => {
        shownTo = who;
        draw();
      });
      boardWrap.append(el("div", { class: "handover", "data-testid": "handover" }, el("p", {}, `Pass the screen to ${seatLabel(t.game, who)}.`), go));
      status.textContent = `${seatLabel(t.game, who)} to look.`;
      drawn = -1;
      return;
    }
    const shown = seenBy(s, who);
    const legal = legalNow();
    const index = (label: string) => siteIndex(t.game.topology, label);
    // Where to click: the landings of the selected piece, else the sites one click decides on.
    // With hands, a drop starts in the hand (its pieces highlighted), not on every empty site.
    const hands = t.game.def.hand !== null;
    const fromHand = hands ? handClicks(legal) : new Set<string>();
    const onBoard = hands ? legal.filter((m) => !isDrop(m)) : legal;
    const clickable = pick.from === null && pick.piece === undefined ? singleClicks(onBoard) : targets(legal, pick);
    // Where a click on every empty site plays (a stone on a territory or connection
    // board, a man placed at the start), the prompt says so and the board is left as it is: all of it lit up would
    // hide the position.
    let empty = 0;
    for (let i = 0; i < shown.owner.length; i++) if (shown.owner[i] === EMPTY) empty++;
    const anyEmpty = pick.from === null && pick.piece === undefined && clickable.size > 0 && clickable.size === empty && [...clickable].every((label) => shown.owner[index(label)] === EMPTY);
    const highlight = anyEmpty ? new Set<number>() : new Set([...clickable].map(index));
    prompt.textContent = promptFor(legal, clickable, pick.from, anyEmpty, pick.piece ?? null, fromHand.size > 0);
    const visited = pick.path.map(index);
    // (a button beside it, pressed or given up with Escape, gives the focus back to the board: the buttons are redrawn)
    const hadFocus = boardWrap.contains(document.activeElement) || choices.contains(document.activeElement);
    // A move shown arriving (an agent's, or a step forward through the game): the pieces it
    // captured, as they were drawn a moment ago, fade out over the new board.
    const prior = t.states[t.viewing - 1];
    const last = t.moves[t.viewing - 1];
    const arriving = drawn === t.viewing - 1 && last !== undefined && !byHand;
    const captured = arriving ? (last.captures ?? []).flatMap((label) => [...boardWrap.querySelectorAll(`g.piece[data-site="${CSS.escape(label)}"]`)]) : [];
    boardWrap.innerHTML = renderBoardSvg(t.game, shown, {
      highlight,
      selected: pick.from === null ? -1 : index(pick.from),
      visited,
      lastMove: lastMoveSites(t.viewing).map(index),
      flip: flipped,
      handTargets: fromHand,
      handSelected: pick.piece ?? null,
    });
    // The board's place in the row is as wide as the board drawn to fit the window (app.css).
    boardWrap.style.setProperty("--ratio", (boardWrap.firstElementChild as SVGElement | null)?.style.getPropertyValue("--ratio") || "1");
    // One site takes the Tab key's stop (the one last in focus, else the selected piece, else the first).
    const stop = boardWrap.querySelector(`g.site[data-site="${CSS.escape(focused ?? pick.from ?? "")}"]`) ?? boardWrap.querySelector("g.site");
    stop?.setAttribute("tabindex", "0");
    if (hadFocus && stop) (stop as SVGElement).focus();
    // In games with dice, what they show (a used die in brackets) once thrown: in words, and drawn.
    const thrown = t.game.def.dice !== null && !s.rollDue && s.dice.some((v, d) => t.game.def.dice!.faces[d]!.includes(v));
    const diceWords = thrown ? ` Dice: ${diceText(s)}.` : "";
    drawDice(dice, t.game, s, thrown && !s.over);
    status.textContent = s.over ? "Game over." : stopped !== null ? `Play stopped: ${stopped}` : !legal.length && stuck(s) ? stuckText(s) : turnText(t.game, s) + diceWords;
    // The tab says whose turn it is, for a player looking at another tab.
    document.title = `${status.textContent} · ${t.game.name} · Ludex`;
    // The typed move's example is one of this position's moves (a pass has no notation to show).
    example = legal.find((m) => m.notation)?.notation;
    typed.placeholder = example ? `type a move, e.g. ${example}` : "type a move";
    // What the last move did (captures, reveals, promotions, scores), as the viewer may know it.
    told.textContent = toldUpTo(t.viewing, who ?? undefined);
    if (arriving) showArrival(boardWrap, last, captured);
    drawn = t.viewing;
    byHand = false;
    // Moves no site click can make (a pass), and chains that may stop where the clicks stand.
    clear(choices);
    const buttons = [...stops, ...legal.filter((m) => m.from === undefined && m.to === undefined)];
    for (const m of buttons) {
      const b = el("button", { type: "button", "data-move": m.notation, title: m.kind.replace(/-/g, " ") }, stops.includes(m) ? `stop here: ${m.notation}` : moveLabel(m));
      b.addEventListener("click", () => play(m));
      choices.append(b);
    }
  };

  /** The moves so far, each with who made it, the position on show marked and kept in sight. */
  const drawMoveList = () => {
    clear(moveList);
    t.moves.forEach((m, i) => {
      const before = t.states[i]!;
      moveList.append(el("li", i + 1 === t.viewing ? { class: "viewing" } : {}, el("span", { class: "who" }, deciderLabel(t.game, before)), el("span", { class: "notation" }, m.notation)));
    });
    // The list follows the game (or the position looked at), scrolling itself, never the page.
    const item = moveList.children[Math.max(0, t.viewing - 1)] as HTMLElement | undefined;
    if (item && (item.offsetTop < moveList.scrollTop || item.offsetTop + item.offsetHeight > moveList.scrollTop + moveList.clientHeight)) {
      moveList.scrollTop = item.offsetTop - moveList.clientHeight + item.offsetHeight;
    }
  };
  /** The sites of the last decision before position `i` (throws of the dice after it pass over). */
  const lastMoveSites = (i: number): string[] => {
    for (let k = i; k > 0; k--) {
      if (t.game.isChance(t.states[k - 1]!)) continue;
      const m = t.moves[k - 1]!;
      return [m.from, ...landings(m), m.to].filter((x): x is string => x !== undefined);
    }
    return [];
  };

  /** The last decision before position `i` told, with the throws of the dice after it ("... The dice show 4 and 6."). */
  const toldUpTo = (i: number, viewer: number | undefined): string => {
    const parts: string[] = [];
    for (let k = i; k > 0; k--) {
      const before = t.states[k - 1]!;
      parts.unshift(tellMove(t.game, before, t.states[k]!, t.moves[k - 1]!, viewer));
      if (!t.game.isChance(before)) break;
    }
    return parts.join(" ");
  };

  /** Why a click on `site` (null: a typed move) makes no move: whose turn it is, or that no move starts or ends there. */
  const refusal = (site: string | null, legal: readonly Move[]): string => {
    const s = current();
    if (!latest()) return "This is an earlier position: go to the latest (▶ or latest) to play on.";
    if (s.over) return "The game is over.";
    if (stopped !== null) return "Play has stopped.";
    if (!human(s.seatPlayer[s.mover]!)) return `It is ${seatLabel(t.game, s.seatPlayer[s.mover]!)}'s turn, not yours.`;
    if (site === null) return "";
    const anySite = legal.some((m) => m.from !== undefined || m.to !== undefined);
    return anySite ? `No legal move starts or ends at ${site}.` : "No move uses a site now: choose one of the buttons.";
  };

  /** A click on a site (or Enter on the site in focus). */
  const clickAt = (site: string) => {
    // The piece the decision started with selected: clicking it keeps it selected.
    if (pick === autoPick && site === pick.from) return;
    const legal = legalNow();
    const r = clickSite(legal, pick, site);
    hint.textContent = r.kind === "none" ? refusal(site, legal) : "";
    if (r.kind === "play") return play(r.move);
    if (r.kind === "select") {
      pick = r.pick;
      stops = r.stops;
      return draw();
    }
    pick = NO_PICK;
    stops = [];
    draw();
    if (r.kind === "choose") offer(r.moves);
  };
  /** A click on a piece in a hand: the mover's own takes it up to drop (or puts it back). */
  const clickInHand = (seat: string, piece: string) => {
    const legal = legalNow();
    const mover = `P${current().mover + 1}`;
    const r = seat === mover && legal.length > 0 ? clickHand(legal, pick, piece) : { kind: "none" as const };
    const why = refusal(null, legal) || (seat !== mover ? `That is ${seat}'s hand.` : `The ${piece} in hand cannot be dropped now.`);
    hint.textContent = r.kind === "none" ? why : "";
    pick = r.kind === "select" ? r.pick : NO_PICK;
    stops = [];
    draw();
  };
  boardWrap.addEventListener("click", (e) => {
    const inHand = (e.target as Element).closest("[data-hand]");
    if (inHand) return clickInHand(inHand.getAttribute("data-hand")!, inHand.getAttribute("data-piece")!);
    const target = (e.target as Element).closest("[data-site]");
    if (target) clickAt(target.getAttribute("data-site")!);
  });
  // The keyboard: arrows move between sites, Enter or Space clicks the one in focus.
  boardWrap.addEventListener("keydown", (e) => {
    const inHand = (e.target as Element).closest("g.hand-piece");
    if (inHand && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      return clickInHand(inHand.getAttribute("data-hand")!, inHand.getAttribute("data-piece")!);
    }
    const site = (e.target as Element).closest("g.site");
    if (!site) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      focused = site.getAttribute("data-site");
      clickAt(focused!);
    } else if (e.key in ARROWS) {
      e.preventDefault();
      const next = nearestSite(boardWrap, site, ARROWS[e.key]!);
      if (next) focusSite(boardWrap, (focused = next));
    } else if (e.key === "Escape" && pick !== autoPick) {
      // Escape lets go of the piece selected.
      pick = autoPick;
      stops = [];
      draw();
    }
  });
  // Escape in the buttons beside the board: back to the board, a menu of moves given up.
  choices.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    e.preventDefault();
    draw();
  });
  typed.form!.addEventListener("submit", (e) => {
    e.preventDefault();
    const m = latest() && human(current().seatPlayer[current().mover]!) ? t.game.parseMove(current(), typed.value) : null;
    if (m) {
      typed.value = "";
      hint.textContent = "";
      play(m);
    } else {
      const why = legalNow().length ? `'${typed.value}' is not a legal move here${example ? ` (e.g. ${example})` : ""}.` : refusal(null, []);
      hint.textContent = why;
      typed.setCustomValidity(why), typed.reportValidity(), typed.setCustomValidity("");
    }
  });
  // Left and Right step through the game, Home and End go to its start and to now (outside the
  // board, whose arrows move between sites, and outside fields being typed in).
  const stepKeys: Record<string, "back" | "forward" | "start" | "latest"> = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "latest" };
  const onKey = (e: KeyboardEvent) => {
    if (!alive()) return document.removeEventListener("keydown", onKey);
    const target = e.target as Element;
    if (!(e.key in stepKeys) || e.altKey || e.ctrlKey || e.metaKey || target.closest("input, select, textarea, .board-wrap, .cm-editor")) return;
    e.preventDefault();
    stopReplay();
    const step = stepKeys[e.key]!;
    t.viewing = step === "back" ? Math.max(0, t.viewing - 1) : step === "forward" ? Math.min(t.states.length - 1, t.viewing + 1) : step === "start" ? 0 : t.states.length - 1;
    newDecision();
    draw();
  };
  document.addEventListener("keydown", onKey);
  // A move of the list: the position after it.
  moveList.addEventListener("click", (e) => {
    const item = (e.target as Element).closest("li");
    if (!item) return;
    stopReplay();
    t.viewing = [...moveList.children].indexOf(item) + 1;
    newDecision();
    draw();
  });
  controls.addEventListener("click", (e) => {
    const action = (e.target as Element).closest("[data-action]")?.getAttribute("data-action");
    if (!action) return;
    stopReplay();
    if (action === "back") t.viewing = Math.max(0, t.viewing - 1);
    else if (action === "forward") t.viewing = Math.min(t.states.length - 1, t.viewing + 1);
    else if (action === "latest") t.viewing = t.states.length - 1;
    else if (action === "replay") return startReplay();
    else if (action === "undo") return undo();
    else if (action === "pause") {
      paused = !paused;
      pauseButton.textContent = paused ? "resume" : "pause";
      return scheduleAgent();
    }
    else if (action === "save") return saveRecord(t);
    else if (action === "play-on") return playOn();
    else if (action === "flip") flipped = !flipped;
    else if (action === "export-svg" || action === "export-png") return void exportBoard(boardWrap, t, action === "export-png" ? "png" : "svg");
    else if (action === "export-text") {
      const s = t.states[t.viewing]!;
      return exportText(t, seenBy(s, viewer(s)));
    }
    newDecision();
    draw();
  });

  /** Back to before the last person's move, when fair play allows (nothing hidden was revealed since). */
  const undo = () => {
    const back = takeBack(decisions(), t.moves.map((m) => m.notation));
    if ("refused" in back) {
      told.textContent = back.refused;
      return;
    }
    keepOnly(back.keep);
    told.textContent = `Taken back to move ${back.keep + 1}.`;
  };
  /** Drops every decision after the first `keep` (and the throws after the last kept one are thrown again, alike), and plays on from there. */
  const keepOnly = (keep: number) => {
    t.states.length = keep + 1;
    t.moves.length = keep;
    truncate(t.record, keep);
    revealed.length = Math.min(revealed.length, keep);
    t.changed?.();
    drawn = -1;
    stopped = null; // another move may stay within the limits
    throwDice();
    t.viewing = t.states.length - 1;
    newDecision();
    draw();
    scheduleAgent();
  };
  /**
   * Takes back every move after the position on show, to play on from it: refused where a later
   * move revealed hidden pieces (a player would choose again knowing them), as undo is.
   */
  const playOn = () => {
    const keep = t.viewing;
    const revealing = decisions().slice(keep).findIndex((d) => d.revealed);
    if (revealing >= 0) {
      hint.textContent = `Cannot play on from here: move ${keep + revealing + 1} revealed hidden pieces.`;
      return;
    }
    keepOnly(keep);
    told.textContent = `Playing on from move ${keep + 1}.`;
  };
  /** Plays the game through from its start, a position at a time, until it is at the latest or a control is pressed. */
  const startReplay = () => {
    t.viewing = 0;
    drawn = -1;
    newDecision();
    draw();
    replaying = setInterval(() => {
      if (!alive() || latest()) return stopReplay();
      t.viewing++;
      draw();
    }, REPLAY_MS);
  };
  /** Where the dice are to be thrown, the game's own generator throws them (as in `ludex play`), for all to see. */
  const throwDice = () => {
    for (let s = current(); t.game.isChance(s) && stopped === null; s = current()) {
      const thrown = t.game.drawChance(s)!;
      addMove(t.record, CHANCE, thrown);
      t.states.push(t.game.apply(s, thrown));
      t.moves.push(thrown);
    }
  };
  const stopReplay = () => {
    if (replaying !== undefined) clearInterval(replaying);
    replaying = undefined;
  };

  /** An agent seat to act: the worker chooses, and the move is played after a short pause, so people can follow. */
  const scheduleAgent = () => {
    const s = current();
    if (!alive() || s.over || human(s.seatPlayer[s.mover]!) || !t.worker || paused || stopped !== null || stuck(s)) return;
    const asked = t.moves.length;
    const w = t.worker;
    thinking.textContent = `${seatLabel(t.game, s.mover)} (${t.seats[s.seatPlayer[s.mover]!]}) is thinking…`;
    const answer = (e: MessageEvent<ToPage>) => {
      const m = e.data;
      if (m.type === "stats" || m.table !== t.id) return;
      w.removeEventListener("message", answer);
      if (!alive()) return;
      // The line says "thinking" until the move is played (or dropped): then no answer is pending.
      const done = () => void (thinking.textContent = "");
      if (m.type === "failed") {
        done();
        status.textContent = `The agent failed: ${m.message}`;
        return;
      }
      // Played only if the game is still where it was asked (an undo may have come between).
      if (m.ply !== asked || t.moves.length !== asked) return done();
      const move = t.game.parseMove(current(), m.notation);
      if (!move) return done();
      setTimeout(() => {
        done();
        if (alive() && t.moves.length === asked) play(move);
      }, agentPause);
    };
    w.addEventListener("message", answer);
    w.postMessage({ type: "choose", table: t.id, moves: t.moves.map((m) => m.notation) } satisfies FromPage);
  };
  if (latest()) {
    throwDice();
    t.viewing = t.states.length - 1;
  }
  newDecision();
  draw();
  scheduleAgent();
}

/** Downloads the game's record (finished, or as it stands). */
function saveRecord(t: Table): void {
  const s = t.states[t.states.length - 1]!;
  // The record holds the seed, which would tell the face-down pieces, or the dice to come, of a game still going on.
  if (seedSecret(t.game, t.seats) !== null && !s.over) return;
  const rec = structuredClone(t.record);
  finishRecord(rec, t.game, s, s.over ? "finished" : "unfinished");
  download(new Blob([JSON.stringify(rec, null, 2)], { type: "application/json" }), `${t.record.game.name ?? "game"}-${t.record.seed}.json`);
}
