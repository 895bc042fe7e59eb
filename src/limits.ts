/**
 * Limits on what a description (and a position) may ask for, so that no input -- a typo, a mutated file, a text
 * typed into an editor key by key -- can freeze, exhaust or crash the compiler. Each is far above
 * what real games need (the figures say how far), and going beyond one is a located error.
 */

/** Diagnostics listed for one description; beyond them, one more says how many were left out. */
export const MAX_DIAGNOSTICS = 100;

/** Bytes of a description file (the library's largest is about 6 KB). */
export const MAX_SOURCE_BYTES = 1_000_000;

/**
 * Bytes of a game record file. A long real game -- 10,000 plies at about 300 bytes a move as
 * `play --save` writes it -- is about 3 MB; the limit leaves ten times that.
 */
export const MAX_RECORD_BYTES = 32_000_000;

/**
 * Bytes of a position file. `show --json` of a full 40,000-site board (MAX_SITES), every piece
 * flagged, is about 5 MB.
 */
export const MAX_POSITION_BYTES = 16_000_000;

/**
 * Lists and objects nested in a record, a position or a scenario file (their own fields nest at
 * most 5, 4 and 9 deep). Deeper values are refused before anything walks them, so no nesting can
 * exhaust the stack.
 */
export const MAX_JSON_DEPTH = 16;

/** Problems listed for one record or position; beyond them, one line says how many more there are. */
export const MAX_PROBLEMS = 20;

/** Characters of a value (a name, a label, a notation) quoted in a message; longer ones are cut. */
export const MAX_SHOWN_CHARS = 60;

/**
 * Turn counters of a position (`turn`, `actionInTurn`, `actionsInTurn`). Play adds one per turn or
 * decision: passing this would take two billion of them.
 */
export const MAX_TURN = 2 ** 31 - 1;

/** Digits of a number literal, and its size: whole numbers up to a billion (board sizes, counts, scores). */
export const MAX_NUMBER_DIGITS = 12;
export const MAX_NUMBER = 1_000_000_000;

/** Brackets nested in the text (real games nest a few dozen levels). */
export const MAX_NESTING = 200;

/**
 * Nodes of the tree after expanding defines and options. Real games expand to a few thousand;
 * the budget is checked while expanding, so a define that doubles its argument at every level
 * stops early instead of growing without end.
 */
export const MAX_EXPANDED_NODES = 200_000;

/** Depth of the tree after expansion (defines nested in defines), and of define calls within calls. */
export const MAX_EXPANDED_DEPTH = 250;
export const MAX_MACRO_DEPTH = 64;

/** Macro calls expanded in one description (stops defines that branch without end). */
export const MAX_MACRO_CALLS = 20_000;

/** Files in an `(extends ...)` chain. */
export const MAX_EXTENDS = 16;

/** Players of a game (Ludex's largest has 6). */
export const MAX_PLAYERS = 64;

/** Sites of a board (the library's largest has a few hundred; 40,000 is a 200 x 200 square). */
export const MAX_SITES = 40_000;

/** Pieces put on the board or dealt by one start rule, and pieces in a player's supply. */
export const MAX_PIECES = 1_000_000;

/**
 * Marker cells of a state: markers x players x sites, a byte each (the library's one game with a
 * marker has 1 x 2 x its board; 4 million is 3 markers for 64 players on a 20,000-site board).
 */
export const MAX_MARKER_CELLS = 4_000_000;

/** Piece types and flags: what the state's arrays hold without wrapping. */
export const MAX_PIECE_TYPES = 120;
export const MAX_FLAGS = 16;

/**
 * Height of a stack in a position and in play (2^30 - 1: a move buffer packs a height with one
 * more bit into 32); a start rule stacks at most MAX_PIECES. Play that would build a higher stack
 * (stacks merging) stops with an error naming the rule: 1,074 stacks of a million can reach it.
 */
export const MAX_HEIGHT = 2 ** 30 - 1;

/**
 * Counters, scores and supplies are whole numbers held exactly (to 2^53 - 1 either way, what a
 * double holds without rounding). Play that would pass that (a counter doubled every turn) stops
 * with an error naming the rule, so every state play reaches is one a position can describe.
 */
export const MAX_EXACT = Number.MAX_SAFE_INTEGER;

/**
 * Moves one position may have. Real games have a few hundred (Amazons, the library's widest, about
 * 2,200 at its start; a placement on the largest board 40,000). A generation that would pass it
 * stops with an error naming the rule and the position, instead of growing until memory runs out
 * (a piece flying anywhere on a 200 x 200 board, part of a million-high stack sliding).
 */
export const MAX_MOVES_PER_POSITION = 1_000_000;

/** Sites in the paths and capture lists of one position's moves (chains of jumps), in all. */
export const MAX_MOVE_POOL = 16_000_000;

