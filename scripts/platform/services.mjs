// The processes of the local platform, in start order, with their default ports. The services and
// their order come from the one list, services/services.json.
import serviceList from './service-list.cjs';

export const { SERVICES, grpcAddressVariable } = serviceList;

/**
 * Node flags of one service's process: a 64 MiB young generation (V8's default is 16 MiB) where a
 * service allocates short-lived objects per item at a high rate. offers: its ingest allocates a
 * decoded document or event per observation, and with the default the scavenger ran so often that
 * a crawl where every price changed cost ~20 % more CPU (docs/benchmarks.md, "bench:core").
 * affiliates: each click-out allocates its request, click document and event; at 1,000 clicks/s it
 * cost ~10 % more CPU per redirect and the scavenges lengthened its tail ("bench:clicks"). The cost
 * is up to ~100 MiB more memory for each.
 */
export const SERVICE_NODE_FLAGS = {
  offers: ['--max-semi-space-size=64'],
  affiliates: ['--max-semi-space-size=64'],
};

/** Ports and paths of one local platform; every value can be overridden (several can run at once). */
export function platformLayout(env = process.env) {
  const host = env.PLATFORM_HOST ?? '127.0.0.1';
  const grpcBase = Number(env.GRPC_PORT_BASE ?? 50051);
  const opsBase = Number(env.OPS_PORT_BASE ?? 9101);
  const services = SERVICES.map((name, i) => ({
    name,
    grpcPort: grpcBase + i,
    opsPort: opsBase + i,
    nodeFlags: SERVICE_NODE_FLAGS[name] ?? [],
  }));
  return {
    host,
    dataDir: env.DATA_DIR ?? '.data',
    webPort: Number(env.WEB_PORT ?? 3000),
    /** The site's `/metrics` (METRICS_PORT of web/server.mjs): the ops port after the services'. */
    webMetricsPort: Number(env.WEB_METRICS_PORT ?? opsBase + services.length),
    /** The staff admin app (web/admin): ADMIN_PORT, by default five above the site's. */
    adminPort: Number(env.ADMIN_PORT ?? Number(env.WEB_PORT ?? 3000) + 5),
    services,
    /** `CATALOG_GRPC_ADDR=127.0.0.1:50051`, … for every service: what each process needs to find its peers. */
    peerEnv: Object.fromEntries(services.map((s) => [grpcAddressVariable(s.name), `${host}:${s.grpcPort}`])),
  };
}
