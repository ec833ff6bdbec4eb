import { randomUUID } from 'node:crypto';
import { FeedFormat, FeedStatus, ShopStatus } from '@pc/proto/offers/v1/types';
import type { RegisterShopRequest, RegisterShopResponse } from '@pc/proto/offers/v1/offers';
import { AlreadyExistsError, InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { countryCurrency } from '../domain/currency.js';
import { ShopInputChecks } from '../domain/shop-input.js';
import { toShopMessage } from '../domain/shop-message.js';
import type { FeedRecord, ShopRecord } from '../domain/shop-record.js';
import { shopChanged, shopRegistered } from '../events/shop-events.js';
import type { OffersDependencies } from './dependencies.js';
import { enumValues } from './request-fields.js';

/**
 * RegisterShop. A business user (actor_user_id) registers a shop they own; it starts
 * AWAITING_PAYMENT_METHOD (billing takes it from ShopRegistered). Staff and the seed list a
 * directory shop (directory_listing, no owner) that starts ACTIVE. The actor needs a business
 * account (NOT_BUSINESS_ACCOUNT); a taken domain is SHOP_ALREADY_REGISTERED (spec §8).
 */
export async function registerShop(
  request: RegisterShopRequest,
  deps: OffersDependencies,
): Promise<RegisterShopResponse> {
  if (request.directoryListing) await deps.actors.requireStaff(request.actorUserId, 'a directory listing');
  const business = !request.directoryListing;
  if (business) await deps.actors.requireBusiness(request.actorUserId);

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

  if (await deps.shops.getByDomain(homepage.domain)) {
    throw new AlreadyExistsError(`a shop with the domain ${homepage.domain} is already registered`, {
      reason: 'SHOP_ALREADY_REGISTERED',
    });
  }
  const now = deps.clock();
  const at = now.toISOString();
  const id = `sh_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const sellsTo = countries.length > 0 ? countries : [address.country];
  const feeds: FeedRecord[] = feedUrl
    ? [
        {
          id: `fd_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
          url: feedUrl.url,
          format: request.feedFormat,
          country: sellsTo[0] ?? '',
          currency: countryCurrency(sellsTo[0] ?? '') ?? 'CHF',
          language: '',
          fetchIntervalMinutes: 1440,
          status: FeedStatus.FEED_STATUS_PENDING,
          createdAt: at,
          updatedAt: at,
        },
      ]
    : [];
  const shop: ShopRecord = {
    _id: id,
    name,
    sortName: name.toLowerCase(),
    faviconUrl: '',
    logoUrl: '',
    domain: homepage.domain,
    domainKey: homepage.domain,
    homepageUrl: homepage.url,
    description: '',
    countries: sellsTo,
    status: business ? ShopStatus.SHOP_STATUS_AWAITING_PAYMENT_METHOD : ShopStatus.SHOP_STATUS_ACTIVE,
    confirmed: false,
    registeredAt: at,
    confirmedAt: null,
    ownerUserId: business ? request.actorUserId : '',
    directoryListing: !business,
    company,
    commercialRegisterNumber,
    address,
    phone,
    email,
    feeds,
    urlParameters: [],
    offersCount: 0,
    offersCleanup: '',
    updatedAt: at,
    deletedAt: null,
    version: 1,
  };
  // ShopChanged right after ShopRegistered carries the initial state (search, crawler, affiliates).
  const events = [shopRegistered(shop, now), shopChanged(shop, ShopStatus.SHOP_STATUS_UNSPECIFIED, [], now)];
  const written = await deps.shops.put({ ...shop, ...deps.outbox.stage(null, events, now) }, 0);
  await deps.outbox.flush(deps.shops.collection, written);
  // The registrant (owner or staff) sent the private fields: they get them back.
  return { shop: toShopMessage(written, { withPrivate: true }) };
}
