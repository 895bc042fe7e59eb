/// <reference lib="dom" />
/**
 * The browser app in a real browser: `ludex serve` in a child process, Debian's Chromium driven by
 * Playwright. Every built-in game is opened and played by clicking (a person's moves chosen here,
 * the agent's made by the page) for some moves, and the board drawn is checked, site by site,
 * against the engine replaying the page's move list. A hidden-information game never puts a
 * face-down identity into the DOM of a player's view.
 *
 * Chromium comes from .ci/run (apt-get). Without it (a machine that did not install it) the
 * suite is skipped, unless LUDEX_REQUIRE_BROWSER is set, as CI sets it: there it must run.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadGame } from "../src/compile/index.js";
import type { Game } from "../src/engine/play/game.js";
import type { Move } from "../src/engine/moves/moves.js";
import { describeSite } from "../src/engine/state/position.js";
import type { State } from "../src/engine/state/state.js";
import { builtinGameNames } from "../src/library/builtin.js";
import { landings } from "../src/view/pick.js";
import { endInfo } from "../src/view/end.js";
import { diceText, hasScores, renderBoard, seatLabel, shownCounters } from "../src/view/text.js";
import { addMove, finishRecord, newRecord } from "../src/record/recorder.js";
import { cli, root } from "./support/cli.js";
import { seededChooser } from "./support/random.js";

const CHROMIUM = process.env.LUDEX_CHROMIUM ?? "/usr/bin/chromium";
const available = existsSync(CHROMIUM);
if (!available && process.env.LUDEX_REQUIRE_BROWSER) throw new Error(`no Chromium at ${CHROMIUM}, and LUDEX_REQUIRE_BROWSER is set`);
/** Moves a person makes in each game (the agent answers each): one by each of the WAYS. */
const HUMAN_MOVES = 3;

let server: ChildProcess;
let base = "";
let browser: Browser;

