// Turns a child's JSON log lines into one readable line each on the terminal, and keeps the
// raw lines in <dataDir>/logs/<name>.log for later digging (and for the service's log ring after
// a restart, ADR 147). A file that would grow beyond LOG_FILE_MAX_MB is renamed <name>.log.1
// (replacing the one before) and a new one begun, so a long-running platform does not fill the disk.
import { closeSync, fstatSync, openSync, renameSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';

const LEVEL_COLOUR = { fatal: 31, error: 31, warn: 33, info: 36, debug: 90, trace: 90 };
const SKIP = new Set(['level', 'time', 'service', 'msg', 'pid', 'hostname']);

export const DEFAULT_LOG_FILE_MAX_MB = 64;

/** LOG_FILE_MAX_MB (MiB, fractions allowed) in bytes. */
export function logFileMaxBytes(env) {
  const raw = env.LOG_FILE_MAX_MB ?? String(DEFAULT_LOG_FILE_MAX_MB);
  const mib = Number(raw);
  if (!(mib > 0) || !Number.isFinite(mib))
    throw new Error(`LOG_FILE_MAX_MB must be a positive number of MiB, not ${raw}`);
  return Math.ceil(mib * 1024 * 1024);
}

/**
 * One child's log file, shared by its stdout and stderr and kept across its restarts. Lines are
 * written synchronously: a rotation is close, rename, open between two whole lines, so no write
 * of either stream is in flight to the wrong file, and a stopping platform's last lines are on
 * disk before the launcher exits.
 */
export class LogFile {
  constructor(path, maxBytes) {
    this.path = path;
    this.maxBytes = maxBytes;
    this.failed = false;
    this.open();
  }

  open() {
    this.fd = openSync(this.path, 'a');
    this.size = fstatSync(this.fd).size;
  }

  write(line) {
    const bytes = Buffer.from(`${line}\n`);
    try {
      if (this.size > 0 && this.size + bytes.length > this.maxBytes) this.rotate();
      for (let done = 0; done < bytes.length;) done += writeSync(this.fd, bytes, done);
      this.size += bytes.length;
      this.failed = false;
    } catch (error) {
      // A full disk must not stop the platform: the terminal still shows every line.
      if (!this.failed) process.stderr.write(`${this.path}: ${error.message}; lines not kept until it is writable\n`);
      this.failed = true;
    }
  }

  rotate() {
    closeSync(this.fd);
    try {
      renameSync(this.path, `${this.path}.1`);
    } finally {
      this.open();
    }
  }
}

export function pipeLogs(name, stream, logFile, quiet) {
  const lines = createInterface({ input: stream });
  lines.on('line', (line) => {
    logFile.write(line);
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
}
