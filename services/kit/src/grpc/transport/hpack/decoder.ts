import { DynamicTable } from './dynamic-table.js';
import { HpackError } from './hpack-error.js';
import { decodeHuffman } from './huffman.js';
import { decodeInteger, type Decoded } from './integer.js';
import { STATIC_TABLE } from './static-table.js';

/** Receives the fields of a header block in order. */
export interface HeaderSink {
  header(name: string, value: string): void;
}

const STATIC_COUNT = STATIC_TABLE.length;

/**
 * Decodes HPACK header blocks (RFC 7541 §6) of one connection direction. Its dynamic table must
 * see every block in order, including blocks of streams the caller then ignores. Any malformed
 * input throws an HpackError: a connection error of type COMPRESSION_ERROR.
 */
export class HpackDecoder {
  readonly table: DynamicTable;
  private readonly at: Decoded = { value: 0, offset: 0 };

  /** `maxTableSize`: the SETTINGS_HEADER_TABLE_SIZE this end advertised. */
  constructor(private readonly maxTableSize = 4096) {
    this.table = new DynamicTable(maxTableSize);
  }

  decode(buf: Buffer, start: number, end: number, sink: HeaderSink): void {
    const at = this.at;
    let offset = start;
    let fieldsSeen = false;
    while (offset < end) {
      const byte = buf[offset] as number;
      if (byte & 0x80) {
        decodeInteger(buf, offset, end, 7, at);
        offset = at.offset;
        sink.header(this.nameAt(at.value), this.valueAt(at.value));
        fieldsSeen = true;
      } else if ((byte & 0xe0) === 0x20) {
        // A table size update may only open a block (§4.2) and stay within what we advertised.
        decodeInteger(buf, offset, end, 5, at);
        offset = at.offset;
        if (fieldsSeen) throw new HpackError('dynamic table size update after a header field');
        if (at.value > this.maxTableSize) throw new HpackError('dynamic table size update above the advertised limit');
        this.table.setMaxSize(at.value);
      } else {
        const indexing = (byte & 0xc0) === 0x40;
        decodeInteger(buf, offset, end, indexing ? 6 : 4, at);
        offset = at.offset;
        const nameIndex = at.value;
        const name = nameIndex === 0 ? this.readString(buf, offset, end) : this.nameAt(nameIndex);
        if (nameIndex === 0) offset = at.offset;
        const value = this.readString(buf, offset, end);
        offset = at.offset;
        if (indexing) this.table.add(name, value);
        sink.header(name, value);
        fieldsSeen = true;
      }
    }
  }

  private nameAt(index: number): string {
    const name = index <= STATIC_COUNT ? STATIC_TABLE[index - 1]?.[0] : this.table.name(index - STATIC_COUNT);
    if (name === undefined) throw new HpackError(`header index ${index} out of range`);
    return name;
  }

  private valueAt(index: number): string {
    const value = index <= STATIC_COUNT ? STATIC_TABLE[index - 1]?.[1] : this.table.value(index - STATIC_COUNT);
    if (value === undefined) throw new HpackError(`header index ${index} out of range`);
    return value;
  }

  /** Reads a string literal (§5.2) at `offset`; leaves its end in `this.at.offset`. */
  private readString(buf: Buffer, offset: number, end: number): string {
    if (offset >= end) throw new HpackError('string literal missing');
    const huffman = ((buf[offset] as number) & 0x80) !== 0;
    decodeInteger(buf, offset, end, 7, this.at);
    const from = this.at.offset;
    const to = from + this.at.value;
    if (to > end) throw new HpackError('string literal runs past the header block');
    this.at.offset = to;
    return huffman ? decodeHuffman(buf, from, to) : buf.toString('latin1', from, to);
  }
}
