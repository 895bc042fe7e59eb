import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import game.Game;
import game.rules.play.moves.Moves;
import game.types.board.SiteType;
import other.GameLoader;
import other.action.Action;
import game.equipment.container.Container;
import game.equipment.container.other.Dice;
import org.apache.commons.rng.core.source64.SplitMix64;
import other.action.die.ActionSetDiceAllEqual;
import other.action.die.ActionUpdateDice;
import other.action.die.ActionUseDie;
import other.action.move.ActionPromote;
import other.action.move.ActionSelect;
import other.action.move.ActionAdd;
import other.action.ActionType;
import other.action.others.ActionPropose;
import other.action.others.ActionVote;
import other.action.state.ActionSetTemp;
import other.action.state.ActionSetVar;
import other.concept.Concept;
import other.context.Context;
import other.move.Move;
import other.topology.TopologyElement;
import other.trial.Trial;

/**
 * Replay material for one Ludii game: N uniformly random games played with the loop and random numbers
 * of LudiiStats.java (java.util.Random(seed); per decision game.moves(), lm.moves().get(rng.nextInt(k)),
 * game.apply()), so game g is the g-th game of `stats.sh GAME.lud N SEED`.
 *
 * Output, one line per Ludii decision:  mover | chosen | legal
 * where legal is either every legal move, sorted and space-joined (--legal full), or "count:hash" with
 * hash the 32-bit FNV-1a of the UTF-8 bytes of that sorted, space-joined list, 8 hex digits (--legal hash).
 * After each game: "# result winner=W ...". Last line: "# summary ...".
 *
 * Move notation (what Ludii's move holds, in the board's own coordinates):
 *   a1-b2       a move from site to site (a capture too; castling is the king's move, en passant the
 *               pawn's step: the rest happens in the move's consequences)
 *   a1<>b2      Ludii's (move Swap Pieces A B): the pieces on A (the mover's) and B change places
 *   a1/2-b3     a move that names the level of the piece it takes (Ludii's (from ... level:)), 0 = bottom;
 *               a named level to goes after the to site
 *   Fuhyo*e5    a piece placed from a hand that starts empty (Shogi's: Ludii's piece name, its player number dropped)
 *   P1hand-c1   a move from a hand site, in games whose hands hold pieces at the start (Ur, Pachisi,
 *               EinStein); P1hand3-a5: slot 3 of a hand of several sites ((handSite P1 3) in the .lud)
 *   a1-off      Ludii's (move Remove ...): the piece leaves the board (bearing off)
 *   b1          Ludii's (move Select ...) of one site (a mancala sowing from b1)
 *   a1-b1       a piece placed on an edge of the board (Ludii's (move Add (to Edge ...))), named by its ends,
 *               or with --edges cells by the two cells it parts; Rectangle*a1-b1 such a piece from a hand
 *   a1-i9       a (move Select (from) (to)) of two sites is written as a move (Pachisi's pawn reaching home)
 *   propose-End, vote-End, vote-No   Ludii's (move Propose "End") and (move Vote ...)
 *   c7=Narigin  a separate promotion decision: the piece the one on c7 becomes
 *   b1:5        a move carrying a number the player chose (Ludii's (forEach Value ... (do (set Var (value))
 *               next:MOVE)): the move's notation, ":" and the number its SetTemp or SetVar, before the decision, sets
 *   swap        the swap rule's move (the players exchange seats; (meta (swap)))
 *   pass        a pass the rules offer (e.g. Shogi's declined promotion, Pachisi's (move Pass))
 *   forced-pass a pass Ludii adds for a player without a legal move (with dice: after a roll that gives no move)
 * A chosen move whose notation Ludii lists more than once is followed by what it did, the kinds of its
 * actions as applied (consequences included, the decision's dice roll left out, UseDie with the die's
 * number, an Add with its site and the piece it adds (Ludii's component number): Add@c3=1): "f7-f8 {MoveTopPiece SetState}", "a1-e2 {MoveTopPiece UseDie2 SetTemp}".
 * A site is file a+col, rank 1+row of its cell or vertex (whichever the board uses), checked at start
 * against Ludii's own labels; the "# sites" line lists them (and the hand sites) by Ludii's site index.
 *
 * Games with dice: each line ends with " | dice=V1,V2,...", the values the decision's legal moves were
 * computed with, in die order. A decision that rolls (Ludii's (do (roll) next:...)) has the roll's actions
 * at the head of every legal move (forced pass included): these are its values. A decision that rolls
 * nothing has the values of the last roll (Backgammon's later moves of a turn), then, where the game
 * uses dice one by one ((forEach Die ...)), " used=1" (the dice Ludii has marked used, by number, or
 * "none") and " temp=T" when Ludii's temp is set (T: a double being replayed; also on a rolling decision
 * when a double left unfinished set it: then every move there resets the dice to T,T); "dice=-" before any roll.
 * Ludii rolls with the context's RNG, seeded here with SEED once (Ludii seeds it from the clock).
 *
 * usage: LudiiGames GAME.lud GAMES SEED [--legal full|hash] [--from G] [--edges ends|cells] [--option "Category/Item"]...
 *   --from G: play games 1..G-1 unwritten (same random numbers), write games G..GAMES (for debugging one game)
 */
