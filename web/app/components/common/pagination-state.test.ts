import { paginationButtons } from './pagination-state';

const state = (page: number, pages: number | null) =>
  Object.fromEntries(paginationButtons(page, pages).map((b) => [b.kind, b.page]));

describe('paginationButtons', () => {
  it('disables first and previous on the first page', () => {
    expect(state(1, 5)).toEqual({ first: null, previous: null, current: null, next: 2, last: 5 });
  });

  it('disables next and last on the last page', () => {
    expect(state(5, 5)).toEqual({ first: 1, previous: 4, current: null, next: null, last: null });
  });

  it('enables all around a middle page', () => {
    expect(state(3, 5)).toEqual({ first: 1, previous: 2, current: null, next: 4, last: 5 });
  });

  it('shows "..." for last when the page count is unknown', () => {
    const buttons = paginationButtons(2, null);
    expect(buttons.map((b) => b.label)).toEqual(['«', '‹', '2', '›', '...']);
    expect(state(2, null)).toMatchObject({ next: 3, last: null });
  });
});
