// The site's telemetry, imported by site-process.mjs before anything else so that OpenTelemetry's
// instrumentations patch http and undici (with tracing grpc-js too) before they load. Always on: the HTTP
// instrumentation is what measures `http.server.request.duration` per route for `/metrics`;
// spans are recorded and exported only when an OTLP endpoint is set (as in the services). `/metrics`
// is served by metrics-server.mjs.
import { context, trace } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import { startTelemetry } from '@pc/kit/telemetry/start';
import { registerProcessMetrics } from '@pc/kit/telemetry/process-metrics';

export const telemetry = startTelemetry('web', process.env, { instrumentAlways: true });
registerProcessMetrics();

const tracer = trace.getTracer('@pc/web');

/** A route's URL pattern (`/:lang/p/:slug`): the `http.route` of its requests, low in cardinality. */
function routePatterns(routes) {
  const patterns = new Map();
  const patternOf = (id) => {
    if (patterns.has(id)) return patterns.get(id);
    const route = routes[id];
    const parent = route.parentId ? patternOf(route.parentId) : '';
    const own = route.index ? '' : (route.path ?? '');
    const pattern = own ? `${parent.replace(/\/$/, '')}/${own}` : parent || '/';
    patterns.set(id, pattern);
    return pattern;
  };
  for (const id of Object.keys(routes)) patternOf(id);
  return patterns;
}

/**
 * The Remix build with every loader and action in a span of its own (`loader routes/…`), and
 * the request's `http.route` set to the deepest matched route, for the HTTP server span and the
 * RED metrics. Route modules are frozen ES namespaces, so the build is copied, not patched.
 */
export function instrumentBuild(build) {
  const patterns = routePatterns(build.routes);
  const wrap = (kind, id, fn) =>
    async function traced(args) {
      const metadata = getRPCMetadata(context.active());
      const pattern = patterns.get(id);
      if (metadata?.type === RPCType.HTTP && (metadata.route ?? '').length <= pattern.length) {
        metadata.route = pattern;
        // The metrics read the route from here; the request's span is named and tagged now.
        metadata.span.setAttribute('http.route', pattern);
        metadata.span.updateName(`${args.request.method} ${pattern}`);
      }
      return tracer.startActiveSpan(
        `${kind} ${id}`,
        { attributes: { 'remix.route.id': id, 'http.route': pattern } },
        async (span) => {
          try {
            return await fn(args);
          } catch (error) {
            // Remix throws Responses for redirects and 404s: those are answers, not failures.
            if (!(error instanceof Response)) {
              span.recordException(error);
              span.setStatus({ code: 2, message: String(error?.message ?? error) });
            }
            throw error;
          } finally {
            span.end();
          }
        },
      );
    };
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const module = { ...route.module };
      if (module.loader) module.loader = wrap('loader', id, module.loader);
      if (module.action) module.action = wrap('action', id, module.action);
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}
