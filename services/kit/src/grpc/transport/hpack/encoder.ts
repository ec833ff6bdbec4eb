import { DynamicTable } from './dynamic-table.js';
import { encodeInteger } from './integer.js';
import { STATIC_FIELD_INDEX, STATIC_NAME_INDEX, STATIC_TABLE } from './static-table.js';

const STATIC_COUNT = STATIC_TABLE.length;
/** The table this end keeps for the peer, whatever larger size the peer would allow. */
export const ENCODER_TABLE_SIZE = 4096;

/**
 * Encodes header blocks (RFC 7541 §6) for one connection direction. The caller decides per field
 * whether it goes into the dynamic table (`index`): fields that repeat (path, authority,
 * content-type, user-agent, grpc-status 0) become one-octet references from the second call on;
 * per-call values (grpc-timeout, traceparent) stay out of it and reuse only an indexed name.
 * Strings go out raw, not Huffman-coded: on the cluster links the kit runs on, CPU per call
 * matters more than the few bytes of the first block of a connection.
 */
export class HpackEncoder {
  private readonly table: DynamicTable;
  /** name → value → insertion number of the live entry holding that field. */
  private readonly fields = new Map<string, Map<string, number>>();
  /** name → insertion number of the newest live entry with that name. */
  private readonly names = new Map<string, number>();
  private pendingSizeUpdate = -1;
  private buf = Buffer.allocUnsafeSlow(1024);
  private offset = 0;

  constructor(maxTableSize = ENCODER_TABLE_SIZE) {
    this.table = new DynamicTable(maxTableSize, (seq, name, value) => {
      const values = this.fields.get(name);
      if (values?.get(value) === seq) values.delete(value);
      if (this.names.get(name) === seq) this.names.delete(name);
    });
  }

  /** The peer's SETTINGS_HEADER_TABLE_SIZE changed: announce the new size in the next block (§4.2). */
  setPeerTableSize(size: number): void {
    const next = Math.min(size, ENCODER_TABLE_SIZE);
    if (next === this.table.maxSize && this.pendingSizeUpdate === -1) return;
    this.table.setMaxSize(next);
    this.pendingSizeUpdate = next;
  }

  /** Starts a block; fields follow, then `finish()`. */
  begin(): void {
    this.offset = 0;
    if (this.pendingSizeUpdate === -1) return;
    this.offset = encodeInteger(this.buf, 0, this.pendingSizeUpdate, 5, 0x20);
    this.pendingSizeUpdate = -1;
  }

  field(name: string, value: string, index: boolean): void {
    this.reserve(name.length + value.length + 12);
    const exact = STATIC_FIELD_INDEX.get(name)?.get(value) ?? this.dynamicIndex(this.fields.get(name)?.get(value));
    if (exact !== undefined) {
      this.offset = encodeInteger(this.buf, this.offset, exact, 7, 0x80);
      return;
    }
    const nameIndex = STATIC_NAME_INDEX.get(name) ?? this.dynamicIndex(this.names.get(name)) ?? 0;
    this.offset = encodeInteger(this.buf, this.offset, nameIndex, index ? 6 : 4, index ? 0x40 : 0);
    if (nameIndex === 0) this.string(name);
    this.string(value);
    if (index) this.insert(name, value);
  }

  /** The encoded block; valid until the next `begin()`. */
  finish(): Buffer {
    return this.buf.subarray(0, this.offset);
  }

  private dynamicIndex(seq: number | undefined): number | undefined {
    return seq === undefined ? undefined : STATIC_COUNT + this.table.indexOf(seq);
  }

  private insert(name: string, value: string): void {
    const seq = this.table.inserted;
    this.table.add(name, value);
    if (this.table.inserted === seq) return; // larger than the whole table: not kept
    let values = this.fields.get(name);
    if (!values) this.fields.set(name, (values = new Map()));
    values.set(value, seq);
    this.names.set(name, seq);
  }

  private string(text: string): void {
    this.offset = encodeInteger(this.buf, this.offset, text.length, 7, 0);
    this.offset += this.buf.write(text, this.offset, 'latin1');
  }

  private reserve(bytes: number): void {
    if (this.offset + bytes <= this.buf.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.buf.length * 2, this.offset + bytes));
    this.buf.copy(grown, 0, 0, this.offset);
    this.buf = grown;
  }
}
