// The home page's head: the first popular product's picture, the page's LCP, preloaded.
import type { ProductCardData } from '~/data/cards';
import { meta } from '~/routes/$locale._index';
import { cardFixture as card } from './card-fixture';

/** The meta function given only the loader data it reads. */
const headOf = (popular: ProductCardData[] | null) =>
  meta({ data: { title: 'Home', description: 'd', popular } } as unknown as Parameters<typeof meta>[0]);

describe('home page meta', () => {
  it('preloads the picture of the first popular product, at high priority', () => {
    const first = { ...card('p1'), image: 'https://img.example/p1.svg' };
    expect(headOf([first, card('p2')])).toContainEqual({
      tagName: 'link',
      rel: 'preload',
      as: 'image',
      href: 'https://img.example/p1.svg',
      fetchpriority: 'high',
    });
  });

  it('preloads the placeholder a card without a picture shows, and nothing without popular products', () => {
    expect(headOf([card('p1')])).toContainEqual(expect.objectContaining({ href: '/img/placeholder/product.svg' }));
    expect(headOf(null).filter((tag) => 'tagName' in tag)).toEqual([]);
  });
});
