import { emptyTablePage, pageRequest, tablePage } from './table-page';

describe('a table page from a service answer', () => {
  const asked = { page: 3, size: 50 };

  it('asks for the URL page and size', () => {
    expect(pageRequest(asked)).toEqual({ page: 3, hitsPerPage: 50 });
  });

  it('takes the page, total and page count the service answered', () => {
    const page = tablePage(
      ['a', 'b'],
      { page: 2, hitsPerPage: 50, total: 52, pages: 2, totalIsLowerBound: false },
      asked,
    );
    expect(page).toEqual({ rows: ['a', 'b'], page: 2, size: 50, total: 52, pages: 2 });
  });

  it('marks a total the service stopped counting', () => {
    const page = tablePage([], { page: 1, hitsPerPage: 50, total: 10_000, pages: 200, totalIsLowerBound: true }, asked);
    expect(page.totalIsLowerBound).toBe(true);
  });

  it('keeps the asked page when the service answered none', () => {
    expect(tablePage(['x'], undefined, asked)).toEqual({ rows: ['x'], page: 3, size: 50, total: 0, pages: 0 });
    expect(emptyTablePage(asked)).toEqual({ rows: [], page: 3, size: 50, total: 0, pages: 0 });
  });
});
