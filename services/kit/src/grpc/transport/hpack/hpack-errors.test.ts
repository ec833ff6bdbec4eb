import { HpackDecoder } from './decoder.js';
import { HpackEncoder } from './encoder.js';
import { HpackError } from './hpack-error.js';

// A peer's malformed header block must fail as a COMPRESSION_ERROR (HpackError), never hang,
// read out of bounds or grow the table past what we advertised.

const decodeHex = (text: string, decoder = new HpackDecoder()): [string, string][] => {
  const block = Buffer.from(text.replace(/\s+/g, ''), 'hex');
  const fields: [string, string][] = [];
  decoder.decode(block, 0, block.length, { header: (name, value) => fields.push([name, value]) });
  return fields;
};

// A literal without indexing, name :path (static 4), Huffman-coded value of the given octets.
const huffmanPath = (octets: string): string => `04 ${(0x80 | (octets.length / 2)).toString(16)} ${octets}`;

describe('HPACK decoder against malformed blocks', () => {
  it('reads a Huffman string that ends in up to 7 one-bits of padding', () => {
    expect(decodeHex(huffmanPath('1f'))).toEqual([[':path', 'a']]);
  });

  it.each([
    ['index 0', '80'],
    ['an index past the dynamic table', 'be'],
    ['a string longer than the block', '04 0a 2f'],
    ['a name index that runs past the block', '0f'],
    ['an integer over 2^31', '7f ff ff ff ff 0f'],
    ['EOS inside a Huffman string', huffmanPath('ffffffff')],
    ['Huffman padding of more than 7 bits', huffmanPath('1fff')],
    ['Huffman padding that is not all ones', huffmanPath('18')],
    ['a table size update above the advertised 4096', '3f e2 1f'],
    ['a table size update after a field', '82 20'],
  ])('rejects %s', (_what, block) => {
    expect(() => decodeHex(block)).toThrow(HpackError);
  });

  it('honours a table size update at the start of a block, evicting what no longer fits', () => {
    const decoder = new HpackDecoder();
    decodeHex('400a 6375 7374 6f6d 2d6b 6579 0d63 7573 746f 6d2d 6865 6164 6572', decoder);
    expect(decoder.table.length).toBe(1);
    expect(decodeHex('20 82', decoder)).toEqual([[':method', 'GET']]);
    expect(decoder.table.length).toBe(0);
    expect(() => decodeHex('be', decoder)).toThrow(HpackError);
  });
});

describe('HPACK encoder', () => {
  it('refers to repeated fields by index and keeps per-call values out of the table', () => {
    const encoder = new HpackEncoder();
    const decoder = new HpackDecoder();
    const block = (timeout: string): Buffer => {
      encoder.begin();
      encoder.field(':path', '/pkg.Service/Method', true);
      encoder.field('grpc-timeout', timeout, false);
      return Buffer.from(encoder.finish());
    };
    const first = block('100m');
    const second = block('99m');
    expect(decodeHex(first.toString('hex'), decoder)).toEqual([[':path', '/pkg.Service/Method'], ['grpc-timeout', '100m']]);
    expect(decodeHex(second.toString('hex'), decoder)).toEqual([[':path', '/pkg.Service/Method'], ['grpc-timeout', '99m']]);
    // Second block: one octet for the path, the name of grpc-timeout as a literal (never indexed).
    expect(second.length).toBe(1 + 1 + 1 + 'grpc-timeout'.length + 1 + 3);
    expect(decoder.table.length).toBe(1);
  });

  it('announces a smaller table the peer asked for before the next field', () => {
    const encoder = new HpackEncoder();
    const decoder = new HpackDecoder();
    encoder.begin();
    encoder.field('x-tenant', 'ch', true);
    decodeHex(encoder.finish().toString('hex'), decoder);
    encoder.setPeerTableSize(0);
    encoder.begin();
    encoder.field('x-tenant', 'ch', true);
    const block = encoder.finish().toString('hex');
    expect(block.startsWith('20')).toBe(true);
    expect(decodeHex(block, decoder)).toEqual([['x-tenant', 'ch']]);
    expect(decoder.table.length).toBe(0);
  });
});
