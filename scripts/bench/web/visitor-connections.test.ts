import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { visitorConnections } from './visitor-connections.cjs';

// Which connection (the client's port) each request arrived on, in order of arrival.
let server: Server;
let origin: string;
const arrivals: { path: string; port: number }[] = [];
const held: (() => void)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    arrivals.push({ path: req.url ?? '', port: req.socket.remotePort ?? 0 });
    if (req.url === '/held') held.push(() => res.end('late'));
    else res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  arrivals.length = 0;
});

async function send(visitors: ReturnType<typeof visitorConnections>, path: string) {
  const connection = visitors.take(`${origin}${path}`);
  try {
    const response = await request(`${origin}${path}`, { dispatcher: connection.dispatcher });
    return await response.body.text();
  } finally {
    connection.done();
  }
}

// Fails instead of waiting for the held answer when a request queued behind it.
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('visitorConnections', () => {
  it('sends requests one after another over every connection in turn, not all on the first', async () => {
    const visitors = visitorConnections(3);
    for (let i = 0; i < 7; i += 1) await send(visitors, `/page-${i}`);
    await visitors.close();

    const ports = arrivals.map((arrival) => arrival.port);
    expect(new Set(ports).size).toBe(3);
    // Each connection kept alive and taken again in the same order.
    expect(ports.slice(3, 6)).toEqual(ports.slice(0, 3));
    expect(ports[6]).toBe(ports[0]);
  });

  it('passes over a connection still waiting for its answer', async () => {
    const visitors = visitorConnections(2);
    await send(visitors, '/first');
    await send(visitors, '/second');
    const [first, second] = arrivals.map((arrival) => arrival.port);

    const late = send(visitors, '/held'); // next in turn: the first connection, held open
    while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await within(2_000, send(visitors, '/while-held')); // the first is busy: the second, not queued behind it
    await within(2_000, send(visitors, '/still-held'));
    held.shift()?.();
    expect(await late).toBe('late');
    await visitors.close();

    const portOf = (path: string) => arrivals.find((arrival) => arrival.path === path)?.port;
    expect(portOf('/held')).toBe(first);
    expect(portOf('/while-held')).toBe(second);
    expect(portOf('/still-held')).toBe(second);
  });

  it('counts connections by origin and refuses a count that is no positive integer', async () => {
    const visitors = visitorConnections(2);
    await send(visitors, '/a');
    expect(visitors.opened(origin)).toBe(1);
    expect(visitors.opened('http://127.0.0.1:1')).toBe(0);
    await visitors.close();
    expect(() => visitorConnections(0)).toThrow(RangeError);
    expect(() => visitorConnections(1.5)).toThrow(RangeError);
  });
});
