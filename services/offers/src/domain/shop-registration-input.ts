import { FeedFormat, FeedStatus, type ShopStatus } from '@pc/proto/offers/v1/types';
import type { RegisterShopRequest } from '@pc/proto/offers/v1/offers';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { enumValues } from '../grpc/request-fields.js';
import { countryCurrency } from './currency.js';
import { ShopInputChecks } from './shop-input.js';
import type { AddressRecord, FeedRecord, ShopRecord } from './shop-record.js';

/** A checked registration: what RegisterShop (and the shop import) may write. */
export interface ShopRegistration {
  readonly name: string;
  readonly homepage: { readonly url: string; readonly domain: string };
  readonly company: string;
  readonly commercialRegisterNumber: string;
  readonly address: AddressRecord;
  readonly phone: string;
  readonly email: string;
  /** The countries it sells to: the given ones, else the address country. */
  readonly countries: readonly string[];
  readonly feedUrl: string;
  readonly feedFormat: FeedFormat;
}

/**
 * RegisterShop's field rules (spec §5): a business registration needs company, address, e-mail
 * and the accepted terms; a directory listing (staff) only name, homepage and where it sells.
 * INVALID_ARGUMENT with every bad field.
 */
export function readShopRegistration(request: RegisterShopRequest, business: boolean): ShopRegistration {
  const checks = new ShopInputChecks();
  const name = checks.text('name', request.name, { required: true, max: 120 });
  const homepage = checks.homepage('homepage_url', request.homepageUrl, true);
  const company = checks.text('company', request.company, { required: business, max: 200 });
  const commercialRegisterNumber = checks.text('commercial_register_number', request.commercialRegisterNumber, {
    max: 64,
  });
  const address = checks.address('address', request.address, business);
  const phone = checks.phone('phone', request.phone, address.country);
  const email = checks.email('email', request.email, business);
  const countries = checks.countries('countries', request.countries);
  if (countries.length === 0 && !address.country)
    checks.violations.push({
      field: 'countries',
      reason: 'give the countries the shop sells to or its address country',
      rule: 'required',
    });
  const feedUrl = checks.homepage('feed_url', request.feedUrl, false);
  if (!enumValues(FeedFormat).includes(request.feedFormat))
    checks.violations.push({ field: 'feed_format', reason: 'unknown format', rule: 'in' });
  if (business && !request.termsAccepted)
    checks.violations.push({
      field: 'terms_accepted',
      reason: 'the terms and the listing terms must be accepted',
      rule: 'accepted',
    });
  if (checks.violations.length > 0 || !homepage) throw new InvalidArgumentError(checks.violations);
  return {
    name,
    homepage,
    company,
    commercialRegisterNumber,
    address,
    phone,
    email,
    countries: countries.length > 0 ? countries : [address.country],
    feedUrl: feedUrl?.url ?? '',
    feedFormat: request.feedFormat,
  };
}

/** Who a new shop belongs to and where its lifecycle starts. */
export interface NewShopPlacement {
  readonly id: string;
  readonly feedId: string;
  /** '' for a directory listing. */
  readonly ownerUserId: string;
  readonly status: ShopStatus;
  readonly at: string;
}

/** The record of a newly registered shop (version 1, no offers yet). */
export function newShopRecord(input: ShopRegistration, placement: NewShopPlacement): ShopRecord {
  const { at } = placement;
  const feeds: FeedRecord[] = input.feedUrl
    ? [
        {
          id: placement.feedId,
          url: input.feedUrl,
          format: input.feedFormat,
          country: input.countries[0] ?? '',
          currency: countryCurrency(input.countries[0] ?? '') ?? 'CHF',
          language: '',
          fetchIntervalMinutes: 1440,
          status: FeedStatus.FEED_STATUS_PENDING,
          createdAt: at,
          updatedAt: at,
        },
      ]
    : [];
  return {
    _id: placement.id,
    name: input.name,
    sortName: input.name.toLowerCase(),
    faviconUrl: '',
    logoUrl: '',
    domain: input.homepage.domain,
    domainKey: input.homepage.domain,
    homepageUrl: input.homepage.url,
    description: '',
    countries: [...input.countries],
    status: placement.status,
    confirmed: false,
    registeredAt: at,
    confirmedAt: null,
    ownerUserId: placement.ownerUserId,
    directoryListing: placement.ownerUserId === '',
    company: input.company,
    commercialRegisterNumber: input.commercialRegisterNumber,
    address: input.address,
    phone: input.phone,
    email: input.email,
    feeds,
    urlParameters: [],
    offersCount: 0,
    offersCleanup: '',
    updatedAt: at,
    deletedAt: null,
    version: 1,
  };
}
