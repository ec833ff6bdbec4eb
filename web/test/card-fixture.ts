import type { ProductCardData } from '~/data/cards';

/** A product card with only an id (name and route made from it), for tests of lists and rows. */
export const cardFixture = (id: string): ProductCardData => ({
  id,
  name: id,
  route: `/en-ch/products/${id}`,
  image: null,
  price: null,
  rating: null,
  brand: null,
});
