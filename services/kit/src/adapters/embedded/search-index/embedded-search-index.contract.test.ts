import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSearchIndexContract } from '../../../ports/contracts/search-index.contract.js';
import { openEmbeddedSearchIndex } from './embedded-search-index.js';

const dir = mkdtempSync(join(tmpdir(), 'search-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeSearchIndexContract('embedded (SQLite FTS5)', () => openEmbeddedSearchIndex({ path: join(dir, 'search.sqlite') }));
