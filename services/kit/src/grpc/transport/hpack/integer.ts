import { HpackError } from './hpack-error.js';

// Larger values are no header field a peer needs; capping also keeps the arithmetic exact.
const MAX_INTEGER = 2 ** 31 - 1;

/** Where a decoded integer ends: the value and the offset after it. */
export interface Decoded {
  value: number;
  offset: number;
}

/** Reads an integer with an N-bit prefix (RFC 7541 §5.1) starting at `offset` into `out`. */
export function decodeInteger(buf: Buffer, offset: number, end: number, prefixBits: number, out: Decoded): void {
  const max = (1 << prefixBits) - 1;
  let value = (buf[offset] as number) & max;
  offset += 1;
  if (value === max) {
    let shift = 0;
    let byte: number;
    do {
      if (offset >= end) throw new HpackError('integer runs past the header block');
      byte = buf[offset] as number;
      offset += 1;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (value > MAX_INTEGER) throw new HpackError('integer too large');
    } while (byte & 0x80);
  }
  out.value = value;
  out.offset = offset;
}

/** Writes an integer with an N-bit prefix, OR-ing `flags` into the first byte; returns the new offset. */
export function encodeInteger(buf: Buffer, offset: number, value: number, prefixBits: number, flags: number): number {
  const max = (1 << prefixBits) - 1;
  if (value < max) {
    buf[offset] = flags | value;
    return offset + 1;
  }
  buf[offset++] = flags | max;
  value -= max;
  while (value >= 0x80) {
    buf[offset++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  buf[offset] = value;
  return offset + 1;
}
