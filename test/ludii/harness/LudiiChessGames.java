import java.io.*;
import java.util.*;
import game.Game;
import game.equipment.component.Component;
import game.rules.play.moves.Moves;
import other.GameLoader;
import other.action.Action;
import other.action.move.ActionPromote;
import other.context.Context;
import other.move.Move;
import other.topology.Cell;
import other.trial.Trial;

/**
 * Replay material for Ludii's Chess: N uniformly random games (same loop and RNG use as LudiiStats.java:
 * game.moves() + lm.moves().get(rng.nextInt(k)) + game.apply(), java.util.Random(seed)), one line per Ludii
 * decision:  mover | chosen | sorted legal moves.
 * Notation: a normal move is from-to of the decision action (castling = king's move e1-g1, the rook moves in the
 * consequences; en passant = the pawn's diagonal step, the capture is a consequence); Ludii's separate Promote
 * decision (same turn, after the pawn reaches the last rank) is printed as e8=Q (letter from the piece name:
 * Queen Q, Rook R, Bishop B, Knight N); a pass is "pass". Site i -> file a+i%8, rank 1+i/8; checked at start
 * against Ludii's own cell labels and coordinates.
 *
 * usage: LudiiChessGames GAMES SEED [GAME.lud]   (output on stdout, summary on stderr)
 */
public final class LudiiChessGames {
  static String sq(int i) { return "" + (char) ('a' + i % 8) + (char) ('1' + i / 8); }

  static String letter(String pieceName) {
    String n = pieceName.replaceAll("[0-9]+$", "");
    switch (n) {
      case "Queen": return "Q"; case "Rook": return "R"; case "Bishop": return "B"; case "Knight": return "N";
      case "King": return "K"; case "Pawn": return "P"; default: return n;
    }
  }

  static String fmt(Game game, Move m) {
    if (m.isPass()) return "pass";
    Action dec = null;
    for (Action a : m.actions()) if (a.isDecision()) { dec = a; break; }
    if (dec instanceof ActionPromote) {
      Component c = game.equipment().components()[dec.what()];
      return sq(dec.to()) + "=" + letter(c.name());
    }
    int f = m.from(), t = m.to();
    if (f < 0 || t < 0) return "?" + m.toString().replace(' ', '_');
    return sq(f) + "-" + sq(t);
  }

  public static void main(String[] a) throws Exception {
    int n = Integer.parseInt(a[0]); long seed = Long.parseLong(a[1]);
    String name = a.length > 2 ? a[2] : "Chess.lud";
    Game game = GameLoader.loadGameFromName(name, new ArrayList<String>());
    Trial trial = new Trial(game); Context ctx = new Context(game, trial);
    PrintStream out = new PrintStream(new BufferedOutputStream(System.out, 1 << 16), false, "UTF-8");

    // Coordinate check: Ludii's cell label and (row, col) against file = i % 8, rank = i / 8.
    List<Cell> cells = game.board().topology().cells();
    if (cells.size() != 64) throw new IllegalStateException("not an 8x8 board: " + cells.size());
    for (Cell c : cells) {
      int i = c.index();
      if (c.col() != i % 8 || c.row() != i / 8 || !c.label().equalsIgnoreCase(sq(i)))
        throw new IllegalStateException("site " + i + " label=" + c.label() + " row=" + c.row() + " col=" + c.col());
    }
    out.println("# Ludii 1.3.12 " + game.name() + ", " + n + " uniform random games, java.util.Random(" + seed
      + "), pick = legal.get(rng.nextInt(k)) in Ludii's order; site i -> file a+i%8, rank 1+i/8 (checked against"
      + " Ludii cell labels: site 0=" + cells.get(0).label() + ", 7=" + cells.get(7).label() + ", 63=" + cells.get(63).label() + ")");

    Random rng = new Random(seed);
    long enPassant = 0, castles = 0;
    long totalMoves = 0, totalPasses = 0, totalPromos = 0, dupLines = 0, decisions = 0, legalSum = 0;
    Map<String, Integer> reasons = new TreeMap<>();
    for (int g = 1; g <= n; g++) {
      game.start(ctx);
      if (g == 1) { // start position check: white king on e1, black king on e8
        String k1 = game.equipment().components()[ctx.containerState(0).what(4, game.board().defaultSite())].name();
        String k2 = game.equipment().components()[ctx.containerState(0).what(60, game.board().defaultSite())].name();
        out.println("# start check: site 4 (e1) holds " + k1 + ", site 60 (e8) holds " + k2);
      }
      out.println("# game " + g);
      int len = 0; boolean lastWasPass = false;
      while (!trial.over()) {
        Moves lm = game.moves(ctx);
        int k = lm.moves().size();
        int mover = ctx.state().mover();
        List<String> legal = new ArrayList<>(k);
        for (Move m : lm.moves()) legal.add(fmt(game, m));
        Collections.sort(legal);
        if (new HashSet<>(legal).size() != legal.size()) dupLines++;
        Move m = lm.moves().get(rng.nextInt(k));
        String chosen = fmt(game, m);
        lastWasPass = m.isPass();
        if (lastWasPass) totalPasses++;
        if (chosen.contains("=")) totalPromos++;
        if (!m.isPass() && !chosen.contains("=")) { // classify the chosen move: en passant / castling (for the summary)
          int f = m.from(), t = m.to();
          int what = ctx.containerState(0).what(f, game.board().defaultSite());
          String pn = what > 0 ? game.equipment().components()[what].name() : "";
          if (pn.startsWith("Pawn") && f % 8 != t % 8 && ctx.containerState(0).what(t, game.board().defaultSite()) == 0) enPassant++;
          if (pn.startsWith("King") && Math.abs(f % 8 - t % 8) == 2) castles++;
        }
        decisions++; legalSum += k;
        out.println(mover + " | " + chosen + " | " + String.join(" ", legal));
        game.apply(ctx, m); len++;
      }
      totalMoves += len;
      int w = trial.status().winner();
      String reason;
      if (w != 0) reason = "checkmate";
      else if (ctx.state().counter() >= 99) reason = "counter=99 (50-move rule)";
      else if (lastWasPass) reason = "no moves (stalemated player passed, then (no Moves Mover))";
      else reason = "no moves for the player who just moved";
      reasons.merge(reason, 1, Integer::sum);
      out.println("# result winner=" + w + " ranking=" + Arrays.toString(Arrays.copyOfRange(trial.ranking(), 1, trial.ranking().length))
        + " endType=" + trial.status().endType() + " status=" + trial.status() + " moves=" + len + " counter=" + ctx.state().counter()
        + " reason=" + reason);
    }
    out.flush();
    System.err.printf("games=%d avgLen=%.2f branching=%.3f passes=%d promotions=%d enPassant=%d castles=%d positionsWithDuplicateNotation=%d reasons=%s%n",
      n, (double) totalMoves / n, (double) legalSum / decisions, totalPasses, totalPromos, enPassant, castles, dupLines, reasons);
  }
}
