import { allPages } from './all-pages';

/** A list of `total` numbers served `size` a page, as the services page their lists. */
const pagedList = (total: number, size: number) => {
  const asked: number[] = [];
  const read = async (page: number) => {
    asked.push(page);
    const items = Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * size, page * size);
    return { items, pages: Math.ceil(total / size) };
  };
  return { read, asked };
};

describe('allPages', () => {
  it('reads a list of several pages whole, in order, and asks no page past the last', async () => {
    const { read, asked } = pagedList(250, 100);
    const items = await allPages(read, 10);
    expect(items).toHaveLength(250);
    expect(items[0]).toBe(1);
    expect(items.at(-1)).toBe(250);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('asks once for an empty list', async () => {
    const { read, asked } = pagedList(0, 100);
    expect(await allPages(read, 10)).toEqual([]);
    expect(asked).toEqual([1]);
  });

  it('reads no more than the pages it may', async () => {
    const { read, asked } = pagedList(1_000, 100);
    expect(await allPages(read, 3)).toHaveLength(300);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at an empty page even when the count promised more', async () => {
    const asked: number[] = [];
    const items = await allPages(async (page) => {
      asked.push(page);
      return { items: page === 1 ? ['a'] : [], pages: 5 };
    }, 10);
    expect(items).toEqual(['a']);
    expect(asked).toEqual([1, 2]);
  });
});
