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
 * Ludii's legal moves in given positions of one game (any of the chess family: Xiangqi, Shogi, Minishogi,
 * Mak Ruk, Chess, Janggi ...), in LudiiGames.java's notation. Generalises LudiiJanggiPositions.java.
 *
 * usage: LudiiPositions GAME.lud  (positions on standard input, one a line)
 *
 * Input line:  mover | pieces | hands | moves [| turns]
 *   mover   1 or 2
 *   pieces  site:Component[:state] ...   Ludii's component names (Jiang1, Fuhyo2, Ferz_noCross1:1 ...)
 *   hands   player:slot:Component:count ...   a hand site of a player (slot as the .lud's "Where" map)
 *   moves   Ludii moves (LudiiGames notation) to make in turn from the position (each must be legal)
 *   turns   optional: Ludii's count of turns played (State.numTurn, 0 at the start), for its turn limit
 * Output, per input line, one line per position reached (the given one, then after each move):
 *   "S<i> <sorted legal moves>", or "S<i> over winner=W" once the game has ended; then "end".
 */
public final class LudiiPositions {
  public static void main(String[] a) throws Exception {
    Game game = GameLoader.loadGameFromName(a[0], new ArrayList<String>());
    Trial trial = new Trial(game);
    Context ctx = new Context(game, trial);
    LudiiGames.game = game; LudiiGames.ctx = ctx;
    SiteType type = game.board().defaultSite();
    LudiiGames.siteType = type;
    LudiiGames.sites = game.board().topology().getGraphElements(type);
    int n = LudiiGames.sites.size();
    Map<String, Integer> ids = new HashMap<>();
    for (int i = 1; i < game.equipment().components().length; i++) ids.put(game.equipment().components()[i].name(), i);
    Map<String, Integer> labels = new HashMap<>();
    for (int i = 0; i < n; i++) labels.put(LudiiGames.site(i), i);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    PrintStream out = System.out;
    String line;
    while ((line = in.readLine()) != null) {
      if (line.trim().isEmpty()) continue;
      String[] f = line.split("\\|", -1);
      game.start(ctx);
      for (int s = 0; s < n; s++)
        if (ctx.containerState(0).what(s, type) != 0) ActionRemove.construct(type, s, -1, true).apply(ctx, true);
      for (String p : f[1].trim().split("\\s+")) {
        if (p.isEmpty()) continue;
        String[] sp = p.split(":");
        Integer id = ids.get(sp[1]);
        if (id == null) throw new IllegalArgumentException("no component " + sp[1]);
        int state = sp.length > 2 ? Integer.parseInt(sp[2]) : -1;
        new ActionAdd(type, labels.get(sp[0]), id, 1, state, -1, -1, null).apply(ctx, true);
      }
      if (f.length > 2) for (String h : f[2].trim().split("\\s+")) {
        if (h.isEmpty()) continue;
        String[] sp = h.split(":");
        int site = ctx.sitesFrom()[Integer.parseInt(sp[0])] + Integer.parseInt(sp[1]);
        new ActionAdd(SiteType.Cell, site, ids.get(sp[2]), Integer.parseInt(sp[3]), -1, -1, -1, null).apply(ctx, true);
      }
      int mover = Integer.parseInt(f[0].trim());
      ctx.state().setMover(mover); ctx.state().setNext(3 - mover); ctx.state().setPrev(3 - mover);
      if (f.length > 4 && !f[4].trim().isEmpty()) ctx.state().setNumTurn(Integer.parseInt(f[4].trim()));
      ctx.trial().clearLegalMoves();
      String[] moves = f.length > 3 ? f[3].trim().split("\\s+") : new String[0];
      int k = 0;
      for (int i = 0; ; i++) {
        if (trial.over()) { out.println("S" + i + " over winner=" + trial.status().winner()); break; }
        List<Move> legal = new ArrayList<>(); for (Move m : game.moves(ctx).moves()) legal.add(m);
        List<String> names = new ArrayList<>();
        for (Move m : legal) names.add(LudiiGames.notation(m));
        List<String> sorted = new ArrayList<>(names);
        Collections.sort(sorted);
        out.println("S" + i + " " + String.join(" ", sorted));
        while (k < moves.length && moves[k].isEmpty()) k++;
        if (k >= moves.length) break;
        int at = names.indexOf(moves[k]);
        if (at < 0) { out.println("S" + (i + 1) + " no-such-move " + moves[k]); break; }
        game.apply(ctx, legal.get(at));
        k++;
      }
      out.println("end");
    }
  }
}
