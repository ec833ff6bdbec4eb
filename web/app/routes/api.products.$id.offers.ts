import { offersList } from '~/api/endpoints/offers-list.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/products/{id}/offers (spec §7): the product's offers in `data`, paging and facets in `meta`. */
export const loader = apiLoader(offersList, {
  product_id: 'id',
  country: 'refinements[country]',
  conditions: 'refinements[condition]',
  green_only: 'refinements[green]',
  in_stock_only: 'refinements[in_stock]',
});
