import { Link } from '@remix-run/react';
import { useSite } from '~/site/use-site';
import { paginationButtons } from './pagination-state';

/**
 * The pagination control of spec §2.8; `hrefFor` builds the link of a page (query kept); `label`
 * names it where a page has two lists (a shop's products and its reviews).
 */
export function Pagination({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number;
  pages: number | null;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  const { t } = useSite();
  if (pages !== null && pages <= 1 && page <= 1) return null;
  return (
    <nav className="pagination" aria-label={label ?? t('pagination.label')}>
      {paginationButtons(page, pages).map((button) =>
        button.kind === 'current' ? (
          <span key={button.kind} aria-current="page" className="page-current">
            {t('pagination.page', { page })}
          </span>
        ) : button.page === null ? (
          <span key={button.kind} className="page-button" aria-disabled="true" title={t(`pagination.${button.kind}`)}>
            <span aria-hidden="true">{button.label}</span>
            <span className="visually-hidden">{t(`pagination.${button.kind}`)}</span>
          </span>
        ) : (
          <Link
            key={button.kind}
            to={hrefFor(button.page)}
            className="page-button"
            rel={button.kind === 'next' ? 'next' : button.kind === 'previous' ? 'prev' : undefined}
          >
            <span aria-hidden="true">{button.label}</span>
            <span className="visually-hidden">{t(`pagination.${button.kind}`)}</span>
          </Link>
        ),
      )}
    </nav>
  );
}
