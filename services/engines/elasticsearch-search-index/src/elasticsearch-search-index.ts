import { Client } from '@elastic/elasticsearch';
import { FailedPreconditionError, UnavailableError } from '@pc/kit/errors/domain-errors';
import type { IndexSchema, SearchDocument, SearchIndex, SearchIndexHandle } from '@pc/kit/ports/search-index';
import { planSchema, type SchemaPlan } from '@pc/kit/ports/support/search/schema-plan';
import { builtinAnalysis } from './builtin-analysis.js';
import { DEFAULT_BULK, type BulkOptions } from './bulk-writer.js';
import { ElasticsearchSearchIndexHandle } from './elasticsearch-search-index-handle.js';
import { translated } from './es-errors.js';
import { indexContextMigration } from './index-migration.js';
import { ensureVersion } from './index-lifecycle.js';
import { indexBody, type IndexShape, type VersionMeta } from './index-mappings.js';
import { checkIndexPrefix, indexNames } from './index-names.js';
import { languageAnalysis } from './language-analysis.js';
import type { AnalysisMode, TextAnalysis } from './text-analysis.js';

export interface ElasticsearchSearchIndexOptions {
  /** URL(s) of the cluster, e.g. ELASTICSEARCH_URL. */
  readonly node: string | readonly string[];
  /** Prepended to every index name (`<prefix>-<name>`): the service name, so services never share indices. */
  readonly indexPrefix: string;
  /**
   * 'builtin' (default): text analysed here, works on any server, including the integ-test
   * distribution; 'language': Elasticsearch's analyzers (needs the analysis-common module).
   */
  readonly analysis?: AnalysisMode;
  /** Primary shards per index (default 1: exact facet counts; catalogue sizes fit one shard). */
  readonly shards?: number;
  /** Replicas, or an auto-expand range (default '0-1'). */
  readonly replicas?: number | string;
  readonly bulk?: Partial<BulkOptions>;
  /** Per request (default 30 s). */
  readonly requestTimeoutMs?: number;
}

/** The cluster-profile SearchIndex on Elasticsearch 8 (docs/architecture.md §4); see README.md here. */
export async function openElasticsearchSearchIndex(options: ElasticsearchSearchIndexOptions): Promise<SearchIndex> {
  checkIndexPrefix(options.indexPrefix);
  const client = new Client({
    node: typeof options.node === 'string' ? options.node : [...options.node],
    requestTimeout: options.requestTimeoutMs ?? 30_000,
    // Connection failures are retried by the client; a dead cluster still fails within seconds.
    maxRetries: 3,
  });
  return new ElasticsearchSearchIndex(client, options);
}

class ElasticsearchSearchIndex implements SearchIndex {
  private readonly analysis: TextAnalysis;
  private readonly shape: IndexShape;
  private readonly bulk: BulkOptions;
  private readonly open = new Map<
    string,
    { readonly plan: SchemaPlan; readonly handle: SearchIndexHandle<SearchDocument> }
  >();
  private closed = false;

  constructor(
    private readonly client: Client,
    private readonly options: ElasticsearchSearchIndexOptions,
  ) {
    this.analysis = options.analysis === 'language' ? languageAnalysis : builtinAnalysis;
    this.shape = { shards: options.shards ?? 1, replicas: options.replicas ?? '0-1' };
    this.bulk = { ...DEFAULT_BULK, ...options.bulk };
  }

  async index<D extends SearchDocument>(schema: IndexSchema): Promise<SearchIndexHandle<D>> {
    this.beforeUse();
    const plan = planSchema(schema);
    const known = this.open.get(plan.name);
    if (known !== undefined) {
      if (known.plan.fingerprint !== plan.fingerprint) {
        throw new FailedPreconditionError(
          `search index ${plan.name} is open with another schema; reopen the engine to migrate it`,
        );
      }
      return known.handle as unknown as SearchIndexHandle<D>;
    }
    const names = indexNames(this.options.indexPrefix, plan.name, {
      schema: plan.fingerprint,
      analysis: this.analysis.mode,
      shards: this.shape.shards,
    });
    const context = { client: this.client, index: names.concrete, plan, analysis: this.analysis, bulk: this.bulk };
    const meta: VersionMeta = {
      fingerprint: plan.fingerprint,
      analysis: this.analysis.mode,
      state: 'building',
      startedAt: Date.now(),
    };
    const body = { ...indexBody(plan, this.analysis, this.shape, meta), index: names.concrete };
    await translated('opening an index', () =>
      ensureVersion(this.client, names, body, meta, indexContextMigration(context)),
    );
    const handle = new ElasticsearchSearchIndexHandle<D>(context, () => this.beforeUse());
    this.open.set(plan.name, { plan, handle: handle as unknown as SearchIndexHandle<SearchDocument> });
    return handle;
  }

  async isReady(): Promise<boolean> {
    if (this.closed) return false;
    try {
      const health = await this.client.cluster.health({ timeout: '2s' }, { requestTimeout: 3_000, maxRetries: 0 });
      return health.status !== 'red';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.open.clear();
    await this.client.close();
  }

  private beforeUse(): void {
    if (this.closed) throw new UnavailableError('the elasticsearch search index is closed');
  }
}
