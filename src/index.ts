/**
 * Ludex's public API: `import { loadGame } from "ludex"`. Everything a program needs to load and
 * compile games, play them through the Game API, read and write positions and game records, run
 * agents and matches, and draw positions as text. Modules not exported here are internal and may
 * change between versions.
 */

// --- loading and compiling games ---
export { compileGame, loadGame, GameLoadError, GameNotFoundError, type CompileOptions, type CompileResult } from "./compile/index.js";
export { descriptionHash } from "./compile/fingerprint.js";
export { formatDiagnostic, type Diagnostic, type DiagnosticCode, type Severity } from "./lang/diagnostics.js";
export type { Span } from "./lang/ast.js";
export type { OptionDecl, OptionValue } from "./lang/expand.js";

// --- the built-in games ---
export { builtinGameNames, builtinGamePath, builtinGamesDir, builtinRulesText, resolveGameRef, type ResolvedGame } from "./library/builtin.js";
export { gameInfo, listBuiltinGames, type GameInfo, type GameOptionInfo } from "./library/catalog.js";
export { ludexVersion } from "./library/version.js";

// --- the Game API ---
export { Game, CHANCE, TERMINAL, IllegalMoveError, StateMismatchError, type ChanceOutcome, type GameSource, type EndReason } from "./engine/play/game.js";
export { PlayLimitError } from "./engine/play/play-limit.js";
export { WorkLimitError } from "./engine/play/work-budget.js";
export { State, EMPTY, NEUTRAL, UNKNOWN_OWNER, UNKNOWN_PIECE, type SerializedState, type StateShape } from "./engine/state/state.js";
export { isSeed, parseSeed, secretSeed, type Seed } from "./engine/state/rng.js";
export type { Move, MoveCode, PrimitiveAction } from "./engine/moves/moves.js";
export { MoveBuffer } from "./engine/moves/moves.js";
export type { GameDef } from "./engine/play/rules.js";
export type { Topology } from "./engine/board/topology.js";

// --- positions ---
export { loadPosition, toPosition, describeSite, playerIndex, playerName, PositionError, type Position, type SitePiece } from "./engine/state/position.js";

// --- game records ---
export { RECORD_FORMAT, readRecord, RecordError, type GameRecordFile, type RecordGame, type RecordSeat, type RecordedMove, type RecordedMoveFields, type RecordResult, type RecordStatus } from "./record/format.js";
export { newRecord, addMove, truncate as truncateRecord, finishRecord, moveFields, withoutTimes, type RecordStart } from "./record/recorder.js";
export { readRecordFile, loadRecordGame, replayRecord, recordStart, descriptionChanged, type Replay, type ReplayStep } from "./record/replay.js";

// --- agents and matches ---
export { createAgent, capAgentSpec, cappedNotice, AGENT_KINDS, AGENT_HELP, AGENT_BOUNDS, AgentSpecError, type Agent, type CappedSpec } from "./ai/index.js";
export { playMatchGame, summarise, seatsFor, wilson, type MatchConfig, type GameRecord, type MatchSummary, type AgentStats } from "./ai/match.js";

// --- rendering ---
export { renderBoard, statusLine, pieceSymbol, SCREEN_WIDTH } from "./view/text.js";
export { narrateMove } from "./view/narrate.js";
export { boardLegend } from "./view/legend.js";
export { endInfo, gameOverText, hasScores, type EndInfo } from "./view/end.js";
export { seatLabel, seatName, sideText } from "./view/seats.js";

// --- rules scenarios ---
export { runScenarioFile, runScenario, type ScenarioResult, type FileResult } from "./scenario/runner.js";
export type { Scenario, ScenarioFile } from "./scenario/format.js";
