// `/metrics` of several site processes on one port (ADR 092): the primary serves them all, each
// series labelled with the process it comes from (`site_process`), every metric once with all of
// their series — as a scrape of one process would show it.
const COLLECT = 'site-metrics:collect';
const COLLECTED = 'site-metrics:collected';

/** Answers the primary's scrapes with what `prometheus` (this process's reader) collected. */
export function answerMetricScrapes(channel, prometheus) {
  channel.on('message', async (message) => {
    if (message?.type !== COLLECT) return;
    // A reader that cannot collect (shut down while the process stops) leaves this process out of
    // the scrape (the primary's wait ends), rather than failing the process.
    const collected = await prometheus.collect().catch(() => null);
    if (collected && channel.connected)
      channel.send({ type: COLLECTED, id: message.id, scopeMetrics: collected.resourceMetrics.scopeMetrics });
  });
}

/**
 * The metrics of several processes as one scope list: `collected` is [{ slot, scopeMetrics }];
 * a metric several processes have is one metric with the series of each.
 */
export function mergeProcessMetrics(collected) {
  const scopes = new Map();
  for (const { slot, scopeMetrics } of collected) {
    for (const { scope, metrics } of scopeMetrics) {
      const scopeId = `${scope.name}@${scope.version ?? ''}`;
      if (!scopes.has(scopeId)) scopes.set(scopeId, { scope, metrics: new Map() });
      const merged = scopes.get(scopeId).metrics;
      for (const metric of metrics) {
        const dataPoints = metric.dataPoints.map((point) => ({
          ...point,
          attributes: { ...point.attributes, site_process: String(slot) },
        }));
        const known = merged.get(metric.descriptor.name);
        if (known) known.dataPoints.push(...dataPoints);
        else merged.set(metric.descriptor.name, { ...metric, dataPoints });
      }
    }
  }
  return [...scopes.values()].map(({ scope, metrics }) => ({ scope, metrics: [...metrics.values()] }));
}

/**
 * An OpenTelemetry MetricProducer asking each site process (`processes()`: [{ slot, channel }])
 * for its metrics; one that does not answer within `timeoutMs` is left out of that scrape.
 */
export function siteProcessMetrics(processes, { timeoutMs = 2_000 } = {}) {
  let next = 0;
  const ask = ({ slot, channel }) =>
    new Promise((resolve) => {
      next += 1;
      const id = next;
      const done = (answer) => {
        clearTimeout(timer);
        channel.off('message', onMessage);
        resolve(answer);
      };
      const onMessage = (message) => {
        if (message?.type === COLLECTED && message.id === id) done({ slot, scopeMetrics: message.scopeMetrics });
      };
      const timer = setTimeout(() => done(null), timeoutMs);
      channel.on('message', onMessage);
      try {
        channel.send({ type: COLLECT, id });
      } catch {
        done(null);
      }
    });
  return {
    async collect() {
      const answers = await Promise.all(processes().map(ask));
      return {
        resourceMetrics: { resource: undefined, scopeMetrics: mergeProcessMetrics(answers.filter(Boolean)) },
        errors: [],
      };
    },
  };
}
