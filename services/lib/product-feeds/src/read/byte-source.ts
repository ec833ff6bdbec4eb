/** Feed bytes: a stream (an HTTP body, a file stream), chunks, one buffer, or text. */
export type FeedSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array> | Uint8Array | string;

async function* chunksOf(source: FeedSource): AsyncGenerator<Uint8Array> {
  if (typeof source === 'string') yield Buffer.from(source, 'utf8');
  else if (source instanceof Uint8Array) yield source;
  else yield* source;
}

/** The start of a source, for detection, and the whole source again (head included), counted. */
export interface PeekedSource {
  readonly head: Buffer;
  readonly chunks: AsyncGenerator<Uint8Array>;
  /** Bytes passed through `chunks` so far. */
  bytesRead(): number;
}

/**
 * Reads at least `minBytes` (or everything, when shorter) without losing them: `chunks` yields
 * them first, then the rest of the source. Only the head is ever held; the rest streams.
 */
export async function peek(source: FeedSource, minBytes = 16_384): Promise<PeekedSource> {
  const iterator = chunksOf(source);
  const buffered: Uint8Array[] = [];
  let size = 0;
  let exhausted = false;
  while (size < minBytes) {
    const next = await iterator.next();
    if (next.done) {
      exhausted = true;
      break;
    }
    buffered.push(next.value);
    size += next.value.byteLength;
  }
  let read = 0;
  async function* all(): AsyncGenerator<Uint8Array> {
    for (const chunk of buffered.splice(0)) {
      read += chunk.byteLength;
      yield chunk;
    }
    if (exhausted) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      read += next.value.byteLength;
      yield next.value;
    }
  }
  return { head: Buffer.concat(buffered).subarray(0, Math.max(minBytes, 0)), chunks: all(), bytesRead: () => read };
}
