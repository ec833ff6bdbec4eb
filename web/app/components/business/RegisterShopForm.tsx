import { registerShopForm } from '~/business/forms';
import { CheckField } from '~/components/auth/CheckField';
import { Field } from '~/components/auth/Field';
import { PageForm } from '~/components/forms/PageForm';
import { useSite } from '~/site/use-site';
import { SelectField } from './SelectField';

/**
 * The register-shop form (spec §2.8): every Shop field of spec §3 under its friendly name (§5),
 * the terms with the wording of §5. Works without JavaScript; with it, each field is checked
 * before sending (postal code of the chosen country, phone, URL, e-mail).
 */
export function RegisterShopForm({
  email,
  company,
  phone,
  countries,
}: {
  email: string;
  company: string;
  phone: string;
  countries: readonly { value: string; label: string }[];
}) {
  const { t } = useSite();
  const optional = (key: string) => `${t(`business.fields.${key}`)} (${t('business.register.optional')})`;
  return (
    <PageForm
      schema={registerShopForm}
      intent="register"
      submit={t('business.register.submit')}
      label={t('business.register.title')}
    >
      {(errors) => (
        <>
          <fieldset>
            <legend>{t('business.register.shopSection')}</legend>
            <Field
              idPrefix="shop"
              name="name"
              label={t('business.fields.name')}
              autoComplete="organization"
              maxLength={120}
              error={errors.name}
            />
            <Field
              idPrefix="shop"
              name="homepage"
              type="url"
              label={t('business.fields.homepage')}
              autoComplete="url"
              inputMode="text"
              error={errors.homepage}
            />
            <Field
              idPrefix="shop"
              name="company"
              label={t('business.fields.company')}
              autoComplete="organization"
              defaultValue={company}
              error={errors.company}
            />
            <Field
              idPrefix="shop"
              name="commercial_register_number"
              label={optional('commercial_register_number')}
              required={false}
              maxLength={64}
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
              error={errors.line1}
            />
            <Field
              idPrefix="shop"
              name="line2"
              label={optional('line2')}
              autoComplete="address-line2"
              required={false}
              error={errors.line2}
            />
            <Field
              idPrefix="shop"
              name="zip_code"
              label={t('business.fields.zip_code')}
              autoComplete="postal-code"
              maxLength={12}
              error={errors.zip_code}
            />
            <Field
              idPrefix="shop"
              name="city"
              label={t('business.fields.city')}
              autoComplete="address-level2"
              error={errors.city}
            />
            <SelectField
              idPrefix="shop"
              name="country"
              label={t('business.fields.country')}
              defaultValue="CH"
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
              defaultValue={phone}
              error={errors.phone}
            />
            <Field
              idPrefix="shop"
              name="email"
              type="email"
              label={t('business.fields.email')}
              autoComplete="email"
              inputMode="email"
              defaultValue={email}
              error={errors.email}
            />
          </fieldset>
          <Field
            idPrefix="shop"
            name="feed_url"
            type="url"
            label={optional('feed_url')}
            required={false}
            error={errors.feed_url}
          />
          <p className="muted small">{t('business.register.feedHint')}</p>
          <CheckField idPrefix="shop" name="terms" label={t('business.register.terms')} error={errors.terms} />
        </>
      )}
    </PageForm>
  );
}
