// The click-out redirect at load, beside a bare Fastify 302 on the same machine: affiliates' own
// click-out endpoint (Fastify, ADR 043: the location from its read model, the click recorded
// durably — one group-committed SQLite write with FULL sync, ClickRecorded in the same write —
// before the 302), and the site's GET /goto/{location} (Express + Remix, a gRPC call to
// affiliates doing the same). Each process as `npm start` runs it.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { Events } from '@pc/proto/event-catalog';
import { createEventPublisher } from '@pc/kit/events/publisher';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient } from '@pc/kit/grpc/client';
import { AffiliatesServiceService } from '@pc/proto/affiliates/v1/affiliates';
import { OfferChangeKind, OfferChanged, ShopChanged } from '@pc/proto/offers/events/v1/events';
import { ShopStatus } from '@pc/proto/offers/v1/types';
import { ensureIdentityKeys, identityEnv, signAs } from '../../platform/identity-keys.mjs';
import { SERVICE_NODE_FLAGS } from '../../platform/services.mjs';
import { fmt } from '../adapters/stats.mjs';
import { closedLoop, openLoop } from './load.mjs';

const SHOPS = 100;
const OFFERS = 10_000;

/**
 * Ports of its own (other benchmarks use theirs; GRPC_PORT_BASE, OPS_PORT_BASE and WEB_PORT move
 * them, as for `npm start`): affiliates' gRPC and ops, the site, the bare server.
 */
function ports(env = process.env) {
  const grpc = Number(env.GRPC_PORT_BASE ?? 24_051);
  const web = Number(env.WEB_PORT ?? 3_760);
  return { grpc, ops: Number(env.OPS_PORT_BASE ?? 9_851), web, bare: web + 1, clickOut: grpc + 2 };
}

/** Starts a Node process (with extra node flags) and waits for its launcher message ('ready'). */
async function start(root, script, env, nodeArgs = []) {
  const child = fork(join(root, script), [], {
    env: { ...process.env, ...env },
    execArgv: [...process.execArgv, ...nodeArgs],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', (message) =>
      message?.type === 'ready' ? resolve() : reject(new Error(`unexpected message from ${script}`)),
    );
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
  });
  return child;
}

/** CPU time a process used so far, in ms (user + system, /proc; Linux). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const stop = (child) =>
  new Promise((resolve) =>
    child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')),
  );

/** Shops with URL parameters and their offers, as offers' events bring them (the read models start from the log). */
async function publishCatalogue(dataDir) {
  const bus = openEmbeddedEventBus({ path: join(dataDir, 'events', 'log.sqlite') });
  const publisher = createEventPublisher(bus, 'offers');
  const now = new Date();
  const shops = Array.from({ length: SHOPS }, (_, i) => ({
    id: `sh_${i}`,
    name: `Shop ${i}`,
    homepageUrl: `https://shop${i}.example/`,
    ownerUserId: `u_${i}`,
    status: ShopStatus.SHOP_STATUS_ACTIVE,
    urlParameters: [{ name: 'utm_source', value: 'pricecompare' }],
    version: 1,
  }));
  await publisher.publishAll(
    shops.map((shop) => ({
      type: Events.shopChanged,
      key: shop.id,
      payload: ShopChanged.fromPartial({ shopId: shop.id, version: 1, shop, changedAt: now }),
    })),
  );
  const locations = [];
  for (let start = 0; start < OFFERS; start += 1_000) {
    const batch = Array.from({ length: 1_000 }, (_, j) => {
      const i = start + j;
      const offer = {
        id: `of_${i}`,
        locationId: `lc_bench${i}`,
        productId: `p_${i >> 1}`,
        shop: { id: `sh_${i % SHOPS}`, name: '', faviconUrl: '', domain: '' },
        url: `https://shop${i % SHOPS}.example/p/${i}`,
        country: 'CH',
        price: { amountMinor: 10_000 + i, currency: 'CHF' },
        isGreen: i % 5 === 0,
        active: true,
        version: 1,
      };
      locations.push(offer.locationId);
      return {
        type: Events.offerChanged,
        key: offer.id,
        payload: OfferChanged.fromPartial({
          offerId: offer.id,
          version: 1,
          kind: OfferChangeKind.OFFER_CHANGE_KIND_CREATED,
          offer,
          changedAt: now,
        }),
      };
    });
    await publisher.publishAll(batch);
  }
  await bus.close();
  return locations;
}

