import { InvalidArgumentError, type FieldViolation } from '../../errors/domain-errors.js';
import type { IndexSchema, SearchDocument, SearchIndex, SearchIndexHandle, SearchResult } from '../search-index.js';

export type MakeSearchIndex = () => Promise<SearchIndex>;

export interface SearchContractHarness {
  /** A new index with a name no other test (or earlier run on a kept server) uses, filled and refreshed. */
  fresh<D extends SearchDocument>(schema: Omit<IndexSchema, 'name'>, docs: readonly D[]): Promise<SearchIndexHandle<D>>;
}

let sequence = 0;
const run = Math.random().toString(36).slice(2, 8);

export function useSearchContractHarness(makeIndex: MakeSearchIndex): SearchContractHarness {
  let engine: SearchIndex | undefined;
  beforeAll(async () => {
    engine = await makeIndex();
  });
  afterAll(async () => {
    await engine?.close();
  });
  return {
    async fresh(schema, docs) {
      if (engine === undefined) throw new Error('the search index was not made');
      sequence += 1;
      const handle = await engine.index<(typeof docs)[number]>({ ...schema, name: `contract-${run}-${sequence}` });
      if (docs.length > 0) await handle.upsert(docs);
      await handle.refresh();
      return handle;
    },
  };
}

export function idsOf(result: SearchResult<SearchDocument>): string[] {
  return result.hits.map((hit) => hit.id);
}

/** The field violations of a rejected call, failing the test when it was not InvalidArgument. */
export async function violationsOf(call: Promise<unknown>): Promise<readonly FieldViolation[]> {
  const error: unknown = await call.then(
    () => new Error('expected InvalidArgumentError, the call succeeded'),
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(InvalidArgumentError);
  return (error as InvalidArgumentError).violations;
}
