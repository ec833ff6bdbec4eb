import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { LogRing } from './log-ring.js';

/**
 * Seeds a fresh log ring with the process's own earlier records (ADR 147): after a crash and a
 * restart, the infrastructure panel still shows the warnings and errors that led to it, at their
 * original times. Only the tail of the file is read — at most `maxBytes` (about the ring's byte
 * limit) of it and, when it holds less, of the rotated `<file>.1` before it — so a start never
 * reads a whole log. A missing or unreadable file only means nothing to seed.
 */

export interface SeedOutcome {
  readonly file: string;
  /** Bytes read from the file and its rotated predecessor. */
  readonly bytes: number;
  /** Records the ring holds after seeding (its warnings and above). */
  readonly records: number;
  /** Why the file itself could not be read (e.g. `ENOENT`), when it could not. */
  readonly unreadable?: string;
}

/** Where the launcher renames a log file that grew beyond its limit (scripts/platform/log-printer.mjs). */
export const rotatedLogFile = (file: string): string => `${file}.1`;

export async function seedLogRing(
  ring: LogRing,
  file: string,
  maxBytes: number = ring.limits.maxBytes,
): Promise<SeedOutcome> {
  const current = await readTail(file, maxBytes);
  const remaining = maxBytes - current.bytes;
  // A tail shorter than the limit is the whole file: the lines before it are in the rotated one.
  const previous = remaining > 0 ? await readTail(rotatedLogFile(file), remaining) : undefined;
  // Oldest first, as they were logged: the ring keeps order by arrival.
  for (const line of [...(previous?.lines ?? []), ...current.lines]) ring.write(line);
  return {
    file,
    bytes: current.bytes + (previous?.bytes ?? 0),
    records: ring.kept.records,
    ...(current.error === undefined ? {} : { unreadable: current.error }),
  };
}

interface Tail {
  /** The complete lines of the tail (a line cut by its start is left out). */
  readonly lines: string[];
  readonly bytes: number;
  readonly error?: string;
}

async function readTail(path: string, maxBytes: number): Promise<Tail> {
  let handle;
  try {
    // Non-blocking: a FIFO named by mistake must not hold the start up (it is no regular file).
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { lines: [], bytes: 0, error: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { lines: [], bytes: 0, error: 'not a regular file' };
    const length = Math.min(stats.size, maxBytes);
    const start = stats.size - length;
    const buffer = Buffer.alloc(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(buffer, filled, length - filled, start + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    let text = buffer.subarray(0, filled);
    if (start > 0) {
      // The first line began before the tail: what is left of it may even parse as a record.
      const firstEnd = text.indexOf(0x0a);
      text = firstEnd === -1 ? text.subarray(text.length) : text.subarray(firstEnd + 1);
    }
    return { lines: text.toString('utf8').split('\n').filter(Boolean), bytes: filled };
  } catch (error) {
    return { lines: [], bytes: 0, error: (error as NodeJS.ErrnoException).code ?? String(error) };
  } finally {
    await handle.close();
  }
}
