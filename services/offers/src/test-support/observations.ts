import { randomUUID } from 'node:crypto';
import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { parseObservation, type Observation } from '../domain/observation.js';

/** A GTIN-14 from 13 digits, with its check digit. */
export function gtin14(body: string): string {
  const digits = body.padStart(13, '0');
  const sum = [...digits]
    .reverse()
    .reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

export interface ProductIdentity {
  readonly title: string;
  readonly brand: string;
  readonly gtin: string;
  readonly mpn: string;
}

export const HEADPHONES: ProductIdentity = {
  title: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones Black',
  brand: 'Sony',
  gtin: gtin14('4548736132610'),
  mpn: 'WH1000XM5B',
};
export const SPEAKER: ProductIdentity = {
  title: 'JBL Charge 5 Portable Bluetooth Speaker Blue',
  brand: 'JBL',
  gtin: gtin14('6925281982125'),
  mpn: 'JBLCHARGE5BLU',
};

/** An observation as the crawler emits it: a shop's item of a product at a price. */
export function observation(
  shopId: string,
  shopOfferId: string,
  product: ProductIdentity,
  amountMinor: number,
  overrides: Partial<OfferObserved> = {},
): Partial<OfferObserved> {
  return {
    observationId: randomUUID(),
    shopId,
    shopOfferId,
    url: `https://shop.example/${shopId}/${encodeURIComponent(shopOfferId)}`,
    title: product.title,
    brand: product.brand,
    gtin: product.gtin,
    mpn: product.mpn,
    price: { amountMinor, currency: 'CHF' },
    availability: Availability.AVAILABILITY_IN_STOCK,
    condition: Condition.CONDITION_NEW,
    country: 'CH',
    language: 'en',
    imageUrls: [`https://shop.example/${shopId}/${encodeURIComponent(shopOfferId)}.jpg`],
    ...overrides,
  };
}

/** A directory listing (staff, no owner) of a shop selling to `countries`. */
export function directoryShop(
  name: string,
  domain: string,
  countries: string[],
  actorUserId: string,
): RegisterShopRequest {
  return RegisterShopRequest.fromPartial({
    actorUserId,
    name,
    homepageUrl: `https://www.${domain}/`,
    countries,
    directoryListing: true,
  });
}

/** A parsed observation for domain tests: shop sh_1's item A, "Phone" by Acme, CHF 100.00 in stock in CH. */
export function parsedObservation(
  observedAt: Date,
  overrides: Partial<OfferObserved> = {},
  now = observedAt,
): Observation {
  const parsed = parseObservation(
    OfferObserved.fromPartial({
      shopId: 'sh_1',
      shopOfferId: 'A',
      url: 'https://shop.example/a',
      title: 'Phone',
      brand: 'Acme',
      price: { amountMinor: 10_000, currency: 'CHF' },
      availability: Availability.AVAILABILITY_IN_STOCK,
      country: 'CH',
      observedAt,
      ...overrides,
    }),
    now,
  );
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.observation;
}
