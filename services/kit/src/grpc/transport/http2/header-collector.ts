import type { HeaderSink } from '../hpack/decoder.js';

/** A decoded header list as node:http2 presents it: repeated names become arrays. */
export type HeaderMap = Record<string, string | string[]>;

export type BlockKind = 'request' | 'response' | 'trailers';

const PSEUDO: Readonly<Record<BlockKind, ReadonlySet<string>>> = {
  request: new Set([':method', ':scheme', ':path', ':authority']),
  response: new Set([':status']),
  trailers: new Set(),
};
// Connection-specific fields have no place in HTTP/2 (RFC 9113 §8.2.2).
const CONNECTION_FIELDS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);
const VALID_NAME = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;
const CACHED_NAMES_MAX = 512;

/**
 * Builds the header map of one block while HPACK decodes it, and checks what makes a message
 * malformed (§8.2, §8.3): upper-case or invalid names, connection-specific fields, pseudo-header
 * fields that are unknown, repeated, misplaced or missing. It stops keeping fields once the list
 * passes `maxListSize` (§6.5.2: names + values + 32 per field), so a peer cannot make it grow.
 */
export class HeaderCollector implements HeaderSink {
  private headers: HeaderMap = {};
  private kind: BlockKind = 'request';
  private listSize = 0;
  private regularSeen = false;
  /** Why the block is malformed; '' while it is fine. */
  problem = '';
  oversized = false;
  private readonly validNames = new Set<string>();

  constructor(private readonly maxListSize: number) {}

  begin(kind: BlockKind): void {
    this.headers = {};
    this.kind = kind;
    this.listSize = 0;
    this.regularSeen = false;
    this.problem = '';
    this.oversized = false;
  }

  header(name: string, value: string): void {
    this.listSize += name.length + value.length + 32;
    if (this.listSize > this.maxListSize) this.oversized = true;
    if (this.oversized || this.problem) return;
    if (name.charCodeAt(0) === 0x3a) {
      if (this.regularSeen || !PSEUDO[this.kind].has(name) || name in this.headers) this.problem = `misplaced or unknown ${name}`;
    } else {
      this.regularSeen = true;
      if (!this.validName(name)) this.problem = `invalid field name ${JSON.stringify(name)}`;
      else if (CONNECTION_FIELDS.has(name) || (name === 'te' && value !== 'trailers')) this.problem = `connection-specific field ${name}`;
    }
    if (this.problem) return;
    const previous = this.headers[name];
    if (previous === undefined) this.headers[name] = value;
    else if (typeof previous === 'string') this.headers[name] = [previous, value];
    else previous.push(value);
  }

  /** The headers of the block, or undefined when it was malformed or too large. */
  finish(): HeaderMap | undefined {
    if (this.oversized || this.problem) return undefined;
    const headers = this.headers;
    if (this.kind === 'request' && (headers[':method'] === undefined || headers[':path'] === undefined || headers[':scheme'] === undefined)) {
      this.problem = 'request without :method, :scheme or :path';
      return undefined;
    }
    if (this.kind === 'response' && headers[':status'] === undefined) {
      this.problem = 'response without :status';
      return undefined;
    }
    return headers;
  }

  // Names repeat on every call; once one was checked, a set lookup answers.
  private validName(name: string): boolean {
    if (this.validNames.has(name)) return true;
    if (!VALID_NAME.test(name) || name === '__proto__') return false;
    if (this.validNames.size < CACHED_NAMES_MAX) this.validNames.add(name);
    return true;
  }
}