public final class LudiiGames {
  static Game game;
  static Context ctx;
  static SiteType siteType;
  static List<? extends TopologyElement> sites;
  /** Hand sites by Ludii's site index (games whose hands hold pieces at the start): "P1hand", "P1hand3". */
  static Map<Integer, String> handSites = new TreeMap<>();
  static boolean handsStartFilled;
  /** --edges cells: an edge is named by the two cells it parts (a wall), not by its two ends (a line). */
  static boolean edgesByCells;

  static String site(int i) {
    TopologyElement e = sites.get(i);
    return "" + (char) ('a' + e.col()) + (e.row() + 1);
  }

  /**
   * An edge of the board (a move placed on it, Dots and Boxes'), by its two ends: "a1-b1", the end
   * lower on the board first (the lower row, then the file to the left), as Ludex labels an edge.
   */
  static String edge(int i) {
    other.topology.Edge e = ctx.topology().edges().get(i);
    if (edgesByCells && e.cells().size() == 2) { // Quoridor's walls: the side two cells share, named by the cells
      other.topology.Cell p = e.cells().get(0), q = e.cells().get(1);
      if (p.row() > q.row() || (p.row() == q.row() && p.col() > q.col())) { other.topology.Cell t = p; p = q; q = t; }
      return "" + (char) ('a' + p.col()) + (p.row() + 1) + "-" + (char) ('a' + q.col()) + (q.row() + 1);
    }
    other.topology.Vertex a = e.vA(), b = e.vB();
    if (a.row() > b.row() || (a.row() == b.row() && a.col() > b.col())) { other.topology.Vertex t = a; a = b; b = t; }
    return "" + (char) ('a' + a.col()) + (a.row() + 1) + "-" + (char) ('a' + b.col()) + (b.row() + 1);
  }

  /** A board site, or a hand site where the game's hands hold pieces at the start, or null. */
  static String anySite(int i, SiteType type) {
    if (type == siteType && i >= 0 && i < sites.size()) return site(i);
    if (type == SiteType.Cell && handsStartFilled) return handSites.get(i);
    return null;
  }

  /** "/level" when Ludii's action names the level (its toString then holds levelFrom= or levelTo=). */
  static String level(Action a, boolean from) {
    String t = a.toString();
    if (from) return t.contains("levelFrom=") ? "/" + a.levelFrom() : "";
    return t.contains("levelTo=") ? "/" + a.levelTo() : "";
  }

  static String pieceName(int what) {
    return game.equipment().components()[what].name().replaceAll("[0-9]+$", "");
  }

