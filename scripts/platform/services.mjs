// The processes of the local platform, in start order, with their default ports.
export const SERVICES = ['catalog', 'offers', 'search', 'accounts', 'billing', 'affiliates', 'crawler', 'notifications'];

/** Ports and paths of one local platform; every value can be overridden (several can run at once). */
export function platformLayout(env = process.env) {
  const host = env.PLATFORM_HOST ?? '127.0.0.1';
  const grpcBase = Number(env.GRPC_PORT_BASE ?? 50051);
  const opsBase = Number(env.OPS_PORT_BASE ?? 9101);
  const services = SERVICES.map((name, i) => ({ name, grpcPort: grpcBase + i, opsPort: opsBase + i }));
  return {
    host,
    dataDir: env.DATA_DIR ?? '.data',
    webPort: Number(env.WEB_PORT ?? 3000),
    services,
    /** `CATALOG_GRPC_ADDR=127.0.0.1:50051`, … for every service: what each process needs to find its peers. */
    peerEnv: Object.fromEntries(services.map((s) => [`${s.name.toUpperCase()}_GRPC_ADDR`, `${host}:${s.grpcPort}`])),
  };
}
