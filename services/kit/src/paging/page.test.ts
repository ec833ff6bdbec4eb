import { InvalidArgumentError } from '../errors/domain-errors.js';
import { pageResponse, resolvePage } from './page.js';

describe('resolvePage', () => {
  const limits = { defaultSize: 24, maxSize: 100 };

  it('applies the defaults of the API', () => {
    expect(resolvePage(undefined, limits)).toEqual({ page: 1, hitsPerPage: 24, skip: 0 });
    expect(resolvePage({ page: 3, hitsPerPage: 10 }, limits)).toEqual({ page: 3, hitsPerPage: 10, skip: 20 });
  });

  it('rejects pages and sizes out of range, naming the field', () => {
    expect(() => resolvePage({ page: -1 }, limits)).toThrow(InvalidArgumentError);
    expect(() => resolvePage({ hitsPerPage: 101 }, limits)).toThrow(/page.hits_per_page: must be between 1 and 100/);
  });

  it('counts pages of the whole result', () => {
    expect(pageResponse({ page: 1, hitsPerPage: 24, skip: 0 }, 49)).toMatchObject({ total: 49, pages: 3 });
    expect(pageResponse({ page: 1, hitsPerPage: 24, skip: 0 }, 0)).toMatchObject({ total: 0, pages: 0 });
  });
});
