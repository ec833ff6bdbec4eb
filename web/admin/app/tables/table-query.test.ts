import { readTableQuery, tableHref } from './table-query';

describe('table state in the URL', () => {
  const read = (search: string) =>
    readTableQuery(new URL(`http://admin.test/admin/admin/users${search}`), {
      sorts: ['name', 'created'],
      defaultSort: 'created',
      defaultDir: 'desc',
    });

  it('keeps known sorts, pages from 1, known sizes, and passes filters on', () => {
    expect(read('?sort=name&dir=asc&page=3&size=50&q=ada&locked=1')).toEqual({
      sort: 'name',
      dir: 'asc',
      page: 3,
      size: 50,
      filters: { q: 'ada', locked: '1' },
    });
    expect(read('?sort=passwordHash&dir=sideways&page=-2&size=9999')).toEqual({
      sort: 'created',
      dir: 'desc',
      page: 1,
      size: 20,
      filters: {},
    });
  });

  it('builds the links of sort headers and pagers, keeping filters', () => {
    const query = read('?q=ada&page=2');
    expect(tableHref('/admin/admin/users', query, { page: 3 })).toBe(
      '/admin/admin/users?q=ada&sort=created&dir=desc&page=3',
    );
    expect(tableHref('/admin/admin/users', query, { sort: 'name', dir: 'asc', page: 1 })).toBe(
      '/admin/admin/users?q=ada&sort=name&dir=asc',
    );
  });
});