beforeAll(async () => {
  if (!available) return;
  server = spawn(process.execPath, [cli, "serve", "--port", "0"], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise<string>((resolve, reject) => {
    let text = "";
    server.stdout!.on("data", (d: Buffer) => {
      text += d;
      const m = /Ludex at (\S+)/.exec(text);
      if (m) resolve(m[1]!);
    });
    server.once("exit", (code) => reject(new Error(`ludex serve ended (${code}): ${text}`)));
  });
  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
});

afterAll(async () => {
  await browser?.close();
  server?.kill();
});

/**
 * A page whose waits give up only after minutes: a net against a hang, as the suite's test timeout
 * is, not a speed check (Playwright's default of 30 s fails on a loaded machine).
 */
async function newPage(options?: Parameters<Browser["newPage"]>[0]): Promise<Page> {
  const page = await browser.newPage(options);
  page.setDefaultTimeout(5 * 60 * 1000);
  page.setDefaultNavigationTimeout(5 * 60 * 1000);
  return page;
}

/** The pieces the page draws: site -> {owner, piece, height}, and the face-down ones. */
async function drawnPieces(page: Page): Promise<Map<string, { owner?: string; piece?: string; height: number; faceDown: boolean }>> {
  // (pieces only: a captured piece fading out keeps no site)
  const pieces = await page.$$eval("svg.board g.piece[data-site]", (els) =>
    els.map((e) => ({ site: e.getAttribute("data-site")!, owner: e.getAttribute("data-owner") ?? undefined, piece: e.getAttribute("data-piece") ?? undefined, height: Number(e.getAttribute("data-height")), faceDown: e.classList.contains("face-down") })),
  );
  return new Map(pieces.map(({ site, ...rest }) => [site, rest]));
}

/** The engine's state after the page's move list. */
async function engineState(page: Page, g: Game, seed: number): Promise<State> {
  const notations = await page.$$eval("[data-testid=moves] li .notation", (els) => els.map((e) => e.textContent ?? ""));
  let s = g.newGame({ seed });
  for (const n of notations) {
    const m = g.parseMove(s, n);
    expect(m, `the page's move ${n} is legal`).not.toBeNull();
    s = g.apply(s, m!);
  }
  return s;
}

function expectBoardMatches(g: Game, s: State, drawn: Awaited<ReturnType<typeof drawnPieces>>, where: string): void {
  let occupied = 0;
  for (let i = 0; i < g.topology.n; i++) {
    const want = describeSite(g, s, i);
    const got = drawn.get(g.topology.labels[i]!);
    if (!want) {
      expect(got, `${where}: ${g.topology.labels[i]} is empty`).toBeUndefined();
      continue;
    }
    occupied++;
    expect(got, `${where}: ${g.topology.labels[i]}`).toBeDefined();
    if (got!.faceDown) expect(got!.owner ?? got!.piece, `${where}: a face-down piece shows nothing`).toBeUndefined();
    else expect({ owner: got!.owner, piece: got!.piece, height: got!.height }, `${where}: ${g.topology.labels[i]}`).toEqual({ owner: want.owner, piece: want.piece, height: want.height });
  }
  expect(drawn.size, `${where}: pieces drawn`).toBe(occupied);
}

/**
 * Makes move `m` by clicking: its origin then each landing (a chain, landing by landing), or its
 * landing alone, or its button; a menu or "stop here" button where the clicks are shared.
 * `onBoard`, if given, runs before each click on the board (to check the board as it is clicked).
 */
async function clickMove(page: Page, m: Move, onBoard?: () => Promise<void>): Promise<void> {
  const { from, to, notation } = m;
  if (from === undefined && to === undefined) return page.click(`.choices button[data-move="${notation}"]`);
  // A click where the site is drawn (on its piece, if any: the piece is on top, as a person sees it).
  const at = async (label: string) => {
    await onBoard?.();
    await page.click(`svg.board g.site[data-site="${label}"] circle`, { force: true });
  };
  if (from !== undefined) await at(from);
  // A drop from a hand drawn beside the board: the piece taken up from the hand first (its sites then lit).
  const inHand = page.locator(`svg.board g.hand-piece.target[data-piece="${m.piece}"]`);
  if (from === undefined && to !== undefined && m.piece !== undefined && (await inHand.count())) {
    await inHand.click();
    expect(await highlighted(page), `${notation}: its site lit once the ${m.piece} is taken up`).toContain(to);
  }
  // A move that only names its site is made by that click, or by a second one when the site has other moves too.
  if (to !== undefined) for (const landing of landings(m)) await at(landing);
  else if (await page.locator(`svg.board g.site.selected[data-site="${from}"]`).count()) await at(from!);
  // Several moves share these clicks: the page offers them by notation.
  const menu = page.locator(`.choices button[data-move="${notation}"]`);
  if (await menu.count()) await menu.click();
}

/** The most keys one keyboard click may take (Tabs to the board or a button, arrows to a site): a bug fails, not hangs. */
const MAX_KEYS = 80;

/**
 * Makes move `m` from the keyboard alone, with the clicks clickMove makes: Tab or Shift+Tab to the
 * board (one stop) or to a button, the board's arrows to a site, Enter to click it. Only key
 * presses: the page is read to choose the next key, nothing is focused or clicked otherwise.
 */
async function keyMove(page: Page, m: Move): Promise<void> {
  const { from, to, notation } = m;
  const made = async () => (await page.locator("[data-testid=moves] li").count()) > before;
  const before = await page.locator("[data-testid=moves] li").count();
  if (from === undefined && to === undefined) return keyClick(page, { move: notation });
  if (from !== undefined) await keyClick(page, { site: from });
  // A drop: the piece taken up from the hand (a Tab stop of its own) first.
  if (from === undefined && to !== undefined && m.piece !== undefined && (await page.locator(`svg.board g.hand-piece.target[data-piece="${m.piece}"]`).count())) await keyClick(page, { hand: m.piece });
  if (to !== undefined) for (const landing of landings(m)) await keyClick(page, { site: landing });
  else if (await page.locator(`svg.board g.site.selected[data-site="${from}"]`).count()) await keyClick(page, { site: from! });
  // Several moves share these keys: the page offers them by notation.
  if (!(await made()) && (await page.locator(`.choices button[data-move="${notation}"]`).count())) await keyClick(page, { move: notation });
}

/** One click by keys: Tab or Shift+Tab to the board or to the move's button, arrows to the site, then Enter. */
async function keyClick(page: Page, target: { site: string } | { move: string } | { hand: string }): Promise<void> {
  for (let pressed = 0; ; ) {
    // The keys to press next, from where the focus is: a Tab, or the arrows to the site's row or
    // along it, or Enter there (worked out in the page, in one function).
    const keys = await page.evaluate((want) => {
      const active = document.activeElement;
      if ("hand" in want) {
        const piece = Array.from(document.querySelectorAll("svg.board g.hand-piece.target")).find((g) => g.getAttribute("data-piece") === want.hand);
        if (!piece) return [`no ${want.hand} to take up from the hand`];
        if (active === piece) return ["Enter"];
        return [!active || active === document.body || active.compareDocumentPosition(piece) & Node.DOCUMENT_POSITION_FOLLOWING ? "Tab" : "Shift+Tab"];
      }
      const button = "move" in want ? Array.from(document.querySelectorAll(".choices button")).find((b) => b.getAttribute("data-move") === want.move) : undefined;
      if ("move" in want) {
        if (!button) return [`no button for ${want.move}`];
        if (active === button) return ["Enter"];
        return [!active || active.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING ? "Tab" : "Shift+Tab"];
      }
      const board = document.querySelector("svg.board");
      if (!board) return ["no board"];
      const at = active?.closest("svg.board g.site");
      // Toward the board's one Tab stop among its sites (pieces in hand are stops of their own, before it).
      const stop = board.querySelector('g.site[tabindex="0"]') ?? board;
      if (!at) return [!active || active === document.body || active.compareDocumentPosition(stop) & Node.DOCUMENT_POSITION_FOLLOWING ? "Tab" : "Shift+Tab"];
      // The board's rows as its arrows go through them (board-dom.ts): sites at one height (within a
      // third of the closest two sites' distance) from the top, each row from the left.
      const sites = Array.from(board.querySelectorAll("g.site")).map((g) => ({ label: g.getAttribute("data-site"), x: Number(g.querySelector("circle")!.getAttribute("cx")), y: Number(g.querySelector("circle")!.getAttribute("cy")) }));
      let closest = Infinity;
      for (let i = 0; i < sites.length; i++) for (let j = i + 1; j < sites.length; j++) closest = Math.min(closest, Math.hypot(sites[i]!.x - sites[j]!.x, sites[i]!.y - sites[j]!.y) || Infinity);
      const tolerance = Number.isFinite(closest) ? closest / 3 : 1;
      const rows: (typeof sites)[] = [];
      for (const site of [...sites].sort((a, b) => a.y - b.y)) {
        const row = rows[rows.length - 1];
        if (row && site.y - row[0]!.y <= tolerance) row.push(site);
        else rows.push([site]);
      }
      for (const row of rows) row.sort((a, b) => a.x - b.x);
      const here = rows.findIndex((row) => row.some((s) => s.label === at.getAttribute("data-site")));
      const there = rows.findIndex((row) => row.some((s) => s.label === want.site));
      if (there < 0) return [`no site ${want.site}`];
      if (here !== there) return Array<string>(Math.abs(there - here)).fill(here < there ? "ArrowDown" : "ArrowUp");
      const i = rows[here]!.findIndex((s) => s.label === at.getAttribute("data-site")), j = rows[here]!.findIndex((s) => s.label === want.site);
      return i === j ? ["Enter"] : Array<string>(Math.abs(j - i)).fill(i < j ? "ArrowRight" : "ArrowLeft");
    }, target);
    if (keys.some((key) => !/^(Enter|Tab|Shift\+Tab|Arrow\w+)$/.test(key))) throw new Error(`keys for ${JSON.stringify(target)}: ${keys}`);
    if ((pressed += keys.length) > MAX_KEYS) {
      const focus = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
      throw new Error(`${MAX_KEYS} keys did not reach ${JSON.stringify(target)} (the focus on ${focus}; next keys ${keys})`);
    }
    for (const key of keys) await page.keyboard.press(key);
    if (keys[0] === "Enter") return;
  }
}

/** The ways a person makes a move, in turn: the mouse on a laptop's window, a finger on a phone's, the keyboard alone. */
const WAYS = [
  { how: "clicked", viewport: { width: 1280, height: 720 }, phone: false, make: clickMove },
  { how: "tapped on a phone", viewport: { width: 390, height: 844 }, phone: true, make: clickMove },
  { how: "keyed", viewport: { width: 1280, height: 720 }, phone: false, make: keyMove },
] as const;

/**
 * Decisions made in the engine from the start seeded `seed` (throws of the dice drawn by the
 * state's generator, as the page throws them), each chosen by `choose` from the legal moves, until
 * `done` says so, the game ends or nobody can move: the decisions and the state they lead to.
 */
function decide(g: Game, seed: number, choose: (legal: Move[], s: State, k: number) => Move, done: (s: State, k: number) => boolean = () => false): { moves: Move[]; state: State } {
  let s = g.newGame({ seed });
  const moves: Move[] = [];
  while (!s.over && !done(s, moves.length)) {
    if (g.isChance(s)) {
      s = g.apply(s, g.drawChance(s)!);
      continue;
    }
    const legal = g.legalMoves(s);
    if (!legal.length) break;
    const m = choose(legal, s, moves.length);
    moves.push(m);
    s = g.apply(s, m);
  }
  return { moves, state: s };
}

/** The page's address of a game at these decisions, from the start seeded `seed`, every seat a person's. */
function addressOf(g: Game, name: string, seed: number, moves: readonly Move[]): string {
  const seats = Array.from({ length: g.playerCount }, (_, p) => `p${p + 1}=human`).join("&");
  return `#/play/${name}?${seats}&seed=${seed}&moves=${moves.map((m) => encodeURIComponent(m.notation)).join("+")}`;
}

/**
 * A game played to its end in the engine, for the page to be opened at its last decision: random
 * moves from the first of a few seeds that ends within 3,000 decisions, then with a move that
 * ends the game taken whenever there is one (games random play rarely ends). Null when no seed
 * ends (races, which random moves do not run: Chinese Checkers, Quoridor).
 */
function playedToEnd(g: Game): { seed: number; before: Move[]; last: Move; end: State } | null {
  for (const greedy of [false, true]) {
    for (let seed = 1; seed <= 2; seed++) {
      const choose = seededChooser(seed);
      const { moves, state } = decide(g, seed, (legal, s) => (greedy ? legal.find((x) => g.apply(s, x).over) : undefined) ?? legal[choose(legal.length)]!, (_, k) => k >= 3000);
      if (state.over) return { seed, before: moves.slice(0, -1), last: moves.at(-1)!, end: state };
    }
  }
  return null;
}

/** Records, from the page's start, every piece the page animates (by the site of the piece). */
async function recordGlides(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const glides: string[] = ((window as unknown as { glides: string[] }).glides = []);
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, ...args: Parameters<Element["animate"]>) {
      const captured = this.getAttribute("data-captured");
      glides.push(captured ? `x${captured}` : (this.getAttribute("data-site") ?? ""));
      return animate.apply(this, args);
    };
  });
}
const glides = (page: Page) => page.evaluate(() => (window as unknown as { glides: string[] }).glides);

/** Opens a game's page: its setup form, and a first game already on the board. */
async function openGame(page: Page, name: string): Promise<void> {
  await page.goto(`${base}#/play/${name}`);
  // The game's own board: after another game, the one on the page until the new one replaces it would do too
  // (the game's heading names it).
  await page.waitForSelector(`.play-head[data-game="${name}"] ~ .game svg.board`);
}

/** Plays a description from this computer: written to `file`, opened from the library page (on it already unless `fromLibrary`). */
async function playLocalFile(page: Page, file: string, text: string, { fromLibrary = false } = {}): Promise<void> {
  if (!fromLibrary) {
    await page.goto(base);
    await page.waitForSelector(".card");
  }
  const { tempFile } = await import("./support/cli.js");
  await page.setInputFiles("[data-testid=play-file]", tempFile(file, text));
}

/** Unfolds the setup form (folded under the game's name so that the board fits the window). */
const openSetup = (page: Page) => page.evaluate(() => ((document.querySelector("details.setup-box") as HTMLDetailsElement).open = true));

/** Starts a game from the setup form: with this seed (when given) and these seats, P1 first (seats not named keep theirs). */
async function startGame(page: Page, { seed, seats = [] }: { seed?: number; seats?: string[] }): Promise<void> {
  await openSetup(page);
  if (seed !== undefined) await page.fill("input[name=seed]", String(seed));
  for (const [p, who] of seats.entries()) await page.selectOption(`select[name=seat${p + 1}]`, who);
  await page.click("form.setup button[type=submit]");
}

