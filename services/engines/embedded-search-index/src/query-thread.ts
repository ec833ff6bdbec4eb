import { parentPort, workerData } from 'node:worker_threads';
import type { SearchDocument, SearchIndex, SearchIndexHandle } from '@pc/kit/ports/search-index';
import { openEmbeddedSearchIndex } from './embedded-search-index.js';
import type { QueryThreadData, ThreadReply, ThreadRequest } from './query-threads.js';

// A query thread: its own connection to the index file and its own in-memory columns, kept up
// to date from the writer's change log before each search (the writer is the main thread).
// It answers one message at a time: opening an index, or one search.

/** How often an idle thread reads the change log (65,536 entries are kept). */
const CATCH_UP_INTERVAL_MS = 1000;

const port = parentPort;
if (port === null) throw new Error('query-thread.ts runs as a worker thread');
const data = workerData as QueryThreadData;
const reply = (message: ThreadReply): void => port.postMessage(message);

// It restores the columns the owner saved, but never saves them: the owner's writes are the truth.
const engine: Promise<SearchIndex> = openEmbeddedSearchIndex({
  path: data.path,
  matchCacheRows: data.matchCacheRows,
  saveColumnsOnClose: false,
});
const handles = new Map<string, SearchIndexHandle<SearchDocument>>();
let queue: Promise<void> = Promise.resolve();

port.on('message', (message: ThreadRequest) => {
  // One at a time, in the order sent: a search never overtakes the opening of its index.
  queue = queue.then(() => handle(message)).catch(stop);
});

// Between searches too: a thread that answered nothing while the writer wrote much would
// otherwise find the log trimmed past its position and reload every row during a search.
setInterval(() => {
  queue = queue.then(catchUp).catch(stop);
}, CATCH_UP_INTERVAL_MS).unref();

/**
 * Something failed outside a search (its answer could not be sent): a thread that stopped
 * answering would leave its searches waiting, so it ends, and the owner runs them itself.
 */
function stop(error: unknown): void {
  setImmediate(() => {
    throw error;
  });
}

async function catchUp(): Promise<void> {
  try {
    for (const index of handles.values()) await index.refresh();
  } catch {
    // Closed: the thread is being terminated.
  }
}

async function handle(message: ThreadRequest): Promise<void> {
  if (message.type === 'open') {
    try {
      handles.set(message.schema.name, await (await engine).index(message.schema));
      reply({ type: 'opened', name: message.schema.name });
    } catch (error) {
      reply({
        type: 'open-failed',
        name: message.schema.name,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
    return;
  }
  const index = handles.get(message.name);
  try {
    if (index === undefined) throw new Error(`index ${message.name} is not open in this thread`);
    reply({ type: 'result', id: message.id, result: await index.search(message.request) });
  } catch {
    // The main thread runs the search itself and reports the error as it would without threads.
    reply({ type: 'failed', id: message.id });
  }
}
