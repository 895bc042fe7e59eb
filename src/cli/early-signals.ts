/**
 * Imported first by main.ts, before the command's modules load: from here on an early Ctrl-C or
 * SIGTERM is held for the command's Interrupt instead of killing the process silently.
 */
import { holdEarlySignals } from "./interrupt.js";

holdEarlySignals(process.argv[2]);
