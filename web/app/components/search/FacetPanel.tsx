import { useState } from 'react';
import { formatPrice } from '~/i18n/format';
import type { SearchAction, SearchState } from '~/search/search-state';
import { SEARCH_FACETS, SINGLE_VALUE_FACETS } from '~/search/search-url';
import { useSite } from '~/site/use-site';
import { countryName } from '../lists/country-names';

const SHOWN_VALUES = 8;

/**
 * The refinements (spec §4): term facets toggle values on and off, the price facet takes a
 * range. Inside the page's GET form, so without JavaScript the Apply button submits them.
 */
export function FacetPanel({ state, dispatch }: { state: SearchState; dispatch: (action: SearchAction) => void }) {
  const site = useSite();
  const { t, tag, currency } = site;
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  return (
    <aside className="facets" aria-label={t('search.facets')}>
      <h2>{t('search.facets')}</h2>
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
        if (facet.values.length === 0) return null;
        const all = expanded[name] ?? false;
        const values = all ? facet.values : facet.values.slice(0, SHOWN_VALUES);
        return (
          <fieldset key={name}>
            <legend>{t(`search.facetNames.${name}`)}</legend>
            {values.map((value) => (
              <label key={value.value} className="check">
                <input
                  type="checkbox"
                  name={`refinements[${name}]`}
                  value={value.value}
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
      })}
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
