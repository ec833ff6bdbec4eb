import { Form, Link, useSubmit } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { CategoryFiltersView, FilterGroupView, FilterValueView } from '~/search/category-filters';
import { useSite } from '~/site/use-site';

/**
 * A category's filters (in stock only, brands, the specifications common in the category) as a
 * GET form: without JavaScript the Apply button sends it, with JavaScript a change does. The
 * loader computed everything shown; the boxes are the form's own, so a quick second tick adds
 * to the first.
 */
export function CategoryFilters({ filters }: { filters: CategoryFiltersView }) {
  const { t } = useSite();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  // After a navigation (a chip removed, back and forward) the boxes show the page's filters again.
  useEffect(() => {
    for (const box of form.current?.querySelectorAll('input[type=checkbox]') ?? [])
      if (box instanceof HTMLInputElement) box.checked = box.defaultChecked;
  }, [filters]);
  if (!filters.inStock && !filters.brands && filters.specs.length === 0) return null;
  return (
    <section className="facets filters" aria-labelledby="filters-heading">
      <h2 id="filters-heading">{t('filters.title')}</h2>
      <Form
        ref={form}
        method="get"
        action={filters.path}
        preventScrollReset
        onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
      >
        {filters.sort ? <input type="hidden" name="sort" value={filters.sort} /> : null}
        {filters.inStock ? (
          <label className="check">
            <input
              type="checkbox"
              name="refinements[availability]"
              value="in_stock"
              defaultChecked={filters.inStock.selected}
            />
            <span>{t('filters.inStock')}</span> <span className="muted">{`(${filters.inStock.count})`}</span>
          </label>
        ) : null}
        {filters.brands ? <FilterGroup group={filters.brands} legend={t('search.facetNames.brand')} /> : null}
        {filters.specs.length > 0 ? <h3>{t('filters.specifications')}</h3> : null}
        {filters.specs.map((group) => (
          <FilterGroup key={group.facet} group={group} legend={group.name ?? group.facet} />
        ))}
        <noscript>
          <button type="submit">{t('common.apply')}</button>
        </noscript>
      </Form>
    </section>
  );
}

/** One facet's values as checkboxes with their counts; past the first few, a disclosure that needs no script. */
function FilterGroup({ group, legend }: { group: FilterGroupView; legend: string }) {
  const { t } = useSite();
  const box = (value: FilterValueView) => (
    <label key={value.field} className="check">
      <input type="checkbox" name={`refinements[${group.facet}]`} value={value.field} defaultChecked={value.selected} />
      <span>{value.label}</span> <span className="muted">{`(${value.count})`}</span>
    </label>
  );
  return (
    <fieldset>
      <legend>{legend}</legend>
      {group.values.map(box)}
      {group.more.length > 0 ? (
        <details open={group.open}>
          <summary>{t('filters.moreValues', { n: group.more.length })}</summary>
          {group.more.map(box)}
        </details>
      ) : null}
    </fieldset>
  );
}

/** The chosen filters as chips, each a link to the page without it, and a link without any. */
export function FilterChips({ filters }: { filters: CategoryFiltersView }) {
  const { t } = useSite();
  if (filters.chips.length === 0 || !filters.clearHref) return null;
  return (
    <ul className="chips filter-chips" aria-label={t('filters.chosen')}>
      {filters.chips.map((chip) => {
        const text =
          chip.facet === 'availability'
            ? t('filters.inStock')
            : t('filters.chip', { name: chip.name ?? t('search.facetNames.brand'), value: chip.value });
        return (
          <li key={chip.href}>
            <Link to={chip.href} preventScrollReset className="chip" aria-label={t('filters.remove', { filter: text })}>
              {text} <span aria-hidden="true">×</span>
            </Link>
          </li>
        );
      })}
      <li>
        <Link to={filters.clearHref} preventScrollReset className="clear-filters">
          {t('filters.clearAll')}
        </Link>
      </li>
    </ul>
  );
}
