import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SERVICES } from '../platform/service-list.cjs';

const repo = join(__dirname, '..', '..');
const values = parse(readFileSync(join(repo, 'charts', 'pricecompare', 'values.yaml'), 'utf8')) as {
  identity: { networkPolicies: { egress: Record<string, string[]>; egressRules: Record<string, unknown[]> } };
};
const { egress, egressRules } = values.identity.networkPolicies;

/**
 * What in a service's sources makes it use each egress of the chart: the adapter it opens (the
 * engine profile's `open*`), the outside endpoint it reaches. The trace collector is every
 * service's (the kit's telemetry).
 */
const USES: Record<string, RegExp> = {
  kafka: /@pc\/engine-profile\/open-event-bus'/,
  mongodb: /@pc\/engine-profile\/open-document-store'/,
  elasticsearch: /@pc\/engine-profile\/open-search-index'/,
  redis: /@pc\/engine-profile\/open-cache'/,
  smtp: /@pc\/engine-profile\/open-mailer'/,
  stripe: /STRIPE_SECRET_KEY/,
  internet: /@pc\/safe-fetch\/.*'/,
  webPush: /from 'web-push'/,
  ecbRates: /OFFERS_ECB_RATES_URL/,
};

/** Services whose SSRF guard fetches one kind of endpoint, on a narrower egress than `internet`. */
const GUARDED_ENDPOINTS: Readonly<Record<string, string>> = { notifications: 'webPush', offers: 'ecbRates' };

/**
 * The cluster adapters' packages (ADR 067). A service's code reaching one directly would use its
 * engine without the profile's `open*` that USES looks for, so the egress above would miss it.
 */
const CLUSTER_ADAPTERS = /@pc\/(kafka-event-bus|mongodb-document-store|elasticsearch-search-index|redis-cache)\//;

/** The production sources of a service (no tests, test support or benchmarks). */
function sourcesOf(service: string): string {
  const texts: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (!['test-support', 'testing', 'bench'].includes(entry)) walk(path);
      } else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) texts.push(readFileSync(path, 'utf8'));
    }
  };
  walk(join(repo, 'services', service, 'src'));
  return texts.join('\n');
}

describe("the chart's egress per service (identity.networkPolicies.egress) and what the services use", () => {
  it('lists every service, and only names egressRules defines', () => {
    expect(Object.keys(egress).sort()).toEqual([...SERVICES].sort());
    for (const targets of Object.values(egress))
      for (const target of targets) expect(egressRules).toHaveProperty(target);
  });

  it.each([...SERVICES])('%s reaches exactly the engines and endpoints its sources use', (service) => {
    const sources = sourcesOf(service);
    const used = Object.entries(USES)
      .filter(([, pattern]) => pattern.test(sources))
      .map(([target]) => target);
    // Notifications' web push and offers' ECB rates go through the SSRF guard too: their guarded
    // fetch is that endpoint, not a crawl.
    const expected = GUARDED_ENDPOINTS[service] ? used.filter((target) => target !== 'internet') : used;
    expect([...egress[service]!].filter((target) => target !== 'telemetry').sort()).toEqual(expected.sort());
    expect(egress[service]).toContain('telemetry');
  });

  it.each([...SERVICES])('%s opens the real engines only through @pc/engine-profile', (service) => {
    expect(sourcesOf(service)).not.toMatch(CLUSTER_ADAPTERS);
  });
});
