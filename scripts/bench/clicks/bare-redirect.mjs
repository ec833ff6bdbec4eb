// The baseline of the click-out benchmark: a bare Fastify server answering every GET /goto/:id
// with a 302, no lookup and no write. It runs as its own process, like the site.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/goto/:id', async (request, reply) =>
  reply
    .code(302)
    .header('cache-control', 'no-store')
    .redirect(`https://shop.example/p/${request.params.id}?pc_click=x`),
);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.({ type: 'ready' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
