import { Form, Link, useSubmit } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type {
  FilterChipView,
  FilterGroupView,
  FilterRangeView,
  FilterValueView,
  ListFiltersView,
  PriceRangeView,
} from '~/search/list-filters';
import { DROP_FACET, DROP_PARAM } from '~/search/price-drop';
import { priceInputText } from '~/search/price-range';
import { priceRangeText } from '~/search/price-range-text';
import { placeholderNumber, rangeText } from '~/search/spec-range-text';
import { foldRangeFields } from '~/search/spec-ranges';
import { useSite } from '~/site/use-site';

/** A form's text fields, as a GET submission sends them. */
const fieldsOf = (form: HTMLFormElement): [string, string][] =>
  [...new FormData(form)].flatMap(([name, value]) =>
    typeof value === 'string' ? [[name, value] as [string, string]] : [],
  );

/** Whether an input is a bound of a range (typed, then applied). */
const isRangeInput = (target: EventTarget): boolean =>
  target instanceof HTMLInputElement && target.type === 'text' && target.name.startsWith('range[');

/**
 * A product list's filters (in stock only, only price drops, the price from–to, the page's categories or brands, the
 * specifications common in the list, a numeric one's from–to range) as a GET form: without JavaScript the Apply
 * button sends it, with JavaScript a ticked box does, a range its own Apply button or Enter. A
 * running page sends a range as the refinement its links write (`800..1200`), not the form's
 * two fields; the bounds are typed in the page's number format ("1,5" on a German page, ADR 131),
 * which the server reads too when the form is sent without JavaScript. The loader computed everything shown; the boxes are the form's own, so a quick
 * second tick adds to the first.
 */
export function ListFilters({ filters }: { filters: ListFiltersView }) {
  const { t, tag } = useSite();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  // After a navigation (a chip removed, back and forward) the inputs show the page's filters again.
  useEffect(() => {
    for (const input of form.current?.querySelectorAll('input') ?? []) {
      if (input.type === 'checkbox') input.checked = input.defaultChecked;
      else if (isRangeInput(input)) input.value = input.defaultValue;
    }
  }, [filters]);
  if (
    !filters.inStock &&
    !filters.drop.selected &&
    !filters.price &&
    filters.groups.length === 0 &&
    filters.specs.length === 0
  )
    return null;
  const send = (target: HTMLFormElement) =>
    submit(foldRangeFields(fieldsOf(target), tag), { method: 'get', action: filters.path, preventScrollReset: true });
  return (
    <section className="facets filters" aria-labelledby="filters-heading">
      <h2 id="filters-heading">{t('filters.title')}</h2>
      <Form
        ref={form}
        method="get"
        action={filters.path}
        preventScrollReset
        // A typed bound waits for Apply or Enter: every keystroke would load the page.
        onChange={(e) => {
          if (!isRangeInput(e.target)) send(e.currentTarget);
        }}
        onSubmit={(e) => {
          e.preventDefault();
          send(e.currentTarget);
        }}
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
        <label className="check">
          <input type="checkbox" name={DROP_PARAM} value={filters.drop.value} defaultChecked={filters.drop.selected} />
          <span>{t('filters.priceDrops', { percent: filters.drop.percent })}</span>
        </label>
        {filters.price ? <PriceInputs price={filters.price} /> : null}
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

/**
 * One facet's values as checkboxes with their counts, past the first few behind a disclosure that
 * needs no script; a numeric specification's range inputs first.
 */
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
      {group.range ? <RangeInputs facet={group.facet} range={group.range} /> : null}
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

/** A bound's input: its field, the chosen bound and the list's end of the scale, as the page writes them. */
interface BoundInput {
  readonly name: string;
  readonly value: string;
  readonly placeholder: string | undefined;
}

/**
 * "from [ ] to [ ] W" and its Apply button: placeholders the list's lowest and highest number,
 * values the chosen bounds, each input labelled and described by the unit. Text inputs, so that
 * the numbers show and are typed in the page's number format (a number input shows the browser's:
 * "1.5" on a German page), with a keyboard of digits and the decimal mark where there is one.
 */
function BoundInputs({
  min,
  max,
  unit,
  unitId,
  inputMode,
}: {
  min: BoundInput;
  max: BoundInput;
  unit: string;
  unitId: string;
  inputMode: 'numeric' | 'decimal';
}) {
  const { t } = useSite();
  const describedBy = unit ? unitId : undefined;
  const input = (bound: BoundInput) => (
    <input
      type="text"
      name={bound.name}
      inputMode={inputMode}
      autoComplete="off"
      spellCheck={false}
      placeholder={bound.placeholder}
      defaultValue={bound.value}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className="range-inputs">
      <label>
        <span>{t('filters.from')}</span>
        {input(min)}
      </label>
      <label>
        <span>{t('filters.to')}</span>
        {input(max)}
      </label>
      {describedBy ? <span id={describedBy}>{unit}</span> : null}
      <button type="submit">{t('common.apply')}</button>
    </div>
  );
}

/** A numeric specification's range: its numbers as the page writes them, without digit groups. */
function RangeInputs({ facet, range }: { facet: string; range: FilterRangeView }) {
  const { tag } = useSite();
  const write = (n: number | null) => (n === null ? undefined : placeholderNumber(n, tag));
  return (
    <BoundInputs
      min={{ name: range.fields.min, value: write(range.chosen.min) ?? '', placeholder: write(range.lowest) }}
      max={{ name: range.fields.max, value: write(range.chosen.max) ?? '', placeholder: write(range.highest) }}
      unit={range.unit}
      unitId={`${facet.replace(':', '-')}-unit`}
      inputMode={range.step === '1' ? 'numeric' : 'decimal'}
    />
  );
}

/**
 * "Price from [ ] to [ ] CHF": prices in major units of the page's currency, typed with cents in
 * the page's number format ("1234,50" on a German page), the list's lowest and highest price as
 * placeholders.
 */
function PriceInputs({ price }: { price: PriceRangeView }) {
  const { t, tag, currency } = useSite();
  const write = (minor: number | null) => (minor === null ? undefined : priceInputText(minor, tag));
  return (
    <fieldset>
      <legend>{t('search.facetNames.price')}</legend>
      <BoundInputs
        min={{ name: price.fields.min, value: write(price.chosen.min) ?? '', placeholder: write(price.lowest) }}
        max={{ name: price.fields.max, value: write(price.chosen.max) ?? '', placeholder: write(price.highest) }}
        unit={currency}
        unitId="price-unit"
        inputMode="decimal"
      />
    </fieldset>
  );
}

/** The chosen filters as chips, each a link to the page without it, and a link without any. */
export function FilterChips({ filters }: { filters: ListFiltersView }) {
  const { t, tag, currency } = useSite();
  if (filters.chips.length === 0 || !filters.clearHref) return null;
  const translate = (key: string, values: Readonly<Record<string, string>>) => t(key, values);
  /** "Weight: 1.2 kg", "Power: 800 – 1,200 W", "Brand: Sony", "In stock only", "Price drops", "CHF 100 – 300". */
  const textOf = (chip: FilterChipView): string =>
    chip.facet === 'availability'
      ? t('filters.inStock')
      : chip.facet === DROP_FACET
        ? t('filters.priceDropsChip')
        : chip.price
          ? priceRangeText(chip.price, currency, tag, translate)
          : t('filters.chip', {
              name: chip.name ?? t(`search.facetNames.${chip.facet}`),
              value: chip.range ? rangeText(chip.range, tag, translate) : chip.value,
            });
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
