// SHA-256 and size of a file, read in chunks (databases can be gigabytes).
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readSync } from 'node:fs';

const CHUNK = 1 << 20;

/** `{ bytes, sha256 }` of `file`. */
export function digestFile(file) {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(CHUNK);
  const fd = openSync(file, 'r');
  let bytes = 0;
  try {
    for (let read; (read = readSync(fd, buffer, 0, CHUNK, null)) > 0; bytes += read)
      hash.update(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Flushes `file` (or a folder's entries) to the disk. */
export function syncToDisk(path) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
