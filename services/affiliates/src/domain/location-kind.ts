import { LocationKind } from '@pc/proto/affiliates/v1/types';
import { PROMOTION_LOCATION_PREFIX } from './promotion-record.js';

/** The prefix of advertisement click-out locations (`ad_<id>`). */
export const AD_LOCATION_PREFIX = 'ad_';

const LOCATION = /^[A-Za-z0-9_-]{1,128}$/;

export const adLocationOf = (advertisementId: string): string => `${AD_LOCATION_PREFIX}${advertisementId}`;

/**
 * What a location id points to: promotions (`pr_…`) and advertisements (`ad_…`) are ours; any
 * other well-formed id is an offer location made by offers (`lc_…`, opaque to us). Null for an
 * id no link of ours can hold.
 */
export function locationOf(locationId: string): { kind: LocationKind; id: string } | null {
  if (!LOCATION.test(locationId)) return null;
  for (const [prefix, kind] of [
    [PROMOTION_LOCATION_PREFIX, LocationKind.LOCATION_KIND_PROMOTION],
    [AD_LOCATION_PREFIX, LocationKind.LOCATION_KIND_ADVERTISEMENT],
  ] as const) {
    if (locationId.startsWith(prefix))
      return locationId.length > prefix.length ? { kind, id: locationId.slice(prefix.length) } : null;
  }
  return { kind: LocationKind.LOCATION_KIND_OFFER, id: locationId };
}
