import { FeedReadError } from './raw-item.js';

/** How a feed's bytes are text: the encoding and the length of a byte-order mark to drop. */
export interface TextEncodingChoice {
  readonly encoding: string;
  readonly bomLength: number;
}

/**
 * The encoding of a feed from its first bytes: a byte-order mark (UTF-8, UTF-16), else the XML
 * declaration's `encoding`, else UTF-8 when the head is valid UTF-8 and Windows-1252 (what
 * spreadsheet exports of German and French shops use) when it is not.
 */
export function detectEncoding(head: Buffer): TextEncodingChoice {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
    head.subarray(0, 200).toString('latin1'),
  );
  if (declared) {
    const label = (declared[1] as string).toLowerCase();
    try {
      return { encoding: new TextDecoder(label).encoding, bomLength: 0 };
    } catch {
      throw new FeedReadError(`the XML declaration names the encoding "${declared[1]}", which is not supported`, 1);
    }
  }
  try {
    // The head may end inside a multi-byte character: `stream` tolerates an incomplete tail.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return { encoding: 'utf-8', bomLength: 0 };
  } catch {
    return { encoding: 'windows-1252', bomLength: 0 };
  }
}

/** The chunks as text, decoded as a stream (characters split across chunks stay whole). */
export async function* decodeText(
  chunks: AsyncIterable<Uint8Array>,
  choice: TextEncodingChoice,
): AsyncGenerator<string> {
  const decoder = new TextDecoder(choice.encoding);
  let skip = choice.bomLength;
  for await (const chunk of chunks) {
    let bytes = chunk;
    if (skip > 0) {
      const dropped = Math.min(skip, bytes.byteLength);
      bytes = bytes.subarray(dropped);
      skip -= dropped;
    }
    const text = decoder.decode(bytes, { stream: true });
    if (text) yield text;
  }
  const tail = decoder.decode();
  if (tail) yield tail;
}
