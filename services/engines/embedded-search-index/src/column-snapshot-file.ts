import { closeSync, fstatSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { endianness } from 'node:os';
import { crc32 } from 'node:zlib';
import type { DocValuesState } from './doc-values.js';

/** Which state of the index a snapshot holds: checked against SQLite's stamp before it is used. */
export interface SnapshotStamp {
  /** Random per save: the stamp row names the one file that belongs to it. */
  readonly token: string;
  /** The change-log position the columns reflect. */
  readonly seq: number;
  /** The schema the columns were laid out for. */
  readonly fingerprint: string;
}

export type SnapshotRead = { readonly state: DocValuesState } | { readonly rejected: string };

const MAGIC = Buffer.from('PCCOLS01', 'latin1');
/** The layout version: a file of another layout is not read (the columns load from the rows). */
const FORMAT = 2;
/** Magic and the header's length. */
const PREFIX_BYTES = MAGIC.length + 4;

interface Header extends SnapshotStamp {
  readonly format: number;
  /** Typed arrays are written as they lie in memory. */
  readonly endianness: string;
  /** CRC-32 of the sections, in order. */
  readonly crc: number;
  /** Byte ranges from the start of the body, in `sectionsOf` order. */
  readonly sections: readonly { readonly offset: number; readonly length: number }[];
  readonly poolGarbage: readonly number[];
}

const align8 = (bytes: number): number => Math.ceil(bytes / 8) * 8;

/**
 * Writes the columns to `file` (magic, a JSON header, then each array's bytes 8-byte aligned)
 * through a temporary file that is synced before it replaces the old one: a crash leaves the old
 * snapshot or the new one, never a torn one. Returns the bytes written.
 */
export function writeColumnSnapshot(file: string, stamp: SnapshotStamp, state: DocValuesState): number {
  const parts = sectionsOf(state);
  const sections: { offset: number; length: number }[] = [];
  let offset = 0;
  let crc = 0;
  for (const part of parts) {
    sections.push({ offset, length: part.byteLength });
    crc = checksum(part, crc);
    offset = align8(offset + part.byteLength);
  }
  const header: Header = {
    format: FORMAT,
    endianness: endianness(),
    token: stamp.token,
    seq: stamp.seq,
    fingerprint: stamp.fingerprint,
    crc,
    sections,
    poolGarbage: state.keywords.map((column) => column.poolGarbage),
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = Buffer.alloc(align8(PREFIX_BYTES + headerBytes.length));
  MAGIC.copy(prefix);
  prefix.writeUInt32LE(headerBytes.length, MAGIC.length);
  headerBytes.copy(prefix, PREFIX_BYTES);

  // One fixed name: a save cut short by a kill leaves one stale file, overwritten by the next save.
  const temporary = `${file}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeAll(fd, prefix);
    for (const part of parts) {
      writeAll(fd, part);
      writeAll(fd, Buffer.alloc(align8(part.byteLength) - part.byteLength));
    }
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, file);
  return prefix.length + offset;
}

/** Reads a snapshot back, or says why it cannot be used (absent, of another state, damaged). */
export function readColumnSnapshot(
  file: string,
  expected: SnapshotStamp,
  counts: { keywords: number; numbers: number },
): SnapshotRead {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    return {
      rejected:
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'no snapshot file'
          : `unreadable: ${(error as Error).message}`,
    };
  }
  try {
    return readOpenSnapshot(fd, expected, counts);
  } catch (error) {
    return { rejected: `unreadable: ${(error as Error).message}` };
  } finally {
    closeSync(fd);
  }
}

function readOpenSnapshot(
  fd: number,
  expected: SnapshotStamp,
  counts: { keywords: number; numbers: number },
): SnapshotRead {
  const size = fstatSync(fd).size;
  const prefix = Buffer.alloc(PREFIX_BYTES);
  if (size < PREFIX_BYTES || readAt(fd, prefix, 0) !== PREFIX_BYTES || !prefix.subarray(0, MAGIC.length).equals(MAGIC))
    return { rejected: 'not a column snapshot' };
  const headerLength = prefix.readUInt32LE(MAGIC.length);
  if (PREFIX_BYTES + headerLength > size) return { rejected: 'truncated' };
  const headerBytes = Buffer.alloc(headerLength);
  readAt(fd, headerBytes, PREFIX_BYTES);
  let header: Header;
  try {
    header = JSON.parse(headerBytes.toString('utf8')) as Header;
  } catch {
    return { rejected: 'damaged header' };
  }
  if (header.format !== FORMAT || header.endianness !== endianness())
    return { rejected: `format ${header.format} (${header.endianness}) is not this build's` };
  if (header.token !== expected.token || header.seq !== expected.seq || header.fingerprint !== expected.fingerprint) {
    return { rejected: 'it holds another state of the index than the one stamped in the database' };
  }
  if (
    header.sections.length !== 2 + 3 * counts.keywords + counts.numbers ||
    header.poolGarbage.length !== counts.keywords
  ) {
    return { rejected: 'its columns do not fit the schema' };
  }
  const body = align8(PREFIX_BYTES + headerLength);
  // Each section is read into a buffer of its own, which its typed array then adopts: no copy
  // of the whole file is held or sliced.
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let crc = 0;
  for (const { offset, length } of header.sections) {
    // The header is not under the checksum: its ranges are checked before anything is allocated.
    if (
      !Number.isSafeInteger(offset) ||
      !Number.isSafeInteger(length) ||
      offset < 0 ||
      length < 0 ||
      body + offset + length > size
    )
      return { rejected: 'truncated' };
    const part = new Uint8Array(new ArrayBuffer(length));
    if (readAt(fd, part, body + offset) !== length) return { rejected: 'truncated' };
    crc = checksum(part, crc);
    parts.push(part);
  }
  if (crc !== header.crc) return { rejected: 'damaged (checksum)' };
  try {
    return { state: stateOf(parts, header.poolGarbage) };
  } catch (error) {
    return { rejected: `damaged: ${(error as Error).message}` };
  }
}

/** The arrays in file order: ids, live flags, per keyword column its dictionary, rows and pool, per number column its values. */
function sectionsOf(state: DocValuesState): Uint8Array[] {
  // Arrays grow by doubling: only the part up to the last row is written.
  const rows = state.ids.length;
  const bytes = (array: Uint8Array | Int32Array | Float64Array): Uint8Array => {
    const used = array.subarray(0, Math.min(array.length, rows));
    return new Uint8Array(used.buffer, used.byteOffset, used.byteLength);
  };
  return [
    encodeStrings(state.ids),
    bytes(state.live),
    ...state.keywords.flatMap((column) => [
      encodeStrings(column.values),
      bytes(column.single),
      new Uint8Array(column.pool.buffer, column.pool.byteOffset, column.pool.byteLength),
    ]),
    ...state.numbers.map(bytes),
  ];
}

function stateOf(parts: readonly Uint8Array<ArrayBuffer>[], poolGarbage: readonly number[]): DocValuesState {
  let next = 0;
  const take = (): Uint8Array<ArrayBuffer> => parts[next++] as Uint8Array<ArrayBuffer>;
  const ids = decodeStrings(take());
  const live = take();
  const keywords = poolGarbage.map((garbage) => ({
    values: decodeStrings(take()) as string[],
    single: new Int32Array(whole(take(), 4)),
    pool: new Int32Array(whole(take(), 4)),
    poolGarbage: garbage,
  }));
  const numbers: Float64Array<ArrayBuffer>[] = [];
  while (next < parts.length) numbers.push(new Float64Array(whole(take(), 8)));
  return { ids, live, keywords, numbers };
}

/** The part's own buffer, for a typed array of `size`-byte elements to adopt. */
function whole(part: Uint8Array<ArrayBuffer>, size: number): ArrayBuffer {
  if (part.byteLength % size !== 0) throw new Error('a column has a partial element');
  return part.buffer;
}

/** Reads until `into` is full or the file ends; returns the bytes read. */
function readAt(fd: number, into: Uint8Array, position: number): number {
  let done = 0;
  while (done < into.byteLength) {
    const read = readSync(fd, into, done, into.byteLength - done, position + done);
    if (read === 0) break;
    done += read;
  }
  return done;
}

/** Strings per line of a string section: a line is one JSON array, a string of bounded length. */
const STRINGS_PER_LINE = 100_000;

/**
 * A list of strings (or nulls) as JSON arrays of up to `STRINGS_PER_LINE` entries, one per line:
 * one JSON text of millions of ids would pass V8's longest string (~512 MB) at a few million
 * documents more than the benchmark's. JSON never writes a raw newline, so lines split safely.
 */
function encodeStrings(list: readonly (string | null)[]): Buffer {
  const lines: Buffer[] = [];
  for (let start = 0; start < list.length; start += STRINGS_PER_LINE) {
    lines.push(Buffer.from(`${JSON.stringify(list.slice(start, start + STRINGS_PER_LINE))}\n`, 'utf8'));
  }
  return Buffer.concat(lines);
}

function decodeStrings(part: Uint8Array<ArrayBuffer>): (string | null)[] {
  const bytes = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
  const list: (string | null)[] = [];
  for (let start = 0; start < bytes.length;) {
    const end = bytes.indexOf(0x0a, start);
    if (end < 0) throw new Error('a string list is cut short');
    const line = JSON.parse(bytes.toString('utf8', start, end)) as unknown;
    if (!Array.isArray(line)) throw new Error('a string list holds something else');
    for (const entry of line) list.push(entry as string | null);
    start = end + 1;
  }
  return list;
}

/**
 * CRC-32 continued over `part`. An empty part is skipped: zlib reads an empty view of an empty
 * ArrayBuffer as a null pointer and returns 0, its initial value, instead of `crc`.
 */
function checksum(part: Uint8Array, crc: number): number {
  return part.byteLength === 0 ? crc : crc32(part, crc);
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let written = 0; written < bytes.byteLength;)
    written += writeSync(fd, bytes, written, bytes.byteLength - written);
}
