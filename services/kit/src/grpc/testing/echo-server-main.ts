// A process serving the kit's test EchoService (started by echo-server-process.ts): tests call
// it across a real process boundary. Reads ECHO_HOST, ECHO_PORT (0: any free port),
// ECHO_SERVER_ID and ECHO_MAX_CONNECTION_AGE_MS; tells its parent the bound port over IPC and
// shuts down gracefully on SIGTERM or when the parent goes away.
import { pino } from 'pino';
import { createGrpcServer } from '../server.js';
import { echoService } from './echo-service.js';

async function main(): Promise<void> {
  const maxAge = Number(process.env.ECHO_MAX_CONNECTION_AGE_MS ?? 0);
  const server = createGrpcServer({
    services: [echoService({ serverId: process.env.ECHO_SERVER_ID ?? '' })],
    logger: pino({ level: 'silent' }),
    graceMs: 2_000,
    serverOptions:
      maxAge > 0 ? { 'grpc.max_connection_age_ms': maxAge, 'grpc.max_connection_age_grace_ms': 1_000 } : {},
  });
  const port = await server.listen(process.env.ECHO_HOST ?? '127.0.0.1', Number(process.env.ECHO_PORT ?? 0));
  process.send?.({ port });
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await server.shutdown();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('disconnect', () => void stop());
}

void main();
