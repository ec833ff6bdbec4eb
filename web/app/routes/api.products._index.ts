import { PRODUCT_SEARCH_FIELDS, productSearch } from '~/api/endpoints/product-search.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/products (spec §7 list endpoint): product search with facets, sorts and suggestions. */
export const loader = apiLoader(productSearch, PRODUCT_SEARCH_FIELDS);
