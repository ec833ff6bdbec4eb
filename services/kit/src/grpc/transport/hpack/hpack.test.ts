import { HpackDecoder, type HeaderSink } from './decoder.js';
import { HpackEncoder } from './encoder.js';
import { decodeInteger, encodeInteger } from './integer.js';

// The examples of RFC 7541 Appendix C, byte for byte: what any HPACK peer (nghttp2 under
// grpc-js, grpc-go) sends and expects.

const hex = (text: string): Buffer => Buffer.from(text.replace(/\s+/g, ''), 'hex');

function decode(decoder: HpackDecoder, block: Buffer): [string, string][] {
  const fields: [string, string][] = [];
  const sink: HeaderSink = { header: (name, value) => fields.push([name, value]) };
  decoder.decode(block, 0, block.length, sink);
  return fields;
}

function encode(encoder: HpackEncoder, fields: [string, string][]): string {
  encoder.begin();
  for (const [name, value] of fields) encoder.field(name, value, true);
  return encoder.finish().toString('hex');
}

const requests: [string, string][][] = [
  [[':method', 'GET'], [':scheme', 'http'], [':path', '/'], [':authority', 'www.example.com']],
  [[':method', 'GET'], [':scheme', 'http'], [':path', '/'], [':authority', 'www.example.com'], ['cache-control', 'no-cache']],
  [[':method', 'GET'], [':scheme', 'https'], [':path', '/index.html'], [':authority', 'www.example.com'], ['custom-key', 'custom-value']],
];
const requestTableSizes = [57, 110, 164];

const responses: [string, string][][] = [
  [[':status', '302'], ['cache-control', 'private'], ['date', 'Mon, 21 Oct 2013 20:13:21 GMT'], ['location', 'https://www.example.com']],
  [[':status', '307'], ['cache-control', 'private'], ['date', 'Mon, 21 Oct 2013 20:13:21 GMT'], ['location', 'https://www.example.com']],
  [
    [':status', '200'],
    ['cache-control', 'private'],
    ['date', 'Mon, 21 Oct 2013 20:13:22 GMT'],
    ['location', 'https://www.example.com'],
    ['content-encoding', 'gzip'],
    ['set-cookie', 'foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1'],
  ],
];
const responseTableSizes = [222, 222, 215];

describe('HPACK (RFC 7541 Appendix C)', () => {
  it('codes integers with a prefix (C.1)', () => {
    const buf = Buffer.alloc(8);
    const at = { value: 0, offset: 0 };
    expect(buf.subarray(0, encodeInteger(buf, 0, 10, 5, 0)).toString('hex')).toBe('0a');
    expect(buf.subarray(0, encodeInteger(buf, 0, 1337, 5, 0)).toString('hex')).toBe('1f9a0a');
    decodeInteger(buf, 0, 3, 5, at);
    expect(at).toEqual({ value: 1337, offset: 3 });
    expect(buf.subarray(0, encodeInteger(buf, 0, 42, 8, 0)).toString('hex')).toBe('2a');
  });

  it('decodes the four field representations (C.2)', () => {
    const decoder = new HpackDecoder();
    expect(decode(decoder, hex('400a 6375 7374 6f6d 2d6b 6579 0d63 7573 746f 6d2d 6865 6164 6572'))).toEqual([['custom-key', 'custom-header']]);
    expect(decoder.table.size).toBe(55);
    expect(decode(decoder, hex('040c 2f73 616d 706c 652f 7061 7468'))).toEqual([[':path', '/sample/path']]);
    expect(decode(decoder, hex('1008 7061 7373 776f 7264 0673 6563 7265 74'))).toEqual([['password', 'secret']]);
    expect(decode(decoder, hex('82'))).toEqual([[':method', 'GET']]);
    expect(decoder.table.size).toBe(55);
  });

  const requestBlocks = [
    '8286 8441 0f77 7777 2e65 7861 6d70 6c65 2e63 6f6d',
    '8286 84be 5808 6e6f 2d63 6163 6865',
    '8287 85bf 400a 6375 7374 6f6d 2d6b 6579 0c63 7573 746f 6d2d 7661 6c75 65',
  ];
  const huffmanRequestBlocks = [
    '8286 8441 8cf1 e3c2 e5f2 3a6b a0ab 90f4 ff',
    '8286 84be 5886 a8eb 1064 9cbf',
    '8287 85bf 4088 25a8 49e9 5ba9 7d7f 8925 a849 e95b b8e8 b4bf',
  ];

  it('decodes requests sharing one dynamic table, raw (C.3) and Huffman-coded (C.4)', () => {
    for (const blocks of [requestBlocks, huffmanRequestBlocks]) {
      const decoder = new HpackDecoder();
      blocks.forEach((block, i) => {
        expect(decode(decoder, hex(block))).toEqual(requests[i]);
        expect(decoder.table.size).toBe(requestTableSizes[i]);
      });
    }
  });

  it('encodes the same requests to the same octets (C.3)', () => {
    const encoder = new HpackEncoder();
    requests.forEach((fields, i) => expect(encode(encoder, fields)).toBe(requestBlocks[i]?.replace(/\s+/g, '')));
  });

  const responseBlocks = [
    '4803 3330 3258 0770 7269 7661 7465 611d 4d6f 6e2c 2032 3120 4f63 7420 3230 3133 2032 303a 3133 3a32 3120 474d 546e 1768 7474 7073 3a2f 2f77 7777 2e65 7861 6d70 6c65 2e63 6f6d',
    '4803 3330 37c1 c0bf',
    '88c1 611d 4d6f 6e2c 2032 3120 4f63 7420 3230 3133 2032 303a 3133 3a32 3220 474d 54c0 5a04 677a 6970 7738 666f 6f3d 4153 444a 4b48 514b 425a 584f 5157 454f 5049 5541 5851 5745 4f49 553b 206d 6178 2d61 6765 3d33 3630 303b 2076 6572 7369 6f6e 3d31',
  ];
  const huffmanResponseBlocks = [
    '4882 6402 5885 aec3 771a 4b61 96d0 7abe 9410 54d4 44a8 2005 9504 0b81 66e0 82a6 2d1b ff6e 919d 29ad 1718 63c7 8f0b 97c8 e9ae 82ae 43d3',
    '4883 640e ffc1 c0bf',
    '88c1 6196 d07a be94 1054 d444 a820 0595 040b 8166 e084 a62d 1bff c05a 839b d9ab 77ad 94e7 821d d7f2 e6c7 b335 dfdf cd5b 3960 d5af 2708 7f36 72c1 ab27 0fb5 291f 9587 3160 65c0 03ed 4ee5 b106 3d50 07',
  ];

  it('decodes responses that evict from a 256-octet table, raw (C.5) and Huffman-coded (C.6)', () => {
    for (const blocks of [responseBlocks, huffmanResponseBlocks]) {
      const decoder = new HpackDecoder(256);
      blocks.forEach((block, i) => {
        expect(decode(decoder, hex(block))).toEqual(responses[i]);
        expect(decoder.table.size).toBe(responseTableSizes[i]);
      });
      expect(decoder.table.length).toBe(3);
    }
  });

  it('encodes the same responses with the same evictions (C.5)', () => {
    const encoder = new HpackEncoder(256);
    responses.forEach((fields, i) => expect(encode(encoder, fields)).toBe(responseBlocks[i]?.replace(/\s+/g, '')));
  });
});
