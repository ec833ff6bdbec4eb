import { z } from 'zod';
import { grpcAddress } from './env-types.js';
import { ConfigError, loadConfig } from './load-config.js';
import { serviceConfigSchema } from './service-config.js';

const schema = serviceConfigSchema({ CATALOG_GRPC_ADDR: grpcAddress });
const good = { GRPC_PORT: '50051', OPS_PORT: '9101', CATALOG_GRPC_ADDR: '127.0.0.1:50051' };

describe('loadConfig', () => {
  it('parses and types the environment, with defaults', () => {
    const config = loadConfig(schema, good);
    expect(config).toMatchObject({
      GRPC_PORT: 50051,
      OPS_PORT: 9101,
      GRPC_HOST: '127.0.0.1',
      EVENT_BUS: 'embedded',
      DATA_DIR: '.data',
    });
  });

  it('fails fast naming every bad variable and why', () => {
    const attempt = () =>
      loadConfig(schema, { ...good, GRPC_PORT: 'fifty', CATALOG_GRPC_ADDR: 'catalog', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    const variables = (() => {
      try {
        attempt();
        return [];
      } catch (error) {
        return (error as ConfigError).issues.map((issue) => issue.variable);
      }
    })();
    expect(variables.sort()).toEqual(['CATALOG_GRPC_ADDR', 'GRPC_PORT', 'LOG_LEVEL']);
  });

  it('requires the connection variable of a selected cluster adapter', () => {
    expect(() => loadConfig(schema, { ...good, EVENT_BUS: 'kafka' })).toThrow(
      /KAFKA_BROKERS: required when EVENT_BUS=kafka/,
    );
    expect(() => loadConfig(schema, { ...good, EVENT_BUS: 'kafka', GRPC_PORT: 'x' })).toThrow(
      /GRPC_PORT[\s\S]*KAFKA_BROKERS|KAFKA_BROKERS[\s\S]*GRPC_PORT/,
    );
    expect(loadConfig(schema, { ...good, EVENT_BUS: 'kafka', KAFKA_BROKERS: '127.0.0.1:9092' }).KAFKA_BROKERS).toBe(
      '127.0.0.1:9092',
    );
  });

  it('keeps the embedded event log a week unless told otherwise; 0 keeps it all, a negative is refused', () => {
    expect(loadConfig(schema, good).EVENT_LOG_RETENTION_HOURS).toBe(168);
    expect(loadConfig(schema, { ...good, EVENT_LOG_RETENTION_HOURS: '0' }).EVENT_LOG_RETENTION_HOURS).toBe(0);
    for (const bad of ['-1', '1.5', 'week']) {
      expect(() => loadConfig(schema, { ...good, EVENT_LOG_RETENTION_HOURS: bad })).toThrow(
        /EVENT_LOG_RETENTION_HOURS/,
      );
    }
  });

  it('gives the embedded search index 32 MiB of cached text matches unless told otherwise; 0 turns it off', () => {
    expect(loadConfig(schema, good).SEARCH_MATCH_CACHE_MB).toBe(32);
    expect(loadConfig(schema, { ...good, SEARCH_MATCH_CACHE_MB: '0' }).SEARCH_MATCH_CACHE_MB).toBe(0);
    for (const bad of ['-1', '0.5', 'lots'])
      expect(() => loadConfig(schema, { ...good, SEARCH_MATCH_CACHE_MB: bad })).toThrow(/SEARCH_MATCH_CACHE_MB/);
    expect(loadConfig(schema, good).SEARCH_QUERY_THREADS).toBe(0);
    expect(loadConfig(schema, { ...good, SEARCH_QUERY_THREADS: '2' }).SEARCH_QUERY_THREADS).toBe(2);
    for (const bad of ['-1', '1.5', '17'])
      expect(() => loadConfig(schema, { ...good, SEARCH_QUERY_THREADS: bad })).toThrow(/SEARCH_QUERY_THREADS/);
  });

  it('takes a platform namespace of lower-case letters, digits and dashes only', () => {
    expect(loadConfig(schema, { ...good, PLATFORM_NAMESPACE: 'staging-2' }).PLATFORM_NAMESPACE).toBe('staging-2');
    expect(loadConfig(schema, good).PLATFORM_NAMESPACE).toBeUndefined();
    for (const bad of ['Staging', '2nd', 'a.b', 'a_b', '']) {
      expect(() => loadConfig(schema, { ...good, PLATFORM_NAMESPACE: bad })).toThrow(/PLATFORM_NAMESPACE/);
    }
  });

  it('takes the gRPC TLS files as a certificate with its key, and a CA only beside them', () => {
    const tls = { GRPC_TLS_CERT: '/tls/tls.crt', GRPC_TLS_KEY: '/tls/tls.key', GRPC_TLS_CA: '/tls/ca.crt' };
    expect(loadConfig(schema, { ...good, ...tls })).toMatchObject(tls);
    expect(loadConfig(schema, good).GRPC_TLS_CERT).toBeUndefined();
    expect(() => loadConfig(schema, { ...good, GRPC_TLS_CERT: tls.GRPC_TLS_CERT })).toThrow(
      /GRPC_TLS_KEY: required when GRPC_TLS_CERT is set/,
    );
    expect(() => loadConfig(schema, { ...good, GRPC_TLS_KEY: tls.GRPC_TLS_KEY })).toThrow(
      /GRPC_TLS_CERT: required when GRPC_TLS_KEY is set/,
    );
    expect(() => loadConfig(schema, { ...good, GRPC_TLS_CA: tls.GRPC_TLS_CA })).toThrow(
      /GRPC_TLS_CERT: required when GRPC_TLS_CA is set/,
    );
  });

  it('takes gRPC targets as host:port or behind the dns scheme', () => {
    for (const target of [
      'catalog:50051',
      'dns:///catalog.pricecompare.svc:50051',
      'dns://10.0.0.10:53/catalog:50051',
      '[::1]:50051',
    ]) {
      expect(loadConfig(schema, { ...good, CATALOG_GRPC_ADDR: target }).CATALOG_GRPC_ADDR).toBe(target);
    }
    for (const bad of ['catalog', 'http://catalog:50051', 'dns:catalog:50051'])
      expect(() => loadConfig(schema, { ...good, CATALOG_GRPC_ADDR: bad })).toThrow(/CATALOG_GRPC_ADDR/);
  });

  it('rejects a missing required variable', () => {
    expect(() => loadConfig(z.object({ NEEDED: z.string() }), {})).toThrow(/NEEDED/);
  });
});
