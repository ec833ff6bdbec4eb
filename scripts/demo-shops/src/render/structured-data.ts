import { Availability } from '@pc/proto/common/v1/commerce';

const SCHEMA_AVAILABILITY: Partial<Record<Availability, string>> = {
  [Availability.AVAILABILITY_IN_STOCK]: 'InStock',
  [Availability.AVAILABILITY_OUT_OF_STOCK]: 'OutOfStock',
  [Availability.AVAILABILITY_LIMITED]: 'LimitedAvailability',
  [Availability.AVAILABILITY_PRE_ORDER]: 'PreOrder',
  [Availability.AVAILABILITY_PRE_SALE]: 'PreSale',
  [Availability.AVAILABILITY_SOLD_OUT]: 'SoldOut',
  [Availability.AVAILABILITY_DISCONTINUED]: 'Discontinued',
};

const GOOGLE_AVAILABILITY: Partial<Record<Availability, string>> = {
  [Availability.AVAILABILITY_IN_STOCK]: 'in_stock',
  [Availability.AVAILABILITY_OUT_OF_STOCK]: 'out_of_stock',
  [Availability.AVAILABILITY_LIMITED]: 'limited',
  [Availability.AVAILABILITY_PRE_ORDER]: 'preorder',
  [Availability.AVAILABILITY_PRE_SALE]: 'preorder',
  [Availability.AVAILABILITY_SOLD_OUT]: 'out_of_stock',
  [Availability.AVAILABILITY_DISCONTINUED]: 'out_of_stock',
};

/** "https://schema.org/InStock", or '' when the state has no schema.org name. */
export const schemaAvailability = (availability: Availability): string => {
  const name = SCHEMA_AVAILABILITY[availability];
  return name ? `https://schema.org/${name}` : '';
};

/** Google Merchant's availability value ("in_stock", …); unknown reads as in stock, as shops send it. */
export const googleAvailability = (availability: Availability): string =>
  GOOGLE_AVAILABILITY[availability] ?? 'in_stock';

/** The schema.org GTIN property for a code's length (gtin8/12/13/14), or "gtin" for anything else. */
export function gtinProperty(code: string): string {
  return /^\d+$/.test(code) && [8, 12, 13, 14].includes(code.length) ? `gtin${code.length}` : 'gtin';
}
