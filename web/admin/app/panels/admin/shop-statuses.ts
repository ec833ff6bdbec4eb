/** The shop statuses staff set and filter by (offers' ShopStatus, DELETED excluded: deletion is its own RPC). */
export const SHOP_STATUSES = ['awaiting_payment_method', 'pending_activation', 'active', 'suspended'] as const;
export type ShopStatusName = (typeof SHOP_STATUSES)[number];
export const isShopStatus = (value: string): value is ShopStatusName =>
  (SHOP_STATUSES as readonly string[]).includes(value);
