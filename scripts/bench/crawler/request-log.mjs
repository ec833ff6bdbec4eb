// What the demo shops' own request log says about a crawl between two moments: requests and
// product pages per minute, hosts reached, arrivals closer than a second on one host, requests
// in flight at once on one host, 429/503 answers. The crawler's own counters are not trusted.

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
  const perHost = await entriesOf(demo, manifest, windowStart);
  const minutes = (windowEnd - windowStart) / 60_000;
  let requests = 0;
  let productPages = 0;
  let hosts = 0;
  const plainGaps = [];
  perHost.forEach((entries, index) => {
    const inWindow = entries.filter((entry) => entry.t < windowEnd);
    requests += inWindow.length;
    productPages += inWindow.filter((entry) => entry.status === 200 && /\/p\//.test(entry.path)).length;
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
    overRate: whole.totals.overRate,
    maxInFlight: whole.totals.maxInFlight,
    throttled,
    requestsWhole: whole.totals.requests,
    medianGapMs: plainGaps[Math.floor(plainGaps.length / 2)] ?? null,
  };
}
