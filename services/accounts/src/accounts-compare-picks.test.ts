import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { describeComparePickFlows } from './test-support/compare-picks-suite.js';

// The embedded engines, with the document store opened here so the suite can look into it.
describeComparePickFlows({
  name: 'embedded',
  open: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'accounts-compare-'));
    const documents = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    return {
      documents,
      close: async () => {
        await documents.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
});
