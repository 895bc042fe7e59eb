import java.io.*;
import java.util.*;
import game.Game;
import game.types.board.SiteType;
import other.GameLoader;
import other.action.move.ActionAdd;
import other.action.move.remove.ActionRemove;
import other.context.Context;
import other.move.Move;
import other.trial.Trial;

/**
 * Legal moves of Ludii's Janggi in given positions. Input lines: "mover site:Component site:Component ..."
 * (Ludii's component names, e.g. Han1 Cha1 Po2); output: the sorted legal moves, from-to, one line per input.
 */
public final class LudiiJanggiPositions {
  static String sq(int i) { return "" + (char) ('a' + i % 9) + (1 + i / 9); }
  static int site(String l) { return (l.charAt(0) - 'a') + 9 * (Integer.parseInt(l.substring(1)) - 1); }
  public static void main(String[] a) throws Exception {
    Game game = GameLoader.loadGameFromName("Janggi.lud", new ArrayList<String>());
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    Map<String, Integer> ids = new HashMap<>();
    for (int i = 1; i < game.equipment().components().length; i++) ids.put(game.equipment().components()[i].name(), i);
    String line;
    while ((line = in.readLine()) != null) {
      if (line.trim().isEmpty()) continue;
      String[] parts = line.trim().split(" ");
      Context ctx = new Context(game, new Trial(game));
      game.start(ctx);
      for (int s = 0; s < 90; s++)
        if (ctx.containerState(0).what(s, SiteType.Vertex) != 0) ActionRemove.construct(SiteType.Vertex, s, -1, true).apply(ctx, true);
      for (int k = 1; k < parts.length; k++) {
        String[] sp = parts[k].split(":");
        int id = ids.get(sp[1]);
        new ActionAdd(SiteType.Vertex, site(sp[0]), id, 1, -1, -1, -1, null).apply(ctx, true);
      }
      int mover = Integer.parseInt(parts[0]);
      ctx.state().setMover(mover); ctx.state().setNext(3 - mover); ctx.state().setPrev(3 - mover);
      ctx.trial().clearLegalMoves();
      List<String> legal = new ArrayList<>();
      for (Move m : game.moves(ctx).moves()) legal.add(m.isPass() ? "pass" : sq(m.from()) + "-" + sq(m.to()));
      Collections.sort(legal);
      System.out.println(String.join(" ", legal));
    }
  }
}
