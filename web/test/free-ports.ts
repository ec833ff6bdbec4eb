import { createServer } from 'node:net';

/**
 * Ports for a test's processes, all different and free now; each process then binds its own
 * (peers need them up front). They come from below 32768: Linux hands out 32768–60999 as the
 * local ports of outgoing connections, so a port the OS offered and we let go of could be taken by
 * any client's connection before the service listened on it (a gRPC server then failed with
 * EADDRINUSE). Each Jest worker takes its own slice (24000–31999 in eight slices, above the
 * end-to-end platforms' 22051–22999), starting at a point its process id picks, so parallel
 * workers and two runs on one machine rarely meet; every port is checked before it is handed out.
 */
const FIRST_PORT = 24_000;
const SLICE = 1_000;
const SLICES = 8;

const worker = Number(process.env.JEST_WORKER_ID ?? '1');
const sliceStart = FIRST_PORT + ((Number.isInteger(worker) && worker > 0 ? worker - 1 : 0) % SLICES) * SLICE;
let cursor = process.pid % SLICE;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let tried = 0; ports.length < count && tried < SLICE; tried += 1) {
    const port = sliceStart + cursor;
    cursor = (cursor + 1) % SLICE;
    if (await canListen(port)) ports.push(port);
  }
  if (ports.length < count)
    throw new Error(`only ${ports.length} of ${count} free ports in ${sliceStart}–${sliceStart + SLICE - 1}`);
  return ports;
}
