import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@pc/kit/config/load-config';
import { serviceConfigSchema } from '@pc/kit/config/service-config';
import { openDocumentStore } from './open-document-store.js';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { TS_REGISTER } from '@pc/kit/testing/ts-register';
import { openMongoDocumentStore } from '@pc/mongodb-document-store/mongo-document-store';
import { dropDatabase } from '@pc/mongodb-document-store/test-support/test-database';

const OPEN_DOCUMENT_STORE = join(__dirname, 'open-document-store.ts');

/** Opens the store `DOCUMENT_STORE=embedded` selects in a fresh node process; tells whether mongoose got loaded. */
function mongooseLoadedByEmbeddedProfile(dataDir: string): Promise<boolean> {
  const script = `
    const { openDocumentStore } = require(${JSON.stringify(OPEN_DOCUMENT_STORE)});
    const config = { DOCUMENT_STORE: 'embedded', DATA_DIR: ${JSON.stringify(dataDir)} };
    openDocumentStore(config, 'probe').then(async (store) => {
      await store.close();
      const loaded = Object.keys(require.cache).some((file) => file.includes('/node_modules/mongoose/'));
      process.stdout.write(String(loaded));
    });`;
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['-r', TS_REGISTER, '-e', script], { timeout: 30_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout.trim() === 'true'),
    ),
  );
}

describe('document store selection', () => {
  it('does not load mongoose for the local (embedded) profile', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pc-select-'));
    try {
      expect(await mongooseLoadedByEmbeddedProfile(dataDir)).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describeWithEngine('MONGODB_URI', 'document store selection with DOCUMENT_STORE=mongodb', (uri) => {
  const service = `select-${Date.now().toString(36)}`;
  const database = `pricecompare_${service.replace('-', '_')}`;
  afterAll(() => dropDatabase(uri, database));

  it('opens the MongoDB adapter on the database pricecompare_<service>', async () => {
    const config = loadConfig(serviceConfigSchema({}), {
      DOCUMENT_STORE: 'mongodb',
      MONGODB_URI: uri,
      GRPC_PORT: '0',
      OPS_PORT: '0',
    });
    const store = await openDocumentStore(config, service);
    await (await store.collection({ name: 'things' })).put({ _id: 'a' });
    await store.close();

    const direct = await openMongoDocumentStore({ uri, database });
    expect(await (await direct.collection({ name: 'things' })).get('a')).toEqual({ _id: 'a', _version: 1 });
    await direct.close();
  });
});
