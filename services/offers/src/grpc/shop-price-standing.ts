import {
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  UnauthenticatedError,
} from '@pc/kit/errors/domain-errors';
import type {
  GetShopPriceStandingRequest,
  GetShopPriceStandingResponse,
  ProductPriceGap,
} from '@pc/proto/offers/v1/offers';
import { countryCurrency } from '../domain/currency.js';
import { freshCutoff } from '../domain/freshness.js';
import type { FxRateBook } from '../domain/fx-rate-book.js';
import { UNKNOWN_TOTAL } from '../domain/offer-record.js';
import { firstOf, standingOf, type ComparableOffer, type StandingResult } from '../domain/price-standing.js';
import { isDeleted, type ShopRecord } from '../domain/shop-record.js';
import { offersOfProducts, shopOffersInCountry, type StandingOffer } from '../store/price-standing-reads.js';
import type { OffersDependencies } from './dependencies.js';
import { RequestChecks } from './request-fields.js';
import { decodeStandingToken, encodeStandingToken, isAfter, type StandingPosition } from './price-standing-token.js';

/** Products a page: a table by default, the CSV's pages at most. */
const STANDING_PAGE = { defaultSize: 50, maxSize: 1000 };
/** Products whose competing offers are read and compared together. */
const PRODUCTS_PER_ROUND = 1000;

/** A product the shop is not the cheapest of, before its page and shop names. */
interface Gap {
  readonly productId: string;
  readonly own: ComparableOffer;
  readonly cheapest: ComparableOffer;
  readonly result: StandingResult;
  readonly shopsCount: number;
}

/**
 * GetShopPriceStanding (ADR 144): where a shop's fresh listed offers stand against every other
 * shop's in one country, for its owner or an admin. Reads the shop's offers in batches, then the
 * offers of its products a batch of products at a time (never a read per product), compares them
 * as the product page does and keeps only the counts and the products it is not the cheapest of.
 */
export async function getShopPriceStanding(
  request: GetShopPriceStandingRequest,
  deps: OffersDependencies,
): Promise<GetShopPriceStandingResponse> {
  const checks = new RequestChecks();
  const shopId = checks.id('shop_id', request.shopId);
  const askedCountry = checks.country('country', request.country, { required: false });
  const pageSize = request.pageSize || STANDING_PAGE.defaultSize;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > STANDING_PAGE.maxSize)
    checks.add('page_size', `must be between 1 and ${STANDING_PAGE.maxSize}`, 'max');
  let after: StandingPosition | null = null;
  try {
    after = decodeStandingToken(request.pageToken);
  } catch {
    checks.add('page_token', 'is not a page token of this call', 'invalid');
  }
  checks.done();
  const actorUserId = request.actorUserId.trim();
  if (!actorUserId)
    throw new UnauthenticatedError("a shop's price standing is for its owner (actor_user_id) or an admin");
  const shop = await deps.shops.get(shopId);
  if (!shop || isDeleted(shop)) throw new NotFoundError('shop', shopId);
  if (!(await deps.actors.isPrivileged(actorUserId, shop)))
    throw new PermissionDeniedError("only the shop's owner or an admin may see where its prices stand");
  const countries = [...shop.countries].sort();
  const country = askedCountry || defaultCountry(shop);
  if (askedCountry && !shop.countries.includes(askedCountry))
    throw new InvalidArgumentError([
      { field: 'country', reason: `must be a country the shop sells in (${countries.join(', ')})`, rule: 'in' },
    ]);

  const now = deps.clock();
  const freshFrom = freshCutoff(now, deps.rules).toISOString();
  const currency = countryCurrency(country) ?? 'EUR';
  const comparable = comparableIn(await deps.fx.current(), currency, now);

  const { best: own, heldOnly } = await bestOwnOffers(deps, { shopId, country, freshFrom }, comparable);
  const counts = { cheapest: 0, within: 0, above: 0, not_compared: 0 };
  const gaps: Gap[] = [];
  const productIds = [...own.keys()];
  for (let i = 0; i < productIds.length; i += PRODUCTS_PER_ROUND) {
    const round = productIds.slice(i, i + PRODUCTS_PER_ROUND);
    const byProduct = groupByProduct(await offersOfProducts(deps.offers, { productIds: round, country, freshFrom }));
    for (const productId of round) {
      const ownBest = own.get(productId)!;
      const all = byProduct.get(productId) ?? [];
      // Another shop's held price is not its price on the site: it competes with nothing.
      const others = all
        .filter((offer) => offer.shopId !== shopId && !offer.held)
        .map(comparable)
        .filter(isComparable);
      const cheapest = firstOf(others);
      const result = standingOf(ownBest, cheapest);
      counts[result.standing] += 1;
      if (cheapest && (result.standing === 'within' || result.standing === 'above'))
        gaps.push({ productId, own: ownBest, cheapest, result, shopsCount: new Set(all.map((o) => o.shopId)).size });
    }
  }
  gaps.sort(byBiggestGap);
  const from = after ? gaps.findIndex((gap) => isAfter(positionOf(gap), after!)) : 0;
  const page = from < 0 ? [] : gaps.slice(from, from + pageSize);
  const last = page[page.length - 1];
  const more = from >= 0 && from + pageSize < gaps.length;
  return {
    country,
    currency,
    countries,
    cheapestCount: counts.cheapest,
    withinFivePercentCount: counts.within,
    aboveFivePercentCount: counts.above,
    notComparedCount: counts.not_compared,
    products: await toMessages(page, currency, deps),
    totalProducts: gaps.length,
    nextPageToken: more && last ? encodeStandingToken(positionOf(last)) : '',
    heldCount: heldOnly,
  };
}

