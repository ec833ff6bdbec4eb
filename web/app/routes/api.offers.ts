import { offersList } from '~/api/endpoints/offers-list.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/offers (spec §7): offers of refinements[product] or refinements[shop], cheapest first, in the locale country. */
export const loader = apiLoader(offersList, {
  product_id: 'refinements[product]',
  shop_id: 'refinements[shop]',
  country: 'refinements[country]',
  conditions: 'refinements[condition]',
  green_only: 'refinements[green]',
  in_stock_only: 'refinements[in_stock]',
});
