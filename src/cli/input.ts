/** Reading the player's lines at a prompt, on a terminal or from piped input. */
import { createInterface, type Interface } from "node:readline";

/**
 * Lines from stdin, one per prompt. Lines that arrive before they are asked for (piped input) are
 * queued; on a terminal readline draws the prompt and echoes, with piped input the line read is
 * echoed after the prompt so the transcript reads like a session.
 */
export class LineInput {
  interrupted = false;
  private readonly tty = process.stdin.isTTY === true;
  private readonly rl: Interface;
  private readonly queue: string[] = [];
  private waiter: ((line: string | null) => void) | null = null;
  private closed = false;

  constructor() {
    this.rl = createInterface({ input: process.stdin, output: this.tty ? process.stdout : undefined, terminal: this.tty });
    this.rl.on("line", (line) => {
      if (this.waiter) this.release(line);
      else this.queue.push(line);
    });
    this.rl.on("close", () => {
      this.closed = true;
      this.release(null);
    });
    this.rl.on("SIGINT", () => {
      this.interrupted = true;
      this.rl.close();
    });
  }

  private release(line: string | null): void {
    const w = this.waiter;
    this.waiter = null;
    w?.(line);
  }

  async ask(prompt: string): Promise<string | null> {
    if (this.tty) {
      this.rl.setPrompt(prompt);
      this.rl.prompt();
    } else process.stdout.write(prompt);
    let line: string | null;
    if (this.queue.length) line = this.queue.shift()!;
    else if (this.closed) line = null;
    else line = await new Promise<string | null>((resolve) => (this.waiter = resolve));
    if (!this.tty) process.stdout.write(line === null ? "\n" : `${line}\n`);
    else if (line === null) process.stdout.write("\n");
    return line;
  }

  close(): void {
    this.rl.close();
  }
}
