import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { DomainError } from '@pc/kit/errors/domain-errors';
import { ERROR_TABLE } from '@pc/kit/errors/status-table';
import type { WebhookProcessor } from '../workflows/webhook-processor.js';

/**
 * billing's HTTP listener: `POST /webhooks/stripe`, the provider's webhook endpoint (the raw
 * body is kept as bytes: the signature covers them exactly), and the local provider's pages when
 * it runs. Request bodies are never logged (card numbers reach the local provider's page here).
 */
export function createBillingHttpServer(
  webhooks: WebhookProcessor,
  logger: Logger,
  register: (app: FastifyInstance) => void = () => undefined,
): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 1_048_576 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post('/webhooks/stripe', async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    try {
      const outcome = await webhooks.handle(body, typeof signature === 'string' ? signature : '');
      return reply.code(200).send({ received: true, event_id: outcome.eventId, applied: outcome.applied });
    } catch (error) {
      if (error instanceof DomainError) {
        const status = ERROR_TABLE[error.kind].http;
        if (status >= 500) logger.warn({ err: error }, 'webhook not processed; the provider will retry');
        return reply.code(status).send({ error: status < 500 ? error.message : 'temporarily unavailable' });
      }
      logger.error({ err: error }, 'webhook failed');
      return reply.code(500).send({ error: 'internal error' });
    }
  });

  register(app);
  return app;
}
