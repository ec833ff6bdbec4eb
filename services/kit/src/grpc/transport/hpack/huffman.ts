import { HpackError } from './hpack-error.js';
import { HUFFMAN_CODES, HUFFMAN_LENGTHS } from './huffman-table.js';

const EOS = 256;

/**
 * A decoding automaton over 4-bit steps, built once from the code table: for each state (an
 * inner node of the code tree) and nibble, the next state and the octet completed, if any. The
 * shortest code has 5 bits, so a nibble completes at most one octet.
 */
const { transitions, accepting } = (() => {
  const children: number[][] = [[-1, -1]];
  const symbolOf: number[] = [-1];
  const insert = (symbol: number, code: number, bits: number): void => {
    let node = 0;
    for (let bit = bits - 1; bit >= 0; bit -= 1) {
      const side = (code >>> bit) & 1;
      let next = (children[node] as number[])[side] as number;
      if (next === -1) {
        next = children.push([-1, -1]) - 1;
        symbolOf.push(bit === 0 ? symbol : -1);
        (children[node] as number[])[side] = next;
      }
      node = next;
    }
  };
  HUFFMAN_CODES.forEach((code, symbol) => insert(symbol, code, HUFFMAN_LENGTHS[symbol] as number));
  insert(EOS, 0x3fffffff, 30);

  // Inner nodes become states 0..n; the root is state 0.
  const stateOf = new Map<number, number>();
  const depthOf: number[] = [];
  const onesOf: boolean[] = [];
  const walk = (node: number, depth: number, ones: boolean): void => {
    if (symbolOf[node] !== -1) return;
    stateOf.set(node, depthOf.length);
    depthOf.push(depth);
    onesOf.push(ones);
    const [zero, one] = children[node] as number[];
    walk(zero as number, depth + 1, false);
    walk(one as number, depth + 1, ones);
  };
  walk(0, 0, true);

  // Packed: next state << 10 | (octet + 1) << 1 | failed.
  const table = new Int32Array(stateOf.size * 16);
  for (const [node, state] of stateOf) {
    for (let nibble = 0; nibble < 16; nibble += 1) {
      let at = node;
      let emitted = 0;
      let failed = 0;
      for (let bit = 3; bit >= 0; bit -= 1) {
        at = (children[at] as number[])[(nibble >>> bit) & 1] as number;
        const symbol = symbolOf[at] as number;
        if (symbol === EOS) failed = 1;
        else if (symbol !== -1) {
          emitted = symbol + 1;
          at = 0;
        }
      }
      table[state * 16 + nibble] = ((stateOf.get(at) ?? 0) << 10) | (emitted << 1) | failed;
    }
  }
  // A string may end mid-code only in padding: at most 7 bits, all ones (a prefix of EOS).
  const ends = depthOf.map((depth, state) => state === 0 || (onesOf[state] === true && depth <= 7));
  return { transitions: table, accepting: ends };
})();

let scratch = Buffer.allocUnsafeSlow(256);

/** Decodes a Huffman-coded string literal (RFC 7541 §5.2) as latin1, as node:http2 does. */
export function decodeHuffman(buf: Buffer, start: number, end: number): string {
  const maxLength = Math.ceil(((end - start) * 8) / 5);
  if (scratch.length < maxLength) scratch = Buffer.allocUnsafeSlow(Math.max(maxLength, scratch.length * 2));
  let state = 0;
  let length = 0;
  for (let i = start; i < end; i += 1) {
    const byte = buf[i] as number;
    for (let shift = 4; shift >= 0; shift -= 4) {
      const step = transitions[state * 16 + ((byte >>> shift) & 0x0f)] as number;
      if (step & 1) throw new HpackError('EOS in a Huffman-coded string');
      if (step & 0x3fe) scratch[length++] = ((step >>> 1) & 0x1ff) - 1;
      state = step >>> 10;
    }
  }
  if (!accepting[state]) throw new HpackError('invalid Huffman padding');
  return scratch.toString('latin1', 0, length);
}
