/**
 * The rules for players: every games/<name>.game ships games/<name>.md, which opens with a title
 * line and a one-paragraph summary (its first sentence is what `ludex list` shows), has an
 * Options section naming every option the description declares, and cites its source:
 *
 * - a game with a rules dossier (its description or its document names `rules/<x>.md`, as the
 *   five original games do) cites the dossier's Rulings by number ("Ruling 12", "Rulings 9 and
 *   11", "Ruling K4"). The cited numbers are checked against the dossier when the shared rules
 *   folder is at hand: `../shared/rules` beside the checkout, or `$LUDEX_SHARED_DIR/rules`.
 *   Without it that check is skipped with a message saying so, unless `LUDEX_REQUIRE_SHARED=1` (as
 *   in CI): then it fails.
 * - a game without a dossier that follows Ludii's description (its description's comments name
 *   the `.lud` file and the Ludii version, e.g. "as Ludii 1.3.12 plays it (board/space/line/
 *   Gomoku.lud)") cites that same `.lud` path and version, says in a section "As Ludii plays it"
 *   where Ludii's version differs from the rules commonly known, and cites no Rulings (there is
 *   no dossier to define them).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sharedRequired, sharedRulesDir } from "./support/shared.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const gamesDir = join(root, "games");
const rulesDir = sharedRulesDir;
const haveRules = existsSync(rulesDir);
const rulesRequired = sharedRequired;

/** The description text without `//` and `/* *\/` comments (strings are kept as they are). */
function stripComments(src: string): string {
  let out = "";
  for (let i = 0; i < src.length; ) {
    const c = src[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') j += src[j] === "\\" ? 2 : 1;
      out += src.slice(i, j + 1);
      i = j + 1;
    } else if (src.startsWith("//", i)) {
      while (i < src.length && src[i] !== "\n") i++;
    } else if (src.startsWith("/*", i)) {
      const end = src.indexOf("*/", i + 2);
      i = end < 0 ? src.length : end + 2;
      out += " ";
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The options a description declares, with those of the files it extends. */
function declaredOptions(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = stripComments(readFileSync(file, "utf8"));
  const own = [...text.matchAll(/\(option\s+(\w+)/g)].map((m) => m[1]!);
  const bases = [...text.matchAll(/\(extends\s+"([^"]+)"/g)].flatMap((m) => declaredOptions(join(dirname(file), m[1]!), seen));
  return [...new Set([...bases, ...own])];
}

/** The paragraphs of a markdown text (blank-line separated, trimmed, empty ones dropped). */
const paragraphs = (md: string): string[] => md.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);

/** The first paragraph that is not a heading: the summary. */
function summaryParagraph(md: string): string {
  return paragraphs(md).find((p) => !p.startsWith("#")) ?? "";
}

/** The first sentence of the summary, as a one-line description (markdown marks removed). */
function firstSentence(md: string): string {
  const text = summaryParagraph(md)
    .replace(/\s+/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`]/g, "");
  const m = /^(.+?[.!?])(\s|$)/.exec(text);
  return (m ? m[1]! : text).trim();
}

/** The text of a `## Heading` section, up to the next heading of level 2 or above. */
function section(md: string, heading: string): string | undefined {
  const lines = md.split("\n");
  const start = lines.findIndex((l) => l.trim().toLowerCase() === `## ${heading.toLowerCase()}`);
  if (start < 0) return undefined;
  let end = lines.findIndex((l, i) => i > start && /^#{1,2}\s/.test(l));
  if (end < 0) end = lines.length;
  return lines.slice(start + 1, end).join("\n");
}

/** Every Ruling id a document cites: "Ruling 12", "Rulings 5, 6 and 7", "Rulings K1 to K8", "Ruling K4". */
function citedRulings(md: string): string[] {
  const ids = new Set<string>();
  const list = /\bRulings?\s+(K?\d+(?:(?:\s*,\s*|\s+and\s+|\s+to\s+|\s*[-–]\s*)K?\d+)*)/g;
  for (const m of md.matchAll(list)) for (const id of m[1]!.match(/K?\d+/g) ?? []) ids.add(id);
  return [...ids];
}

/** The Ruling ids a dossier defines: "12. **...**" and "- **K4. ...**" items after its "## Rulings" heading. */
function definedRulings(dossier: string): string[] {
  const at = dossier.search(/^## Rulings\s*$/m);
  if (at < 0) return [];
  const ids = new Set<string>();
  for (const m of dossier.slice(at).matchAll(/^\s*(?:(\d+)\.\s+\*\*|-\s+\*\*(K\d+)\.)/gm)) ids.add(m[1] ?? m[2]!);
  return [...ids];
}

/**
 * The dossier a document cites: the one it names (`rules/<x>.md`), else the one its description
 * names in its comments (`shared/rules/<x>.md`), else `<name>.md`.
 */
function dossierName(name: string, md: string, gameText: string): string {
  return namedDossier(md, gameText) ?? `${name}.md`;
}

/** The dossier a game names, in its document (`rules/<x>.md`) or its description (`shared/rules/<x>.md`). */
function namedDossier(md: string, gameText: string): string | undefined {
  return /\brules\/([\w-]+\.md)/.exec(md)?.[1] ?? /shared\/rules\/([\w-]+\.md)/.exec(gameText)?.[1];
}

/** A Ludii source a text cites: the `.lud` file (a path under Ludii's lud/ folder) and the Ludii version. */
interface LudiiSource {
  lud?: string;
  version?: string;
}
// Ludii file names may hold spaces, apostrophes and brackets ("Lines of Action.lud", "Nine Men's Morris.lud",
// "Y (Hex).lud").
const ludPattern = /([\w-]+(?:\/[\w-]+)*\/[\w.'()-]+(?: [\w.'()-]+)*\.lud)\b/g;
const ludiiVersionPattern = /\bLudii\s+(\d+(?:\.\d+)+)/g;
/** The first Ludii source a text names. */
function ludiiSource(text: string): LudiiSource {
  const all = ludiiCitations(text);
  return { lud: all.luds[0], version: all.versions[0] };
}
/**
 * A description's text with its `//` comment lines run together, so that a citation wrapped over two
 * comment lines ("(board/race/reach/EinStein Wurfelt" and "// Nicht.lud, 5 x 5)") reads as one.
 */
function joinedComments(text: string): string {
  return text.replace(/[ \t]*\r?\n[ \t]*\/\/[ \t]*/g, " ");
}
/** Every `.lud` path and every Ludii version ("Ludii 1.3.12") a text names, in order. */
function ludiiCitations(text: string): { luds: string[]; versions: string[] } {
  return {
    luds: [...text.matchAll(ludPattern)].map((m) => m[1]!),
    versions: [...text.matchAll(ludiiVersionPattern)].map((m) => m[1]!),
  };
}

const games = readdirSync(gamesDir)
  .filter((f) => f.endsWith(".game"))
  .map((f) => f.slice(0, -".game".length))
  .sort();

if (!haveRules && !rulesRequired) {
  console.warn(
    `rules-docs: the Ruling numbers are not checked, since the rules dossiers are not at ${rulesDir} ` +
      "(set LUDEX_SHARED_DIR to the shared folder to check them).",
  );
}

describe("helpers of the rules-document checks", () => {
  it("read options, citations and dossier Rulings", () => {
    expect(stripComments('(a "x // y") // (option hidden default:1)\n(option shown default:0) /* (option gone) */')).toBe(
      '(a "x // y") \n(option shown default:0)  ',
    );
    expect(citedRulings("as decided (Ruling 12); see Rulings 9\n  and 11, Rulings K1 to K8, Rulings 5, 6 and 7.").sort()).toEqual(
      ["11", "12", "5", "6", "7", "9", "K1", "K8"].sort(),
    );
    const dossier = "## Setup\n\n1. **Not a ruling**\n\n## Rulings\n\n1. **One.** text\n2. **Two.**\n   - a detail\n\n### Variant\n\n- **K1. Differences.** x\n";
    expect(definedRulings(dossier).sort()).toEqual(["1", "2", "K1"]);
    expect(firstSentence("# T\n\nA game for two, e.g. chess. More text.\n")).toBe("A game for two, e.g.");
    expect(section("# T\n\n## Options\n\nnone here\n\n### Detail\n\nx\n\n## Notation\n\ny\n", "Options")).toContain("Detail");
    expect(ludiiSource("// Gomoku, as Ludii 1.3.12 plays it (board/space/line/Gomoku.lud: 15 x 15)")).toEqual({
      lud: "board/space/line/Gomoku.lud",
      version: "1.3.12",
    });
    expect(ludiiSource("Ludii's description, `board/space/territory/Reversi.lud` in Ludii\n1.3.12")).toEqual({
      lud: "board/space/territory/Reversi.lud",
      version: "1.3.12",
    });
    expect(ludiiSource("as Ludii 1.3.12 plays it (board/space/line/Nine Men's Morris.lud).")).toEqual({
      lud: "board/space/line/Nine Men's Morris.lud",
      version: "1.3.12",
    });
    expect(ludiiSource('// Y, as Ludii 1.3.12 plays it ("Y (Hex)", board/space/connection/Y (Hex).lud): a hexagonal board')).toEqual({
      lud: "board/space/connection/Y (Hex).lud",
      version: "1.3.12",
    });
    expect(ludiiSource("no source here")).toEqual({ lud: undefined, version: undefined });
    expect(ludiiSource(joinedComments("// EinStein, as Ludii 1.3.12 plays it (board/race/reach/EinStein Wurfelt\n// Nicht.lud, 5 x 5)"))).toEqual({
      lud: "board/race/reach/EinStein Wurfelt Nicht.lud",
      version: "1.3.12",
    });
    expect(namedDossier("see `rules/beset.md`", "")).toBe("beset.md");
    expect(namedDossier("", "// Rules: ../shared/rules/benediction.md")).toBe("benediction.md");
    expect(namedDossier("", "// as Ludii 1.3.12 plays it")).toBeUndefined();
  });
});

describe("rules documents for players", () => {
  it("there are games to document", () => {
    expect(games.length).toBeGreaterThan(0);
  });

  for (const name of games) {
    describe(name, () => {
      const gameFile = join(gamesDir, `${name}.game`);
      const docFile = join(gamesDir, `${name}.md`);
      const gameText = readFileSync(gameFile, "utf8");
      const md = existsSync(docFile) ? readFileSync(docFile, "utf8") : "";

      it(`games/${name}.md exists`, () => {
        expect(existsSync(docFile), `missing ${docFile}`).toBe(true);
      });

      it("opens with a title line naming the game", () => {
        const first = md.split("\n")[0] ?? "";
        expect(first).toMatch(/^# \S/);
        const title = /\(game\s+"([^"]+)"/.exec(stripComments(gameText))?.[1];
        expect(title, "the description has a (game \"...\") title").toBeDefined();
        expect(first.slice(2).trim()).toBe(title);
      });

      it("has a summary paragraph whose first sentence fits on one line", () => {
        expect(summaryParagraph(md)).not.toBe("");
        const sentence = firstSentence(md);
        expect(sentence, "the first sentence ends with a full stop").toMatch(/[.!?]$/);
        expect(sentence.length, `too long for a one-line description: "${sentence}"`).toBeLessThanOrEqual(110);
        expect(sentence.length, `too short to describe the game: "${sentence}"`).toBeGreaterThanOrEqual(30);
      });

      it("has the sections a player needs", () => {
        for (const heading of ["Equipment", "Setup", "Play", "End of the game", "Options", "Notation"]) {
          expect(section(md, heading), `no "## ${heading}" section`).toBeDefined();
        }
      });

      it("names every option of the description in its Options section", () => {
        const options = section(md, "Options") ?? "";
        for (const option of declaredOptions(gameFile)) {
          expect(options, `option ${option} is not described`).toMatch(new RegExp(`\\b${option}\\b`));
        }
      });

      // A game follows its rules dossier unless it names none and its description names the Ludii
      // description it follows instead.
      const gameSource = ludiiSource(joinedComments(gameText));
      const followsLudii = namedDossier(md, gameText) === undefined && gameSource.lud !== undefined;

      if (followsLudii) {
        it("cites the Ludii description it follows (the .lud file and Ludii's version, as its description does)", () => {
          const flat = md.replace(/\s+/g, " ");
          expect(gameSource.version, "the description names the Ludii version it follows").toBeDefined();
          expect(ludiiCitations(flat).luds, "the document names Ludii's .lud file").toContain(gameSource.lud);
          const versions = ludiiCitations(flat).versions;
          expect(versions, "the document names Ludii's version").toContain(gameSource.version);
          expect(new Set(versions), "every Ludii version the document names is the one the description follows").toEqual(
            new Set([gameSource.version]),
          );
        });

        it('says where Ludii\'s version differs, in an "As Ludii plays it" section', () => {
          const differences = section(md, "As Ludii plays it");
          expect(differences, 'no "## As Ludii plays it" section').toBeDefined();
          expect(differences!.trim().length).toBeGreaterThan(0);
          expect(differences).toContain(gameSource.lud!);
        });

        it("cites no Rulings (it has no rules dossier to define them)", () => {
          expect(citedRulings(md)).toEqual([]);
        });
        return;
      }

      it("cites the Rulings behind its rules", () => {
        expect(citedRulings(md).length).toBeGreaterThan(0);
      });

      const check = "cites only Rulings that its rules dossier defines";
      const label = haveRules
        ? check
        : rulesRequired
          ? `${check} (the rules folder ${rulesDir} is required)`
          : `${check} (skipped: no rules folder at ${rulesDir}; set LUDEX_SHARED_DIR)`;
      it.skipIf(!haveRules && !rulesRequired)(label, () => {
        expect(haveRules, `the rules folder ${rulesDir} is missing and LUDEX_REQUIRE_SHARED=1 says it must be there`).toBe(true);
        const dossierFile = join(rulesDir, dossierName(name, md, gameText));
        expect(existsSync(dossierFile), `missing dossier ${dossierFile}`).toBe(true);
        const defined = new Set(definedRulings(readFileSync(dossierFile, "utf8")));
        expect(defined.size, `no Rulings found in ${dossierFile}`).toBeGreaterThan(0);
        const unknown = citedRulings(md).filter((id) => !defined.has(id));
        expect(unknown, `cited in games/${name}.md but not in ${dossierFile}`).toEqual([]);
      });
    });
  }
});
