import { FieldError, FormError, StaffForm } from '../../components/staff-form';
import { useT } from '../../i18n/use-t';
import { GTIN_PREFIX, nameField } from './split-fields';
import { TEXT_LANGUAGES } from './text-languages';

/**
 * The split form of a product's offers page (ADR 060, 065): the picked offers (checkboxes in the
 * table, `form="split-form"`), the product's GTINs to move with them, and the target — a product
 * id typed in, or a new product's names (English required), brand and category, which start as
 * the source's.
 */
export function SplitForm(props: {
  readonly source: { readonly brandId: string; readonly categoryId: string; readonly gtins: readonly string[] };
  readonly categories: readonly { readonly id: string; readonly name: string; readonly depth: number }[];
  /** The fields of a refused post, shown again. */
  readonly fields?: Readonly<Record<string, string>>;
  readonly errors?: Record<string, string>;
}) {
  const t = useT();
  const { source, errors } = props;
  const value = (name: string, fallback = '') => props.fields?.[name] ?? fallback;
  const toNew = value('target') === 'new';
  const common = { fields: props.fields, errors };
  return (
    <StaffForm intent="split" id="split-form" className="stacked-form" label={t('offers.splitTitle')}>
      <h2>{t('offers.splitTitle')}</h2>
      <FormError errors={errors} />
      <FieldError name="offers" errors={errors} />
      <FieldError name="offer_ids" errors={errors} />
      {source.gtins.length > 0 ? (
        <fieldset aria-describedby="gtins-error">
          <legend>{t('offers.splitGtins')}</legend>
          {source.gtins.map((gtin) => (
            <label key={gtin} className="choice">
              <input
                type="checkbox"
                name={`${GTIN_PREFIX}${gtin}`}
                value="1"
                defaultChecked={value(`${GTIN_PREFIX}${gtin}`) === '1'}
              />{' '}
              {gtin}
            </label>
          ))}
          <FieldError name="gtins" errors={errors} />
        </fieldset>
      ) : null}
      <fieldset>
        <legend>{t('offers.splitTargetKind')}</legend>
        <label className="choice">
          <input type="radio" name="target" value="existing" defaultChecked={!toNew} /> {t('offers.splitToExisting')}
        </label>
        <TextInput id="split-target" name="targetId" label={t('offers.splitTarget')} max={100} {...common} />
        <label className="choice">
          <input type="radio" name="target" value="new" defaultChecked={toNew} /> {t('offers.splitToNew')}
        </label>
        {TEXT_LANGUAGES.map((language) => (
          <TextInput
            key={language}
            id={`split-${nameField(language)}`}
            name={nameField(language)}
            label={t('offers.splitNewName', { language })}
            max={300}
            {...common}
          />
        ))}
        <TextInput
          id="split-brand"
          name="brandId"
          label={t('offers.splitBrand')}
          max={100}
          fallback={source.brandId}
          {...common}
        />
        <p>
          <label htmlFor="split-category">{t('products.category')}</label>
          <select
            id="split-category"
            name="categoryId"
            defaultValue={value('categoryId', source.categoryId)}
            aria-describedby="categoryId-error"
          >
            <option value="">{t('app.none')}</option>
            {props.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {`${'  '.repeat(category.depth)}${category.name}`}
              </option>
            ))}
          </select>
          <FieldError name="categoryId" errors={errors} />
          <FieldError name="new_product" errors={errors} />
        </p>
      </fieldset>
      <TextInput id="split-reason" name="reason" label={t('offers.splitReason')} max={500} {...common} />
      <button type="submit">{t('offers.split')}</button>
    </StaffForm>
  );
}

/** A text field of the form: its label, the value posted before (or `fallback`), its error. */
function TextInput(props: {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly max: number;
  readonly fallback?: string;
  readonly fields?: Readonly<Record<string, string>>;
  readonly errors?: Record<string, string>;
}) {
  return (
    <p>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        maxLength={props.max}
        size={Math.min(props.max, 40)}
        defaultValue={props.fields?.[props.name] ?? props.fallback ?? ''}
        aria-describedby={`${props.name}-error`}
      />
      <FieldError name={props.name} errors={props.errors} />
    </p>
  );
}
