import { useState } from 'react';
import { formatPrice } from '~/i18n/format';
import { DROP_FACET, DROP_FILTER_MIN_PERCENT, DROP_PARAM, dropValue, parseDropValue } from '~/search/price-drop';
import { escapeRefinementValue, isSpecFacet, SPEC_FACET_PREFIX } from '~/search/refinement-values';
import type { FacetView, SearchAction, SearchState } from '~/search/search-state';
import { SEARCH_FACETS, SINGLE_VALUE_FACETS } from '~/search/search-url';
import { useSite } from '~/site/use-site';
import { countryName } from '../lists/country-names';

const SHOWN_VALUES = 8;

/**
 * The refinements (spec §4): only price drops (a checkbox, ADR 145), term facets toggle values on
 * and off, the price facet takes a range; the specifications common in the result follow the fixed facets. Inside the page's GET
 * form, so without JavaScript the Apply button submits them.
 */
export function FacetPanel({ state, dispatch }: { state: SearchState; dispatch: (action: SearchAction) => void }) {
  const site = useSite();
  const { t, tag, currency } = site;
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  /** A terms facet: its values as checkboxes, the first few until "more" is pressed. */
  const termsFacet = (name: string, legend: string, facet: Extract<FacetView, { type: 'terms' }>) => {
    if (facet.values.length === 0) return null;
    const all = expanded[name] ?? false;
    const values = all ? facet.values : facet.values.slice(0, SHOWN_VALUES);
    return (
      <fieldset key={name}>
        <legend>{legend}</legend>
        {values.map((value) => (
          <label key={value.value} className="check">
            <input
              type="checkbox"
              name={`refinements[${name}]`}
              // As the form sends it without JavaScript: a comma inside a value is escaped.
              value={escapeRefinementValue(value.value)}
              checked={(state.refinements[name] ?? []).includes(value.value)}
              onChange={() =>
                dispatch({
                  type: 'toggle',
                  facet: name,
                  value: value.value,
                  single: SINGLE_VALUE_FACETS.includes(name),
                })
              }
            />
            <span>{name === 'country' ? countryName(site, value.value) : value.label}</span>{' '}
            <span className="muted">({value.count})</span>
          </label>
        ))}
        {facet.values.length > SHOWN_VALUES ? (
          <button
            type="button"
            className="link-button"
            aria-expanded={all}
            onClick={() => setExpanded({ ...expanded, [name]: !all })}
          >
            {all ? t('common.less') : t('common.more')}
          </button>
        ) : null}
      </fieldset>
    );
  };
  const chosenDrop = state.refinements[DROP_FACET]?.[0];
  const dropPercent = (chosenDrop === undefined ? null : parseDropValue(chosenDrop)) ?? DROP_FILTER_MIN_PERCENT;
  const specs = Object.entries(state.facets).flatMap(([name, facet]) =>
    isSpecFacet(name) && facet.type === 'terms' && facet.values.length > 0 ? [[name, facet] as const] : [],
  );
  return (
    <aside className="facets" aria-label={t('search.facets')}>
      <h2>{t('search.facets')}</h2>
      <label className="check">
        <input
          type="checkbox"
          name={DROP_PARAM}
          value={dropValue(dropPercent)}
          checked={chosenDrop !== undefined}
          onChange={() => dispatch({ type: 'toggle', facet: DROP_FACET, value: dropValue(dropPercent), single: true })}
        />
        <span>{t('filters.priceDrops', { percent: dropPercent })}</span>
      </label>
      {SEARCH_FACETS.map((name) => {
        const facet = state.facets[name];
        if (!facet) return null;
        if (facet.type === 'range') {
          if (facet.stats.count === 0) return null;
          return (
            <fieldset key={name}>
              <legend>{t(`search.facetNames.${name}`)}</legend>
              <p className="muted">
                {t('search.priceRange', {
                  min: formatPrice(facet.stats.min, currency, tag),
                  max: formatPrice(facet.stats.max, currency, tag),
                })}
              </p>
              <div className="price-inputs">
                <PriceInput
                  label="min"
                  value={state.price.min}
                  onChange={(min) => dispatch({ type: 'price', min, max: state.price.max })}
                />
                <PriceInput
                  label="max"
                  value={state.price.max}
                  onChange={(max) => dispatch({ type: 'price', min: state.price.min, max })}
                />
              </div>
            </fieldset>
          );
        }
        return termsFacet(name, t(`search.facetNames.${name}`), facet);
      })}
      {/* The specifications common in the result, most stated first, each under its name in the page's language. */}
      {specs.length > 0 ? <h3>{t('filters.specifications')}</h3> : null}
      {specs.map(([name, facet]) => termsFacet(name, facet.label || name.slice(SPEC_FACET_PREFIX.length), facet))}
      {Object.keys(state.refinements).length > 0 || state.price.min !== null || state.price.max !== null ? (
        <button type="button" onClick={() => dispatch({ type: 'clear' })}>
          {t('search.clearFilters')}
        </button>
      ) : null}
      <noscript>
        <button type="submit">{t('common.apply')}</button>
      </noscript>
    </aside>
  );
}

/** A bound of the price range, typed in major units and kept in minor units. */
function PriceInput({
  label,
  value,
  onChange,
}: {
  label: 'min' | 'max';
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const { t, currency } = useSite();
  return (
    <label>
      <span className="visually-hidden">
        {t('search.facetNames.price')} {label}
      </span>
      <input
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        placeholder={`${label} ${currency}`}
        defaultValue={value === null ? '' : String(Math.round(value / 100))}
        onChange={(e) => onChange(e.target.value === '' ? null : Math.max(0, Math.round(Number(e.target.value) * 100)))}
      />
    </label>
  );
}
