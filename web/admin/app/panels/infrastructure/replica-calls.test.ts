import { status as GrpcStatus } from '@grpc/grpc-js';
import { callEveryReplica, hostAndPort, replicaAddresses } from './replica-calls';

/** A name with two replicas behind it, as a headless Service resolves to each pod. */
const twoPods = async (host: string) => (host === 'catalog-pods' ? ['10.1.0.7', '10.1.0.9'] : []);

describe("the infrastructure panel's calls to every replica of a service", () => {
  it('turns a gRPC address into each replica’s own address, in every form the config accepts', async () => {
    const options = { resolveTimeoutMs: 1_000, resolve: twoPods };
    expect(await replicaAddresses('catalog-pods:50051', options)).toEqual(['10.1.0.7:50051', '10.1.0.9:50051']);
    expect(await replicaAddresses('dns:///catalog-pods:50051', options)).toEqual(['10.1.0.7:50051', '10.1.0.9:50051']);
    expect(await replicaAddresses('dns://10.96.0.10/catalog-pods:50051', options)).toEqual([
      '10.1.0.7:50051',
      '10.1.0.9:50051',
    ]);
    // IPv6 replicas keep their brackets; one address resolved twice is one replica.
    const v6 = async () => ['fd00::7', 'fd00::7', 'fd00::9'];
    expect(await replicaAddresses('[fd00::1]:50051', { resolveTimeoutMs: 1_000, resolve: v6 })).toEqual([
      '[fd00::7]:50051',
      '[fd00::9]:50051',
    ]);
    // `npm start`: one of each on 127.0.0.1, resolved by the system as it is.
    expect(await replicaAddresses('127.0.0.1:50051', { resolveTimeoutMs: 1_000 })).toEqual(['127.0.0.1:50051']);
    expect(hostAndPort('catalog-pods:50051')).toEqual({ host: 'catalog-pods', port: '50051' });
    expect(() => hostAndPort('catalog-pods')).toThrow('"catalog-pods" is not host:port');
  });

  it('asks every replica at once and keeps each one’s answer or failure by its address', async () => {
    const asked: string[] = [];
    const results = await callEveryReplica(
      'catalog-pods:50051',
      async (address) => {
        asked.push(address);
        if (address.startsWith('10.1.0.9')) throw new Error('connection refused');
        return `records of ${address}`;
      },
      { resolveTimeoutMs: 1_000, resolve: twoPods },
    );
    expect(asked).toEqual(['10.1.0.7:50051', '10.1.0.9:50051']);
    expect(results).toEqual([
      { address: '10.1.0.7:50051', ok: true, value: 'records of 10.1.0.7:50051' },
      { address: '10.1.0.9:50051', ok: false, error: new Error('connection refused') },
    ]);
  });

  it('names the configured address when the name resolves to nothing or not in time, calling no one', async () => {
    const call = jest.fn(async () => 'answer');
    const never = () => new Promise<string[]>(() => undefined);
    const started = Date.now();
    const [late] = await callEveryReplica('offers-pods:50052', call, { resolveTimeoutMs: 50, resolve: never });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(late).toMatchObject({ address: 'offers-pods:50052', ok: false });
    const failing = async () => Promise.reject(new Error('ENOTFOUND'));
    const [unresolved] = await callEveryReplica('offers-pods:50052', call, {
      resolveTimeoutMs: 1_000,
      resolve: failing,
    });
    expect(unresolved).toMatchObject({ address: 'offers-pods:50052', ok: false });
    // A failure as a call to an address nothing answers at: the page names it, a write answers 503.
    expect(unresolved).toHaveProperty('error.code', GrpcStatus.UNAVAILABLE);
    expect(call).not.toHaveBeenCalled();
  });
});
