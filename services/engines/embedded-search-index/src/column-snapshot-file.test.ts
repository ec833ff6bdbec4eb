import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readColumnSnapshot, writeColumnSnapshot, type SnapshotStamp } from './column-snapshot-file.js';
import type { DocValuesState } from './doc-values.js';

const stamp: SnapshotStamp = { token: 't-1', seq: 42, fingerprint: '{"fields":[]}' };
const counts = { keywords: 1, numbers: 1 };

/** 250,001 rows: more than two lines of a string section, with awkward ids and values. */
function bigState(): DocValuesState {
  const rows = 250_001;
  const ids = Array.from({ length: rows }, (_, rowid) =>
    rowid % 10 === 3 ? null : `id-${rowid}${rowid % 7 === 0 ? '\n"ü€😀' : ''}`,
  );
  const live = Uint8Array.from(ids, (id) => (id === null ? 0 : 1));
  const values = ['plain', 'line\nbreak', 'quote"and\\slash', 'ß'];
  const single = Int32Array.from(ids, (_, rowid) => rowid % values.length);
  const numbers = Float64Array.from(ids, (_, rowid) => (rowid % 5 === 0 ? Number.NaN : rowid / 4));
  return { ids, live, keywords: [{ values, single, pool: new Int32Array(0), poolGarbage: 3 }], numbers: [numbers] };
}

/** Rewrites the file's JSON header (which the checksum does not cover), keeping the body. */
function rewriteHeader(
  file: string,
  change: (header: { sections: { offset: number; length: number }[] }) => void,
): void {
  const bytes = readFileSync(file);
  const headerLength = bytes.readUInt32LE(8);
  const header = JSON.parse(bytes.toString('utf8', 12, 12 + headerLength)) as {
    sections: { offset: number; length: number }[];
  };
  const body = bytes.subarray(Math.ceil((12 + headerLength) / 8) * 8);
  change(header);
  const json = Buffer.from(JSON.stringify(header));
  const prefix = Buffer.alloc(Math.ceil((12 + json.length) / 8) * 8);
  bytes.copy(prefix, 0, 0, 8);
  prefix.writeUInt32LE(json.length, 8);
  json.copy(prefix, 12);
  writeFileSync(file, Buffer.concat([prefix, body]));
}

describe('the column snapshot file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'column-snapshot-file-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back what was written, across several lines of strings', () => {
    const file = join(dir, 'x.columns');
    const state = bigState();
    writeColumnSnapshot(file, stamp, state);
    const read = readColumnSnapshot(file, stamp, counts);
    if (!('state' in read)) throw new Error(read.rejected);
    expect(read.state.ids).toEqual(state.ids);
    expect(read.state.live).toEqual(state.live);
    expect(read.state.keywords).toEqual(state.keywords);
    expect(read.state.numbers).toEqual(state.numbers);
  });

  it('says why a file cannot be used', () => {
    const file = join(dir, 'x.columns');
    expect(readColumnSnapshot(file, stamp, counts)).toEqual({ rejected: 'no snapshot file' });
    writeColumnSnapshot(file, stamp, bigState());
    expect(readColumnSnapshot(file, { ...stamp, seq: 43 }, counts)).toEqual({
      rejected: 'it holds another state of the index than the one stamped in the database',
    });
    expect(readColumnSnapshot(file, stamp, { keywords: 2, numbers: 1 })).toEqual({
      rejected: 'its columns do not fit the schema',
    });
    // A damaged header claiming a section of a terabyte is refused before anything is allocated.
    rewriteHeader(file, (header) => {
      header.sections[2] = { offset: header.sections[2]?.offset ?? 0, length: 1e12 };
    });
    expect(readColumnSnapshot(file, stamp, counts)).toEqual({ rejected: 'truncated' });
    writeColumnSnapshot(file, stamp, bigState());
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 1));
    expect(readColumnSnapshot(file, stamp, counts)).toEqual({ rejected: 'truncated' });
    writeFileSync(file, 'not a snapshot at all');
    expect(readColumnSnapshot(file, stamp, counts)).toEqual({ rejected: 'not a column snapshot' });
  });
});
