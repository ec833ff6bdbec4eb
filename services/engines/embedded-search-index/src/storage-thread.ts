import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { indexPageBytes } from './index-pages.js';
import type { StorageReply, StorageRequest, StorageThreadData } from './storage-measurer.js';

// The storage thread: measures indices' pages with its own read-only connection (WAL lets it
// read while the writer writes), so a measurement reading gigabytes never holds up a search.

const port = parentPort;
if (port === null) throw new Error('storage-thread.ts runs as a worker thread');
const data = workerData as StorageThreadData;
const db = new Database(data.path, { readonly: true, fileMustExist: true });

port.on('message', (message: StorageRequest) => {
  let reply: StorageReply;
  try {
    reply = { id: message.id, bytes: indexPageBytes(db, message.num) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
