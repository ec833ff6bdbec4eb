import { registerShopForm } from '~/business/forms';
import { CheckField } from '~/components/auth/CheckField';
import { Field } from '~/components/auth/Field';
import { PageForm } from '~/components/forms/PageForm';
import { useSite } from '~/site/use-site';
import { ShopDetailsFields } from './ShopDetailsFields';

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
          <ShopDetailsFields errors={errors} defaults={{ company, phone, email }} countries={countries} homepage />
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
