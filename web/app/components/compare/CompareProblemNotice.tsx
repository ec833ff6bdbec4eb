import { Link } from '@remix-run/react';
import { COMPARE_MAX, COMPARE_MIN, compareHref } from '~/compare/compare-link';
import type { CompareProblem } from '~/data/compare-page.server';
import { useSite } from '~/site/use-site';

/**
 * What to do when the link compares nothing: how to pick products (none or one), the first four
 * of too many, or why the link is not valid; and where to find products.
 */
export function CompareProblemNotice({ problem, firstIds }: { problem: CompareProblem; firstIds: readonly string[] }) {
  const { t, route } = useSite();
  const limits = { min: COMPARE_MIN, max: COMPARE_MAX };
  return (
    <>
      {problem === 'too-many' ? (
        <p className="notice">
          {t('compare.tooMany', limits)}{' '}
          <Link to={compareHref(route('compare'), firstIds)}>{t('compare.firstFour', limits)}</Link>
        </p>
      ) : (
        <>
          {problem === 'malformed' ? <p className="notice notice-error">{t('compare.malformed')}</p> : null}
          <p className="notice">{t('compare.howTo', limits)}</p>
        </>
      )}
      <p>
        <Link to={route('categories')}>{t('compare.browse')}</Link>
      </p>
    </>
  );
}
