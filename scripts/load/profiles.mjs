// The load profiles of `npm run load -- --profile <name>`: arrival rate (requests a second, open
// model: vegeta sends at that rate whatever the latency), duration and mixes.
// The default rates stay under the site's per-address limit (EDGE_RATE_PER_IP, 3000 a minute):
// one load generator is one address. Start the platform with EDGE_RATE_PER_IP=0 to go above it.
export const PROFILES = {
  // Every mix, gently: the end-to-end tests run it and fail on any error, never on latency.
  smoke: { rate: 10, seconds: 10, mixes: ['visitor', 'business', 'api'] },
  // Visitors at a steady rate: the numbers of docs/benchmarks.md.
  visitor: { rate: 40, seconds: 60, mixes: ['visitor'] },
  // Every mix for half an hour: leaks, growing queues, slowly rising latency.
  soak: { rate: 20, seconds: 1800, mixes: ['visitor', 'business', 'api'] },
};
