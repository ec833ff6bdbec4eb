// The worker thread of background-checkpoints.ts: one connection per registered database file,
// a PASSIVE checkpoint of each every `intervalMs`.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { CheckpointRequest, CheckpointThreadData } from './background-checkpoints.js';

const { intervalMs } = workerData as CheckpointThreadData;
const connections = new Map<string, Database.Database>();

parentPort!.on('message', (request: CheckpointRequest) => {
  if (request.type === 'add') {
    try {
      connections.set(request.path, new Database(request.path, { fileMustExist: true }));
    } catch {
      // Checkpoints here only spare the writer's thread: without them its own still run.
    }
  } else {
    connections.get(request.path)?.close();
    connections.delete(request.path);
  }
  parentPort!.postMessage({ id: request.id });
});

setInterval(() => {
  for (const db of connections.values()) {
    try {
      // PASSIVE never waits for or blocks the writer; it backfills what no reader still needs.
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy or closed under us: the next round, or the writer's own checkpoint, does it.
    }
  }
}, intervalMs);
