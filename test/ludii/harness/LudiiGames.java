import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import game.Game;
import game.rules.play.moves.Moves;
import game.types.board.SiteType;
import other.GameLoader;
import other.action.Action;
import other.action.move.ActionPromote;
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
 *   Fuhyo*e5    a piece placed from a hand (Ludii's piece name, its player number dropped)
 *   c7=Narigin  a separate promotion decision: the piece the one on c7 becomes
 *   pass        a pass the rules offer (e.g. Shogi's declined promotion)
 *   forced-pass a pass Ludii adds for a player without a legal move
 * A chosen move whose notation Ludii lists more than once is followed by what it did, the kinds of its
 * actions as applied (consequences included): "f7-f8 {MoveTopPiece SetState}".
 * A site is file a+col, rank 1+row of its cell or vertex (whichever the board uses), checked at start
 * against Ludii's own labels.
 *
 * usage: LudiiGames GAME.lud GAMES SEED [--legal full|hash] [--from G] [--option "Category/Item"]...
 *   --from G: play games 1..G-1 unwritten (same random numbers), write games G..GAMES (for debugging one game)
 */
public final class LudiiGames {
  static Game game;
  static Context ctx;
  static SiteType siteType;
  static List<? extends TopologyElement> sites;

  static String site(int i) {
    TopologyElement e = sites.get(i);
    return "" + (char) ('a' + e.col()) + (e.row() + 1);
  }

  static String pieceName(int what) {
    return game.equipment().components()[what].name().replaceAll("[0-9]+$", "");
  }

  /** Ludii's move in the notation above, read before the move is applied. */
  static String notation(Move m) {
    if (m.isPass()) return m.isForced() ? "forced-pass" : "pass";
    Action decision = null;
    for (Action a : m.actions()) if (a.isDecision()) { decision = a; break; }
    if (decision instanceof ActionPromote) return site(decision.to()) + "=" + pieceName(decision.what());
    int from = m.from(), to = m.to();
    if (from < 0 || to < 0 || m.toType() != siteType) return "?" + m.toString().replace(' ', '_');
    if (m.fromType() == SiteType.Cell && ctx.containerId()[from] > 0) { // from a hand
      int what = ctx.containerState(ctx.containerId()[from]).what(from, SiteType.Cell);
      return pieceName(what) + "*" + site(to);
    }
    if (m.fromType() != siteType) return "?" + m.toString().replace(' ', '_');
    return site(from) + "-" + site(to);
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
      else if (a[i].equals("--option")) opts.add(a[++i]);
      else throw new IllegalArgumentException("unknown argument " + a[i]);
    }
    game = GameLoader.loadGameFromName(name, opts);
    Trial trial = new Trial(game); ctx = new Context(game, trial);
    siteType = game.board().defaultSite();
    sites = game.board().topology().getGraphElements(siteType);
    PrintStream out = new PrintStream(new BufferedOutputStream(System.out, 1 << 16), false, "UTF-8");

    for (int i = 0; i < sites.size(); i++) { // our coordinates against Ludii's labels
      TopologyElement e = sites.get(i);
      if (e.index() != i || !e.label().equalsIgnoreCase(site(i)))
        throw new IllegalStateException("site " + i + ": label " + e.label() + ", row " + e.row() + ", col " + e.col());
    }
    out.println("# Ludii 1.3.12 " + game.name() + " " + opts + ": games " + first + ".." + n + " of " + n
      + " uniformly random games, java.util.Random(" + seed + "), move = legal.get(rng.nextInt(k)) in Ludii's order;"
      + " legal moves " + (full ? "listed (sorted)" : "as count:FNV-1a-32 of the sorted, space-joined list")
      + "; " + sites.size() + " " + siteType + " sites, site i = file a+col, rank 1+row (checked against Ludii's labels: site 0 = "
      + sites.get(0).label() + ", last = " + sites.get(sites.size() - 1).label() + ")");

    Random rng = new Random(seed);
    long ambiguousChoices = 0, decisions = 0, legalSum = 0, passes = 0, forcedPasses = 0, promotions = 0, drops = 0, unknown = 0, duplicates = 0;
    long p1 = 0, p2 = 0, draws = 0, limitEnds = 0;
    for (int g = 1; g <= n; g++) {
      boolean write = g >= first;
      game.start(ctx);
      if (write) out.println("# game " + g);
      int len = 0;
      while (!trial.over()) {
        Moves lm = game.moves(ctx);
        int k = lm.moves().size();
        Move m = lm.moves().get(rng.nextInt(k));
        if (!write) { game.apply(ctx, m); len++; continue; }
        int mover = ctx.state().mover();
        List<String> legal = new ArrayList<>(k);
        for (Move x : lm.moves()) legal.add(notation(x));
        Collections.sort(legal);
        if (new HashSet<>(legal).size() != k) duplicates++;
        String chosen = notation(m), list = String.join(" ", legal);
        boolean ambiguous = legal.indexOf(chosen) != legal.lastIndexOf(chosen);
        if (chosen.startsWith("?")) unknown++;
        if (chosen.equals("pass")) passes++;
        if (chosen.equals("forced-pass")) forcedPasses++;
        if (chosen.contains("=")) promotions++;
        if (chosen.contains("*")) drops++;
        decisions++; legalSum += k;
        Move done = game.apply(ctx, m); len++;
        if (ambiguous) { // Ludii lists the chosen move's notation more than once: say what this one did
          List<String> did = new ArrayList<>();
          for (Action x : done.actions()) did.add(x.getClass().getSimpleName().replaceFirst("^Action", ""));
          chosen += " {" + String.join(" ", did) + "}";
          ambiguousChoices++;
        }
        out.println(mover + " | " + chosen + " | " + (full ? list : k + ":" + fnv1a(list)));
      }
      if (!write) continue;
      int w = trial.status().winner();
      if (w == 1) p1++; else if (w == 2) p2++; else draws++;
      String end = trial.status().endType() == null ? "null" : trial.status().endType().toString();
      if (end.contains("Limit")) limitEnds++;
      out.println("# result winner=" + w + " endType=" + end + " moves=" + len + " turns=" + trial.numTurns());
    }
    String summary = String.format("games=%d decisions=%d branching=%.3f passes=%d forcedPasses=%d promotionDecisions=%d drops=%d"
      + " P1=%d P2=%d draws=%d limitEnds=%d positionsWithDuplicateNotation=%d ambiguousChoices=%d unknownNotation=%d",
      n - first + 1, decisions, (double) legalSum / Math.max(1, decisions), passes, forcedPasses, promotions, drops,
      p1, p2, draws, limitEnds, duplicates, ambiguousChoices, unknown);
    out.println("# summary " + summary);
    out.flush();
    System.err.println(summary);
  }
}
