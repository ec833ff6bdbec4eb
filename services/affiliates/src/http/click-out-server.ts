import { metrics } from '@opentelemetry/api';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { DomainError } from '@pc/kit/errors/domain-errors';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { clickRequestOf } from '../domain/click-link.js';
import type { ClickRecorder } from '../workflows/click-recorder.js';

export interface ClickOutServerOptions {
  /** Proxies whose X-Forwarded-For is believed (Fastify's `trustProxy`: addresses, CIDRs, or true). */
  readonly trustProxy: string;
  readonly logger: Logger;
}

/**
 * The click-out endpoint of ADR 043 served by affiliates itself (Fastify, as the design card
 * names it for click-outs): `GET /goto/{location}` answers the 302 once the click is stored, with
 * no hop through the site. The site keeps its own `/goto` (over gRPC) for one origin locally; in
 * the cluster the front door sends `/goto/` here. Unknown or malformed locations are 404, a
 * dependency down 503; nothing else is ever followed but the stored target.
 */
/** Click-outs by outcome (redirected, not_found, failed): the click-out rate of the dashboards. */
const clickOuts = metrics.getMeter('@pc/affiliates').createCounter('affiliates.click_outs', {
  description: 'Click-outs to shops, by outcome (redirected, not_found, failed)',
  unit: '{click}',
});
for (const outcome of ['redirected', 'not_found', 'failed']) clickOuts.add(0, { outcome });

export function createClickOutServer(recorder: ClickRecorder, options: ClickOutServerOptions): FastifyInstance {
  const app = Fastify({ logger: false, trustProxy: options.trustProxy, return503OnClosing: true });
  app.get<{ Params: { locationId: string }; Querystring: Record<string, unknown> }>(
    '/goto/:locationId',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const answer = await recorder.resolve(
          clickRequestOf({
            locationId: request.params.locationId,
            query: request.query,
            ip: request.ip,
            host: request.headers.host ?? '',
            userAgent: request.headers['user-agent'] ?? '',
            referer: request.headers.referer ?? '',
          }),
        );
        clickOuts.add(1, { outcome: 'redirected' });
        return reply.header('referrer-policy', 'no-referrer-when-downgrade').redirect(answer.targetUrl, 302);
      } catch (error) {
        if (error instanceof DomainError && (error.kind === 'not_found' || error.kind === 'invalid_argument')) {
          clickOuts.add(1, { outcome: 'not_found' });
          return reply.code(404).type('text/plain').send('Not found');
        }
        clickOuts.add(1, { outcome: 'failed' });
        const unavailable =
          (error instanceof DomainError && error.kind === 'unavailable') ||
          (error instanceof RpcError &&
            (error.code === GrpcStatus.UNAVAILABLE || error.code === GrpcStatus.DEADLINE_EXCEEDED));
        if (unavailable) return reply.code(503).type('text/plain').send('Unavailable');
        options.logger.error({ err: error }, 'click-out failed');
        return reply.code(500).type('text/plain').send('Server error');
      }
    },
  );
  return app;
}
