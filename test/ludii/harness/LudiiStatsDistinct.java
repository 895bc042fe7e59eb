import java.util.*;
import game.Game;
import game.equipment.container.Container;
import game.rules.play.moves.Moves;
import game.types.board.SiteType;
import org.apache.commons.rng.core.source64.SplitMix64;
import other.GameLoader;
import other.action.Action;
import other.action.die.ActionUpdateDice;
import other.action.die.ActionUseDie;
import other.context.Context;
import other.move.Move;
import other.topology.TopologyElement;
import other.trial.Trial;

/**
 * LudiiStatsCounts.java with the random player choosing uniformly among DISTINCT moves: at each decision Ludii's
 * legal moves are grouped by their notation as LudiiGames.java writes it (LudiiGames.notation, called here), one
 * group per distinct notation in the order of its first occurrence in Ludii's list; the group is chosen with
 * rng.nextInt(distinctCount) and its first move (Ludii's first of that notation) is applied. Ludii lists some moves
 * more than once (Surakarta: a capture once per path round the circuits; Backgammon: every move of a double once
 * per die), which a pick from Ludii's raw list favours.
 *
 * Output: LudiiStatsCounts's two lines (branching = distinct moves per decision), then
 *   distinct decisions=.. listedBranching=.. positionsWithDuplicates=.. duplicateChoices=.. mergedDiffering=P/C unknownNotation=..
 * listedBranching: Ludii's own list length per decision, in these games; positionsWithDuplicates: decisions where
 * some notation is listed more than once; duplicateChoices: chosen groups of more than one move; mergedDiffering
 * P/C: decisions (P) with a group whose moves differ in their actions (the roll left out, a UseDie counted by the
 * value of its die, so a double's die 1 and die 2 are the same) and chosen such groups (C) -- e.g. Backgammon's
 * bearing off that either of two different dice allows; the first (Ludii's order) is always the one played.
 *
 * Dice: Ludii's context RNG is seeded as LudiiGames.java does (SplitMix64(SEED), once, after a first game.start()),
 * so a dice game's run repeats (unlike stats.sh / LudiiStatsCounts).
 *
 * usage: LudiiStatsDistinct GAME.lud GAMES SEED [option ...]   (class path as for LudiiGames.java; compile both)
 * DISTINCT_DEBUG=1 in the environment writes the first 8 positions' differing groups to standard error.
 */
public final class LudiiStatsDistinct {
  static List<Integer> diceSites = new ArrayList<>();

  /** The values of the dice the decision's moves were computed with: a roll at their head, else the context's. */
  static int[] diceValues(Context ctx, Move first) {
    if (diceSites.isEmpty()) return new int[0];
    int[] v = new int[diceSites.size()];
    boolean rolled = false;
    for (Action a : first.actions().subList(0, LudiiGames.rollLength(first))) {
      if (!(a instanceof ActionUpdateDice)) continue;
      int i = diceSites.indexOf(a.to());
      if (i >= 0) { v[i] = LudiiGames.dieFace(a.to(), a.state()); rolled = true; }
    }
    if (rolled || ctx.state().currentDice() == null) return v;
    int[] cur = ctx.state().currentDice(0);
    for (int i = 0; i < v.length && i < cur.length; i++) v[i] = cur[i];
    return v;
  }

  /** What a move does, for telling apart moves of one notation: its actions after the roll, UseDie as the die's value. */
  static String signature(Move m, int[] dice) {
    StringBuilder b = new StringBuilder();
    List<Action> acts = m.actions();
    // a move that resets the dice after the roll (Backgammon's replayed double, temp set) uses no die's value
    boolean reset = false;
    for (Action a : acts.subList(LudiiGames.rollLength(m), acts.size())) if (a instanceof ActionUpdateDice) reset = true;
    for (Action a : acts.subList(LudiiGames.rollLength(m), acts.size())) {
      if (a instanceof ActionUseDie) {
        int i = ((ActionUseDie) a).indexDie();
        b.append(reset ? "UseDie " : "UseDie(" + (i < dice.length ? dice[i] : -1) + ") ");
      } else b.append(a.toString()).append(' ');
    }
    return b.toString();
  }

