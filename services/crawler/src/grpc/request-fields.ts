import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { FetchRefusedError } from '@pc/safe-fetch/errors';
import { crawlUrlOf, hostKeyFrom } from '../domain/crawl-url.js';

/** An http(s) URL field, or INVALID_ARGUMENT naming it. */
export function urlField(field: string, value: string): URL {
  const url = crawlUrlOf(value.trim());
  if (!url)
    throw new InvalidArgumentError([
      {
        field,
        reason: 'must be an absolute http(s) URL of at most 2048 characters, without user or password',
        rule: 'url',
      },
    ]);
  return url;
}

/** An http(s) URL the fetch guard lets the crawler fetch (`check`), or INVALID_ARGUMENT naming the field. */
export function fetchableUrlField(field: string, value: string, check: (url: URL) => void): URL {
  const url = urlField(field, value);
  try {
    check(url);
  } catch (error) {
    if (error instanceof FetchRefusedError)
      throw new InvalidArgumentError([
        { field, reason: `the crawler may not fetch it: ${error.message}`, rule: 'url' },
      ]);
    throw error;
  }
  return url;
}

/** A host field ("shop.ch", "127.0.0.1:8701", or a URL whose host is meant), or INVALID_ARGUMENT. */
export function hostField(field: string, value: string): string {
  const text = value.trim();
  const fromUrl = /^https?:\/\//i.test(text) ? crawlUrlOf(text) : null;
  const host = fromUrl ? fromUrl.host.toLowerCase() : hostKeyFrom(text);
  if (!host)
    throw new InvalidArgumentError([
      { field, reason: 'must be a host name such as "www.example-shop.ch", optionally with a port', rule: 'regex' },
    ]);
  return host;
}

/** 0..10, or INVALID_ARGUMENT. */
export function priorityField(field: string, value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > 10)
    throw new InvalidArgumentError([
      { field, reason: 'must be between 0 and 10', rule: 'between', params: { min: '0', max: '10' } },
    ]);
  return value;
}
