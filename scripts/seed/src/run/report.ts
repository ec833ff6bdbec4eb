/** Progress lines on stdout (the seed is a command-line tool; logs of the bus go through pino). */
export interface Report {
  line(text: string): void;
  /** A line that replaces itself on a terminal; a plain line, at most every few seconds, elsewhere. */
  progress(text: string): void;
  /** Ends a run of progress lines. */
  done(): void;
}

export function consoleReport(stream: NodeJS.WriteStream = process.stdout, minIntervalMs = 5_000): Report {
  let lastPlain = 0;
  let open = false;
  return {
    line(text) {
      if (open) stream.write('\n');
      open = false;
      stream.write(`${text}\n`);
    },
    progress(text) {
      if (stream.isTTY) {
        stream.write(`\r\x1b[2K${text}`);
        open = true;
      } else if (Date.now() - lastPlain >= minIntervalMs) {
        lastPlain = Date.now();
        stream.write(`${text}\n`);
      }
    },
    done() {
      if (open) stream.write('\n');
      open = false;
    },
  };
}

export const rate = (count: number, ms: number): string =>
  `${Math.round(count / Math.max(ms / 1000, 0.001)).toLocaleString('en')}/s`;
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
export const thousands = (n: number): string => n.toLocaleString('en');
