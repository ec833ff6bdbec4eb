import { cutText, shopReviewsBack, shopReviewsPath } from './shop-review-view';

describe('the shop reviews page’s cells and links', () => {
  it('keeps a short text whole and cuts a long one at a space, with an ellipsis', () => {
    expect(cutText('Fast delivery.', 20)).toEqual({ short: 'Fast delivery.', cut: false });
    expect(cutText('Fast delivery, friendly support and a fair price.', 20)).toEqual({
      short: 'Fast delivery,…',
      cut: true,
    });
    // One long word: cut where the limit falls.
    expect(cutText('a'.repeat(30), 10)).toEqual({ short: `${'a'.repeat(10)}…`, cut: true });
  });

  it('never splits a character made of two code units', () => {
    const { short, cut } = cutText('😀'.repeat(12), 10);
    expect(cut).toBe(true);
    expect([...short]).toEqual([...'😀'.repeat(10), '…']);
  });

  it('links the page filtered by a shop', () => {
    expect(shopReviewsPath()).toBe('/admin/shopping/shop-reviews');
    expect(shopReviewsPath('sh 1&x')).toBe('/admin/shopping/shop-reviews?shop=sh+1%26x');
  });

  it('goes back after a write with the page’s filters and the write’s outcome only', () => {
    expect(shopReviewsBack('?status=hidden&shop=sh_1&page=2&gone=1', 'done')).toBe(
      '/admin/shopping/shop-reviews?status=hidden&shop=sh_1&page=2&done=1',
    );
    expect(shopReviewsBack('', 'gone')).toBe('/admin/shopping/shop-reviews?gone=1');
  });
});
