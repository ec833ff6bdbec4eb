import type { FieldErrors } from '~/auth/page-forms';
import { Field } from '~/components/auth/Field';
import { useSite } from '~/site/use-site';
import { SelectField } from './SelectField';

/** What the fields show first: a registration's known contact data, or the shop's saved details. */
export interface ShopDetailsDefaults {
  readonly name?: string;
  readonly company?: string;
  readonly commercial_register_number?: string;
  readonly line1?: string;
  readonly line2?: string;
  readonly zip_code?: string;
  readonly city?: string;
  readonly country?: string;
  readonly phone?: string;
  readonly email?: string;
}

/**
 * A shop's details (spec §3 Shop) under their friendly names (§5), in three groups: the shop,
 * its address, its contact. `homepage` adds the homepage field (registering: the domain is
 * given once).
 */
export function ShopDetailsFields({
  errors,
  defaults,
  countries,
  homepage = false,
}: {
  errors: FieldErrors;
  defaults: ShopDetailsDefaults;
  countries: readonly { value: string; label: string }[];
  homepage?: boolean;
}) {
  const { t } = useSite();
  const optional = (key: string) => `${t(`business.fields.${key}`)} (${t('business.register.optional')})`;
  return (
    <>
      <fieldset>
        <legend>{t('business.register.shopSection')}</legend>
        <Field
          idPrefix="shop"
          name="name"
          label={t('business.fields.name')}
          autoComplete="organization"
          maxLength={120}
          defaultValue={defaults.name}
          error={errors.name}
        />
        {homepage ? (
          <Field
            idPrefix="shop"
            name="homepage"
            type="url"
            label={t('business.fields.homepage')}
            autoComplete="url"
            inputMode="text"
            error={errors.homepage}
          />
        ) : null}
        <Field
          idPrefix="shop"
          name="company"
          label={t('business.fields.company')}
          autoComplete="organization"
          defaultValue={defaults.company}
          error={errors.company}
        />
        <Field
          idPrefix="shop"
          name="commercial_register_number"
          label={optional('commercial_register_number')}
          required={false}
          maxLength={64}
          defaultValue={defaults.commercial_register_number}
          error={errors.commercial_register_number}
        />
      </fieldset>
      <fieldset>
        <legend>{t('business.register.addressSection')}</legend>
        <Field
          idPrefix="shop"
          name="line1"
          label={t('business.fields.line1')}
          autoComplete="address-line1"
          defaultValue={defaults.line1}
          error={errors.line1}
        />
        <Field
          idPrefix="shop"
          name="line2"
          label={optional('line2')}
          autoComplete="address-line2"
          required={false}
          defaultValue={defaults.line2}
          error={errors.line2}
        />
        <Field
          idPrefix="shop"
          name="zip_code"
          label={t('business.fields.zip_code')}
          autoComplete="postal-code"
          maxLength={12}
          defaultValue={defaults.zip_code}
          error={errors.zip_code}
        />
        <Field
          idPrefix="shop"
          name="city"
          label={t('business.fields.city')}
          autoComplete="address-level2"
          defaultValue={defaults.city}
          error={errors.city}
        />
        <SelectField
          idPrefix="shop"
          name="country"
          label={t('business.fields.country')}
          defaultValue={defaults.country || 'CH'}
          options={countries}
          error={errors.country}
        />
      </fieldset>
      <fieldset>
        <legend>{t('business.register.contactSection')}</legend>
        <Field
          idPrefix="shop"
          name="phone"
          type="tel"
          label={optional('phone')}
          autoComplete="tel"
          inputMode="tel"
          required={false}
          defaultValue={defaults.phone}
          error={errors.phone}
        />
        <Field
          idPrefix="shop"
          name="email"
          type="email"
          label={t('business.fields.email')}
          autoComplete="email"
          inputMode="email"
          defaultValue={defaults.email}
          error={errors.email}
        />
      </fieldset>
    </>
  );
}