  /**
   * Ludii's move in the notation above, read before the move is applied; a move carrying a number the player
   * chose (Ludii's (forEach Value ... (do (set Var (value)) next:MOVE)): a SetTemp or SetVar before the move's
   * decision) is followed by ":" and that number, "b1:5".
   */
  static String notation(Move m) {
    String n = moveNotation(m);
    for (Action a : m.actions()) {
      if (a.isDecision()) break;
      if (!(a instanceof ActionSetTemp) && !(a instanceof ActionSetVar)) continue;
      java.util.regex.Matcher v = java.util.regex.Pattern.compile("(?:temp|value)=(-?\\d+)").matcher(a.toString());
      if (v.find()) return n + ":" + v.group(1);
    }
    return n;
  }

  static String moveNotation(Move m) {
    if (m.isPass()) return m.isForced() ? "forced-pass" : "pass";
    if (m.isSwap()) return "swap";
    Action decision = null;
    for (Action a : m.actions()) if (a.isDecision()) { decision = a; break; }
    if (decision instanceof ActionPromote) return site(decision.to()) + "=" + pieceName(decision.what());
    if (decision instanceof ActionPropose) return "propose-" + ((ActionPropose) decision).proposition();
    if (decision instanceof ActionVote) return "vote-" + ((ActionVote) decision).vote();
    boolean remove = decision != null && decision.actionType() == ActionType.Remove;
    if (decision instanceof ActionSelect || remove) {
      SiteType ft = decision.fromType() == null ? siteType : decision.fromType(), tt = decision.toType() == null ? ft : decision.toType();
      String f = anySite(decision.from(), ft), t = anySite(decision.to(), tt);
      if (f == null || t == null) return "?" + m.toString().replace(' ', '_');
      if (remove) { // ActionRemoveTopPiece, or ActionRemoveLevel (its toString holds level=)
        java.util.regex.Matcher lv = java.util.regex.Pattern.compile("[,:]level=(\\d+)").matcher(decision.toString());
        return t + (lv.find() ? "/" + lv.group(1) : "") + "-off";
      }
      if (decision.from() == decision.to() && ft == tt) return f + level(decision, true);
      return f + level(decision, true) + "-" + t + level(decision, false);
    }
    int from = m.from(), to = m.to();
    if (m.toType() == SiteType.Edge && m.fromType() == SiteType.Edge && from == to && to >= 0) return edge(to);
    if (m.toType() == SiteType.Edge && to >= 0 && m.fromType() == SiteType.Cell && from >= 0 && ctx.containerId()[from] > 0) // from a hand onto an edge (a wall)
      return pieceName(ctx.containerState(ctx.containerId()[from]).what(from, SiteType.Cell)) + "*" + edge(to);
    if (m.toType() == SiteType.Cell && to >= 0 && from >= 0 && m.fromType() == siteType && ctx.containerId()[to] > 0 && handSites.containsKey(to) && decision != null)
      return site(from) + level(decision, true) + "-" + handSites.get(to); // a piece taken back to a hand (Ketch-Dolt's take; Tables Rabbatuees's bearing off)
    if (from < 0 || to < 0 || m.toType() != siteType) return "?" + m.toString().replace(' ', '_');
    if (m.fromType() == SiteType.Cell && ctx.containerId()[from] > 0 && handsStartFilled && handSites.containsKey(from) && decision != null)
      return handSites.get(from) + level(decision, true) + "-" + site(to) + level(decision, false);
    if (m.fromType() == SiteType.Cell && ctx.containerId()[from] > 0) { // from a hand
      int what = ctx.containerState(ctx.containerId()[from]).what(from, SiteType.Cell);
      return pieceName(what) + "*" + site(to);
    }
    if (m.fromType() != siteType) return "?" + m.toString().replace(' ', '_');
    if (decision != null && isSwap(m, decision)) return site(decision.from()) + "<>" + site(decision.to());
    if (decision != null) return site(from) + level(decision, true) + "-" + site(to) + level(decision, false);
    return site(from) + "-" + site(to);
  }

