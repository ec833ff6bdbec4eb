import { createHash } from 'node:crypto';

/** The longest URL the crawler keeps (longer ones are not product pages). */
export const MAX_URL_LENGTH = 2_048;

/** An absolute http(s) URL without its fragment, or null. */
export function crawlUrlOf(text: string, base?: string): URL | null {
  if (text.length > MAX_URL_LENGTH) return null;
  try {
    const url = new URL(text, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || url.hostname === '') return null;
    url.hash = '';
    return url.href.length > MAX_URL_LENGTH ? null : url;
  } catch {
    return null;
  }
}

/** The politeness and robots unit: host name and a non-default port, lower case ("shop.ch", "127.0.0.1:8701"). */
export const hostKeyOf = (url: URL): string => url.host.toLowerCase();

/** A host as staff type it ("Shop.ch", "127.0.0.1:8701"), normalised; null when it is not one. */
export function hostKeyFrom(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || /[/?#@\s]/.test(trimmed)) return null;
  try {
    return hostKeyOf(new URL(`http://${trimmed}`));
  } catch {
    return null;
  }
}

export const robotsUrlOf = (url: URL): string => `${url.protocol}//${url.host}/robots.txt`;

/** Document id of a URL: fixed length, whatever the URL's length. */
export const urlIdOf = (url: string): string => createHash('sha256').update(url).digest('base64url').slice(0, 32);

/** The host and path of a URL without its query: what a click-out URL and the crawled page share. */
export const pathKeyOf = (url: URL): string => `${hostKeyOf(url)}${url.pathname}`;
