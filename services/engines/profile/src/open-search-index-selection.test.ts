import { Client } from '@elastic/elasticsearch';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@pc/kit/config/load-config';
import { serviceConfigSchema } from '@pc/kit/config/service-config';
import { openSearchIndex } from './open-search-index.js';
import { describeWithEngine } from '@pc/kit/testing/real-engine';
import { TS_REGISTER } from '@pc/kit/testing/ts-register';
import { deleteIndices, uniquePrefix } from '@pc/elasticsearch-search-index/testing/es-test-indices';

const dataDir = mkdtempSync(join(tmpdir(), 'open-search-index-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const configOf = (env: Record<string, string>) =>
  loadConfig(serviceConfigSchema({}), { GRPC_PORT: '50051', OPS_PORT: '9464', DATA_DIR: dataDir, ...env });

describe('openSearchIndex', () => {
  it('does not load the Elasticsearch client in the local profile', () => {
    // A real process: jest's module registry would not show what plain Node loads.
    const script = `
      const { openSearchIndex } = require('./services/engines/profile/src/open-search-index.ts');
      const { loadConfig } = require('./services/kit/src/config/load-config.ts');
      const { serviceConfigSchema } = require('./services/kit/src/config/service-config.ts');
      const config = loadConfig(serviceConfigSchema({}), { GRPC_PORT: '50051', OPS_PORT: '9464', DATA_DIR: ${JSON.stringify(dataDir)} });
      openSearchIndex(config, 'catalog').then(async (index) => {
        await index.close();
        process.stdout.write(String(Object.keys(require.cache).some((file) => file.includes('/@elastic/'))));
      });`;
    const repo = join(__dirname, '..', '..', '..', '..');
    expect(execFileSync(process.execPath, ['-r', TS_REGISTER, '-e', script], { cwd: repo, encoding: 'utf8' })).toBe(
      'false',
    );
  });
});

describeWithEngine('ELASTICSEARCH_URL', 'openSearchIndex with SEARCH_INDEX=elasticsearch', (url) => {
  const service = uniquePrefix('svc');
  afterAll(() => deleteIndices(url, service));

  it('opens indices named <service>-<index> on ELASTICSEARCH_URL', async () => {
    const engine = await openSearchIndex(configOf({ SEARCH_INDEX: 'elasticsearch', ELASTICSEARCH_URL: url }), service);
    const client = new Client({ node: url });
    try {
      await expect(engine.isReady()).resolves.toBe(true);
      const products = await engine.index({ name: 'products', fields: { name: { type: 'text' } } });
      await products.upsert([{ id: 'p1', name: 'Kühlschrank' }]);
      await products.refresh();
      const viaAlias = await client.search({ index: `${service}-products`, query: { match_all: {} } });
      expect(viaAlias.hits.hits.map((hit) => hit._id)).toEqual(['p1']);
    } finally {
      await client.close();
      await engine.close();
    }
    await expect(engine.isReady()).resolves.toBe(false);
  });
});
