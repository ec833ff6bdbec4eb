import {
  clickOriginToJSON,
  locationKindToJSON,
  userAgentClassToJSON,
  type OwnClick,
} from '@pc/proto/affiliates/v1/types';
import type { OwnSession } from '@pc/proto/accounts/v1/accounts';
import type { OwnPushSubscription } from '@pc/proto/notifications/v1/types';
import { isoTime, moneyJson, orNull } from '~/api/mappers/money.server';
import { nameOf, type ProductNames } from './product-names';

/** An enum's JSON name without its prefix, lower case ("CLICK_ORIGIN_PRODUCT_PAGE" → "product_page"); null unset. */
const keyOf = (json: string, prefix: string): string | null => {
  const key = json.startsWith(prefix) ? json.slice(prefix.length).toLowerCase() : json.toLowerCase();
  return key === 'unspecified' ? null : key;
};

/** A browser the user allowed push messages in: where its push service is, never the endpoint or keys (ADR 148). */
export function pushSubscriptionExportJson(subscription: OwnPushSubscription) {
  return {
    endpoint_host: subscription.endpointHost,
    created_at: isoTime(subscription.createdAt),
    expiration_time: isoTime(subscription.expirationTime),
    last_delivered_at: isoTime(subscription.lastDeliveredAt),
    username: orNull(subscription.username),
    language: orNull(subscription.language),
    user_agent: orNull(subscription.userAgent),
  };
}

/** A signed-in session: when and from which browser and address, never its token (ADR 149). */
export function sessionExportJson(own: OwnSession) {
  return {
    id: own.session?.id ?? '',
    signed_in_at: isoTime(own.session?.createdAt),
    last_active_at: isoTime(own.session?.lastSeenAt),
    expires_at: isoTime(own.session?.expiresAt),
    remembered: own.session?.remember ?? false,
    user_agent: orNull(own.userAgent),
    ip: orNull(own.ip),
  };
}

/** A click-out recorded while the user was signed in: when, to which shop and offer, from where. */
export function clickExportJson(click: OwnClick, names: ProductNames) {
  return {
    id: click.id,
    clicked_at: isoTime(click.clickedAt),
    kind: keyOf(locationKindToJSON(click.locationKind), 'LOCATION_KIND_'),
    shop_id: orNull(click.shopId),
    offer_id: orNull(click.offerId),
    product_id: orNull(click.productId),
    product_name: click.productId ? nameOf(names, click.productId) : null,
    promotion_id: orNull(click.promotionId),
    advertisement_id: orNull(click.advertisementId),
    price: moneyJson(click.price),
    is_green: click.isGreen,
    country: orNull(click.country),
    language: orNull(click.language),
    origin: keyOf(clickOriginToJSON(click.origin), 'CLICK_ORIGIN_'),
    placement: orNull(click.placement),
    referrer_page_type: orNull(click.referrerPageType),
    device: keyOf(userAgentClassToJSON(click.userAgentClass), 'USER_AGENT_CLASS_'),
  };
}
