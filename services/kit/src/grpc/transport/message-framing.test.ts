import { status as GrpcStatus } from '@grpc/grpc-js';
import { frameMessage, MessageReader } from './message-framing.js';

function reader(maxLength = 1024) {
  const messages: string[] = [];
  const sink = { onMessage: (payload: Buffer, compressed: boolean) => messages.push(`${compressed ? 'z:' : ''}${payload.toString()}`) };
  return { messages, reader: new MessageReader(sink, maxLength) };
}

describe('gRPC message framing', () => {
  it('prefixes a message with the flag byte and its big-endian length', () => {
    expect([...frameMessage(Buffer.from('hi'))]).toEqual([0, 0, 0, 0, 2, 0x68, 0x69]);
  });

  it('reads a message that arrives whole, several in one chunk, and empty ones', () => {
    const { messages, reader: r } = reader();
    r.push(Buffer.concat([frameMessage(Buffer.from('one')), frameMessage(Buffer.alloc(0)), frameMessage(Buffer.from('two'))]));
    expect(messages).toEqual(['one', '', 'two']);
    expect(r.hasPartialMessage).toBe(false);
  });

  it('joins a message split anywhere, even inside the prefix', () => {
    const bytes = Buffer.concat([frameMessage(Buffer.from('hello world')), frameMessage(Buffer.from('again'))]);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const { messages, reader: r } = reader();
      r.push(bytes.subarray(0, cut));
      r.push(bytes.subarray(cut));
      expect(messages).toEqual(['hello world', 'again']);
    }
    const { messages, reader: r } = reader();
    for (const byte of bytes) r.push(Buffer.from([byte]));
    expect(messages).toEqual(['hello world', 'again']);
  });

  it('reports a stream that ends inside a message', () => {
    const { reader: r } = reader();
    r.push(frameMessage(Buffer.from('cut short')).subarray(0, 7));
    expect(r.hasPartialMessage).toBe(true);
  });

  it('passes the compressed flag on', () => {
    const { messages, reader: r } = reader();
    const frame = frameMessage(Buffer.from('packed'));
    frame[0] = 1;
    r.push(frame);
    expect(messages).toEqual(['z:packed']);
  });

  it('refuses a message longer than the limit as soon as its prefix is read', () => {
    const { reader: r } = reader(4);
    expect(() => r.push(frameMessage(Buffer.from('too long')).subarray(0, 5))).toThrow(
      expect.objectContaining({ code: GrpcStatus.RESOURCE_EXHAUSTED }),
    );
  });
});
