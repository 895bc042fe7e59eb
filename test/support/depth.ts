/**
 * How much of the long checks a run makes. `npm test` replays a share of the longest Ludii game
 * files, enough to meet every rule they hold, so the suite stays well under ten minutes on two
 * cores; `LUDEX_FULL=1 npm test` replays every game of every file (some minutes more).
 */
export const fullRun = process.env.LUDEX_FULL === "1";

/** `all` in a full run, `share` otherwise. */
export const gamesToReplay = (share: number, all: number): number => (fullRun ? all : share);
