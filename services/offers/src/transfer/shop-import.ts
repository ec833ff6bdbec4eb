import type { ImportEntity } from '@pc/jobs/data-import';
import { columnsByPrefix, inColumns, listColumn, textColumn } from '@pc/jobs/import-columns';
import { FeedFormat, ShopStatus } from '@pc/proto/offers/v1/types';
import { toShopMessage } from '../domain/shop-message.js';
import { readShopRegistration, type ShopRegistration } from '../domain/shop-registration-input.js';
import type { OffersDependencies } from '../grpc/dependencies.js';
import { requireFreeDomain, writeNewShop } from '../grpc/shop-registration.js';

/** RegisterShop's field names as the upload's columns. */
const columnOf = columnsByPrefix({
  'address.line1': 'address_line1',
  'address.line2': 'address_line2',
  'address.zip_code': 'zip_code',
  'address.city': 'city',
  'address.country': 'country',
  countries: 'countries',
});

/**
 * Shops as the import reads them: directory listings (no owner), one a row — `name` and
 * `homepage_url` required, `countries` (white-space separated in a CSV, an array in JSON Lines;
 * else the address country), `company`, `commercial_register_number`, `email`, `phone`,
 * `address_line1`, `address_line2`, `zip_code`, `city`, `country`, `feed_url`. Each row is checked
 * by RegisterShop's rules for a directory listing and its domain must be free (a second run of
 * the same file reports every row as registered already). An imported shop starts
 * PENDING_ACTIVATION: the import never activates a shop — staff do, on its page, as for any
 * other. The export's other columns (id, domain, status, counts, dates) are ignored.
 */
export function shopImport(deps: OffersDependencies): ImportEntity<ShopRegistration> {
  return {
    entity: 'shops',
    panel: 'admin',
    check: (row) =>
      inColumns(columnOf, async () => {
        const input = readShopRegistration(
          {
            actorUserId: '',
            name: textColumn(row, 'name') ?? '',
            homepageUrl: textColumn(row, 'homepage_url') ?? '',
            company: textColumn(row, 'company') ?? '',
            commercialRegisterNumber: textColumn(row, 'commercial_register_number') ?? '',
            address: {
              line1: textColumn(row, 'address_line1') ?? '',
              line2: textColumn(row, 'address_line2') ?? '',
              zipCode: textColumn(row, 'zip_code') ?? '',
              city: textColumn(row, 'city') ?? '',
              country: (textColumn(row, 'country') ?? '').toUpperCase(),
            },
            phone: textColumn(row, 'phone') ?? '',
            email: textColumn(row, 'email') ?? '',
            countries: (listColumn(row, 'countries') ?? []).map((country) => country.toUpperCase()),
            feedUrl: textColumn(row, 'feed_url') ?? '',
            feedFormat: FeedFormat.FEED_FORMAT_UNSPECIFIED,
            termsAccepted: false,
            directoryListing: true,
          },
          false,
        );
        await requireFreeDomain(deps, input.homepage.domain);
        return input;
      }),
    key: (input) => ({ field: 'homepage_url', value: input.homepage.domain }),
    // The job checks each row again just before applying it: an earlier row may have taken the domain.
    apply: async (input, actorUserId) => {
      const shop = await writeNewShop(deps, input, {
        ownerUserId: '',
        status: ShopStatus.SHOP_STATUS_PENDING_ACTIVATION,
      });
      await deps.audit.record({
        actorUserId,
        panel: 'admin',
        action: 'shop.import',
        entityType: 'shop',
        entityId: shop._id,
        before: null,
        after: toShopMessage(shop, { withPrivate: true }),
      });
    },
  };
}
