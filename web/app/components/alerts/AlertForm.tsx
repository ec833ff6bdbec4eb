import { useState } from 'react';
import { alertForm, ALERT_COUNTRIES, ALERT_KINDS, type AlertKind } from '~/alerts/forms';
import { CheckField } from '~/components/auth/CheckField';
import { Field } from '~/components/auth/Field';
import { Price } from '~/components/common/Price';
import { PageForm } from '~/components/forms/PageForm';
import type { ProductCardData } from '~/data/cards';
import { countryOf } from '~/i18n/regions';
import { useSite } from '~/site/use-site';

/**
 * A new price alert for a product (the product page's alarm button leads here): a target price,
 * a percentage drop or back in stock, in one country (spec, issue 6).
 */
export function AlertForm({ product, country }: { product: ProductCardData; country: string }) {
  const { t } = useSite();
  const [kind, setKind] = useState<AlertKind>('target_price');
  const [chosen, setChosen] = useState(country);
  return (
    <section className="notice" aria-labelledby="alert-form-heading">
      <h2 id="alert-form-heading">{t('alerts.createFor', { name: product.name })}</h2>
      {product.price ? (
        <p>
          {t('alerts.currentPrice')} <Price amount={product.price.amount} currency={product.price.currency} />
        </p>
      ) : null}
      <PageForm schema={alertForm} intent="create" submit={t('alerts.create')} hidden={{ product_id: product.id }}>
        {(errors) => (
          <>
            <label htmlFor="alert-country">
              {t('alerts.country')}
              <select
                id="alert-country"
                name="country"
                value={chosen}
                onChange={(event) => setChosen(event.target.value)}
              >
                {ALERT_COUNTRIES.map((id) => (
                  <option key={id} value={id}>
                    {t(`region.countries.${id}`)}
                  </option>
                ))}
              </select>
            </label>
            <fieldset className="alert-kinds">
              <legend>{t('alerts.kind')}</legend>
              {ALERT_KINDS.map((value) => (
                <label key={value} className="check" htmlFor={`alert-kind-${value}`}>
                  <input
                    id={`alert-kind-${value}`}
                    type="radio"
                    name="kind"
                    value={value}
                    checked={kind === value}
                    onChange={() => setKind(value)}
                  />{' '}
                  {t(`alerts.kinds.${value}`)}
                </label>
              ))}
            </fieldset>
            <Field
              idPrefix="alert"
              name="target_price"
              label={t('alerts.targetPrice', { currency: countryOf(chosen)?.currency ?? '' })}
              inputMode="decimal"
              required={kind === 'target_price'}
              maxLength={12}
              error={errors.target_price}
            />
            <Field
              idPrefix="alert"
              name="drop_percent"
              label={t('alerts.dropPercent')}
              inputMode="numeric"
              required={kind === 'percentage_drop'}
              maxLength={2}
              error={errors.drop_percent}
            />
            <CheckField idPrefix="alert" name="rearm_automatically" label={t('alerts.rearmAutomatically')} />
            <CheckField idPrefix="alert" name="notify_email" label={t('alerts.byEmail')} />
          </>
        )}
      </PageForm>
    </section>
  );
}
