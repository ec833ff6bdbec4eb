import { setTimeout as delay } from 'node:timers/promises';
import { joinedChunks } from './joined-chunks.server';

/** Collects what leaves the stream, chunk by chunk, until it ends. */
function collect(stream: NodeJS.ReadableStream): Promise<string[]> {
  const out: string[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  return new Promise((resolve) => stream.on('end', () => resolve(out)));
}

describe('a page written in pieces leaves the site in as few chunks as it was written in turns', () => {
  it('sends the pieces written in one turn as one chunk, bytes unchanged', async () => {
    const stream = joinedChunks();
    const out = collect(stream);
    for (let i = 0; i < 40; i += 1) stream.write(Buffer.from(`<div>${i}</div>`));
    await delay(5);
    stream.end();
    const chunks = await out;
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toBe(Array.from({ length: 40 }, (_, i) => `<div>${i}</div>`).join(''));
  });

  it('still sends a piece written later on its own, as soon as it is written', async () => {
    const stream = joinedChunks();
    const out: string[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk.toString()));
    stream.write(Buffer.from('<head>'));
    stream.write(Buffer.from('<body>'));
    await delay(5);
    expect(out).toEqual(['<head><body>']);
    stream.write(Buffer.from('<script>late data</script>'));
    await delay(5);
    expect(out).toEqual(['<head><body>', '<script>late data</script>']);
  });

  it('sends what is still waiting when the page ends in the same turn', async () => {
    const stream = joinedChunks();
    const out = collect(stream);
    stream.write(Buffer.from('a'));
    stream.end(Buffer.from('b'));
    expect(await out).toEqual(['ab']);
  });
});
