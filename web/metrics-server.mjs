// The site's `/metrics` on a port of its own (METRICS_PORT, 0 = none), not on the site's: the
// public ingress never routes to it, and a scrape passes neither the edge's rate limits nor its
// logs. Served by the site process when it is alone, by the primary among several (ADR 092).
import { createServer } from 'node:http';

/** The default of OpenTelemetry's Prometheus exporter; `npm start` gives each platform its own. */
export const DEFAULT_METRICS_PORT = 9464;

/** Serves `prometheus` (an OpenTelemetry PrometheusExporter) on METRICS_PORT; undefined when 0. */
export function serveMetrics(prometheus, logger, env = process.env) {
  const port = Number(env.METRICS_PORT ?? DEFAULT_METRICS_PORT);
  if (!port) return undefined;
  const server = createServer((request, response) => {
    if (request.url?.split('?')[0] === '/metrics') return prometheus.getMetricsRequestHandler(request, response);
    response.writeHead(404).end();
  });
  server.listen(port, env.METRICS_HOST ?? env.HOST ?? '0.0.0.0', () => logger.info({ port }, 'metrics listening'));
  return server;
}
