import { keptForOrder, reviewNotice, reviewQuery, reviewsPageHref } from './review-query';

const url = (query: string) => new URL(`http://site.test/en-ch/shops/s1${query}`);

describe('the reviews’ query on a shop page', () => {
  it('reads the page and the order, page 1 and newest for anything else', () => {
    expect(reviewQuery(url(''))).toEqual({ page: 1, sort: 'newest' });
    expect(reviewQuery(url('?reviewsPage=3&reviewsSort=lowest'))).toEqual({ page: 3, sort: 'lowest' });
    expect(reviewQuery(url('?reviewsPage=0&reviewsSort=best'))).toEqual({ page: 1, sort: 'newest' });
    expect(reviewQuery(url('?reviewsPage=2.5'))).toEqual({ page: 1, sort: 'newest' });
    expect(reviewQuery(url('?reviewsPage=99999'))).toEqual({ page: 1, sort: 'newest' });
    // The product list's own parameters are not the reviews'.
    expect(reviewQuery(url('?page=4&sort=cheapest'))).toEqual({ page: 1, sort: 'newest' });
  });

  it('knows only its own notices', () => {
    expect(reviewNotice(url('?review=published'))).toBe('published');
    expect(reviewNotice(url('?review=<script>'))).toBeNull();
    expect(reviewNotice(url(''))).toBeNull();
  });

  it('links a page of reviews at the reviews, keeping the products’ page and sort and the order, dropping a notice', () => {
    expect(reviewsPageHref('?page=2&sort=cheapest&reviewsSort=highest&review=published', 3)).toBe(
      '?page=2&sort=cheapest&reviewsSort=highest&reviewsPage=3#reviews',
    );
    expect(reviewsPageHref('?reviewsPage=3', 1)).toBe('?#reviews');
    expect(reviewsPageHref('', 2, 'reviews-heading')).toBe('?reviewsPage=2#reviews-heading');
  });

  it('keeps the product list’s page, sort and filters when the order changes (its page starts again)', () => {
    expect(
      keptForOrder(
        '?refinements%5Bbrand%5D=sony&page=2&sort=cheapest&reviewsPage=4&reviewsSort=lowest' +
          '&refinements[spec:colour]=Black%5C%2C+red&refinements[spec:colour]=White&refinements[category]=',
      ),
    ).toEqual([
      ['page', '2'],
      ['sort', 'cheapest'],
      ['refinements[brand]', 'sony'],
      ['refinements[spec:colour]', 'Black\\, red'],
      ['refinements[spec:colour]', 'White'],
    ]);
    expect(keptForOrder('')).toEqual([]);
  });
});
