import { fsync } from 'node:fs';
import type { FsyncFile } from '../wal-sync.js';

/**
 * An fsync the test lets run by hand: each call waits until `release` runs the OS's fsync (or
 * `failNext` made it fail), so a test can look at what happens while the disk syncs. A disk error
 * cannot be made on demand, which is why the fsync is given at all.
 */
export function heldFsync() {
  const held: (() => void)[] = [];
  let calls = 0;
  let failWith: NodeJS.ErrnoException | null = null;
  const fsyncFile: FsyncFile = (fd, callback) => {
    calls += 1;
    held.push(() => (failWith ? callback(failWith) : fsync(fd, callback)));
  };
  return {
    fsyncFile,
    calls: () => calls,
    /** Runs the fsyncs held now, then lets their callbacks settle. */
    release: async () => {
      while (held.length > 0) held.shift()!();
      await settle();
    },
    failNext: (error: NodeJS.ErrnoException) => {
      failWith = error;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** 'pending', 'resolved' or 'rejected', after the event loop had a moment to settle it. */
export async function settledState(promise: Promise<unknown>): Promise<string> {
  let state = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await settle();
  return state;
}

export const eio = (): NodeJS.ErrnoException => Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
