import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LocalServer {
  readonly port: number;
  /** http://127.0.0.1:<port><path> */
  url(path?: string): string;
  /** Requests received, in order. */
  readonly requests: IncomingMessage[];
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 and a free port, for tests of fetching code. */
export async function startLocalServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LocalServer> {
  const requests: IncomingMessage[] = [];
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((request, response) => {
    requests.push(request);
    handle(request, response);
  });
  server.on('connection', (socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    requests,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
