import type { Http2Session } from 'node:http2';

/**
 * Pings the peer every `timeMs`. A peer that does not answer within `timeoutMs` is gone (host
 * died, network partition): the session is destroyed, so its calls fail now instead of at their
 * deadlines and the next call opens a new connection. One timer per connection, none per call.
 */
export function keepSessionAlive(session: Http2Session, timeMs: number, timeoutMs: number): void {
  if (!(timeMs > 0 && Number.isFinite(timeMs))) return;
  const interval = setInterval(() => {
    if (session.destroyed) return;
    const timeout = setTimeout(() => session.destroy(new Error('keepalive ping not answered')), timeoutMs);
    timeout.unref();
    const sent = session.ping(() => clearTimeout(timeout));
    if (!sent) clearTimeout(timeout);
  }, timeMs);
  interval.unref();
  session.once('close', () => clearInterval(interval));
}
