// Turns a child's JSON log lines into one readable line each on the terminal, and keeps the
// raw lines in <dataDir>/logs/<name>.log for later digging.
import { createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';

const LEVEL_COLOUR = { fatal: 31, error: 31, warn: 33, info: 36, debug: 90, trace: 90 };
const SKIP = new Set(['level', 'time', 'service', 'msg', 'pid', 'hostname']);

export function pipeLogs(name, stream, logFile, quiet) {
  const file = createWriteStream(logFile, { flags: 'a' });
  const lines = createInterface({ input: stream });
  lines.on('line', (line) => {
    file.write(`${line}\n`);
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      if (!quiet) process.stdout.write(`${name.padEnd(13)}| ${line}\n`);
      return;
    }
    if (quiet && !['warn', 'error', 'fatal'].includes(entry.level)) return;
    const fields = Object.entries(entry)
      .filter(([key]) => !SKIP.has(key))
      .map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : value}`)
      .join(' ');
    const colour = LEVEL_COLOUR[entry.level] ?? 0;
    process.stdout.write(
      `${name.padEnd(13)}| \x1b[${colour}m${String(entry.level).padEnd(5)}\x1b[0m ${entry.msg ?? ''} ${fields}\n`,
    );
  });
  lines.on('close', () => file.end());
}