/** Its address country when it sells there, else the first country it sells in. */
function defaultCountry(shop: ShopRecord): string {
  const home = shop.address?.country ?? '';
  if (home && shop.countries.includes(home)) return home;
  return [...shop.countries].sort()[0] ?? home;
}

/**
 * The shop's best offer of each product in the country (a shop may list one product twice), and
 * how many products it has only held prices of (compared with nothing, as the site counts none).
 */
async function bestOwnOffers(
  deps: OffersDependencies,
  query: { shopId: string; country: string; freshFrom: string },
  comparable: (offer: StandingOffer) => ComparableOffer | null,
): Promise<{ best: Map<string, ComparableOffer>; heldOnly: number }> {
  const best = new Map<string, ComparableOffer>();
  const heldProducts = new Set<string>();
  for await (const batch of shopOffersInCountry(deps.offers, query))
    for (const offer of batch) {
      if (offer.held) {
        heldProducts.add(offer.productId);
        continue;
      }
      const candidate = comparable(offer);
      if (!candidate) continue;
      const kept = best.get(offer.productId);
      if (!kept || firstOf([candidate, kept]) === candidate) best.set(offer.productId, candidate);
    }
  const heldOnly = [...heldProducts].filter((productId) => !best.has(productId)).length;
  return { best, heldOnly };
}

function groupByProduct(offers: readonly StandingOffer[]): Map<string, StandingOffer[]> {
  const groups = new Map<string, StandingOffer[]>();
  for (const offer of offers) {
    const group = groups.get(offer.productId);
    if (group) group.push(offer);
    else groups.set(offer.productId, [offer]);
  }
  return groups;
}

const isComparable = (offer: ComparableOffer | null): offer is ComparableOffer => offer !== null;

/**
 * An offer in the country's currency at the current rate; null without a rate (it cannot be
 * compared, as the price summaries leave it out).
 */
function comparableIn(book: FxRateBook, currency: string, now: Date) {
  const convert = (amountMinor: number, from: string): number | null =>
    from === currency
      ? amountMinor
      : (book.convert({ amountMinor, currency: from }, currency, now)?.money.amountMinor ?? null);
  return (offer: StandingOffer): ComparableOffer | null => {
    const priceMinor = convert(offer.price.amountMinor, offer.price.currency);
    const shippingStated = offer.totalSort !== UNKNOWN_TOTAL;
    const amountMinor = shippingStated ? convert(offer.totalSort, offer.price.currency) : priceMinor;
    if (priceMinor === null || amountMinor === null) return null;
    return {
      offerId: offer._id,
      shopId: offer.shopId,
      shippingStated,
      amountMinor,
      priceMinor,
      inStock: offer.inStock,
    };
  };
}

const positionOf = (gap: Gap): StandingPosition => ({ gapPercent: gap.result.gapPercent, productId: gap.productId });

/** The biggest gap in percent first, then by product id (stable pages). */
function byBiggestGap(a: Gap, b: Gap): number {
  return (
    b.result.gapPercent - a.result.gapPercent || (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0)
  );
}

async function toMessages(
  page: readonly Gap[],
  currency: string,
  deps: OffersDependencies,
): Promise<ProductPriceGap[]> {
  const shops = new Map(
    (await deps.shops.getMany(page.map((gap) => gap.cheapest.shopId))).map((shop) => [shop._id, shop.name]),
  );
  const money = (amountMinor: number) => ({ amountMinor, currency });
  return page.map((gap) => ({
    productId: gap.productId,
    offerId: gap.own.offerId,
    price: money(gap.own.amountMinor),
    lowestPrice: money(gap.cheapest.amountMinor),
    cheapestShopId: gap.cheapest.shopId,
    cheapestShopName: shops.get(gap.cheapest.shopId) ?? '',
    gap: money(gap.result.gapMinor),
    gapPercent: gap.result.gapPercent,
    shopsCount: gap.shopsCount,
    shippingStated: gap.own.shippingStated,
  }));
}
