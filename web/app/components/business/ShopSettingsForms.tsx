import { deleteShopForm, MAX_URL_PARAMETERS, shopDetailsForm, urlParametersForm } from '~/business/forms';
import type { ShopDetailsView } from '~/business/shop-stage';
import { CheckField } from '~/components/auth/CheckField';
import { Field } from '~/components/auth/Field';
import { PageForm } from '~/components/forms/PageForm';
import { useSite } from '~/site/use-site';
import { ShopDetailsFields } from './ShopDetailsFields';

/**
 * The shop's details (spec §3 Shop) as registered, and a description for its page; the homepage
 * (the confirmed domain) is shown, not edited. Offers checks every field again.
 */
export function ShopDetailsForm({
  details,
  countries,
}: {
  details: ShopDetailsView;
  countries: readonly { value: string; label: string }[];
}) {
  const { t } = useSite();
  return (
    <PageForm
      schema={shopDetailsForm}
      intent="details"
      submit={t('business.details.save')}
      label={t('business.details.title')}
    >
      {(errors) => (
        <>
          <ShopDetailsFields errors={errors} defaults={details} countries={countries} />
          <Field
            idPrefix="shop"
            name="description"
            rows={4}
            label={`${t('business.fields.description')} (${t('business.register.optional')})`}
            required={false}
            maxLength={2000}
            defaultValue={details.description}
            error={errors.description}
          />
        </>
      )}
    </PageForm>
  );
}

/** Empty rows shown after the saved parameters, for new ones (the form works without JavaScript). */
const NEW_ROWS = 3;

/** URL parameters (spec §3: name and value), appended to the shop's click-outs. */
export function UrlParametersForm({ parameters }: { parameters: readonly { name: string; value: string }[] }) {
  const { t } = useSite();
  const rows = Math.min(MAX_URL_PARAMETERS, parameters.length + NEW_ROWS);
  return (
    <PageForm
      schema={urlParametersForm}
      intent="parameters"
      submit={t('business.parameters.save')}
      submitClassName=""
      showResult={false}
      label={t('business.parameters.title')}
    >
      {(errors) => (
        <table className="parameter-table">
          <thead>
            <tr>
              <th scope="col">{t('business.parameters.name')}</th>
              <th scope="col">{t('business.parameters.value')}</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, index) => {
              const saved = parameters[index];
              const nameError = errors[`param_name_${index}`];
              const valueError = errors[`param_value_${index}`];
              return (
                <tr key={`${index}-${saved?.name ?? ''}`}>
                  <td>
                    <input
                      name={`param_name_${index}`}
                      defaultValue={saved?.name ?? ''}
                      maxLength={255}
                      aria-label={`${t('business.parameters.row', { n: index + 1 })}: ${t('business.parameters.name')}`}
                      aria-invalid={nameError ? true : undefined}
                    />
                    {nameError ? <span className="field-error block">{t(nameError)}</span> : null}
                  </td>
                  <td>
                    <input
                      name={`param_value_${index}`}
                      defaultValue={saved?.value ?? ''}
                      maxLength={255}
                      aria-label={`${t('business.parameters.row', { n: index + 1 })}: ${t('business.parameters.value')}`}
                      aria-invalid={valueError ? true : undefined}
                    />
                    {valueError ? <span className="field-error block">{t(valueError)}</span> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </PageForm>
  );
}

/** Deleting a shop cannot be undone (spec §4): an explicit confirmation. */
export function DeleteShopForm() {
  const { t } = useSite();
  return (
    <>
      <p>{t('business.deleteShop.warning')}</p>
      <PageForm
        schema={deleteShopForm}
        intent="deleteShop"
        submit={t('business.deleteShop.submit')}
        submitClassName="danger"
      >
        {(errors) => (
          <CheckField
            idPrefix="delete-shop"
            name="confirm"
            label={t('business.deleteShop.confirm')}
            error={errors.confirm}
          />
        )}
      </PageForm>
    </>
  );
}
