import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSearchIndexContract } from '@pc/kit/ports/contracts/search-index.contract';
import { openEmbeddedSearchIndex } from './embedded-search-index.js';

const dir = mkdtempSync(join(tmpdir(), 'search-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeSearchIndexContract('embedded (SQLite FTS5)', () =>
  openEmbeddedSearchIndex({ path: join(dir, 'search.sqlite') }),
);

// Every search answered by a query thread: its own connection and columns, following this
// thread's writes through the change log. A problem in a thread fails the suite, not a fallback.
describeSearchIndexContract('embedded, searches in a query thread', () =>
  openEmbeddedSearchIndex({
    path: join(dir, 'threaded.sqlite'),
    queryThreads: 1,
    waitForQueryThread: true,
    onQueryThreadProblem: (reason) => {
      throw new Error(reason);
    },
  }),
);
