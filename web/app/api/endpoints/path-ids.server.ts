import { InvalidQueryError } from '../http/invalid-query.server';

/** The marker between a product's slug and its id in URLs (spec §2.2). */
const PRODUCT_MARKER = '-p';
const ID = /^[A-Za-z0-9_-]{1,128}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The product id of a URL segment: "sony-wh-1000xm5-p8f3k2" → "8f3k2". Only the part after the
 * last marker is the id; a segment without a marker is the id itself.
 */
export function productIdOf(segment: string | undefined): string {
  const raw = segment ?? '';
  const at = raw.lastIndexOf(PRODUCT_MARKER);
  const id = at === -1 ? raw : raw.slice(at + PRODUCT_MARKER.length);
  if (!ID.test(id)) {
    throw new InvalidQueryError([
      { field: 'id', reason: 'must end in a product id (letters, digits, _ and -, at most 128)', rule: 'regex' },
    ]);
  }
  return id;
}

/** A shop or category id from the path. */
export function entityIdOf(segment: string | undefined): string {
  const id = segment ?? '';
  if (!ID.test(id))
    throw new InvalidQueryError([
      { field: 'id', reason: 'must be letters, digits, _ and - (at most 128)', rule: 'regex' },
    ]);
  return id;
}

/** A brand slug from the path: lower case ASCII words joined by dashes. */
export function slugOf(segment: string | undefined): string {
  const slug = segment ?? '';
  if (slug.length > 128 || !SLUG.test(slug)) {
    throw new InvalidQueryError([
      { field: 'slug', reason: 'must be lower case letters and digits joined by dashes', rule: 'regex' },
    ]);
  }
  return slug;
}
