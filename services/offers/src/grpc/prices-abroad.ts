import type { GetPricesAbroadRequest, GetPricesAbroadResponse } from '@pc/proto/offers/v1/offers';
import type { CountryPrice, ShopRef } from '@pc/proto/offers/v1/types';
import { FailedPreconditionError, InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { countryCurrency } from '../domain/currency.js';
import type { MoneyRecord } from '../domain/money.js';
import { toShopRef } from '../domain/shop-message.js';
import { currentFigures } from '../workflows/current-prices.js';
import type { OffersDependencies } from './dependencies.js';
import { toFxRateMessage } from './display.js';
import { LandedPrices } from './landed-prices.js';
import { RequestChecks } from './request-fields.js';

interface CountryLow {
  readonly country: string;
  readonly lowest: MoneyRecord;
  readonly offersCount: number;
  readonly cheapestOfferId: string;
}

/**
 * GetPricesAbroad: the lowest listed offer per country, each also converted into the visitor's
 * currency at the latest stored rate (integer arithmetic, half-up), cheapest converted first.
 * The visitor's own country is the `home` row and the base of each difference.
 */
export async function getPricesAbroad(
  request: GetPricesAbroadRequest,
  deps: OffersDependencies,
): Promise<GetPricesAbroadResponse> {
  const checks = new RequestChecks();
  const productId = checks.id('product_id', request.productId);
  const home = checks.country('home_country', request.homeCountry, { required: true });
  const requested = request.countries.map((country, index) =>
    checks.country(`countries[${index}]`, country, { required: true }),
  );
  let displayCurrency = checks.currency('display_currency', request.displayCurrency);
  checks.done();
  displayCurrency ||= countryCurrency(home) ?? '';
  if (!displayCurrency)
    throw new InvalidArgumentError([
      { field: 'display_currency', reason: `is required: ${home} has no known currency`, rule: 'required' },
    ]);

  const now = deps.clock();
  const [active, book] = await Promise.all([deps.offers.activeOfProduct(productId, null), deps.fx.current()]);
  const wanted = requested.length > 0 ? new Set([...requested, home]) : null;
  const lows: CountryLow[] = [];
  for (const country of new Set(active.map((offer) => offer.country))) {
    if (wanted && !wanted.has(country)) continue;
    const figures = currentFigures(active, country, now, deps.rules, book);
    if (figures.lowestMinor === null) continue;
    lows.push({
      country,
      lowest: { amountMinor: figures.lowestMinor, currency: figures.currency },
      offersCount: figures.offersCount,
      cheapestOfferId: figures.cheapestOfferId,
    });
  }
  const landed = new LandedPrices(book, displayCurrency, home, now, deps.rules);
  const landedChoices = new Map(
    lows.filter((low) => low.country !== home).map((low) => [low.country, landed.cheapestIn(low.country, active)]),
  );
  const homeTotal = landed.homeTotal(active);
  const cheapest = new Map(
    (await deps.offers.getMany(lows.map((low) => low.cheapestOfferId))).map((offer) => [offer._id, offer]),
  );
  const shopIds = [
    ...cheapest.values(),
    ...[...landedChoices.values()].flatMap((choice) => (choice ? [choice.offer] : [])),
  ].map((offer) => offer.shopId);
  const shops = new Map((await deps.shops.getMany([...new Set(shopIds)])).map((shop) => [shop._id, shop]));
  const shopById = (shopId: string): ShopRef | undefined => {
    const shop = shops.get(shopId);
    return shop ? toShopRef(shop) : undefined;
  };
  const shopOf = (offerId: string): ShopRef | undefined => shopById(cheapest.get(offerId)?.shopId ?? '');

  const rows = lows.map((low) => {
    const converted = book.convert(low.lowest, displayCurrency, now);
    if (!converted) {
      throw new FailedPreconditionError(`no FX rate from ${low.lowest.currency} to ${displayCurrency}`, {
        reason: 'FX_RATE_MISSING',
      });
    }
    return { low, converted };
  });
  const homeRow = rows.find((row) => row.low.country === home);
  const landedOf = (country: string) => {
    const choice = landedChoices.get(country);
    return choice ? landed.message(choice, shopById(choice.offer.shopId), homeTotal) : undefined;
  };
  const toMessage = ({ low, converted }: (typeof rows)[number]): CountryPrice => {
    const difference =
      homeRow && low.country !== home ? converted.money.amountMinor - homeRow.converted.money.amountMinor : null;
    return {
      country: low.country,
      lowestPrice: { ...low.lowest },
      convertedPrice: { ...converted.money },
      fxRate: converted.rate ? toFxRateMessage(converted.rate) : undefined,
      difference: difference === null ? undefined : { amountMinor: difference, currency: displayCurrency },
      differencePercent:
        difference === null || !homeRow
          ? 0
          : Math.round((difference * 10_000) / homeRow.converted.money.amountMinor) / 100,
      offersCount: low.offersCount,
      cheapestOfferId: low.cheapestOfferId,
      cheapestShop: shopOf(low.cheapestOfferId),
      landed: landedOf(low.country),
    };
  };
  return {
    home: homeRow ? toMessage(homeRow) : undefined,
    abroad: rows
      .filter((row) => row.low.country !== home)
      .sort(
        (a, b) =>
          a.converted.money.amountMinor - b.converted.money.amountMinor || a.low.country.localeCompare(b.low.country),
      )
      .map(toMessage),
  };
}
