import { FieldError } from '../../components/staff-form';
import { useT } from '../../i18n/use-t';
import { EditField } from './edit-field';

/**
 * The inputs of a promotion both forms have (the new-promotion form adds its shop, product and
 * brand): each prefilled with `value(name)` — the posted value after a refusal, else the current
 * one — and with its error, the form's own or affiliates' field violation.
 */
export function PromotionFields(props: {
  readonly value: (name: string) => string;
  readonly errors?: Readonly<Record<string, string>>;
  /** A new promotion may leave its start empty (it starts now); an existing one has one. */
  readonly startRequired: boolean;
}) {
  const t = useT();
  const { value, errors } = props;
  return (
    <>
      <EditField
        name="title"
        label={t('promotions.promotion')}
        value={value('title')}
        errors={errors}
        maxLength={200}
      />
      <label>
        {t('promotions.description')}{' '}
        <textarea
          name="description"
          rows={3}
          maxLength={2_000}
          defaultValue={value('description')}
          aria-describedby="description-error"
        />
      </label>
      <FieldError name="description" errors={errors} />
      <EditField name="url" label={t('promotions.url')} value={value('url')} errors={errors} type="url" />
      <EditField name="imageUrl" label={t('promotions.image')} value={value('imageUrl')} errors={errors} type="url" />
      <EditField name="code" label={t('promotions.code')} value={value('code')} errors={errors} maxLength={64} />
      <EditField
        name="discountPercent"
        label={t('promotions.discountPercent')}
        value={value('discountPercent')}
        errors={errors}
        maxLength={3}
      />
      <EditField name="countries" label={t('promotions.countriesList')} value={value('countries')} errors={errors} />
      <EditField
        name="language"
        label={t('promotions.languageCode')}
        value={value('language')}
        errors={errors}
        maxLength={2}
      />
      <EditField
        name="startsAt"
        label={props.startRequired ? t('promotions.startsOn') : t('promotions.startsOnOrNow')}
        value={value('startsAt')}
        errors={errors}
        type="date"
      />
      <EditField name="endsAt" label={t('promotions.endsOn')} value={value('endsAt')} errors={errors} type="date" />
    </>
  );
}