  public static void main(String[] a) {
    String name = a[0]; int n = Integer.parseInt(a[1]); long seed = Long.parseLong(a[2]);
    List<String> opts = new ArrayList<>();
    for (int i = 3; i < a.length; i++) opts.add(a[i]);
    Game game = GameLoader.loadGameFromName(name, opts);
    Trial trial = new Trial(game); Context ctx = new Context(game, trial);
    // LudiiGames.notation reads these
    LudiiGames.game = game; LudiiGames.ctx = ctx;
    LudiiGames.siteType = game.board().defaultSite();
    LudiiGames.sites = game.board().topology().getGraphElements(LudiiGames.siteType);
    game.start(ctx); // as LudiiGames: see whether the hands hold pieces at the start, then seed the dice
    for (Container c : game.equipment().containers()) {
      int from0 = ctx.sitesFrom()[c.index()];
      for (int k = 0; k < c.numSites(); k++) {
        if (c.isDice()) diceSites.add(from0 + k);
        else if (c.isHand()) {
          LudiiGames.handSites.put(from0 + k, "P" + c.owner() + "hand" + (c.numSites() > 1 ? "" + k : ""));
          if (ctx.containerState(c.index()).what(from0 + k, SiteType.Cell) != 0) LudiiGames.handsStartFilled = true;
        }
      }
    }
    if (game.isStochasticGame()) ctx.rng().restoreState(new SplitMix64(seed).saveState());
    for (int i = 0; i < LudiiGames.sites.size(); i++) {
      TopologyElement e = LudiiGames.sites.get(i);
      if (e.index() != i || !e.label().equalsIgnoreCase(LudiiGames.site(i)))
        throw new IllegalStateException("site " + i + ": label " + e.label() + ", row " + e.row() + ", col " + e.col());
    }

    Random rng = new Random(seed);
    long moves = 0, calls = 0, legal = 0, p1 = 0, p2 = 0, other = 0, passes = 0, turnLimit = 0;
    long listed = 0, dupPositions = 0, dupChoices = 0, mergedPositions = 0, mergedChoices = 0, unknown = 0;
    long[] winners = new long[game.players().count() + 1];
    TreeMap<String, Integer> endTypes = new TreeMap<>();
    int[] lengths = new int[n];
    double sq = 0;
    HashMap<String, Integer> group = new HashMap<>();
    List<Move> reps = new ArrayList<>();
    List<List<Move>> members = new ArrayList<>();
    for (int g = 0; g < n; g++) {
      game.start(ctx);
      int len = 0;
      while (!trial.over()) {
        Moves lm = game.moves(ctx);
        List<Move> all = new ArrayList<>(lm.moves().size());
        for (Move x : lm.moves()) all.add(x);
        group.clear(); reps.clear(); members.clear();
        for (Move x : all) {
          String s = LudiiGames.notation(x);
          if (s.startsWith("?")) unknown++;
          Integer gi = group.get(s);
          if (gi == null) { group.put(s, reps.size()); reps.add(x); members.add(new ArrayList<>(Collections.singletonList(x))); }
          else members.get(gi).add(x);
        }
        int k = reps.size(); calls++; legal += k; listed += all.size();
        int pick = rng.nextInt(k);
        Move m = reps.get(pick);
        if (k != all.size()) {
          dupPositions++;
          if (members.get(pick).size() > 1) dupChoices++;
          int[] dice = diceValues(ctx, all.get(0));
          boolean merged = false;
          for (int gi = 0; gi < k; gi++) {
            List<Move> ms = members.get(gi);
            if (ms.size() < 2) continue;
            String s0 = signature(ms.get(0), dice);
            boolean differ = false;
            for (int j = 1; j < ms.size() && !differ; j++) differ = !signature(ms.get(j), dice).equals(s0);
            if (differ && System.getenv("DISTINCT_DEBUG") != null && mergedPositions < 8) {
              System.err.println("dice=" + Arrays.toString(dice) + " temp=" + ctx.state().temp() + " " + LudiiGames.notation(ms.get(0)) + " k=" + k + " listed=" + all.size());
              for (Move x : ms) System.err.println("   " + signature(x, dice));
            }
            if (differ) { merged = true; if (gi == pick) mergedChoices++; }
          }
          if (merged) mergedPositions++;
        }
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
    System.out.printf("distinct decisions=%d listedBranching=%.3f positionsWithDuplicates=%d duplicateChoices=%d mergedDiffering=%d/%d unknownNotation=%d%n",
      calls, (double) listed / calls, dupPositions, dupChoices, mergedPositions, mergedChoices, unknown);
  }
}