/** The sites the board highlights as places to click, sorted. */
const highlighted = async (page: Page) => (await page.$$eval("svg.board g.site.target", (els) => els.map((e) => e.getAttribute("data-site")))).sort();

/** The page's move list. */
const moveList = (page: Page) => page.$$eval("[data-testid=moves] li .notation", (els) => els.map((e) => e.textContent ?? ""));

/** Waits until the page's move list has `n` moves. */
const movesReach = (page: Page, n: number) => page.waitForFunction((k) => document.querySelectorAll("[data-testid=moves] li").length === k, n);

describe.skipIf(!available)("the browser app", () => {
  it("lists every built-in game in the library", async () => {
    const page = await newPage();
    await page.goto(base);
    await page.waitForSelector(".card");
    const names = await page.$$eval(".card", (els) => els.map((e) => e.getAttribute("data-game")));
    expect(names.sort()).toEqual(builtinGameNames().sort());
    // The library page's scripts, compressed, come to a few kilobytes: the compiler and the engine
    // (some 200 KB) are fetched when a game or the editor is opened.
    const scripts = await page.evaluate(() => (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((r) => r.name.endsWith(".js")).reduce((a, r) => a + r.encodedBodySize, 0));
    expect(scripts).toBeLessThan(20_000);
    // A game's options with their values and what they do; its rules, fetched when opened.
    const gomoku = page.locator('.card[data-game="gomoku"]');
    expect(await gomoku.locator("ul.options li").allTextContents()).toEqual([expect.stringMatching(/^size = 15: 9, 13, 15, 19 \(Points on each side/), expect.stringMatching(/^exact = true/)]);
    await gomoku.locator("details.rules summary").click();
    await gomoku.locator("details.rules .markdown h2").first().waitFor();
    // Open rules scroll in a box of their own: the card (and its row of the library) stays short.
    expect((await gomoku.boundingBox())!.height).toBeLessThan(700);
    // A description from this computer, played at once.
    await playLocalFile(page, "mine.game", readFileSync(join(root, "games", "tic-tac-toe.game"), "utf8"), { fromLibrary: true });
    await page.waitForSelector("svg.board");
    expect(await page.locator("svg.board g.site").count()).toBe(9);
    expect(await page.locator("h1").textContent()).toBe("Tic-Tac-Toe");
    await page.close();
  });

  it("agents think in a web worker, not on the page's thread", async () => {
    const page = await newPage();
    await openGame(page, "tic-tac-toe");
    await startGame(page, { seats: ["mcts:iterations=300", "human"] });
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 1);
    expect(page.workers().map((w) => w.url())).toEqual([expect.stringMatching(/agent-worker\.js$/)]);
    await page.close();
  });

  it("a seat takes any agent spec typed in; one that cannot play the game is refused, naming the seat", async () => {
    const page = await newPage();
    await openGame(page, "blind-kings");
    await openSetup(page);
    await page.selectOption("select[name=seat2]", "other…");
    await page.fill("input[name=spec2]", "alphabeta:depth=1");
    await startGame(page, {});
    expect(await page.locator("[data-testid=seat-error]").textContent()).toMatch(/^P2: alphabeta needs perfect information/);
    expect(await page.locator(".game svg.board").count()).toBe(0);
    await openGame(page, "tic-tac-toe");
    await openSetup(page);
    await page.selectOption("select[name=seat1]", "other…");
    await page.fill("input[name=spec1]", "mcts:iterations=50,c=1");
    await startGame(page, { seats: ["other…", "human"] });
    await movesReach(page, 1);
    expect(await page.locator("[data-testid=players] tr[data-seat=P1] td").nth(2).textContent()).toBe("mcts:iterations=50,c=1");
    await page.close();
  });

  it("says why a click or a typed move does nothing, offers one of the game's own moves as the example, and names the turn in the tab", async () => {
    const page = await newPage();
    await openGame(page, "tic-tac-toe");
    await startGame(page, { seats: ["human", "human"] });
    await page.waitForSelector("svg.board g.site[data-site=a1]");
    expect(await page.title()).toMatch(/to (act|move).* · Tic-Tac-Toe · Ludex$/i);
    // The example in the move box is a move of this game, not chess's.
    expect(await page.getAttribute("form.typed input", "placeholder")).toMatch(/^type a move, e\.g\. \S+$/);
    expect(await page.getAttribute("form.typed input", "placeholder")).not.toContain("e2-e4");
    await page.click("svg.board g.site[data-site=a1]");
    await movesReach(page, 1);
    // a1 is taken: clicking it again says so instead of nothing.
    await page.click("svg.board g.site[data-site=a1]");
    expect(await page.locator("[data-testid=hint]").textContent()).toBe("No legal move starts or ends at a1.");
    await page.fill("form.typed input", "zz9");
    await page.press("form.typed input", "Enter");
    expect(await page.locator("[data-testid=hint]").textContent()).toMatch(/^'zz9' is not a legal move here \(e\.g\. \S+\)\.$/);
    // A move played clears it.
    await page.click("svg.board g.site[data-site=b2]");
    await movesReach(page, 2);
    expect(await page.locator("[data-testid=hint]").textContent()).toBe("");
    // A click with the mouse leaves no focus ring; the keyboard's arrows show where they are.
    const ringed = () => page.evaluate(() => document.querySelectorAll("svg.board g.site:focus-visible").length);
    expect(await ringed()).toBe(0);
    await page.keyboard.press("ArrowRight");
    expect(await ringed()).toBe(1);
    await page.close();
  });

  it("says so when the player to act has no legal move and the rules end nothing, instead of waiting for ever", async () => {
    const page = await newPage();
    const stuck = `(game "Stuck" (players 2) (equipment {(board (square 2 1)) (piece stone)})
      (rules (start {(place stone P1 a1) (place stone P2 b1)}) (play (add piece:stone to:(empty to))) (end {})))`;
    await playLocalFile(page, "stuck.game", stuck);
    await page.waitForSelector("svg.board");
    await page.waitForFunction(() => /no legal move/.test(document.querySelector("[data-testid=status]")?.textContent ?? ""));
    expect(await page.locator("[data-testid=status]").textContent()).toBe("P1 has no legal move, and the rules end nothing here: the game cannot go on.");
    await page.close();
  });

  it("prompts each decision: what to do, and where, the sites highlighted before they are clicked (Konane's opening lift, a Morris mill's removal)", async () => {
    const page = await newPage();
    await openGame(page, "konane");
    await startGame(page, { seats: ["human", "human"] });
    await page.waitForSelector("svg.board g.site.target");
    expect(await page.locator("[data-testid=prompt]").textContent()).toBe("Click a highlighted site to lift.");
    expect((await highlighted(page))).toEqual(["a10", "e6", "f5", "j1"]);
    await openGame(page, "nine-mens-morris");
    await startGame(page, { seats: ["human", "human"] });
    // Every empty point takes a man at the start: said, not lit up all over the board.
    await page.waitForFunction(() => document.querySelector("[data-testid=prompt]")?.textContent === "Click any empty site to add.");
    expect(await highlighted(page)).toEqual([]);
    for (const [i, site] of ["a1", "b2", "d1", "b4", "g1"].entries()) {
      await page.click(`svg.board g.site[data-site=${site}]`);
      await movesReach(page, i + 1);
    }
    // The mill: the second decision of the turn names itself, and the men that may go are highlighted.
    await page.waitForFunction(() => document.querySelector("[data-testid=prompt]")?.textContent === "Click a highlighted site to remove.");
    expect((await highlighted(page))).toEqual(["b2", "b4"]);
    await page.close();
  });

  // A laptop's window and a phone's: every board whole on screen, nothing wider than the window.
  // LUDEX_SCREENSHOTS=DIR saves each game's page there, as SIZE/NAME.png, to be looked at.
  for (const [width, height] of [[1280, 720], [390, 844]] as const) {
    it(`every board fits a ${width} x ${height} window, whole and without scrolling sideways`, async () => {
      const page = await newPage({ viewport: { width, height } });
      const shots = process.env.LUDEX_SCREENSHOTS;
      for (const name of builtinGameNames()) {
        await openGame(page, name);
        const box = (await page.locator("svg.board").boundingBox())!;
        const where = `${name} at ${width} x ${height}: board ${JSON.stringify(box)}`;
        expect(box.x, where).toBeGreaterThanOrEqual(0);
        expect(box.y, where).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, where).toBeLessThanOrEqual(width);
        expect(box.y + box.height, where).toBeLessThanOrEqual(height);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(width);
        if (shots) await page.screenshot({ path: join(shots, `${width}x${height}`, `${name}.png`) });
      }
      await page.close();
    });
  }

  it("marks the last move, lists who made each move, steps through the game with the arrow keys, and offers another game at the end", async () => {
    const page = await newPage();
    await openGame(page, "tic-tac-toe");
    await startGame(page, { seats: ["human", "human"] });
    const last = () => page.$$eval("svg.board g.site.last", (els) => els.map((e) => e.getAttribute("data-site")));
    for (const [i, site] of ["a1", "b2"].entries()) {
      await page.click(`svg.board g.site[data-site=${site}]`);
      await movesReach(page, i + 1);
    }
    expect(await last()).toEqual(["b2"]);
    expect(await page.$$eval("[data-testid=moves] li .who", (els) => els.map((e) => e.textContent))).toEqual(["P1 (Noughts)", "P2 (Crosses)"]);
    // Outside the board, Left steps back a move (Home to the start, End to now).
    await page.locator("h1").click();
    await page.keyboard.press("ArrowLeft");
    expect(await last()).toEqual(["a1"]);
    expect(await page.locator("[data-testid=moves] li.viewing .notation").textContent()).toBe("a1");
    await page.keyboard.press("Home");
    expect(await last()).toEqual([]);
    await page.keyboard.press("End");
    expect(await last()).toEqual(["b2"]);
    for (const [i, site] of ["a2", "b3", "a3"].entries()) {
      await page.click(`svg.board g.site[data-site=${site}]`);
      await movesReach(page, i + 3);
    }
    const finished = page.url();
    await page.click("[data-action=again]");
    await movesReach(page, 0);
    expect(page.url()).not.toBe(finished);
    expect(page.url()).toMatch(/p1=human&p2=human&seed=\d+$/);
    await page.close();
  });

  it("keeps the game in the address: a reload and Back resume the position, a new game is a new entry of the history, and the library's link offers the unfinished one", async () => {
    const page = await newPage();
    await openGame(page, "tic-tac-toe");
    await startGame(page, { seats: ["human", "human"] });
    for (const [i, site] of ["a1", "b2"].entries()) {
      await page.click(`svg.board g.site[data-site=${site}]`);
      await movesReach(page, i + 1);
    }
    expect(page.url()).toMatch(/#\/play\/tic-tac-toe\?p1=human&p2=human&seed=\d+&moves=a1\+b2$/);
    const board = await drawnPieces(page);
    await page.reload();
    await page.waitForSelector('.play-head[data-game="tic-tac-toe"] ~ .game svg.board');
    expect(await moveList(page)).toEqual(["a1", "b2"]);
    expect(await drawnPieces(page)).toEqual(board);
    // Away to the library and Back: the same game.
    await page.click("header a.home");
    await page.waitForSelector(".card");
    await page.goBack();
    await page.waitForSelector('.play-head[data-game="tic-tac-toe"] ~ .game svg.board');
    expect(await moveList(page)).toEqual(["a1", "b2"]);
    // A new game from the form is a new entry of the history: Back returns to this one.
    await startGame(page, {});
    await movesReach(page, 0);
    await page.goBack();
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 2);
    // The library's link starts a new game, and offers the unfinished one kept in this browser.
    await page.goto(`${base}#/play/tic-tac-toe`);
    await page.waitForSelector("[data-testid=resume]");
    expect(await page.locator("[data-testid=resume]").textContent()).toBe("Your unfinished game of Tic-Tac-Toe (2 moves) is kept in this browser: resume it.");
    await page.click("[data-action=resume]");
    await movesReach(page, 2);
    expect(await moveList(page)).toEqual(["a1", "b2"]);
    await page.close();
  });

  it("draws the dice as dice, each player's hand in a tray (a drop starts there), and a king in check", async () => {
    const page = await newPage();
    // Backgammon after a few moves: the dice drawn, what they show, a used one faded.
    const bg = loadGame("backgammon");
    const { moves: thrown, state: s } = decide(bg, 5, (legal) => legal[0]!, (_, k) => k === 3);
    await page.goto(base + addressOf(bg, "backgammon", 5, thrown));
    await page.waitForSelector('.play-head[data-game="backgammon"] ~ .game svg.board');
    const dice = await page.$$eval("[data-testid=dice] svg.die", (els) => els.map((e) => ({ value: Number(e.getAttribute("data-value")), used: e.classList.contains("used") })));
    expect(dice).toEqual(Array.from(s.dice, (v, d) => ({ value: v, used: s.diceLeft[d]! <= 0 })));
    // Shogi, P1 holding a captured piece: taken up from the hand, its drops lit, dropped by a click.
    const shogi = loadGame("shogi"), types = shogi.def.pieces.length;
    const dropsNow = (x: State) => shogi.legalMoves(x).filter((m) => m.from === undefined && m.to !== undefined);
    const { moves: played, state: t } = decide(
      shogi,
      1,
      (legal, _, k) => legal.find((x) => x.captures?.length) ?? legal[(k * 7) % legal.length]!,
      (x) => x.mover === 0 && x.hand.slice(0, types).some((c) => c > 0) && dropsNow(x).length > 0,
    );
    await page.goto(base + addressOf(shogi, "shogi", 1, played));
    await page.waitForSelector('.play-head[data-game="shogi"] ~ .game svg.board');
    const held = shogi.def.pieces.findIndex((_, i) => t.hand[i]! > 0);
    const name = shogi.def.pieces[held]!.name;
    const drops = dropsNow(t).filter((m) => m.piece === name);
    await page.click(`svg.board g.hand-piece[data-hand=P1][data-piece="${name}"]`);
    expect(await page.locator("[data-testid=prompt]").textContent()).toBe(`Click a highlighted site to drop the ${name} there.`);
    expect(await highlighted(page)).toEqual(drops.map((m) => m.to!).sort());
    await page.click(`svg.board g.site[data-site="${drops[0]!.to}"]`, { force: true });
    await movesReach(page, played.length + 1);
    expect((await moveList(page)).at(-1)).toBe(drops[0]!.notation);
    // The same drop from the keyboard: the piece in hand is a Tab stop; Enter takes it up, then the arrows and Enter drop it.
    await page.click("[data-action=undo]");
    await movesReach(page, played.length);
    await page.locator("h1").click();
    await keyMove(page, drops.at(-1)!);
    await movesReach(page, played.length + 1);
    expect((await moveList(page)).at(-1)).toBe(drops.at(-1)!.notation);
    // Chess: the king attacked is ringed.
    await page.goto(`${base}#/play/chess?p1=human&p2=human&seed=1&moves=e2-e4+f7-f5+d1-h5`);
    await page.waitForSelector('.play-head[data-game="chess"] ~ .game svg.board');
    expect(await page.locator("svg.board circle.check").count()).toBe(1);
    await page.close();
  });

  it("turns the board for a person playing the second seat, exports the board and the game, and plays on from an earlier position", async () => {
    const page = await newPage();
    const y = (site: string) => page.$eval(`svg.board g.site[data-site="${site}"] circle`, (c) => Number(c.getAttribute("cy")));
    await page.goto(`${base}#/play/chess?p1=human&p2=human&seed=1`);
    await page.waitForSelector('.play-head[data-game="chess"] ~ .game svg.board');
    expect(await y("a1")).toBeGreaterThan(await y("a8"));
    await page.click("[data-action=flip]");
    expect(await y("a1")).toBeLessThan(await y("a8"));
    // Against an agent, a person at the second seat sees their side at the bottom at once.
    await page.goto(`${base}?pace=0#/play/chess?p1=random&p2=human&seed=1`);
    await page.waitForSelector('.play-head[data-game="chess"] ~ .game svg.board');
    expect(await y("a8")).toBeGreaterThan(await y("a1"));
    // The board as a picture that stands alone (the page's style copied in), and the game as text.
    await movesReach(page, 1);
    const read = async (action: string) => {
      const [file] = await Promise.all([page.waitForEvent("download"), page.click(`[data-action=${action}]`)]);
      return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, "utf8") };
    };
    const svg = await read("export-svg");
    expect(svg.name).toMatch(/\.svg$/);
    expect(svg.text).toMatch(/^<svg[^>]* width="[\d.]+" height="[\d.]+"/);
    expect(svg.text).toContain("<style>");
    const png = await Promise.all([page.waitForEvent("download"), page.click("[data-action=export-png]")]);
    expect(readFileSync((await png[0].path())!).subarray(1, 4).toString()).toBe("PNG");
    const text = await read("export-text");
    expect(text.text).toContain("Moves:\n   1. P1 (White) ");
    expect(text.text).toContain("The board after move 1:");
    // Play on from an earlier position: the moves after it taken back.
    await openGame(page, "tic-tac-toe");
    await startGame(page, { seats: ["human", "human"] });
    for (const [i, site] of ["a1", "b2", "c3"].entries()) {
      await page.click(`svg.board g.site[data-site=${site}]`);
      await movesReach(page, i + 1);
    }
    expect(await page.locator("[data-action=play-on]").isHidden()).toBe(true);
    await page.click("[data-action=back]");
    await page.click("[data-action=back]");
    await page.click("[data-action=play-on]");
    await movesReach(page, 1);
    await page.click("svg.board g.site[data-site=a3]");
    await movesReach(page, 2);
    expect(await moveList(page)).toEqual(["a1", "a3"]);
    await page.close();
  });

  it("a ranking by a final score the rules count at the end shows the running score beside it, and says which one ranks", async () => {
    const g = loadGame("beset");
    const { moves, state: s } = decide(g, 3, (legal, _, k) => legal[(k * 7) % legal.length]!);
    expect(s.over).toBe(true);
    const page = await newPage();
    await page.goto(base + addressOf(g, "beset", 3, moves));
    await page.waitForSelector("[data-testid=ranking]");
    expect(await page.locator("[data-testid=ranking] caption").textContent()).toBe("Ranked by final score, as the rules count it at the end; the score beside the seats is the running score.");
    expect(await page.locator("[data-testid=ranking] th").allTextContents()).toEqual(["place", "players", "final score", "score"]);
    // Each row: the players at that place, their final score, and their running score as the engine has it.
    const info = endInfo(g, s)!;
    const rows = await page.$$eval("[data-testid=ranking] tr:has(td)", (trs) => trs.map((tr) => Array.from(tr.querySelectorAll("td"), (td) => td.textContent)));
    expect(rows).toEqual(
      info.ranking!.map((r) => [String(r.place), r.players.map((p) => seatLabel(g, Number(p.slice(1)) - 1)).join(", "), ...r.values.map(String), r.players.map((p) => String(s.score[Number(p.slice(1)) - 1])).join(", ")]),
    );
    await page.close();
  });

  it("an address with the decisions of a dice game resumes it: the throws follow from the seed", async () => {
    const g = loadGame("backgammon"), seed = 5;
    const { moves } = decide(g, seed, (legal, _, k) => legal[(k * 5) % legal.length]!, (_, k) => k === 12);
    const decisions = moves.map((m) => m.notation);
    const page = await newPage();
    await page.goto(base + addressOf(g, "backgammon", seed, moves));
    await page.waitForSelector('.play-head[data-game="backgammon"] ~ .game svg.board');
    expect(await page.locator("[data-testid=address-error]").count()).toBe(0);
    expect((await moveList(page)).filter((n) => !n.startsWith("roll"))).toEqual(decisions);
    expectBoardMatches(g, await engineState(page, g, seed), await drawnPieces(page), "backgammon from its address");
    await page.close();
  });

  it("a game with face-down pieces keeps its deal in this browser, never in the address", async () => {
    const page = await newPage();
    await openGame(page, "blind-kings");
    await startGame(page, { seats: ["human", "random"] });
    await page.click("svg.board g.site[data-site=a1]");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length >= 2);
    const address = page.url();
    expect(address).toMatch(/[?&]deal=\w+/);
    expect(address).not.toMatch(/seed=/);
    const drawn = await drawnPieces(page);
    const moves = await moveList(page);
    await page.reload();
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length === n, moves.length);
    expect(await drawnPieces(page)).toEqual(drawn);
    // Another browser (a page of its own context: nothing kept) cannot deal the pieces from the address.
    const other = await newPage();
    await other.goto(address);
    await other.waitForSelector("[data-testid=address-error]");
    expect(await other.locator("[data-testid=address-error]").textContent()).toMatch(/kept only in the browser that started it/);
    expect(await other.locator("svg.board").count()).toBe(0);
    await other.close();
    await page.close();
  });

  it("a game with dice against an agent keeps its seed in this browser, out of the form, the address and the page; between people the address holds it", async () => {
    const page = await newPage();
    await openGame(page, "backgammon");
    // The seed throws the dice: with an agent at the table, a person who knew it could see every throw to come.
    expect(await page.inputValue("input[name=seed]")).toBe("");
    await startGame(page, { seats: ["human", "random"] });
    await page.waitForFunction(() => /[?&]deal=\w+/.test(location.href));
    expect(page.url()).not.toMatch(/seed=/);
    await openSetup(page);
    expect(await page.inputValue("input[name=seed]")).toBe("");
    expect(await page.content()).not.toMatch(/0x[0-9a-f]{32}/);
    // No record leaves the page before the end (it holds the seed).
    expect(await page.isDisabled("[data-action=save]")).toBe(true);
    // Between people, everyone sees the throws as they come: the seed is no secret.
    await startGame(page, { seats: ["human", "human"] });
    await page.waitForFunction(() => /[?&]seed=\d+/.test(location.href));
    expect(page.url()).not.toMatch(/deal=/);
    await page.close();
  });

  it("a description from this computer has a page of its own, kept across a reload; what it extends comes from the library", async () => {
    const page = await newPage();
    await playLocalFile(page, "mine.game", '(game "My Benediction"\n  (extends "benediction.game"))\n');
    await page.waitForSelector('.play-head[data-game="mine"] ~ .game svg.board');
    expect(page.url()).toMatch(/#\/local\/[0-9a-f]{16}\?p1=human&p2=random&seed=\d+$/);
    expect(await page.locator("h1").textContent()).toBe("My Benediction");
    await page.reload();
    await page.waitForSelector('.play-head[data-game="mine"] ~ .game svg.board');
    expect(await page.locator(".error").count()).toBe(0);
    await page.close();
  });

  it("hidden pieces, two people at one screen: no hand-over where both see the same board, never an identity in the DOM, no record before the end", async () => {
    const g = loadGame("blind-kings");
    const page = await newPage();
    await openGame(page, "blind-kings");
    // The seed deals the face-down pieces: drawn at random and not shown, unless the players type one.
    expect(await page.inputValue("input[name=seed]")).toBe("");
    await startGame(page, { seed: 8, seats: ["human", "human"] });
    // Blind Kings hides a face-down piece from both players alike: each sees what the other sees, so
    // the screen passes between them without being covered.
    for (let k = 0; k < 4; k++) {
      await page.waitForSelector("svg.board");
      expect(await page.locator("[data-testid=handover]").count()).toBe(0);
      const s = await engineState(page, g, 8);
      const drawn = await drawnPieces(page);
      expectBoardMatches(g, g.observation(s, s.mover), drawn, `blind kings, ${k} moves made`);
      const html = await page.content();
      // Every face-down piece of the state: its identity appears nowhere in the DOM.
      for (const [site, p] of drawn) if (p.faceDown) expect(html).not.toMatch(new RegExp(`data-site="${site}"[^>]*data-(owner|piece)=`));
      // Nor does the seed that dealt them, in the page or its address.
      expect(page.url()).not.toMatch(/seed=/);
      expect(await page.isDisabled("[data-action=save]")).toBe(true);
      const m = g.legalMoves(s)[k % 3]!;
      const before = await page.locator("[data-testid=moves] li").count();
      await clickMove(page, m);
      await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before);
    }
    // The game as text, downloaded while it goes on: no seed, and the board as the players see it (face down).
    const [file] = await Promise.all([page.waitForEvent("download"), page.click("[data-action=export-text]")]);
    const text = readFileSync((await file.path())!, "utf8");
    expect(text).not.toMatch(/^Seed:/m);
    const s = await engineState(page, g, 8);
    expect(text).toContain(renderBoard(g, g.observation(s, s.mover)));
    await page.close();
  });

  it("the editor: diagnostics as you type, at their line and column; the board of a fixed description; completion of ludemes and arguments, documentation on hover", async () => {
    const page = await newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${base}#/edit/tic-tac-toe`);
    await page.waitForSelector("[data-testid=preview] svg.board");
    expect(await page.locator("[data-testid=preview] svg.board g.site").count()).toBe(9);
    await page.waitForFunction(() => /200 random playouts/.test(document.querySelector("[data-testid=stats]")?.textContent ?? ""));
    // Hovering a ludeme's name shows its signature and documentation.
    const board = await page.evaluate(() => {
      for (const line of Array.from(document.querySelectorAll(".cm-line"))) {
        const at = (line.textContent ?? "").indexOf("(board");
        if (at < 0) continue;
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        let offset = at + 3;
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          if (offset >= node.length) {
            offset -= node.length;
            continue;
          }
          const range = document.createRange();
          range.setStart(node, offset);
          range.setEnd(node, offset + 1);
          const r = range.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        }
      }
      return null;
    });
    expect(board).not.toBeNull();
    await page.mouse.move(board!.x, board!.y);
    await page.waitForSelector(".ludeme-doc");
    expect(await page.locator(".ludeme-doc code").textContent()).toBe("(board shape:board [drawn:enum] [places:{enum}] [marked:region])");
    expect(await page.locator(".ludeme-doc p").textContent()).toMatch(/^The board\. Every board names three regions/);
    await page.mouse.move(0, 0);
    // Break it: a stray form after the game.
    await page.click(".cm-content");
    await page.keyboard.press("Control+End");
    await page.keyboard.type("\n(bogus");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=problems] li").length > 0);
    const problems = await page.locator("[data-testid=problems] li").allTextContents();
    expect(problems[0]).toMatch(/^24:1 error P00\d: /);
    await page.waitForSelector(".cm-lintRange-error");
    // Fix it again: the problems go, the board stays.
    for (let i = 0; i < "\n(bogus)".length; i++) await page.keyboard.press("Backspace");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=problems] li").length === 0);
    expect(await page.locator("[data-testid=preview] svg.board g.site").count()).toBe(9);
    // A .game file from this computer replaces the text, and is compiled at once.
    const { tempFile } = await import("./support/cli.js");
    await page.setInputFiles("[data-testid=open-file]", tempFile("broken.game", '(game "B" (players 2) (equipment {(board (square 3 3)) (piece man)}) (rules (start {}) (play (nope)) (end {})))'));
    await page.waitForFunction(() => /B001/.test(document.querySelector("[data-testid=problems]")?.textContent ?? ""));
    expect(await page.locator("[data-testid=problems] li").first().textContent()).toMatch(/^1:\d+ error B001: unknown ludeme 'nope'/);
    // Completion of ludeme names after a bracket.
    await page.keyboard.type("\n(squ");
    await page.waitForSelector(".cm-tooltip-autocomplete");
    // each entry: the ludeme's name, then its category
    expect(await page.locator(".cm-tooltip-autocomplete li").allTextContents()).toContain("squareboard");
    // Inside a form, asked for (Ctrl+Space): the ludeme's arguments.
    await page.keyboard.press("Escape");
    await page.keyboard.type("are 3 3 ");
    await page.keyboard.press("Control+Space");
    await page.waitForSelector(".cm-tooltip-autocomplete");
    expect(await page.locator(".cm-tooltip-autocomplete li").allTextContents()).toEqual(expect.arrayContaining(["diagonals:", "holes:"]));
    await page.close();
  });

  it("the editor keeps its text across a reload, offers the library's text back, and downloads the description", async () => {
    const page = await newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${base}#/edit/tic-tac-toe`);
    await page.waitForSelector("[data-testid=preview] svg.board");
    expect(await page.locator("[data-testid=kept]").isVisible()).toBe(false);
    await page.click(".cm-content");
    await page.keyboard.press("Control+End");
    await page.keyboard.type("\n// my own line");
    await page.reload();
    await page.waitForSelector("[data-testid=preview] svg.board");
    expect(await page.locator(".cm-content").textContent()).toContain("// my own line");
    expect(await page.locator("[data-testid=kept]").isVisible()).toBe(true);
    // Download: the text as it stands, as tic-tac-toe.game.
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=download]")]);
    expect(download.suggestedFilename()).toBe("tic-tac-toe.game");
    expect(readFileSync((await download.path())!, "utf8")).toContain("// my own line");
    // Back to the library's text: the edits are forgotten, across a reload too.
    await page.click("[data-testid=revert]");
    expect(await page.locator(".cm-content").textContent()).not.toContain("// my own line");
    await page.reload();
    await page.waitForSelector("[data-testid=preview] svg.board");
    expect(await page.locator(".cm-content").textContent()).not.toContain("// my own line");
    expect(await page.locator("[data-testid=kept]").isVisible()).toBe(false);
    await page.close();
  });

  it("the editor: changing an option redraws the board and re-runs the statistics; Play it keeps the option", async () => {
    const page = await newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${base}#/edit/gomoku`);
    await page.waitForSelector("[data-testid=preview] svg.board");
    expect(await page.locator("[data-testid=preview] svg.board g.site").count()).toBe(15 * 15);
    await page.waitForFunction(() => /200 random playouts/.test(document.querySelector("[data-testid=stats]")?.textContent ?? ""));
    const before = await page.locator("[data-testid=stats]").textContent();
    await page.selectOption("[data-testid=editor-options] select[name=size]", "9");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=preview] svg.board g.site").length === 81);
    await page.waitForFunction((old) => /200 random playouts/.test(document.querySelector("[data-testid=stats]")?.textContent ?? "") && document.querySelector("[data-testid=stats]")?.textContent !== old, before);
    await page.click("text=Play it");
    await page.waitForSelector(".game svg.board:not([data-testid=preview] svg)");
    expect(await page.locator("form.setup select[name=size]").inputValue()).toBe("9");
    await page.close();
  });

  it("the editor: the description coloured by its syntax; random games that get stuck are a warning with their moves, endless ones a note", async () => {
    const page = await newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${base}#/edit/tic-tac-toe`);
    await page.waitForFunction(() => /200 random playouts/.test(document.querySelector("[data-testid=stats]")?.textContent ?? ""));
    // Each kind of token has a class of its own (coloured by app.css).
    const classOf = (text: string) => page.evaluate((t) => Array.from(document.querySelectorAll(".cm-line span")).find((s) => s.textContent === t)?.className ?? null, text);
    expect(await classOf("board")).toBe("ldx-ludeme");
    expect(await classOf("diagonals:")).toBe("ldx-named");
    expect(await classOf("mover")).toBe("ldx-player");
    expect(await page.locator(".cm-line span.ldx-comment").first().textContent()).toMatch(/^\/\/ Tic-Tac-Toe, as Ludii/);
    // A library game gets neither warning nor note.
    expect(await page.locator("[data-testid=stuck-warning], [data-testid=cut-note]").count()).toBe(0);
    // Placements on a 2 x 2 board and no end rule: after four, nobody can move and nothing ends the game.
    const replaceText = async (text: string) => {
      await page.click(".cm-content");
      await page.keyboard.press("Control+A");
      await page.keyboard.insertText(text);
    };
    const rules = (play: string) => `(game "Gap" (players 2) (equipment {(board (square 2 2)) (piece stone)}) (rules (start {}) (play ${play}) (end {})))`;
    await replaceText(rules("(add piece:stone to:(empty to))"));
    await page.waitForSelector("[data-testid=stuck-warning]");
    expect(await page.locator("[data-testid=stuck-warning]").textContent()).toMatch(
      /^In 200 of 200 random games the player to act had no legal move and no rule ended the game\. The first after 4 moves: \*?[ab][12]( \*?[ab][12]){3}\. Add an end rule such as \(if \(no-moves next\) \(win mover\)\)/,
    );
    expect(await page.locator("[data-testid=cut-note]").count()).toBe(0);
    // Only passes: every game still going at the ply limit, a milder note.
    await replaceText(rules("(pass)"));
    await page.waitForSelector("[data-testid=cut-note]");
    expect(await page.locator("[data-testid=cut-note]").textContent()).toBe("200 of 200 random games were still going after 2000 moves: random play may never end this game.");
    expect(await page.locator("[data-testid=stuck-warning]").count()).toBe(0);
    await page.close();
  });

  it("saves a game's record, and loads it again: the same moves and board", async () => {
    const g = loadGame("tic-tac-toe");
    const page = await newPage();
    await openGame(page, "tic-tac-toe");
    await startGame(page, { seed: 5, seats: ["human", "human"] });
    for (const site of ["b2", "a1", "c3"]) {
      const before = await page.locator("[data-testid=moves] li").count();
      await page.click(`svg.board g.site[data-site="${site}"] circle`, { force: true });
      await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before);
    }
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-action=save]")]);
    const path = await download.path();
    const { readRecordFile } = await import("../src/record/replay.js");
    const rec = readRecordFile(path);
    expect(rec.game.name).toBe("tic-tac-toe");
    expect(rec.moves.map((m) => m.notation)).toEqual(await moveList(page));
    // A fresh page loads it: the same moves, the same board.
    await page.reload();
    await page.waitForSelector("svg.board");
    await page.setInputFiles("[data-testid=load-record]", path);
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length === 3);
    const s = await engineState(page, g, 5);
    expectBoardMatches(g, s, await drawnPieces(page), "after loading the record");
    await page.close();
  });

  it("a loaded record's agents beyond the bounds are capped, the page says so, and they play", async () => {
    // Seven plies of Tic-Tac-Toe: P2 has two squares left, then P1 the last one (see test/agent-bounds.test.ts).
    const g = loadGame("tic-tac-toe");
    let s = g.newGame({ seed: 5 });
    const rec = newRecord(g, { seed: 5, seats: ["mcts:iterations=1000000000", "alphabeta:depth=1000"] });
    for (const notation of ["a2", "c2", "b2", "b3", "c3", "b1", "c1"]) {
      const m = g.legalMoves(s).find((x) => x.notation === notation)!;
      addMove(rec, s.mover, m);
      s = g.apply(s, m);
    }
    finishRecord(rec, g, s, "unfinished");
    const { tempFile } = await import("./support/cli.js");
    const page = await newPage();
    await openGame(page, "tic-tac-toe");
    await page.setInputFiles("[data-testid=load-record]", tempFile("capped-agents.json", JSON.stringify(rec)));
    await movesReach(page, 9);
    expect(await page.$$eval("[data-testid=capped]", (els) => els.map((e) => e.textContent))).toEqual([
      "P1's agent 'mcts:iterations=1000000000' from the record is capped to 'mcts:iterations=100000' (at most 100000 iterations a decision for a record's agent).",
      "P2's agent 'alphabeta:depth=1000' from the record is capped to 'alphabeta:depth=6' (at most 6 plies of search for a record's agent).",
    ]);
    expect(await page.locator("[data-testid=players] tr[data-seat=P1] td").nth(2).textContent()).toBe("mcts:iterations=100000");
    await page.close();
  });

  it("a capture chain is clicked landing by landing; a loaded record replays, each move gliding and its captures fading out", async () => {
    const g = loadGame("dablot");
    // A game of random moves (in Node) up to a position where the person to act has a chain of landings.
    const seed = 5;
    let s = g.newGame({ seed });
    const rec = newRecord(g, { seed, seats: ["human", "human"] });
    let chain: Move | undefined;
    for (let ply = 0; ply < 400 && !chain; ply++) {
      const legal = g.legalMoves(s);
      chain = legal.find((m) => landings(m).length > 1);
      if (chain) break;
      const m = legal[(ply * 7919) % legal.length]!;
      addMove(rec, s.mover, m);
      s = g.apply(s, m);
    }
    expect(chain, "a chain comes up in the game").toBeDefined();
    finishRecord(rec, g, s, "unfinished");
    const { tempFile } = await import("./support/cli.js");
    const page = await newPage({ viewport: { width: 1000, height: 900 } });
    await recordGlides(page);
    await openGame(page, "dablot");
    await page.setInputFiles("[data-testid=load-record]", tempFile("dablot.json", JSON.stringify(rec)));
    await movesReach(page, rec.moves.length);
    expectBoardMatches(g, s, await drawnPieces(page), "dablot, the record loaded");
    // The chain, landing by landing: after the first landing the next ones are highlighted.
    await page.click(`svg.board g.site[data-site="${chain!.from}"] circle`, { force: true });
    const path = landings(chain!);
    await page.click(`svg.board g.site[data-site="${path[0]}"] circle`, { force: true });
    expect(await page.locator(`svg.board g.site.visited[data-site="${path[0]}"]`).count()).toBe(1);
    expect(await page.locator(`svg.board g.site.target[data-site="${path[1]}"]`).count()).toBe(1);
    await clickMove(page, { ...chain!, from: undefined, path: path.slice(1), to: chain!.to });
    await movesReach(page, rec.moves.length + 1);
    expect((await moveList(page)).at(-1)).toBe(chain!.notation);
    expectBoardMatches(g, g.apply(s, chain!), await drawnPieces(page), "dablot, after the chain");
    // Replaying from the start: the positions in turn, each move gliding, until the latest.
    const replayed = rec.moves.length + 1;
    await page.evaluate(() => ((window as unknown as { glides: string[] }).glides.length = 0));
    await page.click("[data-action=replay]");
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li")[n - 1]?.classList.contains("viewing"), 3);
    await page.click("[data-action=latest]");
    expect(await page.locator("[data-testid=moves] li").nth(replayed - 1).getAttribute("class")).toBe("viewing");
    expect((await glides(page)).filter((g) => !g.startsWith("x")).slice(0, 3)).toEqual(rec.moves.slice(0, 3).map((m) => m.move.to));
    // Stepping forward over the chain: it glides, and the pieces it captured fade out.
    await page.click("[data-action=back]");
    await page.evaluate(() => ((window as unknown as { glides: string[] }).glides.length = 0));
    await page.click("[data-action=forward]");
    expect(await glides(page)).toEqual([...chain!.captures!.map((c) => `x${c}`), chain!.to]);
    await page.close();
  });

  it("plays from the keyboard: arrows between sites, Enter to click; each site says what stands on it", async () => {
    const page = await newPage();
    await openGame(page, "tic-tac-toe");
    await startGame(page, { seed: 2, seats: ["human", "human"] });
    // One Tab stop on the board; from a1, right to b1, up to b2.
    expect(await page.locator('svg.board g.site[tabindex="0"]').count()).toBe(1);
    await page.focus('svg.board g.site[data-site="a1"]');
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowUp");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-site"))).toBe("b2");
    await page.keyboard.press("Enter");
    await movesReach(page, 1);
    expect((await moveList(page))[0]).toBe("b2");
    // The focus stays on the board, on the site played, which now names its piece.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-site"))).toBe("b2");
    expect(await page.locator('svg.board g.site[data-site="b2"]').getAttribute("aria-label")).toMatch(/^b2: P1\b.* \w+$/);
    expect(await page.locator('svg.board g.site[data-site="a1"]').getAttribute("aria-label")).toBe("a1");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press(" ");
    await movesReach(page, 2);
    expect((await moveList(page))[1]).toBe("a2");
    // Dablot's points between the lines' crossings: Right reaches every one of the 72, row by row
    // from the top; Down goes from a row of crossings to the row of points between them.
    await openGame(page, "dablot");
    const at = () => page.evaluate(() => document.activeElement?.getAttribute("data-site"));
    await page.focus("svg.board g.site >> nth=0");
    const reached = new Set([await at()]);
    for (let k = 0; k < 71; k++) {
      await page.keyboard.press("ArrowRight");
      reached.add(await at());
    }
    expect(reached.size).toBe(72);
    await page.focus('svg.board g.site[data-site="a13"]');
    await page.keyboard.press("ArrowDown");
    expect(await at()).toBe("b12");
    await page.keyboard.press("ArrowDown");
    expect(await at()).toBe("a11");
    // A menu of the moves one click names (Einstein's pieces, any of which may be placed on a3): the
    // focus goes to its first button; Escape gives it up, back to the site on the board; Tab reaches
    // another move of the menu, and once it is played the focus is on the board again.
    await openGame(page, "einstein");
    await startGame(page, { seed: 3, seats: ["human", "human"] });
    await keyClick(page, { site: "a3" });
    const menu = () => page.$$eval(".choices button[data-move]", (els) => els.map((e) => e.getAttribute("data-move")));
    expect(await menu()).toEqual(["1*a3", "2*a3", "3*a3", "4*a3", "5*a3", "6*a3"]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-move"))).toBe("1*a3");
    await page.keyboard.press("Escape");
    expect(await at()).toBe("a3");
    expect(await menu()).toEqual([]);
    await keyClick(page, { site: "a3" });
    await keyClick(page, { move: "3*a3" });
    await page.waitForFunction(() => document.querySelector("[data-testid=moves] li .notation")?.textContent === "3*a3");
    expect(await at()).toBe("a3");
    await page.close();
  });

  it("a game between agents can be paused and resumed; the agent to act is shown thinking", async () => {
    const page = await newPage();
    await openGame(page, "gomoku");
    await startGame(page, { seats: ["random", "random"] });
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=moves] li").length >= 2);
    await page.click("[data-action=pause]");
    expect(await page.locator("[data-action=pause]").textContent()).toBe("resume");
    // The move being thought of is still played; then no agent is asked until resumed.
    await page.waitForFunction(() => (document.querySelector("[data-testid=thinking]")?.textContent ?? "") === "");
    const held = (await moveList(page)).length;
    // Every text the "thinking" line shows from now on.
    await page.evaluate(() => {
      const line = document.querySelector("[data-testid=thinking]")!;
      const seen: string[] = ((window as unknown as { thoughts: string[] }).thoughts = []);
      new MutationObserver(() => seen.push(line.textContent ?? "")).observe(line, { childList: true, characterData: true, subtree: true });
    });
    await page.click("[data-action=pause]");
    await movesReach(page, held + 2);
    const thoughts = await page.evaluate(() => (window as unknown as { thoughts: string[] }).thoughts);
    expect(thoughts.filter((t) => t !== "")[0]).toMatch(/^P\d \(\w+\) \(random\) is thinking…$/);
    await page.close();
  });

  it("undo takes back the person's move and the agent's reply, which is shown arriving; the end shows who won and why", async () => {
    const g = loadGame("tic-tac-toe");
    const page = await newPage();
    await recordGlides(page);
    await openGame(page, "tic-tac-toe");
    await startGame(page, { seed: 3, seats: ["human", "random"] });
    expect(await page.locator("[data-action=undo]").isDisabled()).toBe(true);
    expect(await page.locator("[data-action=undo]").getAttribute("title")).toBe("Nothing to undo.");
    await page.click(`svg.board g.site[data-site="b2"] circle`, { force: true });
    await movesReach(page, 2);
    // The person's own placement appears at once; the agent's is animated.
    const reply = (await moveList(page))[1]!;
    expect(await glides(page)).toEqual([reply]);
    expect(await page.locator("[data-action=undo]").isDisabled()).toBe(false);
    await page.click("[data-action=undo]");
    await movesReach(page, 0);
    expectBoardMatches(g, g.newGame({ seed: 3 }), await drawnPieces(page), "after undo");
    // People on both seats: P1 makes a line.
    await startGame(page, { seats: ["human", "human"] });
    for (const [i, site] of ["a1", "b1", "a2", "b2", "a3"].entries()) {
      await page.click(`svg.board g.site[data-site="${site}"] circle`, { force: true });
      await movesReach(page, i + 1);
    }
    expect(await page.locator("[data-testid=result] h2").textContent()).toMatch(/wins$/);
    expect(await page.locator("[data-testid=reason]").textContent()).toMatch(/\S/);
    expect(await page.locator("[data-testid=status]").textContent()).toBe("Game over.");
    await page.close();
  });

  describe("every built-in game, one page going from game to game as a person would (agents at full pace)", () => {
    let page: Page;
    const errors: string[] = [];
    beforeAll(async () => {
      if (!available) return;
      page = await newPage({ viewport: { width: 1280, height: 720 } });
      page.on("pageerror", (e) => errors.push(e.message));
      // Nothing the page logs as an error either (a failed fetch, a missing file).
      page.on("console", (m) => void (m.type() === "error" && errors.push(`console: ${m.text()}`)));
    });
    afterAll(async () => page?.close());

  for (const name of builtinGameNames()) {
    it(`${name}: plays by clicking, on a phone and from the keyboard against an agent, the board always as the engine has it`, async () => {
      const g = loadGame(name);
      errors.length = 0;
      await page.goto(`${base}?pace=0#/play/${name}`);
      // The game's own page and board (the last game's are gone).
      await page.waitForFunction((title) => document.querySelector("h1")?.textContent === title && document.querySelector("svg.board") !== null, g.name);
      // Its rules, rendered: headings and paragraphs, no markdown left over.
      const rules = page.locator("[data-testid=rules] .markdown");
      expect(await rules.locator("h2, h3").count()).toBeGreaterThan(0);
      expect(await rules.textContent()).not.toMatch(/^#|\n#|\*\*/);
      // P1 a person, the others random agents; a known seed.
      const seed = 11;
      await startGame(page, { seed, seats: ["human", ...Array<string>(g.playerCount - 1).fill("random")] });
      for (let k = 0; k < HUMAN_MOVES; k++) {
        // Wait for the person's turn (the agents move on their own), or the end.
        await page.waitForFunction(() => /P1\b[^.]*to act|game over/i.test(document.querySelector("[data-testid=status]")?.textContent ?? ""));
        const s = await engineState(page, g, seed);
        // Pieces in hand beside the board, as the engine has them.
        if (g.def.supplyTotal >= 0) for (let p = 0; p < g.playerCount; p++) expect(await page.locator(`[data-testid=supply-P${p + 1}]`).textContent()).toBe(String(s.supply[p]));
        // Scores, and the counters the description shows, as the engine has them.
        if (hasScores(g, s)) for (let p = 0; p < g.playerCount; p++) expect(await page.locator(`[data-testid=score-P${p + 1}]`).textContent()).toBe(String(s.score[p]));
        const counters = shownCounters(g, s);
        if (counters.length) expect(await page.locator("[data-testid=counters]").textContent()).toBe(counters.map((c) => `${c.label}: ${c.value}`).join(" · "));
        expectBoardMatches(g, g.def.concealFlags ? g.observation(s, 0) : s, await drawnPieces(page), `${name} after ${k} moves of P1`);
        // The dice, once thrown, as the engine has them.
        if (g.def.dice && !s.over && s.dice.some((v, d) => g.def.dice!.faces[d]!.includes(v))) expect(await page.locator("[data-testid=status]").textContent()).toContain(`Dice: ${diceText(s)}.`);
        if (s.over || s.mover !== 0) break;
        const legal = g.legalMoves(s);
        const m = legal[(k * 7) % legal.length]!;
        const before = await page.locator("[data-testid=moves] li").count();
        // Each of the person's moves made another way: the mouse, a phone's screen, the keyboard alone.
        const way = WAYS[k % WAYS.length]!;
        if (page.viewportSize()!.width !== way.viewport.width) await page.setViewportSize(way.viewport);
        // On the phone, scrolled to the board as a person would, the board is whole on the screen at each tap on it.
        const whole = async () => {
          const box = await page.evaluate(() => document.querySelector("svg.board")!.getBoundingClientRect().toJSON() as DOMRect);
          const { width, height } = way.viewport;
          expect(box.x >= 0 && box.y >= 0 && box.right <= width && box.bottom <= height, `${name}, ${way.how}: the board ${JSON.stringify(box)} whole on the screen`).toBe(true);
        };
        if (way.phone) await page.evaluate(() => document.querySelector("svg.board")!.scrollIntoView({ block: "nearest" }));
        // The keyboard finds the board with Tab: the focus the mouse's clicks left on it is let go first (nothing is focused).
        if (way.make === keyMove) await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await way.make(page, m, way.phone ? whole : undefined);
        await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li").length > n, before);
        const made = await page.$$eval("[data-testid=moves] li .notation", (els, n) => els[n]?.textContent, before);
        expect(made, `${name}: ${way.how}, the chosen move`).toBe(m.notation);
        expect(await page.locator("[data-testid=told]").textContent()).toMatch(/ played /);
      }
      // The end, by a click: a game played out in the engine, the page opened at its last decision
      // with every seat a person's, the decision clicked, and the result as the engine has it.
      const out = playedToEnd(g);
      if (out) {
        await page.setViewportSize({ width: 1280, height: 720 });
        await page.goto(`${base}?pace=0${addressOf(g, name, out.seed, out.before)}`);
        await page.waitForFunction((n) => document.querySelectorAll("[data-testid=moves] li .notation").length >= n, out.before.length);
        await clickMove(page, out.last);
        await page.waitForSelector("[data-testid=result] h2");
        const info = endInfo(g, out.end)!;
        const winners = info.winners.map((seat) => seatLabel(g, Number(seat.slice(1)) - 1));
        expect(await page.locator("[data-testid=result] h2").textContent(), `${name}: the end`).toBe(info.draw ? "Draw" : `${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}`);
        expect(await page.locator("[data-testid=status]").textContent()).toBe("Game over.");
      } else expect(["chinese-checkers", "quoridor"], `${name} ends under random play`).toContain(name);
      expect(errors).toEqual([]);
    });
  }
  });
});
