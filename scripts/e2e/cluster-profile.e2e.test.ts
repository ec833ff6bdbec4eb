import { describeWithEngines } from '@pc/kit/testing/real-engine';
import { startPlatform, type RunningPlatform } from './platform-process';

/** `npm run start:cluster`: the same processes on Kafka, MongoDB, Elasticsearch and Redis. */
describeWithEngines(['KAFKA_BROKERS', 'MONGODB_URI', 'ELASTICSEARCH_URL', 'REDIS_URL'], 'npm run start:cluster', () => {
  let platform: RunningPlatform;

  beforeAll(async () => {
    platform = await startPlatform(1, { cluster: true });
  }, 180_000);

  afterAll(async () => {
    if (platform && platform.process.exitCode === null) await platform.interrupt();
  });

  it('serves the site from services running on the real engines', async () => {
    expect(platform.output()).toContain('(cluster profile) is up');
    const html = await (await fetch(`${platform.siteUrl}/en-ch`)).text();
    expect(html).toMatch(/id="categories-heading"[^]*Nothing here yet\./); // the catalog answered: empty
    const status = await (await fetch(`${platform.siteUrl}/status`)).text();
    expect(status).toContain('data-serving="true"');
    expect(status).not.toContain('data-serving="false"');
    const ready = await (await fetch(`http://127.0.0.1:${platform.opsPort('catalog')}/readyz`)).json();
    expect(ready).toEqual({ status: 'ready', checks: { documents: 'ok', events: 'ok' } });
  });

  it('stops cleanly', async () => {
    expect(await platform.interrupt()).toBe(0);
  });
});
