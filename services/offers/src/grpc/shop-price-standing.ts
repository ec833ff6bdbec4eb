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
import { isDeleted, type ShopRecord } from '../domain/shop-record.js';
import { computeStanding, type StandingGap } from '../workflows/price-standing-compute.js';
import type { OffersDependencies } from './dependencies.js';
import { RequestChecks } from './request-fields.js';
import {
  decodeStandingToken,
  encodeStandingToken,
  isAfter,
  type StandingPosition,
  type StandingToken,
} from './price-standing-token.js';

/** Products a page: a table by default, the CSV's pages at most. */
const STANDING_PAGE = { defaultSize: 50, maxSize: 1000 };

/**
 * GetShopPriceStanding (ADR 144): where a shop's fresh listed offers stand against every other
 * shop's in one country, for its owner or an admin. The first page computes the standing
 * (workflows/price-standing-compute.ts); the pages after it read that computation while this
 * replica keeps it (workflows/price-standing-snapshots.ts), else a new one from the token's place.
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
  let after: StandingToken | null = null;
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
  const kept = after?.snapshotId ? deps.standings.find(after.snapshotId, shopId, country, now) : undefined;
  const snapshot =
    kept ??
    (await computeStanding(
      { offers: deps.offers, rules: deps.rules, rates: () => deps.fx.current() },
      { shopId, country, now },
    ));
  if (!kept) deps.standings.keep(snapshot);
  const { gaps, counts, currency } = snapshot;
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
    nextPageToken: more && last ? encodeStandingToken({ ...positionOf(last), snapshotId: snapshot.id }) : '',
    heldCount: snapshot.heldOnly,
    computedAt: snapshot.computedAt,
  };
}

/** Its address country when it sells there, else the first country it sells in. */
function defaultCountry(shop: ShopRecord): string {
  const home = shop.address?.country ?? '';
  if (home && shop.countries.includes(home)) return home;
  return [...shop.countries].sort()[0] ?? home;
}

const positionOf = (gap: StandingGap): StandingPosition => ({
  gapPercent: gap.result.gapPercent,
  productId: gap.productId,
});

async function toMessages(
  page: readonly StandingGap[],
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
