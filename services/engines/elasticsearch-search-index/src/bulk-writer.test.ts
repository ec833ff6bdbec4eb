import { errors, type Client } from '@elastic/elasticsearch';
import { bulkWrite, DEFAULT_BULK, type BulkOptions, type BulkWrite } from './bulk-writer.js';

type Operation = { index?: { _id: string }; delete?: { _id: string } };
type ItemStatus = (id: string, attempt: number) => number;

const FAST: BulkOptions = {
  ...DEFAULT_BULK,
  chunkDocs: 100,
  concurrency: 2,
  backoff: { retries: 5, baseMs: 1, maxMs: 5 },
};

/** A stand-in for the cluster's bulk endpoint that answers each item with `status`. */
function fakeCluster(status: ItemStatus = () => 201) {
  const stored = new Set<string>();
  const attempts = new Map<string, number>();
  let inFlight = 0;
  const stats = { requests: 0, maxInFlight: 0, largest: 0 };
  const client = {
    async bulk({ operations }: { operations: (Operation | Record<string, unknown>)[] }) {
      stats.requests += 1;
      inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight -= 1;
      const actions = operations.filter((op): op is Operation => 'index' in op || 'delete' in op);
      stats.largest = Math.max(stats.largest, actions.length);
      const items = actions.map((op) => {
        const id = (op.index ?? op.delete)?._id ?? '';
        const attempt = attempts.get(id) ?? 0;
        attempts.set(id, attempt + 1);
        const code = status(id, attempt);
        if (code < 300) stored.add(id);
        const result = {
          _id: id,
          status: code,
          ...(code >= 300
            ? {
                error: {
                  type: code === 429 ? 'es_rejected_execution_exception' : 'mapper_parsing_exception',
                  reason: 'x',
                },
              }
            : {}),
        };
        return op.index ? { index: result } : { delete: result };
      });
      return { errors: items.some((item) => (item.index ?? item.delete).status >= 300), items };
    },
  };
  return { client: client as unknown as Client, stored, stats };
}

const writes = (n: number): BulkWrite[] => Array.from({ length: n }, (_, i) => ({ id: `d${i}`, body: { n: i } }));

describe('bulkWrite', () => {
  it('sends chunks of bounded size with bounded concurrency and resolves once all are stored', async () => {
    const { client, stored, stats } = fakeCluster();
    await bulkWrite(client, 'ix', writes(950), FAST);
    expect(stored.size).toBe(950);
    expect(stats.largest).toBeLessThanOrEqual(100);
    expect(stats.maxInFlight).toBe(2);
  });

  it('retries the writes the cluster pushes back (429) until they are stored', async () => {
    const { client, stored } = fakeCluster((id, attempt) => (Number(id.slice(1)) % 3 === 0 && attempt < 2 ? 429 : 201));
    await bulkWrite(client, 'ix', writes(300), FAST);
    expect(stored.size).toBe(300);
  });

  it('retries a whole request refused with 429', async () => {
    const { client, stored } = fakeCluster();
    const bulk = client.bulk.bind(client);
    let refused = 0;
    (client as unknown as { bulk: unknown }).bulk = async (request: Parameters<typeof bulk>[0]) => {
      if (refused++ < 2)
        throw new errors.ResponseError({
          statusCode: 429,
          body: { error: { type: 'circuit_breaking_exception' } },
          headers: {},
          warnings: null,
          meta: {} as never,
        });
      return bulk(request);
    };
    await bulkWrite(client, 'ix', writes(10), FAST);
    expect(stored.size).toBe(10);
  });

  it('fails on a write that cannot succeed, after writing the others', async () => {
    const { client, stored } = fakeCluster((id) => (id === 'd7' ? 400 : 201));
    await expect(bulkWrite(client, 'ix', writes(250), FAST)).rejects.toThrow(
      /refused 1 write.*d7: mapper_parsing_exception/,
    );
    expect(stored.size).toBe(249);
  });

  it('counts deletes of unknown ids as done', async () => {
    const { client } = fakeCluster(() => 404);
    await expect(bulkWrite(client, 'ix', [{ id: 'gone' }], FAST)).resolves.toBeUndefined();
  });
});
