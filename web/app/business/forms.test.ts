import { fieldErrors, formInput } from '~/auth/page-forms';
import { registerShopForm, shopDetailsForm, urlParametersForm } from './forms';

const errorsOf = (
  schema: typeof registerShopForm | typeof shopDetailsForm | typeof urlParametersForm,
  posted: Record<string, string>,
) => {
  const result = schema.safeParse(formInput(posted));
  return result.success ? {} : fieldErrors(result.error);
};

const valid = {
  name: 'Zeta Hifi',
  homepage: 'https://zeta-hifi.ch/',
  company: 'Zeta Hifi GmbH',
  commercial_register_number: '',
  line1: 'Bahnhofstrasse 1',
  line2: '',
  zip_code: '8001',
  city: 'Zürich',
  country: 'CH',
  phone: '044 123 45 67',
  email: 'info@zeta-hifi.ch',
  feed_url: '',
  terms: 'on',
};

describe('the register-shop form', () => {
  it('takes a complete Swiss shop', () => {
    expect(errorsOf(registerShopForm, valid)).toEqual({});
  });

  it('names every wrong field at once, the terms unticked included (spec §5)', () => {
    const { terms: _unticked, ...rest } = valid;
    expect(
      errorsOf(registerShopForm, {
        ...rest,
        name: '',
        homepage: 'zeta',
        company: ' ',
        line1: '',
        zip_code: '80011',
        city: '',
        phone: '12345',
        email: 'zeta-at-hifi',
        feed_url: 'ftp://zeta.ch/feed.csv',
      }),
    ).toEqual({
      name: 'validation.required',
      homepage: 'business.validation.url',
      company: 'validation.required',
      line1: 'validation.required',
      zip_code: 'business.validation.postalCode',
      city: 'validation.required',
      phone: 'business.validation.phone',
      email: 'validation.email',
      feed_url: 'business.validation.url',
      terms: 'validation.accepted',
    });
  });

  it('checks the postal code and the phone number by the chosen country', () => {
    expect(errorsOf(registerShopForm, { ...valid, country: 'DE', zip_code: '10117', phone: '030 1234567' })).toEqual(
      {},
    );
    expect(errorsOf(registerShopForm, { ...valid, country: 'DE', zip_code: '8001' })).toMatchObject({
      zip_code: 'business.validation.postalCode',
    });
    expect(
      errorsOf(registerShopForm, { ...valid, country: 'GB', zip_code: 'SW1A 2AA', phone: '+41 44 123 45 67' }),
    ).toEqual({});
    expect(errorsOf(registerShopForm, { ...valid, country: 'GB', zip_code: '8001' })).toMatchObject({
      zip_code: 'business.validation.postalCode',
    });
  });
});

describe('the URL parameters form', () => {
  it('keeps the rows with a name, and says which row is wrong', () => {
    const rows = urlParametersForm.parse({
      param_name_0: 'utm_source',
      param_value_0: 'pc',
      param_name_2: 'utm_medium',
      param_value_2: 'cpc',
    });
    expect(rows).toEqual([
      { index: 0, name: 'utm_source', value: 'pc' },
      { index: 2, name: 'utm_medium', value: 'cpc' },
    ]);
    expect(
      errorsOf(urlParametersForm, {
        param_name_0: 'utm_source',
        param_name_1: 'utm_source',
        param_value_2: 'orphan',
        param_name_3: 'a b',
      }),
    ).toEqual({
      param_name_1: 'business.validation.parameterTwice',
      param_name_2: 'validation.required',
      param_name_3: 'business.validation.parameterName',
    });
  });
});

describe("shop settings' details form", () => {
  const { homepage: _homepage, feed_url: _feed, terms: _terms, ...details } = valid;

  it('takes the registered details with a description, and no homepage', () => {
    expect(errorsOf(shopDetailsForm, { ...details, description: 'Hifi since 1987.' })).toEqual({});
    const parsed = shopDetailsForm.parse(formInput({ ...details, homepage: 'https://elsewhere.example/' }));
    expect(parsed).not.toHaveProperty('homepage');
    expect(parsed.description).toBe('');
  });

  it("checks the address against its country, as registering does, and the description's length", () => {
    expect(
      errorsOf(shopDetailsForm, { ...details, country: 'DE', zip_code: '8001', description: 'x'.repeat(2001) }),
    ).toEqual({
      zip_code: 'business.validation.postalCode',
      description: expect.any(String),
    });
  });
});
