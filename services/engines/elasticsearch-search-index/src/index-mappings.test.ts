import { PRODUCT_SCHEMA } from '@pc/kit/ports/contracts/search-index-contract-fixtures';
import { planSchema } from '@pc/kit/ports/support/search/schema-plan';
import { builtinAnalysis } from './builtin-analysis.js';
import { indexBody, type VersionMeta } from './index-mappings.js';
import { indexNames } from './index-names.js';
import { languageAnalysis } from './language-analysis.js';

const plan = planSchema({ ...PRODUCT_SCHEMA, name: 'products' });
const meta: VersionMeta = { fingerprint: plan.fingerprint, analysis: 'builtin', state: 'building', startedAt: 0 };
const shape = { shards: 1, replicas: '0-1' };

describe('index settings and mappings', () => {
  it('builtin analysis needs nothing beyond the whitespace analyzer (the integ-test distribution)', () => {
    const body = indexBody(plan, builtinAnalysis, shape, meta);
    expect(body.settings?.analysis).toBeUndefined();
    expect(JSON.stringify(body.mappings)).not.toMatch(/"analyzer":"(?!whitespace")/);
  });

  it('language analysis builds fold → normalise → Snowball analyzers from Elasticsearch filters', () => {
    const body = indexBody(plan, languageAnalysis, shape, { ...meta, analysis: 'language' });
    const analysis = body.settings?.analysis;
    expect(analysis?.analyzer?.['pc_de']).toEqual({
      type: 'custom',
      tokenizer: 'pc_words',
      filter: ['lowercase', 'asciifolding', 'german_normalization', 'pc_unstemmed', 'pc_snowball_de'],
    });
    expect(analysis?.filter?.['pc_snowball_fr']).toEqual({ type: 'snowball', language: 'French' });
    expect(analysis?.analyzer?.['pc_fr']).toMatchObject({ filter: expect.arrayContaining(['pc_drop_fr']) });
    const name = (
      body.mappings?.properties?.['ix'] as {
        properties: {
          t: { properties: Record<string, { analyzer: string; fields: Record<string, { analyzer: string }> }> };
        };
      }
    ).properties.t.properties['name'];
    expect(name?.analyzer).toBe('pc_fold');
    expect(name?.fields['it']?.analyzer).toBe('pc_it');
  });

  it('names a new index version whenever the schema or the analysis changes', () => {
    const a = indexNames('catalog', 'products', { schema: plan.fingerprint, analysis: 'builtin' });
    const b = indexNames('catalog', 'products', { schema: plan.fingerprint, analysis: 'language' });
    expect(a.alias).toBe('catalog-products');
    expect(a.concrete).toMatch(/^catalog-products-v[0-9a-f]{12}$/);
    expect(b.concrete).not.toBe(a.concrete);
    expect(indexNames('catalog', 'products', { schema: plan.fingerprint, analysis: 'builtin' }).concrete).toBe(
      a.concrete,
    );
  });
});
