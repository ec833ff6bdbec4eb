import { InvalidArgumentError } from '../errors/domain-errors.js';

export interface PageInput {
  readonly page?: number;
  readonly hitsPerPage?: number;
}

export interface Page {
  readonly page: number;
  readonly hitsPerPage: number;
  readonly skip: number;
}

/**
 * Applies the paging rules of the protos (common/v1/paging.proto): page 0 → 1, hitsPerPage 0 →
 * the call's default, anything negative or above the maximum → INVALID_ARGUMENT.
 */
export function resolvePage(input: PageInput | undefined, limits: { defaultSize: number; maxSize: number }): Page {
  const page = input?.page || 1;
  const hitsPerPage = input?.hitsPerPage || limits.defaultSize;
  const violations = [];
  if (!Number.isInteger(page) || page < 1)
    violations.push({ field: 'page.page', reason: 'must be a whole number ≥ 1' });
  if (!Number.isInteger(hitsPerPage) || hitsPerPage < 1 || hitsPerPage > limits.maxSize) {
    violations.push({ field: 'page.hits_per_page', reason: `must be between 1 and ${limits.maxSize}` });
  }
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  return { page, hitsPerPage, skip: (page - 1) * hitsPerPage };
}

/** The PageResponse of a page of `total` items. */
export function pageResponse(page: Page, total: number) {
  return {
    page: page.page,
    hitsPerPage: page.hitsPerPage,
    total,
    pages: Math.ceil(total / page.hitsPerPage),
    totalIsLowerBound: false,
  };
}