/**
 * `only`: 'affiliates' measures affiliates' own endpoint alone (no gRPC loop, no site, no bare
 * server; for profiles). SERVICE_NODE_ARGS are node flags for the affiliates process, as
 * `npm start` takes them (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export async function redirectBench(root, { seconds = 10, only = '' } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pc-bench-clicks-'));
  const children = [];
  try {
    const locations = await publishCatalogue(dataDir);
    const { grpc: grpcPort, ops: opsPort, web: webPort, bare: barePort, clickOut: clickOutPort } = ports();
    const affiliatesAddress = `127.0.0.1:${grpcPort}`;
    ensureIdentityKeys(dataDir);
    children.push(
      await start(
        root,
        'services/affiliates/dist/main.js',
        {
          DATA_DIR: dataDir,
          GRPC_PORT: String(grpcPort),
          OPS_PORT: String(opsPort),
          AFFILIATES_HTTP_PORT: String(clickOutPort),
          LOG_LEVEL: 'warn',
          // Nothing on the click path calls them (the read models answer); unreachable on purpose.
          OFFERS_GRPC_ADDR: '127.0.0.1:9',
          ACCOUNTS_GRPC_ADDR: '127.0.0.1:9',
          ...identityEnv(dataDir, 'affiliates'),
        },
        [...SERVICE_NODE_FLAGS.affiliates, ...(process.env.SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean)],
      ),
    );
    await signAs(dataDir, 'ops');
    const affiliates = createServiceClient(AffiliatesServiceService, affiliatesAddress);
    const last = locations[locations.length - 1];
    for (const deadline = Date.now() + 60_000; ;) {
      const known = await affiliates
        .resolveClickOut({
          locationId: last,
          origin: 0,
          productId: '',
          country: 'CH',
          language: 'de',
          userId: '',
          visitorId: '',
          ip: '',
          userAgent: '',
          referrer: '',
          placement: '',
        })
        .catch(() => null);
      if (known) break;
      if (Date.now() > deadline) throw new Error('affiliates did not learn the offers from the log within a minute');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (!only) {
      children.push(
        await start(root, 'web/server.mjs', {
          PORT: String(webPort),
          ...identityEnv(dataDir, 'web'),
          HOST: '127.0.0.1',
          AFFILIATES_GRPC_ADDR: affiliatesAddress,
          LOG_LEVEL: 'warn',
          // Every request comes from this one address: the edge's per-address limits would answer
          // 429 and measure themselves, not the click-out.
          EDGE_RATE_PER_IP: '0',
          EDGE_WRITE_RATE_PER_IP: '0',
          EDGE_RATE_PER_SESSION: '0',
        }),
      );
      children.push(await start(root, 'scripts/bench/clicks/bare-redirect.mjs', { PORT: String(barePort) }));
    }

    // affiliates alone, over gRPC: what the click-out costs the service, without the site.
    const rpc = async (i) => {
      const answer = await affiliates.resolveClickOut({
        locationId: locations[i % locations.length],
        origin: 1,
        productId: '',
        country: 'CH',
        language: 'de',
        userId: '',
        visitorId: '',
        ip: `10.9.${(i >> 8) & 255}.${i & 255}`,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
        referrer: '/de-ch/products/p1',
        placement: 'offer',
      });
      return answer.counted;
    };
    let rpcCalls = 0;
    if (!only) {
      const rpcCpu = cpuMs(children[0].pid);
      const rpcEnd = performance.now() + seconds * 1000;
      const rpcStarted = performance.now();
      await Promise.all(
        Array.from({ length: 64 }, async () => {
          while (performance.now() < rpcEnd) await rpc(9_000_000 + rpcCalls++);
        }),
      );
      const rpcRate = rpcCalls / ((performance.now() - rpcStarted) / 1000);
      console.log(
        `  ${'affiliates ResolveClickOut over gRPC, 64 in flight'.padEnd(44)} ${fmt(rpcRate).padStart(6)} clicks/s   CPU ms per click: affiliates ${fmt((cpuMs(children[0].pid) - rpcCpu) / rpcCalls, 3)}`,
      );
    }

    const targets = [
      [
        'bare Fastify 302 (no lookup, no write)',
        (i) => `http://127.0.0.1:${barePort}/goto/${locations[i % locations.length]}`,
      ],
      [
        'affiliates GET /goto/{location}, click recorded',
        (i) => `http://127.0.0.1:${clickOutPort}/goto/${locations[i % locations.length]}?o=product&p=offer`,
      ],
      [
        'site GET /goto/{location}, click recorded',
        (i) => `http://127.0.0.1:${webPort}/goto/${locations[i % locations.length]}?o=product&p=offer`,
      ],
    ].filter(([label]) => !only || label.startsWith(only));
    let offset = 0;
    let recorded = 0;
    const line = (label, text) => console.log(`  ${label.padEnd(44)} ${text}`);
    console.log(
      `\n  redirect: ${fmt(OFFERS)} offer locations of ${SHOPS} shops; every request a new visitor (browser agent, own address)`,
    );
    const [affiliatesChild, siteChild, bareChild] = children;
    const cpuOf = Object.fromEntries(
      Object.entries({ affiliates: affiliatesChild, site: siteChild, bare: bareChild }).filter(([, child]) => child),
    );
    for (const [label, urlOf] of targets) {
      const warm = await closedLoop({ urlOf, connections: 16, seconds: 3, offset }); // warm-up: JIT, connections, caches
      offset += 1_000_000;
      const before = Object.fromEntries(Object.entries(cpuOf).map(([name, child]) => [name, cpuMs(child.pid)]));
      const flat = await closedLoop({ urlOf, connections: 64, seconds, offset });
      const per = (name) => (cpuMs(cpuOf[name].pid) - before[name]) / flat.requests;
      const cpu = label.startsWith('bare')
        ? `bare ${fmt(per('bare'), 3)}`
        : label.startsWith('site')
          ? `site ${fmt(per('site'), 3)} + affiliates ${fmt(per('affiliates'), 3)}`
          : `affiliates ${fmt(per('affiliates'), 3)}`;
      offset += 1_000_000;
      const paced = await openLoop({ urlOf, rate: 1_000, seconds, offset });
      offset += 1_000_000;
      line(
        `${label}, 64 connections flat out`,
        `${fmt(flat.perSecond).padStart(6)} redirects/s   CPU ms per redirect: ${cpu}   ${JSON.stringify(flat.statuses)}`,
      );
      line(
        `${label}, 1,000/s`,
        `p50 ${fmt(paced.p50, 1)} ms  p95 ${fmt(paced.p95, 1)} ms  p99 ${fmt(paced.p99, 1)} ms  (${fmt(paced.achieved)}/s achieved)   ${JSON.stringify(paced.statuses)}`,
      );
      if (!label.startsWith('bare'))
        recorded += (warm.statuses[302] ?? 0) + (flat.statuses[302] ?? 0) + (paced.statuses[302] ?? 0);
    }

    // Every redirect answered was a click stored before the answer: count them in the store.
    for (const child of children.splice(0)) await stop(child);
    const store = await openEmbeddedDocumentStore({ path: join(dataDir, 'affiliates', 'documents.sqlite') });
    const clicks = await (await store.collection({ name: 'clicks' })).count({ counted: true });
    await store.close();
    console.log(
      `  clicks in affiliates' store, counted: ${fmt(clicks)}; redirects answered with a recorded click: ${fmt(recorded)}, plus ${fmt(rpcCalls)} gRPC calls`,
    );
  } finally {
    for (const child of children) await stop(child);
    closeAllChannels();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
