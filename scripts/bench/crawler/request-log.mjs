// What the demo shops' own request log says about a crawl between two moments: requests and
// product pages per minute, hosts reached, arrivals closer than a second on one host, requests
// in flight at once on one host, 429/503 answers. The crawler's own counters are not trusted.

/** robots.txt, sitemaps and feeds: fetched by a crawler, but no page of the shop. */
const NOT_A_PAGE = /\.(txt|xml|csv|tsv)$/;

/** Per host entries (time, path, status) of the window, from the admin address. */
async function entriesOf(demo, manifest, since) {
  return Promise.all(
    manifest.shops.map(async (shop) => {
      const response = await fetch(`${demo.adminUrl}/__admin/requests/${new URL(shop.baseUrl).host}?since=${since}`);
      return response.ok ? (await response.json()).requests : [];
    }),
  );
}

export async function crawlReport(demo, manifest, { runStart, windowStart, windowEnd }) {
  const whole = await demo.requests(runStart, 1000);
  const sinceStart = await entriesOf(demo, manifest, runStart);
  const perHost = sinceStart.map((entries) => entries.filter((entry) => entry.t >= windowStart));
  const minutes = (windowEnd - windowStart) / 60_000;
  let requests = 0;
  let productPages = 0;
  let htmlPages = 0;
  let hosts = 0;
  const plainGaps = [];
  perHost.forEach((entries, index) => {
    const inWindow = entries.filter((entry) => entry.t < windowEnd);
    requests += inWindow.length;
    productPages += inWindow.filter((entry) => entry.status === 200 && /\/p\//.test(entry.path)).length;
    // Pages a visitor could open: everything answered 200 but robots.txt, sitemaps and feeds.
    htmlPages += inWindow.filter((entry) => entry.status === 200 && !NOT_A_PAGE.test(entry.path.split('?')[0])).length;
    if (inWindow.length > 0) hosts += 1;
    // Shops without Crawl-delay, slow pages or throttling: how close to one a second they were asked.
    const shop = manifest.shops[index];
    const plain =
      shop.crawlDelaySeconds === 0 &&
      shop.misbehaviour.slowMs === 0 &&
      shop.misbehaviour.minIntervalMs === 0 &&
      !shop.misbehaviour.burst503;
    if (plain) for (let i = 1; i < inWindow.length; i += 1) plainGaps.push(inWindow[i].t - inWindow[i - 1].t);
  });
  plainGaps.sort((a, b) => a - b);
  const throttled = whole.hosts.reduce(
    (sum, host) => sum + (host.byStatus['429'] ?? 0) + (host.byStatus['503'] ?? 0),
    0,
  );
  return {
    hosts,
    requestsPerMinute: requests / minutes,
    productPagesPerMinute: productPages / minutes,
    htmlPagesPerMinute: htmlPages / minutes,
    overRate: whole.totals.overRate,
    maxInFlight: whole.totals.maxInFlight,
    throttled,
    requestsWhole: whole.totals.requests,
    medianGapMs: plainGaps[Math.floor(plainGaps.length / 2)] ?? null,
    hostClasses: hostClasses(manifest, sinceStart, { windowStart, windowEnd }),
  };
}

/** What keeps a shop from being asked once a second, as its site profile says (one class per shop, the first that applies). */
function classOf(shop) {
  if (shop.robots === 'server-error') return 'robots.txt 503 10 min an hour';
  if (shop.crawlDelaySeconds > 0) return 'Crawl-delay 2–5 s';
  if (shop.misbehaviour.burst503) return '503 bursts';
  if (shop.misbehaviour.minIntervalMs > 0) return '429 under 2 s';
  if (shop.misbehaviour.slowMs > 0) return 'slow pages';
  return 'well-behaved';
}

/**
 * Per class of shop: how many, how many were asked in the window, how many had nothing left to
 * ask before it ended (no request in its last 10 s though asked before: site crawled, revisits
 * hours away), requests a minute per shop asked, and the share of the window its shops were busy
 * (requests × the gap politeness asks for them, over the window).
 */
function hostClasses(manifest, sinceStart, { windowStart, windowEnd }) {
  const classes = {};
  const minutes = (windowEnd - windowStart) / 60_000;
  manifest.shops.forEach((shop, index) => {
    const name = classOf(shop);
    const row = (classes[name] ??= { shops: 0, asked: 0, ranOut: 0, neverAsked: 0, requests: 0, busyMs: 0 });
    const entries = sinceStart[index].filter((entry) => entry.t < windowEnd);
    const inWindow = entries.filter((entry) => entry.t >= windowStart);
    row.shops += 1;
    if (entries.length === 0) row.neverAsked += 1;
    if (inWindow.length > 0) row.asked += 1;
    if (entries.length > 0 && entries.at(-1).t < windowEnd - 10_000) row.ranOut += 1;
    row.requests += inWindow.length;
    row.busyMs += inWindow.length * (Math.max(1, shop.crawlDelaySeconds) * 1000 + shop.misbehaviour.slowMs);
  });
  for (const row of Object.values(classes)) {
    row.perShopPerMinute = row.asked ? row.requests / row.asked / minutes : 0;
    row.busyShare = row.shops ? row.busyMs / (row.shops * (windowEnd - windowStart)) : 0;
    delete row.busyMs;
  }
  return classes;
}
