/** One service's state as its ops server tells it (`/healthz`: the process lives; `/readyz`: it can serve). */
export interface ServiceHealth {
  readonly service: string;
  readonly url: string;
  readonly live: boolean;
  /** `ready`, `not_ready`, `shutting_down`, or `unreachable` when the ops server did not answer. */
  readonly readiness: string;
  /** Each dependency's check (`documents: ok`, `bus: failing`). */
  readonly checks: Readonly<Record<string, string>>;
}

/** "catalog=http://127.0.0.1:9101,offers=…" (OPS_URLS) as service → URL, in the order given. */
export function parseOpsUrls(value: string): { service: string; url: string }[] {
  return value
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .flatMap((pair) => {
      const at = pair.indexOf('=');
      const service = pair.slice(0, at).trim();
      const url = pair
        .slice(at + 1)
        .trim()
        .replace(/\/+$/, '');
      return at > 0 && /^https?:\/\//.test(url) ? [{ service, url }] : [];
    });
}

/** Reads one ops server (configured by the operator, not by a user); one that does not answer within `timeoutMs` is unreachable. */
export async function readServiceHealth(service: string, url: string, timeoutMs: number): Promise<ServiceHealth> {
  const get = (path: string) => fetch(`${url}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
  const [live, ready] = await Promise.allSettled([get('/healthz'), get('/readyz')]);
  let readiness = 'unreachable';
  let checks: Record<string, string> = {};
  if (ready.status === 'fulfilled') {
    const body = (await ready.value.json().catch(() => ({}))) as { status?: unknown; checks?: unknown };
    readiness = typeof body.status === 'string' ? body.status : ready.value.ok ? 'ready' : 'not_ready';
    if (body.checks && typeof body.checks === 'object')
      checks = Object.fromEntries(Object.entries(body.checks).map(([name, state]) => [name, String(state)]));
  }
  return { service, url, live: live.status === 'fulfilled' && live.value.ok, readiness, checks };
}
