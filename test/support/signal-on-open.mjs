/**
 * Preloaded into a CLI process by a test (node --import): the moment the process opens a file
 * whose path ends with $SIGNAL_ON_OPEN, it sends itself $SIGNAL_NAME. So a test can deliver a
 * signal at a known point of a command's start (while it reads and compiles its game), whatever
 * the machine's speed, instead of after a guessed delay.
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const suffix = process.env.SIGNAL_ON_OPEN;
const signal = process.env.SIGNAL_NAME ?? "SIGINT";
const open = fs.openSync;
let sent = false;
fs.openSync = function (path, ...rest) {
  if (!sent && suffix && String(path).endsWith(suffix)) {
    sent = true;
    process.kill(process.pid, signal);
  }
  return open.call(this, path, ...rest);
};
syncBuiltinESMExports();
