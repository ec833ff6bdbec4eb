import { ownOffersHref, ownOffersQuery } from './own-offers';

describe('the shop settings’ offers table', () => {
  const query = (search: string) => ownOffersQuery(new URL(`http://site.test/account/business/shops/sh_1${search}`));

  it('reads the tab and page from the URL, the first page of listed offers otherwise', () => {
    expect(query('')).toEqual({ tab: 'listed', page: 1 });
    expect(query('?offers=not-listed&offersPage=3')).toEqual({ tab: 'not-listed', page: 3 });
    expect(query('?offers=everything&offersPage=-2')).toEqual({ tab: 'listed', page: 1 });
    expect(query('?offersPage=2.5')).toEqual({ tab: 'listed', page: 1 });
    expect(query('?offersPage=99999999999')).toEqual({ tab: 'listed', page: 10_000 });
  });

  it('links a tab and page, keeping the page’s other parameters and leaving out the defaults', () => {
    expect(ownOffersHref('?done=1', 'not-listed', 2)).toBe('?done=1&offers=not-listed&offersPage=2#offers-heading');
    expect(ownOffersHref('?offers=not-listed&offersPage=4', 'listed', 1)).toBe('?#offers-heading');
  });
});
