import { RpcError } from '@pc/kit/errors/grpc-errors';
import type { ApiLocale } from '~/api/http/api-locale.server';
import { offers } from '~/services/offers.server';
import type { SiteContext } from '~/site/site-context.server';
import { productPageParts } from './product-page-parts.server';
import { apiLocaleOf } from './site-locale.server';

const DAY_MS = 86_400_000;

/** A favourite as accounts answers it: the product and when it was saved. */
export interface SavedItem {
  readonly productId: string;
  readonly addedAt?: Date;
}

/**
 * How a favourite's price moved since it was saved (ADR 143): the lowest price in the visitor's
 * country on the saved day, that day, and the change to the card's current price in minor units
 * (negative: cheaper now) and in percent (one decimal).
 */
export interface SavedPriceView {
  readonly price: { readonly amount: number; readonly currency: string };
  /** 00:00 UTC of the saved day. */
  readonly day: string;
  readonly change: number;
  readonly percent: number;
}

/** A product's current lowest price in the visitor's country (a card's, or the API's price lookup). */
export interface CurrentPrice {
  readonly id: string;
  readonly price: { readonly amount: number; readonly currency: string } | null;
}

/** A saved day's low as offers answered it; null: no price that day. `known` false: offers failed. */
interface SavedLow {
  readonly known: boolean;
  readonly low: { readonly amount: number; readonly currency: string } | null;
}

const dayOf = (at: Date): number => Math.floor(at.getTime() / DAY_MS) * DAY_MS;

/**
 * Each saved item's low on its saved day, from offers' price history (never from the browser), in
 * one GetLowestPricesOn call for the lows not kept. A past day's low is kept in the page parts
 * until an event names the product (a merge or split moves history; nothing else changes a
 * finished day); today's low moves with every offer and rate, so it lives the plain maximum age.
 * When offers fails the items show no comparison and nothing is kept.
 */
export async function savedDayLows(
  context: SiteContext,
  items: readonly SavedItem[],
  now = new Date(),
): Promise<Map<string, SavedLow>> {
  return savedDayLowsIn(apiLocaleOf(context), items, now);
}

/** `savedDayLows` in an API call's country and currency (the JSON API's favourites answers). */
export async function savedDayLowsIn(
  locale: Pick<ApiLocale, 'country' | 'currency'>,
  items: readonly SavedItem[],
  now = new Date(),
): Promise<Map<string, SavedLow>> {
  const today = dayOf(now);
  const read = lowsReader(locale.country, locale.currency);
  const asked = items.flatMap((item) =>
    item.addedAt ? [{ productId: item.productId, day: dayOf(item.addedAt) }] : [],
  );
  const answers = await Promise.all(
    asked.map(({ productId, day }) =>
      productPageParts.read(
        `saved-low|${productId}|${day}|${locale.country}|${locale.currency}`,
        () => read(productId, day),
        (answer) => (answer.known ? [`product:${productId}`] : null),
        { evented: day < today },
      ),
    ),
  );
  return new Map(asked.map(({ productId }, index) => [productId, answers[index] as SavedLow]));
}

/**
 * Reads lows asked within one turn of the event loop in one call (the parts ask per item, each
 * only for what it does not keep).
 */
function lowsReader(country: string, currency: string): (productId: string, day: number) => Promise<SavedLow> {
  let waiting: {
    productId: string;
    day: number;
    answer: (low: SavedLow) => void;
    fail: (error: unknown) => void;
  }[] = [];
  const flush = async () => {
    const batch = waiting;
    waiting = [];
    let found: Map<string, SavedLow['low']> | null = null;
    try {
      const { prices } = await offers.getLowestPricesOn({
        items: batch.map(({ productId, day }) => ({ productId, day: new Date(day) })),
        country,
        displayCurrency: currency,
      });
      found = new Map(
        prices.flatMap((price) =>
          price.lowestPrice && price.day
            ? [
                [
                  `${price.productId}|${price.day.getTime()}`,
                  { amount: price.lowestPrice.amountMinor, currency: price.lowestPrice.currency },
                ],
              ]
            : [],
        ),
      );
    } catch (error) {
      if (!(error instanceof RpcError)) {
        for (const { fail } of batch) fail(error);
        return;
      }
    }
    for (const { productId, day, answer } of batch)
      answer(found ? { known: true, low: found.get(`${productId}|${day}`) ?? null } : { known: false, low: null });
  };
  return (productId, day) =>
    new Promise<SavedLow>((answer, fail) => {
      waiting.push({ productId, day, answer, fail });
      if (waiting.length === 1) queueMicrotask(() => void flush());
    });
}

/**
 * The comparison of each card with its saved day's low: only for a card with a current price in
 * the same currency, a known low, and a change (nothing when unchanged or unknown).
 */
export function savedPriceViews(
  cards: readonly CurrentPrice[],
  lows: ReadonlyMap<string, SavedLow>,
  items: readonly SavedItem[],
): Record<string, SavedPriceView> {
  const days = new Map(items.flatMap((item) => (item.addedAt ? [[item.productId, dayOf(item.addedAt)]] : [])));
  const views: Record<string, SavedPriceView> = {};
  for (const card of cards) {
    const low = lows.get(card.id)?.low;
    const day = days.get(card.id);
    if (!low || day === undefined || !card.price || card.price.currency !== low.currency || low.amount <= 0) continue;
    const change = card.price.amount - low.amount;
    if (change === 0) continue;
    views[card.id] = {
      price: low,
      day: new Date(day).toISOString(),
      change,
      percent: Math.round((change / low.amount) * 1000) / 10,
    };
  }
  return views;
}
