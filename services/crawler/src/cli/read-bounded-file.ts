import { open } from 'node:fs/promises';

/** Reads at most `maxBytes` of a file; `truncated` tells whether there was more. */
export async function readBoundedFile(path: string, maxBytes: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot read ${path}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  try {
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0 || length + bytesRead >= buffer.length) {
        length += bytesRead;
        break;
      }
      length += bytesRead;
    }
    return { bytes: buffer.subarray(0, Math.min(length, maxBytes)), truncated: length > maxBytes };
  } finally {
    await handle.close();
  }
}