/**
 * Jumps one position's chain search may try (draughts' longest chains take a few thousand). A
 * description whose chains branch without end (pieces that may be jumped again and again on a wide
 * lattice) stops with an error instead of searching for hours.
 */
export const MAX_SEARCH_STEPS = 10_000_000;

/**
 * Decisions a longest-sequence rule may look ahead through for one position (each is applied and
 * its continuations generated; draughts' majority rule needs a few hundred).
 */
export const MAX_LOOKAHEAD_DECISIONS = 1_000_000;

/*
 * Budgets an agent spec may ask for (`mcts:iterations=N`, `time=T`, `alphabeta:depth=D`...), so a
 * typo cannot set an agent thinking for days on one move. A spec on the command line beyond one is
 * refused; a spec read from a record is capped, with a message, to the lower bounds below
 * (MAX_RECORD_AGENT_*). Each is far above real use, and still finite: the point is an end, not a
 * speed -- and whatever the budget, Ctrl-C stops a decision at once (agents think on a thread).
 */

/** MCTS iterations a decision. Real use is 500 to 5,000 (the default is 1,000); 10 million take minutes to hours. */
export const MAX_AGENT_ITERATIONS = 10_000_000;

/** Milliseconds an agent may think a decision (`time=T`). Real use is 1 to 10 seconds; the most is an hour. */
export const MAX_AGENT_TIME_MS = 3_600_000;

/**
 * Plies alpha-beta searches ahead. Real use is 3 to 10; each ply multiplies the work by the
 * number of moves, so 64 is never reached on a real game, while 1,000 would size arrays and
 * loops for nothing.
 */
export const MAX_AGENT_DEPTH = 64;

/**
 * Plies of one MCTS playout before the evaluation stands in for the result (`rollout=`). The
 * default is 40; 10,000 is the length at which `ludex play` stops an unfinished game.
 */
export const MAX_AGENT_ROLLOUT = 10_000;

/**
 * MCTS's exploration constant (`c=`). Real use is 0.5 to 2 (the default 1.4); at 100 the search
 * already spreads its visits almost evenly, so larger values change nothing but can overflow a
 * child's score to infinity.
 */
export const MAX_AGENT_EXPLORATION = 100;

/*
 * What one decision of an agent may cost, whatever its spec asks: the budgets above bound the
 * work only in iterations or plies, and a search keeps what it learns in memory. Past these the
 * agent plays the best move found so far.
 */

/**
 * Nodes of an MCTS search tree (the one kept between decisions included). Measured: a tree of
 * 500,000 nodes in Connect Four brought the process to 460 MB (some 800 bytes a node: its
 * statistics, its move, its children's map), so this bound keeps a decision near 250 MB, well
 * within a laptop, reached after some 10 s there. Budgets people use stay far below it (1,000
 * iterations make at most 1,000 nodes).
 */
export const MAX_TREE_NODES = 250_000;

/**
 * Megabytes of heap an agent's thread in `ludex play` may use: a hard net under the bounds
 * above and below (a search that still outgrew it, in a game whose positions are very large,
 * ends the game as unfinished, its record saved, instead of exhausting the machine).
 */
export const MAX_AGENT_HEAP_MB = 1024;

/**
 * Positions alpha-beta's transposition table keeps during one decision (about 150 bytes each, so
 * at most about 150 MB); further positions are searched without being stored.
 */
export const MAX_TABLE_ENTRIES = 1_000_000;

/*
 * An agent named by a record's seat is capped lower than one a person types: a record may come
 * from anywhere, and resuming it should not commit the machine to more than a few seconds a
 * decision (a person who wants more types --pN). MCTS runs some 10,000 to 100,000 iterations a
 * second in the library's games, and alpha-beta's work grows by the branching factor per ply.
 */

/** MCTS iterations a decision for a record's agent: a few seconds on a laptop in most games. */
export const MAX_RECORD_AGENT_ITERATIONS = 100_000;

/** Thinking time a decision for a record's agent: 10 seconds. */
export const MAX_RECORD_AGENT_TIME_MS = 10_000;

/** Alpha-beta plies for a record's agent (each multiplies the work by the branching factor: 6 plies are seconds in the library's smaller games). */
export const MAX_RECORD_AGENT_DEPTH = 6;

/**
 * Sites the conditions of one position may examine: each time a condition walks sites (counts
 * them, looks for one, follows a group or a path, scans the board's lines, lists a player's moves),
 * what it walks is counted against this, for the whole of a position's move generation (its
 * look-aheads included) and for each decision's consequences and end rules. The library's most,
 * over random playouts of every game at its largest options, is about 38,000 (Shogi's drop rules;
 * Quoridor's path search 18,000): the budget is 2,600 times that. A condition counting sites for
 * each site of a 40 x 40 board, for every placement, would need 4 billion: it stops within about
 * two seconds instead of running for minutes.
 */
export const MAX_WORK_PER_POSITION = 100_000_000;
