import { checkAddress, ipLiteralOf } from './address-check.js';
import { FetchRefusedError } from './errors.js';
import { isPortAllowed, type FetchPolicy } from './fetch-policy.js';

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };
const MAX_URL_LENGTH = 8_192;

/**
 * Checks a URL before anything is sent to it: absolute http(s), no credentials, a port of the
 * allow-list, and — when the host is an IP literal, which no DNS lookup will see — an allowed
 * address. Host names are checked when they resolve (pinned-lookup.ts). Returns the parsed URL.
 */
export function checkUrl(input: string | URL, policy: FetchPolicy, base?: string | URL): URL {
  const text = String(input);
  let url: URL;
  try {
    if (text.length > MAX_URL_LENGTH) throw new Error('too long');
    url = new URL(text, base);
  } catch {
    throw new FetchRefusedError(
      'invalid_url',
      `not an absolute URL: ${JSON.stringify(text.slice(0, 200))}`,
      text.slice(0, 200),
    );
  }
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (defaultPort === undefined)
    throw new FetchRefusedError('scheme', `only http and https are fetched, not ${url.protocol}`, url.href);
  if (url.username !== '' || url.password !== '') {
    throw new FetchRefusedError('credentials', 'URLs with a user name or password are not fetched', url.href);
  }
  if (url.hostname === '') throw new FetchRefusedError('invalid_url', 'the URL has no host', url.href);
  const port = url.port === '' ? defaultPort : Number(url.port);
  if (!isPortAllowed(policy, port))
    throw new FetchRefusedError('port', `port ${port} is not allowed (80 and 443 only, unless configured)`, url.href);
  const literal = ipLiteralOf(url.hostname);
  if (literal !== null) {
    const verdict = checkAddress(literal, policy);
    if (!verdict.allowed) throw new FetchRefusedError('address', verdict.reason, url.href);
  }
  return url;
}
