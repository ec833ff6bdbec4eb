import { z } from 'zod';
import { ProductStatus, type Product } from '@pc/proto/catalog/v1/types';
import { requireApiUser } from '~/auth/api-user.server';
import { COMPARE_MAX } from '~/compare/compare-link';
import { comparePicks } from '~/services/accounts.server';
import { batchGetProducts } from '~/services/catalog.server';
import type { FieldError } from '~/services/grpc-errors.server';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';
import { apiLocale } from '../http/api-locale.server';
import { InvalidQueryError } from '../http/invalid-query.server';
import { localeParam } from '../http/params.server';
import { parseOrThrow, queryValues } from '../http/query.server';

const PRODUCT_ID = /^[A-Za-z0-9_-]{1,200}$/;
const query = z.object({ locale: localeParam });
const body = z.object({
  product_ids: z
    .array(z.string(), { error: 'must be a list of product ids' })
    .max(COMPARE_MAX, { error: `must name at most ${COMPARE_MAX} products` }),
  revision: z
    .number({ error: 'must be the revision the picks were read at' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .optional(),
});

const languageOf = (url: URL) => apiLocale(parseOrThrow(query, queryValues(url)).locale).language;

/** The picks as the tray shows them: id and name in the page's language; products catalog no longer shows are left out. */
async function pickedJson(ids: readonly string[], language: string): Promise<{ id: string; name: string }[]> {
  const products = new Map((await batchGetProducts(ids, language)).map((product) => [product.id, product]));
  return ids.flatMap((id) => {
    const product = products.get(id);
    return product ? [{ id, name: product.name }] : [];
  });
}

/** The id a pick is kept under: a product merged into another is the one it became (as the compare page reads it). */
const keptId = (product: Product): string =>
  product.status === ProductStatus.PRODUCT_STATUS_MERGED && product.mergedIntoProductId
    ? product.mergedIntoProductId
    : product.id;

/**
 * The ids of a new list, each a product the catalogue shows (else 400 on `product_ids[i]`, as the
 * service names them): the services that keep picks own no catalogue.
 */
async function knownIds(ids: readonly string[]): Promise<string[]> {
  const errors: FieldError[] = [];
  const trimmed = ids.map((id) => id.trim());
  trimmed.forEach((id, i) => {
    if (!PRODUCT_ID.test(id))
      errors.push({ field: `product_ids[${i}]`, reason: 'must be a product id', rule: 'regex' });
    else if (trimmed.indexOf(id) < i)
      errors.push({ field: `product_ids[${i}]`, reason: 'is picked already', rule: 'distinct' });
  });
  if (errors.length > 0) throw new InvalidQueryError(errors);
  const products = new Map((await batchGetProducts(trimmed, 'en')).map((product) => [product.id, product]));
  const kept: string[] = [];
  trimmed.forEach((id, i) => {
    const product = products.get(id);
    if (!product) errors.push({ field: `product_ids[${i}]`, reason: 'no such product', rule: 'exists' });
    else if (!kept.includes(keptId(product))) kept.push(keptId(product));
  });
  if (errors.length > 0) throw new InvalidQueryError(errors);
  return kept;
}

/** GET /api/compare-picks?locale=: the signed-in user's picks (visitors keep theirs in the browser). */
export async function getComparePicks({ request, url }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const language = languageOf(url);
  const { productIds, revision } = await comparePicks.get(user.id);
  return privateJson({ data: await pickedJson(productIds, language), revision });
}

/**
 * PUT /api/compare-picks { product_ids, revision? }: the whole list in the order picked, replacing
 * the kept one — with `revision`, only while the kept one is still of it (409 otherwise).
 */
export async function setComparePicks({ request, url }: ActionCall): Promise<Response> {
  const user = await requireApiUser(request);
  const language = languageOf(url);
  const { product_ids, revision: ifRevision } = await jsonBody(request, body);
  const { productIds, revision } = await comparePicks.set(user.id, await knownIds(product_ids), ifRevision);
  return privateJson({ data: await pickedJson(productIds, language), revision });
}
