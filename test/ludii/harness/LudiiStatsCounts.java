import java.util.*;
import game.Game;
import game.rules.play.moves.Moves;
import other.GameLoader;
import other.context.Context;
import other.move.Move;
import other.trial.Trial;

/**
 * ../shared/ludii/LudiiStats.java (what stats.sh runs), with the result counts it rounds into percentages:
 * the same loop and random numbers, the same first line (byte for byte, for a game without dice: Ludii rolls
 * its dice with its context's RNG, which it seeds from the clock), then
 *   counts P1=.. P2=.. [P3=.. ...] draw=.. endTypes={...} lengths=min/p10/median/p90/max
 * with the winner as Ludii's status gives it (a team game's winner is the team's number), draw = winner 0.
 *
 * usage: LudiiStatsCounts GAME.lud GAMES SEED [option ...]   (class path as for LudiiGames.java)
 */
public final class LudiiStatsCounts {
  public static void main(String[] a) {
    String name = a[0]; int n = Integer.parseInt(a[1]); long seed = Long.parseLong(a[2]);
    List<String> opts = new ArrayList<>();
    for (int i = 3; i < a.length; i++) opts.add(a[i]);
    Game game = GameLoader.loadGameFromName(name, opts);
    Trial trial = new Trial(game); Context ctx = new Context(game, trial);
    Random rng = new Random(seed);
    long moves = 0, calls = 0, legal = 0, p1 = 0, p2 = 0, other = 0, passes = 0, turnLimit = 0;
    long[] winners = new long[game.players().count() + 1];
    TreeMap<String, Integer> endTypes = new TreeMap<>();
    int[] lengths = new int[n];
    double sq = 0;
    for (int g = 0; g < n; g++) {
      game.start(ctx);
      int len = 0;
      while (!trial.over()) {
        Moves lm = game.moves(ctx);
        int k = lm.moves().size(); calls++; legal += k;
        Move m = lm.moves().get(rng.nextInt(k));
        if (m.isPass()) passes++;
        game.apply(ctx, m); len++;
      }
      moves += len; sq += (double) len * len; lengths[g] = len;
      int w = trial.status().winner();
      if (w == 1) p1++; else if (w == 2) p2++; else other++;
      if (w >= 0 && w < winners.length) winners[w]++;
      String end = trial.status().endType() == null ? "null" : trial.status().endType().toString();
      endTypes.merge(end, 1, Integer::sum);
      if (trial.status().endType() != null && trial.status().endType().toString().contains("Limit")) turnLimit++;
    }
    double mean = (double) moves / n, sd = Math.sqrt((sq - n * mean * mean) / (n - 1));
    System.out.printf("%s %s n=%d avgLen=%.2f (+-%.2f 95%%) branching=%.3f P1=%.1f%% P2=%.1f%% other=%.1f%% passes/game=%.3f limitEnds=%d%n",
      name, opts, n, mean, 1.96 * sd / Math.sqrt(n), (double) legal / calls, 100.0 * p1 / n, 100.0 * p2 / n, 100.0 * other / n, (double) passes / n, turnLimit);
    StringBuilder c = new StringBuilder("counts");
    for (int p = 1; p < winners.length; p++) c.append(" P").append(p).append('=').append(winners[p]);
    c.append(" draw=").append(winners[0]).append(" endTypes=").append(endTypes);
    Arrays.sort(lengths);
    c.append(String.format(" lengths=%d/%d/%d/%d/%d sd=%.3f", lengths[0], lengths[n / 10], lengths[n / 2], lengths[(9 * n) / 10], lengths[n - 1], sd));
    System.out.println(c);
  }
}