  /**
   * Ludii's (move Swap Pieces A B): its decision moves A's piece onto B (replacing B's), and the action right
   * after it adds B's piece at A -- the two pieces change places. Read before the move is applied.
   */
  static boolean isSwap(Move m, Action decision) {
    List<Action> acts = m.actions();
    int i = acts.indexOf(decision);
    if (i < 0 || i + 1 >= acts.size() || !(acts.get(i + 1) instanceof ActionAdd)) return false;
    Action add = acts.get(i + 1);
    int a = decision.from(), b = decision.to();
    if (a == b || add.to() != a || a < 0 || b < 0 || b >= sites.size()) return false;
    return add.what() == ctx.containerState(0).what(b, siteType) && add.what() != 0;
  }

  /** The dice roll at the head of a legal move (Ludii's (do (roll) next:...) puts it at the head of every one). */
  static int rollLength(Move m) {
    int n = 0;
    for (Action a : m.actions()) { if (a instanceof ActionUpdateDice || a instanceof ActionSetDiceAllEqual) n++; else break; }
    return n;
  }

  static boolean diceTracked, rolledThisGame;
  static List<Integer> diceSites = new ArrayList<>();

  /** The " | dice=..." field of a decision whose legal moves are lm (see the class comment). */
  static String dice(Moves lm) {
    Move first = lm.moves().get(0);
    int n = rollLength(first);
    int[] value = new int[diceSites.size()];
    boolean rolled = false;
    for (int i = 0; i < n; i++) {
      Action a = first.actions().get(i);
      if (!(a instanceof ActionUpdateDice)) continue;
      int idx = diceSites.indexOf(a.to());
      value[idx] = dieFace(a.to(), a.state());
      rolled = true;
    }
    if (rolled) { // Ludii's temp left set by an unfinished double makes Backgammon's moves reset the dice to that double
      rolledThisGame = true;
      return join(value) + (diceTracked && ctx.state().temp() >= 0 ? " temp=" + ctx.state().temp() : "");
    }
    if (!rolledThisGame) return "-";
    for (int i = 0; i < value.length; i++) {
      int s = diceSites.get(i);
      value[i] = dieFace(s, ctx.containerState(ctx.containerId()[s]).state(s, SiteType.Cell));
    }
    String out = join(value);
    if (diceTracked) {
      int[] current = ctx.state().currentDice(0);
      List<String> used = new ArrayList<>();
      for (int i = 0; i < current.length; i++) if (current[i] == 0 && value[i] != 0) used.add("" + (i + 1));
      out += " used=" + (used.isEmpty() ? "none" : String.join(",", used));
      if (ctx.state().temp() >= 0) out += " temp=" + ctx.state().temp();
    }
    return out;
  }

  static int dieFace(int site, int state) {
    int what = ctx.containerState(ctx.containerId()[site]).what(site, SiteType.Cell);
    return game.equipment().components()[what].getFaces()[state];
  }

