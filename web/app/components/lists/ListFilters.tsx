import { Form, Link, useSubmit } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { FilterChipView, FilterGroupView, FilterValueView, ListFiltersView } from '~/search/list-filters';
import { useSite } from '~/site/use-site';

/**
 * A product list's filters (in stock only, the page's categories or brands, the specifications
 * common in the list) as a GET form: without JavaScript the Apply button sends it, with
 * JavaScript a change does. The loader computed everything shown; the boxes are the form's own,
 * so a quick second tick adds to the first.
 */
export function ListFilters({ filters }: { filters: ListFiltersView }) {
  const { t } = useSite();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  // After a navigation (a chip removed, back and forward) the boxes show the page's filters again.
  useEffect(() => {
    for (const box of form.current?.querySelectorAll('input[type=checkbox]') ?? [])
      if (box instanceof HTMLInputElement) box.checked = box.defaultChecked;
  }, [filters]);
  if (!filters.inStock && filters.groups.length === 0 && filters.specs.length === 0) return null;
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
        {filters.kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
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
        {filters.groups.map((group) => (
          <FilterGroup key={group.facet} group={group} legend={t(`search.facetNames.${group.facet}`)} />
        ))}
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
export function FilterChips({ filters }: { filters: ListFiltersView }) {
  const { t } = useSite();
  if (filters.chips.length === 0 || !filters.clearHref) return null;
  /** "Weight: 1.2 kg", "Brand: Sony", "In stock only". */
  const textOf = (chip: FilterChipView): string =>
    chip.facet === 'availability'
      ? t('filters.inStock')
      : t('filters.chip', { name: chip.name ?? t(`search.facetNames.${chip.facet}`), value: chip.value });
  return (
    <ul className="chips filter-chips" aria-label={t('filters.chosen')}>
      {filters.chips.map((chip) => {
        const text = textOf(chip);
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
