import java.io.*;
import java.util.*;
import game.Game;
import game.rules.play.moves.Moves;
import other.GameLoader;
import other.context.Context;
import other.move.Move;
import other.topology.Vertex;
import other.trial.Trial;

/**
 * Replay material for Ludii's Janggi: N uniformly random games (same loop and RNG use as LudiiStats.java:
 * game.moves() + lm.moves().get(rng.nextInt(k)) + game.apply(), java.util.Random(seed)), one line per Ludii
 * decision:  mover | chosen | sorted legal moves. A move is written from-to (a capture too), a forced pass
 * "pass". Vertex i -> file a+i%9, rank 1+i/9, checked against Ludii's vertex coordinates.
 *
 * usage: LudiiJanggiGames GAMES SEED   (output on stdout, summary on stderr)
 */
public final class LudiiJanggiGames {
  static String sq(int i) { return "" + (char) ('a' + i % 9) + (1 + i / 9); }

  static String fmt(Move m) {
    if (m.isPass()) return "pass";
    int f = m.from(), t = m.to();
    if (f < 0 || t < 0) return "?" + m.toString().replace(' ', '_');
    return sq(f) + "-" + sq(t);
  }

  public static void main(String[] a) throws Exception {
    int n = Integer.parseInt(a[0]); long seed = Long.parseLong(a[1]);
    Game game = GameLoader.loadGameFromName("Janggi.lud", new ArrayList<String>());
    Trial trial = new Trial(game); Context ctx = new Context(game, trial);
    PrintStream out = new PrintStream(new BufferedOutputStream(System.out, 1 << 16), false, "UTF-8");
    List<Vertex> vs = game.board().topology().vertices();
    if (vs.size() != 90) throw new IllegalStateException("not 90 points: " + vs.size());
    for (Vertex v : vs) {
      int i = v.index();
      if (v.col() != i % 9 || v.row() != i / 9) throw new IllegalStateException("vertex " + i + " row=" + v.row() + " col=" + v.col());
    }
    out.println("# Ludii 1.3.12 " + game.name() + ", " + n + " uniform random games, java.util.Random(" + seed
      + "), pick = legal.get(rng.nextInt(k)) in Ludii's order; vertex i -> file a+i%9, rank 1+i/9 (checked against Ludii's row and column)");
    Random rng = new Random(seed);
    long totalMoves = 0, passes = 0, decisions = 0, legalSum = 0, dupLines = 0;
    int[] wins = new int[3];
    for (int g = 1; g <= n; g++) {
      game.start(ctx);
      out.println("# game " + g);
      int len = 0;
      while (!trial.over()) {
        Moves lm = game.moves(ctx);
        int k = lm.moves().size();
        int mover = ctx.state().mover();
        List<String> legal = new ArrayList<>(k);
        for (Move m : lm.moves()) legal.add(fmt(m));
        Collections.sort(legal);
        if (new HashSet<>(legal).size() != legal.size()) dupLines++;
        Move m = lm.moves().get(rng.nextInt(k));
        if (m.isPass()) passes++;
        decisions++; legalSum += k;
        out.println(mover + " | " + fmt(m) + " | " + String.join(" ", legal));
        game.apply(ctx, m); len++;
      }
      totalMoves += len;
      int w = trial.status().winner();
      wins[w]++;
      out.println("# result winner=" + w + " endType=" + trial.status().endType() + " moves=" + len + " var=" + ctx.state().temp());
    }
    out.flush();
    System.err.printf("games=%d avgLen=%.2f branching=%.3f passes=%d dupLines=%d draws=%d p1=%d p2=%d%n",
      n, (double) totalMoves / n, (double) legalSum / decisions, passes, dupLines, wins[0], wins[1], wins[2]);
  }
}