  static String join(int[] v) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < v.length; i++) b.append(i == 0 ? "" : ",").append(v[i]);
    return b.toString();
  }

  static String fnv1a(String s) {
    int h = 0x811c9dc5;
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) { h ^= (b & 0xff); h *= 0x01000193; }
    return String.format("%08x", h);
  }

  public static void main(String[] a) throws Exception {
    String name = a[0]; int n = Integer.parseInt(a[1]); long seed = Long.parseLong(a[2]);
    boolean full = true; int first = 1;
    List<String> opts = new ArrayList<>();
    for (int i = 3; i < a.length; i++) {
      if (a[i].equals("--legal")) full = a[++i].equals("full");
      else if (a[i].equals("--from")) first = Integer.parseInt(a[++i]);
      else if (a[i].equals("--edges")) edgesByCells = a[++i].equals("cells");
      else if (a[i].equals("--option")) opts.add(a[++i]);
      else throw new IllegalArgumentException("unknown argument " + a[i]);
    }
    game = GameLoader.loadGameFromName(name, opts);
    Trial trial = new Trial(game); ctx = new Context(game, trial);
    siteType = game.board().defaultSite();
    sites = game.board().topology().getGraphElements(siteType);
    PrintStream out = new PrintStream(new BufferedOutputStream(System.out, 1 << 16), false, "UTF-8");

    game.start(ctx); // to see whether the hands hold pieces at the start
    for (Container c : game.equipment().containers()) {
      int from0 = ctx.sitesFrom()[c.index()];
      for (int k = 0; k < c.numSites(); k++) {
        if (c.isDice()) diceSites.add(from0 + k);
        else if (c.isHand()) {
          handSites.put(from0 + k, "P" + c.owner() + "hand" + (c.numSites() > 1 ? "" + k : ""));
          if (ctx.containerState(c.index()).what(from0 + k, SiteType.Cell) != 0) handsStartFilled = true;
        }
      }
    }
    diceTracked = game.booleanConcepts().get(Concept.ByDieMove.id());
    // Ludii seeds its context's RNG from the clock: seeded here so that the dice, too, repeat. game.start() of a
    // stochastic game already rolls (it lists the first legal moves), so this comes after the start above.
    if (game.isStochasticGame()) ctx.rng().restoreState(new SplitMix64(seed).saveState());
    for (int i = 0; i < sites.size(); i++) { // our coordinates against Ludii's labels
      TopologyElement e = sites.get(i);
      if (e.index() != i || !e.label().equalsIgnoreCase(site(i)))
        throw new IllegalStateException("site " + i + ": label " + e.label() + ", row " + e.row() + ", col " + e.col());
    }
    out.println("# Ludii 1.3.12 " + game.name() + " " + opts + ": games " + first + ".." + n + " of " + n
      + " uniformly random games, java.util.Random(" + seed + "), move = legal.get(rng.nextInt(k)) in Ludii's order;"
      + " legal moves " + (full ? "listed (sorted)" : "as count:FNV-1a-32 of the sorted, space-joined list")
      + "; " + sites.size() + " " + siteType + " sites, site i = file a+col, rank 1+row (checked against Ludii's labels: site 0 = "
      + sites.get(0).label() + ", last = " + sites.get(sites.size() - 1).label() + ")"
      + (game.isStochasticGame() ? "; dice rolled with Ludii's context RNG, SplitMix64(" + seed + ") once at the start" : ""));
    StringBuilder siteList = new StringBuilder("# sites " + siteType + " (Ludii's index:ours)");
    for (int i = 0; i < sites.size(); i++) siteList.append(' ').append(i).append(':').append(site(i));
    if (handsStartFilled) { siteList.append(" | hands"); for (Map.Entry<Integer, String> h : handSites.entrySet()) siteList.append(' ').append(h.getKey()).append(':').append(h.getValue()); }
    if (!diceSites.isEmpty()) siteList.append(" | dice sites " + diceSites.get(0) + ".." + diceSites.get(diceSites.size() - 1)
      + (diceTracked ? " (dice used one by one: forEach Die)" : ""));
    out.println(siteList);

    Random rng = new Random(seed);
    long ambiguousChoices = 0, decisions = 0, legalSum = 0, passes = 0, forcedPasses = 0, promotions = 0, drops = 0, unknown = 0, duplicates = 0;
    long p1 = 0, p2 = 0, draws = 0, limitEnds = 0;
    long removals = 0, handMoves = 0, proposals = 0, votes = 0, levelMoves = 0, selects = 0, diceDecisions = 0, rolls = 0;
    long[] others = new long[game.players().count() + 1];
    for (int g = 1; g <= n; g++) {
      boolean write = g >= first;
      game.start(ctx); rolledThisGame = false;
      if (write) out.println("# game " + g);
      int len = 0;
      while (!trial.over()) {
        Moves lm = game.moves(ctx);
        int k = lm.moves().size();
        Move m = lm.moves().get(rng.nextInt(k));
        if (!write) { game.apply(ctx, m); len++; if (rollLength(m) > 0) rolledThisGame = true; continue; }
        int mover = ctx.state().mover();
        List<String> legal = new ArrayList<>(k);
        for (Move x : lm.moves()) legal.add(notation(x));
        Collections.sort(legal);
        if (new HashSet<>(legal).size() != k) duplicates++;
        String chosen = notation(m), list = String.join(" ", legal);
        String diceField = game.hasHandDice() ? " | dice=" + dice(lm) : "";
        boolean ambiguous = legal.indexOf(chosen) != legal.lastIndexOf(chosen);
        if (chosen.startsWith("?")) unknown++;
        if (chosen.equals("pass")) passes++;
        if (chosen.equals("forced-pass")) forcedPasses++;
        if (chosen.contains("=")) promotions++;
        if (chosen.contains("*")) drops++;
        if (chosen.endsWith("-off")) removals++;
        if (chosen.contains("hand")) handMoves++;
        if (chosen.startsWith("propose-")) proposals++;
        if (chosen.startsWith("vote-")) votes++;
        if (chosen.contains("/")) levelMoves++;
        if (m.actions().stream().anyMatch(x -> x.isDecision() && x instanceof ActionSelect)) selects++;
        if (!diceField.isEmpty()) diceDecisions++;
        if (diceField.contains("dice=") && rollLength(m) > 0) rolls++;
        decisions++; legalSum += k;
        Move done = game.apply(ctx, m); len++;
        if (ambiguous) { // Ludii lists the chosen move's notation more than once: say what this one did
          List<String> did = new ArrayList<>();
          List<Action> acts = done.actions();
          for (Action x : acts.subList(rollLength(done), acts.size()))
            did.add(x.getClass().getSimpleName().replaceFirst("^Action", "") + (x instanceof ActionUseDie ? "" + (((ActionUseDie) x).indexDie() + 1) : "")
              + (x instanceof ActionAdd ? "@" + anySite(x.to(), x.toType() == null ? siteType : x.toType()) + "=" + x.what() : ""));
          chosen += " {" + String.join(" ", did) + "}";
          ambiguousChoices++;
        }
        out.println(mover + " | " + chosen + " | " + (full ? list : k + ":" + fnv1a(list)) + diceField);
      }
      if (!write) continue;
      int w = trial.status().winner();
      if (w == 1) p1++; else if (w == 2) p2++; else if (w > 2) others[w]++; else draws++;
      String end = trial.status().endType() == null ? "null" : trial.status().endType().toString();
      if (end.contains("Limit")) limitEnds++;
      String ranking = "";
      if (game.players().count() > 2) { // Ludii's ranking of each player (1 = first; a team's players share it)
        StringBuilder r = new StringBuilder(" ranking=");
        for (int p = 1; p <= game.players().count(); p++) r.append(p == 1 ? "" : ",").append(trial.ranking()[p]);
        ranking = r.toString();
      }
      out.println("# result winner=" + w + " endType=" + end + " moves=" + len + " turns=" + trial.numTurns() + ranking);
    }
    String summary = String.format("games=%d decisions=%d branching=%.3f passes=%d forcedPasses=%d promotionDecisions=%d drops=%d"
      + " P1=%d P2=%d draws=%d limitEnds=%d positionsWithDuplicateNotation=%d ambiguousChoices=%d unknownNotation=%d",
      n - first + 1, decisions, (double) legalSum / Math.max(1, decisions), passes, forcedPasses, promotions, drops,
      p1, p2, draws, limitEnds, duplicates, ambiguousChoices, unknown);
    for (int p = 3; p < others.length; p++) summary += " P" + p + "=" + others[p];
    if (removals + handMoves + proposals + votes + levelMoves + selects + diceDecisions > 0)
      summary += String.format(" removals=%d handMoves=%d selects=%d levelMoves=%d proposals=%d votes=%d diceDecisions=%d rollingDecisions=%d",
        removals, handMoves, selects, levelMoves, proposals, votes, diceDecisions, rolls);
    out.println("# summary " + summary);
    out.flush();
    System.err.println(summary);
  }
}
